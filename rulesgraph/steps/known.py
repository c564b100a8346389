"""Rule 66, what an effect still sees of an object that left: a named card whose effect reads a characteristic of an
object it, or its cost, moved out of its zone ("Fling deals damage equal to the sacrificed creature's power", "the
exiled card's mana value") is settled by the rule saying an effect uses an object's current information while it is in
the zone it was expected to be in and its last known information once it has left (608.2h), though the question's words
("how does it know the power?", "it's a different size in the graveyard") hardly reach it.  Read from the rules' own
phrasing, once per graph: the rule saying what "the effect requires information from a specific object" uses
(:data:`INFORMATION`); a card's wording is a characteristic ("power", "mana value": the glossary's terms) of an object
its text calls by what was done to it (:data:`_OF_MOVED`).  A prior-stage step (it adds text relevance), run with the
card steps.
"""

from __future__ import annotations

import re

from ..index import Index, doc_terms
from ..pipeline import Query
from ..qgraph import QGraph
from ..wording import REMINDER

__all__ = ["INFORMATION", "WEIGHTS", "known", "known_rules"]

WEIGHTS = {
    "known": 1.6,  # rule 66: text relevance given to the rule on the information an effect uses of an object that left
}
INFORMATION = frozenset(doc_terms("the effect requires information from a specific object last known information"))
"""Rule 66: how the rules say what an effect reads of an object (608.2h: "If the effect requires information from a
specific object … if it's no longer in that zone …, the effect uses the object's last known information")."""
_OF_MOVED = re.compile(r"\b(?:the )?(?:sacrificed|exiled|discarded|milled|destroyed|revealed) (?:\w+ )?(?:card|creature|"
                       r"permanent|artifact|land|spell)(?:['’]s|s['’]) (power|toughness|mana value|converted mana cost|"
                       r"colors?)\b", re.IGNORECASE)
"""A characteristic of an object a card's text calls by what was done to it: "the sacrificed creature's power" (Fling),
"the exiled card's mana value"."""


def known_rules(g: QGraph, index: Index) -> tuple[int, ...]:
    """The CR rules holding :data:`INFORMATION` (608.2h), once per graph."""
    if "known rules" not in g.memo:
        g.memo["known rules"] = tuple(i for i in index.holding(INFORMATION) if g.kind[i] in ("rule", "subrule")
                                      and g.attrs[i].get("numbering") == "cr" and set(g.stems[i]) >= INFORMATION)
    return g.memo["known rules"]


def known(q: Query) -> None:
    """Rule 66: a named card whose text (reminder text left out) reads a characteristic of an object it calls by what was
    done to it (:data:`_OF_MOVED`: "the sacrificed creature's power") makes the rule on the information an effect uses
    of an object that left its zone (:func:`known_rules`: 608.2h) a candidate as if the question matched it by the
    weight's share of a full match, times how surely the card was named."""
    w = q.w["known"]
    if w <= 0 or not q.a.cards:
        return
    sure, who = 0.0, ""
    for card in q.a.cards:
        if card.confidence > sure and "'s " in card.text.replace("’", "'") and _OF_MOVED.search(REMINDER.sub(" ", card.text)):
            sure, who = card.confidence, card.key
    if not sure:
        return
    for i in known_rules(q.g, q.index):
        q.relevant(i, w * sure, f"{who} reads an object that left its zone (rule 66)")
