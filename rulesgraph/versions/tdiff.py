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

__all__ = ["Change", "TDiff", "diff_documents", "diff_installed"]


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

    def to_json(self) -> dict[str, Any]:
        groups: dict[str, list[dict[str, Any]]] = {k: [] for k in ("added", "removed", "renumbered", "retitled", "changed")}
        for c in self.changes:
            groups[c.kind].append({"old": c.old, "new": c.new, "title": c.title, "detail": c.detail})
        return {"document": self.kind, "old": self.old, "new": self.new, **groups}


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


def diff_installed(kind: str, old: str | None = None, new: str | None = None) -> TDiff:
    """Two installed versions of ``kind`` by effective date (default: the two newest)."""
    from ..build.tbook import installed
    from ..parse.tournament import parse_tournament
    from ..sources.read import read_source

    versions = [v for v in installed() if v.kind == kind]
    if old is None:
        if len(versions) < 2:
            raise RulesgraphError(f"comparing needs two installed versions of the {kind.upper()}, and {len(versions)} is installed "
                                  "('rulesgraph update tournament --file PATH' installs another)")
        pair = (versions[1], versions[0])
    else:
        found = {v.date: v for v in versions}
        missing = [d for d in (old, new) if d not in found]
        if missing or new is None:
            have = ", ".join(v.date for v in versions) or "none"
            raise RulesgraphError(f"no installed {kind.upper()} effective {missing[0] if missing else '(second date missing)'}; "
                                  f"installed: {have}")
        pair = (found[old], found[new])
    docs = [parse_tournament(read_source(v.path, v.path.name), kind) for v in pair]
    return diff_documents(docs[0], docs[1])
