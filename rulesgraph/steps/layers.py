"""Rules 43, 46, 47, 56 and 57, continuous effects: the layers of rule 613 named cards' effects (and a question's words) apply in,
and which objects an effect changes (611).

Rule 43, sublayers of one layer: when their effects apply in different sublayers (Humility's "base power and toughness
1/1" in 7b, Giant Growth's "+3/+3" in 7c; Tarmogoyf's characteristic-defining ability in 7a), the rule ordering those
sublayers (613.4: "Within layer 7, apply effects in a series of sublayers in the order described below") is a candidate:
the question is which applies first, though neither card nor question names a layer.  The sublayers are read from the
rules by :func:`rulesgraph.effects.sublayers`; the rule ordering them is the one they are under.

Rule 46, one layer: when their effects apply in the same layer or sublayer (Turn to Frog's "loses all abilities" and
Swiftfoot Boots' "Equipped creature has hexproof": layer 6), the rules the layer's ordering rule sends the reader to for
the order within it (613.3: "… then all other effects in timestamp order (see rule 613.7) … (See rule 613.8.)") are
candidates, and so is a subrule of theirs naming a type of one of those cards (613.7e: "An Aura, Equipment, or
Fortification receives a new timestamp each time it becomes attached").  Which rule orders a layer is read from the
rules (:func:`rulesgraph.effects.within`).

Rule 47, a fixed set: a named spell or ability that, resolving, changes for a stated time objects it names by what they are
(Overrun's "Creatures you control get +3/+3 and gain trample until end of turn") makes the rule saying that set is fixed as
the effect begins (611.2c) a candidate: whether a creature arriving later is among them is the question.

Rule 56: an effect removing abilities ("loses all abilities") beside a named card that has a keyword raises that layer rule
again (613.1f): what the one does to the other's abilities is the question, whatever keyword's rules it names.  Rule 57:
a question about effects that says what they change ("two effects make my creature a different color") is read as a
card's text would be.

Card steps (:mod:`rulesgraph.steps.cards` has the others) and rule 57, run before the priors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..effects import card_layers, group_effects, kinds, singular, spell_types, sublayers, text_kinds, within
from ..index import doc_terms
from ..pipeline import Query
from ..wording import sentences_of
from .cards import self_names
from .control import rules_saying

if TYPE_CHECKING:
    from ..namedcards import NamedCard

__all__ = ["LOCKED", "WEIGHTS", "abilities_met", "asked_layers", "card_locked", "card_sublayers", "card_timestamps"]

WEIGHTS = {
    "card_sublayers": 1.0,  # rule 43: text relevance given to the rule ordering the sublayers two named cards' effects apply in
    "card_timestamps": 1.5,  # rule 46: … and to the rules on the order within one layer both cards' effects apply in
    "card_locked": 2.0,  # rule 47: text relevance given to the rule fixing which objects a resolved effect changes
    "card_abilities_met": 1.0,  # rule 56: … and to the layer of an effect on abilities when another named card has some
    "asked_layers": 1.0,  # rule 57: … and to the layer rule of what a question asking about effects says they change
}
LOCKED = " the set of objects it affects is determined "
"""Rule 47: a rule saying when the objects a continuous effect changes are fixed (611.2c: "If a continuous effect generated
by the resolution of a spell or ability modifies the characteristics … the set of objects it affects is determined when
that continuous effect begins"), as word lines have it."""


def card_sublayers(q: Query) -> None:
    """Rule 43: when two named cards have effects in different sublayers under one rule (7b and 7c under 613.4), that
    rule is a candidate as if the question matched it by the weight's share of a full match, times how surely the less
    sure of the cards was named."""
    w = q.w["card_sublayers"]
    if w <= 0 or len(q.a.cards) < 2:
        return
    g = q.g
    under: dict[int, dict[int, list[tuple[str, float]]]] = {}  # rule above → sublayer → cards
    for card in q.a.cards:
        for node in sublayers(g, card.text, self_names(card.key)):
            up = g.up[node]
            if up >= 0:
                under.setdefault(up, {}).setdefault(node, []).append((card.key, card.confidence))
    text = q.text
    for up, layers in under.items():
        cards = {key: c for found in layers.values() for key, c in found}
        if len(layers) >= 2 and len(cards) >= 2:
            text[up] = text.get(up, 0.0) + w * min(cards.values())
            q.note(up, f"{' and '.join(cards)} have effects in sublayers {', '.join(g.ids[n] for n in sorted(layers))}")


def card_timestamps(q: Query) -> None:
    """Rule 46: when two named cards have effects in one layer or sublayer (a keyword one grants is an ability-adding
    effect, layer 6; a type one sets objects to, rule 33's, a type-changing effect, layer 4), the rules its ordering
    rule cites for the order within it (613.7 timestamps, 613.8 dependency) are candidates as if the question matched
    them by the weight's share of a full match, times how surely the less sure of the cards was named; so is a subrule
    of those naming a type of one of the cards (613.7e for an Equipment)."""
    w = q.w["card_timestamps"]
    if w <= 0 or len(q.a.cards) < 2:
        return
    g = q.g
    at: dict[int, list[NamedCard]] = {}  # layer rule → the cards with an effect in it
    for card in q.a.cards:
        grants = any(rel == "grants" for _, rel, _ in card.keywords)
        for node in card_layers(g, card.text, self_names(card.key), grants, bool(card.sets)):
            at.setdefault(node, []).append(card)
    text, done = q.text, set()
    for node, cards in at.items():
        if len(cards) < 2:
            continue
        amount = w * min(c.confidence for c in cards)
        said = f"{' and '.join(c.key for c in cards)} have effects in layer {g.ids[node]}"
        types = {t for c in cards for word, kind, _ in c.types if kind == "subtype" for t in doc_terms(word)}
        for j in within(g, node):
            if j in done:
                continue
            done.add(j)
            text[j] = text.get(j, 0.0) + amount
            q.note(j, said)
            for sub in range(j + 1, g.end[j]):
                if types.intersection(g.stems[sub]):
                    text[sub] = text.get(sub, 0.0) + amount
                    q.note(sub, said)


def card_locked(q: Query) -> None:
    """Rule 47: a named card whose spell or ability, resolving, changes characteristics of objects it names by what they
    are (Overrun's "Creatures you control get +3/+3 and gain trample until end of turn", not a target, not itself:
    :func:`~rulesgraph.effects.group_effects`) makes the rules saying when the set of objects such an effect changes is
    fixed (:data:`LOCKED`) candidates, as if the question matched them by the weight's share of a full match, times
    how surely the card was named: whether an object arriving later is among them is the question."""
    w = q.w["card_locked"]
    if w <= 0 or not q.a.cards:
        return
    g = q.g
    spells = spell_types(g, lambda: q.index.saying("spell is resolving"))
    best = max((c.confidence for c in q.a.cards
                if group_effects(g, c.text, self_names(c.key), any(t.lower() in spells for t, kind, _ in c.types if kind == "type"))),
               default=0.0)
    if best:
        for j in rules_saying(g, q.index, LOCKED):
            q.relevant(j, w * best, "a named card's effect, resolving, changes the objects it names by what they are")


def _removes(text: str, names: tuple[str, ...]) -> bool:
    """Whether a sentence of a card's text removes abilities as the rules' examples word it ("Enchanted creature loses
    flying", 613.8; "loses all abilities"), not one granting them ("has “When this creature becomes the target of a spell
    or ability, sacrifice it.”")."""
    return any({"lose", "ability"} <= set(s.split()) for s in sentences_of(text, names, singular))


def abilities_met(q: Query) -> None:
    """Rule 56: a named card whose effect removes abilities (the layer named by ``ability`` alone, 613.1f, and the card
    saying "loses … abilities": :func:`_removes`) and another named card that has a keyword (Kitchen Finks' persist)
    make that layer rule a candidate again, as if the question matched it by the weight's share of a full match, times
    how surely the less sure of the two was named: what the one does to the other's abilities is the question,
    whatever keyword's rules it names."""
    w = q.w["card_abilities_met"]
    if w <= 0 or len(q.a.cards) < 2:
        return
    g = q.g
    layer = next((k.node for k in kinds(g)[0] if frozenset(("ability",)) in k.names), None)
    if layer is None:
        return
    best = 0.0
    for card in q.a.cards:
        if layer in card_layers(g, card.text, self_names(card.key)) and _removes(card.text, self_names(card.key)):
            having = [c.confidence for c in q.a.cards if c is not card and any(rel == "has" for _, rel, _ in c.keywords)]
            if having:
                best = max(best, min(card.confidence, max(having)))
    if best:
        q.relevant(layer, w * best, "a named card's effect is on abilities, and another named card has some")


def asked_layers(q: Query) -> None:
    """Rule 57: a question about effects ("an effect that removes abilities", "two effects make my creature a different
    color") that says, as a card would, what they change is read as a card's text (:func:`~rulesgraph.effects.text_kinds`):
    each layer rule it names what it changes of is a candidate, as if the question matched it by the weight's share of a
    full match (the question's words reach the layer rules hardly at all: "Color-changing effects are applied").  A term
    of several words the question names is that term, not its words: "characteristic-defining ability" changes no
    ability."""
    w = q.w["asked_layers"]
    if w <= 0 or ("effect" not in q.a.words and "effects" not in q.a.words):
        return
    said = f" {' '.join(q.a.words)} "
    for m in q.a.matches:  # a term of several words names one thing ("characteristic defining ability"), not its words
        if m.kind in ("glossary", "keyword", "title") and " " in m.said:
            said = said.replace(f" {m.said} ", " ")
    for kind, what in text_kinds(q.g, said):  # not card_kinds: its memo would keep every question
        q.relevant(kind.node, w, f"the question asks about effects changing {', '.join(sorted(what))} (layer {kind.layer})")
