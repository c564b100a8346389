"""When a ruling leads: the lead's thresholds and rule 23's fit chosen by cross-validation split by source page.

Usage: python bench/rulingcv.py [PATH ...] [--cr PATH] [--cards PATH] [--cost X]

Reads the tuning part of the real question files (as ``bench/real.py`` does; never the blind part).  For each setting of
rule 23's fit (:data:`rulesgraph.rank.cardsteps.cards.ASKED`, the weight of the asking sentence's words, and
:data:`~rulesgraph.rank.cardsteps.cards.RULING_LENGTH`) every question is ranked once and its competing rulings kept; each lead
rule (:data:`rulesgraph.answer.cardanswer.LEAD_SHARE`, the best ruling's least share, :data:`~rulesgraph.answer.cardanswer.AHEAD`,
how much better it must fit than the next, and :data:`~rulesgraph.answer.cardanswer.AGREES`, the least share of a ruling
restating the rules' first rule) is then scored on them: a *right* lead quotes the label's ruling, a *wrong* one
any other ruling (also where a rule settles the question).  Leave-one-source-out: for each source page, the setting
with most ``right - cost × wrong`` on the other pages (``--cost``, default 0.5) is scored on that page's questions.
Prints the held-out totals, how often each setting was chosen, and the figures of every setting on all questions.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from pathlib import Path

from _common import DEFAULT_CARDS, cr_path, table, with_cards
from real import REAL, read_real, same_ruling

from rulesgraph import SourceSpec, bundled_sources, load
from rulesgraph.answer.compose import MIN_SCORE
from rulesgraph.question.analyze import analyze
from rulesgraph.question.namedcards import with_cards as named
from rulesgraph.rank.cardsteps import cards
from rulesgraph.rank.ranking import rank

FITS = list(itertools.product((1.0, 2.0, 3.0), (0.25, 0.5)))
"""(ASKED, RULING_LENGTH) settings tried."""
LEADS = list(itertools.product((0.2, 0.25, 0.3, 1 / 3, 0.4, 0.5), (1.0, 1.1, 1.25, 1.5, 2.0), (None, 0.15, 0.2, 0.25, 0.3)))
"""(LEAD_SHARE, AHEAD, AGREES) settings tried (``None``: a ruling agreeing with the rules' first rule leads only as any other)."""

Ruled = list[tuple[float, float, bool, bool]]
"""A question's competing rulings, best first: (score, share, is the label's, restates the rules' first rule)."""


def outcome(ruled: Ruled, share: float, ahead: float, agrees: float | None = None) -> tuple[int, int]:
    """``(right, wrong)`` leads (0 or 1 each) of one question's rulings under one lead rule, as
    :func:`rulesgraph.answer.cardanswer.with_rulings` decides it."""
    fitting = [r for r in ruled if r[0] >= MIN_SCORE]
    if not fitting:
        return 0, 0
    score, held, label, first = fitting[0]
    runner = max((r[0] for r in ruled[1:]), default=0.0)
    if (held >= share and score >= ahead * runner) or (agrees is not None and first and held >= agrees and score >= runner):
        return (1, 0) if label else (0, 1)
    return 0, 0


def cross_validate(sources: list[str], got: dict[tuple, list[tuple[int, int]]], cost: float) -> tuple[Counter, Counter]:
    """Leave-one-source-out: ``got`` maps a setting to each question's (right, wrong); returns the held-out totals and
    how often each setting was chosen."""
    totals, chosen = Counter(), Counter()
    for held_out in sorted(set(sources)):
        def gain(setting: tuple, held_out: str = held_out) -> float:
            pairs = [p for p, s in zip(got[setting], sources, strict=True) if s != held_out]
            return sum(r for r, _ in pairs) - cost * sum(w for _, w in pairs)
        best = max(got, key=lambda s: (gain(s), s == next(iter(got))))
        chosen[best] += 1
        for (right, wrong), s in zip(got[best], sources, strict=True):
            if s == held_out:
                totals["right"] += right
                totals["wrong"] += wrong
    return totals, chosen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--cr")
    ap.add_argument("--cards", type=Path, default=DEFAULT_CARDS)
    ap.add_argument("--cost", type=float, default=0.5, help="what a wrong lead costs against a right one")
    args = ap.parse_args()
    rows = [r for rs in read_real(args.paths or [REAL], "tune").values() for r in rs]
    if not rows:
        sys.exit("bench: no tuning questions found")
    cr = cr_path(args.cr)
    book = load([*bundled_sources(), SourceSpec(str(cr), None, cr.name)])
    deck, said, tmp = with_cards(book, args.cards)
    was = cards.ASKED, cards.RULING_LENGTH
    got: dict[tuple, list[tuple[int, int]]] = {}
    try:
        for asked, length in FITS:
            cards.ASKED, cards.RULING_LENGTH = asked, length
            every: list[Ruled] = []
            for r in rows:
                a = named(analyze(r["question"], book.index), deck.named(r["question"], ()))
                label = r.get("ruling")
                ranked = rank(book.index, book.qg, a)
                place = ranked.position()
                every.append([(s, share, bool(label) and same_ruling(label, key, text), any(place.get(r) == 0 for r in links))
                              for s, key, _, text, share, links in ranked.rulings])
            for share, ahead, agrees in LEADS:
                got[(asked, length, share, ahead, agrees)] = [outcome(x, share, ahead, agrees) for x in every]
    finally:
        cards.ASKED, cards.RULING_LENGTH = was
        if tmp is not None:
            tmp.cleanup()
    sources = [r.get("source", "") for r in rows]
    totals, chosen = cross_validate(sources, got, args.cost)
    ruled = sum(1 for r in rows if r.get("ruling"))
    print(f"{said}; {len(rows)} tuning questions from {len(set(sources))} source pages, {ruled} settled by a ruling; "
          f"a wrong lead costs {args.cost}\n")
    print(f"held out (leave one source page out): the label's ruling leads {totals['right']} of {ruled}, "
          f"another ruling leads {totals['wrong']} of {len(rows)}\n")
    print(table([(f"{a:g}", f"{n:g}", f"{s:.2f}", f"{m:g}", str(g), str(c)) for (a, n, s, m, g), c in chosen.most_common(5)],
                ("ASKED", "RULING_LENGTH", "LEAD_SHARE", "AHEAD", "AGREES", "folds choosing it")))
    print()
    best = sorted(got, key=lambda s: -(sum(r for r, _ in got[s]) - args.cost * sum(w for _, w in got[s])))[:10]
    print(table([(f"{s[0]:g}", f"{s[1]:g}", f"{s[2]:.2f}", f"{s[3]:g}", str(s[4]), str(sum(r for r, _ in got[s])),
                  str(sum(w for _, w in got[s]))) for s in best],
                ("ASKED", "RULING_LENGTH", "LEAD_SHARE", "AHEAD", "AGREES", "right leads (all)", "wrong leads (all)")))


if __name__ == "__main__":
    main()
