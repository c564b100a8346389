"""bench/aliases.py: every alias phrase found where it is written, a phrase unread only while measured, and the change counted."""

from __future__ import annotations

import sys
from pathlib import Path

from rulesgraph import Rulebook
from rulesgraph.question.analyze import analyze

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from aliases import change, phrases_of, unmeant, unread  # noqa: E402


def test_a_phrase_is_found_where_it_is_written(mini_book: Rulebook) -> None:
    index = mini_book.index
    places = phrases_of(index)
    assert places and all(" ".join(index.aliases[i].say[j]) == phrase for phrase, at in places.items() for i, j in at)
    assert sum(len(at) for at in places.values()) == sum(len(a.say) for a in index.aliases)


def test_an_unread_phrase_is_not_matched_and_comes_back(mini_book: Rulebook) -> None:
    """"eot" is read as end of turn; with its phrase unread the question names no alias, and after, it does again."""
    index = mini_book.index
    question = "does it end at eot?"
    said = lambda: [m.said for m in analyze(question, index).of_kind("alias")]
    assert said() == ["eot"]
    with unread(index, phrases_of(index)["eot"]):
        assert said() == []
    assert said() == ["eot"]


def test_an_unmeant_alias_names_its_terms_but_adds_no_rules_words(mini_book: Rulebook) -> None:
    """``--means``: "eot" still names its alias, without the words "end step cleanup …" the alias adds; after, with them."""
    index = mini_book.index
    question = "does it end at eot?"
    added = lambda: {t for t, w in analyze(question, index).terms if w < 1.0}
    said = lambda: [m.said for m in analyze(question, index).of_kind("alias")]
    assert "cleanup" in added()
    with unmeant(index, phrases_of(index)["eot"]):
        assert said() == ["eot"] and "cleanup" not in added()
    assert "cleanup" in added()


def test_the_change_is_counted_per_column_and_a_question_not_ranked_is_a_miss(mini_book: Rulebook) -> None:
    """In the miniature rules "in 2hg who attacks?" cites 510.1b among its first three only without the alias "2hg"
    (+1 at hit@3 in its column, none at hit@1); a blank line, which ``ask`` answers without ranking, changes nothing."""
    index = mini_book.index
    lines = [("half", {"question": "in 2hg who attacks?", "expected_rules": ["510.1b"]}),
             ("team", {"question": "   ", "expected_rules": ["509.1"]})]
    assert change(mini_book, None, lines, ["half", "team", "other"], unread(index, phrases_of(index)["2hg"])) == {
        "half": [0, 1], "team": [0, 0], "other": [0, 0]}
    assert change(mini_book, None, lines, ["half", "team"], unread(index, [])) == {"half": [0, 0], "team": [0, 0]}
