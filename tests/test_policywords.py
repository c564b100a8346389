"""rulesgraph.answer.policywords: players' words read as the documents' (phrases, short forms, irregular forms), the
words asking about the documents' changes, naming a level, or only making a sentence a question."""

from __future__ import annotations

import pytest

from rulesgraph.answer.policywords import CHANGES, FRAME, said_terms, terms
from rulesgraph.common.text import stem


def test_players_words_read_as_the_documents_words() -> None:
    assert {stem("intentionally"), stem("knowingly")} <= set(terms("he let it happen on purpose"))
    assert stem("issue") in terms("can a floor judge hand out a game loss")
    assert "hand" not in terms("can a floor judge hand out a game loss")
    assert stem("insufficient") in terms("my deck has too few cards")
    assert stem("tear") in terms("he ripped up my card") and stem("aggressive") in terms("in anger")
    assert stem("assist") in terms("my buddy wants to help me")
    assert terms("He said it") == terms("he says it")  # irregular forms still joined; case folded first
    for said in ("his deck list", "the deck sheets", "my registration sheet"):  # players' names for the decklist
        assert stem("decklist") in terms(said) and stem("sheet") not in terms(said), said
    assert {stem("unreasonable"), stem("time")} <= set(terms("is that slow play at a prerelease"))  # the JAR's words for it
    assert stem("shuffling") in terms("he is mana weaving his deck") == terms("he is manaweaving his deck")
    for said in ("his friend watching asked us to pause", "an observer said something", "the railbirds told him"):
        assert stem("spectator") in terms(said), said  # someone watching is what the MTR calls a spectator
    assert stem("spectator") not in terms("I was watching the stack")
    assert stem("spectator") in terms("can my girlfriend watch my match") and stem("spectator") not in terms("watch my creature")
    assert stem("concede") in terms("can I scoop to my buddy") == terms("can I concede to my buddy")
    assert stem("sleeves") in terms("can I play with unsleeved cards")
    for said in ("what if it happens again later in the match?", "second time he did it", "is a repeat offense a game loss"):
        assert {stem("subsequent"), stem("upgraded")} <= set(terms(said)), said  # the IPG's upgrade, in its words
    for said in ("are alters legal", "my altered cards", "can I play alt art lands"):  # a card's alter: MTR 3.3's words
        assert {stem("artistic"), stem("modifications")} <= set(terms(said)), said
    assert stem("artistic") not in terms("he altered his decklist")  # the decklist "may not be altered": MTR 2.7's
    assert stem("shortcut") in terms("then he said go") and stem("shortcut") in said_terms("she says your turn")  # MTR 4.2's
    assert stem("misprinted") in terms("is a miscut card legal")
    assert {stem("electronic"), stem("devices")} <= set(terms("can I listen to music on headphones"))
    assert {stem("slow"), stem("play")} <= set(terms("judge, my opponent is taking too long"))


def test_the_word_rel_beside_its_level_is_no_topic_word() -> None:
    """A level named ("at comp rel", "the REL is regular") picks a document; REL's words are then no search terms, so a question does
    not lean to a section titled Rules Enforcement Levels for saying its level. Asked about, REL stays a term."""
    for q in ("at comp rel when will a judge rewind the game", "the REL is regular, can a judge rewind the game",
              "comp rel: can a judge rewind the game", "in competitive rules enforcement level can a judge rewind"):
        assert not {"rule", "enforc", "level"} & set(said_terms(q, levels=False)), q
        assert "back" in said_terms(q, levels=False)
    assert "enforc" in said_terms("what REL is an RCQ run at", levels=False)
    for q in ("what rel is competitive", "which rel is casual"):  # asked which level: REL is what the question is about
        assert "enforc" in said_terms(q, levels=False), q


def test_frame_words_are_no_search_words_but_tell_and_help_are() -> None:
    """"What happens", "actually" only make a sentence a question; a duty to tell and outside assistance are the
    documents' own subjects."""
    assert stem("happens") in FRAME and stem("actually") in FRAME
    assert not {stem("tell"), stem("help")} & FRAME


@pytest.mark.parametrize(("question", "about_changes"), [
    ("what changed about dice?", True), ("has the rule changed?", True), ("was there a rule change", True),
    ("did the ipg change on this", True), ("it used to be a game loss", True), ("is this different from how it was before", True),
    ("i changed a card on my decklist", False), ("he changes his deck", False), ("he changes his mind", False),
    ("the dice used to track counters", False), ("can i update my decklist", False), ("we updated the life totals", False),
])
def test_what_asks_about_the_documents_changes(question: str, about_changes: bool) -> None:
    """The documents' changes, asked about ("was there a rule change"), not a player changing or updating something."""
    assert bool(CHANGES.search(question)) is about_changes


def test_words_said_in_the_rules_sense_are_not_searched_but_counted() -> None:
    """A creature that dies is no die of the documents' (the one rolled): searching them, the verb's forms are left out;
    the routing's counts (``searched`` off) still read them, as a word of the rules'."""
    said = "my creature died, then his dies and a dying one"
    assert stem("die") not in said_terms(said, searched=True)
    assert said_terms(said).count(stem("die")) == 3
    assert stem("die") in said_terms("we rolled a die", searched=True)


def test_slips_read_a_misspelt_word_as_the_documents_word_it_is_a_slip_of() -> None:
    """"what is the penalty for cheeting" led with Deck Problem: "cheet" is no word of the documents'.  A word they never
    use, and that is no English or rules word, is read as theirs within one edit in five or so (same first letter);
    an English word never is ("chatting" is not cheating), nor a word too far from any of theirs ("slowplay")."""
    from rulesgraph.answer.policywords import slips

    theirs = {stem(w) for w in ("cheating", "bribery", "tardiness", "slowly", "play")}
    vocabulary = {"c": ["cheating"], "b": ["bribery"], "t": ["tardiness"], "s": ["slowly"]}
    english = {"chatting"}
    said = ("penalty", "cheeting", "bribary", "tardyness", "slowplay", "chatting")
    assert slips(said, theirs, vocabulary, english.__contains__) == {
        stem("cheeting"): stem("cheating"), stem("bribary"): stem("bribery"), stem("tardyness"): stem("tardiness")}
    # English beyond the small list ``known`` reads (wordfreq's Zipf 2.8): meant, not a slip of "wagering"
    assert slips(("wavering",), {stem("wagering")}, {"w": ["wagering"]}, lambda w: False) == {}
