"""rulesgraph/answer/legal/ (read.py, answer.py): questions about playing a named card — legal or banned in a format, a
commander, a card in a deck of some colors or of some commander, a color identity — answered from the card data with the defining rule
cited; bans to come and rules questions that only sound alike are not."""

from __future__ import annotations

import pytest

from rulesgraph import Rulebook
from rulesgraph.answer.compose import ask
from rulesgraph.answer.legal.read import read_question, unabbreviated
from rulesgraph.question.namedcards import CardDeck


def test_what_a_question_asks() -> None:
    assert read_question("is Sol Ring legal in commander or is it on the banned list?").kind == "legal"
    assert read_question("is oko banned in modern").format == "modern"
    assert read_question("Is Sol Ring on the banned list?").format is None
    assert read_question("can Grist be my commander?").kind == "leader"
    assert read_question("can Omnath be my brawl commander?").format == "brawl"
    deck = read_question("Can Kitchen Finks go in a mono-green Commander deck?")
    assert deck.kind == "deck" and deck.colors == frozenset("G") and deck.format == "commander"
    assert read_question("can I run it in my Golgari EDH deck").colors == frozenset("BG")
    assert read_question("can I play Bolt in my Atraxa deck?").leader_span is not None
    assert read_question("what's Kitchen Finks's color identity?").kind == "identity"


def test_a_name_abbreviated_is_read_in_one_sentence() -> None:
    """The periods inside a card the question names ("Mr. House", "J. Jonah Jameson", "S.H.I.E.L.D."), and one ending a
    name where the sentence goes on in lower case, end no sentence, the offsets kept; a period after a one-letter word
    outside a name still does ("… and so do I. Is Mana Crypt legal in Commander?")."""
    q = "Is Mr. House, President and CEO legal in Commander?"
    read = unabbreviated(q, [(3, 31)])
    assert len(read) == len(q) and "." not in read
    assert read_question(read).within[0] == 0 and read_question(q).within[0] > 0
    assert read_question(unabbreviated("can J. Jonah Jameson be my commander?", [(4, 20)])).kind == "leader"
    shield = "Is Agents of S.H.I.E.L.D. legal in Standard?"
    assert "." not in unabbreviated(shield, [(3, 24)])  # the name's last period too: "legal" goes on
    two = "My friend runs Sol Ring and so do I. Is Mana Crypt legal in Commander?"
    assert unabbreviated(two, [(15, 23), (40, 50)]) == two
    opt = "I run Ponder and Opt. is Brainstorm legal in Modern?"  # a name without periods ends its sentence on one
    assert unabbreviated(opt, [(6, 12), (17, 20), (25, 35)]) == opt
    assert read_question(two).within[0] > 30  # the sentence that asks is the second


def test_what_only_sounds_alike_is_not_read_as_one() -> None:
    assert read_question("what's getting banned next?") is None
    assert read_question("will Sol Ring get banned in commander?") is None
    assert read_question("If Thalia, Guardian of Thraben is my commander, does commander tax apply?") is None
    assert read_question("Is Kitchen Finks a legal target for Path to Exile?") is None


@pytest.fixture
def book(full_book: Rulebook) -> Rulebook:
    return full_book


def _cited(answer) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.id for c in answer.citations]


def test_legal_and_banned_in_a_format_with_the_datas_date(book: Rulebook, deck: CardDeck) -> None:
    a = ask(book, "is Sol Ring legal in commander or is it on the banned list?", deck=deck)  # two statuses offered: the fact
    assert a.answer.startswith("Sol Ring is legal in Commander.") and "banned in Legacy" in a.answer
    assert "2022-04-25" in a.answer and "100.6" in _cited(a)[:2] and not a.in_rules  # a format's pool: policy, from the data
    a = ask(book, "brainstorm legal in legacy?", deck=deck)  # lower case, an English word: the words asked about are the name
    assert a.answer.startswith("Yes: Brainstorm is legal in Legacy.")
    a = ask(book, "is Oko banned in Modern?", deck=deck)  # a short name several cards share: the most played, said so
    assert a.answer.startswith("Read ‘Oko’ as Oko, Thief of Crowns: Yes: Oko, Thief of Crowns is banned in Modern")
    assert "the most played" in a.why[0]


def test_it_in_a_second_sentence_is_the_card_of_the_first(book: Rulebook, deck: CardDeck) -> None:
    """"is golos legal in commander? can it be my commander" read no card (the question asked is the second sentence, whose
    "it" is the card the first one names): answered from the MTR, unsure (a new user's trial)."""
    a = ask(book, "is golos legal in commander? can it be my commander", deck=deck)
    assert a.answer.startswith("No: Golos, Tireless Pilgrim is banned in Commander"), a.answer
    assert ask(book, "I love Sol Ring. Is it legal in Pauper?", deck=deck).answer.startswith("No: Sol Ring is not legal in Pauper")
    for told in ("I play Sol Ring. Is it true that companions are banned in modern?",  # "it" is no card there (a review)
                 "My opponent cast Lightning Bolt. Is her deck legal in modern?", "I have Sol Ring and Mana Crypt. Is it legal in legacy?"):
        assert not (ask(book, told, deck=deck).answer or "").startswith(("Yes", "No")), told


def test_a_name_said_with_its_the_in_lower_case(book: Rulebook, deck: CardDeck) -> None:
    """"is the rack legal?" asks about The Rack, not Scroll Rack (the words after "the" are a shorter card name)."""
    assert ask(book, "is the rack legal in legacy", deck=deck).answer.startswith("Yes: The Rack is legal in Legacy.")
    assert ask(book, "is the abyss legal in vintage?", deck=deck).answer.startswith("Yes: The Abyss is legal in Vintage.")


def test_a_card_the_data_lists_in_no_format_gets_no_yes_or_no(book: Rulebook, deck: CardDeck) -> None:
    """A card with no legality at all (an Un-card; in a patched or early data file, a card newer than its lists) is not
    "No: not legal" said surely: the data cannot say."""
    for question in ("is Ashnod's Coupon legal in vintage?", "is Ashnod's Coupon banned anywhere?"):
        a = ask(book, question, deck=deck)
        assert a.answer.startswith("The card data lists no legality for Ashnod's Coupon in any format, so it cannot say"), question
        assert a.confidence == 0.5, question
    a = ask(book, "can Chun-Li, Countless Kicks be my commander?", deck=deck)  # a legendary creature: the rules' test, said as such
    assert "by the rules, a legendary creature can be a commander" in a.answer and "the data cannot say" in a.answer
    assert a.confidence == 0.5 and not a.answer.startswith(("No", "Yes"))
    a = ask(book, "can Chun-Li, Countless Kicks go in my Azorius commander deck?", deck=deck)
    assert "Whether Commander allows it the card data cannot say" in a.answer and a.confidence == 0.5


def test_a_card_read_loosely_is_said_first(book: Rulebook, deck: CardDeck) -> None:
    """A misspelt name, or fewer words of a name than the question asks about, is read as a card: which one is the answer's
    first words, and the answer is not sure (Hullbreacher, a card of 2020, is not in the stand-in card data)."""
    a = ask(book, "is Hullbreacher banned in commander", deck=deck)
    assert a.answer.startswith("Read ‘Hullbreacher’ as Hullbreaker Horror: No: Hullbreaker Horror is legal in Commander.")
    assert a.confidence < 0.95
    a = ask(book, "is Minsc and Boo legal in historic", deck=deck)
    assert a.answer.startswith("Read ‘Minsc’ as Minsc, Beloved Ranger: ")
    assert ask(book, "is lurrus banned in modern", deck=deck).answer.startswith("Yes: Lurrus")  # the words asked: the name's


def test_the_newer_tournament_rules_list_wins(book: Rulebook, deck: CardDeck, documents: None) -> None:
    """The MTR of 2026-02-27 bans Fury and Grief in Modern; the card data of 2022-04-25 says legal: the newer says it, with
    its section cited first; a card both list alike gets the data's answer.  (``documents`` after ``deck``: the deck's
    fixture points the data directory at the installed cards, the documents' at a directory holding them.)"""
    a = ask(book, "is Fury banned in modern", deck=deck)
    assert a.answer.startswith("Yes: Fury is banned in Modern. (MTR 6.4 of the Magic Tournament Rules effective 2026-02-27 "
                               "lists it as banned; the card data of 2022-04-25 says legal.)")
    assert _cited(a)[0] == "MTR 6.4"
    assert a.citations[0].text == "The following cards are banned in Modern tournaments: … • Fury …"  # the list
    assert ask(book, "is Grief legal in modern", deck=deck).answer.startswith("No: Grief is banned in Modern.")
    a = ask(book, "is Brainstorm restricted in vintage", deck=deck)
    assert a.answer.startswith("Yes: Brainstorm is restricted in Vintage") and "MTR" not in a.answer
    assert ask(book, "is Sol Ring legal in commander", deck=deck).answer.startswith("Yes: Sol Ring is legal in Commander.")


def test_a_card_the_data_lacks(book: Rulebook, deck: CardDeck, documents: None) -> None:
    """A card of 2024 asked about with the cards of 2022: the newer MTR's list says it when it names the card (Nadu, banned
    in Modern), else, for a name the card finder knows to be one (a short name and its epithet), the answer says its
    standing cannot be read, not a tournament passage on another matter; a set or product in capitals is no card."""
    a = ask(book, "is Nadu, Winged Wisdom legal in Modern?", deck=deck)
    assert a.answer.startswith("No: MTR 6.4 of the Magic Tournament Rules effective 2026-02-27 lists Nadu, Winged Wisdom as "
                               "banned in Modern")
    assert _cited(a) == ["MTR 6.4"] and a.caveats[0].startswith("‘Nadu, Winged Wisdom’ is no card of the installed card data")
    a = ask(book, "Is The One Ring legal in Modern?", deck=deck)  # a run in capitals the MTR's list names, "The" kept
    assert a.answer.startswith("No: MTR 6.4 ") and "The One Ring as banned" in a.answer
    a = ask(book, "is Sheoldred, the Apocalypse legal in standard", deck=deck)  # a name and its epithet, on no list
    assert a.answer.startswith("Its standing in Standard cannot be read") and not a.citations
    assert a.caveats[0].startswith("‘Sheoldred, the Apocalypse’ is no card")
    for question in ("Are Secret Lair cards legal in Modern?", "Is Dominaria United legal in Standard?"):  # sets, not cards
        a = ask(book, question, deck=deck)
        assert not a.caveats and a.citations and a.citations[0].id.startswith("MTR 6."), question


def test_names_said_in_capitals() -> None:
    from rulesgraph.question.mention_context import names_said

    assert names_said("Is Orcish Bowmasters legal in Legacy?") == ["Orcish Bowmasters"]
    assert names_said("Is The One Ring legal in Modern?") == ["The One Ring"]
    assert names_said("Can I play Rest in Peace in Modern?") == ["Rest in Peace"]
    assert names_said("Is my deck legal at Friday Night Magic?") == []


@pytest.mark.parametrize(("question", "starts"), [
    ("is sol ring banned in commander", "No: Sol Ring is legal in Commander."),
    ("is lurrus banned in modern", "Yes: Lurrus of the Dream-Den is banned in Modern."),
    ("Is Lurrus of the Dream-Den legal in Modern?", "No: Lurrus of the Dream-Den is banned in Modern."),
    ("Is Black Lotus banned in Vintage?", "No, not banned: Black Lotus is restricted in Vintage"),
    ("Is Time Walk restricted in Vintage?", "Yes: Time Walk is restricted in Vintage"),
    ("Is Counterspell restricted in Legacy?", "No: Counterspell is legal in Legacy."),
    ("is lightning bolt illegal in standard", "Yes: Lightning Bolt is not legal in Standard"),
    ("Is Stoneforge Mystic still banned in Modern?", "No: Stoneforge Mystic is legal in Modern."),
    ("Is Sol Ring on the banned list anywhere?", "Yes: Sol Ring is banned in Legacy"),
    ("Is Mishra's Workshop restricted in vintage, or legal?", "Mishra's Workshop is legal in Vintage."),
    ("Is Golos, Tireless Pilgrim banned as a commander?", "Yes: Golos, Tireless Pilgrim is banned in Commander."),
])
def test_the_yes_or_no_answers_what_was_asked(book: Rulebook, question: str, starts: str, deck: CardDeck) -> None:
    a = ask(book, question, deck=deck)
    assert a.answer.startswith(starts), a.answer


def test_other_ways_of_asking(book: Rulebook, deck: CardDeck) -> None:
    assert ask(book, "can lightning bolt be played in pauper", deck=deck).answer.startswith("Yes: Lightning Bolt is legal in Pauper.")
    a = ask(book, "can I run 4 copies of sol ring in vintage", deck=deck)  # restricted: one copy
    assert a.answer.startswith("No: Sol Ring is restricted in Vintage: a deck may hold one copy")
    assert ask(book, "can I run two Sol Rings in Commander?", deck=deck).in_rules  # legal there: how many, the deck rules say
    a = ask(book, "how many copies of Brainstorm can I play in vintage?", deck=deck)  # the restricted list: tournament policy
    assert a.answer.startswith("Brainstorm is restricted in Vintage: a deck may hold one copy") and not a.in_rules
    assert _cited(a)[:2] == ["100.6", "100.2a"]
    assert ask(book, "Can a Commander deck have two Sol Rings?", deck=deck).answer.startswith("No: Sol Ring is legal in Commander")
    assert ask(book, "is a Sol Ring legal in commander?", deck=deck).answer.startswith("Yes: Sol Ring is legal in Commander. ")


@pytest.mark.parametrize(("question", "starts", "rule"), [
    ("can i run 2 copies of sol ring in commander?", "No: Sol Ring is legal in Commander, but a Commander deck may hold only",
     "903.5b"),
    ("can I play 4 copies of Lightning Bolt in Modern?", "Yes: Lightning Bolt is legal in Modern, and a Modern deck may hold up to",
     "100.2a"),
    ("can I run 5 copies of Lightning Bolt in legacy?", "No: Lightning Bolt is legal in Legacy, and a Legacy deck may hold up to",
     "100.2a"),
    ("how many copies of lightning bolt can I have in modern?", "Lightning Bolt is legal in Modern, and a Modern deck may hold",
     "100.2a"),
    ("can I run a playset of Brainstorm in legacy?", "Yes: Brainstorm is legal in Legacy", "100.2a"),
    ("how many Wastes can I play in modern?", "Wastes is a basic land: a deck may have any number", "100.2a"),
    ("are 5 copies of Lightning Bolt illegal in modern?", "Yes: Lightning Bolt is legal in Modern, and a Modern deck", "100.2a"),
    ("can I run 2x Sol Ring in commander?", "No: Sol Ring is legal in Commander, but", "903.5b"),
    ("can I run more than one Sol Ring in commander?", "No: Sol Ring is legal in Commander, but", "903.5b"),
    ("can i run 20 copies of relentless rats in commander?", "Yes: Relentless Rats is legal in Commander, and its own text lets a deck "
                                                             "have any number of it", "903.5b"),
    ("can I run 9 copies of Seven Dwarves in Legacy?", "No: Seven Dwarves is legal in Legacy, and its own text lets a deck have up "
                                                       "to seven of it", "100.2a"),
])
def test_how_many_copies_the_deck_rules_and_the_cards_own_text_say(book: Rulebook, deck: CardDeck, question: str, starts: str,
                                                                     rule: str) -> None:
    """A card legal in the format: how many copies a deck may hold (its own text first, then 903.5b or 100.2a), with the
    yes or no to the number asked; these were answered from the copy rules (707: "to copy a spell …")."""
    a = ask(book, question, deck=deck)
    assert a.answer.startswith(starts), a.answer
    assert _cited(a)[0] == rule and a.in_rules


@pytest.mark.parametrize("question", ["can I have 2 copies of Rhystic Study on the battlefield in commander?",
                                      "can I have two copies of Thalia, Guardian of Thraben in play in legacy?",
                                      "can I run Sol Ring in commander with 3 of my friends?"])
def test_copies_in_a_game_are_not_a_decks(book: Rulebook, deck: CardDeck, question: str) -> None:
    """Copies on the battlefield are the game's rules (the legend rule, copy effects), not the deck rules; a number that
    is not said of the card counts none."""
    a = ask(book, question, deck=deck)
    assert "may hold only one" not in (a.answer or "") and "up to four" not in (a.answer or ""), a.answer


def test_a_card_said_again_in_the_asking_sentence(book: Rulebook, deck: CardDeck) -> None:
    """A card is named where it is first said; said again in the sentence that asks, it is asked about there."""
    a = ask(book, "I love Sol Ring, it's great. Is Sol Ring legal in Pauper?", deck=deck)
    assert a.answer.startswith("No: Sol Ring is not legal in Pauper"), a.answer
    b = ask(book, "I love Sol Ring. Is Lightning Bolt legal in Modern?", deck=deck)
    assert b.answer.startswith("Yes: Lightning Bolt is legal in Modern"), b.answer
    c = ask(book, "I had a Nefashu on the table. Without legal targets, is the Nefashu restricted to being a blocker?", deck=deck)
    assert not c.answer.startswith(("Yes", "No")), c.answer  # no format: a rules question (a real one)


def test_a_commander_from_the_leadership_data(book: Rulebook, deck: CardDeck) -> None:
    a = ask(book, "Can Grist, the Hunger Tide be my commander?", deck=deck)
    assert a.answer.startswith("Yes") and _cited(a)[0] == "903.3"
    a = ask(book, "Can Sol Ring be my commander?", deck=deck)
    assert a.answer.startswith("No") and _cited(a)[0] == "903.3"
    golos = ask(book, "Can I use Golos, Tireless Pilgrim as my commander?", deck=deck).answer  # it could lead: banned
    assert golos.startswith("No: Golos, Tireless Pilgrim is banned in Commander, so it can't be your commander")
    # the format said after "my commander" is the one asked of (a trial's "… be my commander in pauper commander?" was
    # answered of Commander), and Duel Commander, whose leadership the data does not give, is led as Commander is
    duel = ask(book, "Can Kenrith, the Returned King be my commander in duel commander?", deck=deck).answer
    assert duel.startswith("Yes: Kenrith, the Returned King can be your commander in Duel Commander: the card data says it can"
                           " lead a Commander deck"), duel
    pauper = ask(book, "Can Grist, the Hunger Tide be my commander in Pauper Commander?", deck=deck).answer
    assert pauper.startswith("No: the card data says Grist, the Hunger Tide can't be a commander in Pauper Commander"), pauper
    # a variant named before the asking words, another format after them (a review): the variant is the one asked of
    before = ask(book, "I'm building for Pauper Commander. Can Grist, the Hunger Tide be my commander? It's fine in Legacy.",
                 deck=deck).answer
    assert "in Pauper Commander" in before.split(".")[0], before
    assert "in Standard Brawl" in ask(book, "Can Kenrith, the Returned King be my commander in Standard Brawl?", deck=deck).answer


def test_a_card_in_a_deck_by_color_identity(book: Rulebook, deck: CardDeck) -> None:
    a = ask(book, "Can Kitchen Finks go in a mono-green Commander deck?", deck=deck)
    assert a.answer.startswith("No: Kitchen Finks' color identity is white and green") and "mono-green" in a.answer
    assert _cited(a)[:2] == ["903.5c", "903.4"]
    a = ask(book, "Can Lightning Bolt go in my Atraxa, Praetors' Voice deck?", deck=deck)  # the deck named by its commander
    assert a.answer.startswith("No") and "Atraxa, Praetors' Voice's" in a.answer
    assert [c.name for c in a.cards][1] == "Atraxa, Praetors' Voice"
    assert ask(book, "Can Sol Ring go in a mono-red Commander deck?", deck=deck).answer.startswith("Yes")
    assert ask(book, "Can Black Lotus go in a mono-red Commander deck?", deck=deck).answer.startswith(
        "No: Black Lotus is banned in Commander, though by color identity it would fit")  # colorless fits; the ban does not
    assert ask(book, "can Black Lotus go in my mono-red Legacy deck?", deck=deck).answer.startswith(
        "No: Black Lotus is banned in Legacy.")  # no color identity in Legacy: its legality there
    assert "all of it in an Izzet deck's" in ask(book, "can Lightning Bolt go in an izzet commander deck?", deck=deck).answer


def test_a_card_legal_in_commander_says_what_deck_it_goes_in(book: Rulebook, deck: CardDeck) -> None:
    """Legal in a format of commanders: its color identity decides the decks it may join (a real question's "if my
    commander isn't red"), said and cited; a banned card's answer stops at the ban, another format's says no identity."""
    a = ask(book, "Can I play Kozilek's Return in a Commander deck, if my commander isn't red?", deck=deck)
    assert a.answer.startswith("Yes: Kozilek's Return is legal in Commander. Its color identity is red: a deck may include it "
                               "only if its commander's color identity includes red.") and "903.5c" in _cited(a)
    assert "Its color identity is colorless: any deck may include it." in ask(book, "is Sol Ring legal in commander?", deck=deck).answer
    assert "color identity" not in ask(book, "is Black Lotus legal in commander?", deck=deck).answer
    assert "color identity" not in ask(book, "is Lightning Bolt legal in modern?", deck=deck).answer


def test_a_color_identity(book: Rulebook, deck: CardDeck) -> None:
    a = ask(book, "What is the color identity of Alesha, Who Smiles at Death?", deck=deck)
    assert a.answer.startswith("Alesha, Who Smiles at Death's color identity is white, black and red") and _cited(a)[0] == "903.4"


def test_ban_news_stays_refused_and_rules_questions_stay_rules(book: Rulebook, deck: CardDeck) -> None:
    assert not ask(book, "What's getting banned next in Modern?", deck=deck).in_rules
    assert not ask(book, "Will Sol Ring get banned in commander?", deck=deck).in_rules
    a = ask(book, "If Thalia, Guardian of Thraben is my commander, does commander tax apply to her?", deck=deck)
    assert a.in_rules and "903.8" in _cited(a)[:3]


def test_without_card_data_nothing_is_read_from_it(full_book: Rulebook) -> None:
    from rulesgraph.answer.legal.answer import legality_answer

    assert legality_answer(full_book, None, "is Sol Ring legal in commander?") is None


def test_a_list_that_bans_by_category_says_nothing_of_a_card_it_does_not_name(book: Rulebook, deck: CardDeck,
                                                                                documents: None) -> None:
    """Legacy's MTR list bans "All cards with the card type “Conspiracy”": a Conspiracy, banned in the card data and on no
    list by name, stays banned, where a list of names alone would have said it is no longer banned."""
    from rulesgraph.answer.legal.lists import mtr_listed

    assert mtr_listed("Backup Plan", "legacy", "2022-04-25") is None
    assert mtr_listed("Brainstorm", "legacy", "2022-04-25") is None
    assert mtr_listed("Fury", "modern", "2022-04-25").status == "Banned"  # type: ignore[union-attr]
    assert mtr_listed("Lightning Bolt", "modern", "2022-04-25").status is None  # type: ignore[union-attr]
    assert mtr_listed("Fury", "modern", "2026-03-01") is None  # card data newer than the MTR: the data says
    assert ask(book, "is Backup Plan banned in legacy", deck=deck).answer.startswith("Yes: Backup Plan is banned in Legacy")


def test_a_card_unlisted_that_cannot_fit_a_deck_is_a_sure_no(book: Rulebook, deck: CardDeck) -> None:
    """Color identity settles it whatever the card's legality: no "cannot say", and sure."""
    a = ask(book, "can Chun-Li, Countless Kicks go in my mono-white commander deck?", deck=deck)
    assert a.answer.startswith("No: Chun-Li, Countless Kicks' color identity is white and blue") and a.confidence > 0.5


def test_a_commander_named_apart_from_the_card_asked_about(book: Rulebook, deck: CardDeck) -> None:
    """"my commander is atraxa. can i run lightning bolt in my deck?" listed 903.5 and Atraxa's rulings (a Commander player's
    trial): the deck's commander, named in another sentence, decides by color identity."""
    assert read_question("my commander is atraxa. can i run lightning bolt in my deck?").leader_span == (16, 22)
    a = ask(book, "my commander is atraxa. can i run lightning bolt in my deck?", deck=deck)
    assert a.answer.startswith("No: Lightning Bolt's color identity is red, and red is not in Atraxa, Praetors' Voice's"), a.answer
    assert [c.name for c in a.cards] == ["Lightning Bolt", "Atraxa, Praetors' Voice"] and _cited(a)[0] == "903.5c"
    b = ask(book, "Atraxa is my commander. Can I play Kitchen Finks?", deck=deck)
    assert b.answer.startswith("Yes, by color identity: Kitchen Finks' color identity is white and green, all of it in Atraxa"), b.answer
    c = ask(book, "my commander is Atraxa. can I use her ability on my opponent's creature?", deck=deck)
    assert not c.answer.startswith(("Yes", "No")), c.answer  # no card asked about: a rules question
    for scene in ("my commander is Atraxa. can I play Swords to Plowshares on my own commander?",  # a review's: in a game,
                  "my commander is Krenko, Mob Boss. can I add Lightning Bolt to the stack in response?",  # not in a deck
                  "my commander is Krenko, Mob Boss. can I still play Lightning Bolt after he died?"):
        assert not ask(book, scene, deck=deck).answer.startswith(("Yes", "No")), scene
    for first in ("I love Sol Ring and Atraxa is my commander. can I run Lightning Bolt?",  # the commander is the card that
                  "Sol Ring aside, Atraxa is my commander. Can I run Lightning Bolt?"):  # can lead, said where it is named
        assert "in Atraxa, Praetors' Voice's color identity" in ask(book, first, deck=deck).answer, first
    for said, starts in (("Atraxa is my commander. can I play Lightning Bolt in EDH?", "No"),  # a second review's: words
                         ("Atraxa is my commander. can I run Swords to Plowshares too?", "Yes"),  # after the card
                         ("Atraxa is my commander. The commander is in the command zone. can I run Lightning Bolt?", "No")):
        assert ask(book, said, deck=deck).answer.startswith(starts), said
    unsure = "my commanders are Krenko, Mob Boss and Atraxa. can I run Lightning Bolt?"  # no pair: no answer from one alone
    assert not ask(book, unsure, deck=deck).answer.startswith(("Yes", "No")), unsure
    for said in ("my commanders are Thrasios and Tymna. can I run Swords to Plowshares?",  # 702.124c: combined
                 "my commanders are thrasios and tymna. can i run swords to plowshares?"):  # "tymna": Tymna the Weaver's short name
        two = ask(book, said, deck=deck)
        assert two.answer.startswith("Yes, by color identity: Swords to Plowshares' color identity is white, all of it in Thrasios, "
                                     "Triton Hero and Tymna the Weaver's (white, blue, black and green)"), two.answer


def test_each_card_asked_about_is_answered(book: Rulebook, deck: CardDeck) -> None:
    """"Can Teferi … be my commander? What about … Jace, the Mind Sculptor?" answered Teferi alone (a Commander player's
    trial); cards listed together are answered together; a card named in the scene is not asked about."""
    a = ask(book, "Can Teferi, Temporal Archmage be my commander? What about a regular planeswalker like Jace, the Mind Sculptor?",
            deck=deck)
    assert a.answer.startswith("Yes: Teferi, Temporal Archmage can be your commander") and "No: the card data says Jace, the Mind " \
        "Sculptor can't be a commander" in a.answer
    assert [c.name for c in a.cards] == ["Teferi, Temporal Archmage", "Jace, the Mind Sculptor"]
    b = ask(book, "is sol ring or mana crypt banned in commander?", deck=deck)
    assert b.answer.startswith("No: Sol Ring is legal in Commander.") and "No: Mana Crypt is legal in Commander." in b.answer
    c = ask(book, "Is Lightning Bolt legal in Modern? My opponent played Leyline of Sanctity.", deck=deck)
    assert "Leyline" not in c.answer and [x.name for x in c.cards] == ["Lightning Bolt"]
    d = ask(book, "is Grizzly Bears legal in standard? what about with Llanowar Elves in play?", deck=deck)  # another scene
    assert "Llanowar" not in d.answer
    e = ask(book, "is Sol Ring, Mana Crypt, Mana Vault, Mox Diamond and Chrome Mox legal in Legacy?", deck=deck)
    assert "Chrome Mox is legal in Legacy" in e.answer  # every card of the list
    f = ask(book, "is Sol Ring or Hullbreacher banned in commander?", deck=deck)  # each card read as it was said
    assert "Read ‘Hullbreacher’ as Hullbreaker Horror: No" in f.answer and f.confidence < 0.95


def test_each_card_of_a_list_has_what_the_newer_tournament_rules_say(book: Rulebook, deck: CardDeck, documents: None) -> None:
    """"is Lightning Bolt or Fury legal in Modern?" said Fury was legal: the newer MTR's list is read for every card."""
    a = ask(book, "is Lightning Bolt or Fury legal in Modern?", deck=deck).answer
    assert "No: Fury is banned in Modern. (MTR 6.4 of the Magic Tournament Rules effective 2026-02-27 lists it as banned" in a, a


@pytest.mark.parametrize("question", ["Thanks, Steve. is brainstorm legal in legacy?",
                                      "Guys, Quick Question: is brainstorm legal in legacy?"])
def test_a_greeting_before_the_question_is_not_a_card(book: Rulebook, deck: CardDeck, question: str) -> None:
    """"Thanks, Steve." was said to be a card the data lacks, and the question went unanswered (a review)."""
    assert ask(book, question, deck=deck).answer.startswith("Yes: Brainstorm is legal in Legacy."), question
