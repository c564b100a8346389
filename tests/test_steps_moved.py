"""Rule 58, what an object that changed zones keeps (rulesgraph/steps/moved.py), over the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.steps.moved import MARKER, new_rules

from .test_rank import weight
from .test_steps_cards import card, position, ranked

NEW = ("400.7", "122.2")


def test_the_rules_on_a_new_object_are_found_by_their_words(full_book: Rulebook) -> None:
    found = {full_book.qg.ids[i] for i in new_rules(full_book.qg, full_book.index)}
    assert found == set(NEW)


def test_counters_said_as_markers_not_as_the_verb() -> None:
    assert MARKER.search("my creature with two -1/-1 counters") and MARKER.search("it had counters on it")
    assert MARKER.search("a +1/+1 counter")
    assert not MARKER.search("my spell got countered") and not MARKER.search("Counterspell counters it")


def test_rule_58_counters_on_an_object_that_changes_zones_bring_the_new_object_rules(full_book: Rulebook) -> None:
    """Rule 58: a question telling of counters on an object and of it leaving its zone (a glossary term: "flicker" is
    exile; or a named card's text moving a target) makes 400.7 (a new object) and 122.2 (counters not retained)
    candidates; counters told of an object that stays, or a spell "countered", do not."""
    question = "I flicker my creature with two -1/-1 counters on it. Are they still there when it returns?"
    best = lambda order: min(position(order, rule) for rule in NEW)
    assert best(ranked(full_book, question)) <= 2
    with weight("new_object", 0.0):
        assert best(ranked(full_book, question)) > 2
    sender = card("Tide Push", "Return target creature to its owner's hand.", type_line="Instant")
    question = "I Tide Push my own creature that had three +1/+1 counters on it and replay it. How big is it?"
    assert best(ranked(full_book, question, sender)) <= 2
    with weight("new_object", 0.0):
        assert best(ranked(full_book, question, sender)) > 2
    assert best(ranked(full_book, "my creature has a +1/+1 counter and gets a -1/-1 counter, what now?")) > 4
    assert best(ranked(full_book, "my creature spell got countered and went to the graveyard, can I get it back?")) > 4
