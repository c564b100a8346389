"""rulesgraph/answer/legal/pairs.py: whether two cards can lead a Commander deck together, from their partner abilities in
the card data, with the subrule of 702.124 that decides it — asked as players ask it, names in lower case included."""

from __future__ import annotations

import pytest

from rulesgraph import Rulebook
from rulesgraph.answer.compose import ask
from rulesgraph.answer.legal.read import read_question
from rulesgraph.question.namedcards import CardDeck


@pytest.mark.parametrize("question", ["can I have Thrasios and Kenrith as commanders?", "can Thrasios partner with Kenrith?",
                                      "are thrasios and tymna partners?", "can Pir and Toothy be my two commanders?"])
def test_a_question_about_two_commanders(question: str) -> None:
    assert read_question(question).kind == "pair"


@pytest.mark.parametrize("question", ["can I pair Wolfir Silverheart with Thragtusk?",  # soulbond: no commander said
                                      "if Thrasios and Tymna are my commanders, how does commander tax work?",
                                      "does Tymna's partner ability matter once the game begins?"])
def test_what_is_no_pair_question(question: str) -> None:
    asked = read_question(question)
    assert asked is None or asked.kind != "pair"


@pytest.mark.parametrize(("question", "starts", "rule"), [
    ("can I have Thrasios and Kenrith as commanders?", "No: Kenrith, the Returned King has no partner ability. Thrasios, Triton "
     "Hero has partner, which pairs it only with another card with partner.", "702.124h"),
    ("are thrasios and tymna partners?", "Yes: Thrasios, Triton Hero and Tymna the Weaver can be your two commanders: both have "
     "partner. The deck's color identity is their combined one: white, blue, black and green.", "702.124h"),
    ("can pir and toothy be my commanders?", "Yes: Pir, Imaginative Rascal and Toothy, Imaginary Friend can be your two "
     "commanders: each has partner with the other", "702.124j"),
    ("can Pir partner with Tymna?", "No: Pir, Imaginative Rascal has partner with Toothy, Imaginary Friend; Tymna the Weaver has "
     "partner. Different partner abilities can't be combined", "702.124f"),
    ("can I have Sol Ring and Lightning Bolt as commanders?", "No: neither Sol Ring nor Lightning Bolt has a partner ability", "702.124h"),
])
def test_two_commanders_from_their_partner_abilities(book: Rulebook, deck: CardDeck, question: str, starts: str, rule: str) -> None:
    """Thrasios and Kenrith was answered with a Thrasios ruling about commander tax (a Commander player's trial)."""
    a = ask(book, question, deck=deck)
    assert a.answer.startswith(starts), a.answer
    assert a.citations[0].id == rule and a.in_rules and len(a.cards) == 2
    assert "card data of 2022-04-25" in a.answer


@pytest.fixture
def book(full_book: Rulebook) -> Rulebook:
    return full_book
