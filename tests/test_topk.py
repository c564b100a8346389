"""The best entries of a score table (rulesgraph/build/topk.py): the compiled kernel's ``order`` (rulesgraph/build/_order.c) gives
what ``sorted(score.items(), key=itemgetter(1), reverse=True)[:k]`` gives — same keys, same order, the same float
objects — on the bench questions' score tables and on random tables full of ties; a table Python must order itself (a
score that is no float, or NaN) is left to Python.  CI requires the kernel built (RULESGRAPH_REQUIRE_TOOLS=1)."""

from __future__ import annotations

import heapq
import json
import math
from operator import itemgetter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesgraph import Rulebook
from rulesgraph.build import topk
from rulesgraph.question.analyze import analyze
from rulesgraph.rank.pipeline import Query, Step
from rulesgraph.rank.ranking import STEPS, WEIGHTS, rank

from .conftest import require_tool

QUESTIONS = Path(__file__).resolve().parent.parent / "bench" / "questions"


@pytest.fixture
def kernel() -> None:
    if topk.KERNEL is None:
        require_tool("the compiled kernel rulesgraph/build/_kernel.c was not built, or was built from older sources (pip install -e .)")


def sorted_way(score: dict[int, float], k: int) -> tuple[list[int], list[float]]:
    ordered = sorted(score.items(), key=itemgetter(1), reverse=True)[:k]
    return [i for i, _ in ordered], [s for _, s in ordered]


def test_python_best_is_a_stable_sort_best_first() -> None:
    score = {5: 0.5, 3: 1.0, 9: 0.5, 1: 0.25, 7: 1.0}
    assert topk.python_best(score, 3) == ([3, 7, 5], [1.0, 1.0, 0.5])
    assert topk.python_best(score, 0) == ([], [])
    assert topk.python_best(score, 10) == ([3, 7, 5, 9, 1], [1.0, 1.0, 0.5, 0.5, 0.25])
    assert topk.python_best({}, 3) == ([], [])


def test_best_is_python_best_without_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(topk, "KERNEL", None)
    score = {2: 0.1, 4: 0.9, 6: 0.9}
    assert topk.best(score, 2) == ([4, 6], [0.9, 0.9])


@pytest.mark.usefixtures("kernel")
@pytest.mark.full_cr
def test_the_kernel_orders_the_bench_questions_score_tables_as_python_does(full_book: Rulebook) -> None:
    """Every score table the steps after ``base`` and the final ranking order, for the long, card, forum and dev questions."""
    questions = [json.loads(line)["question"] for name in ("long", "cards", "forum", "dev")
                 for line in (QUESTIONS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(questions) > 500
    tables: list[dict[int, float]] = []
    steps = type(STEPS)(STEPS.steps)
    for name in ("spread", "focus", "procedure"):
        steps.insert_before(name, Step(f"copy before {name}", lambda q: tables.append(dict(q.score))))
    for question in questions:
        rank(full_book.index, full_book.qg, analyze(question, full_book.index), steps)
    assert len(tables) == 3 * len(questions)
    for score in tables:
        for k in (0, 1, 6, 20, 100, len(score), len(score) + 5):
            found = topk.KERNEL.order(score, k)
            assert found == sorted_way(score, k)
            assert all(a is b for a, b in zip(found[1], sorted_way(score, k)[1], strict=True))  # the table's own floats


_SCORE = st.sampled_from([1.0, 0.5, 0.5, 0.25, 0.0, -0.0, 1 / 3, 2.75, 1e-300, -1.5, math.inf, -math.inf, 1e308])


@pytest.mark.usefixtures("kernel")
@settings(max_examples=500, deadline=None)
@given(st.dictionaries(st.integers(-5, 3000), _SCORE, max_size=600), st.integers(0, 650))
def test_the_kernel_gives_the_python_order_on_random_tables(score: dict[int, float], k: int) -> None:
    """Few distinct scores, so many ties (zero and minus zero are one), infinities, tables shorter and longer than k."""
    assert topk.KERNEL.order(score, k) == sorted_way(score, k)
    assert [i for i, _ in heapq.nlargest(k, score.items(), key=itemgetter(1))] == sorted_way(score, k)[0]  # what the steps called


@pytest.mark.usefixtures("kernel")
@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(allow_nan=False), max_size=300), st.integers(0, 320))
def test_the_kernel_gives_the_python_order_on_any_floats(scores: list[float], k: int) -> None:
    score = dict(enumerate(scores))
    assert topk.KERNEL.order(score, k) == sorted_way(score, k)


@pytest.mark.usefixtures("kernel")
def test_a_table_python_must_order_is_left_to_python() -> None:
    for score in ({1: 0.5, 2: 1, 3: 0.25}, {1: 0.5, 2: math.nan, 3: 0.25}, {1: True}):
        assert topk.KERNEL.order(score, 2) is None
        assert topk.best(score, 2) == sorted_way(score, 2)


@pytest.mark.usefixtures("kernel")
def test_the_kernel_refuses_what_is_not_a_score_table() -> None:
    with pytest.raises(TypeError):
        topk.KERNEL.order([(1, 0.5)], 1)
    with pytest.raises(ValueError, match="negative"):
        topk.KERNEL.order({1: 0.5}, -1)


def test_query_top_is_the_best_scored_nodes(mini_book: Rulebook) -> None:
    q = Query(mini_book.index, mini_book.qg, analyze("a question", mini_book.index), WEIGHTS)
    q.score = {4: 0.5, 2: 0.75, 8: 0.5, 3: 0.1}
    assert q.top(3) == ([2, 4, 8], [0.75, 0.5, 0.5])
