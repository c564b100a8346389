"""The ranking pipeline: steps run in order over one Query; priors over ranges; reasons built on demand."""

from __future__ import annotations

import pytest

from rulesgraph import Rulebook
from rulesgraph.question.analyze import analyze
from rulesgraph.rank.pipeline import Pipeline, Query, Step
from rulesgraph.rank.ranking import STEPS, WEIGHTS, rank


def query(book: Rulebook, question: str) -> Query:
    return Query(book.index, book.qg, analyze(question, book.index), WEIGHTS)


def test_priors_add_up_over_ranges_in_order(mini_book: Rulebook) -> None:
    q = query(mini_book, "trample")
    q.raise_(2, 6, 1.0, "a")
    q.raise_(4, 5, 0.5)
    assert q.priors([1, 2, 4, 5, 9]) == {2: 1.0, 4: 1.5, 5: 1.0}


def test_reasons_are_kept_in_order_once_unless_noted(mini_book: Rulebook) -> None:
    q = query(mini_book, "trample")
    q.raise_(0, 10, 0.0, "in range")
    q.add(3, 1.0, "added")
    q.add(3, 1.0, "added")
    q.add(3, 0.0, "nothing added, no reason")
    q.scale(3, 2.0, "scaled")
    q.scale(3, 2.0, "scaled")
    assert q.reasons(3) == ["in range", "added", "scaled", "scaled"] and q.score[3] == 8.0
    assert q.reasons(11) == []


def test_a_step_makes_a_node_a_text_candidate_with_its_reason(mini_book: Rulebook) -> None:
    q = query(mini_book, "trample")
    q.text.pop(7, None)
    q.relevant(7, 0.5, "read on a card")
    q.relevant(7, 0.25)
    assert q.text[7] == 0.75 and q.reasons(7)[-1:] == ["read on a card"]


def test_steps_can_be_inserted_and_removed_by_name() -> None:
    calls: list[str] = []
    p = Pipeline([Step("a", lambda q: calls.append("a")), Step("c", lambda q: calls.append("c"))])
    p.insert_after("a", Step("b", lambda q: calls.append("b")))
    p.insert_before("a", Step("first", lambda q: calls.append("first")))
    p.run(None)  # type: ignore[arg-type]
    assert calls == ["first", "a", "b", "c"] and p.remove("b").name == "b" and p.names() == ["first", "a", "c"]
    with pytest.raises(KeyError):
        p.insert_after("nothing", Step("x", lambda q: None))


def test_adding_a_rule_is_adding_a_step(mini_book: Rulebook) -> None:
    """A new last step changes the ranking, with its reason, and nothing else needs to change."""
    question = "can a tapped creature block"
    before = [s.node for s in rank(mini_book.index, mini_book.qg, analyze(question, mini_book.index))]
    last = mini_book.qg.num[before[-1]]
    steps = Pipeline(STEPS.steps)
    steps.insert_after("focus", Step("test_boost", lambda q: q.add(last, 100.0, "boosted by a test step")))
    ranked = rank(mini_book.index, mini_book.qg, analyze(question, mini_book.index), steps)
    assert ranked[0].node == before[-1] and ranked[0].reasons == ["boosted by a test step"]
    assert [s.node for s in ranked[1:]] == before[:-1]
