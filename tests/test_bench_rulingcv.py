"""bench/rulingcv.py: a question's rulings lead as the answer decides it, rule 23's fit is learned from which ruling
settles a question, and the fit and the lead rule are chosen leaving each source page out."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from rulingcv import FEATURES, cross_validate, fit, fits, outcome, placed  # noqa: E402


def test_a_ruling_leads_fitting_enough_and_ahead_of_the_next() -> None:
    p = np.array([0.3, 0.1, 0.05])
    assert outcome(p, 0, 0.2, 2.0) == (1, 0)  # the label's leads
    assert outcome(p, 1, 0.2, 2.0) == (0, 1)  # another ruling leads
    assert outcome(p, 0, 0.4, 2.0) == (0, 0)  # fits too little
    assert outcome(p, 0, 0.2, 4.0) == (0, 0)  # not far enough ahead
    assert outcome(np.zeros(0), -1, 0.2, 2.0) == (0, 0)  # no rulings
    assert placed(p, 2) == 2 and placed(p, -1) is None


def _question(label_value: float, others: list[float]) -> tuple[np.ndarray, int]:
    """A question whose settling ruling has ``label_value`` in every feature and the others theirs."""
    rows = [[label_value] * len(FEATURES)] + [[v] * len(FEATURES) for v in others]
    return np.array(rows), 0


def test_the_fit_learns_which_ruling_settles_and_is_scored_on_the_pages_left_out() -> None:
    questions = [_question(0.9, [0.1, 0.2]), _question(0.8, [0.3]), _question(0.7, [0.1, 0.1, 0.2]),
                 (np.array([[0.2] * len(FEATURES)]), -1)]
    w = fit(questions, 0.1)
    assert all(v > 0 for v in w[:-1])  # more of each feature: more likely the settling ruling
    assert all(placed(fits(x, w), label) == 0 for x, label in questions[:3])
    totals, chosen = cross_validate(["a", "b", "c", "d"], questions, 0.1, 0.5)
    assert totals["first"] == 3 and sum(chosen.values()) == 4  # each page's questions with the fit of the others
