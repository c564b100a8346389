"""rulesgraph/answer/lonename.py: a question that is only a card's name is answered with the card (its Oracle text, its
rulings, the rules it runs on) or with the cards a shared short name may be; a rules word stays the rules'."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesgraph import Rulebook
from rulesgraph.answer import lonename
from rulesgraph.answer.compose import ask
from rulesgraph.answer.lonename import CHOICES_CONFIDENCE, SURE, TYPO_SURE, LoneName, lone_name, unframed
from rulesgraph.build.index import name_key
from rulesgraph.cards.nametable import tokens
from rulesgraph.question.conversation import Conversation
from rulesgraph.question.namedcards import CardDeck, open_deck

from .minicards import CARDS, face, install_cards
from .test_ranking import weight

OWN = {**CARDS,
       "Olwen, the Bright": [face("Olwen, the Bright", "Flying", type_line="Legendary Creature — Elf", keywords=["Flying"])],
       "Olwen, the Dark": [face("Olwen, the Dark", "Deathtouch", type_line="Legendary Creature — Elf", keywords=["Deathtouch"])],
       "Olwen, the Grey": [face("Olwen, the Grey", "Vigilance", type_line="Legendary Creature — Elf", keywords=["Vigilance"])],
       "Trample": [face("Trample", "Target creature gains trample until end of turn.", type_line="Instant")],
       "Gust Rider": [face("Gust Rider", "Flying", edhrecRank=100)],
       "Gust // Gale": [face("Gust // Gale", "Tap target creature.", type_line="Instant", faceName="Gust", side="a", layout="split",
                             edhrecRank=5000),
                        face("Gust // Gale", "Untap target creature.", type_line="Instant", faceName="Gale", side="b", layout="split")],
       "Sisay": [face("Sisay", "", type_line="Vanguard", layout="vanguard")],
       "Sentry Gate": [face("Sentry Gate", "Tapped creatures you control can block as though they were untapped.",
                            type_line="Enchantment")],
       "Sisay, Weatherlight Captain": [face("Sisay, Weatherlight Captain", "Flying", type_line="Legendary Creature — Human",
                                            edhrecRank=100)],
       "Jolt // Bolt": [face("Jolt // Bolt", "Tap target creature.", type_line="Instant", faceName="Jolt", side="a", layout="split"),
                        face("Jolt // Bolt", "Draw a card.", type_line="Instant", faceName="Bolt", side="b", layout="split")]}
"""The synthetic cards, and two sharing a short name, and one named like a keyword."""


@pytest.fixture
def deck(mini_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CardDeck:
    """The synthetic cards installed and opened for answering."""
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    install_cards(mini_book, OWN)
    deck, notices = open_deck(mini_book)
    assert deck is not None and not notices
    return deck


@pytest.fixture
def book(mini_book: Rulebook) -> Rulebook:
    return mini_book


def test_the_framing_words_go() -> None:
    assert unframed("how does Mossback Elder work?") == "Mossback Elder"
    assert unframed("[[Mossback Elder]] rulings") == "Mossback Elder"
    assert unframed("what does mossback elder do") == "mossback elder"
    assert unframed("Mossback Elder") == "Mossback Elder"


def test_a_cards_name_alone_is_answered_with_the_card(book: Rulebook, deck: CardDeck) -> None:
    """Its Oracle text, its rulings cited, then the rule its keyword runs on; the card shown; its keyword named."""
    for question in ("Mossback Elder", "mossback elder?", "how does mossback elder work", "Mossback Elder rulings"):
        a = ask(book, question, deck=deck)
        assert a.answer is not None and a.answer.startswith("Trample\nWhenever Mossback Elder attacks"), question
        assert [c.kind for c in a.citations[:2]] == ["ruling", "ruling"]
        assert a.citations[0].id == "ruling:Mossback Elder:2020-01-01:1" and a.citations[2].id == "702.19"
        assert [c.name for c in a.cards] == ["Mossback Elder"] and a.keywords == ("Trample",)
        assert a.confidence == SURE and a.question == question and "only the name of card Mossback Elder" in a.why[0]


def test_k_counts_the_rules_it_runs_on_and_its_rulings_are_cited_besides(book: Rulebook, deck: CardDeck) -> None:
    """As in every answer, ``k`` is the rules' citations; the card's rulings (SHOWN at most) come besides, first."""
    a = ask(book, "Mossback Elder", k=1, deck=deck)
    assert [c.kind for c in a.citations] == ["ruling", "ruling", "rule"] and a.citations[2].id == "702.19"


def test_a_card_without_keywords_cites_the_rules_its_text_is_about(book: Rulebook, deck: CardDeck) -> None:
    """Its name ranked as a question, its Oracle text all it asks: Sentry Gate's tapped blockers are 509.1a's; a card with
    a keyword still cites its keyword's rule first (the test above: Mossback Elder's trample)."""
    a = ask(book, "how does Sentry Gate work?", deck=deck)
    rules = [c.id for c in a.citations if c.kind in ("rule", "subrule")]
    assert rules[:1] == ["509.1a"] and "a rule its text is about" in a.citations[0].why
    assert "only the name of card Sentry Gate" in a.why[0] and a.confidence == SURE
    lone = lonename.lone_name(book, "Sentry Gate", deck)
    assert lone is not None and not lonename.card_answer(book, deck, "Sentry Gate", lone, 5).citations  # the ranked rules only


def test_a_short_name_several_cards_share_offers_them(book: Rulebook, deck: CardDeck) -> None:
    a = ask(book, "olwen", deck=deck)
    olwens = {"Olwen, the Bright", "Olwen, the Dark", "Olwen, the Grey"}
    assert a.citations == () and set(a.alternatives) == olwens
    assert {c.name for c in a.cards} == olwens and a.confidence == CHOICES_CONFIDENCE
    assert "3 cards" in (a.answer or "")


def test_a_name_or_face_said_whole_is_that_card_over_one_it_only_begins(book: Rulebook, deck: CardDeck) -> None:
    """``gust`` is a face of Gust // Gale and the first word of Gust Rider, far more played: the face's card."""
    t = deck.table  # type: ignore[union-attr]
    assert not t.sure[t.exact[("gust",)]]
    lone = lone_name(book, "[[Gust]]", deck)
    assert lone is not None and lone.keys == ("Gust // Gale",)


def test_a_misspelt_long_name_is_read_as_the_card(book: Rulebook, deck: CardDeck) -> None:
    lone = lone_name(book, "mossback eldr", deck)
    assert lone is not None and lone.keys == ("Mossback Elder",) and lone.typo
    assert ask(book, "mossback eldr", deck=deck).confidence == TYPO_SURE


def test_a_name_too_far_for_the_table_is_read_as_card_reads_it(book: Rulebook, deck: CardDeck) -> None:
    """Three slips are more than the name table reads, not more than ``card`` does: a name alone agrees with ``card``."""
    assert deck is not None and deck.table.misspelt("mosbak eldr") is None
    assert deck.name_index().find("mosbak eldr").key == "Mossback Elder"
    lone = lone_name(book, "how does mosbak eldr work?", deck)
    assert lone is not None and lone.keys == ("Mossback Elder",) and lone.typo
    assert lone_name(book, "trampel", deck) is None  # a misspelt keyword stays the rules' (card finds the card Trample)


def test_a_misspelling_as_near_to_several_names_offers_them_most_played_first(mini_book: Rulebook, tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """"lightnig blot" is as near to Lightning Blow, Bolt and Blast (as ``card`` lists them): the cards, most played
    first, as for a short name several cards share (it was answered from the rules at 0.00)."""
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    install_cards(mini_book, {**OWN, **{n: [face(n, "deals damage.", type_line="Instant", edhrecRank=r)]
                                        for n, r in (("Lightning Blow", 9000), ("Lightning Bolt", 5), ("Lightning Blast", 7000))}})
    deck, _ = open_deck(mini_book)
    assert deck is not None
    lone = lone_name(mini_book, "lightnig blot", deck)
    assert lone is not None and lone.typo and lone.keys[0] == "Lightning Bolt" and set(lone.keys) >= {"Lightning Blow", "Lightning Blast"}
    answer = ask(mini_book, "lightnig blot", deck=deck)
    assert answer.confidence == CHOICES_CONFIDENCE and answer.alternatives[0] == "Lightning Bolt" and not answer.citations
    assert "near the names of 3 cards" in (answer.answer or "")


def test_the_table_and_card_disagreeing_the_nearer_name_wins() -> None:
    from rulesgraph.answer.lonename import _closer

    assert _closer("sol rign", "Solarion", "Sol Ring") == "Sol Ring"  # one swap from Sol Ring, two edits from Solarion
    assert _closer("hullbreaker horor", "Hullbreaker Horror", "Hull Breach") == "Hullbreaker Horror"
    assert _closer("tarmogyof", "Tarmogoyf", "Tarmogoyf") == "Tarmogoyf"
    assert _closer("snapcastr", "Snapcaster Mage", None) == "Snapcaster Mage" and _closer("x", None, None) is None


def test_a_rules_word_or_a_question_stays_the_rules(book: Rulebook, deck: CardDeck) -> None:
    """A card named like a keyword is the keyword when said alone; more than a name is a question."""
    assert lone_name(book, "Trample", deck) is None and lone_name(book, "what does trample do?", deck) is None
    assert lone_name(book, "does Mossback Elder have trample?", deck) is None
    assert ask(book, "trample", deck=deck).citations[0].id.startswith("702.19")


def test_no_cards_installed_no_card_answer(mini_book: Rulebook) -> None:
    assert lone_name(mini_book, "Mossback Elder", None) is None


def test_the_card_becomes_the_conversations_topic(book: Rulebook, deck: CardDeck) -> None:
    conv = Conversation()
    ask(book, "Mossback Elder", conversation=conv, deck=deck)
    assert conv.card == "Mossback Elder" and "keyword:trample" in conv.subjects


def test_a_one_face_name_shared_with_far_more_played_cards_is_one_of_the_choices(book: Rulebook, deck: CardDeck) -> None:
    """A Vanguard ``Sisay`` (unranked, one face) is not the card ``Sisay`` means: both are offered."""
    lone = lone_name(book, "Sisay", deck)
    assert lone is not None and set(lone.keys) == {"Sisay", "Sisay, Weatherlight Captain"}


def test_a_tokens_name_alone_stays_the_rules(book: Rulebook, monkeypatch: pytest.MonkeyPatch, deck: CardDeck) -> None:
    """``jolt`` is a face of Jolt // Bolt, but where the rules define a Jolt Token, it is the token's."""
    assert lone_name(book, "jolt", deck) is not None
    monkeypatch.setitem(book.index.names, name_key("jolt token"), ["glossary:Jolt Token"])
    assert lone_name(book, "jolt", deck) is None


def test_more_cards_than_are_shown_are_counted(book: Rulebook, monkeypatch: pytest.MonkeyPatch, deck: CardDeck) -> None:
    monkeypatch.setattr(lonename, "CHOICES", 2)
    a = ask(book, "olwen", deck=deck)
    assert "the name of 3 cards; the 2 most played are shown" in (a.answer or "") and len(a.cards) == 2


def test_what_about_a_card_in_a_conversation_is_a_follow_up(book: Rulebook, deck: CardDeck) -> None:
    """"what about X?" after a question asks it again of X: not the card's lone-name answer."""
    conv = Conversation()
    ask(book, "does trample work when the blocker dies?", conversation=conv, deck=deck)
    a = ask(book, "what about Mossback Elder?", conversation=conv, deck=deck)
    assert "only the name of card" not in " ".join(a.why)
    assert ask(book, "what about Mossback Elder?", deck=deck).why[0].startswith("‘Mossback Elder’ is only the name of card")


def test_padding_around_a_name_does_not_make_it_a_question(book: Rulebook, deck: CardDeck) -> None:
    assert ask(book, "Mossback Elder" + " " * 40, deck=deck).cards[0].name == "Mossback Elder"


def _slips(name: str) -> list[str]:
    """The slips people make typing ``name``: two letters swapped, one dropped, one doubled (in its longest word)."""
    word = max(name.split(), key=len)
    at = name.index(word) + len(word) // 2
    if not name[at : at + 2].isalpha() or not name[at : at + 2].islower():
        return []
    return [name[:at] + name[at + 1] + name[at] + name[at + 2:], name[:at] + name[at + 1:], name[:at] + name[at] + name[at:]]


def test_ask_and_card_agree_on_every_name_card_finds(full_book: Rulebook, installed_cards: Path) -> None:
    """Issue 30: a sample of real names, as written, in lower case, with each slip and without their last two letters,
    that the ``card`` command's finder reads as one card: ``ask`` of the name alone shows that card (a rules word or
    term stays the rules': ``Flash``), and in a question, said whole or misspelt in the name's own capitals, the name
    finder reads it too."""
    from rulesgraph.question.mentions import find_cards

    deck, _ = open_deck(full_book)
    assert deck is not None
    index, t = deck.name_index(), deck.table
    names = [e.name for e in index.entries[::97] if e.kind == "name" and e.name.isascii() and " // " not in e.name][:150]
    tried, disagree = 0, []
    for name in names:
        long = len(name.replace(" ", "")) >= 8
        for said in [name, name.lower(), *(_slips(name) if long else []), *([name[:-2]] if long else [])]:
            key, how = index.find(said).key, index.find(said).how
            if key is None or how not in ("exact", "typo", "prefix"):
                continue
            g = t.exact.get(tuple(tokens(name)))
            if (g is not None and (t.rules[g] or t.bracket_only[g] or not t.sure[g])) or name_key(name) in full_book.index.names:
                continue  # a rules word, a joke card, a name several cards share: not one card's
            tried += 1
            lone = lone_name(full_book, said, deck)
            if lone is None or lone.keys != (key,):
                disagree.append(f"ask {said!r}: {lone}, card: {key}")
            if said != name.lower() and how != "prefix" and key not in {m.key for m in find_cards(f"so I cast {said} and then?", t)}:
                disagree.append(f"in a question {said!r}: {[m.key for m in find_cards(f'so I cast {said} and then?', t)]}, card: {key}")
    assert tried > 200
    assert not disagree, "\n".join(disagree)


def test_the_rules_its_text_is_about_come_before_its_type_lines_and_a_card_without_text_has_none(full_book: Rulebook,
                                                                                                 tmp_path: Path,
                                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """With the full CR: Sentry Gate's rules of combat (its text's tapped blockers, 509.1, without rule 75) before its
    type line's rule (303, Enchantments); a card
    with no rules text (a vanilla creature) cites no rule "its text is about", only its type line's (302)."""
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    install_cards(full_book, {**OWN, "Plain Bear": [face("Plain Bear", "", type_line="Creature — Bear")]})
    deck = open_deck(full_book)[0]
    assert deck is not None
    lone = lonename.lone_name(full_book, "Sentry Gate", deck)
    assert lone is not None
    two = lambda name: ask(full_book, name, 2, rules_only=True, deck=deck, as_question=True)  # two ranked, room left
    rules = [c.id for c in lonename.card_answer(full_book, deck, "Sentry Gate", lone, 8, ranked=two).citations if c.kind != "ruling"]
    assert all(r.startswith("50") for r in rules[:2]) and rules[2:] == ["303"]  # combat's rules, then the type line
    with weight("learned_card", 0.0):  # its text's own words; rule 75 adds the rules questions about such cards rest on
        rules = [c.id for c in lonename.card_answer(full_book, deck, "Sentry Gate", lone, 8, ranked=two).citations
                 if c.kind != "ruling"]
    assert any(r.startswith("509.1") for r in rules[:2]) and rules[2:] == ["303"]  # the blockers rule, then the type line
    bear = ask(full_book, "Plain Bear", deck=deck)
    assert [c.id for c in bear.citations] == ["302"] and "its text" not in " ".join(w for c in bear.citations for w in c.why)


def test_an_ability_word_is_no_misspelt_card_and_a_card_named_like_one_says_so(full_book: Rulebook, session_deck: CardDeck) -> None:
    """A new user's trial with 2026 cards: "how does landfall work" answered with Landfill (read as misspelt), "how does
    void work" with the 2016 sorcery Void only.  The CR's ability words (207.2c's list, read from the rules) are no card's
    misspelt name; a card whose name is one says the word is an ability word too."""
    from rulesgraph.rank.cardsteps.wording import ability_words

    said, rule = ability_words(full_book.qg, full_book.index)
    assert {"landfall", "void", "flurry", "will of the council"} <= said and rule == "207.2c"
    assert lone_name(full_book, "how does landfall work", session_deck) == LoneName("landfall", (), ability="207.2c")
    void = ask(full_book, "how does void work", deck=session_deck)
    assert void.cards[0].name == "Void" and void.caveats[0].startswith("‘void’ is also an ability word")
    assert not ask(full_book, "how does tarmogoyf work", deck=session_deck).caveats


def test_an_ability_word_said_alone_is_answered_with_the_rule_listing_them(full_book: Rulebook, session_deck: CardDeck) -> None:
    """A new user's trial: "how does landfall work" answered with the lands rules (305.2a, "a player can play a land")
    at 0.00.  An ability word said alone, no card's name, is answered with what 207.2c says of ability words, its list
    left out; one with a glossary entry of its own (Threshold, once a keyword) keeps it, a question asking more is ranked."""
    for question in ("landfall", "how does landfall work?", "what is magecraft"):
        answer = ask(full_book, question, deck=session_deck)
        assert [c.id for c in answer.citations] == ["207.2c"] and answer.confidence == SURE
        said = answer.answer or ""
        assert said.startswith("‘") and "is an ability word. An ability word appears" in said
        assert "The ability words are" not in said
    assert lone_name(full_book, "threshold", session_deck) is None
    assert lone_name(full_book, "how does landfall work with fetchlands?", session_deck) is None


def test_an_ability_word_said_alone_without_cards_installed_is_answered_alike(full_book: Rulebook) -> None:
    """Stop 94 read an ability word said alone only with card data installed: a user who declined the cards was answered
    "how does landfall work" with the lands rules (305.2a) at 0.00.  Without cards only the ability word is read (no card
    name can be), a glossary entry of its own still keeps it, and a question asking more is ranked."""
    assert lone_name(full_book, "how does landfall work", None) == LoneName("landfall", (), ability="207.2c")
    answer = ask(full_book, "how does landfall work?")
    assert [c.id for c in answer.citations] == ["207.2c"] and answer.confidence == SURE
    assert (answer.answer or "").startswith("‘landfall’ is an ability word. An ability word appears")
    assert lone_name(full_book, "threshold", None) is None and lone_name(full_book, "Mossback Elder", None) is None
    assert lone_name(full_book, "how does landfall work with fetchlands?", None) is None
