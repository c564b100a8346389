"""Rule 65, an attachment whose object left (rulesgraph/steps/attached.py), over the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.steps.attached import checks

from .test_rank import weight
from .test_steps_cards import card, position, ranked

CHAINS = card("Iron Shackles", "Enchant creature\nEnchanted creature can't attack or block.", type_line="Enchantment — Aura")


def test_the_attachments_state_based_actions_check_are_read_from_704(full_book: Rulebook) -> None:
    found = {k: full_book.qg.ids[v] for k, v in checks(full_book.qg, full_book.index).items()}
    assert found == {"aura": "704.5m", "equipment": "704.5n", "fortification": "704.5n"}


def test_rule_65_a_named_aura_and_an_object_leaving_bring_704_5m(full_book: Rulebook) -> None:
    """Rule 65: a named Aura and the question telling of an object leaving its zone ("bounced" → the hand) make the
    state-based action for an Aura attached to nothing (704.5m) a candidate; the Aura alone does not."""
    question = "The creature wearing my Iron Shackles got bounced. Where do the Shackles end up?"
    assert position(ranked(full_book, question, CHAINS), "704.5m") <= 2
    with weight("attached", 0.0):
        assert position(ranked(full_book, question, CHAINS), "704.5m") > 2
    assert position(ranked(full_book, "Can the creature with Iron Shackles still use its tap ability?", CHAINS), "704.5m") > 4
