"""Alias ablation: what each phrase of the alias table (``data/aliases.toml``) earns on real questions — the change in
rule-level hit@1 and hit@3 when that one phrase is no longer read, on every real tuning question it is said in.

Usage: python bench/aliases.py [SET ...] [--whole] [--means] [--only PHRASES] [--cr PATH] [--cards PATH] [--json] [--all]

The alias table is hand-written players' words; a phrase that real questions say in another sense ("would die" asked
of a creature that may die, not of a replacement effect) sends them to the wrong rules.  This measures each phrase the
way ``bench/ablate.py`` measures a ranking step: every real tuning question (default: ``bench/questions/real/``, the
tuning part only; a blind part is never read) is analysed as ``ask`` analyses it, and for every alias phrase read in
it, analysed and ranked again with that phrase unread (:func:`unread`), cross-fitted (:class:`learn.CrossFit`), its
rule hits counted as ``ablate.py`` counts them.  The questions are pooled and dealt into the two halves by page of
``ablate.py --halves``; a team's file (no ``source`` pages) is a column of its own.  With ``--whole`` the unit is an
alias with all its phrases (a row names its first); ``--means`` keeps each unit's glossary terms named
and leaves out only the rules words it adds (:func:`unmeant`); ``--only`` measures just the phrases named.  Prints one row per
phrase that changes a question (negative: the phrase earns them), then how many phrases were said at all; ``--all``
prints the phrases that change nothing too.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from _common import ROOT, card_options, rules_and_cards, table
from ablate import analysed, halves, read_set, rules_cited
from accuracy import first_hit
from learn import CrossFit

from rulesgraph.build.index import Index
from rulesgraph.rank.ranking import STEPS

REAL = ROOT / "bench" / "questions" / "real"


def phrases_of(index: Index) -> dict[str, list[tuple[int, int]]]:
    """Every alias phrase as said (its words joined) → the ``(alias, phrase)`` places it is written at."""
    out: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for i, alias in enumerate(index.aliases):
        for j, say in enumerate(alias.say):
            out[" ".join(say)].append((i, j))
    return out


@contextmanager
def unmeant(index: Index, places: list[tuple[int, int]]) -> Iterator[None]:
    """The aliases at ``places`` read as before but adding none of their rules words (``means``) while inside: what their
    glossary terms alone do."""
    kept = {i: index.aliases[i] for i, _ in places}
    for i in kept:
        index.aliases[i] = kept[i]._replace(means="")
        index.memo.pop(("alias", i), None)
    try:
        yield
    finally:
        for i, alias in kept.items():
            index.aliases[i] = alias
            index.memo.pop(("alias", i), None)


@contextmanager
def unread(index: Index, places: list[tuple[int, int]]) -> Iterator[None]:
    """The alias table without the phrases at ``places`` while inside (put back however it ends)."""
    kept = index.alias_keys
    gone = set(places)
    index.alias_keys = {w: [p for p in ps if p not in gone] for w, ps in kept.items()}
    try:
        yield
    finally:
        index.alias_keys = kept


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="*", type=Path, default=[REAL])
    card_options(ap)
    ap.add_argument("--json", action="store_true", help="one JSON object per phrase instead of the table")
    ap.add_argument("--all", action="store_true", help="list the phrases that change nothing too")
    ap.add_argument("--whole", action="store_true", help="an alias with all its phrases as the unit")
    ap.add_argument("--means", action="store_true", help="leave out an alias's rules words only (its terms still named)")
    ap.add_argument("--only", help="only these phrases (or with --whole, aliases by their first phrase), comma-separated")
    args = ap.parse_args()
    started = time.perf_counter()
    cr, book, deck, cards_said, tmp = rules_and_cards(args)
    cross = CrossFit(book)
    index = book.index
    places = phrases_of(index)
    first: dict[str, str] = {}
    if args.whole:  # every phrase of an alias unread with it, the alias named by its first phrase
        whole = {" ".join(alias.say[0]): [(i, j) for j in range(len(alias.say))] for i, alias in enumerate(index.aliases)}
        first = {p: " ".join(index.aliases[at[0][0]].say[0]) for p, at in places.items()}
        places = whole
    if args.only:
        places = {p: at for p, at in places.items() if p in args.only.split(",")}
    try:
        read = {name: rows for path in args.sets for name, rows in read_set(path).items()}
        parts = halves(read)  # the real tuning questions in two halves by page, a team's file as it is
        said: dict[str, list[tuple[str, dict]]] = defaultdict(list)  # phrase → (half, line) of each question saying it
        for name, rows in parts.items():
            for r in rows:
                a = analysed(book, deck, r["question"])
                for m in a.of_kind("alias") if a is not None else ():
                    unit = first.get(m.said) if args.whole else m.said
                    if unit in places and not any(line is r for _, line in said[unit]):
                        said[unit].append((name, r))
        found = lambda r_a: first_hit(r_a[0]["expected_rules"], rules_cited(book, r_a[1], STEPS))
        rows_out = []
        for phrase in sorted(said, key=lambda p: (-len(said[p]), p)):
            lines = said[phrase]
            before = cross.each([(r, analysed(book, deck, r["question"])) for _, r in lines], found, row=lambda x: x[0])
            with (unmeant if args.means else unread)(index, places[phrase]):
                items = [(r, analysed(book, deck, r["question"])) for _, r in lines]
                after = cross.each([(r, a) for r, a in items if a is not None], found, row=lambda x: x[0])
            change: dict[str, list[int]] = {name: [0, 0] for name in parts}
            for (name, _), b, a in zip(lines, before, after, strict=True):
                change[name][0] += (a == 1) - (b == 1)
                change[name][1] += (a is not None and a <= 3) - (b is not None and b <= 3)
            rows_out.append((phrase, len(lines), change))
            if args.json:
                print(json.dumps({"phrase": phrase, "said": len(lines), **{f"{n} hit@1": c[0] for n, c in change.items()},
                                  **{f"{n} hit@3": c[1] for n, c in change.items()}}), flush=True)
        if args.json:
            return
        print(f"{cr.name} + bundled seeds; {cards_said}; {time.perf_counter() - started:.0f} s")
        print("change in questions hit when the phrase is not read (negative: the phrase earns them)\n")
        shown = [r for r in rows_out if args.all or any(c != [0, 0] for c in r[2].values())]
        header = ("phrase", "said in", *(f"{n} ({len(parts[n])}) Δ@1 / Δ@3" for n in parts))
        print(table([(p, str(n), *(f"{c[n][0]:+d} / {c[n][1]:+d}" for n in parts)) for p, n, c in shown], header))
        print(f"\n{len(rows_out)} phrases said in the real tuning questions; {len(shown)} change a question")
    finally:
        if tmp is not None:
            tmp.cleanup()


if __name__ == "__main__":
    main()
