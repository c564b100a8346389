"""The base score (rank rules 11–13, rulesgraph/rank/steps/base.py): the compiled kernel's loop gives the pure-Python
loop's scores to the last bit — same nodes, same order, same floats — on the bench questions' whole rankings
and on random candidates, priors and columns.  CI requires the kernel built (RULESGRAPH_REQUIRE_TOOLS=1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesgraph import Rulebook
from rulesgraph.question.analyze import analyze
from rulesgraph.rank.pipeline import Query
from rulesgraph.rank.ranking import WEIGHTS, rank
from rulesgraph.rank.steps import base

from .conftest import require_tool

QUESTIONS = Path(__file__).resolve().parent.parent / "bench" / "questions"


@pytest.fixture
def kernel() -> None:
    if base.KERNEL is None:
        require_tool("the compiled kernel rulesgraph/build/_kernel.c was not built, or was built from older sources (pip install -e .)")


def both_ways(book: Rulebook, question: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
    a = analyze(question, book.index)
    compiled = [(s.node, s.score) for s in rank(book.index, book.qg, a)]
    with monkeypatch.context() as m:
        m.setattr(base, "KERNEL", None)
        python = [(s.node, s.score) for s in rank(book.index, book.qg, a)]
    return compiled, python


@pytest.mark.usefixtures("kernel")
@pytest.mark.full_cr
def test_the_kernel_ranks_the_long_and_card_questions_as_python_does(full_book: Rulebook, monkeypatch: pytest.MonkeyPatch) -> None:
    questions = [json.loads(line)["question"] for name in ("long", "cards", "forum", "dev")
                 for line in (QUESTIONS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(questions) > 500
    for q in questions:
        compiled, python = both_ways(full_book, q, monkeypatch)
        assert compiled == python, q


_AMOUNT = st.sampled_from([1.0, 0.5, 0.3, 1 / 3, 0.0, -0.2, 1e-9, 2.75])


@pytest.mark.usefixtures("kernel")
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_kernel_gives_the_python_scores_on_random_candidates(mini_book: Rulebook, data: st.DataObject) -> None:
    """Random candidates and relevance (zero included), overlapping prior ranges (negative amounts too), scores some
    earlier step already gave, keyword rules named or not, variant sections mentioned or not."""
    g = mini_book.qg
    n = len(g.ids)
    nodes = data.draw(st.lists(st.integers(0, n - 1), unique=True, max_size=40))
    text = {i: data.draw(st.sampled_from([1.0, 0.7, 0.25, 0.0, 1 / 7])) for i in nodes}
    raised = data.draw(st.lists(st.tuples(st.integers(0, n), st.integers(0, n), _AMOUNT), max_size=8))
    earlier = {i: data.draw(_AMOUNT) for i in data.draw(st.lists(st.sampled_from(nodes or [0]), max_size=5))}
    named = set(data.draw(st.lists(st.sampled_from([r for r in g.kwrule if r] or ["702.19"]), max_size=3)))
    mentioned = set(data.draw(st.lists(st.sampled_from([s for s in g.section if s] or ["702"]), max_size=3)))
    scores = []
    for kernel in (base.KERNEL, None):
        q = Query(mini_book.index, g, analyze("a question", mini_book.index), WEIGHTS)
        q.text, q.raised, q.score = dict(text), list(raised), dict(earlier)
        if kernel is None:
            base.python_base(q, named, mentioned)
        else:
            kernel.base(q.text, q.raised, g.section, g.section_no, len(g.spans) + 1, g.kwrule, g.kind, g.variant, g.excerpt, named,
                        mentioned, base.KIND_WEIGHT, q.w["section"], base.UNNAMED_KEYWORD, base.UNNAMED_VARIANT, base.EXCERPT, q.score)
        scores.append(list(q.score.items()))
    assert scores[0] == scores[1]


def test_the_kernel_refuses_what_is_not_the_graph(mini_book: Rulebook) -> None:
    if base.KERNEL is None:
        pytest.skip("no compiled kernel")
    g = mini_book.qg
    columns = (g.section, g.section_no, len(g.spans) + 1, g.kwrule, g.kind, g.variant, g.excerpt)
    rest = (set(), set(), base.KIND_WEIGHT, 1.0, 0.5, 0.5, 0.6, {})
    with pytest.raises(ValueError, match="not a node"):
        base.KERNEL.base({len(g.ids): 1.0}, [], *columns, *rest)
    with pytest.raises(ValueError, match="one length"):
        base.KERNEL.base({0: 1.0}, [], g.section[:-1], *columns[1:], *rest)
    with pytest.raises(ValueError, match="section number"):
        base.KERNEL.base({i: 1.0 for i in range(len(g.ids))}, [], g.section, g.section_no, 1, *columns[3:], *rest)
    with pytest.raises(TypeError):
        base.KERNEL.base({0: 1.0}, [], g.section, bytes(len(g.ids)), *columns[2:], *rest)
    with pytest.raises(TypeError):
        base.KERNEL.base({0: 1.0}, [], *columns, [], set(), *rest[2:])
    with pytest.raises(TypeError, match="tuple"):
        base.KERNEL.base({0: 1.0}, [[0, 1, 1.0]], *columns, *rest)
