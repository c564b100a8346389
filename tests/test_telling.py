"""How a question is told: older wordings read in today's words, and the words that only tell the situation."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.build.index import word_terms
from rulesgraph.common.text import words
from rulesgraph.question.analyze import FRAMING, TOLD, analyze
from rulesgraph.question.read import ASKING, Question
from rulesgraph.question.telling import in_todays_words, retired_subject, told_only


def test_older_wordings_are_read_in_todays_words() -> None:
    """"Enters the battlefield" is "enters" today; "comes into play", "in play" and "removed from the game" are the
    glossary's obsolete terms for entering, the battlefield and exile; a question without them is left as it is."""
    assert in_todays_words(words("it comes into play tapped")) == ["it", "enters", "tapped"]
    assert in_todays_words(words("when it entered the battlefield")) == ["when", "it", "entered"]
    assert in_todays_words(words("is it still in play")) == ["is", "it", "still", "in", "the", "battlefield"]
    assert in_todays_words(words("a card removed from the game")) == ["a", "card", "exiled"]
    said = words("can it block")
    assert in_todays_words(said) is said


def test_words_only_in_the_telling_of_a_long_question_are_told_only() -> None:
    """In a question of three sentences or more, the terms said only in the sentences that ask nothing tell the
    situation; a shorter question, or one whose asking sentence holds fewer than two terms, has none."""
    text = "I have Ragavan out. Then I cast a second Ragavan. Do I choose which one to keep?"
    told = told_only(Question(text).sentences, words(text), ASKING, word_terms)
    assert "ragavan" in told and "choos" not in told and "keep" not in told
    two = "I have Ragavan out. Do I choose which one to keep?"
    assert told_only(Question(two).sentences, words(two), ASKING, word_terms) == set()
    short = "I have Ragavan out. I cast another. What happens now?"
    assert told_only(Question(short).sentences, words(short), ASKING, word_terms) == set()
    excited = "I have Ragavan out. Then I cast a second Ragavan. Do I choose which one to keep?! Does the legend rule apply?"
    assert "choos" not in told_only(Question(excited).sentences, words(excited), ASKING, word_terms)  # "?!" asks as "?" does


def test_a_told_only_word_weighs_less_and_an_old_wording_names_its_alias(mini_book: Rulebook) -> None:
    """The analysis weighs a word said only in the telling at TOLD; an alias phrase in today's words ("enters tapped")
    is found in the older telling ("comes into play tapped")."""
    a = analyze("My opponent has a wall. I attacked with my dragon. Can the wall block the flying dragon?", mini_book.index)
    terms = dict(a.terms)
    assert terms["attack"] == TOLD and terms["block"] == 1.0 and terms["wall"] == 1.0
    said = [m.said for m in analyze("this land comes into play tapped, can I respond?", mini_book.index).matches if m.kind == "alias"]
    assert "enters tapped" in said


def test_a_retired_term_asked_whether_it_still_holds_is_the_subject(full_book: Rulebook) -> None:
    def asked(question: str) -> str | None:
        a = analyze(question, full_book.index)
        m = retired_subject(a.words, a.matches, full_book.index.obsolete, FRAMING)
        return m.node if m else None

    assert asked("is mana burn still a thing?") == asked("does mana burn exist anymore?") == "glossary:Mana Burn"
    assert asked("what is mana burn?") is None  # no word asks whether it still holds: what it means is asked
    assert asked("if my creature is in play, is it still attacking?") is None  # the old term sets a scene
    for situation in ("is it still in play?", "what counts as a game?", "what's in play today?", "is it still a legend?"):
        assert asked(situation) is None, situation  # an object pointed at, or words that are no "still"
