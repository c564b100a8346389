"""Calibrate answer confidence: fit the logistic model of rulesgraph/confidence.py on the tuning question sets and
print the constants to paste there, then how well it is calibrated on every set (the blind ones only reported).

Usage: python bench/calibrate.py [--cr PATH] [--write]

Card data must be installed (``rulesgraph update cards``): answers are given through the cards, as users get them.

An answer counts as right when one of its first three citations holds an expected rule (rule level, as
bench/accuracy.py counts hit@3).  The model is fitted on CALIBRATION (plain logistic regression by gradient descent
on standardised signals, a little L2) over the FITTED signals; ``agree`` caps it.  CALIBRATION is the sets the
ranking is tuned on (TUNING) and the older test sets, which the ranking was never tuned on but which have been scored
at many stops' ends (SEEN): a model fitted only on the sets the ranking was tuned on overrates itself on new
questions, since the ranking does better on them (stop 23: held out, those sets' "high" answers were right 83.5% of
the time, the blind sets' 63% to 84%).  HIGH is chosen by leave-one-set-out cross-validation, so that it holds on
questions the model was not fitted on: each calibration set is scored by a model fitted on the others; DISAGREE, the
cap of an answer the words alone disagree with, is how often such held-out answers the model gave at least LOW were
right; and HIGH is the least confidence above DISAGREE (an answer held to the cap is never "high") from which, on the
capped held-out scores, "high" answers of the dev set are right at least 85% of the time, those of the other
calibration sets, pooled, at least 79% (70% asked, with a margin: sets vary by several points; 78%, then 77%, when
79% would show fewer than a quarter of them as high) and those of each at least 70%, at that confidence and the next
two steps up (the held-out curve is flat and noisy: a single lucky step does not count).  The second table is those
held-out scores, set by set: what to expect of a set nobody tuned on.  The blind sets (REPORTED, written after the
others and scored only at the end of a stop) are never fitted on: the first table reports them.  A third table,
with card data installed, scores the same model without it.  ``--write`` rewrites MODEL, SCALE, DISAGREE and HIGH in
rulesgraph/confidence.py.
"""

from __future__ import annotations

import argparse
import math
import re
import sys

from _common import ROOT, cr_path, table
from accuracy import first_hit, read

from rulesgraph import SourceSpec, bundled_sources, load
from rulesgraph.answer import ask
from rulesgraph.confidence import FITTED, LOW, SIGNALS, standard, vagueness
from rulesgraph.namedcards import open_deck

QUESTIONS = ROOT / "bench" / "questions"
TUNING = ("dev", "forum", "forum_holdout", "forum_holdout2", "long", "cards")
"""Sets the ranking is tuned on, read question by question (forum_holdout since two stops; forum_holdout2 since the
confidence signals were chosen by cross-validation over these sets)."""
SEEN = ("holdout", "forum_holdout3", "forum_holdout4", "forum_holdout5", "forum_holdout6", "forum_holdout7", "forum_holdout8",
        "forum_holdout9", "forum_holdout10", "forum_holdout11", "forum_holdout12", "forum_holdout13", "forum_holdout14",
        "cards_holdout", "cards_holdout2")
"""Test sets the ranking was never tuned on (nobody working on it reads them), scored at the end of many stops: no
longer blind, so the confidence is fitted on them as well."""
CALIBRATION = (*TUNING, *SEEN)
"""Sets the confidence model and HIGH are fitted on."""
REPORTED = ("forum_holdout15", "forum_holdout16")
"""Blind sets, each scored once or twice, at the end of a stop: only reported."""
DEV_HIGH, OTHER_HIGH = 0.85, 0.70
MARGINS = (0.09, 0.08, 0.07)
"""HIGH is chosen so that the pooled non-dev tuning sets, held out, are right this much above the target: the first
of these margins at which "high" is still shown on at least SHOWN of their answers."""
SHOWN = 0.25
"""The least share of the pooled non-dev held-out answers "high" must be shown on to be of use (a "high" shown on a
tenth of the answers is right more often, but seldom there)."""
STEPS_HELD = 3
"""The held-out rates must hold at this many consecutive steps (0.01 apart) from HIGH up."""


def collect(book, name: str) -> tuple[list[tuple[float, ...]], list[bool]]:  # type: ignore[no-untyped-def]
    xs, ys = [], []
    for row in read(QUESTIONS / f"{name}.jsonl"):
        answer = ask(book, row["question"], k=5)
        if not answer.signals:
            continue
        xs.append(answer.signals)
        ys.append((first_hit(row["expected_rules"], [c.id for c in answer.citations]) or 99) <= 3)
    return xs, ys


def fit(xs: list[tuple[float, ...]], ys: list[bool], steps: int = 3000, rate: float = 0.5, l2: float = 0.01):  # type: ignore[no-untyped-def]
    """Plain logistic regression by full-batch gradient descent on standardised signals, a little L2 (numpy: the
    leave-one-set-out fits over the calibration sets' ~1,600 answers would take minutes each in pure Python)."""
    import numpy as np

    x = np.array([row[: len(FITTED)] for row in xs], dtype=float)  # the signals the logistic model weighs; ``agree`` caps it
    y = np.array(ys, dtype=float)
    mean, sd = x.mean(axis=0), x.std(axis=0)
    sd[sd == 0] = 1.0
    z = (x - mean) / sd
    w, b = np.zeros(z.shape[1]), 0.0
    for _ in range(steps):
        err = (1 / (1 + np.exp(-(b + z @ w))) - y) / len(y)
        w = w - rate * (l2 * w + z.T @ err)
        b -= rate * float(err.sum())
    return b, [float(v) for v in w], [(float(m), float(s)) for m, s in zip(mean, sd, strict=True)]


def held_out(data: dict[str, tuple[list[tuple[float, ...]], list[bool]]], cap: float = 1.0) -> dict[str, list[float]]:
    """Each tuning set's probabilities from the model fitted on the other tuning sets (disagreeing answers held to
    ``cap``)."""
    out = {}
    for name in CALIBRATION:
        others = [n for n in CALIBRATION if n != name]
        model = fit([x for n in others for x in data[n][0]], [y for n in others for y in data[n][1]])
        out[name] = [prob(model, x, cap) for x in data[name][0]]
    return out


def choose_cap(held: dict[str, list[float]], data: dict[str, tuple[list[tuple[float, ...]], list[bool]]]) -> float:
    """DISAGREE: how often the held-out answers whose first three citations miss the rule the words alone rank first
    were right, of those the model gave at least LOW (what such an answer can honestly be given)."""
    agree = SIGNALS.index("agree")
    hits = [y for name in CALIBRATION for p, x, y in zip(held[name], *data[name], strict=True) if x[agree] < 0.5 and p >= LOW]
    return round(sum(hits) / len(hits), 2) if hits else 1.0


def choose_high(held: dict[str, list[float]], ys: dict[str, list[bool]], cap: float) -> float:
    """The least confidence above ``cap`` (DISAGREE) from which held-out "high" answers are right often enough (see the
    module docstring): an answer held to the cap is never "high", as rulesgraph/confidence.py says and its tests state."""
    def right(names: list[str], high: float) -> float:
        hi = [y for name in names for p, y in zip(held[name], ys[name], strict=True) if p >= high]
        return sum(hi) / len(hi) if hi else 1.0

    others = [n for n in CALIBRATION if n != "dev"]
    pooled = sum(len(held[n]) for n in others)
    high = 0.99
    for margin in MARGINS:
        ok = [right(["dev"], t / 100) >= DEV_HIGH and right(others, t / 100) >= OTHER_HIGH + margin
              and all(right([n], t / 100) >= OTHER_HIGH for n in others) for t in range(100)]
        least = max(50, round(cap * 100) + 1)
        high = next((t / 100 for t in range(least, 100) if all(ok[t : t + STEPS_HELD])), 0.99)
        if sum(p >= high for n in others for p in held[n]) >= SHOWN * pooled:
            break
    return high


def prob(model, x: tuple[float, ...], cap: float = 1.0) -> float:  # type: ignore[no-untyped-def]
    b, w, scale = model  # as rulesgraph.confidence.probability computes it
    p = 1 / (1 + math.exp(-(b + sum(wi * standard(v, m, s) for wi, v, (m, s) in zip(w, x[: len(FITTED)], scale, strict=True)))))
    return vagueness(x) * min(1.0 if x[SIGNALS.index("agree")] >= 0.5 else cap, p)


def row(name: str, ps: list[float], ys: list[bool], high: float) -> tuple[str, ...]:
    hi = [y for p, y in zip(ps, ys, strict=True) if p >= high]
    lo = [y for p, y in zip(ps, ys, strict=True) if p < LOW]
    pct = lambda xs: f"{sum(xs) / len(xs):.1%}" if xs else "—"
    return (f"{name} ({len(ys)})", f"{len(hi) / len(ys):.0%}", pct(hi), f"{len(lo) / len(ys):.0%}", pct(lo), f"{sum(ys) / len(ys):.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cr", help="Comprehensive Rules file (default: the 2026-06-19 CR in ../shared)")
    parser.add_argument("--write", action="store_true", help="rewrite the constants in rulesgraph/confidence.py")
    args = parser.parse_args()
    cr = cr_path(args.cr)
    book = load([*bundled_sources(), SourceSpec(str(cr), None, cr.name)])
    book.deck, notices = open_deck(book)  # calibrated as users run it: with the installed cards, when there are any
    for notice in notices:
        print(f"bench: {notice}")
    if book.deck is None:
        sys.exit("bench: no card data installed: the confidence is calibrated with it, as users get answers "
                 "(rulesgraph update cards --file AtomicCards.json.xz)")
    data = {name: collect(book, name) for name in (*CALIBRATION, *REPORTED)}
    model = fit([x for name in CALIBRATION for x in data[name][0]], [y for name in CALIBRATION for y in data[name][1]])
    cap = choose_cap(held_out(data), data)
    probs = {name: [prob(model, x, cap) for x in data[name][0]] for name in data}
    held = held_out(data, cap)
    high = choose_high(held, {name: data[name][1] for name in CALIBRATION}, cap)
    b, w, scale = model
    constants = (f"MODEL = ({b:.4f}, ({', '.join(f'{v:.4f}' for v in w)}))  # written by bench/calibrate.py\n"
                 f"SCALE: tuple[tuple[float, float], ...] = ({', '.join(f'({m:.4f}, {s:.4f})' for m, s in scale)})  # noqa: E501\n"
                 f"DISAGREE = {cap:.2f}  # written by bench/calibrate.py\n"
                 f"HIGH = {high:.2f}")
    cards = f" + cards ({book.deck.store.info.version})" if book.deck else ", no card data"
    answers = sum(len(data[n][1]) for n in CALIBRATION)
    print(f"{cr.name} + bundled seeds{cards}; fitted on {', '.join(CALIBRATION)} ({answers} answers); signals {', '.join(SIGNALS)}\n")
    print(constants + "\n")
    rows = [row(name, probs[name], data[name][1], high) for name in data]
    header = ("set", f"shown high (≥ {high:.2f})", "hit@3 when high", f"shown low (< {LOW})", "hit@3 when low", "hit@3 all")
    print(table(rows, header))
    print(f"\nleft out: each calibration set scored by the model fitted on the other {len(CALIBRATION) - 1} (HIGH chosen on these)\n")
    print(table([row(name, held[name], data[name][1], high) for name in CALIBRATION], header))
    others = [(p, y) for name in CALIBRATION if name != "dev" for p, y in zip(held[name], data[name][1], strict=True)]
    hi = [y for p, y in others if p >= high]
    print(f"\nleft out, the {len(CALIBRATION) - 1} sets other than dev pooled: {len(hi) / len(others):.0%} shown high, "
          f"{sum(hi) / len(hi) if hi else 0:.1%} of them right")
    print(f"\ntargets: 'high' right ≥ {DEV_HIGH:.0%} on dev, ≥ {OTHER_HIGH:.0%} on the blind forum sets "
          f"({', '.join(n for n in REPORTED if n.startswith('forum'))})")
    book.deck = None  # the same model where no card data is installed: no card is recognised
    bare = {name: collect(book, name) for name in data}
    print("\nwithout card data (the same model and HIGH; the cards signal is then unknown, counted as its average)\n")
    print(table([row(name, [prob(model, x, cap) for x in bare[name][0]], bare[name][1], high) for name in bare], header))
    if args.write:
        path = ROOT / "rulesgraph" / "confidence.py"
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"^MODEL = .*$", constants.splitlines()[0], text, flags=re.M)
        text = re.sub(r"^SCALE: .*$", constants.splitlines()[1], text, flags=re.M)
        text = re.sub(r"^DISAGREE = .*$", constants.splitlines()[2], text, flags=re.M)
        text = re.sub(r"^HIGH = .*$", constants.splitlines()[3], text, flags=re.M)
        path.write_text(text, encoding="utf-8")
        print(f"\nwrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
