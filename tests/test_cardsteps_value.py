"""The kinds of cost a card words (rulesgraph/rank/cardsteps/value.py), which rule 45 reads."""

from __future__ import annotations

from rulesgraph.rank.cardsteps.value import ADDITIONAL, ALTERNATIVE


def test_additional_and_alternative_costs_are_read_as_the_rules_phrase_them() -> None:
    assert ADDITIONAL.search("As an additional cost to cast this spell, sacrifice a creature.")
    assert ADDITIONAL.search("You may pay an additional {4} as you cast this spell.")
    assert not ADDITIONAL.search("After this main phase, there is an additional combat phase.")
    assert ALTERNATIVE.search("You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana cost.")
    assert ALTERNATIVE.search("You may cast it without paying its mana cost.")
    assert not ALTERNATIVE.search("Counter target spell unless its controller pays {3}.")
