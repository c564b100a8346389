"""Rules 28 and 50: two of one card, and a card that copies.

Rule 28, two of one card: when the question speaks of more than one of a named card ("I cast a second Thalia",
"another Ragavan": :attr:`~rulesgraph.namedcards.NamedCard.many`), the rules of the card's type on objects with the
same name (the legend rule, 704.5j, for a legendary card) are what it turns on, though the question's words may never
reach them; and when two named cards share a type-line word (two World enchantments), the rules of that type on two or
more such permanents (the world rule, 704.5k) are.

Rule 50, a card that copies: the copy rules (707, what the glossary's Copy cites) are reached by the question's own
words ("copy", "clone"); which of them settles it is often on the cards, though the question never says it: a copy of a
double-faced permanent (another named card's layout) is 707.8's, a copy effect with an exception ("except it's an
Illusion in addition to its other types") 707.9's, a copy of something that is itself a copy (two named cards that
copy) 707.3's ("Objects that copy the object will use the new copiable values").  Card steps (:mod:`rulesgraph.steps.cards` has the others),
run before the priors.
"""

from __future__ import annotations

import re

from ..index import doc_terms
from ..pipeline import Query
from ..qgraph import QGraph
from ..wording import REMINDER
from .abilities import glossary_terms
from .cards import a_or_an

__all__ = ["COPIES", "NEW", "SAME", "TWO", "WEIGHTS", "card_copies", "copy_effects", "copy_rules"]

WEIGHTS = {
    "card_copies": 1.5,  # rule 28: text relevance given to a rule of a card's type on permanents with the same name (or two or more)
    "copy_effects": 1.0,  # rule 50: text relevance given to the copy rule a named card's copy effect turns on
}
COPIES = re.compile(r"\bcopy of\b", re.IGNORECASE)
"""Rule 50: a copy effect as Oracle text words it ("enter the battlefield as a copy of any creature", "Create a token
that's a copy of target creature", "becomes a copy of"), what 707.1 calls an object that becomes a "copy"."""
NEW = frozenset(doc_terms("objects that copy the object will use the new copiable values"))
"""Rule 50: how the rules say a copy of a copy copies what the first copy became (707.3)."""
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


def copy_rules(g: QGraph) -> tuple[range, int | None, int | None]:
    """The copy section's rules rule 50 reads (once per graph): its span (the section the glossary's Copy cites, 707),
    its first rule speaking of exceptions (707.9) and its rule holding :data:`NEW` (707.3), as node numbers."""
    if "copy rules" not in g.memo:
        term = glossary_terms(g).get("copy")
        top = next(iter(g.out(term, "cites")), None) if term is not None else None
        span = range(top, g.end[top]) if top is not None else range(0)
        g.memo["copy rules"] = (span, next((j for j in span if "except" in g.stems[j]), None),
                                next((j for j in span if set(g.stems[j]) >= NEW), None))
    return g.memo["copy rules"]


def _faced(g: QGraph, span: range, kind: str) -> int | None:
    """The first rule of the copy section holding the words of a kind of card (its stems but "card", all but one of
    them: "Transforming Double-Faced Cards" → 707.8, "When copying a melded permanent or other double-faced permanent"),
    once per graph and kind."""
    key = ("copy of a kind", kind)
    if key not in g.memo:
        wanted = set(doc_terms(kind)) - {"card"}
        need = max(1, len(wanted) - 1)
        g.memo[key] = next((j for j in span if len(wanted & set(g.stems[j])) >= need), None) if wanted else None
    return g.memo[key]


def copy_effects(q: Query) -> None:
    """Rule 50: when a named card has a copy effect (:data:`COPIES`: "as a copy of", "a token that's a copy of"), each
    copy rule the named cards call for is a candidate as if the question matched it by the weight's share of a full
    match, times how surely the copying card was named (:func:`copy_rules`): its copy effect's exception ("…, except
    it's an Illusion") → the rule on exceptions (707.9); another named card that copies → the rule on copying a copy
    (707.3); another named card of a double-faced kind (its layout: Transforming Double-Faced Cards) → the rule holding
    that kind's words (707.8)."""
    w = q.w["copy_effects"]
    if w <= 0 or not q.a.cards:
        return
    copying = [(c, plain) for c in q.a.cards if (plain := REMINDER.sub(" ", c.text)) and COPIES.search(plain)]
    if not copying:
        return
    g, text = q.g, q.text
    span, exception, new = copy_rules(g)
    raised: dict[int, tuple[float, str]] = {}

    def bring(j: int | None, sure: float, why: str) -> None:
        if j is not None and raised.get(j, (0.0, ""))[0] < sure:
            raised[j] = (sure, why)

    for card, plain in copying:
        sure = card.confidence
        if any("except" in s for s in re.split(r"(?<=[.!?])\s", plain) if COPIES.search(s)):
            bring(exception, sure, f"{card.key}'s copy effect has an exception")
        if any(c.key != card.key for c, _ in copying):
            bring(new, sure, f"{card.key} copies a copy")
        for other in q.a.cards:
            for kind, _rel, _rules in other.layout if other.key != card.key else ():
                bring(_faced(g, span, kind), min(sure, other.confidence), f"{card.key} copies {other.key}, one of the {kind}")
    for j, (sure, why) in raised.items():
        text[j] = text.get(j, 0.0) + w * sure
        q.note(j, why)
