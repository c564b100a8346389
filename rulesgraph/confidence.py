"""How sure an answer is: a probability that its first three citations hold the rule that settles the question.

A logistic model over a few signals of the ranking (:func:`signals`), with the coefficients in :data:`MODEL`
fitted by ``bench/calibrate.py`` on the tuning question sets (never on the blind ones), so that the number means
what it says: of the answers shown with confidence 0.8, about four in five have the deciding rule in their top
three.  :func:`level` names it for people (``high``, ``medium``, ``low``), with :data:`HIGH` chosen by the same
script so that "high" answers are right at least 85% of the time on the dev set.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["HIGH", "LOW", "MODEL", "SIGNALS", "level", "probability"]

SIGNALS = ("strength", "coverage", "named", "lead", "agreement", "asked", "focused", "aliased")
"""The signals, in :data:`MODEL`'s order:

- ``strength``: log(1 + the top citation's score), how strongly the best candidate scored;
- ``coverage``: the share of the question's own (idf-weighted) words the first three citations contain;
- ``named``: how specific the best thing the question names is (a rule number or a rare keyword 1, "card" hardly);
- ``lead``: how far the top citation leads the second (0 when it does not);
- ``agreement``: the share of the first five citations in the top citation's CR section;
- ``asked``: log(1 + the idf-weighted sum of the question's own words): long, wordy questions are harder;
- ``focused``: how much the question is only about what it names, times how specific that is ("what does flash do":
  1; "what about the thing with the cards" names nothing specific);
- ``aliased``: how many of its words were read through the alias table (players' words, less sure)."""

MODEL = (0.8528, (0.4663, 0.2921, 0.0685, 0.1183, -0.0709, 0.1441, 0.1325, -0.2213))
"""``(intercept, coefficients)`` of the logistic model on the signals, each given as ``(value - mean) / spread``
with the means and spreads of :data:`SCALE`; refit with ``python bench/calibrate.py``."""
SCALE: tuple[tuple[float, float], ...] = ((1.5595, 0.4590), (0.4984, 0.2477), (0.7655, 0.2314), (0.4501, 0.3069), (0.4980, 0.2427), (3.3986, 0.6645), (0.2115, 0.2221), (2.6684, 1.8736))  # noqa: E501
HIGH = 0.69
"""Confidence from which an answer is shown as ``high``."""
LOW = 0.45
"""Confidence below which an answer is shown as ``low``."""


def probability(values: Sequence[float]) -> float:
    """The model's probability for one answer's signal values (in :data:`SIGNALS` order), in [0, 1]."""
    intercept, weights = MODEL
    z = intercept + sum(w * (v - m) / s for w, v, (m, s) in zip(weights, values, SCALE, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def level(confidence: float) -> str:
    """``high``, ``medium`` or ``low``."""
    return "high" if confidence >= HIGH else "medium" if confidence >= LOW else "low"
