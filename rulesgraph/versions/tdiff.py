"""What changed between two versions of a tournament document: sections added, removed, renumbered, changed.

Sections are matched by title first (a section that moved keeps its title: ``MTR 4.9 Day/Night`` → ``MTR 4.10``),
then by number (a section retitled keeps its place).  Changed wording is shown as the words around each change
(``difflib`` over words).  Parts (the IPG's Definition, Philosophy …) are compared within their section's text.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from ..errors import RulesgraphError
from ..parse.tdoc import TDocument, TSection

__all__ = ["KINDS", "Change", "TDiff", "diff_documents", "documents"]


@dataclass(frozen=True, slots=True)
class Change:
    kind: str
    """``added``, ``removed``, ``renumbered``, ``retitled`` or ``changed``."""
    old: str | None
    new: str | None
    title: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class TDiff:
    kind: str
    old: str | None
    new: str | None
    changes: tuple[Change, ...]

    scope: str | None = None
    """The section (``4.3``) the changes were kept to, with what it holds; ``None``: the whole document."""

    def counts(self) -> dict[str, int]:
        return {k: sum(1 for c in self.changes if c.kind == k) for k in KINDS}

    def to_json(self) -> dict[str, Any]:
        groups: dict[str, list[dict[str, Any]]] = {k: [] for k in KINDS}
        for c in self.changes:
            groups[c.kind].append({"old": c.old, "new": c.new, "title": c.title, "detail": c.detail})
        return {"document": self.kind, "old": self.old, "new": self.new, "section": self.scope, **groups, "counts": self.counts()}

    def within(self, section: str) -> TDiff:
        """The changes of ``section`` and the sections it holds, on either side (``4`` keeps 4.1 … 4.8; ``4.3`` the
        section 4.3 was or became)."""
        inside = lambda sid: sid is not None and (sid == section or sid.startswith(section + "."))
        return TDiff(self.kind, self.old, self.new, tuple(c for c in self.changes if inside(c.old) or inside(c.new)), section)


KINDS = ("added", "removed", "renumbered", "retitled", "changed")
"""The kinds of change, in the order they are listed."""


def _words(text: str) -> list[str]:
    return text.split()


def wording(old: str, new: str, context: int = 6, limit: int = 3) -> str:
    """The changed words with ``context`` words around them: ``… [-old-] {+new+} …``, at most ``limit`` places."""
    a, b = _words(old), _words(new)
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        before = " ".join(a[max(0, i1 - context) : i1])
        after = " ".join(a[i2 : i2 + context])
        said = (f"[-{' '.join(a[i1:i2])}-]" if i2 > i1 else "") + (f" {{+{' '.join(b[j1:j2])}+}}" if j2 > j1 else "")
        out.append(f"… {before} {said.strip()} {after} …")
        if len(out) >= limit:
            out.append("…")
            break
    return "\n".join(out)


def _ranked(doc: TDocument) -> list[TSection]:
    return [s for s in doc.sections if s.kind != "part"]


def diff_documents(old: TDocument, new: TDocument) -> TDiff:
    if old.kind != new.kind:
        raise RulesgraphError(f"cannot compare the {old.title} with the {new.title}")
    olds, news = _ranked(old), _ranked(new)
    pairs: dict[str, TSection] = {}  # new id → its old section
    taken: set[str] = set()
    same = {(s.id, s.title.lower()): s for s in olds}
    for s in news:  # first the sections that kept both number and title
        if (before := same.get((s.id, s.title.lower()))) is not None:
            pairs[s.id], _ = before, taken.add(before.id)
    by_title: dict[str, list[TSection]] = {}
    for s in olds:
        by_title.setdefault(s.title.lower(), []).append(s)
    by_id = {s.id: s for s in olds}
    for s in news:  # then moved sections (same title, another number)
        before = None if s.id in pairs else next((o for o in by_title.get(s.title.lower(), ()) if o.id not in taken), None)
        if before is not None:
            pairs[s.id] = before
            taken.add(before.id)
    for s in news:  # then retitled ones (same number, another title)
        if s.id not in pairs and (before := by_id.get(s.id)) is not None and before.id not in taken:
            pairs[s.id] = before
            taken.add(before.id)
    changes: list[Change] = []
    for s in news:
        before = pairs.get(s.id)
        if before is None:
            changes.append(Change("added", None, s.id, s.title))
            continue
        if before.id != s.id:
            changes.append(Change("renumbered", before.id, s.id, s.title))
        elif before.title.lower() != s.title.lower():
            changes.append(Change("retitled", before.id, s.id, s.title, f"was {before.title}"))
        if " ".join(before.text.split()) != " ".join(s.text.split()):
            changes.append(Change("changed", before.id, s.id, s.title, wording(before.text, s.text)))
    matched = taken
    changes += [Change("removed", s.id, None, s.title) for s in olds if s.id not in matched]
    return TDiff(new.kind, old.effective, new.effective, tuple(changes))


def documents(kind: str, old: str | None = None, new: str | None = None) -> tuple[TDocument, TDocument]:
    """The two versions of ``kind`` to compare: each an installed effective date or a file (a PDF or its text), by
    default the two newest installed."""
    from ..build.tbook import installed

    versions = [v for v in installed() if v.kind == kind]
    if old is None or new is None:
        if old is not None:
            raise RulesgraphError("diff --doc needs two versions (OLD NEW), or none to compare the two newest installed")
        if len(versions) < 2:
            raise RulesgraphError(f"comparing needs two installed versions of the {kind.upper()}, and {len(versions)} is installed "
                                  "('rulesgraph update tournament --file PATH' installs another, or give two files)")
        old, new = versions[1].date, versions[0].date
    return _document(kind, old, versions), _document(kind, new, versions)


def _document(kind: str, arg: str, versions: list[Any]) -> TDocument:
    """One side: an installed version by its effective date, else a file of the same kind."""
    from pathlib import Path

    from ..errors import SourceError
    from ..parse.kinds import KINDS as NAMES
    from ..parse.tournament import parse_tournament
    from ..sources.read import read_source
    from .store import is_date
    from .tstore import read_document

    found = {v.date: v for v in versions}
    if arg in found:
        return parse_tournament(read_source(found[arg].path, found[arg].path.name), kind)
    have = ", ".join(v.date for v in versions) or "none"
    if is_date(arg) or not Path(arg).exists():
        raise RulesgraphError(f"no installed {kind.upper()} effective {arg}, nor such a file; installed: {have}")
    doc = read_document(arg)
    if doc.kind != kind:
        raise SourceError(arg, f"is the {NAMES[doc.kind]}, not the {NAMES[kind]}")
    if doc.effective is None:  # compared as "None → 2026-02-27" otherwise
        raise SourceError(arg, f"no 'Effective Month D, YYYY' line near the top: not a complete {NAMES[kind]}")
    return doc
