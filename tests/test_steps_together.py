"""Rules 48 and 49, how a named card's triggered abilities go on the stack (rulesgraph/steps/together.py), over the full
CR, with invented cards."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.steps.together import choice_rules, events, together_rules

from .test_rank import weight
from .test_steps_cards import card, position, ranked

TITHE = card("Gloom Tithe", text="At the beginning of your upkeep, you draw a card and you lose 1 life.",
             type_line="Enchantment")
BLAZE = card("Burning Tithe", text="At the beginning of each player's upkeep, Burning Tithe deals 2 damage to that player.",
             type_line="Enchantment")
TOGETHER = "I control Gloom Tithe and my opponent controls Burning Tithe. In my upkeep, whose is put on the stack first?"


def test_the_rules_read_for_triggers_on_the_stack_are_read_from_their_words(full_book: Rulebook) -> None:
    """Rule 48's rule on abilities that triggered since a player last received priority is 603.3b; rule 49's on a
    triggered ability with no legal choice is 603.3d, on its "may" 603.5."""
    g = full_book.qg
    assert [g.ids[i] for i in together_rules(g, full_book.index)] == ["603.3b"]
    assert [[g.ids[i] for i in rules] for _, _, rules, _ in choice_rules(g, full_book.index)] == [["603.3d"], ["603.5"]]


def test_rule_48_the_event_a_trigger_condition_names(full_book: Rulebook) -> None:
    """Rule 48: a trigger condition's events are known by their last words, an "or" splitting them, the card's name set
    aside and "enters the battlefield" read as "enters"."""
    g = full_book.qg
    text = "When Sky Lynx enters the battlefield, draw a card.\nWhenever Sky Lynx enters or attacks, you gain 1 life.\n" \
           "When Sky Lynx leaves the battlefield, you lose 2 life."
    assert events(g, text, "Sky Lynx") == [{"enter"}, {"enter", "attack"}, {"battlefield"}]
    assert events(g, TITHE.text, TITHE.key) == events(g, BLAZE.text, BLAZE.key) == [{"upkeep"}]


def test_rule_48_two_triggers_on_one_event_lead_to_how_they_go_on_the_stack(full_book: Rulebook) -> None:
    """Rule 48: two named cards' triggered abilities triggering on one event (both at the beginning of an upkeep) put
    603.3b (in APNAP order, each player's in any order they choose) in the top three; not when one triggers on another
    event, nor with the weight at 0."""
    assert position(ranked(full_book, TOGETHER, TITHE, BLAZE), "603.3b") < 3
    other = card("Burning Tithe", text="Whenever a creature dies, Burning Tithe deals 2 damage to that creature's controller.",
                 type_line="Enchantment")
    assert position(ranked(full_book, TOGETHER, TITHE, other), "603.3b") >= 3
    with weight("together", 0.0):
        assert position(ranked(full_book, TOGETHER, TITHE, BLAZE), "603.3b") >= 3


HOUND = card("Spark Hound", text="When Spark Hound enters, it deals 3 damage to target creature an opponent controls.")


def test_rule_49_a_targeting_trigger_leads_to_the_rule_on_no_legal_target(full_book: Rulebook) -> None:
    """Rule 49: a named card's triggered ability that targets puts 603.3d (with no legal target it is removed from the
    stack) in the top three of a question speaking of its target; not with the weight at 0, nor for a question that
    does not speak of a target, nor when the target is in the trigger condition ("becomes the target")."""
    question = "I cast Spark Hound when my opponent has no creatures. Is its trigger put on the stack with no target?"
    assert position(ranked(full_book, question, HOUND), "603.3d") < 3
    with weight("trigger_target", 0.0):
        without = position(ranked(full_book, question, HOUND), "603.3d")
        assert without >= 3
    unasked = "I cast Spark Hound when my opponent has no creatures. Does the trigger still happen?"
    with weight("trigger_target", 0.0):
        plain = ranked(full_book, unasked, HOUND)
    assert ranked(full_book, unasked, HOUND) == plain
    wary = card("Spark Hound", text="Whenever Spark Hound becomes the target of a spell, it deals 2 damage to that "
                "spell's controller.")
    assert position(ranked(full_book, question, wary), "603.3d") >= 3


def test_rule_49_a_may_trigger_leads_to_the_rule_on_optional_effects(full_book: Rulebook) -> None:
    """Rule 49: a named card's triggered ability saying "may" or "unless" puts 603.5 (the choice is made as it resolves)
    in the top three; not with the weight at 0."""
    owl = card("Tax Owl", text="Whenever an opponent casts a spell, you may draw a card unless that player pays {1}.")
    question = "With Tax Owl out, does my opponent choose whether to pay when it triggers or when it resolves?"
    assert position(ranked(full_book, question, owl), "603.5") < 3
    with weight("trigger_may", 0.0):
        assert position(ranked(full_book, question, owl), "603.5") >= 3
