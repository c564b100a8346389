"""Players' short forms of card names: initials and one word of a name, each standing for a card only when that
card is played far more than any other the form fits; rules words, types, families and rules abbreviations never."""

from __future__ import annotations

from rulesgraph.cards.model import CardName
from rulesgraph.cards.nametable import tokens
from rulesgraph.cards.shortforms import (
    FAMILY,
    SHORT_POPULAR,
    ShortForms,
    abbreviations,
    epithet_named,
    initials,
    named_parts,
    said_alone,
    short_name,
)

CARDS = [CardName("Lightning Bolt", rank=400), CardName("Bolt Bend", rank=1700), CardName("Swords to Plowshares", rank=13),
         CardName("Search the Premises", rank=5000), CardName("Jace, the Mind Sculptor", rank=1500),
         CardName("Junji, the Midnight Sky", rank=3900), CardName("Path to Exile", rank=33), CardName("Path of Ancestry", rank=56),
         CardName("Birds of Paradise", rank=59), CardName("Elder Deep-Fiend", rank=900), CardName("Obscure Thing", rank=9000),
         CardName("Silly Bolt", funny=True, rank=1)]
CARDS += [CardName(f"Sword of {w}", rank=r) for w, r in (("Feast and Famine", 400), ("Fire and Ice", 1500), ("the Animist", 3000),
                                                         ("Body and Mind", 4000))]


def forms(cards: list[CardName] = CARDS, **kw: object) -> dict[str, tuple[str, str]]:
    args: dict = {"taken": set(), "rules_words": set(), "type_words": set(), "abbrev": set()} | kw
    return {form: (card.key, kind) for form, card, kind in ShortForms(cards, tokens).forms(**args)}


def test_initials_are_every_word_small_words_included() -> None:
    assert initials(tokens("Jace, the Mind Sculptor")) == "jtms"
    assert initials(tokens("Lion's Eye Diamond")) == "led"


def test_a_form_stands_for_the_far_most_played_card_it_fits() -> None:
    f = forms()
    assert f["bolt"] == ("Lightning Bolt", "short form")  # 400 against 1,700: far more played (joke cards don't count)
    assert f["stp"] == ("Swords to Plowshares", "initials")
    assert f["jtms"] == ("Jace, the Mind Sculptor", "initials")  # 1,500 against Junji's 3,900
    assert f["birds"] == ("Birds of Paradise", "short form")
    assert "path" not in f  # Path to Exile 33, Path of Ancestry 56: neither is far more played
    assert "obscure" not in f and "ot" not in f  # not played enough to be said short; two letters are no initials
    assert 400 * SHORT_POPULAR < 1700


def test_a_family_word_is_no_cards_short_form() -> None:
    assert "sword" not in forms()  # four names begin with it: "my Sword" is any of them
    assert FAMILY[0] < 4


def test_rules_words_types_taken_surfaces_and_abbreviations_are_never_forms() -> None:
    f = forms(taken={("birds",)}, rules_words={"bolt"}, type_words={("elder",)}, abbrev={"stp"})
    assert not {"birds", "bolt", "elder", "stp"} & f.keys()
    assert "fiend" not in forms()  # "Deep-Fiend" is not said alone as a word of its own
    assert {"etb", "eot", "sba", "ltb"} <= abbreviations([("enters", "the", "battlefield"), ("end", "of", "turn"),
                                                          ("state", "based", "actions"), ("leaves", "the", "battlefield")])


def test_the_short_name_is_what_comes_before_a_comma() -> None:
    assert short_name("Sheoldred, the Apocalypse") == "Sheoldred"
    assert short_name("Lightning Bolt") is None
    assert short_name("Yes!, Really") is None  # a head that ends a sentence is no name


def test_a_legendary_characters_name_before_its_epithet_is_its_short_name() -> None:
    """"is tymna a partner with thrasios?" read Thrasios (a comma's short name) and not Tymna the Weaver: its first word, a
    part, needed an owner's word in lower case.  Only a one-face character's, never English, no other card's part."""
    legend = ("Creature", "Human", "Legendary")
    assert epithet_named(CardName("Tymna the Weaver", types=legend))
    assert epithet_named(CardName("Liliana of the Veil", types=("Legendary", "Liliana", "Planeswalker")))
    assert not epithet_named(CardName("Heart of Kiran", types=("Artifact", "Legendary", "Vehicle")))  # a thing
    assert not epithet_named(CardName("Halvar, God of Battle // Sword of the Realms", ("Halvar, God of Battle", "Sword of the Realms"),
                                      types=("Creature", "Equipment", "Legendary")))  # a face that is no character
    assert not epithet_named(CardName("Sidar Kondo of Jamuraa", types=legend))
    cards = [CardName("Tymna the Weaver", rank=300, types=legend), CardName("Hope of Ghirapur", rank=3000, types=legend),
             CardName("Kodama of the West Tree", rank=900, types=legend), CardName("Kodama of the East Tree", rank=1200, types=legend)]
    zipf = {"tymna": 0.0, "hope": 5.6, "kodama": 1.5}
    kinds = {(w, c.key): k for w, c, k in named_parts(cards, set(), lambda n: n.lower().split(), lambda w: zipf.get(w, 0.0))}
    assert kinds[("tymna", "Tymna the Weaver")] == "short"
    assert ("hope", "Hope of Ghirapur") not in kinds  # English: no part at all
    assert {k for (w, _), k in kinds.items() if w == "kodama"} == {"part"}  # two Kodamas: parts, as before


def test_words_said_alone_begin_or_end_a_name_of_several_words() -> None:
    cards = [CardName("Snapcaster Mage"), CardName("Kitchen Finks"), CardName("Thalia's Lieutenant"),
             CardName("Jace, the Mind Sculptor"), CardName("Silly Thing", funny=True), CardName("Elf Warrior Archer")]
    alone = said_alone(cards, {("mage",)}, tokens)
    assert [c.key for c in alone["snapcaster"][0]] == ["Snapcaster Mage"] and not alone["snapcaster"][1]
    assert [c.key for c in alone["finks"][1]] == ["Kitchen Finks"]  # the last word of a name of two words
    assert "mage" not in alone  # a type word
    assert "thalias" not in alone and "jace" not in alone  # an apostrophe; a name with a comma (its short name says it)
    assert "silly" not in alone and "archer" not in alone  # a joke card; the last word of a name of three words
    assert "elf" not in alone  # fewer than four letters
