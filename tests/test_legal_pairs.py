"""rulesgraph/answer/legal/pairs.py: whether two cards can lead a Commander deck together, from their partner abilities in
the card data, with the subrule of 702.124 that decides it — asked as players ask it, names in lower case included."""

from __future__ import annotations

import pytest

from rulesgraph import Rulebook
from rulesgraph.answer.compose import ask
from rulesgraph.answer.legal.pairs import decide_pair
from rulesgraph.answer.legal.read import read_question
from rulesgraph.cards.model import Card, Face
from rulesgraph.question.namedcards import CardDeck


@pytest.mark.parametrize("question", ["can I have Thrasios and Kenrith as commanders?", "can Thrasios partner with Kenrith?",
                                      "are thrasios and tymna partners?", "can Pir and Toothy be my two commanders?"])
def test_a_question_about_two_commanders(question: str) -> None:
    assert read_question(question).kind == "pair"


@pytest.mark.parametrize("question", ["can I pair Wolfir Silverheart with Thragtusk?",  # soulbond: no commander said
                                      "can I pair Wolfir Silverheart with Thragtusk in my commander deck?",
                                      "if Thrasios and Tymna are my commanders, how does commander tax work?",
                                      "does Tymna's partner ability matter once the game begins?",
                                      "does commander damage from Thrasios and Tymna add up since they're partners?",
                                      "do Thrasios and Tymna share commander tax as partners?",
                                      "are Golos and Kenrith banned as commanders?", "can my Tymna deck run partners like Kraum in the 99?",
                                      "can Thrasios and Tymna be my commanders in Brawl?"])
def test_what_is_no_pair_question(question: str) -> None:
    asked = read_question(question)
    assert asked is None or asked.kind != "pair"


@pytest.mark.parametrize(("question", "starts", "rule"), [
    ("can I have Thrasios and Kenrith as commanders?", "No: Kenrith, the Returned King has no partner ability. Thrasios, Triton "
     "Hero has partner, which pairs it only with another card with partner.", "702.124h"),
    ("are thrasios and tymna partners?", "Yes: Thrasios, Triton Hero and Tymna the Weaver can be your two commanders: both have "
     "partner. The deck's color identity is their combined one: white, blue, black and green.", "702.124h"),
    ("can thrasios partner with tymna?", "Yes: Thrasios, Triton Hero and Tymna the Weaver can be your two commanders", "702.124h"),
    ("can i have thrasios and tymna as commanders?", "Yes: Thrasios, Triton Hero and Tymna the Weaver", "702.124h"),
    ("can Thrasio and Tymna be my commanders?", "Read ‘Thrasio’ as Thrasios, Triton Hero: Yes", "702.124h"),  # a slip, said
    ("can pir and toothy be my commanders?", "Yes: Pir, Imaginative Rascal and Toothy, Imaginary Friend can be your two "
     "commanders: each has partner with the other", "702.124j"),
    ("can Pir partner with Tymna?", "No: Pir, Imaginative Rascal has partner with Toothy, Imaginary Friend; Tymna the Weaver has "
     "partner. Different partner abilities can't be combined", "702.124f"),
    ("can I have Sol Ring and Lightning Bolt as commanders?", "No: neither Sol Ring nor Lightning Bolt has a partner ability", "702.124h"),
    ("Are Thrasios and Tymna a legal pair?", "Yes: Thrasios, Triton Hero and Tymna the Weaver", "702.124h"),  # a second review's
    ("can Kenrith and Atraxa be my commanders in my deck?", "No: neither Kenrith, the Returned King nor Atraxa", "702.124h"),
    ("is it legal to have Kenrith and Atraxa as my commanders?", "No: neither Kenrith, the Returned King nor Atraxa", "702.124h"),
    ("would Thrasios and Kenrith work as co-commanders?", "No: Kenrith, the Returned King has no partner ability", "702.124h"),
    ("can I partner Thrasios with Tymna?", "Yes: Thrasios, Triton Hero and Tymna the Weaver", "702.124h"),
    ("are Rowan Kenrith and Will Kenrith partners?", "Yes: Rowan Kenrith and Will Kenrith can be your two commanders: each has "
     "partner with the other", "702.124j"),  # "Will" in a card's name is no question about bans to come
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


def test_questions_of_another_kind_about_two_commanders_keep_their_answers(book: Rulebook, deck: CardDeck) -> None:
    """A review found these read as pair questions: their tax and damage are the rules' (702.124d), their legality the
    card data's, each card's own."""
    assert not ask(book, "do Thrasios and Tymna share commander tax as partners?", deck=deck).answer.startswith(("Yes", "No"))
    golos = ask(book, "are Golos and Kenrith banned as commanders?", deck=deck).answer
    assert golos.startswith("Yes: Golos, Tireless Pilgrim is banned in Commander.") and "No: Kenrith, the Returned King is legal" in golos
    alone = ask(book, "can Tymna be my commander without a partner?", deck=deck).answer
    assert alone.startswith("Yes: Tymna the Weaver can be your commander"), alone
    unread = ask(book, "can i have thrasios and tymma as commanders?", deck=deck).answer  # one of two names not read: no
    assert not unread.startswith(("Yes", "No", "Read")), unread  # answer about the other alone


def _legend(name: str, text: str, type_line: str = "Legendary Creature — Human", subtypes: tuple[str, ...] = ("Human",)) -> Card:
    types = tuple(t for t in type_line.split(" — ")[0].split() if t != "Legendary")
    return Card(name, "normal", (Face(name, "{1}", type_line, text, supertypes=("Legendary",), types=types, subtypes=subtypes),))


def test_the_abilities_that_pair_a_card_with_a_kind_of_card(book: Rulebook) -> None:
    """Choose a Background pairs with a legendary Background, Doctor's companion with a Time Lord Doctor (702.124k, m); two
    cards with the same such ability are no pair, for that reason, not 702.124f's."""
    alpha, beta = _legend("Alpha", "Choose a Background"), _legend("Beta", "Choose a Background")
    artisan = _legend("Guild Artisan", "", "Legendary Enchantment — Background", ("Background",))
    text, rules = decide_pair(book, alpha, artisan, ())
    assert text.startswith("Yes: Alpha and Guild Artisan can be your two commanders") and rules[0][0] == "702.124k"
    text, rules = decide_pair(book, alpha, beta, ())
    assert text.startswith("No: Alpha and Beta both have “Choose a Background”") and rules[0][0] == "702.124k"
    doctor = _legend("The Doctor", "", "Legendary Creature — Time Lord Doctor", ("Time Lord", "Doctor"))
    text, rules = decide_pair(book, _legend("Companion", "Doctor’s companion"), doctor, ())
    assert text.startswith("Yes") and rules[0][0] == "702.124m"
