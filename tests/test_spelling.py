"""Spelling correction (rulesgraph/question/spelling.py): unknown words only, to a vocabulary word with the same first letter,
the same letters reordered preferred among equally close ones."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.question.spelling import CORRECT, correct


def test_a_slip_is_read_as_the_closest_vocabulary_word(mini_book: Rulebook) -> None:
    fixed = correct("tramlpe", mini_book.index)
    assert fixed is not None and fixed[0] == "trample" and CORRECT <= fixed[1] < 1


def test_known_short_and_framing_words_are_left_alone(mini_book: Rulebook) -> None:
    index = mini_book.index
    assert correct("trample", index) is None  # in the vocabulary
    assert correct("tr4mple", index) is None  # not a word
    assert correct("trm", index) is None  # three letters are never corrected
    assert correct("tramplz", index) is not None and correct("tramplz", index, framing={"tramplz"}) is None


def test_a_correction_keeps_the_first_letter(mini_book: Rulebook) -> None:
    """"rtample" is two edits from "trample" but starts with another letter: not a slip for it."""
    fixed = correct("rtample", mini_book.index)
    assert fixed is None or fixed[0][0] == "r"
