"""Rule 66, what an effect still sees of an object that left (rulesgraph/steps/known.py), over the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.steps.known import _OF_MOVED, known_rules

from .test_rank import weight
from .test_steps_cards import card, position, ranked

HURL = card("Boulder Hurl", "As an additional cost to cast this spell, sacrifice a creature.\nBoulder Hurl deals damage "
            "equal to the sacrificed creature's power to any target.", type_line="Instant")


def test_the_rule_on_an_objects_last_known_information_is_found_by_its_words(full_book: Rulebook) -> None:
    assert [full_book.qg.ids[i] for i in known_rules(full_book.qg, full_book.index)] == ["608.2h"]


def test_a_characteristic_of_an_object_called_by_what_was_done_to_it() -> None:
    assert _OF_MOVED.search(HURL.text) and _OF_MOVED.search("its power is equal to the exiled card's mana value")
    assert not _OF_MOVED.search("Target creature gets +X/+0, where X is that creature's power.")


def test_rule_66_a_card_reading_a_moved_objects_power_brings_608_2h(full_book: Rulebook) -> None:
    """Rule 66: a named card dealing damage equal to "the sacrificed creature's power" makes the rule on what an effect
    uses of an object that left its zone (608.2h) a candidate; a card reading nothing of a moved object does not."""
    question = "I Boulder Hurl away my pumped-up creature. It's smaller in the graveyard, so how much damage is dealt?"
    assert position(ranked(full_book, question, HURL), "608.2h") <= 2
    with weight("known", 0.0):
        assert position(ranked(full_book, question, HURL), "608.2h") > 4
    shock = card("Spark Jab", "Spark Jab deals 2 damage to any target.", type_line="Instant")
    assert position(ranked(full_book, "I Spark Jab my own creature. How much damage is dealt?", shock), "608.2h") > 4
