"""Rule 38, a stolen card's trigger (rulesgraph/rank/cardsteps/control.py), over the full CR, with invented cards."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.rank.cardsteps.control import source_control_rules

from .test_cardsteps_cards import card, position, ranked
from .test_ranking import weight

LASSO = card("Mind Lasso", text="Enchant creature\nYou control enchanted creature.", type_line="Enchantment — Aura")
SAGE = card("Shadow Sage", text="At the beginning of your upkeep, reveal the top card of your library and put that card "
            "into your hand. You lose life equal to its mana value.")
QUESTION = "I took my opponent's Shadow Sage with Mind Lasso. At my upkeep, who reveals the card and loses the life, me or them?"


def test_the_rules_on_who_controls_a_trigger_are_read_from_their_words(full_book: Rulebook) -> None:
    """The rules saying a triggered ability is controlled by the player who controlled its source: 109.4b and 603.3a."""
    g = full_book.qg
    assert [g.ids[i] for i in source_control_rules(g, full_book.index)] == ["109.4b", "603.3a"]


def test_rule_38_a_stolen_cards_trigger_leads_to_who_controls_it(full_book: Rulebook) -> None:
    """Rule 38: one named card taking control of another that has a triggered ability puts 603.3a in the top three;
    not when the taken card has no trigger, nor when the other card changes no control, nor with the weight at 0."""
    assert position(ranked(full_book, QUESTION, LASSO, SAGE), "603.3a") < 3
    assert position(ranked(full_book, QUESTION, LASSO, card("Shadow Sage", text="Flying")), "603.3a") >= 3
    plain = card("Mind Lasso", text="Enchant creature\nEnchanted creature gets +1/+1.", type_line="Enchantment — Aura")
    assert position(ranked(full_book, QUESTION, plain, SAGE), "603.3a") >= 3
    with weight("stolen_trigger", 0.0):
        assert position(ranked(full_book, QUESTION, LASSO, SAGE), "603.3a") >= 3


def test_rule_38_the_trigger_of_the_card_taking_control_does_not_count(full_book: Rulebook) -> None:
    """Rule 38: a card that takes control with a trigger of its own ("When … enters, gain control of target creature")
    does not make the question about whose the taken creature's abilities are."""
    sprite = card("Tempting Sprite", text="Flying\nWhen Tempting Sprite enters, gain control of target creature for as "
                  "long as Tempting Sprite remains on the battlefield.")
    question = "I took their Big Angel with Tempting Sprite and then it died. Whose graveyard does it go to?"
    angel = card("Big Angel", text="Flying, lifelink")
    assert position(ranked(full_book, question, sprite, angel), "603.3a") >= 3
    with_trigger = card("Big Angel", text="Flying\nWhen Big Angel dies, you gain 5 life.")
    without = position(ranked(full_book, question, sprite, angel), "603.3a")
    assert position(ranked(full_book, question, sprite, with_trigger), "603.3a") < without


LEASH = card("Mind Leash", "Enchant creature\nYou control enchanted creature.", type_line="Enchantment — Aura")


