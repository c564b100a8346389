"""bench/rulingcv.py: a question's rulings lead as the answer decides it, and the lead's setting is chosen leaving
each source page out."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from rulingcv import cross_validate, outcome  # noqa: E402


def test_a_ruling_leads_holding_the_share_and_fitting_ahead_of_the_next() -> None:
    ruled = [(1.5, 0.5, True, False), (1.0, 0.4, False, False)]
    assert outcome(ruled, 1 / 3, 1.5) == (1, 0)  # the label's leads
    assert outcome(ruled, 0.6, 1.5) == (0, 0)  # holds too little
    assert outcome(ruled, 1 / 3, 2.0) == (0, 0)  # not far enough ahead
    assert outcome([(1.5, 0.5, False, False)], 1 / 3, 1.5) == (0, 1)  # another ruling leads
    assert outcome([(0.1, 0.9, True, True)], 1 / 3, 1.5, 0.2) == (0, 0)  # scores below the rules' threshold: not cited at all
    agreeing = [(1.1, 0.25, True, True), (1.0, 0.4, False, False)]
    assert outcome(agreeing, 1 / 3, 1.5) == (0, 0)
    assert outcome(agreeing, 1 / 3, 1.5, 0.2) == (1, 0)  # it restates the rules' first rule: it leads
    assert outcome(agreeing, 1 / 3, 1.5, 0.3) == (0, 0)  # holding too little even so


def test_each_source_is_scored_with_the_setting_the_other_sources_chose() -> None:
    sources = ["a", "a", "b", "c"]
    got = {"bold": [(1, 0), (0, 1), (0, 1), (1, 0)], "shy": [(0, 0), (0, 0), (0, 0), (1, 0)]}
    totals, chosen = cross_validate(sources, got, 0.5)
    # without a: bold 1 - 0.5 = 0.5, shy 1: shy; without b: bold 2 - 0.5 = 1.5: bold; without c: bold 1 - 1 = 0, shy 0: the first
    assert chosen == {"shy": 1, "bold": 2}
    assert totals == {"right": 1, "wrong": 1}
