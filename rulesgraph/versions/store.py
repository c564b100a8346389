"""Installed Comprehensive Rules versions in the user data directory: validate, install atomically, list, pick.

Each version is kept as ``<data dir>/rules/MagicCompRules-YYYYMMDD.txt`` (its effective date),
byte for byte as downloaded.  The data directory is ``$RULESGRAPH_DATA_DIR`` or the platform's
user data directory.  A file is installed only after it parses as a complete CR, and is written
to a temporary file in the same directory, then renamed over the target: a failure at any point
leaves what was installed untouched and no temporary file behind (a process killed while writing
leaves one, which the next install removes).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NamedTuple

from ..build import cache
from ..build.corpus import SourceSpec
from ..common.lazyre import lazy
from ..common.paths import data_dir, files_in, temporary, write_atomically
from ..common.sha import sha256
from ..errors import RulesgraphError, SourceError
from ..sources.detect import detect_format
from ..sources.read import MAX_BYTES, SourceText, decode, decode_source, read_bytes, read_source, split_lines

if TYPE_CHECKING:  # a type hint only: the records are made where files are parsed
    from ..model import Document

__all__ = [
    "MIN_RULES",
    "Installed",
    "Validated",
    "check_date",
    "default_cr",
    "install",
    "install_file",
    "installed",
    "is_date",
    "newest",
    "path_for",
    "remembered_format",
    "resolve",
    "rules_dir",
    "validate",
]

MIN_RULES = 1000
"""A real CR has about 3,000 numbered rules and subrules; fewer than this means a truncated or wrong file."""

_NAME = lazy(r"^MagicCompRules-(\d{4})(\d{2})(\d{2})\.txt$")
_DATE = lazy(r"^\d{4}-\d{2}-\d{2}$")


class Installed(NamedTuple):
    """One installed CR version (named tuples, this and :class:`Validated`: defined in every process, made by few)."""

    date: str
    """Its effective date, ISO (``2026-06-19``)."""
    path: Path

    @property
    def size(self) -> int:
        return self.path.stat().st_size

    def reads(self) -> bool:
        """Whether the file still reads as a Comprehensive Rules file (a damaged or overwritten one does not; its format
        is remembered by size and modification time, so asking again costs nothing)."""
        return _is_cr(SourceSpec(str(self.path), None, self.path.name))


class Validated(NamedTuple):
    """A file that passed validation, and what :func:`install` did with it."""

    date: str
    path: Path
    rules: int
    subrules: int
    glossary: int
    status: Literal["installed", "replaced", "unchanged", "checked"]
    """``installed`` (new date), ``replaced`` (same date, other bytes), ``unchanged`` (same bytes
    were already installed) or ``checked`` (validated only)."""


RULES_PAGE = "https://magic.wizards.com/en/rules"
"""Wizards' rules page, which links the current Comprehensive Rules as PDF, DOCX and TXT."""
RULES_URL_ENV = "RULESGRAPH_RULES_URL"
"""The environment variable that overrides where ``update`` looks for the rules (the config's ``rules_url`` does too)."""
INSTALL_HINT = f"run 'rulesgraph update' (offline: 'rulesgraph update --file PATH', with the TXT file from {RULES_PAGE})"
"""How to install the full Comprehensive Rules, for every message that finds them missing."""
NOT_INSTALLED = f"the full Comprehensive Rules are not installed, only the bundled keyword FAQs: {INSTALL_HINT}"
"""The one line said when no Comprehensive Rules are loaded."""


def rules_dir() -> Path:
    return data_dir() / "rules"


def _file_name(date: str) -> str:
    return f"MagicCompRules-{date.replace('-', '')}.txt"


def _decode(data: bytes, name: str) -> SourceText:
    if len(data) > MAX_BYTES:
        raise SourceError(name, f"too large ({len(data) / 1e6:.0f} MB) to be the Comprehensive Rules")
    if not data.strip():
        raise SourceError(name, "empty file")
    text, encoding = decode(data, name)
    return SourceText(name, split_lines(text), sha256(data).hexdigest(), encoding)


def validate(data: bytes, name: str) -> Document:
    """Check that ``data`` is a complete Comprehensive Rules file; raise a one-line :class:`RulesgraphError` if not."""
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith((b"<!doctype html", b"<html", b"<?xml", b"<head", b"<body")):
        raise SourceError(name, "is an HTML page, not the Comprehensive Rules text")
    from ..parse.cr import parse_cr

    source = _decode(data, name)
    doc = parse_cr(source)
    if doc.effective is None:
        raise SourceError(name, "not the Comprehensive Rules: no 'These rules are effective as of …' line")
    if glossary := next((a for a in doc.anomalies if a.kind == "truncated" and "glossary" in a.message), None):
        raise SourceError(name, glossary.message)  # the contents list "Glossary" too: a complete file says it twice
    numbered = sum(1 for r in doc.rules if r.level in ("rule", "subrule"))
    if numbered < MIN_RULES:
        raise SourceError(name, f"only {numbered} numbered rules (a complete CR has at least {MIN_RULES}); truncated or not the CR")
    return doc


def install(data: bytes, name: str, *, dry_run: bool = False) -> Validated:
    """Validate ``data`` (the bytes of a CR file called ``name`` for messages) and install it under its effective date."""
    doc = validate(data, name)
    date = str(doc.effective)
    target = rules_dir() / _file_name(date)
    counts = {level: sum(1 for r in doc.rules if r.level == level) for level in ("rule", "subrule")}
    status: Literal["installed", "replaced", "unchanged", "checked"] = "installed"
    if dry_run:
        status = "checked"
    elif target.is_file():
        status = "unchanged" if target.read_bytes() == data else "replaced"
        if status == "replaced":
            _check_not_worse(doc, counts["rule"] + counts["subrule"], name, target)
    if status in ("installed", "replaced"):
        try:
            write_atomically(target, data)
        except OSError as exc:
            raise RulesgraphError(f"cannot install into {target.parent}: {exc.strerror or exc}") from None
    return Validated(date, target, counts["rule"], counts["subrule"], len(doc.glossary), status)


def _check_not_worse(doc: Document, numbered: int, name: str, target: Path) -> None:
    """Refuse to replace the installed rules of the same date with a copy holding fewer numbered rules (a copy with rules
    cut out: a corrected file of the same date has as many or more), as the tournament documents' store refuses one with
    fewer sections, or with one whose reading finds more problems (a copy whose line ends were mangled read every glossary
    term apart from its definition: as many rules, a thousand empty entries)."""
    from ..parse.cr import parse_cr

    try:
        old = parse_cr(_decode(read_bytes(target, target.name).data, target.name))
    except RulesgraphError:
        return  # the installed copy no longer reads: a complete one may replace it
    have = sum(1 for r in old.rules if r.level in ("rule", "subrule"))
    if numbered < have:
        raise SourceError(name, f"has {numbered:,} numbered rules, fewer than the {have:,} of the installed rules of the same "
                                f"date ({target}): not replaced")
    if len(doc.anomalies) > len(old.anomalies):
        raise SourceError(name, f"reads with {len(doc.anomalies):,} problems where the installed rules of the same date ({target}) "
                                f"read with {len(old.anomalies):,} ('rulesgraph check FILE' on it lists them): not replaced")


def install_file(path: str | os.PathLike[str]) -> Validated:
    """Install a CR file the user already has (same validation as a download)."""
    raw = read_bytes(path)  # read once: the path may be a pipe (update --file <(…))
    decode_source(raw)  # the usual one-line errors for a missing, empty, binary or oversized file
    return install(raw.data, raw.path)


def installed() -> list[Installed]:
    """Every installed version, newest first (temporary files and strangers are ignored)."""
    names = files_in(rules_dir(), "installed rules")
    out = []
    for p in names:
        m = _NAME.match(p.name)
        if m:
            out.append(Installed(f"{m.group(1)}-{m.group(2)}-{m.group(3)}", p))
    return sorted(out, key=lambda i: i.date, reverse=True)


def newest() -> Installed | None:
    versions = installed()
    return versions[0] if versions else None


def is_date(text: str) -> bool:
    """Whether ``text`` is written as an effective date, ``YYYY-MM-DD``."""
    return _DATE.match(text) is not None


def check_date(date: str) -> str:
    """``date`` if it looks like ``YYYY-MM-DD``; a one-line error otherwise."""
    if not is_date(date):
        raise RulesgraphError(f"not a date: {date!r} (write it as YYYY-MM-DD, e.g. 2026-06-19)")
    return date


def path_for(date: str) -> Path:
    """The installed file for an effective date, or a one-line error naming what is installed."""
    check_date(date)
    versions = installed()
    for v in versions:
        if v.date == date:
            return v.path
    have = ", ".join(v.date for v in versions) or "none (run 'rulesgraph update')"
    raise RulesgraphError(f"no installed rules effective {date}; installed: {have}")


def resolve(arg: str) -> Path:
    """An installed date (``2026-06-19``) or a file path, as given to ``diff``."""
    if _DATE.match(arg):
        return path_for(arg)
    path = Path(arg)
    if not path.exists():
        have = ", ".join(v.date for v in installed()) or "none"
        raise RulesgraphError(f"{arg}: neither an installed date (installed: {have}) nor a file")
    return path


def _is_cr(spec: SourceSpec) -> bool:
    if spec.fmt is not None:
        return spec.fmt == "cr"
    try:  # detection reads and scans the whole file: remembered by path, size and modification time
        return remembered_format(spec.path, lambda: detect_format(read_source(spec.path, spec.display))) == "cr"
    except SourceError:
        return False  # loading reports it, in its usual words


def default_cr(specs: list[SourceSpec], date: str | None = None) -> SourceSpec | None:
    """The installed CR to load along with ``specs``: the one effective ``date``, else the newest.

    ``None`` when ``specs`` already include a CR or nothing is installed; asking for a date while
    ``specs`` give a CR is an error (only one CR can be loaded).
    """
    given = next((s for s in specs if _is_cr(s)), None)
    if given is not None:
        if date is not None:
            raise RulesgraphError(f"--cr-date {date} picks an installed CR, but --rules already gives one ({given.display or given.path})")
        return None
    if date is not None:
        path = path_for(date)
    else:
        latest = newest()
        if latest is None:
            return None
        path = latest.path
    return SourceSpec(str(path), "cr", path.name)


def damaged(spec: SourceSpec, reason: str) -> RulesgraphError:
    """The one line for an installed CR that no longer reads (``reason``: what reading it said), with the ways out."""
    dated = _NAME.match(Path(spec.path).name)
    date = f"{dated.group(1)}-{dated.group(2)}-{dated.group(3)}" if dated else "?"
    others = [v.date for v in installed() if v.date != date]
    other = f", or load another with --cr-date {others[0]}" if others else ""
    return RulesgraphError(f"the installed rules effective {date} ({spec.path}) no longer read ({reason}): install them again "
                           f"with 'rulesgraph update' or 'rulesgraph update --file PATH'{other}")


FORMATS_KEPT = 64
"""Files whose detected format is remembered (``formats.json``); the least recently detected are forgotten."""


def remembered_format(path: str, detect: Callable[[], str | None]) -> str | None:
    """The format of the file at ``path``: remembered by its real path, size and modification time, else
    ``detect()`` (which reads and scans the whole file) and remembered when it found one.  The cache being
    unreadable or unwritable only means detecting again."""
    try:
        st = os.stat(path)
        where = os.path.realpath(path)
    except OSError:
        return detect()  # it reports the missing file in its own words
    stamp = [st.st_size, st.st_mtime_ns]
    table_path = cache.cache_dir() / "formats.json"
    try:
        table = json.loads(cache.read_file(table_path, 1 << 20).decode("utf-8"))  # a regular file only, as every entry
        if not isinstance(table, dict):
            table = {}
    except (OSError, ValueError):
        table = {}
    known = table.get(where)
    if isinstance(known, list) and len(known) == 3 and known[:2] == stamp:
        return known[2] if isinstance(known[2], str) else detect()
    fmt = detect()
    if fmt is None:  # not a format we know: loading reports it; nothing is written for a file that is no source
        return None
    table.pop(where, None)
    table[where] = [*stamp, fmt]
    table = dict(list(table.items())[-FORMATS_KEPT:])
    try:
        table_path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = temporary(table_path.parent, ".formats-")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(table, fh)
        os.replace(tmp, table_path)
    except OSError:
        pass
    return fmt
