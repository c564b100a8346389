"""The ranking's weights fitted on real questions: coordinate search scored by hit@1 + hit@3, cross-validated by source page.

Usage: python bench/fit.py [PATH ...] [--folds K] [--passes N] [--start NAME=VALUE,...] [--only NAME,...] [--keep PATH] [--cr PATH]
                           [--cards PATH] [--json]

Reads the tuning part of the real question files (``bench/questions/real/``, as ``bench/real.py`` does; never the blind
part).  Each question is analysed once, as ``bench/ablate.py`` does; a setting of the weights is scored by ranking every
question and choosing its citations as an answer does, counting rule hits at 1 and at 3 twice: as the rule-level hit
(:func:`accuracy.first_hit`: a rule counts for its subrules, ``702.19`` for ``702.19b``) and on the exact rule
(:func:`accuracy.exact_hit`).  The rule-level count alone rewards citing a parent for the subrule that says it: stop 60's
refit on it alone (the spread to children off, lighter priors) rose 907 / 1,363 → 912 / 1,401 at hit@1 / hit@3 of the
answers while the exact rule fell 299 / 739 → 284 / 695 — 613.4 cited for 613.4b, 903.10 for 903.10a.

The weights searched are every weight of :data:`rulesgraph.rank.ranking.WEIGHTS` (the steps' own) and the base step's
kind weights (:data:`rulesgraph.rank.steps.base.KIND_WEIGHT`, ``UNNAMED_KEYWORD``, ``UNNAMED_VARIANT``, ``EXCERPT``) and text
relevance's :data:`~rulesgraph.build.relevance.COVERAGE` (how much covering the question's words counts against BM25),
rule 18's ``INCIDENTAL``, rule 23's ``RULING_FLOOR`` and ``TEXT_IDF``, rule 22's ``ORACLE_IDF``, rule 8's ``SEEDS`` and the
answer's diversity (:data:`rulesgraph.answer.compose.SAME_RULE`, ``IN_PASSING``).
Coordinate search: for each weight in turn, the values :data:`FACTORS` × its current value (and 0: the weight off) are
tried and the best kept when it gains on the questions fitted (hit@1 + hit@3 of both counts; a tie keeps the current value), for
``--passes`` passes.  Cross-validation: the source pages are split into ``--folds`` groups (every question of one page
in one group); for each group the search runs on the other groups' questions and is scored on that group's.  The
held-out hit@1 / hit@3 summed over the groups is what the fitted weights would score on questions they were not fitted
to, beside the current weights' score on the same questions; the weights printed last are fitted on every tuning
question.  Every setting is scored once on every question and remembered, so the folds share their work.  ``--only``
searches the named weights alone (a new step's weight, fitted without moving the others).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from _common import ROOT, card_options, rules_and_cards, table
from ablate import analysed, read_set, rules_cited
from accuracy import exact_hit, first_hit
from learn import CrossFit
from real import REAL, read_real

from rulesgraph.answer import compose
from rulesgraph.build import relevance
from rulesgraph.question.analyze import Analysis
from rulesgraph.rank.cardsteps import cards
from rulesgraph.rank.ranking import STEPS, WEIGHTS
from rulesgraph.rank.steps import base, named, spread

FACTORS = (0.5, 0.75, 1.33, 2.0, 0.0)
"""Multiples of a weight's current value tried in one coordinate step; 0 (the weight off) last, so a tie keeps it on."""


def tunables() -> dict[str, tuple[Callable[[], float], Callable[[float], None]]]:
    """``name → (read, write)`` of every weight searched."""
    out: dict[str, tuple[Callable[[], float], Callable[[float], None]]] = {}
    for key in WEIGHTS:
        out[key] = (lambda k=key: WEIGHTS[k], lambda v, k=key: WEIGHTS.__setitem__(k, v))
    for kind in base.KIND_WEIGHT:
        out[f"kind:{kind}"] = (lambda k=kind: base.KIND_WEIGHT[k], lambda v, k=kind: base.KIND_WEIGHT.__setitem__(k, v))
    for name in ("UNNAMED_KEYWORD", "UNNAMED_VARIANT", "EXCERPT"):
        out[f"base.{name}"] = (lambda n=name: getattr(base, n), lambda v, n=name: setattr(base, n, v))
    out["relevance.COVERAGE"] = (lambda: relevance.COVERAGE, lambda v: setattr(relevance, "COVERAGE", min(v, 1.0)))
    for module, name in ((named, "INCIDENTAL"), (cards, "RULING_FLOOR"), (cards, "TEXT_IDF"), (cards, "ORACLE_IDF"),
                         (compose, "SAME_RULE"), (compose, "IN_PASSING")):
        out[f"{module.__name__.rsplit('.', 1)[1]}.{name}"] = (lambda m=module, n=name: getattr(m, n),
                                                              lambda v, m=module, n=name: setattr(m, n, v))
    out["spread.SEEDS"] = (lambda: spread.SEEDS, lambda v: setattr(spread, "SEEDS", max(1, round(v))))
    return out


class Scorer:
    """Scores a setting of the weights on every question once (per-question hit ranks), remembered by setting; and
    whether a setting keeps every guarded question (``keep``, the keyword set) that the starting weights hit at 1."""

    def __init__(self, book, items: list[tuple[dict, Analysis]], keep: list[tuple[dict, Analysis]],  # type: ignore[no-untyped-def]
                 only: set[str] | None = None) -> None:
        self.book, self.items, self.keep = book, items, keep
        self.cross = CrossFit(book)
        self.knobs = {k: v for k, v in tunables().items() if only is None or k in only}
        self.seen: dict[tuple[float, ...], list[tuple[int | None, int | None]]] = {}
        self.kept: dict[tuple[float, ...], bool] = {}
        self.guarded = self._guard()

    def _guard(self) -> set[int]:
        return {j for j, (r, a) in enumerate(self.keep) if first_hit(r["expected_rules"], rules_cited(self.book, a, STEPS)) == 1}

    def keeps(self, setting: tuple[float, ...]) -> bool:
        if setting not in self.kept:
            self.apply(setting)
            self.kept[setting] = self.guarded <= self._guard()
        return self.kept[setting]

    def setting(self) -> tuple[float, ...]:
        return tuple(round(read(), 6) for read, _ in self.knobs.values())

    def apply(self, setting: tuple[float, ...]) -> None:
        for (_, write), v in zip(self.knobs.values(), setting, strict=True):
            write(v)

    def ranks(self, setting: tuple[float, ...]) -> list[int | None]:
        """Each question's rule-level hit rank (:func:`accuracy.first_hit`) under ``setting``."""
        return [lenient for lenient, _ in self._scored(setting)]

    def exact(self, setting: tuple[float, ...]) -> list[int | None]:
        """Each question's hit rank on the exact rule (:func:`accuracy.exact_hit`) under ``setting``."""
        return [exact for _, exact in self._scored(setting)]

    def _scored(self, setting: tuple[float, ...]) -> list[tuple[int | None, int | None]]:
        if setting not in self.seen:
            self.apply(setting)

            def cited(ra: tuple[dict, Analysis]) -> tuple[int | None, int | None]:
                rules, expected = rules_cited(self.book, ra[1], STEPS), ra[0]["expected_rules"]
                return first_hit(expected, rules), exact_hit(expected, rules)

            self.seen[setting] = self.cross.each(self.items, cited, row=lambda ra: ra[0])  # as if rules 68 and 69 had not read it
        return self.seen[setting]


def hits(ranks: list[int | None], which: list[int]) -> tuple[int, int]:
    return sum(ranks[j] == 1 for j in which), sum(ranks[j] is not None and ranks[j] <= 3 for j in which)


def both(scorer: Scorer, setting: tuple[float, ...], which: list[int]) -> tuple[int, int, int, int]:
    """Hits at 1 and at 3 on the questions ``which``, at the rule level, then on the exact rule."""
    return (*hits(scorer.ranks(setting), which), *hits(scorer.exact(setting), which))


def scored(scorer: Scorer, setting: tuple[float, ...], which: list[int]) -> int:
    """What the search maximises: hit@1 + hit@3 on the questions ``which``, counted at the rule level and on the exact rule."""
    return sum(both(scorer, setting, which))


def search(scorer: Scorer, start: tuple[float, ...], which: list[int], passes: int) -> tuple[float, ...]:
    """Coordinate search from ``start`` scored on the questions ``which`` (:func:`scored`)."""
    current = start
    best = scored(scorer, current, which)
    for _ in range(passes):
        moved = False
        for k in range(len(current)):
            for factor in FACTORS:
                value = round(current[k] * factor, 6) if current[k] else (0.5 if factor else 0.0)
                if value == current[k]:
                    continue
                trial = (*current[:k], value, *current[k + 1 :])
                got = scored(scorer, trial, which)
                if got > best and scorer.keeps(trial):
                    current, best, moved = trial, got, True
        if not moved:
            break
    return current


def fold_of(source: str, folds: int) -> int:
    return int(hashlib.sha1(source.encode()).hexdigest(), 16) // 3 % folds  # // 3: the blind split uses % 3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", type=Path, help="question files or folders (default bench/questions/real)")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--passes", type=int, default=2)
    ap.add_argument("--keep", type=Path, default=ROOT / "bench" / "questions" / "keywords.jsonl",
                    help="questions whose hits at 1 a fitted setting must keep (default the keyword set)")
    ap.add_argument("--start", default="", help="start from these values instead of the current weights: NAME=VALUE,NAME=VALUE")
    ap.add_argument("--only", default="", help="search these weights alone: NAME,NAME")
    card_options(ap)
    ap.add_argument("--json", action="store_true", help="print the figures and the fitted weights as one JSON object")
    args = ap.parse_args()
    started = time.perf_counter()
    cr, book, deck, cards_said, tmp = rules_and_cards(args)
    try:
        rows = [r for got in read_real(args.paths or [REAL], "tune").values() for r in got]
        items = [(r, a) for r in rows if (a := analysed(book, deck, r["question"])) is not None]
        keep = [(r, a) for r in read_set(args.keep)[args.keep.stem] if (a := analysed(book, deck, r["question"])) is not None]
        every = tunables()
        only = set(filter(None, args.only.split(","))) or None
        if only and (unknown := only - every.keys()):
            sys.exit(f"bench: no weight named {sorted(unknown)[0]!r}; the weights: {', '.join(every)}")
        for said in filter(None, args.start.split(",")):  # before the scorer: its keyword guard is of the starting weights
            name, _, value = said.partition("=")
            if name not in every:
                sys.exit(f"bench: no weight named {name!r}; the weights: {', '.join(every)}")
            every[name][1](float(value))
        scorer = Scorer(book, items, keep, only)
        names = list(scorer.knobs)
        start = scorer.setting()
        folds = [[j for j, (r, _) in enumerate(items) if fold_of(r["source"], args.folds) == f] for f in range(args.folds)]
        held = [0, 0, 0, 0]
        chosen: list[tuple[float, ...]] = []
        for test in folds:
            train = [j for j in range(len(items)) if j not in set(test)]
            fitted = search(scorer, start, train, args.passes)
            chosen.append(fitted)
            held = [a + b for a, b in zip(held, both(scorer, fitted, test), strict=True)]
        everything = list(range(len(items)))
        now = both(scorer, start, everything)
        final = search(scorer, start, everything, args.passes)
        fitted_all = both(scorer, final, everything)
        scorer.apply(start)
        n = len(items)
        pct = lambda x: f"{100 * x / n:.1f}%"
        changed = {name: (a, b, [f[k] for f in chosen if f[k] != a])
                   for k, (name, a, b) in enumerate(zip(names, start, final, strict=True))
                   if a != b or any(f[k] != a for f in chosen)}
        if args.json:
            print(json.dumps({"questions": n, "current": now, "held out": held, "fitted on all": fitted_all,
                              "changed": {k: v[:2] for k, v in changed.items()}, "folds": {k: v[2] for k, v in changed.items()},
                              "settings scored": len(scorer.seen)}))
            return
        print(f"{cr.name} + bundled seeds; {cards_said}; load average {os.getloadavg()[0]:.1f}, "
              f"{time.perf_counter() - started:.0f} s, {len(scorer.seen)} settings scored\n")
        print(f"real tuning questions ranked: {n}; {args.folds} folds by source page, {args.passes} passes\n")
        print(table([("current weights", *map(pct, now)),
                     (f"fitted, held out ({args.folds}-fold by page)", *map(pct, held)),
                     ("fitted on all (in sample)", *map(pct, fitted_all))],
                    ("weights", "hit@1", "hit@3", "exact rule @1", "exact rule @3")))
        print("\nweights the fit changes (on all tuning questions; in the folds, each fold's value where it changed it):\n")
        print(table([(k, f"{a:g}", f"{b:g}", ", ".join(f"{v:g}" for v in folded) or "—") for k, (a, b, folded) in changed.items()]
                    or [("—", "", "", "")], ("weight", "now", "fitted on all", f"folds changing it (of {args.folds})")))
    finally:
        if tmp is not None:
            tmp.cleanup()


if __name__ == "__main__":
    main()
