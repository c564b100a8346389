"""Rule 33, an effect that sets a type (rulesgraph/rank/cardsteps/sets.py), over the full CR, with invented cards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulesgraph import Rulebook

from .test_cardsteps_cards import card, position, ranked, scored
from .test_ranking import weight


@pytest.mark.usefixtures("rule_70_off")  # rule 70 finds the rule by the question's words alone: the step is stated without it
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


def test_rule_33_more_when_another_named_card_is_of_the_kind_whose_type_is_set(full_book: Rulebook) -> None:
    """Rule 33: the rule on setting a type gets more (``card_sets_met``) when another named card is of the kind of
    object whose type is set — a type of its type line has its rules in the section naming the set type (a Land, 305,
    under "Nonbasic lands are Mountains"); a creature that is no land adds nothing."""
    with weight("learned", 0.0):  # rule 68's learned words left out: this states the rule alone
        moon = replace(card("Crimson Eclipse", "Nonbasic lands are Mountains.", type_line="Enchantment"),
                       sets=(("Mountain", ("305.6",)),))
        grove = card("Sapling Grove", type_line="Land Creature — Forest Elf",
                     types=(("Land", "type", ("305.1",)), ("Creature", "type", ("302.1",))))
        elf = card("Sapling Elf", types=(("Creature", "type", ("302.1",)),))
        question = "Crimson Eclipse is out. What happens to my Sapling Grove?"
        assert scored(full_book, question, "305.7", moon, grove) > scored(full_book, question, "305.7", moon, elf)
        with weight("card_sets_met", 0.0), weight("card_text", 0.0):  # rule 22 searches for the type lines' words too
            assert scored(full_book, question, "305.7", moon, grove) == scored(full_book, question, "305.7", moon, elf)
