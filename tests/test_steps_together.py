"""Rules 48 and 49, how a named card's triggered abilities go on the stack (rulesgraph/steps/together.py), over the full
CR, with invented cards."""

from __future__ import annotations

from dataclasses import replace

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


def test_rule_49_a_quoted_trigger_counts_as_a_cards(full_book: Rulebook) -> None:
    """Rule 49: a wording the question quotes of a trigger ("my trigger says 'target …'") is read as a triggered
    ability's effect: 603.3d (no legal target) reaches the top three; not with the weight at 0, nor when the question
    speaks of no trigger."""
    question = "My trigger says 'exile target artifact' and there are no artifacts. Does it still go on the stack?"
    assert position(ranked(full_book, question), "603.3d") < 3
    with weight("trigger_quoted", 0.0):
        assert position(ranked(full_book, question), "603.3d") >= 3
    plain = question.replace("My trigger says", "My card says")
    with weight("trigger_quoted", 0.0):
        unraised = ranked(full_book, plain)
    assert ranked(full_book, plain) == unraised


def test_rule_49_a_target_taken_away_in_response_is_not_a_missing_target(full_book: Rulebook) -> None:
    """Rule 49: a question telling of a response that takes the target out of its zone (rule 32: "they exile it in
    response") is about how the ability resolves (608.2b), not about an ability with no legal target: 603.3d is not
    raised."""
    question = "Spark Hound's trigger targets their creature and in response they exile it. What happens to the target?"
    with weight("trigger_target", 0.0):
        unraised = ranked(full_book, question, HOUND)
    assert ranked(full_book, question, HOUND) == unraised


def test_rule_55_more_than_one_of_a_triggering_card_leads_to_how_often_it_triggers(full_book: Rulebook) -> None:
    """Rule 55: the question naming more than one of a card with a triggered ability puts 603.2c (an ability triggers
    once each time its trigger event occurs) in the top three; not for one of it, nor with the weight at 0."""
    hounds = replace(HOUND, many=True)
    question = "With two Spark Hounds, do both trigger or only one?"
    assert position(ranked(full_book, question, hounds), "603.2c") < 3
    assert position(ranked(full_book, question, HOUND), "603.2c") >= 3
    with weight("copies_trigger", 0.0):
        assert position(ranked(full_book, question, hounds), "603.2c") >= 3
