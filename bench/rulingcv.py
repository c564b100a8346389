"""How a named card's ruling fits a question (rule 23's fit) and how likely the best one is to settle it, fitted and
cross-validated on real questions.

Usage: python bench/rulingcv.py [PATH ...] [--cr PATH] [--cards PATH] [--l2 X] [--least]

Reads the tuning part of the real question files (as ``bench/real.py`` does; never the blind part).  Every question is
ranked once, cross-fitted as ``bench/real.py`` answers it (rules 68–70's learned words made without its fold of pages: rule 23's
``link`` reads a ranking they shaped, and learned in sample they fitted it too well); rule 23 leaves the features of
every ruling of the cards it names (``ruling features``:
:func:`rulesgraph.rank.cardsteps.cards.ruling_features`).  A logistic regression (L2-penalised, ``--l2``) learns from them which
ruling settles a question (the label's ruling against every other ruling of the named cards, on every question):
:data:`rulesgraph.rank.cardsteps.cards.FIT` and ``FIT_BIAS``.  Leave-one-source-out: for each source page, the fit is
chosen on the other pages and scored on that page's questions (the label's ruling first, among the first two and
three by fit).

A second logistic regression learns, of each question's best-fitting ruling (by the fit in the code), how likely it is
to settle the question quoted first, from its fit, how far it fits ahead of the next, how high the ranking placed a
rule it restates and the question's length
(:data:`rulesgraph.answer.cardanswer.LEAD` and ``LEAD_BIAS``): it settles when it is the label's ruling or, where the
label names none, when it restates one of the expected rules.  Printed with its held-out AUC (10 folds by page).  When
a ruling leads depends on the rules' own confidence as well (:func:`rulesgraph.answer.cardanswer.with_rulings`):
``bench/real.py`` measures the leads.

With ``--least``, every tuning question is also answered (cross-fitted, as ``bench/real.py`` answers it) and the least
chance a leading ruling must have (:data:`rulesgraph.answer.cardanswer.LEAST`) is chosen by 10-fold cross-validation by
page, five ways of folding: the value that makes the most first paragraphs settle the question on nine parts, scored on
the tenth (first paragraphs settling the question, the label's ruling leading), beside the value in the code; a first
paragraph settles the question as ``bench/real.py`` counts it right first (until stop 68 a leading ruling without a
label settled when it restated an expected rule, whatever rule followed it); and each
value's figures on the questions of other columns and forums than Wizards' alone, the shape of the questions the
product is measured on.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from _common import card_options, rules_and_cards
from accuracy import first_hit
from learn import CrossFit
from real import REAL, RULE_KINDS, auc, read_real, same_ruling

import rulesgraph.answer.compose as compose
from rulesgraph.answer.cardanswer import LEAST, RUNNER_FLOOR, lead_chance, rests_on
from rulesgraph.question.analyze import analyze
from rulesgraph.question.namedcards import with_cards as named
from rulesgraph.question.read import Question as Read
from rulesgraph.rank.cardsteps.cards import FIT
from rulesgraph.rank.ranking import rank

LEASTS = (0.35, 0.3, 0.25, 0.22, 0.2, 0.18, 0.15, 0.12, 0.1, 0.05)
"""The values of :data:`rulesgraph.answer.cardanswer.LEAST` ``--least`` chooses among."""
FOLDS = 10
"""Folds (by source page) of the lead's held-out AUC."""
FEATURES = list(FIT)
"""The features rule 23's fit weighs, in the order :data:`rulesgraph.rank.cardsteps.cards.FIT` names them."""
Question = tuple[np.ndarray, int]
"""One question's rulings: their features (one row each) and the label's ruling's row (-1: none of them settles it)."""


def fit(questions: list[Question], l2: float) -> np.ndarray:
    """Logistic regression of "this ruling settles the question" over every ruling of every question (:func:`fit_lead`)."""
    rows = [x for x, _ in questions if len(x)]
    if not rows:
        return np.zeros(len(FEATURES) + 1)
    t = np.concatenate([[1.0 if j == label else 0.0 for j in range(len(f))] for f, label in questions if len(f)])
    return fit_lead(np.vstack(rows), t, l2)


def fits(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-(x @ w[:-1] + w[-1]))) if len(x) else np.zeros(0)


def placed(p: np.ndarray, label: int) -> int | None:
    """Where the label's ruling is among the question's rulings by fit (0 the best), ``None`` without one."""
    if label < 0:
        return None
    return int(np.where(np.argsort(-p, kind="stable") == label)[0][0])


def cross_validate(sources: list[str], questions: list[Question], l2: float) -> Counter:
    """Leave-one-source-out: the held-out totals (``first``, ``two``, ``three``: the label's ruling among that many best)."""
    totals: Counter = Counter()
    for held_out in sorted(set(sources)):
        train = [q for q, s in zip(questions, sources, strict=True) if s != held_out]
        test = [q for q, s in zip(questions, sources, strict=True) if s == held_out]
        w = fit(train, l2)
        for x, label in test:
            at = placed(fits(x, w), label)
            for name, n in (("first", 1), ("two", 2), ("three", 3)):
                totals[name] += at is not None and at < n
    return totals


def lead_rows(best: list[tuple[float, float, float, int, bool] | None]) -> tuple[np.ndarray, np.ndarray]:
    """The features of :data:`rulesgraph.answer.cardanswer.LEAD` (log fit, log of how far ahead, how high a rule it
    restates was placed, the log of the question's number of words) and whether the ruling settles, of each question's
    best ruling ``(fit, runner, placed, words, settles)`` (``None``: no ruling competes)."""
    kept = [b for b in best if b is not None]
    x = np.array([[math.log(f), math.log(f / (r + RUNNER_FLOOR)), p, math.log(max(n, 1))]
                  for f, r, p, n, _ in kept]).reshape(-1, 4)
    return x, np.array([1.0 if s else 0.0 for *_, s in kept])


def fit_lead(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """Logistic regression of ``y`` on ``x`` (Newton's method, L2-penalised ``l2``, the intercept last and unpenalised):
    rule 23's fit (:func:`fit`) and the lead's chance alike."""
    x1 = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(x1.shape[1])
    penalty = l2 * np.eye(x1.shape[1])
    penalty[-1, -1] = 0.0
    for _ in range(100):
        p = 1 / (1 + np.exp(-(x1 @ w)))
        step = np.linalg.solve(-(x1 * (p * (1 - p))[:, None]).T @ x1 - penalty, x1.T @ (y - p) - penalty @ w)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


Lead = tuple[float, float, bool, bool, bool, str]
"""One answered question: its best ruling's chance to settle it, the rules' first paragraph's, whether the answer is right
first when the ruling leads (it is the label's ruling; where the label names none, the rule cited right after it is an
expected one: ``bench/real.py``'s "right first"), whether it is when the rule leads (the first rule is an expected one),
whether its label names a ruling, its page."""


def weighed(book, deck, rows: list[dict]) -> list[tuple | None]:  # type: ignore[no-untyped-def]
    """Each question answered as ``bench/real.py`` answers it (cross-fitted), with what :func:`with_rulings` is given:
    ``(the best ruling's chance, the rules' chance, the best ruling (rule 23's entry) or None, the rules' rule ids, the
    rule a leading ruling would have right after it)`` (:func:`first_rules`; read by wrapping it: the answer shows only
    the chance that won, and the rules in the order a leading ruling leaves them); ``None`` for a question with no rules
    answer."""
    from real import DEPTH

    from rulesgraph.answer.compose import ask

    seen: list[tuple] = []
    plain = compose.with_rulings

    def wrapped(a, citations, rulings, k, place=None, *, rules_settle):  # type: ignore[no-untyped-def]
        top = rulings[0] if rulings else None
        seen.append((lead_chance(rulings, len(a.words)), rules_settle, top, *first_rules(citations[:k], top, place or {})))
        return plain(a, citations, rulings, k, place, rules_settle=rules_settle)

    def one(r: dict) -> tuple | None:
        seen.clear()
        ask(book, r["question"], k=DEPTH, deck=deck)
        return seen[-1] if seen else None

    compose.with_rulings = wrapped
    try:
        return CrossFit(book).each(rows, one)
    finally:
        compose.with_rulings = plain


def first_rules(citations: list, top: tuple | None, place: dict[str, int]) -> tuple[list[str], str | None]:
    """The rules' citations' rule ids (``bench/real.py``'s ``RULE_KINDS``: a glossary or FAQ citation is none), and the
    rule that would come right after the best ruling ``top`` (rule 23's entry) if it led: the rule it restates when the
    rules cite it among their first (:func:`rulesgraph.answer.cardanswer.rests_on`), else the rules' first rule, as
    :func:`~rulesgraph.answer.cardanswer.with_rulings` orders them; ``None`` without a ruling."""
    rules = [c.id for c in citations if c.kind in RULE_KINDS]
    if top is None:
        return rules, None
    rests = rests_on(citations, top[5], place)
    head = citations if rests is None else [rests, *(c for c in citations if c.id != rests.id)]
    return rules, next((c.id for c in head if c.kind in RULE_KINDS), None)


def answered(book, deck, rows: list[dict]) -> list[Lead]:  # type: ignore[no-untyped-def]
    """Each question's :data:`Lead` (:func:`weighed`, :func:`lead_of`)."""
    return [lead_of(r, got) for r, got in zip(rows, weighed(book, deck, rows), strict=True) if got is not None]


def lead_of(row: dict, got: tuple) -> Lead:
    """One question's :data:`Lead` from what :func:`weighed` saw of its answer: right first as ``bench/real.py`` counts it
    (:func:`real.score_answer`), the ruling leading or the rule."""
    chance, rules, top, cited, after = got
    label = row.get("ruling")
    settles = bool(top and (same_ruling(label, top[1], top[3]) if label else
                            after is not None and first_hit(row["expected_rules"], [after]) == 1))
    rule = first_hit(row["expected_rules"], cited[:1]) == 1
    return chance, rules, settles, rule, bool(label), row.get("source", "")


def leads_with(leads: list[Lead], least: float) -> tuple[int, int]:
    """First paragraphs settling the question, and the label's ruling leading, when a ruling leads from ``least``."""
    right = led = 0
    for chance, rules, settles, rule, has, _ in leads:
        if chance >= least and chance > rules:
            right += settles
            led += settles and has
        else:
            right += rule
    return right, led


def choose_least(leads: list[Lead]) -> None:
    """Print the first paragraphs settling the question and the label's ruling leading for each of :data:`LEASTS`, then
    the held-out figures of choosing it on nine parts of the pages (five ways of folding them)."""
    from real import from_wizards

    other = [x for x in leads if not from_wizards({"source": x[5]})]
    print(f"\nleast chance of a leading ruling (LEAST, {LEAST:g} in the code) on {len(leads)} answers, first paragraphs "
          "settling the question / the label's ruling leading: "
          + ", ".join(f"{v:g} {'/'.join(map(str, leads_with(leads, v)))}" for v in LEASTS))
    print(f"  of them the {len(other)} of other columns and forums than Wizards' (the hidden sets' shape): "
          + ", ".join(f"{v:g} {'/'.join(map(str, leads_with(other, v)))}" for v in LEASTS))
    pages = sorted({s for *_, s in leads})
    for seed in range(5):
        order = pages[:]
        random.Random(seed).shuffle(order)
        fold = {s: i % FOLDS for i, s in enumerate(order)}
        chosen, held, current = [], [0, 0], [0, 0]
        for k in range(FOLDS):
            train = [x for x in leads if fold[x[5]] != k]
            test = [x for x in leads if fold[x[5]] == k]
            best = max(LEASTS, key=lambda v: leads_with(train, v))
            chosen.append(best)
            for total, v in ((held, best), (current, LEAST)):
                got = leads_with(test, v)
                total[0], total[1] = total[0] + got[0], total[1] + got[1]
        print(f"  folding {seed}: held out, first paragraphs settling / the label's ruling leading {held[0]} / {held[1]} "
              f"(LEAST {LEAST:g}: {current[0]} / {current[1]}), chosen {', '.join(f'{v:g}' for v in chosen)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", type=Path)
    card_options(ap)
    ap.add_argument("--l2", type=float, default=0.1, help="the fits' L2 penalty")
    ap.add_argument("--least", action="store_true", help="also choose LEAST by cross-validation (answers every question)")
    args = ap.parse_args()
    rows = [r for rs in read_real(args.paths or [REAL], "tune").values() for r in rs]
    if not rows:
        sys.exit("bench: no tuning questions found")
    _, book, deck, said, tmp = rules_and_cards(args)
    questions: list[Question] = []
    best: list[tuple[float, float, float, int, bool] | None] = []
    try:
        def ranked(r: dict) -> tuple:
            read = Read.of(r["question"])  # a card's name word written as a name is not corrected, as in ask
            a = named(analyze(read, book.index, deck.card_words(read)), deck.named(r["question"], ()))
            return a, rank(book.index, book.qg, a)._query.memo  # type: ignore[union-attr]

        for r, (a, memo) in zip(rows, CrossFit(book).each(rows, ranked), strict=True):
            every = memo.get("ruling features", [])
            label = r.get("ruling")
            x = np.array([[f[name] for name in FEATURES] for *_, f in every], dtype=float).reshape(-1, len(FEATURES))
            at = next((j for j, (key, _, text, _) in enumerate(every) if label and same_ruling(label, key, text)), -1)
            questions.append((x, at))
            shown = memo.get("rulings") or []  # (score, card, date, text, share, links, fit, placed), best first
            if shown:
                _, key, _, text, _, links, top, rule_placed = shown[0]
                settles = same_ruling(label, key, text) if label else first_hit(r["expected_rules"], list(links)) is not None
                best.append((top, max((s[6] for s in shown[1:]), default=0.0), rule_placed, len(a.words), settles))
            else:
                best.append(None)
        leads = answered(book, deck, rows) if args.least else None
    finally:
        if tmp is not None:
            tmp.cleanup()
    sources = [r.get("source", "") for r in rows]
    totals = cross_validate(sources, questions, args.l2)
    ruled = sum(1 for r in rows if r.get("ruling"))
    held = sum(1 for _, label in questions if label >= 0)
    print(f"{said}; {len(rows)} tuning questions from {len(set(sources))} source pages, {ruled} settled by a ruling "
          f"({held} held by the card data); L2 {args.l2:g}\n")
    print(f"held out (leave one source page out): the label's ruling fits best in {totals['first']} of {held}, among the "
          f"best two in {totals['two']}, three in {totals['three']}\n")
    w = fit(questions, args.l2)
    at = [placed(fits(x, w), label) for x, label in questions]
    print("on all tuning questions: FIT = {" + ", ".join(f'"{n}": {v:.2f}' for n, v in zip(FEATURES, w[:-1], strict=True))
          + f"}}, FIT_BIAS = {w[-1]:.2f}: the label's ruling fits best in {sum(1 for a in at if a == 0)}, among two "
          f"{sum(1 for a in at if a is not None and a < 2)}, three {sum(1 for a in at if a is not None and a < 3)}\n")
    order = sorted(set(sources))
    fold = {s: i % FOLDS for i, s in enumerate(order)}
    kept = [(b, s) for b, s in zip(best, sources, strict=True) if b is not None]
    held_p, held_y = [], []
    for k in range(FOLDS):
        wk = fit_lead(*lead_rows([b for b, s in kept if fold[s] != k]), args.l2)
        x, y = lead_rows([b for b, s in kept if fold[s] == k])
        held_p += list(fits(x, wk))
        held_y += list(y)
    x, y = lead_rows(best)
    lw = fit_lead(x, y, args.l2)
    print(f"the best ruling of {len(x)} questions, {int(y.sum())} settling them: LEAD = {{\"fit\": {lw[0]:.2f}, \"ahead\": "
          f"{lw[1]:.2f}, \"placed\": {lw[2]:.2f}, \"words\": {lw[3]:.2f}}}, LEAD_BIAS = {lw[4]:.2f}; held-out AUC ({FOLDS} "
          f"folds by page) "
          f"{auc(held_p, [bool(v) for v in held_y]):.3f}")
    if leads is not None:
        choose_least(leads)


if __name__ == "__main__":
    main()
