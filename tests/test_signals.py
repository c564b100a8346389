"""rulesgraph/answer/signals.py: what an answer's confidence is computed from, read off its ranking."""

from __future__ import annotations

import dataclasses
import math

import pytest

from rulesgraph import Rulebook
from rulesgraph.answer.compose import _select
from rulesgraph.answer.confidence import SIGNALS
from rulesgraph.answer.signals import RECORDED, RESTATED_BY, agree, record, restated, signals
from rulesgraph.model import NamedCard
from rulesgraph.parse.numbers import rule_of
from rulesgraph.question.analyze import analyze
from rulesgraph.rank.ranking import Ranking, Scored, rank


def _signals(book: Rulebook, question: str, *, with_cards: bool = False, **changes: object) -> dict[str, float]:
    a = dataclasses.replace(analyze(question, book.index), **changes)  # type: ignore[arg-type]
    ranked = rank(book.index, book.qg, a)
    return dict(zip(SIGNALS, signals(book, a, ranked, _select(book, ranked, 5), with_cards=with_cards), strict=True))


def test_one_value_per_signal_each_in_its_range(full_book: Rulebook) -> None:
    for question in ("what does flash do", "can i respond to my opponent unmorphing their creature?",
                     "what about the thing with the cards", "how does it work on the stack"):
        got = _signals(full_book, question)
        assert got["strength"] >= 0.0
        assert all(0.0 <= got[k] <= 1.0 for k in ("lead", "peak", "coverage", "named")), (question, got)
        assert got["keyword"] in (0.0, 1.0) and got["agree"] in (0.0, 1.0) and math.isnan(got["cards"])  # no card data
        assert math.isnan(got["restated"])  # no card named, no ruling competes


def test_a_question_only_about_a_keyword_is_clear(full_book: Rulebook) -> None:
    """'what does flash do': the first citation is flash's rule (keyword 1), it leads every other rule by far, the
    best three rules hold most of the score, and the first citation holds the question's one word."""
    clear = _signals(full_book, "what does flash do")
    assert clear["keyword"] == 1.0 and clear["lead"] > 0.9 and clear["peak"] > 0.9 and clear["coverage"] == 1.0
    assert clear["named"] == 1.0
    vague = _signals(full_book, "what about the thing with the cards")
    assert vague["keyword"] == 0.0 and vague["peak"] < clear["peak"] - 0.3 and vague["named"] < 0.3


def test_lead_and_peak_are_one_when_few_rules_compete(full_book: Rulebook) -> None:
    """With fewer than five rules among the candidates there is no fifth to lead; the best three hold all."""
    book = full_book
    a = analyze("what does flash do", book.index)
    ranked = rank(book.index, book.qg, a)
    few = [s for s in ranked if s.node in ("702.8", "702.8a")]
    got = dict(zip(SIGNALS, signals(book, a, Ranking.of(few), few), strict=True))
    assert got["lead"] == 1.0 and got["peak"] == 1.0
    assert got["strength"] == math.log1p(max(s.score for s in few))
    none = [Scored("702.8", 0.0)]
    got = dict(zip(SIGNALS, signals(book, a, Ranking.of(none), none), strict=True))
    assert got["strength"] == 0.0 and got["lead"] == 1.0 and got["peak"] == 1.0


def test_cards_counts_the_named_cards_and_is_unknown_without_card_data(full_book: Rulebook) -> None:
    card = NamedCard("Stuffy Doll", "Stuffy Doll", 0, 11, 1.0, "exact", "Artifact Creature — Construct", "", (), (), (),
                     frozenset({"stuffi", "doll"}))
    assert math.isnan(_signals(full_book, "what does flash do", cards=(card,))["cards"])
    assert _signals(full_book, "what does flash do", with_cards=True)["cards"] == 0.0  # installed card data, none named
    assert _signals(full_book, "what does flash do", with_cards=True, cards=(card,))["cards"] == math.log1p(1)
    assert _signals(full_book, "what does flash do", with_cards=True, cards=(card, card))["cards"] == math.log1p(2)


def _ranking(book: Rulebook, text: dict[str, float]) -> Ranking:
    return Ranking.of([], {book.qg.num[node]: v for node, v in text.items()})


def test_agree_says_whether_the_words_alone_rank_a_cited_rule_first(full_book: Rulebook) -> None:
    """agree is 1 when the CR rule with the best text relevance (a subrule counts for its rule; other documents are
    not CR rules) is the rule of one of the first three citations, 0 when it is not, and 1 when no CR rule has any."""
    book = full_book
    cited = [Scored("702.2b"), Scored("702.2"), Scored("120.3")]
    assert agree(book, _ranking(book, {"702.2c": 1.0, "704.5g": 0.5}), cited) == 1.0
    assert agree(book, _ranking(book, {"120.3e": 0.9, "702.2c": 0.5}), cited) == 1.0  # the third citation's rule
    assert agree(book, _ranking(book, {"704.5g": 0.9, "702.2c": 0.5}), cited) == 0.0
    assert agree(book, _ranking(book, {"704.5g": 0.9}), [*cited, Scored("704.5g")]) == 0.0  # only the first three count
    assert agree(book, _ranking(book, {"glossary:Dies": 2.0, "702.2c": 0.5}), cited) == 1.0
    assert agree(book, _ranking(book, {}), cited) == 1.0


def test_restated_says_whether_a_best_fitting_ruling_restates_the_first_rule() -> None:
    """1 when one of the best RESTATED_BY rulings (by fit, as rule 23 leaves them) was linked to the first citation's
    rule (the rule itself or any subrule of it), 0 when none was, NaN when no ruling competes."""
    def ranking(*links: tuple[str, ...]) -> Ranking:
        rulings = [(1.0, "Stuffy Doll", "2020-01-01", f"ruling {n}", 0.5, rules, 0.3) for n, rules in enumerate(links)]
        return Ranking(None, [], [], [], rulings)

    cited = [Scored("702.19b"), Scored("510.1")]
    assert math.isnan(restated(ranking(), cited))
    assert restated(ranking(("702.19c", "613.4")), cited) == 1.0  # another subrule of the first citation's rule
    assert restated(ranking(("702.19",)), cited) == 1.0
    assert restated(ranking(("510.1",)), cited) == 0.0  # the first citation only
    assert restated(ranking((), ("702.19a",)), cited) == 1.0
    assert restated(ranking(*[()] * RESTATED_BY, ("702.19",)), cited) == 0.0  # past the best RESTATED_BY


def test_ruling_fit_is_the_best_rulings_fit_and_words_the_questions_length(full_book: Rulebook) -> None:
    """``ruling_fit``: rule 23's fit of the best-fitting ruling (first of :attr:`Ranking.rulings`), 0 when none competes,
    unknown (NaN) without card data;
    ``words``: log(1 + the number of the question's words), so a long situation reads longer than a short question."""
    book = full_book
    a = analyze("what does flash do", book.index)
    cited = [Scored("702.8", 1.0)]
    fits = [(1.0, "Stuffy Doll", "2020-01-01", f"ruling {n}", 0.5, (), fit) for n, fit in enumerate((0.42, 0.1))]
    got = dict(zip(SIGNALS, signals(book, a, Ranking(None, [], [], [], fits), cited, with_cards=True), strict=True))
    assert got["ruling_fit"] == 0.42 and got["words"] == math.log1p(len(a.words)) > 0.0
    assert dict(zip(SIGNALS, signals(book, a, Ranking.of(cited), cited, with_cards=True), strict=True))["ruling_fit"] == 0.0
    assert math.isnan(dict(zip(SIGNALS, signals(book, a, Ranking.of(cited), cited), strict=True))["ruling_fit"])  # no card data
    long = _signals(book, "my opponent attacks with a creature with flash that it cast during my end step, and I block it")
    assert long["words"] > _signals(book, "what does flash do")["words"]


def test_a_named_keyword_overriding_the_words_disagrees(full_book: Rulebook) -> None:
    """"can a creature with defender attack? what does defender do": the words alone rank a Two-Headed Giant attack rule
    first (805.10), the ranking answers with defender's rule (702.3) and leaves 805 out of the first three; "what does
    flash do" agrees.  (Before rule 7 was deleted, "does a creature with indestructible die when its toughness is 0?"
    was the example: infect's FAQ entry, alike in words, kept 704.5f out of the first three; now it is second.)"""
    book = full_book
    question = "can a creature with defender attack? what does defender do"
    a = analyze(question, book.index)
    ranked = rank(book.index, book.qg, a)
    chosen = _select(book, ranked, 5)
    g = book.qg
    first = max((i for i in ranked.text if g.section[i]), key=ranked.text.__getitem__)
    assert rule_of(g.ids[first]) == "805.10" and chosen[0].node.startswith("702.3")
    assert all(rule_of(c.node) != "805.10" for c in chosen[:3]) and _signals(book, question)["agree"] == 0.0
    assert _signals(book, "what does flash do")["agree"] == 1.0


def test_support_counts_the_reasons_the_first_citation_was_given(full_book: Rulebook) -> None:
    """``support`` is log(1 + the number of reasons the first citation got): a rule raised by the words, a named
    keyword and the graph is cited on more evidence than one matched by the words alone."""
    book = full_book
    a = analyze("what does flash do", book.index)
    ranked = rank(book.index, book.qg, a)
    chosen = _select(book, ranked, 5)
    got = dict(zip(SIGNALS, signals(book, a, ranked, chosen), strict=True))
    assert len(chosen[0].reasons) >= 2 and got["support"] == math.log1p(len(chosen[0].reasons))
    bare = [Scored("702.8", 1.0, given=[])]
    got = dict(zip(SIGNALS, signals(book, a, Ranking.of(bare), bare), strict=True))
    assert got["support"] == 0.0


def test_record_is_how_much_likelier_than_the_average_first_rule_a_rule_settled_what_it_led(full_book: Rulebook,
                                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule the ranking put first 30 times, never right, says less than one right 9 times of 10; one first once counts
    little (RECORDED answers at the average beside it); a rule with no record, or no record at all, says nothing."""
    firsts = {"613.1d": (30, 0), "702.16": (10, 9), "601.2": (1, 0), "608.2b": (59, 21)}  # average: 30 of 100
    monkeypatch.setattr(full_book.index, "firsts", firsts)
    assert record(full_book, "613.1d") < record(full_book, "601.2") < 0 < record(full_book, "702.16")
    p = (0 + RECORDED * 0.3) / (30 + RECORDED)
    assert math.isclose(record(full_book, "613.1d"), math.log(p / (1 - p)) - math.log(0.3 / 0.7))
    assert record(full_book, "999.9") == 0.0
    monkeypatch.setattr(full_book.index, "firsts", {})
    assert record(full_book, "613.1d") == 0.0
    question = "how do layers work with type changing effects"
    top = _select(full_book, rank(full_book.index, full_book.qg, analyze(question, full_book.index)), 5)[0].node
    monkeypatch.setattr(full_book.index, "firsts", {**firsts, top: (30, 0)})
    got = _signals(full_book, question)
    assert got["record"] == record(full_book, top) < 0  # the answer's first rule's record
