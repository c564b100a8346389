"""The installed tournament documents (MTR, IPG, JAR), read: where they live, which versions are there, and the newest
of each kind parsed — once per process (about 0.1 s for all three), and only when a tournament question or lookup
needs it: rules questions never pay for it.  Installing them is :mod:`rulesgraph.versions.tstore`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..common.paths import data_dir, files_in
from ..errors import RulesgraphError
from ..parse.kinds import KINDS
from ..sources.read import SourceText, decode, read_bytes, split_lines

if TYPE_CHECKING:  # the parser is imported when a document is read, not to see whether one is installed
    from ..parse.tdoc import TDocument

__all__ = ["INSTALL_HINT", "TInstalled", "installed", "load", "newest", "tournament_dir"]

_NAME = re.compile(r"^(MTR|IPG|JAR)-(\d{4})(\d{2})(\d{2})\.txt$")
INSTALL_HINT = ("install the tournament documents: 'rulesgraph update tournament' (offline: 'rulesgraph update tournament "
                "--file PATH' with the MTR, IPG or JAR PDF from https://wpn.wizards.com/en/rules-documents)")


@dataclass(frozen=True, slots=True)
class TInstalled:
    kind: str
    date: str
    path: Path


def tournament_dir() -> Path:
    return data_dir() / "tournament"


def installed() -> list[TInstalled]:
    """Every installed version, newest first."""
    names = files_in(tournament_dir(), "the tournament documents")
    out = [TInstalled(m.group(1).lower(), f"{m.group(2)}-{m.group(3)}-{m.group(4)}", p) for p in names if (m := _NAME.match(p.name))]
    return sorted(out, key=lambda i: (i.kind, i.date), reverse=True)


def newest() -> dict[str, TInstalled]:
    """The newest installed version of each kind."""
    out: dict[str, TInstalled] = {}
    for item in installed():
        if item.kind not in out or item.date > out[item.kind].date:
            out[item.kind] = item
    return out


@cache
def load() -> tuple[TDocument, ...]:
    """The newest installed document of each kind, parsed (MTR, IPG, JAR order); empty when none is installed.
    A file that no longer parses is left out (``check`` names it)."""
    from ..parse.tournament import parse_tournament

    docs = []
    for kind in KINDS:
        item = newest().get(kind)
        if item is None:
            continue
        try:
            raw = read_bytes(item.path, item.path.name)
            text, _ = decode(raw.data, item.path.name)
            docs.append(parse_tournament(SourceText(item.path.name, split_lines(text), raw.sha256, "utf-8"), kind))
        except RulesgraphError:
            continue
    return tuple(docs)
