"""Rule 45, what a spell costs: a named card that makes spells cost more or less (Thalia's "Noncreature spells cost {1}
more to cast", Goblin Electromancer's "cost {1} less") brings in the rule on a spell's total cost (601.2f: the mana cost
or an alternative cost, plus additional costs and cost increases, minus cost reductions), a reduction by generic mana
the rule on such reductions (118.7a), and an alternative cost met by another cost (Force of Will under Trinisphere)
the rule on how the others apply to it (118.9d).  The rules are found by the glossary (Total Cost cites 601.2f) and by
their own words; the changes by how Oracle text words them ("cost(s) … more/less to cast").

A card step (:mod:`rulesgraph.rank.cardsteps.cards` has the others), run before the priors.  (Rule 37, a cost on a card, earned
nothing on the real tuning questions and was deleted in stop 26.)
"""

from __future__ import annotations

import re

from ...build.index import Index, doc_terms
from ...build.qgraph import QGraph
from ...common.lazyre import lazy
from ..pipeline import Query
from .abilities import glossary_terms
from .cards import worded_text
from .value import KINDS, asked

__all__ = ["APPLIED", "CHANGE", "GENERIC", "REDUCED", "TOTAL", "WEIGHTS", "cost_changes"]

WEIGHTS = {
    "cost_changes": 1.0,  # rule 45: text relevance given to the rule on a spell's total cost (and on an alternative one's)
}
CHANGE = lazy(r"\bcosts? [^.\n]{0,40}?\b(?:more|less)\b[^.\n]{0,30}?\bto (?:cast|activate)\b", re.IGNORECASE)
"""A card changing what spells or abilities cost, as Oracle text words it ("Noncreature spells cost {1} more to cast",
"Instant and sorcery spells you cast cost {1} less to cast", affinity's "This spell costs {1} less to cast for each
[text] you control"; Trinisphere's "each spell that would cost less than three mana to cast costs three mana"): what
the rules call cost increases and cost reductions (601.2f)."""
GENERIC = lazy(r"\bcosts? \{(?:\d+|X)\} less to (?:cast|activate)\b", re.IGNORECASE)
"""A reduction by an amount of generic mana ("cost {1} less to cast"), what 118.7a says affects only a cost's generic
mana (:data:`REDUCED`)."""
REDUCED = tuple(doc_terms("reduce a cost by an amount of generic mana"))
"""How the rules say a cost is reduced by generic mana ("Effects that reduce a cost by an amount of generic mana affect
only the generic mana component of that cost", 118.7a)."""
TOTAL = "total cost"
"""The glossary's term for what a player pays once costs are changed ("… plus all cost increases (including additional
costs) and minus all cost reductions. See rule 601.2f.")."""
APPLIED = frozenset(doc_terms("additional costs, cost increases, and cost reductions") + doc_terms("alternative cost"))
"""How the rules say the other kinds of cost apply to an alternative cost ("If an alternative cost is being paid to cast a
spell, any additional costs, cost increases, and cost reductions that affect that spell are applied to that alternative
cost", 118.9d)."""


def _first(g: QGraph, index: Index, stems: frozenset[str] | tuple[str, ...]) -> int | None:
    """The first CR rule holding all of ``stems`` (:data:`APPLIED`: 118.9d), or, given in order, saying them one after
    another (:data:`REDUCED`: 118.7a; not 107.4h's "Effects that reduce the amount of generic mana you pay"), once per
    graph."""
    key = ("first holding", stems)
    if key not in g.memo:
        def says(have: tuple[str, ...]) -> bool:
            if isinstance(stems, frozenset):
                return set(have) >= stems
            n = len(stems)
            return any(have[k : k + n] == stems for k in range(len(have) - n + 1))

        g.memo[key] = next((i for i in index.holding(stems) if g.attrs[i].get("numbering") == "cr" and says(g.stems[i])), None)
    return g.memo[key]


def cost_changes(q: Query) -> None:
    """Rule 45: a named card that makes spells cost more or less (:data:`CHANGE`: Thalia's "cost {1} more to cast")
    makes the rules the glossary's Total Cost cites (601.2f: the total cost is the mana cost or alternative cost, plus
    additional costs and cost increases, minus cost reductions) candidates as if the question matched them by the
    weight's share of a full match, times how surely the card was named; and named cards bringing an alternative cost
    and another cost (an additional cost, an increase or a reduction: Force of Will and Trinisphere) make the rule on
    how those apply to the alternative cost (:data:`APPLIED`: 118.9d) one, times how surely the less sure was named.
    A reduction by generic mana ("cost {1} less", :data:`GENERIC`) makes the rule on such reductions one (:data:`REDUCED`:
    118.7a, they affect only a cost's generic mana); and when the question turns on mana value
    (:func:`~rulesgraph.rank.cardsteps.value.asked`), these count that much less: a change in what a spell costs is not
    one in its mana cost, the mana value rules answer it.
    Step ``cost_changes``; weights: ``cost_changes`` = 1.0.  Earns its place on the real tuning questions: removing
    it loses 1 at hit@1 (of 286; ``bench/ablate.py``, stop 34, rule 68 in)."""
    w = q.w["cost_changes"]
    if w <= 0 or not q.a.cards:
        return
    g, text = q.g, q.text
    said: dict[str, tuple[float, str]] = {}
    for card in q.a.cards:
        worded = worded_text(q, card)
        if "cost" not in worded and "Cost" not in worded:  # each of the wordings says it
            continue
        for kind, pattern in (*KINDS.items(), ("change", CHANGE), ("generic", GENERIC)):
            if pattern.search(worded) and said.get(kind, (0.0, ""))[0] < card.confidence:
                said[kind] = (card.confidence, card.key)
    value = 1 - asked(q) if "change" in said else 1.0  # a change in what it costs is none in its mana value
    if "change" in said:
        sure, key = said["change"]
        term = glossary_terms(g).get(TOTAL)
        for i in g.out(term, "cites") if term is not None else ():
            text[i] = text.get(i, 0.0) + w * sure * value
            q.note(i, f"{key} changes what spells cost")
    if "generic" in said and (i := _first(g, q.index, REDUCED)) is not None:
        sure, key = said["generic"]
        text[i] = text.get(i, 0.0) + w * sure * value
        q.note(i, f"{key} reduces a cost by generic mana")
    other = max((said[k] for k in ("additional", "change") if k in said), default=None)
    if "alternative" in said and other is not None and (i := _first(g, q.index, APPLIED)) is not None:
        text[i] = text.get(i, 0.0) + w * min(said["alternative"][0], other[0])
        q.note(i, f"{said['alternative'][1]} has an alternative cost, {other[1]} another")
