"""Rule 40, a procedure's steps (rulesgraph/rank/steps/order.py), over the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.question.analyze import analyze
from rulesgraph.rank.pipeline import Query
from rulesgraph.rank.ranking import WEIGHTS, rank
from rulesgraph.rank.steps.order import procedures, steps_of_procedure

from .test_ranking import weight


def test_rule_40_reads_which_rules_announce_ordered_steps(full_book: Rulebook) -> None:
    """Rule 40 reads from the rules' words which rules lay out a procedure in ordered steps: casting (601.2, "follows
    the steps listed below, in order"), activating (602.2), resolving (608.2, "… are followed first"), the layers
    (613.1, "in the following order"), replacement effects (616.1); not a rule listing conditions (704.1, state-based
    actions "listed below") nor one without subrules."""
    g = full_book.qg
    found = {g.ids[i] for i in procedures(g, full_book.index)}
    assert {"601.2", "602.2", "608.2", "613.1", "616.1", "508.1", "509.1"} <= found
    assert "704.1" not in found and "704.5" not in found
    assert all(g.end[i] > i + 1 for i in procedures(g, full_book.index))


def _query(book: Rulebook, scores: dict[str, float]) -> Query:
    q = Query(book.index, book.qg, analyze("spells", book.index), WEIGHTS)
    q.score = {book.qg.num[n]: s for n, s in scores.items()}
    return q


def test_rule_40_two_steps_among_the_best_raise_their_procedure_above_them(full_book: Rulebook) -> None:
    """Rule 40: with two of a procedure's steps among the best candidates, the procedure's rule rises to the weight's
    share of its best step's score; with one step only, it stays as it was."""
    g = full_book.qg
    q = _query(full_book, {"601.2c": 2.0, "601.2g": 1.5, "118.3": 1.8, "601.2": 0.1})
    steps_of_procedure(q)
    assert q.score[g.num["601.2"]] == WEIGHTS["procedure"] * 2.0
    assert "the procedure" in q.reasons(g.num["601.2"])[0]
    q = _query(full_book, {"601.2c": 2.0, "118.3": 1.8, "601.2": 0.1})
    steps_of_procedure(q)
    assert q.score[g.num["601.2"]] == 0.1


def test_rule_40_a_question_about_how_casting_steps_stand_gets_the_casting_procedure(full_book: Rulebook) -> None:
    """Rule 40: a question reaching the casting steps of targets, mana abilities and the total cost gets 601.2, the
    procedure, before those steps; without the rule 601.2 is far down."""
    with weight("learned", 0.0), weight("learned_text", 0.0), weight("neighbours", 0.0):  # rules 68, 70, 76 out: the rule alone
        question = "once I have chosen the targets of my spell, may I still activate mana abilities before I pay its total cost?"

        def ranked() -> list[str]:
            return rank(full_book.index, full_book.qg, analyze(question, full_book.index)).nodes

        nodes = ranked()
        assert nodes.index("601.2") <= 2 and nodes.index("601.2") < nodes.index("601.2g")
        with weight("procedure", 0.0):
            assert ranked().index("601.2") > 10


def test_rule_40_the_procedure_is_cited_apart_from_its_steps(full_book: Rulebook) -> None:
    """Rule 40: the procedure it raised counts against none of its steps in the answer's diversity
    (``Ranking.apart``), so the step the question turns on is cited with it, right after it."""
    from rulesgraph.answer.compose import ask

    question = "once I have chosen the targets of my spell, may I still activate mana abilities before I pay its total cost?"
    ranked = rank(full_book.index, full_book.qg, analyze(question, full_book.index))
    assert "601.2" in ranked.apart
    cited = [c.id for c in ask(full_book, question, k=5).citations]
    assert "601.2" in cited[:3] and cited[cited.index("601.2") + 1].startswith("601.2")
    with weight("procedure", 0.0):
        assert not rank(full_book.index, full_book.qg, analyze(question, full_book.index)).apart
