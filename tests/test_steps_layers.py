"""Rule 43, two named cards' effects in sublayers of one layer (rulesgraph/steps/layers.py), over the full CR, with
invented cards."""

from __future__ import annotations

from rulesgraph import Rulebook

from .test_rank import weight
from .test_steps_cards import card, scored


def test_rule_43_two_cards_in_two_sublayers_make_the_rule_ordering_them_a_candidate(full_book: Rulebook) -> None:
    """Rule 43: one named card setting base power and toughness (7b) and another giving +3/+3 (7c) make the rule
    ordering layer 7's sublayers (613.4) a candidate, by the weight; either card alone does not."""
    meek = card("Meek Shroud", "All creatures lose all abilities and have base power and toughness 1/1.", type_line="Enchantment")
    surge = card("Wild Surge", "Target creature gets +3/+3 until end of turn.", type_line="Instant")
    question = "With Meek Shroud out I cast Wild Surge on my creature. How big is it?"
    both = scored(full_book, question, "613.4", meek, surge)
    assert both > scored(full_book, question, "613.4", meek) and both > scored(full_book, question, "613.4", surge)
    with weight("card_sublayers", 0.0):
        alone = scored(full_book, question, "613.4", meek, surge)
    assert both > alone
