"""rulesgraph/answer/confidence.py: a probability in [0, 1], scaled down for questions that name too little, and its levels."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesgraph.answer import confidence
from rulesgraph.answer.confidence import (
    DISAGREE,
    FITTED,
    HIGH,
    LOW,
    MODEL,
    NAMES,
    SCALE,
    SIGNALS,
    agreement,
    level,
    probability,
    standard,
    vagueness,
)

NAMED = SIGNALS.index("named")
AGREE = SIGNALS.index("agree")


def _values(named: float, rest: float = 0.5, agree: float = 1.0) -> list[float]:
    values = [rest] * len(SIGNALS)
    values[NAMED] = named
    values[AGREE] = agree
    return values


def test_the_model_has_one_weight_per_fitted_signal() -> None:
    assert len(MODEL[1]) == len(SCALE) == len(FITTED) and SIGNALS[: len(FITTED)] == FITTED and "agree" not in FITTED
    # DISAGREE is measured (how often answers the words alone disagree with were right first, held out) and may fall
    # below LOW: such answers are then shown "low" (stop 32: 36% right, LOW 0.45).  It never reaches HIGH.
    assert 0.0 < LOW < HIGH < 1.0 and 0.0 < DISAGREE < HIGH


@given(st.lists(st.floats(-1e6, 1e6), min_size=len(SIGNALS), max_size=len(SIGNALS)))
def test_confidence_is_always_a_probability(values: list[float]) -> None:
    assert 0.0 <= probability(values) <= 1.0


def test_a_question_naming_too_little_is_scaled_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """Below NAMES the model's probability is scaled by named / NAMES: naming nothing gives 0."""
    assert vagueness(_values(1.0)) == vagueness(_values(NAMES)) == 1.0
    assert vagueness(_values(0.0)) == 0.0 and probability(_values(0.0)) == 0.0
    intercept, weights = MODEL  # with named's own weight 0, only the scaling is left
    monkeypatch.setattr(confidence, "MODEL", (intercept, tuple(0.0 if i == NAMED else w for i, w in enumerate(weights))))
    assert probability(_values(NAMES / 2)) == pytest.approx(probability(_values(NAMES)) / 2)


def test_a_signal_that_could_not_be_read_counts_as_its_average() -> None:
    """Without card data the number of cards named is unknown (NaN): it counts as the mean the model was fitted on."""
    cards = SIGNALS.index("cards")
    unknown, average = _values(1.0), _values(1.0)
    unknown[cards], average[cards] = math.nan, SCALE[cards][0]
    assert probability(unknown) == probability(average)
    assert standard(math.nan, 3.0, 2.0) == 0.0 and standard(5.0, 3.0, 2.0) == 1.0


def test_an_answer_the_words_alone_disagree_with_is_held_to_disagree(monkeypatch: pytest.MonkeyPatch) -> None:
    """agree 0 caps the confidence at DISAGREE (so such an answer is never shown as high); below the cap, and with
    agree 1, the model's probability is unchanged."""
    assert agreement(_values(1.0, agree=1.0)) == 1.0 and agreement(_values(1.0, agree=0.0)) == DISAGREE
    weights = MODEL[1]
    monkeypatch.setattr(confidence, "MODEL", (30.0, weights))  # the model all but sure
    assert probability(_values(1.0)) > 0.99 and probability(_values(1.0, agree=0.0)) == DISAGREE
    assert probability(_values(NAMES / 2, agree=0.0)) == pytest.approx(DISAGREE / 2)  # then scaled like the rest
    monkeypatch.setattr(confidence, "MODEL", (-3.0, weights))  # the model unsure: below the cap, nothing changes
    assert probability(_values(1.0, agree=0.0)) == probability(_values(1.0)) < DISAGREE


def test_levels() -> None:
    assert level(HIGH) == "high" and level(HIGH - 0.01) == "medium" and level(LOW) == "medium" and level(LOW - 0.01) == "low"
