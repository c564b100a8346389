"""Rule 59, an event a named card replaces (rulesgraph/rank/cardsteps/replaced.py), over the full CR."""

from __future__ import annotations

import pytest

from rulesgraph import Rulebook
from rulesgraph.rank.cardsteps.replaced import kinds, replacing

from .test_cardsteps_cards import card, position, ranked
from .test_ranking import weight

SEER = card("Last Page Seer", "If you would draw a card while your library has no cards in it, you win the game instead.")
SHIELD = card("Stone Ward", "Enchant creature\nAll damage that would be dealt to you is dealt to enchanted creature instead.",
              type_line="Enchantment — Aura")
HALLOW = card("Hallowed Rest", "If a card would be put into a graveyard from anywhere, exile it instead.",
              type_line="Enchantment")
MOURNER = card("Grave Mourner", "Whenever another creature dies, you gain 1 life.")


def test_the_kinds_of_event_replaced_are_read_from_the_rules(full_book: Rulebook) -> None:
    g = full_book.qg
    found = {g.ids[i]: kind for i, kind in kinds(g, full_book.index)}
    assert found["614.11"] == {"card", "draw"} and {"damag", "dealt"} <= found["614.9"] and found["614.6"] == frozenset()


def test_a_replacement_effect_is_a_sentence_saying_would_and_instead(full_book: Rulebook) -> None:
    assert len(replacing(full_book.qg, SEER.text)) == 1
    assert replacing(full_book.qg, MOURNER.text) == ()
    assert replacing(full_book.qg, "Flying (If this would be blocked, it's blocked instead.)") == ()


@pytest.mark.usefixtures("rule_70_off")  # rule 70 finds the rule by the question's words alone: the step is stated without it
def test_rule_59_a_named_cards_replaced_draw_brings_the_rule_on_replacing_draws(full_book: Rulebook) -> None:
    """Rule 59: a named card replacing a draw ("If you would draw a card …, you win the game instead") makes the rule on
    effects that replace card draws (614.11) a candidate, and one redirecting damage the rule on those (614.9); a card
    replacing nothing of those kinds does not."""
    question = "My library is empty and Last Page Seer is out. I draw for the turn. Do I win or lose?"
    assert position(ranked(full_book, question, SEER), "614.11") <= 3
    with weight("replaced_kind", 0.0):
        assert position(ranked(full_book, question, SEER), "614.11") > 10
    question = "Stone Ward is on my creature and my opponent aims a burn spell at me. What happens if the creature is gone?"
    assert position(ranked(full_book, question, SHIELD), "614.9") <= 2
    with weight("replaced_kind", 0.0):
        assert position(ranked(full_book, question, SHIELD), "614.9") > 10
    assert position(ranked(full_book, "My library is empty and I draw for the turn. Do I lose?", MOURNER), "614.11") > 4


@pytest.mark.usefixtures("rule_75_off")  # rule 75 reads the card's words too: the step is stated without it
def test_rule_59_a_replaced_event_met_by_another_cards_trigger_brings_614_6(full_book: Rulebook) -> None:
    """Rule 59: a named card replacing an event and another named card's triggered ability make the rule saying a
    replaced event never happens (614.6) a candidate (among the first ten, from far below); the replacing card alone
    does not."""
    question = "Hallowed Rest is out and a wrath kills everything. Does Grave Mourner gain me life for each of them?"
    assert position(ranked(full_book, question, HALLOW, MOURNER), "614.6") < 10
    with weight("replaced_never", 0.0):
        assert position(ranked(full_book, question, HALLOW, MOURNER), "614.6") > 20
    assert position(ranked(full_book, question, HALLOW), "614.6") > 20
