"""Rule 74, the kind of a named card's ability (rulesgraph/rank/cardsteps/abilitykinds.py): over the full CR, with invented
cards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulesgraph import Rulebook
from rulesgraph.model import NamedCard
from rulesgraph.rank.cardsteps.abilitykinds import KINDS, kinds_of, rules_on

from .test_cardsteps_cards import card, scored
from .test_ranking import weight

NETSUKE = card("Jade Owl Charm", "At the beginning of each opponent's upkeep, if that player has seven or more cards in "
               "hand, Jade Owl Charm deals 4 damage to that player.", type_line="Artifact")
REANIMATOR = card("Lungrot Raiser", "Whenever Lungrot Raiser or another Cleric dies, create a 2/2 black Zombie creature token.")
WITNESS = card("Eternal Seer", "When Eternal Seer enters, return target card from your graveyard to your hand.")
MIMIC = card("Glass Mimic", "You may have Glass Mimic enter as a copy of any creature on the battlefield.")
TWINCAST = card("Twin Spark", "Copy target instant or sorcery spell. You may choose new targets for the copy.", type_line="Instant")
CASES = [
    ("intervening_if", "603.4", NETSUKE,
     "My opponent has six cards in hand at the start of their upkeep and draws a seventh. Does Jade Owl Charm deal damage?"),
    ("looks_back", "603.10a", REANIMATOR, "I have three Lungrot Raisers and my opponent destroys all creatures. Do they all trigger?"),
    ("enters", "603.6a", WITNESS, "If I bounce Eternal Seer and play it again, do I get another card back?"),
    ("copies", "707.2", MIMIC, "My Glass Mimic copies a creature with two +1/+1 counters on it. How big is it?"),
    ("copies_spell", "707.10", TWINCAST, "I cast Twin Spark on my opponent's Lightning Bolt. Can I pick a new target for it?"),
]


def kinds(text: str) -> list[str]:
    """The weights' names of the kinds ``text`` words, in :data:`KINDS`' order."""
    return [k.weight for k in kinds_of(text)]


def test_each_kinds_rule_is_read_from_the_rules_phrasing(full_book: Rulebook) -> None:
    """The rule quoting "When/Whenever/At [trigger event], if [condition], [effect]" (603.4), the one saying
    leaves-the-battlefield abilities look back in time (603.10a), the one opening "Enters-the-battlefield abilities
    trigger when" (603.6a), the one on what a copy acquires (707.2), the one on copying a spell (707.10); one each."""
    found = {k.weight: [full_book.qg.ids[i] for i in rules_on(k, full_book.qg, full_book.index)] for k in KINDS}
    assert found == {"intervening_if": ["603.4"], "looks_back": ["603.10a"], "enters": ["603.6a"], "copies": ["707.2"],
                     "copies_spell": ["707.10"]}


def test_a_trigger_with_an_intervening_if_is_read_from_the_oracle_text() -> None:
    """", if" after a line opening When/Whenever/At (perhaps after an ability word and its dash), before its first full
    stop; not an "if" in another sentence, in a line that is no trigger, or in a keyword's reminder of a trigger."""
    assert kinds(NETSUKE.text) == ["intervening_if"]
    assert "intervening_if" in kinds("Flying\nWhen this creature enters, if you cast it from your hand, draw a card.")
    assert kinds("Raid — At the beginning of your end step, if you attacked this turn, draw a card.") == ["intervening_if"]
    assert "intervening_if" not in kinds("When this creature enters, draw a card. If you control a Wizard, draw two instead.")
    assert kinds("If a creature would die, exile it instead.") == []
    assert kinds("Evolve (Whenever a creature you control enters, if that creature has greater power or toughness "
                 "than this creature, put a +1/+1 counter on this creature.)") == []


def test_triggers_on_leaving_and_entering_are_read_from_the_oracle_text() -> None:
    """The events 603.10a lists (dying, leaving the battlefield or a graveyard, being sacrificed, put into a graveyard,
    a hand or a library), in an ability granted in quotes too; entering, in the Oracle wording of before 2024 too; not
    an effect that destroys, a replacement of dying, a permanent entering tapped, nor a keyword's reminder."""
    for text in (REANIMATOR.text, "When this creature leaves the battlefield, return the exiled card to the battlefield.",
                 "Whenever a creature is put into your graveyard from the battlefield, you gain 1 life.",
                 "Whenever you sacrifice a black creature, you may pay 2 life.",
                 "When enchanted Forest is put into a graveyard, you may return it to its owner's hand.",
                 "Whenever a permanent is returned to a player's hand, that player discards a card.",
                 "Each creature has “When this creature dies, choose target opponent.”"):
        assert kinds(text) == ["looks_back"], text
    assert kinds(WITNESS.text) == ["enters"]
    assert kinds("Whenever another creature enters the battlefield under your control, you gain 1 life.") == ["enters"]
    for text in ("Destroy all creatures. They can't be regenerated.", "If a creature would die, exile it instead.",
                 "This land enters tapped.", "Persist (When this creature dies, if it had no -1/-1 counters on it, return it.)",
                 "Whenever you roll a die, you gain 1 life.", "Whenever you roll the planar die, draw a card.",
                 "When this creature is put into a graveyard from anywhere, shuffle your graveyard into your library.",
                 "When this card is put into your graveyard from your library, you may return it to the battlefield."):
        assert kinds(text) == [], text


def test_copy_effects_are_read_from_the_oracle_text() -> None:
    """A permanent entering as, or becoming, a copy, a token made a copy; apart from it, a spell copied (707.10's, a copy
    of a spell on the stack); neither, a copy of a card cast."""
    for text in (MIMIC.text, "{U}: This creature becomes a copy of target creature until end of turn.",
                 "{T}: Create a token that's a copy of target nonlegendary creature you control. It gains haste."):
        assert kinds(text) == ["copies"], text
    assert kinds(TWINCAST.text) == ["copies_spell"]
    assert kinds("When you cast this spell, copy it for each other spell cast before it this turn.") == ["copies_spell"]
    assert kinds("Whenever an opponent casts an instant spell, that player copies it.") == ["copies_spell"]
    assert kinds("You may have this creature enter as copies of two creatures.") == ["copies"]
    for text in ("Exile target card from a graveyard. You may cast a copy of that card this turn.",
                 "It doesn't copy that creature's color and it gains this ability."):
        assert kinds(text) == [], text


@pytest.mark.parametrize(("name", "rule", "named", "question"), CASES, ids=[c[0] for c in CASES])
def test_rule_74_raises_each_kinds_rule_by_weight_and_sureness(full_book: Rulebook, name: str, rule: str, named: NamedCard,
                                                               question: str) -> None:
    """The kind's rule rises with a card wording such a trigger, more the surer the card; not with a card that words
    none, nor with the kind's weight at 0."""
    def raised(*cards: NamedCard) -> float:
        with weight(name, 0.0):
            without = scored(full_book, question, rule, *cards)
        return scored(full_book, question, rule, *cards) - without

    sure = raised(named)
    assert sure > 0
    assert 0 < raised(replace(named, confidence=0.7)) < sure
    assert raised(card(named.key, "Flying")) == 0
