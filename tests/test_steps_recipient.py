"""Rule 61, what damage does to what a named card is (rulesgraph/steps/recipient.py), over the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.steps.recipient import by_type

from .test_rank import weight
from .test_steps_cards import card, position, ranked

SAGE = card("Tower Sage", "+1: Draw a card.\n−3: Tower Sage deals 3 damage to any target.",
            type_line="Legendary Planeswalker — Sage")
SPARK = card("Spark Jab", "Spark Jab deals 2 damage to any target.", type_line="Instant")


def test_damage_results_by_the_recipients_type_alone_are_read_from_120_3(full_book: Rulebook) -> None:
    found = {k: full_book.qg.ids[v] for k, v in by_type(full_book.qg, full_book.index).items()}
    assert found["planeswalker"] == "120.3c" and "creature" not in found and "player" not in found


def test_rule_61_damage_dealt_to_a_named_planeswalker_brings_its_result(full_book: Rulebook) -> None:
    """Rule 61: another named card dealing damage and a named planeswalker make the result of damage dealt to a
    planeswalker (120.3c) a candidate; the planeswalker's own damage ability alone does not."""
    question = "I Spark Jab my opponent's Tower Sage, which is at 2 loyalty. What happens to it?"
    assert position(ranked(full_book, question, SPARK, SAGE), "120.3c") <= 2
    with weight("recipient", 0.0):
        assert position(ranked(full_book, question, SPARK, SAGE), "120.3c") > 10
    alone = "I use Tower Sage's -3 on my opponent's creature. What happens?"
    assert position(ranked(full_book, alone, SAGE), "120.3c") > 4
