"""What a rule's record near the top would give the answers: the first rule citations re-ordered by how often each
rule, cited among the first SHOWN, was what the real tuning questions asked — measured cross-fitted, not in the product.

Usage: python bench/recordcv.py [--blind] [--cr PATH] [--cards PATH]

The confidence's ``record`` (``data/firsts.tsv``) reads how often a rule the ranking cites first settled the questions it
was first for; the ranking itself never reads it.  This measures one mechanism that would, for every question and rule:
each rule's *standing*, the log odds that a rule cited among an answer's first :data:`SHOWN` rule citations is an expected
one (smoothed towards the average as :data:`rulesgraph.answer.signals.RECORDED` does the record), and the answer's first
:data:`SHOWN` rule citations re-ordered by ``score / first score + weight × standing``.

Two passes over the tuning part of the real question files (a blind line is never read without ``--blind``), each
answered as ``bench/real.py`` answers it (cross-fitted: :class:`learn.CrossFit`): the first counts, by part
(:func:`learn.fold`), each rule's citations among the first :data:`SHOWN` and the expected ones; the second answers every
question again with its rules re-ordered by the standing counted on the *other* parts, for each weight of
:data:`WEIGHTS`.  Printed: rule-level and exact hit@1 / hit@3 and right-first answers for each weight, over all, over
Wizards' columns and over the other columns and forums; then the weight chosen on nine parts and scored on the tenth (the
held-out figure).  With ``--blind``, the blind part once, with the standing counted on every tuning answer and the weight
the tuning part chooses: run at the end of a stop only.  (One leak is left: a part's answers come from learned words
learned partly from the other parts' questions, whose standing they then count towards; a nested fit would need ninety
tables.)
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from collections.abc import Callable

from _common import card_options, rules_and_cards, table
from accuracy import exact_hit, first_hit
from learn import FOLDS, CrossFit, fold
from real import DEPTH, REAL, from_wizards, read_real, score_answer

import rulesgraph.answer.compose as compose
from rulesgraph.answer.compose import ask
from rulesgraph.answer.signals import RECORDED
from rulesgraph.parse.numbers import rule_of

SHOWN = 6
"""The first rule citations counted and re-ordered."""
WEIGHTS = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3)
"""The standing's weights tried (0: today's order)."""

Counts = dict[int, tuple[Counter, Counter]]
"""Part → (rule → citations among the first SHOWN, rule → of those, expected)."""


def standing(counts: Counter, right: Counter) -> Callable[[str], float]:
    """Rule → the log odds that a citation of it among the first SHOWN is expected, against the average citation's, smoothed
    as if :data:`RECORDED` more had gone as the average did; 0 without counts."""
    total, hit = sum(counts.values()), sum(right.values())
    if not 0 < hit < total:
        return lambda rule: 0.0
    average = hit / total
    base = math.log(average / (1 - average))

    def of(rule: str) -> float:
        p = (right[rule] + RECORDED * average) / (counts[rule] + RECORDED)
        return math.log(p / (1 - p)) - base

    return of


def reorder(nodes: list[str], scores: dict[str, float], weight: float, of: Callable[[str], float]) -> list[str]:
    """``nodes`` (citation ids in the ranking's order) with the CR rules among the first :data:`SHOWN` re-ordered among
    their places by score relative to the first plus ``weight`` × the standing of their rule; a glossary or FAQ entry
    keeps its place, and the rest are as they were."""
    if not weight or not nodes:
        return nodes
    first = scores.get(nodes[0]) or 1.0
    head = nodes[:SHOWN]
    places = [i for i, n in enumerate(head) if n[:1].isdigit()]
    ranked = sorted((head[i] for i in places), key=lambda n: -(scores.get(n, 0.0) / first + weight * of(rule_of(n))))
    for i, n in zip(places, ranked, strict=True):
        head[i] = n
    return head + nodes[SHOWN:]


def _patched(state: dict) -> tuple[Callable, Callable]:
    """Wrappers of ``compose._select`` (keeps the chosen citations' scores) and ``compose.no_variant_first`` (re-orders
    the answer's citations by ``state["weight"]`` and ``state["of"]`` before it and ``in_rule_order``'s order are
    applied, where a ranking step would)."""
    select, first = compose._select, compose.no_variant_first

    def selected(book, ranked, k, focus=1.0):  # type: ignore[no-untyped-def]
        chosen = select(book, ranked, k, focus)
        state["scores"] = {c.node: c.score for c in chosen}
        return chosen

    def ordered(g, a, nodes):  # type: ignore[no-untyped-def]
        return first(g, a, reorder(nodes, state["scores"], state["weight"], state["of"]))

    return selected, ordered


def answers(book, deck, rows: list[dict], cross: CrossFit | None, state: dict,  # type: ignore[no-untyped-def]
            part_of: Callable[[dict], Callable[[str], float]]) -> list[tuple[list[str], bool]]:
    """Each row's ``(rule ids cited in order, right first)``, answered with the standing ``part_of(row)`` (cross-fitted
    when ``cross`` is given)."""
    def one(r: dict) -> tuple[list[str], bool]:
        state["of"] = part_of(r)
        got = score_answer(r, ask(book, r["question"], k=DEPTH, deck=deck))
        return list(got.rules), bool(got.right_first)

    return cross.each(rows, one) if cross is not None else [one(r) for r in rows]


def count(rows: list[dict], cited: list[tuple[list[str], bool]]) -> Counts:
    """The first pass's counts by part."""
    out: Counts = {p: (Counter(), Counter()) for p in range(FOLDS)}
    for r, (rules, _) in zip(rows, cited, strict=True):
        shown, right = out[fold(r)]
        for c in rules[:SHOWN]:
            shown[rule_of(c)] += 1
            right[rule_of(c)] += first_hit(r["expected_rules"], [c]) == 1
    return out


def without(counts: Counts, part: int | None) -> Callable[[str], float]:
    """The standing counted on every part but ``part``."""
    shown, right = Counter(), Counter()
    for p, (s, k) in counts.items():
        if p != part:
            shown.update(s)
            right.update(k)
    return standing(shown, right)


def figures(rows: list[dict], got: list[tuple[list[str], bool]]) -> dict[str, tuple[int, ...]]:
    """Per group (all, Wizards', other): questions, rule-level hit@1, hit@3, exact hit@1, hit@3, right first."""
    out: dict[str, list[int]] = {}
    for r, (rules, right) in zip(rows, got, strict=True):
        at, exact = first_hit(r["expected_rules"], rules[:3]), exact_hit(r["expected_rules"], rules[:3])
        row = (1, at == 1, at is not None, exact == 1, exact is not None, right)
        for group in ("all", "Wizards'" if from_wizards(r) else "other"):
            out[group] = [a + b for a, b in zip(out.get(group, [0] * 6), row, strict=True)]
    return {g: tuple(v) for g, v in out.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    card_options(ap)
    ap.add_argument("--blind", action="store_true", help="score the blind part once (end of a stop)")
    args = ap.parse_args()
    tune = [r for rs in read_real([REAL], "tune").values() for r in rs]
    if not tune:
        sys.exit("bench: no tuning questions found")
    _, book, deck, said, tmp = rules_and_cards(args)
    state: dict = {"weight": 0.0, "of": lambda rule: 0.0, "scores": {}}
    plain = compose._select, compose.no_variant_first
    compose._select, compose.no_variant_first = _patched(state)
    try:
        cross = CrossFit(book)
        runs = {0.0: answers(book, deck, tune, cross, state, lambda r: state["of"])}  # today's order
        counts = count(tune, runs[0.0])
        held = {p: without(counts, p) for p in range(FOLDS)}
        for w in WEIGHTS[1:]:
            state["weight"] = w
            runs[w] = answers(book, deck, tune, cross, state, lambda r: held[fold(r)])
        blind = [r for rs in read_real([REAL], "blind").values() for r in rs] if args.blind else []
        chosen = _chosen(tune, runs)
        blind_runs = {}
        every = without(counts, None)
        for w in (0.0, chosen) if blind else ():
            state["weight"] = w
            blind_runs[w] = answers(book, deck, blind, None, state, lambda r: every)
    finally:
        compose._select, compose.no_variant_first = plain
        if tmp is not None:
            tmp.cleanup()
    print(f"{said}; {len(tune)} real tuning questions, the first {SHOWN} rule citations re-ordered by the standing of the "
          "other parts' answers\n")
    rows = []
    for w, got in runs.items():
        for group, (n, h1, h3, e1, e3, right) in figures(tune, got).items():
            rows.append((f"{w:g}", f"{group} ({n})", f"{h1} / {h3}", f"{e1} / {e3}", str(right)))
    print(table(rows, ("weight", "questions", "rule-level hit@1 / hit@3", "exact hit@1 / hit@3", "right first")))
    print(f"\nthe weight chosen on nine parts, scored on the tenth: {_held_out(tune, runs)}")
    if blind:
        print(f"\nblind part ({len(blind)}), weight {chosen:g} (chosen on the whole tuning part):")
        rows = [(f"{w:g}", f"{group} ({n})", f"{h1} / {h3}", f"{e1} / {e3}", str(right))
                for w, got in blind_runs.items() for group, (n, h1, h3, e1, e3, right) in figures(blind, got).items()]
        print(table(rows, ("weight", "questions", "rule-level hit@1 / hit@3", "exact hit@1 / hit@3", "right first")))


def _gain(got: list[tuple[list[str], bool]], rows: list[dict]) -> int:
    """What a weight is chosen by: rule-level hit@1 + hit@3 + right first over ``rows``."""
    f = figures(rows, got).get("all", (0,) * 6)
    return f[1] + f[2] + f[5]


def _chosen(rows: list[dict], runs: dict[float, list]) -> float:
    """The weight of ``runs`` with the most :func:`_gain` over ``rows``; of weights alike, the least."""
    return max(runs, key=lambda w: (_gain(runs[w], rows), -w))


def _held_out(rows: list[dict], runs: dict[float, list]) -> str:
    """Per part, the weight chosen on the other parts; the held-out totals beside today's order's."""
    picked, kept = [], [[], []]
    for p in range(FOLDS):
        train = [i for i, r in enumerate(rows) if fold(r) != p]
        test = [i for i, r in enumerate(rows) if fold(r) == p]
        w = _chosen([rows[i] for i in train], {v: [g[i] for i in train] for v, g in runs.items()})
        picked.append(w)
        kept[0] += [(rows[i], runs[w][i]) for i in test]
        kept[1] += [(rows[i], runs[0.0][i]) for i in test]
    (_, a1, a3, b1, b3, ra), (_, c1, c3, d1, d3, rc) = (figures([r for r, _ in k], [g for _, g in k])["all"] for k in kept)
    return (f"rule-level {c1} / {c3} → {a1} / {a3}, exact {d1} / {d3} → {b1} / {b3}, right first {rc} → {ra} "
            f"(weights chosen: {', '.join(f'{w:g}' for w in picked)})")


if __name__ == "__main__":
    main()
