"""Text relevance (rank rule 1; rule 11's section relevance): the compiled kernel (rulesgraph/build/_kernel.c, built at
install where a C compiler is) gives the pure-Python function's result to the last bit — same documents, same
order, same floats — on every bench question and on random terms and weights.  CI requires the kernel built
(RULESGRAPH_REQUIRE_TOOLS=1), so both paths are tested there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesgraph import Rulebook
from rulesgraph.build import relevance as rel
from rulesgraph.build.relevance import CANDIDATES, python_text_relevance, text_relevance
from rulesgraph.question.analyze import analyze

from .conftest import require_tool

QUESTIONS = Path(__file__).resolve().parent.parent / "bench" / "questions"


@pytest.fixture
def kernel() -> None:
    if rel.KERNEL is None:
        require_tool("the compiled kernel rulesgraph/build/_kernel.c was not built, or was built from older sources (pip install -e .)")


def same(book: Rulebook, terms: list[tuple[str, float]]) -> None:
    """Both paths give the same documents in the same order with the same floats (or both raise the same error)."""
    try:
        python = list(python_text_relevance(book.index, terms).items())
    except ZeroDivisionError:
        with pytest.raises(ZeroDivisionError):
            text_relevance(book.index, terms)
        return
    assert list(text_relevance(book.index, terms).items()) == python


def test_relevance_is_bm25_with_coverage_scaled_to_the_best(mini_book: Rulebook) -> None:
    """Rule 1's shape: the best document is 1, at most CANDIDATES are kept, best first; a question of words the
    rules never use finds nothing."""
    found = text_relevance(mini_book.index, analyze("can a tapped creature block", mini_book.index).terms)
    scores = list(found.values())
    assert scores[0] == 1.0 and scores == sorted(scores, reverse=True) and len(found) <= CANDIDATES
    assert text_relevance(mini_book.index, [("zzxq", 1.0)]) == {}
    assert text_relevance(mini_book.index, []) == {}


@pytest.mark.usefixtures("kernel")
@pytest.mark.full_cr
def test_the_kernel_gives_the_python_result_on_every_bench_question(full_book: Rulebook) -> None:
    questions = []
    for path in sorted(QUESTIONS.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                questions += [t["question"] for t in row["turns"]] if "turns" in row else [row["question"]]
    assert len(questions) > 2000
    for q in questions:
        same(full_book, list(analyze(q, full_book.index).terms))


_WEIGHTS = st.sampled_from([1.0, 0.4, 0.3, 0.25, 1 / 3, 0.0, 1e-9, 7.5])


@pytest.mark.usefixtures("kernel")
@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["block", "creatur", "tap", "trampl", "damag", "player", "zzxq", "attack", "lethal",
                                           "assign", "toughness", "graveyard", "the"]), _WEIGHTS), max_size=12))
def test_the_kernel_gives_the_python_result_on_random_terms(mini_book: Rulebook, terms: list[tuple[str, float]]) -> None:
    """Repeated terms, weights that are not 1, terms the index lacks, all-zero weights (both raise alike)."""
    same(mini_book, terms)


@pytest.mark.usefixtures("kernel")
@pytest.mark.full_cr
@settings(max_examples=100, deadline=None)
@given(st.data())
def test_the_kernel_gives_the_python_result_when_more_than_candidates_match(full_book: Rulebook, data: st.DataObject) -> None:
    """Thousands of documents found, many with equal scores (one common word): the best CANDIDATES, ties in the order
    found."""
    common = sorted(full_book.index.postings.spans, key=full_book.index.postings.df)[-60:]
    terms = data.draw(st.lists(st.tuples(st.sampled_from(common), _WEIGHTS), min_size=1, max_size=6))
    same(full_book, terms)


def test_the_kernel_refuses_what_is_not_postings() -> None:
    if rel.KERNEL is None:
        pytest.skip("no compiled kernel")
    from array import array

    docs, weights = array("I", [0, 5]), array("f", [1.0, 2.0])
    with pytest.raises(ValueError, match="out of range"):
        rel.KERNEL.relevance(docs, weights, 3, [(0, 2, 1.0, 1.0)], 1.0, 0.3, 0.7, 10)
    with pytest.raises(ValueError, match="outside"):
        rel.KERNEL.relevance(docs, weights, 9, [(0, 3, 1.0, 1.0)], 1.0, 0.3, 0.7, 10)
    with pytest.raises(TypeError):
        rel.KERNEL.relevance(array("d", [0.0]), weights, 9, [], 1.0, 0.3, 0.7, 10)
    assert rel.KERNEL.relevance(docs, weights, 9, [(0, 2, 1.0, 1.0)], 1.0, 0.3, 0.7, 10) == {5: 1.0, 0: 0.5}


def test_a_kernel_built_from_other_sources_is_left_out() -> None:
    """A kernel without the API version these sources call (built before a ``git pull``, not rebuilt) is not used."""
    import types

    old = types.ModuleType("rulesgraph.build._kernel")  # one built before the functions were versioned
    assert not rel.usable(old) and not rel.usable(None)
    old.API = rel.KERNEL_API - 1  # type: ignore[attr-defined]
    assert not rel.usable(old)
    old.API = rel.KERNEL_API  # type: ignore[attr-defined]
    assert rel.usable(old)
