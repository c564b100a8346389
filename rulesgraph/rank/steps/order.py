"""Rule 40, a procedure's steps: the rule laying out a procedure in ordered steps rises when the question reaches
several of them.

The rules say how a thing is done as one rule announcing the steps below it ("To cast a spell, a player follows the
steps listed below, in order", 601.2; "continuous effects are applied in a series of layers in the following order",
613.1; "… chooses one to apply, following the steps listed below", 616.1), each step a subrule (601.2c targets,
601.2g mana abilities, 601.2h paying).  A question reaching two or more of one procedure's steps ("once I have
chosen the targets, may I still activate mana abilities before I pay?") asks how they stand to each other — their
order, what is locked in when —, which is what the procedure's own rule says, though its words are few in any one
step.  Which rules announce ordered steps is read from their words; nothing names a rule.
"""

from __future__ import annotations

from ...build.index import Index
from ...build.qgraph import QGraph
from ...common.lazyre import lazy
from ..pipeline import Query

__all__ = ["TOP", "WEIGHTS", "procedures", "steps_of_procedure"]

WEIGHTS = {"procedure": 1.05}  # rule 40: share of its best step's score: a little above it, so it is cited first
TOP = 20
"""Rule 40: the steps counted are among this many best candidates."""
_STEPS = lazy(r" steps (?:\w+ ){0,9}(?:in order|below|followed first) | actions (?:\w+ ){0,9}in order | in the following order ")
"""A rule announcing ordered steps under it, in the CR's words: "follows the steps listed below, in order", "the
steps described in rules 608.2a and 608.2b are followed first", "applied in a series of layers in the following
order"."""
_STEPS_WORDS = ("steps", "actions", "following order")
"""Words every :data:`_STEPS` match holds (one of these phrases' words)."""


def procedures(g: QGraph, index: Index) -> frozenset[int]:
    """The CR rules announcing ordered steps that are their subrules (built once per graph, from the nodes holding
    :data:`_STEPS`'s words: :meth:`~rulesgraph.build.index.Index.saying`)."""
    known = g.memo.get("procedures")
    if known is None:
        out = set()
        for i in index.saying(*_STEPS_WORDS):
            if g.kind[i] != "rule" or g.end[i] <= i + 1 or not _STEPS.search(g.word_line(i)):
                continue
            if g.attrs[i].get("numbering") == "cr":
                out.add(i)
        known = g.memo["procedures"] = frozenset(out)
    return known


def steps_of_procedure(q: Query) -> None:
    """Rule 40: when two or more subrules of a rule announcing ordered steps (:func:`procedures`) are among the
    :data:`TOP` best candidates, that rule rises to the weight's share of its best step's score (when below it), and
    is cited apart from its steps (:attr:`~rulesgraph.rank.ranking.Ranking.apart`: its citation does not count against them
    in the answer's diversity).
    Step ``procedure``; weights: ``procedure`` = 1.05 (``bench/fit.py`` prefers 1.86, 4 more real tuning questions at hit@1
    and 2 at hit@3, but then the procedure's rule leads answers its step settles — "can a tapped creature block?" led by
    509.1, "The rules that bear on it" — and a scripted conversation is lost: rule hits do not see the first paragraph; stop
    27.  On the 169 of stop 28 every fold raises it, to 1.40 or 1.86, yet the fitted weights lose held out: kept).
    Earns its place on the real tuning questions: removing it loses 2 at hit@1 and 8 at hit@3
    (of 286; ``bench/ablate.py``, stop 34, rule 68 in)."""
    w = q.w["procedure"]
    if w <= 0 or not q.score:
        return
    g = q.g
    known = procedures(g, q.index)
    found: dict[int, list[float]] = {}
    for i, s in zip(*q.top(TOP), strict=True):
        p = g.up[i]
        if p >= 0 and p in known and g.kind[i] == "subrule":
            found.setdefault(p, []).append(s)
    raised = []
    for p, scores in found.items():
        if len(scores) >= 2:
            q.add(p, w * max(scores) - q.score.get(p, 0.0), f"the procedure whose steps {len(scores)} of the best are")
            raised.append(p)
    if raised:  # cited apart from its steps (Ranking.apart): the step the question turns on still comes with it
        q.memo["procedures raised"] = tuple(raised)
