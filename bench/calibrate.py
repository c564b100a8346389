"""Calibrate answer confidence: fit the logistic model of rulesgraph/confidence.py on the tuning question sets and
print the constants to paste there, then how well it is calibrated on every set (the blind ones only reported).

Usage: python bench/calibrate.py [--cr PATH] [--write]

With card data installed (``rulesgraph update cards``), answers are given through the cards, as users get them.

An answer counts as right when one of its first three citations holds an expected rule (rule level, as
bench/accuracy.py counts hit@3).  The model is fitted on TUNING (plain logistic regression by gradient descent
on standardised signals, a little L2); HIGH is the least confidence at which "high" answers of the dev set are
right at least 85% of the time and those of the other tuning sets, pooled, at least 75% (70%, with a margin).
``--write`` rewrites MODEL, SCALE and HIGH in rulesgraph/confidence.py.
"""

from __future__ import annotations

import argparse
import math
import re
import statistics

from _common import ROOT, cr_path, table
from accuracy import first_hit, read

from rulesgraph import SourceSpec, bundled_sources, load
from rulesgraph.answer import ask
from rulesgraph.confidence import LOW, SIGNALS
from rulesgraph.namedcards import open_deck

QUESTIONS = ROOT / "bench" / "questions"
TUNING = ("dev", "forum", "forum_holdout", "long", "cards")
"""Sets the model is fitted on: the tuning sets and those already read (forum_holdout since two stops)."""
REPORTED = ("holdout", "forum_holdout2", "forum_holdout3", "forum_holdout4", "cards_holdout", "cards_holdout2")
"""Blind sets: only reported."""
DEV_HIGH, OTHER_HIGH = 0.85, 0.70
MARGIN = 0.05
"""HIGH is chosen so that the pooled non-dev tuning sets are right this much above the target (blind sets vary)."""


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
    n, k = len(xs), len(xs[0])
    scale = [(statistics.fmean(c), statistics.pstdev(c) or 1.0) for c in zip(*xs, strict=True)]
    z = [[(v - m) / s for v, (m, s) in zip(x, scale, strict=True)] for x in xs]
    w, b = [0.0] * k, 0.0
    for _ in range(steps):
        grad, gb = [l2 * wi for wi in w], 0.0
        for x, y in zip(z, ys, strict=True):
            p = 1 / (1 + math.exp(-(b + sum(wi * xi for wi, xi in zip(w, x, strict=True)))))
            err = (p - y) / n
            gb += err
            for i in range(k):
                grad[i] += err * x[i]
        w = [wi - rate * g for wi, g in zip(w, grad, strict=True)]
        b -= rate * gb
    return b, w, scale


def prob(model, x: tuple[float, ...]) -> float:  # type: ignore[no-untyped-def]
    b, w, scale = model
    return 1 / (1 + math.exp(-(b + sum(wi * (v - m) / s for wi, v, (m, s) in zip(w, x, scale, strict=True)))))


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
    data = {name: collect(book, name) for name in (*TUNING, *REPORTED)}
    xs = [x for name in TUNING for x in data[name][0]]
    ys = [y for name in TUNING for y in data[name][1]]
    model = fit(xs, ys)
    probs = {name: [prob(model, x) for x in data[name][0]] for name in data}

    def right(names: tuple[str, ...], high: float) -> float:
        hi = [y for name in names for p, y in zip(probs[name], data[name][1], strict=True) if p >= high]
        return sum(hi) / len(hi) if hi else 1.0

    def ok(high: float) -> bool:  # dev on its own; the other tuning sets pooled (a few answers each are noise)
        return right(("dev",), high) >= DEV_HIGH and right(tuple(n for n in TUNING if n != "dev"), high) >= OTHER_HIGH + MARGIN

    high = next((t / 100 for t in range(50, 100) if ok(t / 100)), 0.99)
    b, w, scale = model
    constants = (f"MODEL = ({b:.4f}, ({', '.join(f'{v:.4f}' for v in w)}))  # noqa: E501 -- written by bench/calibrate.py\n"
                 f"SCALE: tuple[tuple[float, float], ...] = ({', '.join(f'({m:.4f}, {s:.4f})' for m, s in scale)})  # noqa: E501\n"
                 f"HIGH = {high:.2f}")
    cards = f" + cards ({book.deck.store.info.version})" if book.deck else ", no card data"
    print(f"{cr.name} + bundled seeds{cards}; fitted on {', '.join(TUNING)} ({len(ys)} answers); signals {', '.join(SIGNALS)}\n")
    print(constants + "\n")
    rows = [row(name, probs[name], data[name][1], high) for name in data]
    print(table(rows, ("set", f"shown high (≥ {high:.2f})", "hit@3 when high", f"shown low (< {LOW})", "hit@3 when low", "hit@3 all")))
    print(f"\ntargets: 'high' right ≥ {DEV_HIGH:.0%} on dev, ≥ {OTHER_HIGH:.0%} on the blind forum sets "
          f"({', '.join(n for n in REPORTED if n.startswith('forum'))})")
    if args.write:
        path = ROOT / "rulesgraph" / "confidence.py"
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"^MODEL = .*$", constants.splitlines()[0], text, flags=re.M)
        text = re.sub(r"^SCALE: .*$", constants.splitlines()[1], text, flags=re.M)
        text = re.sub(r"^HIGH = .*$", constants.splitlines()[2], text, flags=re.M)
        path.write_text(text, encoding="utf-8")
        print(f"\nwrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
