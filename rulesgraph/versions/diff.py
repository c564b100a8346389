"""What changed between two Comprehensive Rules versions: rules added, removed, changed (word by word) and renumbered.

Rules are compared by id at the levels :data:`LEVELS` — rules (``702.19``) and subrules
(``702.19b``); chapter and section headings are left out (they are titles, not rules).  Text
is compared after whitespace normalisation with examples excluded; a rule whose only change
is in its examples is listed apart (``examples_changed``), so "changed counting examples" is
``changed + examples_changed``.

``added``/``removed``/``changed`` are by id alone.  ``renumbered`` is found on top of them: an
old rule whose text is not at its number any more (removed or changed), paired with a new
number whose text is not the old text at that number (added or changed), when the two texts
have a :func:`rapidfuzz.fuzz.ratio` of at least :data:`SIMILAR` and are more alike than
either is to what now stands at its own number.  Pairs are taken best first, one to one.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from rapidfuzz import fuzz, process

from ..errors import RulesgraphError, SourceError
from ..model import Document, Rule
from ..parse.cr import parse_cr
from ..parse.numbers import parent_of, sort_key, split_number
from ..sources.detect import detect_format
from ..sources.read import read_source

__all__ = ["LEVELS", "SIMILAR", "Changed", "CrDiff", "Entry", "Moved", "diff_documents", "diff_files", "in_scope", "load_cr",
           "word_diff"]

LEVELS = ("rule", "subrule")
SIMILAR = 80.0
"""Minimum similarity (0–100) for a moved text to count as renumbered.  At 80 the 2024→2026
pairs are the real moves (keyword actions re-sorted, sections 720–728 shifted by three or four,
subrules re-lettered); below about 75 unrelated rules on the same topic start to pair up."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A rule on one side only."""

    id: str
    text: str


@dataclass(frozen=True, slots=True)
class Changed:
    """A rule whose text differs between the versions; ``words`` is the word-level diff."""

    id: str
    old: str
    new: str
    words: tuple[tuple[str, str], ...]
    """``("=", words)``, ``("-", words)`` (only in the old text), ``("+", words)`` (only in the new)."""
    examples: bool = False
    """Its examples changed too."""


@dataclass(frozen=True, slots=True)
class Moved:
    """An old rule whose text is now at another number."""

    old: str
    new: str
    similarity: float
    """:func:`rapidfuzz.fuzz.ratio` of the two texts, 0–100 (100: the same words)."""


@dataclass(frozen=True)
class CrDiff:
    """The difference between two CR documents, restricted to ``scope`` when given."""

    old: str | None
    """Effective date of the older version (ISO)."""
    new: str | None
    old_path: str
    new_path: str
    scope: str | None = None
    added: tuple[Entry, ...] = ()
    removed: tuple[Entry, ...] = ()
    changed: tuple[Changed, ...] = ()
    examples_changed: tuple[str, ...] = ()
    """Ids whose text is the same but whose examples differ."""
    renumbered: tuple[Moved, ...] = ()
    compared: tuple[int, int] = (0, 0)
    """How many ids each side has (in scope)."""
    headings: dict[str, int] = field(default_factory=dict)
    """Chapter and section headings added, removed and retitled (not part of the rule counts)."""

    def counts(self) -> dict[str, int]:
        return {"added": len(self.added), "removed": len(self.removed), "changed": len(self.changed),
                "changed_with_examples": len(self.changed) + len(self.examples_changed), "renumbered": len(self.renumbered)}

    def to_json(self) -> dict[str, Any]:
        return {
            "old": self.old, "new": self.new, "scope": self.scope,
            "added": [e.id for e in self.added], "removed": [e.id for e in self.removed], "changed": [c.id for c in self.changed],
            "renumbered": [[m.old, m.new, m.similarity] for m in self.renumbered],
            "examples_changed": list(self.examples_changed), "counts": self.counts(),
        }


def _norm(text: str) -> str:
    return " ".join(text.split())


WORD_BUDGET = 400_000
"""Word comparisons one word diff may make (a rule's diff takes a few thousand).  Past it, what is left
unmatched is shown as removed and added words: repetitive text ("x y" × 1,600 against "y x z" × 1,600)
made difflib take 65 s for one rule."""


def _blocks(a: list[str], b: list[str], budget: int) -> list[tuple[int, int, int]]:
    """difflib's matching blocks, each longest-match search paid for from ``budget`` (its cost is bounded by
    how often ``a``'s words occur in ``b``); a search that cannot be paid for leaves its span unmatched."""
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    cost = [0, *accumulate(len(matcher.b2j.get(w, ())) for w in a)]
    queue, blocks = [(0, len(a), 0, len(b))], []
    while queue:
        alo, ahi, blo, bhi = queue.pop()
        spend = cost[ahi] - cost[alo] + (ahi - alo)
        if spend > budget:
            continue
        budget -= spend
        i, j, k = matcher.find_longest_match(alo, ahi, blo, bhi)
        if k:
            blocks.append((i, j, k))
            if alo < i and blo < j:
                queue.append((alo, i, blo, j))
            if i + k < ahi and j + k < bhi:
                queue.append((i + k, ahi, j + k, bhi))
    blocks.sort()
    return blocks


def word_diff(old: str, new: str, budget: int = WORD_BUDGET) -> tuple[tuple[str, str], ...]:
    """The word-level difference of two texts (whitespace normalised), as runs of equal, deleted and inserted
    words; its work is bounded by ``budget`` (see :data:`WORD_BUDGET`)."""
    a, b = old.split(), new.split()
    out: list[tuple[str, str]] = []
    i = j = 0
    for bi, bj, k in [*_blocks(a, b, budget), (len(a), len(b), 0)]:
        if bi > i:
            out.append(("-", " ".join(a[i:bi])))
        if bj > j:
            out.append(("+", " ".join(b[j:bj])))
        if k:
            if out and out[-1][0] == "=":  # adjacent blocks are one run of equal words
                out[-1] = ("=", out[-1][1] + " " + " ".join(a[bi : bi + k]))
            else:
                out.append(("=", " ".join(a[bi : bi + k])))
        i, j = bi + k, bj + k
    return tuple(out)


def in_scope(number: str, scope: str | None) -> bool:
    """Whether ``number`` is ``scope`` or inside it (``702.19b`` is in ``702.19``, ``702`` and ``7``; ``702.190`` is not in ``702.19``)."""
    if scope is None:
        return True
    node: str | None = number
    while node is not None:
        if node == scope:
            return True
        node = parent_of(node)
    return False


def _check_scope(scope: str | None) -> str | None:
    if scope is not None and split_number(scope) is None:
        raise RulesgraphError(f"not a rule number: {scope!r} (e.g. 702, 702.19 or 702.19b)")
    return scope


def _by_id(doc: Document, levels: tuple[str, ...] = LEVELS) -> dict[str, Rule]:
    return {r.key: r for r in doc.rules if r.level in levels}


_MOVES: dict[tuple[str, str], list[Moved]] = {}
"""Renumbering found per pair of documents (by content hash): it is the slow part, and independent of the scope."""


def _renumbered_cached(old: Document, new: Document, a: dict[str, str], b: dict[str, str]) -> list[Moved]:
    key = (old.sha256, new.sha256)
    if key not in _MOVES:
        if len(_MOVES) >= 4:
            _MOVES.pop(next(iter(_MOVES)))
        _MOVES[key] = _renumbered(a, b)
    return _MOVES[key]


def _renumbered(old: dict[str, str], new: dict[str, str]) -> list[Moved]:
    sources = [k for k in old if new.get(k) != old[k]]
    targets = {k: v for k, v in new.items() if old.get(k) != v}
    order_old = {k: i for i, k in enumerate(old)}
    order_new = {k: i for i, k in enumerate(new)}
    candidates: list[tuple[float, int, str, str]] = []
    for src in sources:
        stay = fuzz.ratio(old[src], new[src]) if src in new else 0.0
        for _, score, dst in process.extract(old[src], targets, scorer=fuzz.ratio, score_cutoff=SIMILAR, limit=None):
            if dst == src or score <= stay:
                continue
            if dst in old and fuzz.ratio(old[dst], new[dst]) >= score:
                continue  # the new text is closer to what stood at its own number: an edit there, not a move
            candidates.append((-score, abs(order_old[src] - order_new[dst]), src, dst))
    taken_old: set[str] = set()
    taken_new: set[str] = set()
    moves = []
    for neg, _, src, dst in sorted(candidates):
        if src in taken_old or dst in taken_new:
            continue
        taken_old.add(src)
        taken_new.add(dst)
        moves.append(Moved(src, dst, round(-neg, 1)))
    return sorted(moves, key=lambda m: sort_key(m.old))


def _headings(old: Document, new: Document, scope: str | None) -> dict[str, int]:
    a = {k: _norm(r.text) for k, r in _by_id(old, ("chapter", "section")).items() if in_scope(k, scope)}
    b = {k: _norm(r.text) for k, r in _by_id(new, ("chapter", "section")).items() if in_scope(k, scope)}
    return {"added": len(b.keys() - a.keys()), "removed": len(a.keys() - b.keys()),
            "retitled": sum(1 for k in a.keys() & b.keys() if a[k] != b[k])}


def diff_documents(old: Document, new: Document, scope: str | None = None) -> CrDiff:
    """Compare two parsed CRs (``old`` the earlier); ``scope`` limits the result to a subtree (``702.19``)."""
    _check_scope(scope)
    a_rules, b_rules = _by_id(old), _by_id(new)
    a = {k: _norm(r.text) for k, r in a_rules.items()}
    b = {k: _norm(r.text) for k, r in b_rules.items()}
    order = lambda ids: sorted(ids, key=sort_key)
    added = tuple(Entry(k, b[k]) for k in order(b.keys() - a.keys()) if in_scope(k, scope))
    removed = tuple(Entry(k, a[k]) for k in order(a.keys() - b.keys()) if in_scope(k, scope))
    changed: list[Changed] = []
    examples_only: list[str] = []
    for k in order(a.keys() & b.keys()):
        if not in_scope(k, scope):
            continue
        examples = [_norm(e.text) for e in a_rules[k].examples] != [_norm(e.text) for e in b_rules[k].examples]
        if a[k] != b[k]:
            changed.append(Changed(k, a[k], b[k], word_diff(a[k], b[k]), examples))
        elif examples:
            examples_only.append(k)
    moves = [m for m in _renumbered_cached(old, new, a, b) if in_scope(m.old, scope) or in_scope(m.new, scope)]
    return CrDiff(
        old.effective, new.effective, old.path, new.path, scope, added, removed, tuple(changed), tuple(examples_only), tuple(moves),
        (sum(1 for k in a if in_scope(k, scope)), sum(1 for k in b if in_scope(k, scope))), _headings(old, new, scope),
    )


_PARSED: dict[tuple[str, int, int], Document] = {}


def load_cr(path: str | os.PathLike[str]) -> Document:
    """Read and parse a file that must be a Comprehensive Rules text (the last few parsed are kept, by path, size and mtime)."""
    try:
        st = os.stat(path)
        key: tuple[str, int, int] | None = (os.path.abspath(path), st.st_size, st.st_mtime_ns)
    except OSError:
        key = None  # read_source says what is wrong
    if key in _PARSED:
        return _PARSED[key]  # type: ignore[index]
    source = read_source(path)
    if detect_format(source) != "cr":
        raise SourceError(source.path, "not a Comprehensive Rules file (no 'effective as of' line and numbered rules)")
    doc = parse_cr(source)
    if key is not None:
        if len(_PARSED) >= 4:
            _PARSED.pop(next(iter(_PARSED)))
        _PARSED[key] = doc
    return doc


def diff_files(old: str | os.PathLike[str], new: str | os.PathLike[str], scope: str | None = None) -> CrDiff:
    """Compare two CR files; they are put in date order (the earlier effective date is ``old``)."""
    _check_scope(scope)
    a, b = load_cr(old), load_cr(new)
    if a.effective and b.effective and a.effective > b.effective:
        a, b = b, a
    return diff_documents(a, b, scope)
