"""bench/rulingcv.py: rule 23's fit is learned from which ruling settles a question and scored leaving each source page
out; the lead's chance is learned from each question's best ruling; a lead is scored as bench/real.py scores it
(``first_rules``, ``lead_of``)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from rulingcv import FEATURES, cross_validate, fit, fit_lead, fits, lead_rows, placed  # noqa: E402


def test_the_lead_learns_that_a_ruling_fitting_better_and_further_ahead_settles_more_often() -> None:
    p = np.array([0.3, 0.1, 0.05])
    assert placed(p, 2) == 2 and placed(p, -1) is None
    best = [(0.6, 0.05, 0.9, 12, True), (0.5, 0.1, 0.2, 30, True), (0.4, 0.02, 0.8, 20, True), (0.1, 0.09, 0.1, 60, False),
            (0.05, 0.04, 0.5, 15, False), (0.2, 0.19, 0.3, 80, False), (0.3, 0.25, 0.7, 25, True), (0.08, 0.01, 0.0, 40, False),
            None]
    x, y = lead_rows(best)
    assert x.shape == (8, 4) and list(y) == [1, 1, 1, 0, 0, 0, 1, 0]  # a question without rulings is left out
    assert x[0, 2] == 0.9 and abs(x[0, 3] - np.log(12)) < 1e-12  # how high its rule was placed; the log of the words
    w = fit_lead(x, y, 0.1)
    assert w[0] > 0 and w[1] > 0  # a better fit, or further ahead of the next: likelier to settle


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
    totals = cross_validate(["a", "b", "c", "d"], questions, 0.1)
    assert totals["first"] == 3  # each page's questions with the fit of the others


def _entry(text: str, links: tuple[str, ...]) -> tuple:
    """Rule 23's ruling entry (``RulingEntry``): score, card, date, text, share, links, fit, placed."""
    return (0.9, "Tarmogoyf", "2021-03-19", text, 0.5, links, 0.4, 0.0)


def test_the_rule_after_a_leading_ruling_is_the_one_it_restates_when_cited_first() -> None:
    """As ``with_rulings`` orders them: the rule the ruling restates when the rules cite it among their first three, else
    the rules' first rule; a glossary or FAQ citation is no rule (``bench/real.py``'s count)."""
    from collections import namedtuple

    from rulingcv import first_rules

    cite = namedtuple("cite", "id kind")
    rules = [cite("glossary:Dies", "glossary"), cite("613.1", "rule"), cite("704.5g", "subrule"), cite("613.4", "rule")]
    assert first_rules(rules, _entry("x", ("704.5g",)), {}) == (["613.1", "704.5g", "613.4"], "704.5g")
    assert first_rules(rules, _entry("x", ("613.4",)), {}) == (["613.1", "704.5g", "613.4"], "613.1")  # fourth: not moved
    assert first_rules(rules, None, {}) == (["613.1", "704.5g", "613.4"], None)


def test_a_leading_ruling_is_right_first_as_real_py_counts_it() -> None:
    """Where the label names a ruling, a leading ruling settles when it is that one; where it names none, when the rule
    cited right after it is an expected one — not whenever it restates one (until stop 68).  The rules' own first rule is
    scored as when no ruling leads."""
    from rulingcv import lead_of

    text = "If Lightning Bolt deals damage to Tarmogoyf, the damage is checked as the spell finishes resolving."
    top = _entry(text, ("704.5g",))
    row = {"expected_rules": ["704.5g"], "source": "https://example.org/q"}
    restating = lead_of(row, (0.6, 0.3, top, ["613.1", "613.4", "613.7"], "613.1"))  # 704.5g not among the rules' first
    assert restating[2] is False and restating[3] is False
    followed = lead_of(row, (0.6, 0.3, top, ["704.5g", "613.1"], "704.5g"))
    assert followed[:4] == (0.6, 0.3, True, True) and followed[4] is False and followed[5] == row["source"]
    labelled = {**row, "ruling": {"card": "Tarmogoyf", "text": text}}
    assert lead_of(labelled, (0.6, 0.3, top, ["613.1"], "613.1"))[2:5] == (True, False, True)  # the label's ruling
    other = _entry("Tarmogoyf's ability works in all zones.", ("704.5g",))
    assert lead_of(labelled, (0.6, 0.3, other, ["704.5g"], "704.5g"))[2:4] == (False, True)  # another ruling of the card
    assert lead_of(labelled, (0.6, 0.3, None, ["704.5g"], "704.5g"))[2:4] == (False, True)  # no ruling competed
