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
from recordcv import SHOWN, count, reorder, standing, without  # noqa: E402


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
    cited = [(["608.2b", "613.1d"], True) for _ in rows]
    counts = count(rows, cited)
    assert sum(c["608.2"] for c, _ in counts.values()) == 40 and sum(k["613.1"] for _, k in counts.values()) == 0
    part = fold(rows[0])
    alone = [dict(r, source="page 0") for r in rows]
    only = count(alone, [(["613.1d", "608.2b"], True) for _ in alone])  # every answer in one part
    assert without(only, part)("608.2") == 0.0 and without(only, None)("608.2") > 0
