"""Rule 28, two of one card: when the question speaks of more than one of a named card ("I cast a second Thalia",
"another Ragavan": :attr:`~rulesgraph.namedcards.NamedCard.many`), the rules of the card's type on objects with the
same name (the legend rule, 704.5j, for a legendary card) are what it turns on, though the question's words may never
reach them; and when two named cards share a type-line word (two World enchantments), the rules of that type on two or
more such permanents (the world rule, 704.5k) are.  A card step (:mod:`rulesgraph.steps.cards` has the others), run
before the priors.
"""

from __future__ import annotations

from ..index import doc_terms
from ..pipeline import Query
from .cards import a_or_an

__all__ = ["SAME", "TWO", "WEIGHTS", "card_copies"]

WEIGHTS = {
    "card_copies": 1.5,  # rule 28: text relevance given to a rule of a card's type on permanents with the same name (or two or more)
}
SAME = frozenset(doc_terms("the same name"))
"""Rule 28: how the rules speak of two of one card: objects "with the same name" (201.2a: "Two or more objects have the
same name if …"; 704.5j: "two or more legendary permanents with the same name")."""
TWO = frozenset(doc_terms("two or more"))
"""Rule 28: how the rules speak of several objects of one type that meet ("If two or more permanents have the supertype
world, all except …", 704.5k)."""


def _several(q: Query, word: str, rules: tuple[str, ...]) -> tuple[int, ...]:
    """The rules under ``rules`` (a type-line word's) on two or more permanents of ``word``, not on the same name
    (once per graph and word)."""
    key = ("several", word, rules)
    if key not in q.g.memo:
        g, stems = q.g, set(doc_terms(word))
        found = []
        for i in (g.num[r] for r in rules if r in g.num):
            found += [j for j in range(i, g.end[i]) if (have := set(g.stems[j])) >= TWO and stems <= have and not have >= SAME]
        q.g.memo[key] = tuple(dict.fromkeys(found))
    return q.g.memo[key]


def card_copies(q: Query) -> None:
    """Rule 28: when the question speaks of more than one of a named card (:attr:`NamedCard.many`: "I cast a second
    Thalia", "another Ragavan"), each rule of its type line's words (rule 21's: Legendary → 205.4d, 704.5j) that speaks
    of objects with the same name (:data:`SAME`: the legend rule, 704.5j) is a candidate as if the question matched it
    by the weight's share of a full match, times how surely the card was named: two of one card is what such a rule
    is about, however the question puts it.  Likewise, when two named cards share a type-line word (two World
    enchantments), each rule of that word that speaks of two or more permanents (:data:`TWO`) of it, holding the word,
    and not of the same name (those are the first part's) is a candidate, times how surely the less sure card was named:
    "If two or more permanents have the supertype world, …" (704.5k)."""
    w = q.w["card_copies"]
    if w <= 0:
        return
    g, text = q.g, q.text
    shared: dict[str, list[tuple[str, float, tuple[str, ...]]]] = {}
    for card in q.a.cards:
        for word, _kind, rules in card.types:
            shared.setdefault(word, []).append((card.key, card.confidence, rules))
    for word, cards in shared.items():
        if len(cards) < 2:
            continue
        for j in _several(q, word, cards[0][2]):
            text[j] = text.get(j, 0.0) + w * min(c for _, c, _ in cards)
            q.note(j, f"{' and '.join(k for k, _, _ in cards)} are {a_or_an(word)} {word} each")
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
