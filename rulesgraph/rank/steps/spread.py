"""Along the graph: score spreads from the best nodes to what they cite and to their parent (rule 8), and text from
other documents counts for the CR rule it is today (rule 9)."""

from __future__ import annotations

import math

from ..pipeline import Query

__all__ = ["SEEDS", "SPREAD_INTO", "WEIGHTS", "spread", "to_current"]

WEIGHTS = {"spread_cites": 0.2, "spread_parent": 0.25}
SEEDS = 20
"""How many of the best nodes spread their score along the graph."""
SPREAD_INTO = ("section",)
"""A citation of a node of these kinds ("see rule 606") spreads to every relevant rule under it.
Rules are left out: a citation of a rule spreads to that rule alone."""


def spread(q: Query) -> None:
    """Rule 8: score spreads from the :data:`SEEDS` best nodes along the graph, in proportion to the receiving
    node's relevance: to the rules they cite (a cited section to its relevant rules) and to their parent (so the
    general rule stays reachable).  It spread to their children too (``spread_child``, 0.4) until stop 60: refitted
    with rule 70 in (``python bench/fit.py --folds 5 --passes 1 --only spread_cites,spread_parent,spread_child,
    relevance.COVERAGE,term_cited,keyword_rule,title_sub,focus``), every fold of five set it to 0, so that part is gone
    (rules 1, 2, 20 and 70 find a subrule on its own words).
    Step ``spread``; weights: ``spread_cites`` = 0.2 (0.4 until that fit: 0.2 in four folds, 0.15 in the fifth),
    ``spread_parent`` = 0.25.  A generic base step (removing it loses 66 / 57 real tuning questions at hit@1 / hit@3 of
    2,345, cross-fitted: ``bench/ablate.py --halves``, stop 59)."""
    g, w, text = q.g, q.w, q.text
    cites, parent_w = w["spread_cites"], w["spread_parent"]
    seeds = zip(*q.top(SEEDS), strict=True)  # ties in the order scored
    for node, score in seeds:
        reason = None
        for dst in g.out(node, "cites"):
            for part in range(dst, g.end[dst]) if g.kind[dst] in SPREAD_INTO else (dst,):
                amount = cites * score * text.get(part, 0.0)
                if amount > 0:
                    reason = reason or f"cited by {g.nodes[g.ids[node]]['label']}"
                    q.add(part, amount, reason)
        parent = g.up[node]
        if parent >= 0:
            q.add(parent, parent_w * score * math.sqrt(text.get(parent, 0.0) + 0.05))


def to_current(q: Query) -> None:
    """Rule 9: text from another document (an old FAQ excerpt, an unnumbered section) counts for today's CR
    rule (its ``current`` edge): the better of the two scores is kept, once.
    Step ``to_current``; weights: none.  A generic base step, with spread: every other document's copy of a rule (FAQ
    entries, rulings and tournament passages cite rules by their old or own numbers) counts once, for today's rule.
    Removing it changes no rule hit of the 216 real tuning questions (``bench/ablate.py``, stop 32); 8 of the 169's
    answers change below the first citation (one then cites a seed document's copy of a first strike rule)."""
    g, score = q.g, q.score
    for node in [n for n in score if n in g.current]:
        dst = g.current[node]
        moved = score.pop(node)
        if moved > score.get(dst, 0.0):  # the same words found twice are still one match
            score[dst] = moved
            data = g.nodes[g.ids[node]]
            q.note(dst, f"same text as {data['label']} in {data['file']}")
