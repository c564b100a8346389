"""The installed tournament documents (MTR, IPG, JAR), read: where they live, which versions are there, and the newest
of each kind parsed — once per process, and only when a tournament question or lookup needs it: rules questions never
pay for it.  A parsed document is cached (:mod:`.cache`, the ``tdoc`` part: its records as builtins, keyed by the file's
SHA-256, its name and kind and the program's code), so a later process reads it back (~2 ms) instead of importing the
parsers and parsing the three (~30 ms and ~15 ms of imports).  Installing them is :mod:`rulesgraph.versions.tstore`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..common.lazyre import lazy
from ..common.paths import data_dir, files_in
from ..errors import RulesgraphError
from ..parse.kinds import KINDS
from ..sources.read import RawSource, SourceText, decode, read_bytes, split_lines

if TYPE_CHECKING:  # the parser is imported when a document is read, not to see whether one is installed
    from ..parse.tdoc import TDocument

__all__ = ["INSTALL_HINT", "INSTALL_HOW", "TInstalled", "installed", "load", "newest", "tournament_dir"]

_NAME = lazy(r"^(MTR|IPG|JAR)-(\d{4})(\d{2})(\d{2})\.txt$")
INSTALL_HOW = ("'rulesgraph update tournament' (offline: 'rulesgraph update tournament --file PATH' with the MTR, IPG or "
               "JAR PDF from https://wpn.wizards.com/en/rules-documents)")
"""The commands that install the tournament documents (said after "no … is installed:")."""
INSTALL_HINT = f"install the tournament documents: {INSTALL_HOW}"


class TInstalled(NamedTuple):
    """One installed tournament document: its kind (``MTR``, ``IPG``, ``JAR``), effective date and file (a named tuple:
    defined in every process answering a question)."""

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
    docs = []
    for kind in KINDS:
        item = newest().get(kind)
        if item is None:
            continue
        try:
            docs.append(parsed(read_bytes(item.path, item.path.name), kind))
        except RulesgraphError:
            continue
    return tuple(docs)


SCHEMA = 1
"""Bumps when the cached form of a parsed document (:func:`_parts`) changes."""


def parsed(raw: RawSource, kind: str, *, use_cache: bool = True) -> TDocument:
    """The document of ``raw`` (a ``kind`` document) parsed, or read back from the cache when this file was parsed by
    this code before; raises what the parser raises for a file that does not parse."""
    from ..version import __version__
    from . import cache

    key = cache.cache_key([raw.sha256, raw.path, kind], SCHEMA, __version__)
    got, _ = cache.read(key, "tdoc") if use_cache else (None, None)
    doc = _from_parts(got) if got is not None else None
    if doc is None:
        from ..parse.tournament import parse_tournament

        text, _ = decode(raw.data, raw.path)
        doc = parse_tournament(SourceText(raw.path, split_lines(text), raw.sha256, "utf-8"), kind)
        if use_cache:
            cache.write(key, _parts(doc), "tdoc")  # not written: parsed again next time, nothing else lost
    return doc


_FIELDS: dict[type, Callable[[object], tuple[object, ...]]] = {}


def _row(record: object) -> tuple[object, ...]:
    """A record (a frozen dataclass of builtins and records) as a tuple of its fields, the records in it as tuples too."""
    kind = type(record)
    if kind not in _FIELDS:
        from dataclasses import fields

        _FIELDS[kind] = attrgetter(*(f.name for f in fields(record)))  # type: ignore[arg-type,assignment]
    return tuple(_row(v) if type(v) in _FIELDS or hasattr(v, "__dataclass_fields__") else v for v in _FIELDS[kind](record))


def _parts(doc: TDocument) -> tuple[object, ...]:
    return (doc.kind, doc.path, doc.sha256, doc.effective, doc.title, tuple(map(_row, doc.sections)), tuple(map(_row, doc.toc)),
            doc.front, tuple(map(_row, doc.anomalies)), tuple(map(_row, doc.skipped)), doc.lines)


def _from_parts(parts: object) -> TDocument | None:
    """The document :func:`_parts` gave, or ``None`` for anything else (another version's shape: parsed again)."""
    from ..model import Anomaly, Origin, Skipped
    from ..parse.pdftext import TocEntry
    from ..parse.tdoc import TDocument, TSection

    if not _shaped(parts, "sssSsTTsTTi") or not all(all(_shaped(r, shape) for r in rows) for rows, shape in
                                                   zip((parts[5], parts[6], parts[8], parts[9]), _SHAPES, strict=True)):  # type: ignore[index]
        return None  # every field of the type it was: nothing else comes back
    kind, path, sha256, effective, title, sections, toc, front, anomalies, skipped, lines = parts  # type: ignore[misc]
    return TDocument(kind, path, sha256, effective, title, tuple(TSection(*s[:5], Origin(*s[5]), *s[6:]) for s in sections),
                     tuple(TocEntry(*t) for t in toc), front, tuple(Anomaly(a[0], a[1], Origin(*a[2]), *a[3:]) for a in anomalies),
                     tuple(Skipped(a[0], a[1], Origin(*a[2])) for a in skipped), lines)


_SHAPES = ("ssSssoSSSS", "SsIi", "ssoS", "sso")
"""The fields of a section, a contents line, an anomaly and a skipped line, as :func:`_shaped` reads them."""
_TYPES = {"s": (str,), "S": (str, type(None)), "i": (int,), "I": (int, type(None)), "T": (tuple,)}


def _shaped(row: object, shape: str) -> bool:
    """``row`` is a tuple of ``shape``'s fields: ``s`` text, ``S`` text or null, ``i`` whole number, ``I`` one or null,
    ``T`` a tuple, ``o`` an origin (text, whole number, text or null); a bool is no number."""
    return type(row) is tuple and len(row) == len(shape) and all(
        _shaped(v, "siS") if k == "o" else type(v) in _TYPES[k] for v, k in zip(row, shape, strict=True))
