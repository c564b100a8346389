"""Rule 37, a cost on a card (rulesgraph/steps/costs.py), over the full CR, with invented cards."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.steps.costs import acted

from .test_rank import weight
from .test_steps_cards import card, position, ranked, scored


def test_an_activated_ability_costs_an_action_when_its_cost_holds_a_word() -> None:
    assert acted("{T}, Pay 1 life, Sacrifice Misty Fen: Search your library for a land card.")
    assert acted("Sacrifice a creature: Scry 1.")
    assert not acted("{T}: Add {G}.") and not acted("{2}{U}: Draw a card.") and not acted("[−2]: Target player mills two.")
    assert not acted("Flying\nWhen this creature enters, draw a card.")


def test_rule_37_an_action_cost_makes_the_rule_on_paying_it_as_the_ability_is_activated_a_candidate(full_book: Rulebook) -> None:
    """Rule 37: a named card whose activated ability costs an action ("Sacrifice a creature: Scry 1.") makes the rule
    saying that to activate an ability is to put it onto the stack and pay its costs (602.2) a candidate, by the
    weight; a card whose ability costs only tapping does not."""
    altar = card("Bone Altar", "Sacrifice a creature: Scry 1.", type_line="Artifact")
    question = "Can they kill my creature in response to me sacrificing it to Bone Altar, so I don't get the scry?"
    assert position(ranked(full_book, question, altar), "602.2") <= 2
    tapped = card("Bone Altar", "{T}: Scry 1.", type_line="Artifact")
    assert "602.2" not in ranked(full_book, question, tapped)[:10]
    with weight("card_costs", 0.0):
        assert scored(full_book, question, "602.2", altar) == scored(full_book, question, "602.2", tapped)
