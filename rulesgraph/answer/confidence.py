"""How sure an answer is: a probability that its first paragraph settles the question — the ruling it leads with is
the one that does, or its first rule is the deciding rule.  This module gives the rules' chance; an answer a named
card's ruling leads shows that ruling's chance instead (:func:`rulesgraph.answer.cardanswer.lead_chance`: the ruling
leads only when it is the likelier of the two).  Since stop 43 the model is fitted on whether the rules' first citation
is an expected rule, whatever leads.

A logistic model over a few signals of the ranking (:mod:`rulesgraph.answer.signals`), with the coefficients in :data:`MODEL`
fitted by ``bench/calibrate.py``: of the candidate fits (real questions — the tuning part of ``bench/questions/real/``,
never the blind part —, the team's own question sets, both pooled, and pooled with each real answer weighing four), the
one with the best AUC on the real questions alone by leave-one-source-page-out cross-validation, of fits alike by it
one whose held-out "high" answers settled the question at least 75% of the time (stop 39, 1,122 real tuning answers,
the ranking with rules 68–69 and the ruling that restates one of the first rules leading: the real answers alone,
held-out AUC as shown 0.760, "high" right first 79.6% of 142, where stop 34's model gave 0.76 and 77.1% of 157; stop
34, on 285: the pool with each real answer weighing four, 0.755 and 76.2% of 42; stop 42, on 2,335 with ``ruling_fit``
and ``words``: the real answers alone, 0.739 and 75.8% of 120, where the same signals less those two gave 0.728;
stop 43, fitted on the rules' first citation, the leading rulings' own chance shown: the pool with each real
answer weighing four, 0.724 and 76.0% of 146, against answers right first more often, 34.8% → 36.0%; stop 59, the
ranking with rule 70 on 2,344: the plain pool, 0.714 and 76.8% of 267, against answers right first 38.1% → 41.3%).
It is held to at most :data:`DISAGREE` when the words
alone rank another rule first (see :func:`agreement`).  :func:`level` names it for people (``high``, ``medium``,
``low``), with :data:`HIGH` chosen by the same script on the held-out real answers: the least confidence from which
"high" answers' first paragraphs settled the question at least 75% of the time (the issue's figure) held out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["DISAGREE", "FITTED", "HIGH", "LOW", "MODEL", "NAMES", "OUT_OF_SCOPE", "SIGNALS", "agreement", "level", "probability",
           "standard", "vagueness"]

OUT_OF_SCOPE = 0.05
"""Confidence of the answer to a question the Comprehensive Rules don't cover: no rules answer is offered."""

SIGNALS = ("strength", "lead", "peak", "coverage", "named", "keyword", "cards", "support", "restated", "ruling_fit", "words",
           "record", "agree")
"""The signals, in the order :func:`rulesgraph.answer.signals.signals` computes them (the first :data:`FITTED`, in
:data:`MODEL`'s order, are weighed by the logistic model; ``agree`` caps its probability):

- ``strength``: log(1 + the best citation's score), how strongly the best candidate scored;
- ``lead``: how far the best-scoring rule leads the fifth best (``(first - fifth) / first``; a rule's subrules count
  for it): many rules scoring nearly alike is the ranking guessing;
- ``peak``: the share of the best twenty rules' scores that the best three hold;
- ``coverage``: the share of the question's own (idf-weighted) words the first citation contains;
- ``named``: how specific the most specific thing the question names is (a rule number or a rare keyword 1, "card"
  hardly; a word read through the alias table less): a question that names nothing is a guess at what it means;
- ``keyword``: 1 when the first citation is in the rule of a keyword the question names, else 0;
- ``cards``: log(1 + the number of cards the question names): each card named is one more thing the answer may
  be about; unknown (NaN) when no card data is installed, and then counted as its average (:func:`standard`);
- ``support``: log(1 + the number of reasons the first citation was given, one per scoring step that raised it — the
  words, a named keyword, a card's text, the graph …): on the calibration sets, answers whose first citation had
  one reason were right 60% of the time, with three 75%, with five or more 85%;
- ``restated``: 1 when one of the best-fitting rulings of the named cards restates the first citation's rule, 0 when
  none does, unknown (NaN, counted as its average) when no ruling competes
  (:func:`rulesgraph.answer.signals.restated`);
- ``ruling_fit``: rule 23's fit of the named cards' best-fitting ruling (the chance that it settles the question), 0
  when no ruling competes, unknown (NaN, counted as its average) without card data: a ruling that fits well is most
  often the one that settles it, and leads when it stands out (stop 42, with ``words``: ``bench/calibrate.py``'s
  held-out AUC on the 2,335 real tuning answers 0.728 → 0.739, answers shown "high" 174 → 120 at about the same 76%
  right first; on the other columns and forums alone 0.713 → 0.727 in a 10-fold refit by page);
- ``words``: log(1 + the number of the question's words), weighed as the real questions say (positively: with the
  other signals held, a question telling its situation is answered right first more often than a bare one);
- ``record``: how much likelier than the average first rule the first citation's rule was to settle the real tuning
  questions the ranking gave it first for, as log odds (:func:`rulesgraph.answer.signals.record`, ``data/firsts.tsv``
  written by ``bench/firsts.py``): the words reach some rules often that are seldom what is asked (stop 51: on the
  2,351 real tuning answers, cross-fitted, ``bench/real.py``'s AUC of the confidence against a right first answer 0.72
  → 0.76, on the other columns and forums 0.71 → 0.75, answers shown "high" 155 at 74.8% right first → 247 at 75.7%;
  ``bench/calibrate.py``'s held-out AUC as shown 0.755.  Its runs alternate between two fits, the pool with each real
  answer weighing four (written: 0.755, 244 "high" at 76.2%) and the plain pool (0.746, 239 at 75.7%), each kept on
  the answers the other gives, by the most answers shown "high": the first is kept, the better by AUC both times);
- ``agree``: 1 when the rule the words alone rank first (text relevance — the question's, and with card data the
  cards' text, wordings and effects —, before what the question names and the graph raise) is among the first
  three citations' rules, else 0 (:func:`rulesgraph.answer.signals.agree`)."""
FITTED = SIGNALS[:12]
"""The signals the logistic model weighs (:data:`MODEL`, :data:`SCALE`)."""

MODEL = (0.6262, (-0.1392, 1.1358, 0.0747, 0.0126, 0.0195, -0.2303, -0.1499, -0.0368, 0.1062, 0.0233, 0.0931, 0.3153))  # bench/calibrate.py
"""``(intercept, coefficients)`` of the logistic model on the signals, each given as ``(value - mean) / spread``
with the means and spreads of :data:`SCALE`; refit with ``python bench/calibrate.py``."""
SCALE: tuple[tuple[float, float], ...] = ((2.1093, 0.4651), (0.5041, 0.1929), (0.3075, 0.0944), (0.1954, 0.1924), (0.7457, 0.2400), (0.2715, 0.4447), (0.7956, 0.4701), (1.8885, 0.2491), (0.3933, 0.3996), (0.0689, 0.0836), (3.3556, 0.5649), (0.0255, 0.5966))  # noqa: E501
NAMES = 0.3
"""Least ``named`` of the questions the model was fitted on, nearly all (98%) name a term at least this specific; for a
question naming less ("what about the thing with the cards", "how does it work") the model's probability is scaled
down by :func:`vagueness`: nothing it was fitted on looks like it, and there is nothing to be sure about."""
DISAGREE = 0.57  # bench/calibrate.py
"""The most an answer the rules lead whose first three citations miss the rule the words alone rank first (``agree`` 0)
is given: how often such real tuning answers, held out, had an expected first rule (right first until stop 43) when
the model gave them at least :data:`LOW` (stop 26;
before, how often the team's sets' such answers had the deciding rule in their top three).  The
ranking was then sure because what the question names overrode its words, and given the rest that makes a wrong
answer twice as likely among those the model is surest of (held out, the tuning sets other than dev, as measured in
stop 21's fit: 59% right against 80%); below that the two kinds are right about as often.  Refitted in stops 26, 31 and
32, on the real tuning questions; at 0.42 (stop 34, rule 68's ranking) it was below :data:`LOW`, so such answers were
shown ``low``; refitted at 0.51 in stop 35 (rule 68 learning from real questions too) and 0.50 in stop 36, above it:
such answers are shown ``medium`` at most; 0.57 in stop 39, 0.53 in stop 42, 0.52 in stop 43 and again in stops 45 and 47."""
HIGH = 0.61
"""Confidence from which an answer is shown as ``high``: its first paragraph most likely settles the question."""
LOW = 0.45
"""Confidence below which an answer is shown as ``low``."""


def vagueness(values: Sequence[float]) -> float:
    """The factor (in [0, 1]) the model's probability is scaled by for a question that names too little (:data:`NAMES`)."""
    return max(0.0, min(1.0, values[SIGNALS.index("named")] / NAMES))


def standard(value: float, mean: float, spread: float) -> float:
    """A signal's value as the model reads it, ``(value - mean) / spread``; 0 (its average) for a signal that could
    not be read (NaN: the number of cards named, without card data)."""
    return 0.0 if math.isnan(value) else (value - mean) / spread


def agreement(values: Sequence[float]) -> float:
    """The most the confidence can be (in [0, 1]): 1 when the words alone agree with the answer (``agree``), else
    :data:`DISAGREE`."""
    return 1.0 if values[SIGNALS.index("agree")] >= 0.5 else DISAGREE


def probability(values: Sequence[float]) -> float:
    """The confidence for one answer's signal values (in :data:`SIGNALS` order), in [0, 1]: the model's probability
    (over the :data:`FITTED` signals), at most :func:`agreement`, scaled by :func:`vagueness`."""
    intercept, weights = MODEL
    fitted = values[: len(FITTED)]
    z = intercept + sum(w * standard(v, m, s) for w, v, (m, s) in zip(weights, fitted, SCALE, strict=True))
    return vagueness(values) * min(agreement(values), 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))))


def level(confidence: float) -> str:
    """``high``, ``medium`` or ``low``."""
    return "high" if confidence >= HIGH else "medium" if confidence >= LOW else "low"
