"""bench/fit.py: folds by source page, the coordinate search (gains only, the guard, ties keep a weight), the weights it reads
and writes."""

from __future__ import annotations

import sys
from pathlib import Path

from rulesgraph import Rulebook
from rulesgraph.rank.ranking import WEIGHTS

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from ablate import analysed  # noqa: E402
from accuracy import exact_hit, first_hit  # noqa: E402
from fit import Scorer, fold_of, hits, search, tunables  # noqa: E402


class Fake:
    """A scorer whose one question is hit at 1 only when the weight is ``good``; settings in ``refused`` lose the guard."""

    def __init__(self, good: float, refused: frozenset[float] = frozenset()) -> None:
        self.good, self.refused, self.scored = good, refused, []

    def ranks(self, setting: tuple[float, ...]) -> list[int | None]:
        self.scored.append(setting)
        return [1 if setting[0] == self.good else None]

    def exact(self, setting: tuple[float, ...]) -> list[int | None]:
        return [1 if setting[0] == self.good else None]

    def keeps(self, setting: tuple[float, ...]) -> bool:
        return setting[0] not in self.refused


def test_every_question_of_a_page_is_in_one_fold() -> None:
    pages = [f"https://example.org/article/{n}" for n in range(200)]
    folds = {fold_of(p, 5) for p in pages}
    assert folds == set(range(5))
    assert all(fold_of(p, 5) == fold_of(p, 5) for p in pages)


def test_the_search_takes_a_gain_and_nothing_else() -> None:
    assert search(Fake(good=2.0), (1.0,), [0], passes=2) == (2.0,)  # 2 × 1.0 hits the question
    assert search(Fake(good=7.0), (1.0,), [0], passes=2) == (1.0,)  # nothing tried gains: unchanged
    assert search(Fake(good=2.0, refused=frozenset({2.0})), (1.0,), [0], passes=2) == (1.0,)  # the guard refuses it


class Parent(Fake):
    """A scorer whose weight ``good`` cites the question's rule's parent first (a rule-level hit at 1) and the exact
    rule only fourth, where the starting weight cites the exact rule second."""

    def ranks(self, setting: tuple[float, ...]) -> list[int | None]:
        self.scored.append(setting)
        return [1 if setting[0] == self.good else 2]

    def exact(self, setting: tuple[float, ...]) -> list[int | None]:
        return [4 if setting[0] == self.good else 2]


def test_a_gain_only_the_rule_level_count_sees_is_not_taken() -> None:
    """Citing a parent for the subrule that says it gains at the rule level and loses on the exact rule: no gain."""
    assert search(Parent(good=2.0), (1.0,), [0], passes=2) == (1.0,)


def test_a_tie_keeps_the_weight_on() -> None:
    """Off (0) is tried last and only taken when it gains: a weight that changes nothing stays."""
    fake = Fake(good=-1.0)
    assert search(fake, (1.0,), [0], passes=1) == (1.0,)
    assert fake.scored[-1] == (0.0,)


def test_hits_count_ranks_of_the_questions_chosen() -> None:
    assert hits([1, 3, None, 2, 1], [0, 1, 2]) == (1, 2)
    assert hits([1, 3, None, 2, 1], [3, 4]) == (1, 2)


def test_the_exact_rule_counts_no_parent_for_its_subrule() -> None:
    """The rule-level hit counts 702.19 for 702.19b; the exact count waits for 702.19b itself."""
    cited = ["702.19", "702.19c", "702.19b"]
    assert first_hit(["702.19b"], cited) == 1 and exact_hit(["702.19b"], cited) == 3
    assert exact_hit(["702.19b"], ["702.19"]) is None


def test_the_weights_are_read_and_written_where_the_steps_read_them(mini_book: Rulebook) -> None:
    knobs = tunables()
    assert set(WEIGHTS) <= set(knobs) and "kind:faq" in knobs and "relevance.COVERAGE" in knobs
    row = {"question": "can a tapped creature block?", "expected_rules": ["509.1a"]}
    a = analysed(mini_book, None, row["question"])
    assert a is not None
    scorer = Scorer(mini_book, [(row, a)], [])
    start = scorer.setting()
    try:
        assert scorer.ranks(start) == [1] and scorer.exact(start) == [1]
        k = list(knobs).index("relevance.COVERAGE")
        scorer.apply((*start[:k], 0.9, *start[k + 1 :]))
        assert knobs["relevance.COVERAGE"][0]() == 0.9
    finally:
        scorer.apply(start)
    assert scorer.setting() == start


def test_only_the_named_weights_are_searched(mini_book: Rulebook) -> None:
    """``--only asked``: the scorer searches that weight alone (a new step's weight, fitted without moving the others)."""
    row = {"question": "can a tapped creature block?", "expected_rules": ["509.1a"]}
    a = analysed(mini_book, None, row["question"])
    assert a is not None
    scorer = Scorer(mini_book, [(row, a)], [], only={"asked"})
    assert list(scorer.knobs) == ["asked"] and scorer.setting() == (WEIGHTS["asked"],)
