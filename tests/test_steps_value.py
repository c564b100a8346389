"""Rule 44, a spell's mana value (rulesgraph/steps/value.py), over the full CR, with invented cards."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook
from rulesgraph.steps.value import ADDITIONAL, ALTERNATIVE, features

from .test_rank import weight
from .test_steps_cards import card, position, ranked, scored

SCALE = card("Balance Scale", "Whenever an opponent casts a spell, counter that spell if it has the same mana value as the top card of "
             "your library.", type_line="Enchantment")
"""An invented card checking mana value, as Counterbalance-like cards word it."""
STORM = replace(card("Brain Tempest", "Target player draws X cards.", type_line="Sorcery"), mana_cost="{X}{U}{U}")
KICKED = replace(card("Twin Forge", "Kicker {4} (You may pay an additional {4} as you cast this spell.)\nCreate a token that's a "
                      "copy of target creature.", type_line="Sorcery"), mana_cost="{2}{U}{U}")


def test_a_cards_mana_cost_and_layout_say_which_subrule_of_mana_value_it_needs() -> None:
    assert features(STORM) == ("x",)
    assert features(replace(STORM, mana_cost="{2/W}{G/P}")) == ("hybrid", "phyrexian")
    assert features(replace(STORM, mana_cost="")) == ("no",)
    assert features(replace(STORM, mana_cost="", type_line="Land")) == ()
    assert features(replace(STORM, mana_cost="{R} // {1}{U}", layout=(("Split Cards", "layout", ("709.1",)),))) == ("split",)


def test_additional_and_alternative_costs_are_read_as_the_rules_phrase_them() -> None:
    assert ADDITIONAL.search("As an additional cost to cast this spell, sacrifice a creature.")
    assert ADDITIONAL.search("You may pay an additional {4} as you cast this spell.")
    assert not ADDITIONAL.search("After this main phase, there is an additional combat phase.")
    assert ALTERNATIVE.search("You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana cost.")
    assert ALTERNATIVE.search("You may cast it without paying its mana cost.")
    assert not ALTERNATIVE.search("Counter target spell unless its controller pays {3}.")


def test_rule_44_mana_value_asked_brings_the_subrule_on_what_the_cards_mana_cost_holds(full_book: Rulebook) -> None:
    """Rule 44: a named card checking mana value (Balance Scale) and a spell with {X} in its mana cost make the rule
    defining mana value (202.3) and its subrule on X (202.3e: X is the number chosen while the spell is on the stack)
    candidates, though the question never says "mana value"; without the weight they are not among the first."""
    question = "Opponent has Balance Scale. I cast Brain Tempest with X=3 and they reveal a card with a 5 on it. Is it countered?"
    order = ranked(full_book, question, SCALE, STORM)
    assert position(order, "202.3e") <= 2 and position(order, "202.3") <= 4
    with weight("mana_value", 0.0):
        assert "202.3e" not in ranked(full_book, question, SCALE, STORM)[:5]
    fixed = replace(STORM, mana_cost="{3}{U}")
    assert scored(full_book, question, "202.3e", SCALE, STORM) > scored(full_book, question, "202.3e", SCALE, fixed)


def test_rule_44_an_additional_cost_does_not_change_the_mana_cost(full_book: Rulebook) -> None:
    """Rule 44: asked about mana value ("MV") with a named card that has kicker (what kicker means is an additional
    cost), the rule saying additional costs don't change a spell's mana cost (118.8d) is a candidate; a question
    that does not turn on mana value does not get it from the step."""
    question = "Does kicking Twin Forge raise its MV?"
    assert position(ranked(full_book, question, KICKED), "118.8d") <= 2
    with weight("mana_value", 0.0):
        assert position(ranked(full_book, question, KICKED), "118.8d") > 2
    other = "Can Twin Forge copy a token?"
    with weight("mana_value", 0.0):
        before = scored(full_book, other, "118.8d", KICKED)
    assert scored(full_book, other, "118.8d", KICKED) == before
