"""rulesgraph.cards.keywords: a card's own keywords, keywords it grants, actions, mentions — found generically."""

from __future__ import annotations

import pytest

from rulesgraph.cards.keywords import KeywordList, join_keywords
from rulesgraph.cards.model import Face

KW = KeywordList.of([
    ("Flying", "ability", "Flying"), ("First Strike", "ability", "First Strike"), ("Double Strike", "ability", "Double Strike"),
    ("Persist", "ability", "Persist"), ("Protection", "ability", "Protection"), ("Absorb", "ability", "Absorb"),
    ("Ward", "ability", "Ward"), ("Totem armor", "ability", "Umbra Armor"), ("Umbra Armor", "ability", "Umbra Armor"),
    ("Double", "action", "Double"), ("Scry", "action", "Scry"),
])


def _join(text: str, name: str = "Some Card", keywords: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    return [(k.name, k.relation) for k in join_keywords([Face(name, None, "", text, keywords=keywords)], [name], KW)]


def test_keyword_lines_are_the_cards_own() -> None:
    assert _join("Flying, first strike\nPersist (When this creature dies, return it.)") == [
        ("Flying", "has"), ("First Strike", "has"), ("Persist", "has")]
    assert _join("Protection from red and from blue") == [("Protection", "has")]


def test_granted_keywords() -> None:
    assert _join("Creatures you control have flying, first strike, and protection from black.") == [
        ("Flying", "grants"), ("First Strike", "grants"), ("Protection", "grants")]
    assert _join("All Sliver creatures have absorb 1.") == [("Absorb", "grants")]
    assert _join("Create a 1/1 white Spirit creature token with flying.") == [("Flying", "grants")]
    assert _join("Target creature gains double strike until end of turn.") == [("Double Strike", "grants")]


def test_mentions_actions_reminders_and_own_name() -> None:
    assert _join("Target creature loses flying until end of turn.") == [("Flying", "mentions")]
    assert _join("Flying creatures can't block.") == [("Flying", "mentions")]  # a sentence, not a keyword line
    assert _join("Scry 2.", keywords=("Scry",)) == [("Scry", "action")]
    assert _join("Double the damage.") == []  # actions are taken from the card file, not guessed from words
    assert _join("Ward of Bones can't be countered.", name="Ward of Bones") == []
    assert _join("(This has flying.)") == []


def test_old_names_join_to_todays_keyword() -> None:
    assert _join("Enchant creature\nTotem armor") == [("Umbra Armor", "has")]


def test_card_file_keywords_fill_in_what_the_text_misses() -> None:
    assert _join("Enters tapped.", keywords=("Persist", "Landfall")) == [("Persist", "has"), ("Landfall", "has")]
    assert _join("Other creatures have flying.", keywords=("Flying",)) == [("Flying", "grants")]  # the text says how


def test_fingerprint_follows_the_list() -> None:
    assert KW.fingerprint == KeywordList.of(reversed(KW.entries)).fingerprint
    assert KW.fingerprint != KeywordList.of(KW.entries[1:]).fingerprint


def test_the_list_reads_back_from_its_state() -> None:
    assert KeywordList.from_state(KW.state()) == KW and KeywordList.from_state(KW.state()).fingerprint == KW.fingerprint
    for bad in (None, [list(e) for e in KW.entries], ((1, None, "x"),), (("a", None),), (("a", 2, "a"),)):
        with pytest.raises(ValueError):
            KeywordList.from_state(bad)
