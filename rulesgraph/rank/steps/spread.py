"""Along the graph: score spreads from the best nodes to what they cite, their parent and their children
(rule 8), and text from other documents counts for the CR rule it is today (rule 9)."""

from __future__ import annotations

import math

from ..pipeline import Query
from .base import named_keyword_rules

__all__ = ["ONLY_ABOUT", "SEEDS", "SPREAD_INTO", "WEIGHTS", "spread", "to_current"]

WEIGHTS = {"spread_cites": 0.4, "spread_parent": 0.25, "spread_child": 0.4}
ONLY_ABOUT = 0.99
"""From this focus on (``Analysis.focus``: 1.0 for "what does trample do?") a question is only about what it names,
and score spreads down inside a named keyword's rules as inside any other (:func:`spread`)."""
SEEDS = 20
"""How many of the best nodes spread their score along the graph."""
SPREAD_INTO = ("section",)
"""A citation of a node of these kinds ("see rule 606") spreads to every relevant rule under it.
Rules are left out: their subrules are reached through the rule's own spread to its children."""


def spread(q: Query) -> None:
    """Rule 8: score spreads from the :data:`SEEDS` best nodes along the graph, in proportion to the receiving
    node's relevance: to the rules they cite (a cited section to its relevant rules), to their parent (so the
    general rule stays reachable) and to their children — except inside the rules of a keyword the question names
    (directly or by a card): those subrules are found by their own words, and spreading the keyword's rule's score down
    to them lifts them where the general rule belongs, so that a question naming a keyword in passing ("Humility
    is out and my Kitchen Finks dies: does persist bring it back?") gets the keyword's subrules where the general
    rule it asks about belongs.  A question only about what it names ("what does trample do?", ``Analysis.focus``
    :data:`ONLY_ABOUT` or more) is about those subrules, so there they are spread to as elsewhere: the keyword's own
    subrules come before its glossary entry, which only points back to the rule already cited first.
    Step ``spread``; weights: ``spread_cites`` = 0.4, ``spread_parent`` = 0.25, ``spread_child`` = 0.4 (refitted by source
    page on the 2,345 real tuning questions in stop 50 with ``card_text`` and ``asked``: 0.3 → 0.4 in four folds of five and
    three; the refit held out 33.5% / 50.4% → 34.1% / 51.9% at hit@1 / hit@3, :mod:`rulesgraph.rank.cardsteps.cards`).  A generic
    base step (removing it loses 31 real tuning questions at hit@1, 12 at hit@3, of 286; ``bench/ablate.py``,
    stop 34)."""
    g, w, text = q.g, q.w, q.text
    cites, parent_w, child_w = w["spread_cites"], w["spread_parent"], w["spread_child"]
    seeds = zip(*q.top(SEEDS), strict=True)  # ties in the order scored
    named = [(i, g.end[i]) for rule in named_keyword_rules(q) if (i := g.num.get(rule)) is not None] if q.a.focus < ONLY_ABOUT else []
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
        if any(start <= node < end for start, end in named):
            continue
        for child in g.out(node, "contains"):
            q.add(child, child_w * score * text.get(child, 0.0))


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
