"""Rule 74, a condition a named card's trigger checks twice (rulesgraph/rank/cardsteps/intervening.py): over the full
CR, with invented cards."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook
from rulesgraph.rank.cardsteps.intervening import checks_twice, intervening_rules

from .test_cardsteps_cards import card, scored
from .test_ranking import weight

NETSUKE = card("Jade Owl Charm", "At the beginning of each opponent's upkeep, if that player has seven or more cards in "
               "hand, Jade Owl Charm deals 4 damage to that player.", type_line="Artifact")
QUESTION = "My opponent has six cards in hand at the start of their upkeep and draws a seventh. Does Jade Owl Charm deal damage?"


def test_the_rule_on_the_intervening_if_is_read_from_the_rules_phrasing(full_book: Rulebook) -> None:
    """The rule quoting "When/Whenever/At [trigger event], if [condition], [effect]" (603.4), and no other."""
    assert [full_book.qg.ids[i] for i in intervening_rules(full_book.qg, full_book.index)] == ["603.4"]


def test_a_trigger_with_an_intervening_if_is_read_from_the_oracle_text() -> None:
    """", if" after a line opening When/Whenever/At (perhaps after an ability word and its dash), before its first full
    stop; not an "if" in another sentence, in a line that is no trigger, or in a keyword's reminder of a trigger."""
    assert checks_twice(NETSUKE.text)
    assert checks_twice("Flying\nWhen this creature enters, if you cast it from your hand, draw a card.")
    assert checks_twice("Raid — At the beginning of your end step, if you attacked this turn, draw a card.")
    assert not checks_twice("When this creature enters, draw a card. If you control a Wizard, draw two instead.")
    assert not checks_twice("If a creature would die, exile it instead.")
    assert not checks_twice("Evolve (Whenever a creature you control enters, if that creature has greater power or toughness "
                            "than this creature, put a +1/+1 counter on this creature.)")


def test_rule_74_raises_the_rule_by_weight_and_sureness(full_book: Rulebook) -> None:
    """603.4 rises with a card wording such a trigger, more the surer the card; not with a card that words none, nor
    with the weight at 0."""
    def raised(*cards: object) -> float:
        with weight("intervening_if", 0.0):
            without = scored(full_book, QUESTION, "603.4", *cards)
        return scored(full_book, QUESTION, "603.4", *cards) - without

    sure = raised(NETSUKE)
    assert sure > 0
    assert 0 < raised(replace(NETSUKE, confidence=0.7)) < sure
    assert raised(card("Jade Owl Charm", "At the beginning of each opponent's upkeep, Jade Owl Charm deals 4 damage to "
                       "that player.")) == 0
