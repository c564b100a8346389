"""Write the first rules' record (``data/firsts.tsv``): for every rule the ranking gives the real tuning questions as their
first rule, how many of them it settled, by part of the questions — what the confidence's ``record`` signal reads
(:func:`rulesgraph.answer.signals.record`); and the rules' standing (``data/standing.tsv``): for every rule, how many
times the answers cited it (or a subrule of it) among their first :data:`~rulesgraph.rank.steps.learned.SHOWN` rules
and how many of those were expected — what the ranking's ``standing`` step reads
(:func:`rulesgraph.rank.steps.learned.standing`), counted on answers ranked without that step (so what it reads does not
feed on itself).

Usage: python bench/firsts.py [--cr PATH] [--cards PATH] [--check]

Every real tuning question (``bench/questions/real/``, the tuning part; a blind line is never read) is answered as
``bench/real.py`` answers it, cross-fitted (``learn.CrossFit``); its rules' first citation (before a ruling leads) is
counted for that rule, and as settling when it is an expected rule (``accuracy.first_hit``: the rule, a subrule of it
or its rule).  Counted by part
(``learn.fold``: a source page's questions in one part), so a benchmark answering a part's questions reads the record of
the other parts only (``learn.CrossFit``), as a question the record never saw.  The record depends on the ranking:
after a change to it, run this, then ``bench/calibrate.py --write``.  ``--check`` writes nothing and says whether the
files are as this run would write them.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from _common import ROOT, card_options, rules_and_cards
from accuracy import first_hit
from learn import FOLDS, fold, rule_order
from real import REAL, read_real
from rulingcv import weighed

import rulesgraph.rank.ranking as ranking
from rulesgraph.build.index import named_rule
from rulesgraph.parse.firsts import PARTS
from rulesgraph.parse.numbers import rule_of
from rulesgraph.rank.steps.learned import SHOWN

assert FOLDS == PARTS, "the record's parts are the cross-fit's folds"

FILE = ROOT / "data" / "firsts.tsv"
STANDING = ROOT / "data" / "standing.tsv"


def record(book, deck, rows: list[dict]) -> tuple[Counter, Counter, int]:  # type: ignore[no-untyped-def]
    """``(rule, part)`` → answers it was the first rule of, ``(rule, part)`` → those it settled, and the answers read."""
    first: Counter = Counter()
    settled: Counter = Counter()
    n = 0
    for r, got in zip(rows, weighed(book, deck, rows), strict=True):
        rules = [c for c in got[3] if not c.startswith("ruling:")] if got else []
        if not rules:
            continue
        n += 1
        key = (rules[0], fold(r))
        first[key] += 1
        settled[key] += first_hit(r["expected_rules"], rules[:1]) == 1
    return first, settled, n


def standing(book, deck, rows: list[dict]) -> tuple[Counter, Counter, int]:  # type: ignore[no-untyped-def]
    """``(rule, part)`` → its citations among the answers' first SHOWN rules, ``(rule, part)`` → those expected, and the
    answers read; the answers ranked without the ``standing`` step, each cross-fitted (one leak is left: a part's
    answers come from learned words learned partly from the other parts' questions, whose standing they count towards;
    a nested fit would need ninety tables)."""
    cited: Counter = Counter()
    right: Counter = Counter()
    n = 0
    weight = ranking.WEIGHTS["standing"]
    ranking.WEIGHTS["standing"] = 0.0
    try:
        answered = weighed(book, deck, rows)
    finally:
        ranking.WEIGHTS["standing"] = weight
    for r, got in zip(rows, answered, strict=True):
        rules = [c for c in got[3] if c[:1].isdigit()] if got else []
        n += bool(rules)
        for c in rules[:SHOWN]:
            key = (rule_of(c), fold(r))
            cited[key] += 1
            right[key] += first_hit(r["expected_rules"], [c]) == 1
    return cited, right, n


HEADERS = {
    "firsts": ["# rulesgraph: how often the ranking's first rule settled the real tuning questions it was first for (the",
               "# confidence's `record`, rulesgraph/answer/signals.py).",
               "# Made by bench/firsts.py from {n} real tuning answers; do not edit by hand.",
               "# rule<TAB>the name of its rule<TAB>part<TAB>answers it was first in<TAB>of those, settled"],
    "standing": ["# rulesgraph: how often a rule cited among the first rules of the real tuning answers (ranked without the",
                 "# `standing` step) was an expected one (the ranking's `standing`, rulesgraph/rank/steps/learned.py).",
                 "# Made by bench/firsts.py from {n} real tuning answers; do not edit by hand.",
                 "# rule<TAB>the name of its rule<TAB>part<TAB>times cited among the first rules<TAB>of those, expected"],
}


def written(book, first: Counter, settled: Counter, n: int, kind: str = "firsts") -> str:  # type: ignore[no-untyped-def]
    """The file's text: a header, then one line per rule and part, rules in the CR's order."""
    lines = [line.format(n=n) for line in HEADERS[kind]]
    named = {rule: name for rule, _ in first if (name := named_rule(book.graph, rule)) is not None}  # CR rules only
    for rule, part in sorted((k for k in first if k[0] in named), key=lambda k: (rule_order(k[0]), k[1])):
        lines.append(f"{rule}\t{named[rule]}\t{part}\t{first[rule, part]}\t{settled[rule, part]}")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    card_options(ap)
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if the file differs from this run's")
    args = ap.parse_args()
    rows = [r for rs in read_real([REAL], "tune").values() for r in rs]
    if not rows:
        sys.exit("bench: no tuning questions found")
    _, book, deck, said, tmp = rules_and_cards(args)
    try:
        cited, right, m = standing(book, deck, rows)
        standing_text = written(book, cited, right, m, "standing")
        if not args.check:  # the record is of the ranking with this standing: each part's answers read it (CrossFit)
            STANDING.write_text(standing_text, encoding="utf-8")
        first, settled, n = record(book, deck, rows)
    finally:
        if tmp is not None:
            tmp.cleanup()
    texts = {FILE: written(book, first, settled, n), STANDING: standing_text}
    rules = {rule for rule, _ in first}
    print(f"{said}; {n} real tuning answers: {len(rules)} rules first, {sum(settled.values())} answers settled by their "
          f"first rule ({sum(settled.values()) / max(n, 1):.1%}); {len({r for r, _ in cited})} rules among the first "
          f"{SHOWN}, {sum(right.values())} of {sum(cited.values())} citations expected")
    if args.check:
        same = all(path.is_file() and path.read_text(encoding="utf-8") == text for path, text in texts.items())
        print(f"{FILE.relative_to(ROOT)} and {STANDING.relative_to(ROOT)} {'are' if same else 'are not'} as this run "
              "writes them")
        sys.exit(0 if same else 1)
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
