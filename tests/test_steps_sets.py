"""Rule 33, an effect that sets a type (rulesgraph/steps/sets.py), over the full CR, with invented cards."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook

from .test_rank import weight
from .test_steps_cards import card, position, ranked, scored


def test_rule_33_a_card_setting_a_land_type_makes_the_rule_on_setting_it_a_candidate(full_book: Rulebook) -> None:
    """Rule 33: a named card whose effect sets objects to a type (``sets``: Mountain, named as a type by 305.6) makes
    the rules of that type's section that speak of an effect that sets (305.7: "If an effect sets a land's subtype …")
    candidates, by the weight; the same card without it does not."""
    moon = replace(card("Crimson Eclipse", "Nonbasic lands are Mountains.", type_line="Enchantment"),
                   sets=(("Mountain", ("305.6",)),))
    question = "I control Crimson Eclipse. What does my Tolaria tap for now?"
    assert position(ranked(full_book, question, moon), "305.7") <= 2
    assert "305.7" not in ranked(full_book, question, replace(moon, sets=()))[:10]
    with weight("card_sets", 0.0):
        assert scored(full_book, question, "305.7", moon) == scored(full_book, question, "305.7", replace(moon, sets=()))
