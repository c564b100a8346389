"""How a named card's ruling fits a question (rule 23's fit) and when it leads, fitted and cross-validated on real questions.

Usage: python bench/rulingcv.py [PATH ...] [--cr PATH] [--cards PATH] [--cost X] [--l2 X]

Reads the tuning part of the real question files (as ``bench/real.py`` does; never the blind part).  Every question is
ranked once; rule 23 leaves the features of every ruling of the cards it names (``ruling features``:
:func:`rulesgraph.rank.cardsteps.cards.ruling_features`).  A logistic regression (L2-penalised, ``--l2``) learns from them which
ruling settles a question (the label's ruling against every other ruling of the named cards, on every question), and
the lead rule (:data:`rulesgraph.answer.cardanswer.LEAD_FIT`, the best ruling's least fit, and
:data:`~rulesgraph.answer.cardanswer.AHEAD`, how much better it must fit than the next) is the one with most ``right - cost ×
wrong`` leads (``--cost``, default 0.5): a *right* lead quotes the label's ruling, a *wrong* one any other ruling
(also where a rule settles the question).  Leave-one-source-out: for each source page, the fit and the lead rule are
chosen on the other pages and scored on that page's questions.  Prints the held-out figures (the label's ruling
first, among the first two and three by fit, and the leads), the fit and lead rule chosen on all questions (the
values :data:`rulesgraph.rank.cardsteps.cards.FIT`, ``FIT_BIAS``, ``LEAD_FIT`` and ``AHEAD`` take) and its figures there.
The other way a ruling leads, restating one of the rules' first three citations (:data:`rulesgraph.answer.cardanswer.AGREES`), depends
on the whole answer and is not modelled here: ``bench/real.py`` measures it.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from _common import card_options, rules_and_cards, table
from real import REAL, read_real, same_ruling

from rulesgraph.question.analyze import analyze
from rulesgraph.question.namedcards import with_cards as named
from rulesgraph.rank.cardsteps.cards import FIT
from rulesgraph.rank.ranking import rank

FEATURES = list(FIT)
"""The features rule 23's fit weighs, in the order :data:`rulesgraph.rank.cardsteps.cards.FIT` names them."""
LEADS = list(itertools.product((0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7), (1.0, 1.25, 1.5, 2.0, 3.0)))
"""(LEAD_FIT, AHEAD) settings tried."""

Question = tuple[np.ndarray, int]
"""One question's rulings: their features (one row each) and the label's ruling's row (-1: none of them settles it)."""


def fit(questions: list[Question], l2: float) -> np.ndarray:
    """Logistic regression (Newton's method, the intercept last and unpenalised) of "this ruling settles the question"."""
    rows = [x for x, _ in questions if len(x)]
    if not rows:
        return np.zeros(len(FEATURES) + 1)
    x = np.vstack(rows)
    x = np.hstack([x, np.ones((len(x), 1))])
    t = np.concatenate([[1.0 if j == label else 0.0 for j in range(len(f))] for f, label in questions if len(f)])
    w = np.zeros(x.shape[1])
    penalty = l2 * np.eye(x.shape[1])
    penalty[-1, -1] = 0.0
    for _ in range(100):
        p = 1 / (1 + np.exp(-(x @ w)))
        gradient = x.T @ (t - p) - penalty @ w
        hessian = -(x * (p * (1 - p))[:, None]).T @ x - penalty
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def fits(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-(x @ w[:-1] + w[-1]))) if len(x) else np.zeros(0)


def outcome(p: np.ndarray, label: int, lead: float, ahead: float) -> tuple[int, int]:
    """``(right, wrong)`` leads (0 or 1 each) of one question whose rulings fit ``p`` under one lead rule, as
    :func:`rulesgraph.answer.cardanswer.with_rulings` decides it by the fit alone (not when the ruling restates a rule
    the answer cites first: :data:`~rulesgraph.answer.cardanswer.AGREES`)."""
    if not len(p):
        return 0, 0
    order = np.argsort(-p, kind="stable")
    best = p[order[0]]
    runner = p[order[1]] if len(p) > 1 else 0.0
    if best >= lead and best >= ahead * runner:
        return (1, 0) if order[0] == label else (0, 1)
    return 0, 0


def best_lead(probs: list[np.ndarray], labels: list[int], cost: float) -> tuple[float, float]:
    """The lead rule with most ``right - cost × wrong`` leads (the first of equals: the most cautious)."""
    def gain(setting: tuple[float, float]) -> float:
        pairs = [outcome(p, label, *setting) for p, label in zip(probs, labels, strict=True)]
        return sum(r for r, _ in pairs) - cost * sum(w for _, w in pairs)
    return max(sorted(LEADS, key=lambda s: (-s[0], -s[1])), key=gain)


def placed(p: np.ndarray, label: int) -> int | None:
    """Where the label's ruling is among the question's rulings by fit (0 the best), ``None`` without one."""
    if label < 0:
        return None
    return int(np.where(np.argsort(-p, kind="stable") == label)[0][0])


def cross_validate(sources: list[str], questions: list[Question], l2: float, cost: float) -> tuple[Counter, Counter]:
    """Leave-one-source-out: the held-out totals (``right``, ``wrong`` leads; ``first``, ``two``, ``three``: the label's
    ruling among that many best) and how often each lead rule was chosen."""
    totals, chosen = Counter(), Counter()
    for held_out in sorted(set(sources)):
        train = [q for q, s in zip(questions, sources, strict=True) if s != held_out]
        test = [q for q, s in zip(questions, sources, strict=True) if s == held_out]
        w = fit(train, l2)
        lead = best_lead([fits(x, w) for x, _ in train], [label for _, label in train], cost)
        chosen[lead] += 1
        for x, label in test:
            p = fits(x, w)
            right, wrong = outcome(p, label, *lead)
            totals["right"] += right
            totals["wrong"] += wrong
            at = placed(p, label)
            for name, n in (("first", 1), ("two", 2), ("three", 3)):
                totals[name] += at is not None and at < n
    return totals, chosen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", type=Path)
    card_options(ap)
    ap.add_argument("--cost", type=float, default=0.5, help="what a wrong lead costs against a right one")
    ap.add_argument("--l2", type=float, default=0.1, help="the fit's L2 penalty")
    args = ap.parse_args()
    rows = [r for rs in read_real(args.paths or [REAL], "tune").values() for r in rs]
    if not rows:
        sys.exit("bench: no tuning questions found")
    _, book, deck, said, tmp = rules_and_cards(args)
    questions: list[Question] = []
    try:
        for r in rows:
            a = named(analyze(r["question"], book.index), deck.named(r["question"], ()))
            memo = rank(book.index, book.qg, a)._query.memo  # type: ignore[union-attr]
            every = memo.get("ruling features", [])
            label = r.get("ruling")
            x = np.array([[f[name] for name in FEATURES] for *_, f in every], dtype=float).reshape(-1, len(FEATURES))
            at = next((j for j, (key, _, text, _) in enumerate(every) if label and same_ruling(label, key, text)), -1)
            questions.append((x, at))
    finally:
        if tmp is not None:
            tmp.cleanup()
    sources = [r.get("source", "") for r in rows]
    totals, chosen = cross_validate(sources, questions, args.l2, args.cost)
    ruled = sum(1 for r in rows if r.get("ruling"))
    held = sum(1 for _, label in questions if label >= 0)
    print(f"{said}; {len(rows)} tuning questions from {len(set(sources))} source pages, {ruled} settled by a ruling "
          f"({held} held by the card data); L2 {args.l2:g}, a wrong lead costs {args.cost:g}\n")
    print(f"held out (leave one source page out): the label's ruling fits best in {totals['first']} of {held}, among the "
          f"best two in {totals['two']}, three in {totals['three']}; it leads {totals['right']} of {ruled}, another ruling "
          f"leads {totals['wrong']} of {len(rows)}\n")
    print(table([(f"{lead:g}", f"{ahead:g}", str(c)) for (lead, ahead), c in chosen.most_common(5)],
                ("LEAD_FIT", "AHEAD", "folds choosing it")))
    w = fit(questions, args.l2)
    probs = [fits(x, w) for x, _ in questions]
    labels = [label for _, label in questions]
    lead = best_lead(probs, labels, args.cost)
    pairs = [outcome(p, label, *lead) for p, label in zip(probs, labels, strict=True)]
    at = [placed(p, label) for p, label in zip(probs, labels, strict=True)]
    print("\non all tuning questions: FIT = {" + ", ".join(f'"{n}": {v:.2f}' for n, v in zip(FEATURES, w[:-1], strict=True))
          + f"}}, FIT_BIAS = {w[-1]:.2f}; LEAD_FIT = {lead[0]:g}, AHEAD = {lead[1]:g}: the label's ruling fits best in "
          f"{sum(1 for a in at if a == 0)}, among two {sum(1 for a in at if a is not None and a < 2)}, three "
          f"{sum(1 for a in at if a is not None and a < 3)}; it leads {sum(r for r, _ in pairs)}, another ruling "
          f"{sum(x for _, x in pairs)}\n")
    every = {setting: [outcome(p, label, *setting) for p, label in zip(probs, labels, strict=True)] for setting in LEADS}
    ranked = sorted(every, key=lambda s: -(sum(r for r, _ in every[s]) - args.cost * sum(x for _, x in every[s])))
    print(table([(f"{lead:g}", f"{ahead:g}", str(sum(r for r, _ in every[(lead, ahead)])),
                  str(sum(x for _, x in every[(lead, ahead)]))) for lead, ahead in ranked[:12]],
                ("LEAD_FIT", "AHEAD", "right leads (all)", "wrong leads (all)")))


if __name__ == "__main__":
    main()
