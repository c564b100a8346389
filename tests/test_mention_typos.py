"""Misspelt card names (rulesgraph/question/mention_typos.py), read through :func:`rulesgraph.question.mentions.find_cards`: lower-case
phrases one slip from a name that would be a card in lower case, a slip that is itself a word, much played names."""

from __future__ import annotations

import pytest

from rulesgraph.cards.model import CardName
from rulesgraph.cards.nametable import NameTable
from rulesgraph.question.mentions import find_cards


def said(text: str, table: NameTable) -> list[tuple[str, str | None, str]]:
    return [(m.said, m.key, m.how) for m in find_cards(text, table)]


@pytest.fixture(scope="module")
def typed() -> NameTable:
    cards = [CardName("Lightning Greaves", rank=60), CardName("Sword of Fire and Ice", rank=400), CardName("Phyrexian Altar", rank=300),
             CardName("Alter Reality", rank=9000), CardName("Platinum Angel", rank=2000), CardName("Rest in Peace", rank=700),
             CardName("Hold the Line", rank=15000), CardName("Counterspell", rank=90), CardName("Lightning Bolt", rank=400),
             CardName("Dark Confidant", rank=150)]
    zipf = {"lightning": 4.2, "greaves": 2.3, "sword": 4.5, "fire": 5.2, "ice": 4.9, "phyrexian": 0.5, "altar": 3.5, "alter": 3.8,
            "reality": 4.9, "platinum": 3.9, "bolt": 4.0, "angel": 4.6, "rest": 5.2, "peace": 5.0, "hold": 5.2, "line": 5.5,
            "counterspell": 1.2, "dark": 5.0, "confidant": 2.3, "confidante": 2.6}
    return NameTable.build(cards, ["equip", "flash"], zipf=lambda w: zipf.get(w, 0.0), long_words=["lightening", "confidante"])  # English


def test_lower_case_misspellings_of_names_that_are_cards_in_lower_case(typed: NameTable) -> None:
    """Issue 30: what ``card`` reads (a letter dropped, doubled, changed, two swapped) a question says in lower case."""
    assert said("my creature has lightning greves on it. can i still equip my swrod of fire and ice to it?", typed) == [
        ("lightning greves", "Lightning Greaves", "typo"), ("swrod of fire and ice", "Sword of Fire and Ice", "typo")]
    assert said("is platnum angel still on the field", typed) == [("platnum angel", "Platinum Angel", "typo")]
    # the misspelling is a word (another card's): read for a much played card only
    assert said("can i sacrifice to phyrexian alter in response", typed) == [("phyrexian alter", "Phyrexian Altar", "typo")]
    assert said("can i sacrifice to phyrexian alterr in response", typed) == []  # two slips on a short name: too far
    # the first word one slip from a much played name's (English knows "lightening"): the name, read whole
    assert said("does lightening bolt kill it", typed) == [("lightening bolt", "Lightning Bolt", "typo")]
    assert said("we hold the lime here", typed) == []  # words that meet by chance: not a card said in lower case
    # the last word one slip from a much played name's ("confidante" is English too): ``card`` reads it, so does ``ask``
    assert said("my dark confidante reveals a land", typed) == [("dark confidante", "Dark Confidant", "typo")]
    # only its first word capitalised, as a sentence writes a name ("Sheoldred the apocolypse", a trial): read whole, not as
    # the first word's card and another card one slip from the last
    assert said("can Sword of fire and ics be equipped twice", typed) == [("Sword of fire and ics", "Sword of Fire and Ice", "typo")]


def test_much_played_names_need_less_evidence_in_lower_case(typed: NameTable) -> None:
    assert said("if my opponent has rest in peace out", typed) == [("rest in peace", "Rest in Peace", "exact")]
    assert said("we hold the line", typed) == []  # as common words, and a card hardly played
    assert said("can i still cast counterspells", typed) == []  # a word English knows, plural and lower case: a noun
    assert said("i cast my own counterspell", typed) == [("counterspell", "Counterspell", "exact")]


def test_two_words_cut_short_are_the_one_played_card_they_begin() -> None:
    """``Lab Man``: each capitalised word begins a word of one much played card's name of two words; in lower case, for a
    card hardly played, or where the pair begins two names, nothing is read."""
    cards = [CardName("Laboratory Maniac", rank=423), CardName("Grim Lavamancer", rank=300), CardName("Sylvan Safekeeper", rank=200),
             CardName("Sylvan Safeguard", rank=900), CardName("Rampant Growth", rank=20000)]
    zipf = {"library": 4.8, "laboratory": 4.2, "maniac": 3.6, "grim": 3.9, "sylvan": 2.5, "rampant": 3.4, "growth": 4.9}
    t = NameTable.build(cards, [], zipf=lambda w: zipf.get(w, 0.0))
    assert said("With Lab Man out and my library empty, I cast it", t) == [("Lab Man", "Laboratory Maniac", "short form")]
    assert said("I cast Grim Lava on it", t) == [("Grim Lava", "Grim Lavamancer", "short form")]
    assert said("with lab man out", t) == []  # no capitals: no evidence
    assert said("I have Ramp Grow out", t) == []  # hardly played
    assert said("My Syl Safe blocks", t) == []  # it begins two names: neither


def test_a_rules_word_inflected_with_a_slip_is_no_cards_name() -> None:
    """"Cyclonic Rift overloded" read "overloded" as Overloaded Mage-Ring (a trial): a long unknown word one slip from a rules
    word with an ending ("overloaded") is that word misspelt, not a card's; a card's name misspelt still is one."""
    cards = [CardName("Overloaded Mage-Ring", rank=9000), CardName("Cyclonic Rift", rank=100), CardName("Tarmogoyf", rank=50)]
    t = NameTable.build(cards, ["overload", "flash"], zipf=lambda w: 0.0)
    assert said("can I still bounce it with Cyclonic Rift overloded?", t) == [("Cyclonic Rift", "Cyclonic Rift", "exact")]
    assert said("my tarmogyof is big", t) == [("tarmogyof", "Tarmogoyf", "typo")]


def test_a_short_capitalised_word_two_slips_from_a_name_is_another_name() -> None:
    """"Can Wilson be my commander?" read Wilson as two slips from Wildsong (Wildsong Howler's first word) and answered of
    Howlpack Piper (a user's check): a word shorter than TWO_SLIPS letters alone is read as a name one slip from it only;
    a longer one ("Tarmogyoff") as before."""
    cards = [CardName("Wildsong Howler", rank=9000), CardName("Tarmogoyf", rank=50)]
    t = NameTable.build(cards, [], zipf=lambda w: 0.0)
    assert said("Can Wilson be my commander?", t) == []
    assert said("Can Wildsng attack?", t) == [("Wildsng", "Wildsong Howler", "typo")]  # one slip: read
    assert said("Is Tarmogyoff big?", t) == [("Tarmogyoff", "Tarmogoyf", "typo")]

