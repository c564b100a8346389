"""A question's words, the tournament documents' rather than the rules': the score that routes a question no cue
routes, zero without documents, card names left out, and every rules set below the threshold."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesgraph.answer import policy, trelevance
from rulesgraph.answer.tanswer import route
from rulesgraph.answer.trelevance import ROUTE, relevance, relevant
from rulesgraph.build import tbook
from rulesgraph.build.corpus import Rulebook
from rulesgraph.question.scope import out_of_scope

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from routing import rules_questions


@pytest.fixture
def empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    tbook.load.cache_clear()
    yield
    tbook.load.cache_clear()


def test_without_documents_nothing_counts(empty: None, mini_book: Rulebook) -> None:
    assert relevance("what is the penalty for a decklist error at a tournament?", mini_book.index) == (0.0, ())
    assert relevant("can a spectator talk to a judge during the match?", mini_book.index) is None


def test_the_documents_own_words(documents: None, full_book: Rulebook) -> None:
    counts, own = policy.term_counts()
    assert counts["judg"] > 100 and counts["tournament"] > 100
    assert {"judg", "penalti", "tournament", "sideboard", "spectat"} <= own
    assert not {"like", "run", "know", "pleas"} & own  # words English uses as much (the rules' side is weighed per question)


def test_a_question_in_the_documents_words_routes(documents: None, full_book: Rulebook) -> None:
    asked = "Do I get a penalty if my sideboard and decklist don't match after the tournament's first round?"
    score, said = relevance(asked, full_book.index)
    assert score >= ROUTE and said[0] in {"decklist", "penalti", "tournament", "sideboard", "round"}
    assert (why := relevant(asked, full_book.index)) is not None and why.startswith("the documents' words: ")


def test_a_rules_question_scores_below_zero(documents: None, full_book: Rulebook) -> None:
    asked = "Does Wrath of God destroy an indestructible creature on the battlefield?"
    assert relevance(asked, full_book.index)[0] < 0
    assert route(asked, None, full_book.index) is None


def test_card_names_are_no_words_of_either_side(documents: None, full_book: Rulebook) -> None:
    """Judge's Familiar, said as a name mid-sentence, is no judge."""
    score, said = relevance("When Judge's Familiar's ability targets my spell, does my opponent have to pay?", full_book.index)
    assert "judg" not in said and score < ROUTE


def test_no_rules_question_reaches_the_threshold(documents: None, full_book: Rulebook) -> None:
    """The threshold was fitted above every rules question of the routing set; a new one reaching it fails here."""
    top = max(relevance(q, full_book.index)[0] for _, q, _ in rules_questions() if out_of_scope(q, full_book.index) is None)
    assert top < ROUTE
    assert trelevance.OWN > trelevance.RULES > 0
