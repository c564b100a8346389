"""Rule 37, a cost on a card: a named card whose activated ability costs an action, not only mana or tapping ("{T}, Pay
1 life, Sacrifice Polluted Delta: …", "Sacrifice a creature: Scry 1."), brings in the rule saying that to activate an
ability is to put it onto the stack and pay its costs (602.2): the costs are paid as it is activated, before anyone can
respond ("can they kill my creature in response to me sacrificing it?", "is the Bauble in the graveyard as soon as he
sacrifices it?"), though the question's words may never reach that rule.  The cost is read by the CR's own template of
an activated ability, "[Cost]: [Effect.]" (602.1); the rule from the rules' words (:data:`PAYING`, :data:`ACTING`).
A card step (:mod:`rulesgraph.steps.cards` has the others), run before the priors.
"""

from __future__ import annotations

import re

from ..index import Index, doc_terms
from ..pipeline import Query
from ..qgraph import QGraph

__all__ = ["ACTING", "PAYING", "WEIGHTS", "acted", "card_costs", "paying"]

WEIGHTS = {
    "card_costs": 0.8,  # rule 37: text relevance given to the rule on paying an ability's costs as it is activated
}
PAYING = frozenset(doc_terms("put it on the stack and pay its costs"))
"""Rule 37: how the rules say what an act with costs is ("To activate an ability is to put it onto the stack and pay its
costs", 602.2; "To cast a spell is to … put it on the stack, and pay its costs", 601.2) …"""
ACTING = frozenset(doc_terms("activate an ability"))
"""… and which act it is (602.2's, not 601.2's)."""
_COST = re.compile(r"^([^:\n]*):", re.MULTILINE)
"""The cost of an activated ability, as the CR's template "[Cost]: [Effect.]" (602.1) writes it."""
_SYMBOL = re.compile(r"\{[^}]*\}|\[[^\]]*\]")
"""Mana and tap symbols, and a loyalty cost's "[−2]": a cost of these alone is no action."""


def paying(g: QGraph, index: Index) -> int | None:
    """The rule saying what activating an ability is (602.2): the first rule of the CR holding :data:`PAYING` and
    :data:`ACTING` (once per graph)."""
    if "paying" not in g.memo:
        g.memo["paying"] = next((i for i in index.holding(PAYING | ACTING) if g.kind[i] in ("rule", "subrule")
                                 and g.attrs[i].get("numbering") == "cr" and set(g.stems[i]) >= PAYING | ACTING), None)
    return g.memo["paying"]


def acted(text: str) -> bool:
    """Whether an activated ability of a card's Oracle text costs an action: its cost holds a word besides symbols
    ("{T}, Sacrifice Mishra's Bauble:"; not "{T}:", "{2}{U}:" or "[−2]:")."""
    return any(re.search(r"[A-Za-z]", _SYMBOL.sub(" ", m.group(1))) for m in _COST.finditer(text))


def card_costs(q: Query) -> None:
    """Rule 37: a named card with an activated ability that costs an action (:func:`acted`) makes the rule on what
    activating an ability is, putting it onto the stack and paying its costs (:func:`paying`: 602.2), a candidate as
    if the question matched it by the weight's share of a full match, times how surely the card was named (the surest
    such card's)."""
    w = q.w["card_costs"]
    if w <= 0 or not q.a.cards:
        return
    sure, key = max(((c.confidence, c.key) for c in q.a.cards if acted(c.text)), default=(0.0, ""))
    i = paying(q.g, q.index) if sure else None
    if i is not None:
        q.text[i] = q.text.get(i, 0.0) + w * sure
        q.note(i, f"{key}'s ability costs an action")
