"""What the rest of a question says of the names found (rulesgraph/question/mention_context.py), read through
:func:`rulesgraph.question.mentions.find_cards`: a word listed with a card, a card's name said short after it was said in full."""

from __future__ import annotations

import pytest

from rulesgraph.cards.model import CardName
from rulesgraph.cards.nametable import NameTable
from rulesgraph.question.mentions import find_cards

ZIPF = {"clone": 3.7, "fog": 3.9, "stuffy": 3.0, "doll": 4.2, "kitchen": 4.6, "finks": 2.0, "snapcaster": 0.0, "mage": 3.5,
        "restoration": 3.9, "angel": 4.6, "colossus": 3.5, "darksteel": 1.0, "collision": 4.0, "urzas": 2.0, "tower": 4.7}


@pytest.fixture(scope="module")
def table() -> NameTable:
    cards = [CardName(n) for n in ("Clone", "Fog", "Stuffy Doll", "Kitchen Finks", "Tarmogoyf", "Snapcaster Mage",
                                   "Restoration Angel", "Darksteel Colossus", "Urza's Tower")]
    cards += [CardName("Collision // Colossus", ("Collision", "Colossus"), layout="split")]
    cards += [CardName("Nicol Bolas"), CardName("Nicol Bolas, the Ravager // Nicol Bolas, the Arisen",
                                                ("Nicol Bolas, the Ravager", "Nicol Bolas, the Arisen"), layout="transform")]
    return NameTable.build(cards, ["rest"], zipf=lambda w: ZIPF.get(w, 0.0))


def said(text: str, table: NameTable) -> list[tuple[str, str | None, str]]:
    return [(m.said, m.key, m.how) for m in find_cards(text, table)]


def test_a_word_english_knows_listed_with_a_card_is_one(table: NameTable) -> None:
    """Issue 30: a lower-case name English knows ("clone", 3.7) is no card said alone, but is listed with a card found
    ("with clone and Stuffy Doll both out"); a name said again in lower case is not thereby one (a verb: "fog")."""
    assert said("with clone out, what happens", table) == []
    assert said("with clone and Stuffy Doll both out", table) == [("clone", "Clone", "exact"), ("Stuffy Doll", "Stuffy Doll", "exact")]
    assert said("Stuffy Doll, clone: which dies?", table)[1] == ("clone", "Clone", "exact")
    assert said("I cast Fog, can I fog again?", table) == [("Fog", "Fog", "exact")]
    assert find_cards("with clone and Stuffy Doll both out", table)[0].confidence >= 0.5  # read as a card when answering
    assert [m.confidence for m in find_cards("with clone out", table, weak=True)] == [0.4]  # weak as before


def test_a_shortening_of_a_card_named_in_full_is_that_card(table: NameTable) -> None:
    """"goyf" after Tarmogoyf, "snap" after Snapcaster Mage: the card named in full, said short; not a rules word, not
    a shortening said as a type ("Kitch tokens"), not without the card named."""
    assert said("Tarmogoyf and Stuffy Doll - does goyf count it?", table)[2] == ("goyf", "Tarmogoyf", "short")
    assert said("if I Snapcaster Mage back a spell, can snap block?", table)[1] == ("snap", "Snapcaster Mage", "short")
    assert said("does goyf count it?", table) == []
    assert said("Kitchen Finks and two kitch tokens", table) == [("Kitchen Finks", "Kitchen Finks", "exact")]
    assert said("Restoration Angel: does it rest untapped?", table) == [("Restoration Angel", "Restoration Angel", "exact")]  # a rules word


def test_a_word_of_a_card_named_in_full_is_that_card(table: NameTable) -> None:
    """"Colossus" after Darksteel Colossus is not the face of Collision // Colossus; "Urza's" (the name's whole word) is
    no shortening."""
    assert said("Darksteel Colossus: does Colossus shuffle?", table)[1] == ("Colossus", "Darksteel Colossus", "short")
    assert said("Urza's lands and Urza's Tower", table) == [("Urza's Tower", "Urza's Tower", "exact")]


def test_the_first_words_of_a_card_named_in_full_are_that_card(table: NameTable) -> None:
    """A real question: "Nicol Bolas, the Ravager … I cast Clone, making my own copy of Nicol Bolas" names the Ravager
    twice, not the card Nicol Bolas; said alone, Nicol Bolas is that card."""
    ravager = "Nicol Bolas, the Ravager // Nicol Bolas, the Arisen"
    found = said("My opponent has Nicol Bolas, the Ravager. I cast Clone, making my own copy of Nicol Bolas.", table)
    assert [key for _, key, _ in found] == [ravager, "Clone", ravager]
    assert found[2] == ("Nicol Bolas", ravager, "short")
    assert said("I cast Clone copying Nicol Bolas.", table)[1] == ("Nicol Bolas", "Nicol Bolas", "exact")


@pytest.fixture(scope="module")
def goyfs() -> NameTable:
    cards = [CardName("Tarmogoyf", rank=900), CardName("Lhurgoyf", rank=400), CardName("Necrogoyf", rank=5000),
             CardName("Altar of the Goyf"), CardName("Kitchen Finks"), CardName("Camouflage"), CardName("Pillage"),
             CardName("Warpath"), CardName("Path to Exile"), CardName("Path of Ancestry"), CardName("Craterhoof Behemoth")]
    return NameTable.build(cards, ["rest"], zipf=lambda w: {"path": 4.6, "kitchen": 4.6, "finks": 2.0}.get(w, 0.0))


def test_a_capitalised_tail_of_one_word_names_is_those_cards(goyfs: NameTable) -> None:
    """Issue 30: "Goyf" said with a capital is the tail of Tarmogoyf, Lhurgoyf and Necrogoyf: a mention of them all, the most
    played first (the question tells which); at a sentence's start only when said so inside one too; "Hoof" of the only
    Craterhoof is that card."""
    found = find_cards("how big is Goyf while the Bolt is on the stack?", goyfs)
    assert [(m.said, m.key, m.candidates, m.how) for m in found] == [("Goyf", None, ("Lhurgoyf", "Tarmogoyf", "Necrogoyf"), "short")]
    assert [m.said for m in find_cards("Goyf is a 4/5. How big is Goyf now?", goyfs)] == ["Goyf", "Goyf"]
    assert find_cards("Goyf is a 4/5 with a land", goyfs) == []
    assert said("can my Hoof attack?", goyfs) == [("Hoof", "Craterhoof Behemoth", "short")]


def test_a_tail_that_is_a_word_of_names_or_of_a_longer_name_is_no_card(goyfs: NameTable) -> None:
    """Not a word said whole in several names ("Path": Path to Exile, Path of Ancestry, so not Warpath's tail), not a word
    of a run of capitalised words ("Marit Lage" is a token's name, not Camouflage's or Pillage's tail), not a compound's
    half ("Two-Headed"), not before a type word ("Goyf tokens"), nor in lower case."""
    assert said("can my opponent Path my Kitchen Finks?", goyfs) == [("Kitchen Finks", "Kitchen Finks", "exact")]
    assert said("is Marit Lage legendary?", goyfs) == []
    assert said("in Two-Flage games", goyfs) == []
    assert said("two Goyf tokens", goyfs) == []
    assert said("how big is goyf now?", goyfs) == []


def test_a_name_shaped_as_a_legends_that_no_card_is_is_said_to_be_missing() -> None:
    """"Delney, Streetwise Lookout" with the cards of 2022 was answered as if no card were named; only the shape of a
    legendary name counts (a name, a comma, an epithet): creature types, sets, greetings and sentence openings do not."""
    from rulesgraph.question.mention_context import name_runs, unknown_names

    q = "I have a Delney, Streetwise Lookout in play and Kaervek, the Punisher's copy. Okay, I'm lost."
    assert unknown_names(q, []) == ["Delney, Streetwise Lookout", "Kaervek, the Punisher"]
    assert unknown_names(q, [(9, 35)]) == ["Kaervek, the Punisher"]  # a card found there
    assert unknown_names("Is Myrkul, Lord of Bones legal?", []) == ["Myrkul, Lord of Bones"]
    for other in ("If I have Bird Soldiers in play", "I play on Magic Online", "from Ravnica: City of Guilds, the Temple Garden",
                  "Modern Horizons, the Set", "Thanks, Steve. is brainstorm legal in legacy?", "Ok, Magic Arena says no",
                  "Hi, Tom here", "Wait, Ward triggers?", "in Kaldheim, Ikoria and Theros drafts", "Sorry, English isn't my language",
                  "Guys, Quick Question: is brainstorm legal?", "Cheers, Mike Jones. is it legal?"):
        assert unknown_names(other, []) == [], other
    assert name_runs("Is Sheoldred, the Apocalypse legal in Legacy?") == [(3, 28, "Sheoldred, the Apocalypse")]


def test_a_slip_inside_a_legends_name_no_card_has_does_not_cover_it() -> None:
    """"Can Wilson, Refined Grizzly be my commander?" with cards lacking Wilson read "Wilson" as a slip of Wildsong Howler
    and answered of that card (a trial): a card read there only by a slip covers no part of the name; one read as said
    does, and a slip covering the whole run does too."""
    from rulesgraph.question.mention_context import unknown_runs

    q = "Can Wilson, Refined Grizzly be my commander?"
    assert unknown_runs(q, [(4, 10)], [(4, 10)]) == [(4, 27, "Wilson, Refined Grizzly")]
    assert unknown_runs(q, [(4, 10)]) == []  # "Wilson" read as said: a card is there
    assert unknown_runs(q, [(4, 27)], [(4, 27)]) == []  # the whole name one slip from a card's
    legal = "Is Thalia, Guardian of Thrabn Legal in Modern?"  # a legend's name misspelt, the run going on past it
    assert unknown_runs(legal, [(3, 29)], [(3, 29)]) == []
