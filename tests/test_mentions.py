"""Finding the cards a question names: each kind of evidence on a small table (always runs), then realistic
questions against every card name of the stand-in card file (skipped without ../shared, required in CI)."""

from __future__ import annotations

import json
import lzma
from pathlib import Path

import pytest

from rulesgraph import Rulebook
from rulesgraph.cards.model import CardName, names_from_atomic
from rulesgraph.cards.nametable import NameTable, rules_vocabulary
from rulesgraph.question.mentions import BARE, find_cards

from .conftest import require_cards

ZIPF = {"snapcaster": 0.0, "mage": 3.5, "voldaren": 0.0, "island": 4.9, "fog": 3.9, "fly": 4.7, "worship": 4.3,
        "thalias": 0.0, "lieutenant": 3.9, "clone": 3.7, "colossus": 3.5, "darksteel": 1.0, "collision": 4.0, "illusion": 4.0,
        "reality": 4.7, "juggernaut": 3.3, "shock": 4.5, "murder": 4.9, "stomp": 3.6, "giant": 4.6, "bonecrusher": 0.5,
        "fire": 5.0, "ice": 4.8, "path": 4.7, "exile": 3.8, "kitchen": 4.6, "finks": 2.0, "hold": 5.2, "line": 5.5,
        "flash": 4.5, "guide": 4.6, "goblin": 3.3, "arena": 4.3, "return": 5.2, "olivia": 3.8, "counterspell": 1.2}


@pytest.fixture(scope="module")
def table() -> NameTable:
    cards = [CardName(n) for n in ("Shock", "Murder", "Path to Exile", "Kitchen Finks", "Hold the Line", "Flash",
                                   "Goblin Guide", "Arena", "Return", "Tarmogoyf", "Counterspell", "Sheoldred, Whispering One",
                                   "Restoration Angel", "Stuffy Doll", "Clone", "Darksteel Colossus", "Snapcaster Mage",
                                   "Olivia Voldaren", "Exile", "Fog", "Fly", "Worship", "Thalia's Lieutenant",
                                   "Thalia, Guardian of Thraben")]
    cards += [CardName("Island", types=("Basic", "Land", "Island"))]
    cards += [CardName("Juggernaut", types=("Artifact", "Creature", "Juggernaut")),
              CardName("Illusion // Reality", ("Illusion", "Reality"), layout="split", types=("Instant",)),
              CardName("Phantasmal Image", types=("Creature", "Illusion")), CardName("Collision // Colossus", ("Collision", "Colossus"))]
    cards += [CardName("Bonecrusher Giant // Stomp", ("Bonecrusher Giant", "Stomp"), layout="adventure"),
              CardName("Fire // Ice", ("Fire", "Ice"), layout="split"), CardName("Olivia, Crimson Bride", rank=900),
              CardName("Olivia, Mobilized for War", rank=500), CardName("Look at Me, I'm R&D", funny=True)]
    return NameTable.build(cards, ["flash", "return", "exile", "commander", "lifelink", "flying"], zipf=lambda w: ZIPF.get(w, 0.0))


def said(text: str, table: NameTable) -> list[tuple[str, str | None, str]]:
    return [(m.said, m.key, m.how) for m in find_cards(text, table)]


def test_exact_names_and_spans(table: NameTable) -> None:
    text = "Can my opponent Path to Exile my Stuffy Doll?"
    found = find_cards(text, table)
    assert [(m.key, m.how) for m in found] == [("Path to Exile", "exact"), ("Stuffy Doll", "exact")]
    assert all(text[m.start:m.end] == m.said for m in found)
    assert found[0].confidence > 0.9


def test_brackets_are_cards_even_when_they_are_words(table: NameTable) -> None:
    assert said("does [[Return]] work on tokens? and [[Look at Me, I'm R&D]]", table) == [
        ("Return", "Return", "bracket"), ("Look at Me, I'm R&D", "Look at Me, I'm R&D", "bracket")]
    assert said("what about [[Tarmogoyff]]", table) == [("Tarmogoyff", "Tarmogoyf", "bracket")]  # brackets forgive slips


def test_possessives_plurals_and_verbed_names(table: NameTable) -> None:
    assert said("my two Kitchen Finkses die at once", table) == [("Kitchen Finkses", "Kitchen Finks", "plural")]
    assert said("both my Goblin Guides attack", table) == [("Goblin Guides", "Goblin Guide", "plural")]
    assert said("does Sheoldred's trigger happen?", table) == [("Sheoldred's", "Sheoldred, Whispering One", "short")]
    assert said("I Path to Exile'd it", table) == [("Path to Exile'd", "Path to Exile", "verb")]
    assert said("then he Shocked my creature", table) == [("Shocked", "Shock", "verb")]
    assert said("my creature was shocked", table) == []


def test_a_counted_plural_of_a_name_english_half_knows() -> None:
    """"my two thalias": a lower-case plural of a name (here a short name) that English half knows, after a word that
    counts it, is copies of the card; without the count, or for a word English knows well, it stays a word."""
    zipf = {"thalia": 2.5, "thalias": 2.5, "fog": 3.9, "fogs": 3.9, "turn": 5.5, "turns": 5.5}
    t = NameTable.build([CardName("Thalia, Guardian of Thraben"), CardName("Fog"), CardName("Turn // Burn", ("Turn", "Burn"),
                                                                                                 layout="split")],
                        [], zipf=lambda w: zipf.get(w, 0.0))
    assert said("can my two thalias both stay on the battlefield", t) == [("thalias", "Thalia, Guardian of Thraben", "short")]
    assert said("do both thalias tax my spells", t) == [("thalias", "Thalia, Guardian of Thraben", "short")]
    assert said("can thalias stay on the battlefield", t) == []  # no count: a word
    assert said("I take two turns in a row", t) == []  # a word English knows well, counted or not


def test_a_cue_word_inside_another_name_cues_nothing() -> None:
    """"cast", "resolve" before a lower-case name English knows make it a card ("I resolve negate"); said with a capital
    inside a sentence the word is part of another card's name ("Does the Steely Resolve negate the effects of …?", a real
    forum question), and the lower-case word after it stays a verb."""
    zipf = {"negate": 3.3, "steely": 2.9, "resolve": 4.0}
    t = NameTable.build([CardName("Negate"), CardName("Steely Resolve")], [], zipf=lambda w: zipf.get(w, 0.0))
    assert said("Does the Steely Resolve negate the effects of my Plague?", t) == [("Steely Resolve", "Steely Resolve", "exact")]
    assert said("I resolve negate and counter it", t) == [("negate", "Negate", "exact")]
    assert said("Resolve negate first, then attack", t) == [("negate", "Negate", "exact")]  # a sentence's capital is no name's


def test_a_short_name_said_with_another_epithet_is_another_card() -> None:
    """A card the installed data lacks is said with the short name of one it holds: "Elesh Norn, Mother of Machines" (a
    real question, with card data of 2022) is not Elesh Norn, Grand Cenobite, and "Sheoldred, the Apocalypse" names
    neither Sheoldred, Whispering One nor Apocalypse.  The card's own epithet, or another card after the comma (a list),
    keeps the reading."""
    t = NameTable.build([CardName(n) for n in ("Elesh Norn, Grand Cenobite", "Sheoldred, Whispering One", "Apocalypse",
                                               "Thalia, Guardian of Thraben", "Goblin Guide", "Jailbreak")],
                        [], zipf=lambda w: 0.0)
    assert said("If I control Elesh Norn, Mother of Machines and cast Jailbreak", t) == [("Jailbreak", "Jailbreak", "exact")]
    assert said("My opponent has Sheoldred, the Apocalypse. Can I respond?", t) == []
    assert said("I have Elesh Norn, Thalia, and a Goblin Guide", t)[0] == ("Elesh Norn", "Elesh Norn, Grand Cenobite", "short")
    assert said("Elesh Norn, Grand Cenobite is out", t) == [("Elesh Norn, Grand Cenobite", "Elesh Norn, Grand Cenobite", "exact")]
    assert said("Does Sheoldred, Whisper One trigger?", t)[0][1] == "Sheoldred, Whispering One"  # its own epithet, misspelt
    absent: list[str] = []
    find_cards("Elesh Norn, Mother of Machines and Sheoldred, the Apocalypse; Elesh Norn, Mother of Machines", t, absent=absent)
    assert absent == ["Elesh Norn, Mother of Machines", "Sheoldred, the Apocalypse"]  # each once, for the answer to say


def test_an_epithet_said_without_its_comma() -> None:
    """"Sheoldred the Apocalypse" (no comma, as players type it) is the same newer card as "Sheoldred, the Apocalypse";
    "the" and a word of a card the question names is no epithet ("Will the Decree get a counter?", Decree of Silence
    named before), nor is "the" and a rules word ("Ragavan the Ring-bearer") or a word in lower case ("Sheoldred the
    turn after")."""
    t = NameTable.build([CardName(n) for n in ("Sheoldred, Whispering One", "Apocalypse", "Decree of Silence", "Blood Artist",
                                               "Rowan, Scholar of Sparks // Will, Scholar of Frost")], [], zipf=lambda w: 0.0)
    absent: list[str] = []
    assert [m.key for m in find_cards("How does Sheoldred the Apocalypse work with Blood Artist?", t, absent=absent)] == ["Blood Artist"]
    assert absent == ["Sheoldred the Apocalypse"]
    assert said("I cast Sheoldred the turn after", t)[0][1] == "Sheoldred, Whispering One"
    absent = []
    find_cards("I have Decree of Silence in play. Can I Stifle my own Decree? Will the Decree get a counter?", t, absent=absent)
    assert absent == []
    ruled = NameTable.build([CardName("Ragavan, Nimble Pilferer"), CardName("Kenrith, the Returned King"),
                             CardName("Arahbo, Roar of the World")], ["ring-bearer", "commander", "first strike", "first"],
                            zipf=lambda w: 0.0)
    absent = []
    assert said("Does Arahbo the First Fang trigger?", ruled) == [] and not find_cards("Arahbo the First Fang", ruled, absent=absent)
    assert absent == ["Arahbo the First Fang"]  # "first" is a rules word, "first fang" no rules phrase: an epithet
    assert said("If I make Ragavan the Ring-bearer, can it be blocked?", ruled)[0][1] == "Ragavan, Nimble Pilferer"  # a rules word
    assert said("Is Kenrith the Commander of my deck?", ruled)[0][1] == "Kenrith, the Returned King"


def test_a_first_word_english_knows_stands_for_a_played_card_only() -> None:
    """"the rulings on Gatherer": a name's first word said alone is its card when English hardly knows the word or the card
    is among the most played (PART_PLAYED); a word English knows is not an obscure card's name."""
    zipf = {"gatherer": 2.8, "chalice": 3.0, "delver": 1.5}
    t = NameTable.build([CardName("Gatherer of Graces", rank=17431), CardName("Chalice of the Void", rank=4495),
                         CardName("Delver of Secrets", rank=10548), CardName("Blood Moon", rank=300)],
                        [], zipf=lambda w: zipf.get(w, 0.0))
    assert said("According to the rulings on Gatherer, Blood Moon removes all abilities", t) == [("Blood Moon", "Blood Moon", "exact")]
    assert said("My opponent has Chalice on 0", t) == [("Chalice", "Chalice of the Void", "part")]
    assert said("can Delver flip in response", t) == [("Delver", "Delver of Secrets", "part")]
    unranked = NameTable.build([CardName("Chalice of the Void")], [], zipf=lambda w: zipf.get(w, 0.0))  # no rank: not unplayed
    assert said("My opponent has Chalice on 0", unranked) == [("Chalice", "Chalice of the Void", "part")]


def test_a_played_names_possessive_said_bare() -> None:
    """"urza saga", "sensei divining top": players drop a name's "'s"; read as the card when it is much played (PLAYED),
    as "card" reads it — not an unplayed card's, whose words as said ("nature will") may meet by chance."""
    t = NameTable.build([CardName("Urza's Saga", rank=291), CardName("Sensei's Divining Top", rank=400),
                         CardName("Urza, Lord High Artificer", rank=700), CardName("Nature's Will", rank=9000)],
                        [], zipf=lambda w: {"nature": 5.0, "will": 6.5, "saga": 3.0, "top": 5.5}.get(w, 0.0))
    assert said("does urza saga keep its abilities?", t) == [("urza saga", "Urza's Saga", "possessive")]
    assert [f.confidence for f in find_cards("does urza saga keep its abilities?", t)] == [BARE]  # not as sure as said rightly
    assert said("my sensei divining top and counterbalance", t)[0][:2] == ("sensei divining top", "Sensei's Divining Top")
    birds = NameTable.build([CardName("Birds of Paradise", rank=59)], [], zipf=lambda w: {"bird": 4.5, "paradise": 4.3}.get(w, 0.0))
    assert said("can my bird of paradise block?", birds)[0][:2] == ("bird of paradise", "Birds of Paradise")  # as a typo too
    assert said("the nature will of the game", t) == []
    assert said("urza lord high artificer", t)[0][1] == "Urza, Lord High Artificer"  # a name as written keeps its reading


def test_a_word_english_knows_is_the_card_when_asked_what_it_does() -> None:
    """"does solemnity stop undying?": a lower-case word English knows is a card when what follows asks whether it stops
    something (DOES), as an owner's word makes it one; not a rules word ("does regeneration stop it" asks the keyword
    action), not a word of a longer name, not after an article, not "work" (players say "how does flicker work" of the
    effect), and not alone ("solemnity in the face of defeat")."""
    zipf = {"solemnity": 2.5, "humility": 3.6, "regeneration": 3.5, "stop": 5.5, "undying": 2.0, "persist": 3.4, "flicker": 3.1,
            "blink": 3.7, "eye": 5.0}
    t = NameTable.build([CardName("Solemnity"), CardName("Humility"), CardName("Regeneration"), CardName("Flicker"),
                         CardName("Blink of an Eye", rank=2129)], ["regeneration", "undying", "persist"], zipf=lambda w: zipf.get(w, 0.0))
    assert said("does solemnity stop undying?", t) == [("solemnity", "Solemnity", "exact")]
    assert said("does humility stop persist?", t) == [("humility", "Humility", "exact")]
    assert said("does regeneration stop it from dying?", t) == []
    assert said("how does flicker work with tokens?", t) == [] and said("does the flicker stop it", t) == []
    assert said("does blink stop the trigger?", t) == []
    # between an asking word and a game verb it is the question's subject (ASKS, DOES_VERBS)
    assert said("does humility make my creatures 1/1?", t) == [("humility", "Humility", "exact")]
    assert said("humility make my creatures 1/1", t) == [] and said("how does flicker work with tokens?", t) == []
    known = NameTable.build([CardName("Opposition"), CardName("Balance")], [], zipf={"opposition": 4.6, "balance": 4.9}.get)
    assert said("does opposition let me tap lands?", known) == [("opposition", "Opposition", "exact")]  # English knows it well
    assert said("my opposition is strong", known) == [] and said("does balance matter here?", known) == []
    assert [f.confidence for f in find_cards("solemnity in the face of defeat", t)] in ([], [0.4])  # WEAK: not read as a card


def test_a_split_cards_halves_joined_by_slashes_in_any_case(table: NameTable) -> None:
    """"whats the cmc of fire // ice?": only a split card's name joins two words with "//"; in lower case it is the card
    though English knows both words (card found it, ask did not)."""
    assert said("whats the cmc of fire // ice?", table) == [("fire // ice", "Fire // Ice", "exact")]
    assert said("whats the cmc of fire//ice?", table) == [("fire//ice", "Fire // Ice", "exact")]
    assert said("is fire and ice hot", table) == []


def test_short_names_and_ambiguous_ones(table: NameTable) -> None:
    found = find_cards("If Olivia attacks, what happens?", table)
    assert [(m.key, m.candidates, m.how) for m in found] == [
        (None, ("Olivia, Mobilized for War", "Olivia, Crimson Bride", "Olivia Voldaren"), "short")]  # most played first
    assert said("I cast Sheoldred, Whispering One", table)[0][1:] == ("Sheoldred, Whispering One", "exact")


def test_one_face_of_a_card(table: NameTable) -> None:
    assert said("can I cast the Stomp half of Bonecrusher Giant?", table) == [
        ("Stomp", "Bonecrusher Giant // Stomp", "face"), ("Bonecrusher Giant", "Bonecrusher Giant // Stomp", "face")]
    assert said("I split Fire between two creatures", table) == [("Fire", "Fire // Ice", "face")]


def test_capitals_are_the_evidence_for_common_words(table: NameTable) -> None:
    assert said("I Shock my own creature", table) == [("Shock", "Shock", "exact")]
    assert said("is there a shock when it dies, or murder?", table) == []  # lower-case English words
    assert said("Shock and awe at the table", table) == []  # a sentence's capital says nothing …
    assert said("Shock deals 2 damage", table) == [("Shock", "Shock", "exact")]  # … unless what follows is what cards do
    assert said("Tarmogoyf gets bigger", table) == [("Tarmogoyf", "Tarmogoyf", "exact")]  # … unless English lacks the word
    assert said("how big is tarmogoyf?", table) == [("tarmogoyf", "Tarmogoyf", "exact")]
    assert said("is that like a counterspell?", table) == []  # players' English, said as a common noun
    assert said("can I counterspell it?", table) == [("counterspell", "Counterspell", "exact")]  # rarer than 1 in 10⁷ words
    assert said("I played on MTG Arena", table) == []  # a word of another name


def test_lower_case_phrases_count_when_distinctive(table: NameTable) -> None:
    assert said("path to exile on a kitchen finks", table) == [("path to exile", "Path to Exile", "exact"),
                                                               ("kitchen finks", "Kitchen Finks", "exact")]
    assert said("you have to hold the line here", table) == []  # ordinary words that meet often
    assert said("I cast Hold the Line", table) == [("Hold the Line", "Hold the Line", "exact")]


def test_rules_words_are_cards_only_when_cast_or_bracketed(table: NameTable) -> None:
    assert said("my creature has Flash. Return it to hand", table) == []
    assert said("In Commander, can I Return a creature?", table) == []
    assert said("I cast Flash and put a creature in", table) == [("Flash", "Flash", "exact")]


def test_title_case_and_capitals_are_no_evidence(table: NameTable) -> None:
    assert said("Can I Shock A Creature In The Graveyard?", table) == []
    assert said("CAN I SHOCK A CREATURE WITH TARMOGOYF", table) == [("TARMOGOYF", "Tarmogoyf", "exact")]


def test_typos_on_long_names(table: NameTable) -> None:
    assert said("I blinked my Restoration Angle", table) == [("Restoration Angle", "Restoration Angel", "typo")]
    assert said("how big is tarmogyof now", table) == [("tarmogyof", "Tarmogoyf", "typo")]
    assert said("my Stufy Dol", table) == [("Stufy Dol", "Stuffy Doll", "typo")]  # ten letters: two slips allowed
    assert said("I Murdr it, then I Shokc it", table) == []  # too short a name for a slip
    assert said("does lifelinks work", table) == []  # as close to a rules word: not a card


def test_uncommon_lower_case_words_owned_or_cast_are_cards(table: NameTable) -> None:
    assert said("my clone copies their creature", table) == [("clone", "Clone", "exact")]
    assert said("is there a clone effect in layer 1? is it a clone?", table) == []


def test_a_whole_card_name_cast_is_the_card_however_common_the_word(table: NameTable) -> None:
    """Cast, a one-face card's whole name is the card even when English says the word every day ("murder"); a split
    card's half is not ("cast fire spells"), nor a word after another cue ("resolve murder charges")."""
    assert said("opp cast murder on my guy", table) == [("murder", "Murder", "exact")]
    assert said("can I cast fire spells at it?", table) == [] and said("we resolve murder mysteries", table) == []
    # a name of three letters too, cast ("i cast fog"); said any other way it is a word ("my creature can fly")
    assert said("i cast fog before damage", table) == [("fog", "Fog", "exact")]
    assert said("my creature can fly over the fog", table) == []
    # a trial's "evoking fury": evoked, dashed, foretold or unearthed, as when cast (only a card can be)
    assert said("can i kill it in response to evoking murder?", table) == [("murder", "Murder", "exact")]
    assert said("if i foretell murder and cast it later", table) == [("murder", "Murder", "exact")]
    assert said("a dash of murder mystery", table) == []


def test_a_card_named_like_a_type_is_not_the_type(table: NameTable) -> None:
    assert said("My Juggernaut attacks each combat", table) == [("Juggernaut", "Juggernaut", "exact")]
    assert said("two Juggernaut tokens, a Juggernaut and some Juggernauts", table) == []
    assert said("it is a Clone that is also an Illusion", table) == [("Clone", "Clone", "exact")]


def test_one_word_of_a_card_named_in_full_is_that_card(table: NameTable) -> None:
    found = said("I sacrifice my Darksteel Colossus. Colossus says shuffle it in", table)
    assert found == [("Darksteel Colossus", "Darksteel Colossus", "exact"), ("Colossus", "Darksteel Colossus", "short")]
    assert said("then Colossus hits", table) == [("Colossus", "Collision // Colossus", "face")]  # nothing else named


def test_a_names_first_or_last_word_alone(table: NameTable) -> None:
    assert said("can my opponent counter the Snapcaster trigger?", table) == [("Snapcaster", "Snapcaster Mage", "part")]
    assert said("my Finks persisted once", table) == [("Finks", "Kitchen Finks", "part")]
    assert said("my Snapcaster's trigger", table) == [("Snapcaster's", "Snapcaster Mage", "part")]  # a possessive, no plural
    assert said("When Clone copies a Finks, does it persist?", table)[-1] == ("Finks", "Kitchen Finks", "part")  # one Finks
    assert said("an Illusion attacks", table) == []  # an article before a type's own name: the type
    assert said("a pauper snapcaster deck", table) == []  # said alone in lower case: a word, a deck
    found = find_cards("If Olivia attacks, what happens?", table)  # a first word joins the short names' candidates
    assert found[0].key is None and "Olivia Voldaren" in found[0].candidates
    assert said("Does Thalia's tax apply?", table) == [("Thalia's", "Thalia, Guardian of Thraben", "short")]  # not Thalia's Lieutenant


def test_what_follows_can_say_it_is_a_card(table: NameTable) -> None:
    assert said("Exile targets an attacking creature", table) == [("Exile", "Exile", "exact")]
    assert said("Exile it until end of turn", table) == []
    assert said("Worship is out and I am at 1 life", table) == [("Worship", "Worship", "exact")]
    assert said("off a basic Island, or a Forest?", table) == [("Island", "Island", "exact")]


def test_a_lower_case_name_on_it_is_a_card_where_cards_are() -> None:
    """"with rancor on it" says an English word is a card on a permanent, as "on my creature" does; a word of English
    said alone in lower case, or a thing put "on it" that no card is named, is not."""
    t = NameTable.build([CardName("Rancor"), CardName("Pacifism")], [], zipf={"rancor": 3.1, "pacifism": 3.0}.get)
    assert said("my creature with rancor on it died, where does rancor go?", t)[0] == ("rancor", "Rancor", "exact")
    assert said("they put pacifism on it, can it still block?", t) == [("pacifism", "Pacifism", "exact")]
    assert said("there was some rancor between us", t) == []
    assert said("put a +1/+1 counter on it", t) == []


def test_a_rules_word_said_as_the_card(table: NameTable) -> None:
    assert said("Flash the card - does it give my creature flash?", table)[0] == ("Flash", "Flash", "exact")
    assert said("Flash the creature in at instant speed", table) == []
    assert said("When Return is on my creature, what happens?", table) == [("Return", "Return", "exact")]  # a keyword never is
    assert said("Flash is on the stack", table) == []  # a trigger said loosely, not a card where cards are
    # counted as a thing, with no noun of its own after it (a real question: "Can I counter it with a Cancel from my hand?")
    assert said("can I counter it with a Flash from my hand?", table) == [("Flash", "Flash", "exact")]
    assert said("they countered a Return.", table) == [("Return", "Return", "exact")]
    assert said("I block with a Flash creature", table) == []
    assert said("it is an Island and a Flash", table)[0][0] != "Island"  # a type's name is the type


def test_a_rules_word_with_a_capital_set_apart_from_the_same_word_is_the_card(table: NameTable) -> None:
    """Issue 30: a rules word said with a capital inside a sentence and right after it again in lower case ("Does Return
    return …") is the card; not said so only once, nor apart ("the Exile zone … exile it": emphasis or another name),
    nor at a sentence's start."""
    assert said("Does Return return the creature or just its aura?", table) == [("Return", "Return", "exact")]
    assert said("Does Return do anything to the creature?", table) == []
    assert said("Is the Exile zone public? Can I exile it face down?", table) == []
    assert said("Return return it?", table) == []


def test_capitalised_common_nouns_are_not_cards(table: NameTable) -> None:
    assert said("how do Clone effects work? is a Fog-like shield a card?", table) == []
    assert said("my creature has Flying", table) == []  # not Fly made a verb


def test_joke_cards_only_in_brackets(table: NameTable) -> None:
    assert said("Look at Me, I'm R&D", table) == []


def test_empty_and_odd_text(table: NameTable) -> None:
    assert find_cards("", table) == []
    assert find_cards("[[]] [[ ]] ' - // ,", table) == []
    assert find_cards("Shock" * 500, table) == []


# --- every card of the stand-in file ---------------------------------------------------------------------------

@pytest.fixture(scope="session")
def card_names() -> list[CardName]:
    """Every card name and face of the stand-in AtomicCards file, read once."""
    with lzma.open(require_cards()) as f:
        return list(names_from_atomic(json.load(f)["data"]))


@pytest.fixture(scope="session")
def full_table(card_names: list[CardName], full_book: Rulebook) -> NameTable:
    return NameTable.build(card_names, rules_vocabulary(full_book.index, full_book.graph))


# Questions written for these tests, each with the cards it names (a key; a short name's candidates are given as
# the tuple of keys, order free).  Words that look like cards but are not are in NOT_CARDS, said in context.
NAMED: list[tuple[str, list[str | tuple[str, ...]]]] = [
    ("I Murder my opponent's Stuffy Doll, what happens?", ["Murder", "Stuffy Doll"]),
    ("my two Kitchen Finkses die at once with -1/-1 counters, do they come back?", ["Kitchen Finks"]),
    ("Torpor Orb is out, does my Blade of Selves still trigger?", ["Torpor Orb", "Blade of Selves"]),
    ("Can my opponent Path to Exile my Slippery Bogle in response to the Rancor trigger?", ["Path to Exile", "Slippery Bogle", "Rancor"]),
    ("I Control Magic'd their Baneslayer Angel. Who controls it after they Act of Treason it?",
     ["Control Magic", "Baneslayer Angel", "Act of Treason"]),
    ("Blood Moon and Urborg, Tomb of Yawgmoth are both in play. What are my nonbasics?", ["Blood Moon", "Urborg, Tomb of Yawgmoth"]),
    ("Does Tarmogoyf count instants removed from the game by Bojuka Bog?", ["Tarmogoyf", "Bojuka Bog"]),
    ("if i cast lightning bolt on a creature with protection from red, what happens", ["Lightning Bolt"]),
    ("Dark Confidant flips Fire // Ice. How much life do I lose?", ["Dark Confidant", "Fire // Ice"]),
    ("Can I cast Stomp from Bonecrusher Giant and then the Giant later from exile?",
     ["Bonecrusher Giant // Stomp", "Bonecrusher Giant // Stomp"]),
    ("My Delver of Secrets flipped into Insectile Aberration. Does it keep its counters?",
     ["Delver of Secrets // Insectile Aberration", "Delver of Secrets // Insectile Aberration"]),
    ("Ragavan's trigger: do I get the treasure if they block?", ["Ragavan, Nimble Pilferer"]),
    ("Thalia makes my Lightning Bolt cost more, right?", [("Thalia, Guardian of Thraben", "Thalia, Heretic Cathar"), "Lightning Bolt"]),
    ("I have two Glorious Anthems and a Mutavault. How big is Mutavault when animated?",
     ["Glorious Anthem", "Mutavault", "Mutavault"]),
    ("Does Rest in Peace stop Kokusho, the Evening Star's trigger?", ["Rest in Peace", "Kokusho, the Evening Star"]),
    ("my Restoration Angle blinks a Kitchen Finks with a -1/-1 counter", ["Restoration Angel", "Kitchen Finks"]),
    ("How does Thoughtsieze interact with Leyline of Sanctity?", ["Thoughtseize", "Leyline of Sanctity"]),
    ("If I Shock my own Stonecoil Serpent with X=2, what happens to the counters?", ["Shock", "Stonecoil Serpent"]),
    ("[[Sol Ring]] and [[Opt]] in the same turn with Storm Crow", ["Sol Ring", "Opt", "Storm Crow"]),
    ("can swords to plowshares target my own elesh norn?", ["Swords to Plowshares", "Elesh Norn, Grand Cenobite"]),
    ("When Doubling Season and Hardened Scales are both out, how many counters does Walking Ballista get?",
     ["Doubling Season", "Hardened Scales", "Walking Ballista"]),
    ("Phyrexian Arena and Sulfuric Vortex trigger in my upkeep. Who goes first?", ["Phyrexian Arena", "Sulfuric Vortex"]),
    ("Opponent casts Counterspell on my Emrakul, the Aeons Torn. Do I still take an extra turn?",
     ["Counterspell", "Emrakul, the Aeons Torn"]),
    ("We both control a Platinum Angel and an Abyssal Persecutor. Who loses?", ["Platinum Angel", "Abyssal Persecutor"]),
    ("is Humility or Opalescence first in timestamp order?", ["Humility", "Opalescence"]),
    ("Humility is out and then opalescence enters. what are my creatures?", ["Humility", "Opalescence"]),
    ("they Stifled my fetchland trigger and I Reverberated their Lightning Bolt", ["Stifle", "Reverberate", "Lightning Bolt"]),
    ("I sacrificed Darksteel Colossus to Thud. Colossus says shuffle it into the library instead.",
     ["Darksteel Colossus", "Thud", "Darksteel Colossus"]),
    ("My Juggernaut attacks each combat. Can my opponent chump it with a Zombie token?", ["Juggernaut"]),
    ("so my buddy cast time walk and i cast stifle on nothing", ["Time Walk", "Stifle"]),
    ("my clone copies their tarmogoyf, how big is it?", ["Clone", "Tarmogoyf"]),
    ("urza's saga under blood moon: does it lose its chapters?", ["Urza's Saga", "Blood Moon"]),
    ("Opponent's Tarmagoyf is a 4/5 and they Giant Growth it; then I cast Turn to Frog on it.",
     ["Tarmogoyf", "Giant Growth", "Turn to Frog"]),
    ("I flashed in Snapcaster Mage targeting my Fire // Ice, and later I Snap it again",
     ["Snapcaster Mage", "Fire // Ice", "Snapcaster Mage"]),
]

NOT_CARDS = [
    "my creature has Flying and Persist. Persist returns it with a counter, right?",
    "In Commander, does my commander's damage count if it has Lifelink?",
    "Return target creature to its owner's hand: in Response, can I sacrifice it?",
    "Can I Regenerate a creature that was dealt lethal damage?",
    "Flash lets me cast it any time I could cast an instant?",
    "I want to protect my creature from a flood of removal; do I lure the blockers?",
    "There's a shock and then an opt to scry. Is that a fling?",
    "Does a Vigilance creature untap? What about Trample over a Deathtouch blocker?",
    "Exile it until end of turn, then Return it to the battlefield under its owner's control.",
    "At the Beginning of Combat, in the Main Phase, and in the End Step: which Triggers happen?",
    "Can I play on MTG Arena with a Mountain and an Island in my hand?",
    "What Does Double Strike Do With First Strike In Combat?",
    "comander damage from a creature I stole: does it count?",
    "Is a copy of a creature a clone effect? Does it work like a counterspell for abilities?",
    "Can a Goblin token and an Illusion creature both block? What if I have two Zombies?",
    "Onslaught-era morph rules: can I unmorph in response?",
]


def expected_keys(item: str | tuple[str, ...]) -> set[str]:
    return set(item) if isinstance(item, tuple) else {item}


def test_own_questions_precision_and_recall(full_table: NameTable) -> None:
    hits = wrong = missed = 0
    report = []
    for question, cards in NAMED:
        found = find_cards(question, full_table)
        got = [set(m.candidates) if m.key is None else {m.key} for m in found]
        for item in cards:
            want = expected_keys(item)
            match = next((g for g in got if g == want), None)
            if match is None:
                missed += 1
                report.append(f"missed {item} in {question!r}")
            else:
                hits += 1
                got.remove(match)
        wrong += len(got)
        report += [f"extra {g} in {question!r}" for g in got]
    for question in NOT_CARDS:
        extra = find_cards(question, full_table)
        wrong += len(extra)
        report += [f"not a card: {m.said!r} in {question!r}" for m in extra]
    assert hits / (hits + wrong) >= 0.95 and hits / (hits + missed) >= 0.9, "\n".join(report)


def test_the_issue_questions_name_their_cards(full_table: NameTable) -> None:
    found = find_cards("my two Kitchen Finkses die at once with -1/-1 counters, do they come back?", full_table)
    assert [(m.key, m.how) for m in found] == [("Kitchen Finks", "plural")]
    assert [m.key for m in find_cards("I Murder my opponent's Stuffy Doll, what happens?", full_table)] == ["Murder", "Stuffy Doll"]


def test_the_card_store_gives_the_same_names(full_cards: Path, card_names: list[CardName]) -> None:
    """The table built from the installed store has every surface the one from the card file has."""
    from rulesgraph.cards.model import names_from_summaries
    from rulesgraph.cards.store import open_store

    store = open_store(full_cards)
    assert store is not None
    try:
        from_store = list(names_from_summaries(store.summaries()))
    finally:
        store.close()
    plain = lambda cs: {(c.key, c.faces, c.funny, c.layout, c.types) for c in cs}  # popularity is not in the store
    assert plain(from_store) == plain(card_names)


def test_every_card_name_is_found_as_it_is_written(full_table: NameTable, card_names: list[CardName]) -> None:
    """Each real card's name, said in brackets, is found as that card (a table that loses names fails here)."""
    def found(key: str) -> list[str | None]:
        return [m.key for m in find_cards(f"what about [[{key}]]?", full_table)]

    lost = [c.key for c in card_names[::25] if any(ch.isalnum() for ch in c.key) and found(c.key) != [c.key]]
    assert not lost, lost[:20]


@pytest.fixture(scope="module")
def ranked() -> NameTable:
    cards = [CardName("Lightning Bolt", rank=400), CardName("Bolt Bend", rank=1700), CardName("Swords to Plowshares", rank=13),
             CardName("Jace, the Mind Sculptor", rank=1500), CardName("Lion's Eye Diamond", rank=900),
             CardName("Birds of Paradise", rank=59), CardName("Wrath of God", rank=255), CardName("Wrath of Marit Lage", rank=9000),
             CardName("Supreme Verdict", rank=300)]
    zipf = {"bolt": 4.0, "lightning": 4.2, "swords": 3.8, "birds": 4.6, "wrath": 3.7, "stp": 2.8, "led": 5.1, "supreme": 4.7}
    return NameTable.build(cards, ["end of turn", "enters the battlefield"], zipf=lambda w: zipf.get(w, 0.0))


def test_short_forms_need_capitals_and_are_labelled(ranked: NameTable) -> None:
    assert said("I cast Lightning Bolt", ranked) == [("Lightning Bolt", "Lightning Bolt", "exact")]
    assert said("can I Bolt my own creature?", ranked) == [("Bolt", "Lightning Bolt", "short form")]
    assert said("My opponent Bolts me in response", ranked) == [("Bolts", "Lightning Bolt", "short form")]
    assert said("can I bolt my own creature?", ranked) == []  # a word English knows, in lower case: a verb
    # a sentence's first word: its capital is the sentence's
    assert said("Bolt the Birds in response?", ranked) == [("Birds", "Birds of Paradise", "short form")]
    assert said("the Bolt is in my graveyard", ranked) == [("Bolt", "Lightning Bolt", "short form")]
    assert said("Can I tap the Birds for mana?", ranked) == [("Birds", "Birds of Paradise", "short form")]
    found = find_cards("the Bolt resolves", ranked)
    assert 0.5 < found[0].confidence < 0.8  # weaker than a name said in full


def test_short_forms_in_lower_case_after_an_owner_when_rare() -> None:
    """Forum questions are typed in lower case: a short form rarer in English than LOWER_SHORT_ZIPF is a card after an owner's
    word ("my greaves"); never bare, never a word English knows ("my decay counter" is no Abrupt Decay: a review's)."""
    cards = [CardName("Lightning Greaves", rank=60), CardName("Walking Ballista", rank=200), CardName("Lightning Bolt", rank=400),
             CardName("Bolt Bend", rank=1700), CardName("Abrupt Decay", rank=100)]
    zipf = {"greaves": 2.8, "ballista": 2.0, "lightning": 4.2, "walking": 4.5, "bolt": 4.0, "bend": 4.3, "decay": 3.83, "abrupt": 3.6}
    t = NameTable.build(cards, ["end of turn"], zipf=lambda w: zipf.get(w, 0.0))
    assert said("can i equip my greaves at instant speed?", t) == [("greaves", "Lightning Greaves", "short form")]
    assert said("the greaves fell off", t) == []  # no owner's word: a word, perhaps
    assert [c for _, c, _ in said("his ballista has two counters", t)] == ["Walking Ballista"]
    assert said("can i bolt my own creature, since it is my bolt?", t) == []  # "bolt" is English (4.0): capitals needed
    assert said("does my Decay counter stay?", t) == [("Decay", "Abrupt Decay", "short form")]  # capitalised, it is one
    assert said("does my decay counter stay?", t) == []  # "decay" (3.83): English enough
    assert 0.5 < find_cards("my greaves", t)[0].confidence < 0.6


def test_initials_in_capitals_or_in_the_names_own_case(ranked: NameTable) -> None:
    assert said("my opponent casts a second JTMS", ranked) == [("JTMS", "Jace, the Mind Sculptor", "initials")]
    assert said("My opponent StPs my token", ranked) == [("StPs", "Swords to Plowshares", "initials")]
    assert said("I cast STP on it", ranked) == [("STP", "Swords to Plowshares", "initials")]
    assert said("I cast Stp on it", ranked) == []  # mixed case must put small letters where the small words are
    # in lower case, as players type: initials English never writes ("jtms", as `card jtms` finds it; a trial's
    # "can jtms be my commander" read no card), not those it does ("stp", "led")
    assert said("I cast jtms on it", ranked) == [("jtms", "Jace, the Mind Sculptor", "initials")]
    assert said("I cast stp on it", ranked) == []
    assert said("the LED is on", ranked) == []  # "led" is English: in capitals it is an acronym, not a card
    assert said("MY OPPONENT CASTS JTMS AT EOT", ranked) == []  # all capitals: no capital is evidence


def test_a_word_after_a_hyphen_is_no_short_form() -> None:
    """A returning player's trial: "If I bounce O-Ring with its ETB trigger on the stack" read "Ring" as Sol Ring."""
    t = NameTable.build([CardName("Sol Ring", rank=1), CardName("Lightning Bolt", rank=400)], [],
                        zipf=lambda w: {"ring": 4.5, "sol": 3.0}.get(w, 0.0))
    assert said("I tap my Ring for mana", t) == [("Ring", "Sol Ring", "short form")]
    for ring in ("O-Ring", "O‑Ring", "O–Ring"):  # a hyphen, a non-breaking hyphen, an en dash
        assert said(f"If I bounce {ring} with its ETB trigger on the stack, what happens?", t) == [], ring


def test_rules_abbreviations_are_never_initials() -> None:
    cards = [CardName("Emiel the Blessed", rank=10), CardName("Entourage of Trest", rank=10)]
    t = NameTable.build(cards, ["end of turn", "enters the battlefield"], zipf=lambda w: 0.0)
    assert said("does it trigger on ETB or at EOT?", t) == []


def test_a_part_that_names_several_cards_names_the_far_most_played(ranked: NameTable) -> None:
    assert said("does the Wrath kill it?", ranked) == [("Wrath", "Wrath of God", "part")]
    assert said("I cast Wrath of Marit Lage", ranked) == [("Wrath of Marit Lage", "Wrath of Marit Lage", "exact")]


def _calls(text: str, table: NameTable) -> int:
    """Python and C function calls (and generator resumptions) made finding the cards of ``text``: a count of the work
    done that the machine's load does not change."""
    import sys

    n = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal n
        if event in ("call", "c_call"):
            n += 1

    sys.setprofile(count)
    try:
        find_cards(text, table)
    finally:
        sys.setprofile(None)
    return n


@pytest.mark.parametrize("said", [
    "does my Kitchen Finks block a Tarmogoyf? JTMS says StP, and Lightning Bolt goes to the Birds. ",  # initials read
    "[[Shock]] [[Tarmogoyff]] ",  # brackets, one misspelt
    "Wrath Of God And Birds Of Paradise In Title Case ",
    "lightning bolt kitchen finks stuffy doll path to exile ",
])
def test_finding_is_linear_in_the_question_then_bounded(ranked: NameTable, said: str) -> None:
    """Issue 31: the work of finding grows in proportion to the question (twice the text, about twice the calls: a
    quadratic step, as the short form's Title Case check once was, makes it four times), and stops growing past
    :data:`~rulesgraph.question.mentions.FIND_CHARS` (a megabyte costs what the bound does)."""
    from rulesgraph.question.mentions import FIND_CHARS

    def text(chars: int) -> str:
        return (said * (chars // len(said) + 1))[:chars]

    small, double = _calls(text(FIND_CHARS // 4), ranked), _calls(text(FIND_CHARS // 2), ranked)
    assert 1.5 < double / small < 2.3
    assert _calls(text(1_000_000), ranked) <= 1.1 * _calls(text(FIND_CHARS), ranked)


def test_names_with_abbreviations() -> None:
    """A name's abbreviations keep their periods ("Mr. House, President and CEO", "J. Jonah Jameson", "S.H.I.E.L.D."):
    a period after a capitalised word that a period follows inside some card's name (the table's ``periods``, here "b" of
    H.E.R.B.I.E. too) does not part a name's words, and joins only what is a card's name ("Player B. Lightning Bolt" is
    Lightning Bolt, said exactly)."""
    t = NameTable.build([CardName(n) for n in ("Mr. House, President and CEO", "J. Jonah Jameson", "S.H.I.E.L.D. Helicarrier",
                                               "Black Waltz No. 3", "Lightning Bolt", "H.E.R.B.I.E. Scout Unit")],
                        [], zipf=lambda w: 0.0)
    assert "b" in t.periods
    assert said("I control Mr. House, President and CEO. What happens when I roll a 6?", t) == [
        ("Mr. House, President and CEO", "Mr. House, President and CEO", "exact")]
    assert said("Does J. Jonah Jameson trigger when my creature dies?", t) == [("J. Jonah Jameson", "J. Jonah Jameson", "exact")]
    assert said("Does S.H.I.E.L.D. Helicarrier have flying?", t) == [("S.H.I.E.L.D. Helicarrier", "S.H.I.E.L.D. Helicarrier", "exact")]
    assert said("How does Black Waltz No. 3 work?", t) == [("Black Waltz No. 3", "Black Waltz No. 3", "exact")]
    assert said("Player A attacks Player B. Lightning Bolt is cast in response.", t) == [
        ("Lightning Bolt", "Lightning Bolt", "exact")]
