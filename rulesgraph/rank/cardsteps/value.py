"""Mana value asked and the kinds of cost a card words: helpers of rule 45 (:mod:`rulesgraph.rank.cardsteps.costs`), which
counts a cost change less when the question is about mana value.  Rule 44, the step raising the mana value rules, earned
nothing on the real tuning questions and was deleted in stop 26.
"""

from __future__ import annotations

import re

from ...common.lazyre import lazy
from ..pipeline import Query
from .abilities import glossary_terms

__all__ = ["ADDITIONAL", "ALTERNATIVE", "KINDS", "TERM", "asked"]

TERM = "mana value"
"""The glossary's term (and what a card checking it says: "the same mana value as the revealed card")."""
ADDITIONAL = lazy(r"\badditional (?:cost\b|\{|\[cost\])", re.IGNORECASE)
"""An additional cost as a card or a keyword's meaning words it ("As an additional cost to cast this spell", kicker's
"You may pay an additional [cost] as you cast this spell"; not "an additional combat phase")."""
ALTERNATIVE = lazy(r"\brather than pay(?:ing)? [^.\n]{0,40}mana cost|\bwithout paying (?:its|their|[^.\n]{0,30}’?'?s) mana cost",
                          re.IGNORECASE)
"""An alternative cost, in 118.9's words: "usually phrased, “You may [action] rather than pay [this object’s] mana
cost,” or “You may cast [this object] without paying its mana cost.”"."""
KINDS = {"additional": ADDITIONAL, "alternative": ALTERNATIVE}
"""The kinds of cost a card (or what a keyword it has means) words, by the glossary's names for them."""


def asked(q: Query) -> float:
    """How surely mana value is what the question turns on: 1 when it names the glossary term (by any of its names:
    "MV", "CMC", "converted mana cost"), else how surely the surest named card whose text says it was named (0 when
    neither; once per question: rules 44 and 45 both read it)."""
    if "mana value asked" not in q.memo:
        g = q.g
        term = glossary_terms(g).get(TERM)
        node = g.ids[term] if term is not None else None
        if node is not None and any(m.node == node for m in q.a.of_kind("glossary")):
            q.memo["mana value asked"] = 1.0
        else:
            q.memo["mana value asked"] = max((c.confidence for c in q.a.cards if TERM in c.text.lower()), default=0.0)
    return q.memo["mana value asked"]


