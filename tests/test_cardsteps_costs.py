"""Rules 37 and 45, a cost on a card and what a spell costs (rulesgraph/rank/cardsteps/costs.py), over the full CR, with invented
cards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulesgraph import Rulebook
from rulesgraph.rank.cardsteps.costs import CHANGE, GENERIC

from .test_cardsteps_cards import card, position, ranked
from .test_ranking import weight

TAXER = card("Tax Warden", "First strike\nNoncreature spells cost {1} more to cast.", type_line="Creature — Human Soldier")
HELPER = card("Spell Smith", "Instant and sorcery spells you cast cost {1} less to cast.", type_line="Creature — Goblin Wizard")
FREE = card("Will of the Deep", "You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana cost.\n"
            "Counter target spell.", type_line="Instant")


def test_cost_changes_are_read_as_oracle_text_words_them() -> None:
    assert CHANGE.search(TAXER.text) and CHANGE.search(HELPER.text)
    assert CHANGE.search("Each spell that would cost less than three mana to cast costs three mana to cast.")
    assert CHANGE.search("This spell costs {1} less to cast for each artifact you control.")
    assert GENERIC.search(HELPER.text) and not GENERIC.search(TAXER.text)
    assert not CHANGE.search("Counter target spell unless its controller pays {3}.") and not CHANGE.search(FREE.text)


@pytest.mark.usefixtures("rule_75_off")  # rule 75 reads the card's words too: the step is stated without it
def test_rule_45_a_card_changing_what_spells_cost_makes_the_total_cost_rule_a_candidate(full_book: Rulebook) -> None:
    """Rule 45: a named card making spells cost more (Tax Warden) makes the rule on a spell's total cost (601.2f, what
    the glossary's Total Cost cites) a candidate; a card without such a line does not, nor the card without the
    weight."""
    question = "Opponent has Tax Warden. If I cast my instant by paying life for its Phyrexian mana, is it still free?"
    assert position(ranked(full_book, question, TAXER), "601.2f") <= 2
    plain = replace(TAXER, text="First strike")
    assert position(ranked(full_book, question, plain), "601.2f") > 2
    with weight("cost_changes", 0.0):
        assert position(ranked(full_book, question, TAXER), "601.2f") > 2


def test_rule_45_a_generic_reduction_and_an_alternative_cost_bring_their_rules(full_book: Rulebook) -> None:
    """Rule 45: a reduction by generic mana ("cost {1} less") makes the rule that such reductions affect only a cost's
    generic mana (118.7a) a candidate; an alternative cost met by a cost change (Will of the Deep under Tax Warden)
    makes the rule on how other costs apply to an alternative cost (118.9d) one."""
    question = "Does Spell Smith make my one-mana red instant cost nothing?"
    assert position(ranked(full_book, question, HELPER), "118.7a") <= 2
    with weight("cost_changes", 0.0):
        assert position(ranked(full_book, question, HELPER), "118.7a") > 2
    question = "Tax Warden is out. If I pitch a blue card to Will of the Deep, do I still pay a mana?"
    # rules 68, 69 and 76 alone lift 118.9d to third (questions worded so, and it often settles questions): off, to see rule 45's part
    with weight("asked", 0.0), weight("learned", 0.0), weight("neighbours", 0.0):
        assert position(ranked(full_book, question, TAXER, FREE), "118.9d") <= 2
        with weight("cost_changes", 0.0):
            assert position(ranked(full_book, question, TAXER, FREE), "118.9d") > 2
