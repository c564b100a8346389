"""bench/recordcv.py: a rule's standing is the smoothed log odds that its citation among the first six is expected, against
the average citation's; the re-order moves only the first six, by score relative to the first plus the weighed standing;
the counts are kept by part, and a part's standing is counted without it."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from learn import fold  # noqa: E402
from recordcv import SHOWN, _chosen, count, figures, reorder, standing, without  # noqa: E402


def test_standing_is_above_the_average_for_a_rule_often_right_and_below_for_one_never_right() -> None:
    shown = Counter({"608.2": 20, "613.1": 20, "702.19": 20})
    right = Counter({"608.2": 18, "613.1": 0, "702.19": 10})
    of = standing(shown, right)
    assert of("608.2") > 0 > of("613.1")
    assert of("999.9") == 0.0  # no count: the average
    assert abs(standing(Counter({"702.19": 10, "x": 10}), Counter({"702.19": 5, "x": 5}))("702.19")) < 1e-9  # as the average
    assert standing(Counter(), Counter())("608.2") == 0.0  # nothing counted: no standing


def test_reorder_moves_only_the_first_six_and_not_at_weight_zero() -> None:
    nodes = ["613.1d", "608.2b", *(f"70{i}.1" for i in range(SHOWN)), "100.1"]
    scores = {n: 10.0 - i * 0.1 for i, n in enumerate(nodes)}
    of = {"613.1": -2.0, "608.2": 1.0}.get
    assert reorder(nodes, scores, 0.0, lambda r: of(r) or 0.0) == nodes
    got = reorder(nodes, scores, 0.1, lambda r: of(r) or 0.0)
    assert got[0] == "608.2b" and got.index("613.1d") == SHOWN - 1 and got[SHOWN:] == nodes[SHOWN:]
    far = {**scores, "608.2b": 1.0}  # far below the first: a standing does not make up for the score
    assert reorder(nodes, far, 0.1, lambda r: of(r) or 0.0)[0] != "608.2b"


def test_counts_are_by_part_and_a_parts_standing_leaves_its_own_out() -> None:
    rows = [{"source": f"page {i}", "expected_rules": ["608.2b"]} for i in range(40)]
    counts = count(rows, [(["608.2b", "613.1d"], True) for _ in rows])
    parts = Counter(fold(r) for r in rows)
    assert len(parts) > 1 and all(counts[p][0]["608.2"] == parts[p] and counts[p][1]["613.1"] == 0 for p in range(10))
    one = next(p for p in parts if p != 0)
    alone = [r for r in rows if fold(r) == one]
    only = count(alone, [(["613.1d", "608.2b"], True) for _ in alone])  # every answer in one part, not part 0
    assert without(only, one)("608.2") == 0.0 and without(only, None)("608.2") > 0 and without(only, 0)("608.2") > 0


def test_reorder_keeps_a_glossary_or_faq_entry_in_its_place() -> None:
    nodes = ["613.1d", "glossary:Copy", "608.2b"]
    scores = {"613.1d": 10.0, "glossary:Copy": 9.9, "608.2b": 9.8}
    assert reorder(nodes, scores, 0.1, {"613.1": -2.0, "608.2": 1.0}.get) == ["608.2b", "glossary:Copy", "613.1d"]


def test_figures_count_rule_level_and_exact_hits_by_group_and_the_least_weight_wins_a_tie() -> None:
    rows = [{"source": "https://magic.wizards.com/en/articles/archive/x", "expected_rules": ["702.19b"]},
            {"source": "https://www.cranialinsertion.com/article/1", "expected_rules": ["608.2"]}]
    got = figures(rows, [(["702.19", "702.19b"], True), (["100.1", "101.1", "608.2c"], False)])
    assert got["all"] == (2, 1, 2, 0, 1, 1) and got["Wizards'"] == (1, 1, 1, 0, 1, 1) and got["other"] == (1, 0, 1, 0, 0, 0)
    runs = {0.0: [(["702.19b"], True), (["608.2"], True)], 0.1: [(["702.19b"], True), (["608.2"], True)]}
    assert _chosen(rows, runs) == 0.0
    runs[0.1] = [(["702.19b"], True), (["608.2"], True)]
    runs[0.0] = [(["100.1"], False), (["608.2"], True)]
    assert _chosen(rows, runs) == 0.1
