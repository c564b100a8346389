"""Rule 39, where a rule restates another: "Each planeswalker has a number of loyalty abilities … Loyalty abilities
follow special rules: A player may activate a loyalty ability … only if no player has previously activated a loyalty
ability of that permanent that turn. See rule 606." (306.5d) says again what 606.3 says; the rule restated is where
the rules settle it, and what a judge cites, yet its own words may reach the question far less (606.3 says "loyalty
ability" where the question says "planeswalker").  A rule restates another when it cites that rule or its section,
in a section of its own (a rule of its own section is a sibling worded alike: 702.7b and 702.4b), and holds nearly all
that rule's words (:data:`SHARE`).
A step after the spread (rule 8).
"""

from __future__ import annotations

from ..pipeline import Query
from ..qgraph import QGraph

__all__ = ["SHARE", "TOP", "WEIGHTS", "WIDEST", "WORDS", "echo", "restated"]

WEIGHTS = {
    "echo": 0.7,  # rule 39: the restated rule's score rises to this share of the restating rule's
}
WORDS = 8
"""A rule restated has at least this many words (stems): a short rule's words are found in many."""
SHARE = 0.9
"""… and this share of them are in the rule restating it."""
TOP = 3
"""How many of the best rules bring in the rules they restate."""
WIDEST = 80
"""A cited rule or section of more nodes than this is not searched for a restated rule."""


def restated(g: QGraph, i: int) -> tuple[int, ...]:
    """The rules node ``i`` restates: rules under what it cites in another section (of at most :data:`WIDEST` nodes), of
    at least :data:`WORDS` words (stems), :data:`SHARE` of them in ``i`` too (kept per graph, made when first asked)."""
    memo = g.memo.setdefault("restated", {})
    found = memo.get(i)
    if found is None:
        mine, stems, kind, section = frozenset(g.stems[i]), g.stems, g.kind, g.section[i]
        out: list[int] = []
        for dst in g.out(i, "cites") if len(mine) >= WORDS else ():
            if g.end[dst] - dst > WIDEST or g.section[dst] == section:
                continue  # a whole chapter points at no one rule; a rule of its own section is a sibling, not the source
            for j in range(dst, g.end[dst]):
                theirs = stems[j]
                if j == i or len(theirs) < WORDS or kind[j] not in ("rule", "subrule"):
                    continue
                if len(mine.intersection(theirs)) >= SHARE * len(set(theirs)):
                    out.append(j)
        found = memo[i] = tuple(out)
    return found


def echo(q: Query) -> None:
    """Rule 39: of the :data:`TOP` best rules, one that restates another (:func:`restated`) lifts that rule's score to
    the weight's share of its own: the rule the CR says it in comes right after its restatement."""
    w = q.w["echo"]
    if w <= 0:
        return
    g, score = q.g, q.score
    kind = g.kind
    best = [(i, s) for i, s in zip(*q.top(TOP + 3), strict=True) if kind[i] in ("rule", "subrule")][:TOP]
    for i, s in best:
        for j in restated(g, i):
            q.add(j, w * s - score.get(j, 0.0), f"restated by {g.ids[i]}")
