"""A question read once (issue 29): ``ask`` reads it into one Question — cleaned, folded, split into words — and
every later stage takes its words from there."""

from __future__ import annotations

import sys
import traceback
from collections import Counter
from pathlib import Path

import pytest

from rulesgraph import Rulebook, ask
from rulesgraph.common import text
from rulesgraph.question.conversation import Conversation
from rulesgraph.question.namedcards import open_deck
from rulesgraph.question.read import MAX_CHARS, Question, card_words

from .minicards import install_cards


def test_a_question_is_read_as_the_text_functions_read_it() -> None:
    said = "My  Mossback\u0007Elder’s  trample… does it — matter?"
    q = Question(said)
    assert q.text == said and q.cleaned == text.clean(said) and q.folded == text.fold(q.cleaned)
    assert list(q.words) == text.words(q.cleaned) and not q.truncated
    assert Question.of(q) is q and Question.of(said).words == q.words


def test_a_long_question_is_cut_and_says_so() -> None:
    q = Question("why " * MAX_CHARS)
    assert q.truncated and len(q.cleaned) == MAX_CHARS


def test_sentences_count_their_words_where_the_text_ends_them() -> None:
    """An ellipsis folds to three full stops but ends no sentence of the text: "resolves… What" stays one."""
    q = Question("I cast Shock. It resolves… What happens?! Nothing")
    assert q.sentences == (("i cast shock.", 3), (" it resolves... what happens?!", 4), (" nothing", 1))
    assert sum(n for _, n in q.sentences) == len(q.words)


def test_capitalised_runs_look_like_card_names() -> None:
    """A single capitalised word only mid-sentence; acronyms and sentence words are none; Title Case questions have none."""
    assert card_words("I Swords to Plowshares it and they Ephemerate it") == {"swords", "plowshares", "ephemerate"}
    assert card_words("Blood Artist dies. Humility is out") == {"blood", "artist"}
    assert card_words("Does Trample Work With Deathtouch") == set()
    assert card_words("can i block with an ETB guy") == set()
    assert Question("Blood Artist dies. Humility is out").names == {"blood", "artist"}


@pytest.fixture
def deck(mini_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    install_cards(mini_book)
    deck, notices = open_deck(mini_book)
    assert deck is not None and not notices
    return deck


QUESTIONS = (
    "My Mossback Elder attacks and my opponent blocks with two creatures. I have Banner of the Grove out. "
    "Another Mossback Elder is on my side too. Does trample matter when both of them are blocked?",
    "what does trample do?",
    "at FNM my opponent cast Sap on my Mossback Elder, what happens?",
)


def _asked_once(book: Rulebook, deck, question: str, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Every module that splits text into words does it with common.text.words; while ``ask`` answers, no stage is
    handed the question (as asked, cleaned or folded) to split: the Question's one split serves them all.  (A card it
    names has its Oracle text read for the glossary terms it says, once per card: rule 72's.)  (Rule 23's
    ``_asked`` still reads the sentence that asks, on the text's own lines, which cleaning joins.)"""
    whole = {question, text.clean(question), text.fold(question), text.fold(text.clean(question))}  # a capital or a "’" makes each differ
    split: Counter[str] = Counter()
    real = text.words

    def counted(s: str) -> list[str]:
        if s in whole and not any(f.name == "_asked" and f.filename.endswith("cardsteps/cards.py") for f in traceback.extract_stack()):
            split["words"] += 1
        return real(s)

    for name, module in list(sys.modules.items()):
        if name.startswith("rulesgraph") and getattr(module, "words", None) is real:
            monkeypatch.setattr(module, "words", counted)
    reads = Counter()
    init = Question.__init__

    def reading(self: Question, said: str) -> None:
        reads[said] += 1
        init(self, said)

    monkeypatch.setattr(Question, "__init__", reading)
    answer = ask(book, question, deck=deck, conversation=Conversation())
    assert answer.question == question
    assert reads[question] == 1 and not any(reads[said] for said in whole - {question}) and split["words"] == 0
    assert len(reads) <= 1 + len(answer.cards) and max(reads.values()) == 1  # besides it, each named card's Oracle text once


@pytest.mark.parametrize("question", QUESTIONS)
def test_ask_splits_the_question_into_words_once(mini_book: Rulebook, deck, question: str,  # type: ignore[no-untyped-def]
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _asked_once(mini_book, deck, question, monkeypatch)


@pytest.mark.parametrize("question", [*QUESTIONS, "what's the penalty for a missed trigger at competitive?",
                                      "judge, my opponent drew an extra card off Mossback Elder, what is the fix?"])
def test_with_the_tournament_documents_too(mini_book: Rulebook, documents: None, deck, question: str,  # type: ignore[no-untyped-def]
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The router and the documents' search read the same Question (the documents' terms come from its folded text)."""
    _asked_once(mini_book, deck, question, monkeypatch)


def test_a_follow_up_is_read_after_the_question_it_follows() -> None:
    """:meth:`Question.after`: the two as one text, the follow-up's own part where ``own_from`` says; too long together,
    the earlier one's start is cut, never the follow-up."""
    q = Question.after("what's the penalty for a missed trigger?", "what if he did it on purpose?")
    assert q.cleaned == "what's the penalty for a missed trigger? what if he did it on purpose?"
    assert q.cleaned[q.own_from:] == "what if he did it on purpose?"
    assert Question("what?").own_from == 0
    for n in (1990, 1998, 1999, 2000, 2500):
        long = Question.after("b" * 50, "a" * n)
        assert len(long.cleaned) <= MAX_CHARS and long.cleaned[long.own_from:] == "a" * min(n, MAX_CHARS), n
        assert long.truncated == (n > MAX_CHARS)  # a follow-up cut short says so, as it would alone
    spaced = Question.after("b" * 1983 + " " + "a" * 10, "what is the fix?")  # the cut at a space: no offset lost
    assert spaced.cleaned[spaced.own_from:] == "what is the fix?" and spaced.cleaned.startswith("b" * 1983)  # its start kept


@pytest.mark.full_cr
def test_thanks_asks_nothing(full_book: Rulebook) -> None:
    assert not ask(full_book, "thanks!").citations  # the FAQ's "thanks to infect" answered it with 119.4
    assert ask(full_book, "thanks, and what does trample do?").citations[0].id.startswith("702.19")
