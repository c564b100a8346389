"""An infraction's Upgrade and Downgrade paragraphs: the one a question asks of, and each as said."""

from __future__ import annotations

from rulesgraph.answer.tturns import told_turn, turn_said

REMEDY = "Locate any cards missing from the deck.\n\nIf a companion restriction was violated, reveal the sideboard."
TURNS = ["Upgrade: If the deck is presented with fewer cards than registered, the penalty is a Game Loss.",
         "Downgrade: If the sleeves are marked by accident, the penalty is a Warning."]


def test_the_upgrade_a_question_asks_of_by_its_penalty() -> None:
    assert told_turn(REMEDY, TURNS, "he presented a deck of 59 cards, is that a game loss?", "Deck Problem") == 0
    assert told_turn(REMEDY, TURNS, "he presented a deck of 59 cards, is that a GL?", "Deck Problem") == 0  # GL is a Game Loss
    assert told_turn(REMEDY, TURNS, "can the judge downgrade it? the sleeves were marked by accident", "Deck Problem") == 1


def test_no_penalty_named_or_no_case_told_keeps_the_remedy_first() -> None:
    assert told_turn(REMEDY, TURNS, "he presented a deck of 59 cards, what's the penalty?", "Deck Problem") is None
    assert told_turn(REMEDY, TURNS, "he presented a deck of 59 cards, is that a warning?", "Deck Problem") is None  # gives a GL
    assert told_turn(REMEDY, TURNS, "his companion was in the deck, is that a game loss?", "Deck Problem") is None  # the remedy's
    assert told_turn(REMEDY, [], "is that a game loss?", "Deck Problem") is None


def test_a_turn_is_its_first_sentence_and_the_penalty_it_gives() -> None:
    said = "Upgrade: If the player cannot find replacements, they may use basic lands. The list is changed. The penalty is a Game Loss."
    assert turn_said(said) == "Upgrade: If the player cannot find replacements, they may use basic lands. … The penalty is a Game Loss."
    assert turn_said(TURNS[0]) == TURNS[0]
