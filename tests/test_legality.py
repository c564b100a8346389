"""rulesgraph/cards/legality.py: a card's standing in a format from its card data, colors said in words, and the rules that
define the terms found by their words under the glossary entry."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.cards.legality import (
    by_status,
    colors_said,
    defining_rule,
    format_name,
    is_background,
    is_doctor,
    leads,
    partner_abilities,
    standing,
)
from rulesgraph.cards.model import Card, Face

RING = Card("Sol Ring", "normal", (Face("Sol Ring", "{1}", "Artifact", "{T}: Add {C}{C}."),),
            legalities=(("commander", "Legal"), ("legacy", "Banned"), ("vintage", "Restricted")))
FORMATS = ("commander", "legacy", "modern", "vintage")


def test_a_format_the_data_names_but_not_for_the_card_is_not_legal_and_an_unknown_one_is_unknown() -> None:
    assert standing(RING, "commander", FORMATS).status == "Legal"
    assert standing(RING, "legacy", FORMATS).status == "Banned"
    assert standing(RING, "vintage", FORMATS).status == "Restricted"
    assert standing(RING, "modern", FORMATS).status == "Not legal"
    assert standing(RING, "timeless", FORMATS).status == "Unknown"
    assert by_status(RING, FORMATS) == {"Legal": ["commander"], "Banned": ["legacy"], "Restricted": ["vintage"],
                                        "Not legal": ["modern"]}
    assert format_name("paupercommander") == "Pauper Commander" and format_name("newformat") == "Newformat"


def test_a_leader_banned_or_not_legal_is_not_said_to_be_your_commander() -> None:
    """`card golos` said "banned in Commander" and "can be your commander in Commander"; a review found the A- cards, not
    legal in Commander, alike."""
    leader = Card("Golos", "normal", (Face("Golos", "{5}", "Legendary Artifact Creature", ""),), leadership=("commander", "brawl",
                  "oathbreaker"), legalities=(("commander", "Banned"), ("brawl", "Not legal"), ("oathbreaker", "Legal")))
    assert leads(leader, by_status(leader, ("commander", "brawl", "oathbreaker"))) == [
        "can be your commander in Oathbreaker", "could lead a deck in Commander, but is banned there",
        "could lead a deck in Brawl, but is not legal there"]


def test_colors_in_words() -> None:
    assert colors_said(("G", "W")) == "white and green"
    assert colors_said(("B", "G", "U")) == "blue, black and green"
    assert colors_said(()) == "colorless"


def test_the_defining_rules_are_found_by_their_words(full_book: Rulebook) -> None:
    assert defining_rule(full_book, "Commander", "legendary card designated as its commander creature card") == "903.3"
    assert defining_rule(full_book, "Commander", "a card can be included in a commander deck only if every color in its color "
                         "identity is also found in the color identity of the deck's commander") == "903.5c"
    assert defining_rule(full_book, "Color Identity", "color identity of a card is the color or colors of any mana symbols") == "903.4"
    assert defining_rule(full_book, "Tournament Rules", "tournament rules may limit the use of some cards") == "100.6"
    assert defining_rule(full_book, "No Such Entry", "anything") is None


def test_the_card_store_keeps_legalities_leadership_and_color_identity(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pytest

    from rulesgraph.cards.install import install
    from rulesgraph.cards.keywords import KeywordList
    from rulesgraph.cards.read import parse_card_bytes
    from rulesgraph.cards.store import open_store
    from rulesgraph.errors import SourceError

    from .minicards import atomic, encode, face

    cards = {"Leader": [face("Leader", "", type_line="Legendary Creature — Elf", legalities={"commander": "Legal", "modern": "Banned"},
                             leadershipSkills={"commander": True, "brawl": False, "pauper_commander": True}, colorIdentity=["G", "W"])],
             "Plain": [face("Plain", "")]}
    path = tmp_path / "cards.sqlite"
    install(parse_card_bytes(encode(atomic(cards)), "x.json"), KeywordList.of([]), path=path)
    store = open_store(path)
    assert store is not None
    leader = store.card("Leader")
    assert leader is not None and leader.legalities == (("commander", "Legal"), ("modern", "Banned"))
    # MTGJSON writes Pauper Commander's leadership "pauper_commander" and its legality "paupercommander": read as one format
    # (`card "tapestry warden"` said "can be your commander in Pauper_Commander", and no Pauper Commander question found it)
    assert leader.leadership == ("commander", "paupercommander") and leader.color_identity == ("G", "W")
    plain = store.card("Plain")
    assert plain is not None and plain.leadership == () and plain.color_identity == ()
    assert store.formats() == ("commander", "modern", "vintage")
    store.close()
    for bad in ({"legalities": ["commander"]}, {"leadershipSkills": {"commander": "yes"}}, {"colorIdentity": "G"}):
        with pytest.raises(SourceError):
            parse_card_bytes(encode(atomic({"Bad": [face("Bad", "", **bad)]})), "bad.json")


def test_bans_to_come_need_a_ban_word_and_a_word_of_the_future() -> None:
    from rulesgraph.cards.legality import about_bans_to_come

    assert about_bans_to_come("Will Sol Ring get banned in commander?")
    assert about_bans_to_come("what's the next card to get banned in Standard")
    assert not about_bans_to_come("is sol ring banned in commander")
    assert not about_bans_to_come("what happens next when time is called?")


def _legend(name: str, text: str, type_line: str = "Legendary Creature — Human", subtypes: tuple[str, ...] = ("Human",)) -> Card:
    supers = tuple(t for t in type_line.split(" — ")[0].split() if t == "Legendary")
    types = tuple(t for t in type_line.split(" — ")[0].split() if t != "Legendary")
    return Card(name, "normal", (Face(name, "{1}", type_line, text, supertypes=supers, types=types, subtypes=subtypes),))


def test_partner_abilities_as_oracle_text_prints_them() -> None:
    """Each kind of 702.124, reminder text or not; a rules text that only mentions partner is none."""
    assert partner_abilities(_legend("A", "Flying\nPartner (You can have two commanders if both have partner.)")) == [("partner", "")]
    assert partner_abilities(_legend("B", "Partner with Cee (When this creature enters, …)")) == [("partner with", "Cee")]
    assert partner_abilities(_legend("C", "Partner—Character select")) == [("partner—character select", "")]
    assert partner_abilities(_legend("D", "Friends forever (You can have two commanders if both have friends forever.)")) == [
        ("partner—friends forever", "")]  # the older printing of partner—Friends forever
    assert partner_abilities(_legend("E", "Choose a Background (You can have a Background as a second commander.)")) == [
        ("choose a background", "")]
    assert partner_abilities(_legend("F", "Doctor’s companion")) == [("doctor's companion", "")]
    assert partner_abilities(_legend("G", "Creatures you control with partner get +1/+1.")) == []


def test_the_other_half_of_a_background_or_a_doctors_companion() -> None:
    background = _legend("Guild Artisan", "Commander creatures you own have …", "Legendary Enchantment — Background", ("Background",))
    assert is_background(background) and not is_background(_legend("H", ""))
    doctor = _legend("The Tenth Doctor", "", "Legendary Creature — Time Lord Doctor", ("Time Lord", "Doctor"))
    assert is_doctor(doctor)
    assert not is_doctor(_legend("Rogue", "", "Legendary Creature — Time Lord Rogue", ("Time Lord", "Rogue")))


def test_an_entry_naming_its_variants_is_found_by_its_first_term(full_book: Rulebook) -> None:
    """The glossary's "Partner, “Partner—[text],” “Partner with [name]”" is the entry of Partner."""
    rule = defining_rule(full_book, "Partner", "partner means designate two legendary cards as your commander if each of them has partner")
    assert rule == "702.124h"
