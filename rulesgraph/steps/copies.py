"""Rule 28, two of one card: when the question speaks of more than one of a named card ("I cast a second Thalia",
"another Ragavan": :attr:`~rulesgraph.namedcards.NamedCard.many`), the rules of the card's type on objects with the
same name (the legend rule, 704.5j, for a legendary card) are what it turns on, though the question's words may never
reach them.  A card step (:mod:`rulesgraph.steps.cards` has the others), run before the priors.
"""

from __future__ import annotations

from ..index import doc_terms
from ..pipeline import Query
from .cards import a_or_an

__all__ = ["SAME", "WEIGHTS", "card_copies"]

WEIGHTS = {
    "card_copies": 1.5,  # rule 28: text relevance given to a rule of a card's type on permanents with the same name
}
SAME = frozenset(doc_terms("the same name"))
"""Rule 28: how the rules speak of two of one card: objects "with the same name" (201.2a: "Two or more objects have the
same name if …"; 704.5j: "two or more legendary permanents with the same name")."""


def card_copies(q: Query) -> None:
    """Rule 28: when the question speaks of more than one of a named card (:attr:`NamedCard.many`: "I cast a second
    Thalia", "another Ragavan"), each rule of its type line's words (rule 21's: Legendary → 205.4d, 704.5j) that speaks
    of objects with the same name (:data:`SAME`: the legend rule, 704.5j) is a candidate as if the question matched it
    by the weight's share of a full match, times how surely the card was named: two of one card is what such a rule
    is about, however the question puts it."""
    w = q.w["card_copies"]
    if w <= 0:
        return
    g, text = q.g, q.text
    for card in q.a.cards:
        if not card.many:
            continue
        for word, _kind, rules in card.types:
            for rule in rules:
                i = g.num.get(rule)
                if i is None:
                    continue
                for j in range(i, g.end[i]):
                    if set(g.stems[j]) >= SAME:
                        text[j] = text.get(j, 0.0) + w * card.confidence
                        q.note(j, f"two of {card.key}, {a_or_an(word)} {word} card")
