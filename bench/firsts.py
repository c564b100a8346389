"""Write the first rules' record (``data/firsts.tsv``): for every rule the ranking gives the real tuning questions as their
first rule, how many of them it settled, by part of the questions — what the confidence's ``record`` signal reads
(:func:`rulesgraph.answer.signals.record`).

Usage: python bench/firsts.py [--cr PATH] [--cards PATH] [--check]

Every real tuning question (``bench/questions/real/``, the tuning part; a blind line is never read) is answered as
``bench/real.py`` answers it, cross-fitted (``learn.CrossFit``); its rules' first citation (before a ruling leads) is
counted for that rule, and as settling when it is an expected rule (``accuracy.first_hit``: the rule, a subrule of it
or its rule).  Counted by part
(``learn.fold``: a source page's questions in one part), so a benchmark answering a part's questions reads the record of
the other parts only (``learn.CrossFit``), as a question the record never saw.  The record depends on the ranking:
after a change to it, run this, then ``bench/calibrate.py --write``.  ``--check`` writes nothing and says whether the
file is as this run would write it.
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

from rulesgraph.build.index import named_rule
from rulesgraph.parse.firsts import PARTS

assert FOLDS == PARTS, "the record's parts are the cross-fit's folds"

FILE = ROOT / "data" / "firsts.tsv"


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


def written(book, first: Counter, settled: Counter, n: int) -> str:  # type: ignore[no-untyped-def]
    """The file's text: a header, then one line per rule and part, rules in the CR's order."""
    lines = ["# rulesgraph: how often the ranking's first rule settled the real tuning questions it was first for (the",
             "# confidence's `record`, rulesgraph/answer/signals.py).",
             f"# Made by bench/firsts.py from {n} real tuning answers; do not edit by hand.",
             "# rule<TAB>the name of its rule<TAB>part<TAB>answers it was first in<TAB>of those, settled"]
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
        first, settled, n = record(book, deck, rows)
    finally:
        if tmp is not None:
            tmp.cleanup()
    text = written(book, first, settled, n)
    rules = {rule for rule, _ in first}
    print(f"{said}; {n} real tuning answers: {len(rules)} rules first, {sum(settled.values())} answers settled by their "
          f"first rule ({sum(settled.values()) / max(n, 1):.1%})")
    if args.check:
        same = FILE.is_file() and FILE.read_text(encoding="utf-8") == text
        print(f"{FILE.relative_to(ROOT)} {'is' if same else 'is not'} as this run writes it")
        sys.exit(0 if same else 1)
    FILE.write_text(text, encoding="utf-8")
    print(f"wrote {FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
