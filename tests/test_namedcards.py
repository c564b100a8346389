"""rulesgraph/question/namedcards.py: the cards a question names, read from an installed (synthetic) card store and joined
to the loaded rules; the name table cached once per card data and rules; rules terms inside names dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesgraph import Rulebook
from rulesgraph.answer.compose import ask
from rulesgraph.cards import store_path
from rulesgraph.cards.install import install
from rulesgraph.cards.read import read_card_file
from rulesgraph.cards.view import keyword_list
from rulesgraph.model import NamedCard
from rulesgraph.question.analyze import analyze
from rulesgraph.question.namedcards import CardDeck, open_deck, with_cards, without_names
from rulesgraph.question.read import Question

from .minicards import CARDS, atomic, encode, face, install_cards


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Card data of this test's own: other tests install cards in the session's data directory."""
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))


def _deck(tmp_path: Path, book: Rulebook):  # type: ignore[no-untyped-def]
    source = tmp_path / "cards.json"
    source.write_bytes(encode(atomic()))
    install(read_card_file(source), keyword_list(book), path=store_path())
    return open_deck(book)


def test_no_cards_installed_is_no_deck(mini_book: Rulebook) -> None:
    assert open_deck(mini_book) == (None, [])


def test_named_cards_carry_their_keywords_types_and_rulings(tmp_path: Path, mini_book: Rulebook) -> None:
    deck, notices = _deck(tmp_path, mini_book)
    assert deck is not None and notices == []
    found = deck.named("my Mossback Elder is blocked by two creatures, what happens?")
    assert [c.key for c in found] == ["Mossback Elder"]
    elder = found[0]
    assert ("Trample", "has", ("702.19",)) in elder.keywords
    assert elder.type_line == "Creature — Elf" and "Whenever Mossback Elder attacks" in elder.text
    assert [d for d, _ in elder.rulings] == ["2020-01-01", "2021-02-03"]
    assert found[0].said == "Mossback Elder" and "my Mossback Elder"[3:] == found[0].said
    banner = deck.named("I control Banner of the Grove")[0]  # a keyword it grants others
    assert {(k, r) for k, r, _ in banner.keywords} >= {("Trample", "grants"), ("Deathtouch", "grants")}


def test_the_name_table_is_cached(tmp_path: Path, mini_book: Rulebook) -> None:
    _deck(tmp_path, mini_book)
    again, notices = open_deck(mini_book)
    assert again is not None and notices == []
    assert [c.key for c in again.named("[[Sap]] on my Mossback Elder")] == ["Sap // Drain", "Mossback Elder"]


def test_the_keyword_list_is_cached_with_the_name_table(tmp_path: Path, mini_book: Rulebook,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A card read is checked against the rules' keyword list: worked out once, with the table, not in every process."""
    import rulesgraph.cards.view as view

    _deck(tmp_path, mini_book)
    monkeypatch.setattr(view, "keyword_list", lambda book: pytest.fail("worked out again"))
    again, _ = open_deck(mini_book)
    assert again is not None
    elder = again.named("my Mossback Elder is blocked")[0]
    assert ("Trample", "has", ("702.19",)) in elder.keywords
    assert again._keywords == keyword_list(mini_book)  # (this test's own name for it: not the one replaced)


def test_without_names_keeps_offsets(tmp_path: Path, mini_book: Rulebook) -> None:
    deck, _ = _deck(tmp_path, mini_book)
    question = "does Mossback Elder have trample?"
    cards = deck.named(question)
    blank = without_names(question, cards)
    assert len(blank) == len(question) and "Mossback" not in blank and blank.endswith("have trample?")
    a = with_cards(analyze(question, mini_book.index), cards)
    assert a.cards == cards and any(m.node == "keyword:trample" for m in a.matches)


def test_ask_answers_through_the_cards(tmp_path: Path, mini_book: Rulebook) -> None:
    """Given the deck, a question naming a card is answered through what it says and shows the card."""
    deck, _ = _deck(tmp_path, mini_book)
    question = "Mossback Elder is blocked, where does the rest of its damage go?"
    without = ask(mini_book, question)
    with_cards_ = ask(mini_book, question, deck=deck)
    assert without.cards == () and [c.name for c in with_cards_.cards] == ["Mossback Elder"]
    assert with_cards_.citations[0].id.startswith("702.19")
    assert any(w.startswith("‘Mossback Elder’ names card Mossback Elder: trample → 702.19") for w in with_cards_.why)


def test_no_cache_builds_the_name_table_and_leaves_the_cache_alone(tmp_path: Path, mini_book: Rulebook,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """``--no-cache`` (``use_cache=False``) builds the table without reading or writing the cache."""
    monkeypatch.setenv("RULESGRAPH_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "cards.json"
    source.write_bytes(encode(atomic()))
    install(read_card_file(source), keyword_list(mini_book), path=store_path())
    deck, notices = open_deck(mini_book, use_cache=False)
    assert deck is not None and notices == [] and [c.key for c in deck.named("my Mossback Elder")] == ["Mossback Elder"]
    assert not any((tmp_path / "cache").glob("build-names-*"))
    open_deck(mini_book)
    assert list((tmp_path / "cache").glob("build-names-*"))


def test_a_word_said_only_in_a_cards_name_is_not_presented_as_a_misspelling(mini_book: Rulebook) -> None:
    """A card called "Tramlpe Sprite" (or a short form like "StPs") is a card, not a typo of trample: its correction
    goes with the card's words; the same word said outside the name is still corrected."""
    sprite = NamedCard("Tramlpe Sprite", "Tramlpe Sprite", 5, 19, 0.95, "exact", "Creature", "", (), (), (), frozenset())
    a = analyze("does Tramlpe Sprite die to lethal damage", mini_book.index)
    assert ("tramlpe", "trample") in a.corrections
    assert with_cards(a, (sprite,)).corrections == ()
    b = analyze("does Tramlpe Sprite have tramlpe", mini_book.index)
    assert with_cards(b, (sprite,)).corrections == b.corrections


def test_a_word_of_any_installed_cards_name_written_as_a_name_is_no_misspelling(mini_book: Rulebook) -> None:
    """A word of any installed card's name that the question writes as a name (capitalised mid-sentence), as it is, in
    the plural or the possessive without its apostrophe, is the card data's (:meth:`CardDeck.names_word`): ``ask``
    never reads it as a misspelt rules word, whether or not the question names the card ("two Tramlpes" of Tramlpe
    Hound is no typo of trample).  In lower case it is still a slip; so is a plural of a name word shorter than four
    letters ("Saps" of Sap), and "-es" is a plural only after s, x, z, ch or sh ("Marshes" of Glimmer Marsh)."""
    cards = {**CARDS, "Tramlpe Hound": [face("Tramlpe Hound", "Trample", type_line="Creature — Dog")],
             "Glimmer Marsh": [face("Glimmer Marsh", "", type_line="Land")]}
    install_cards(mini_book, cards)
    deck, _ = open_deck(mini_book)
    assert deck is not None
    said = Question.of("so my Mossback, two Elders, the Marshes, the Groves and my Tramlpes, and then two Saps and Houndes")
    assert all(deck.names_word(w, said) for w in ("mossback", "elders", "marshes", "groves", "tramlpes"))
    assert not deck.names_word("saps", said) and not deck.names_word("houndes", said)  # "Sap" is too short; "d" + "es"
    assert not deck.names_word("tramlpes", Question.of("so two tramlpes attack"))  # lower case: a slip
    capital, lower = "Two of my Tramlpes attack, can I block both?", "two of my tramlpes attack, can I block both?"
    assert any(w.startswith("read ‘tramlpes’ as") for w in ask(mini_book, capital).why)
    assert not any(w.startswith("read ‘tramlpes’") for w in ask(mini_book, capital, deck=deck).why)
    assert any(w.startswith("read ‘tramlpes’ as") for w in ask(mini_book, lower, deck=deck).why)


def test_a_word_of_a_named_cards_name_is_no_misspelling_wherever_it_is_said(mini_book: Rulebook) -> None:
    """A word of a named card's name said again outside the mention with a capital ("the Tramlpe" for "Tramlpe
    Sprite") is the card's name, not a misspelling: its correction goes, and so do what the corrected word named (the
    keyword) and its term (said in lower case, it is still corrected: the test above)."""
    sprite = NamedCard("Tramlpe Sprite", "Tramlpe Sprite", 12, 26, 0.95, "exact", "Creature", "", (), (), (), frozenset())
    a = analyze("my opponent Tramlpe Sprite attacks, can I block the Tramlpe", mini_book.index)
    assert ("tramlpe", "trample") in a.corrections and any(m.node == "keyword:trample" for m in a.matches)
    b = with_cards(a, (sprite,))
    assert b.corrections == () and not any(m.node == "keyword:trample" for m in b.matches)
    assert "trampl" not in {t for t, _ in b.terms}


def test_a_misspelt_word_of_a_misspelt_card_name_names_no_rules_term(mini_book: Rulebook) -> None:
    """A card's name typed wrong in lower case ("teferi time raveller" for Teferi, Time Raveler) is found as the card,
    and its misspelt word is no misspelling of a rules word besides ("raveller" read as "revealer" named the keyword
    Reveal): the correction, what it named and its search term go.  The same misspelling said outside the name stays."""
    question = "my tramlpe sprit is blocked, what now?"
    start = question.index("tramlpe")
    sprite = NamedCard("Tramplo Sprite", "tramlpe sprit", start, start + 13, 0.8, "typo", "Creature", "", (), (), (), frozenset())
    a = analyze(question, mini_book.index)
    assert any(m.node == "keyword:trample" for m in a.matches)
    b = with_cards(a, (sprite,))
    assert not any(m.node == "keyword:trample" for m in b.matches) and "trampl" not in {t for t, _ in b.terms}
    for question in ("does tramlpe work with my tramlpe sprit?", "my tramlpe sprit is blocked, does trampling still work?"):
        start = question.index("tramlpe sprit")  # the word said outside the name, misspelt or in another form (review)
        sprite = NamedCard("Tramplo Sprite", "tramlpe sprit", start, start + 13, 0.8, "typo", "Creature", "", (), (), (), frozenset())
        b = with_cards(analyze(question, mini_book.index), (sprite,))
        assert any(m.node == "keyword:trample" for m in b.matches) and "trampl" in {t for t, _ in b.terms}, question


def test_a_keyword_the_question_says_itself_stays_beside_a_card_named_like_it(mini_book: Rulebook) -> None:
    """The keyword a question asks about stays when a named card's name is spelled like it ("does delve work with
    Delver of Secrets?"): the name's word said nowhere else, or the keyword said in the question's own words, is no
    misspelling to undo."""
    question = "does trample work with Tramlpe Sprite?"
    start = question.index("Tramlpe")
    sprite = NamedCard("Tramlpe Sprite", "Tramlpe Sprite", start, start + 14, 0.95, "exact", "Creature", "", (), (), (), frozenset())
    b = with_cards(analyze(question, mini_book.index), (sprite,))
    assert any(m.node == "keyword:trample" for m in b.matches) and "trampl" in {t for t, _ in b.terms}
    question = "Tramlpe Sprite attacks. Can the Tramlpe trample over my blocker?"
    sprite = NamedCard("Tramlpe Sprite", "Tramlpe Sprite", 0, 14, 0.95, "exact", "Creature", "", (), (), (), frozenset())
    b = with_cards(analyze(question, mini_book.index), (sprite,))
    assert any(m.node == "keyword:trample" for m in b.matches) and "trampl" in {t for t, _ in b.terms}


def test_an_alias_keyword_the_card_data_does_not_give_the_card_is_not_named(mini_book: Rulebook) -> None:
    """What a card does comes from the card data: a keyword an alias entry names for the card's words ("kitchen
    finks" → persist and undying) that none of the named cards has, grants or mentions is not read as named, nor its
    glossary entry; the keyword the card has stays, and so does one another named card has."""
    from dataclasses import replace

    from rulesgraph.question.analyze import Match

    question = "my Kitchen Finks and Grim Messenger die, do they come back?"
    a = analyze(question, mini_book.index)
    said = "kitchen finks"
    aliased = tuple(Match(node, kind, said, 1.0, "alias", via="alias")
                    for node, kind in (("keyword:persist", "keyword"), ("keyword:undying", "keyword"), ("glossary:Undying", "glossary")))
    a = replace(a, matches=a.matches + aliased)
    finks = NamedCard("Kitchen Finks", "Kitchen Finks", 3, 16, 0.95, "exact", "Creature — Ouphe", "Persist",
                      (("Persist", "has", ("702.79",)),), (), (), frozenset({"kitchen", "fink"}))
    ours = {m.node for m in aliased}
    assert {m.node for m in with_cards(a, (finks,)).matches if m.said == said} & ours == {"keyword:persist"}
    messenger = NamedCard("Grim Messenger", "Grim Messenger", 21, 35, 0.95, "exact", "Creature — Zombie", "Undying",
                          (("Undying", "has", ("702.93",)),), (), (), frozenset({"grim", "messeng"}))
    assert {m.node for m in with_cards(a, (finks, messenger)).matches if m.said == said} & ours == ours


def test_more_than_one_of_a_card() -> None:
    """A question speaks of more than one of a named card when it says a number or "another" right before its name,
    names its plural, speaks of a copy of it, or names it twice and says "they both"; naming it twice alone is one card
    talked about, and so is copying something of it or "both" said of something else."""
    from rulesgraph.question.mention_context import more_than_one

    assert more_than_one("I cast a second Thalia.", [(16, 22, "exact")])
    assert more_than_one("I have Ragavan out and I cast another Ragavan", [(7, 14, "exact"), (38, 45, "short")])
    assert more_than_one("are my two Bulwark Elfs", [(11, 23, "plural")])
    assert more_than_one("I copy Thalia. Thalia is legendary; are they both there?", [(7, 13, "exact"), (15, 21, "short")])
    assert more_than_one("I made a copy of Thalia", [(17, 23, "exact")])
    assert more_than_one("I made a Thalia token", [(9, 15, "exact")])
    assert more_than_one("Thalia is out. I cast Thalia again; are they both there?", [(0, 6, "exact"), (22, 28, "short")])
    assert not more_than_one("I stole Kokusho and it died. Who controls the Kokusho trigger?", [(8, 15, "exact"), (46, 53, "short")])
    assert not more_than_one("Kokusho dies and I copy Kokusho's trigger", [(0, 7, "exact"), (24, 33, "short")])
    assert not more_than_one("Thalia is out. Do both players pay 1 more for Thalia's tax?", [(0, 6, "exact"), (46, 54, "short")])
    assert not more_than_one("I cast Thalia.", [(7, 13, "exact")])
    # a name said as a plural and followed by its object is a verb: "Murders the Angel", "Lightning Bolts me"
    assert not more_than_one("he Murders the Angel in response", [(3, 10, "plural")])
    assert not more_than_one("then he Lightning Bolts me", [(8, 23, "plural")])
    assert more_than_one("two Blood Artists. One of them dies", [(4, 17, "plural")])
    # said twice as two players' own: two of it (603.3b's APNAP order was missed for "my Soul Warden and an opponent's Soul Warden")
    two = "when my Soul Warden and an opponent's Soul Warden trigger, whose goes on the stack first?"
    assert more_than_one(two, [(8, 19, "exact"), (38, 49, "exact")])
    assert more_than_one("my Thalia and your Thalia", [(3, 9, "exact"), (19, 25, "exact")])
    assert not more_than_one("I have my Thalia out. Does my Thalia tax me?", [(10, 16, "exact"), (30, 36, "exact")])
    assert more_than_one("my Soul Warden and my opponent's Soul Warden", [(3, 14, "exact"), (33, 44, "exact")])
    stolen = "I took my opponent's Soul Warden with Control Magic. Does my Soul Warden now gain me life?"  # one, changing hands
    assert not more_than_one(stolen, [(21, 32, "exact"), (61, 72, "exact")])


def test_a_lower_case_word_is_a_card_when_the_next_word_says_what_the_card_does(tmp_path: Path, mini_book: Rulebook) -> None:
    """``decoy`` is English (zipf 3.0): said in lower case it is the card Decoy only when the word after it is the
    card's own ("decoy copies …": "… as a copy of …"), not a rules term it makes with the next word."""
    from .minicards import CARDS, face, install_cards

    install_cards(mini_book, {**CARDS, "Decoy": [face("Decoy", "You may have Decoy enter the battlefield as a copy of any creature.",
                                                           type_line="Artifact Creature — Shapeshifter")]})
    deck, _ = open_deck(mini_book)
    assert deck is not None
    assert [c.key for c in deck.named("decoy copies a creature with counters, what does it get?")] == ["Decoy"]
    assert [c.key for c in deck.named("decoy enters copying my elf")] == ["Decoy"]
    assert [c.key for c in deck.named("does the decoy artifact keep its counters?")] == ["Decoy"]  # its type line
    assert deck.named("is a decoy worth it, or should the decoy attack?") == ()


def test_a_megabyte_question_costs_what_its_bound_does(tmp_path: Path, mini_book: Rulebook) -> None:
    """Issue 31: reading the cards of a question (the finder, "a second X", the names left out of the analysis) reads
    the finder's bound and no more: a 1 MB question makes no more calls than its first :data:`FIND_CHARS`."""
    import sys

    from rulesgraph.question.mentions import FIND_CHARS

    deck, _ = _deck(tmp_path, mini_book)
    said = "my Mossback Elder and a second Mossback Elder, [[Sap]] and Banner of the Grove: does trample matter? "

    def calls(chars: int) -> int:
        question = (said * (chars // len(said) + 1))[:chars]
        n = 0

        def count(frame: object, event: str, arg: object) -> None:
            nonlocal n
            n += event in ("call", "c_call")

        deck._cards.clear()  # each run reads its cards afresh
        sys.setprofile(count)
        try:
            with_cards(analyze(question, mini_book.index), deck.named(question))
        finally:
            sys.setprofile(None)
        return n

    assert calls(1_000_000) <= 1.1 * calls(FIND_CHARS)


def test_a_deck_keeps_only_the_last_cards_it_read(tmp_path: Path, mini_book: Rulebook, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deck keeps the CARDS_KEPT cards named last (a stream of questions names a thousand cards); a card read again
    after it was let go is the same card, and one named again is kept longer than one named once."""
    from rulesgraph.question import namedcards

    monkeypatch.setattr(namedcards, "CARDS_KEPT", 2)
    deck, _ = _deck(tmp_path, mini_book)
    assert deck is not None
    elder = deck.card("Mossback Elder")
    assert elder is not None and deck.card("Mossback Elder") is elder  # kept: read once
    banner = deck.card("Banner of the Grove")
    deck.card("Mossback Elder")  # named again: now the last named
    deck.card("Sap // Drain")  # a third card: the one named longest ago is let go
    assert list(deck._cards) == ["Mossback Elder", "Sap // Drain"]
    again = deck.card("Banner of the Grove")  # read again from the store
    assert again == banner and again is not banner and list(deck._cards) == ["Sap // Drain", "Banner of the Grove"]



def test_a_word_making_a_rules_term_with_the_word_before_is_no_card(deck: CardDeck) -> None:
    """"Manifest dread put an instant face down" read "dread" as the card Dread (a trial): a lower-case word read as a card
    only because the word after it is one the card's text says is not, when it and the word before are a rules term."""
    assert deck.named("Manifest dread put an instant face down. Can I turn it face up later?") == ()
    assert [c.key for c in deck.named("my clone copies a creature with counters")] == ["Clone"]  # the word after still reads
