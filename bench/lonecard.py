"""The answer to a card's name alone: do the rules it cites hold the rules real questions about that card rest on?

Usage: python bench/lonecard.py [--blind] [--cards PATH] [--cr PATH]

``rulesgraph ask NAME`` (or ``how does NAME work?``) answers with the card: its Oracle text, its rulings, then the rules
it runs on (:mod:`rulesgraph.answer.lonename`).  What should those rules be?  The real questions
(``bench/questions/real``) say: each names its cards (``cards``) and is labelled with the rules that settle it
(``expected_rules``).  So, for every card a real question names, this asks the card's name alone (``k`` = 5, with the
card data) and counts whether its rules hold one of that question's rules (at the rule level, as ``bench/real.py``
counts: :func:`accuracy.first_hit`, ``702.19`` for ``702.19b``), and whether the first of them does — the rules a
player who looked the card up first would be shown.  The tuning part is answered cross-fitted (:class:`learn.CrossFit`:
the learned tables without the question's page); ``--blind`` scores the blind part (once, at the end of a stop).  Each
figure is out of the mentions whose name alone is answered as that card (a name several cards share offers them
instead).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from _common import card_options, rules_and_cards, table
from accuracy import first_hit
from learn import CrossFit
from real import REAL, read_real

from rulesgraph.answer.compose import ask

K = 5
"""The rules the card's answer cites (its rulings besides), as ``ask``'s default."""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--blind", action="store_true", help="score the blind part (once, at the end of a stop) instead of the tuning part")
    card_options(ap)
    args = ap.parse_args()
    part = "blind" if args.blind else "tune"
    rows = [r for rows in read_real([REAL], part).values() for r in rows if r.get("cards")]
    cr, book, deck, cards_said, tmp = rules_and_cards(args)
    try:
        items = [(r, card) for r in rows for card in r["cards"]]
        cross = CrossFit(book)
        def answer(item: tuple[dict, str]) -> list[str] | None:
            a = ask(book, item[1], k=K, deck=deck)
            if not any("only the name of card" in w for w in a.why):
                return None  # a name several cards share, or none the card data knows
            return [c.id for c in a.citations if c.kind in ("rule", "subrule", "section")]
        got = cross.each(items, answer, row=lambda item: item[0]) if part == "tune" else [answer(i) for i in items]
        counts: Counter[str] = Counter()
        for (r, _), rules in zip(items, got, strict=True):
            if rules is None:
                continue
            at = first_hit(r["expected_rules"], rules)
            counts["mentions"] += 1
            counts["among"] += at is not None
            counts["first"] += at == 1
        n = counts["mentions"] or 1
        print(f"{cr.name} + bundled seeds; {cards_said}\n")
        print(table([(part, f"{counts['mentions']} of {len(items)}", f"{counts['among']} ({counts['among'] / n:.1%})",
                      f"{counts['first']} ({counts['first'] / n:.1%})")],
                    ("part", "card mentions answered as the card", f"a settling rule among its {K} rules", "its first rule settles")))
    finally:
        if tmp is not None:
            tmp.cleanup()


if __name__ == "__main__":
    sys.exit(main())
