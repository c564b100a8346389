"""Alias ablation: what each phrase of the alias table (``data/aliases.toml``) does to the questions it is said in — the
change in rule-level hit@1 and hit@3 when that one phrase is no longer read.

Usage: python bench/aliases.py [SET ...] [--whole] [--means] [--only PHRASES] [--cr PATH] [--cards PATH] [--json] [--all]

The alias table is hand-written players' words; a phrase that real questions say in another sense sends them to the
wrong rules.  This measures each phrase the way ``bench/ablate.py`` measures a ranking step: every question of the sets
(default: ``bench/questions/real/``, the tuning part only; a blind line is never read) is analysed as ``ask`` analyses
it, and for every alias phrase read in one, the questions saying it are analysed and ranked again with that phrase
unread (:func:`unread`), its rule hits counted as ``ablate.py`` counts them (:func:`change`; a question ``ask`` would
answer without ranking counts as a miss).  The real questions are cross-fitted (:class:`learn.CrossFit`) and pooled
into the two halves by page of ``ablate.py --halves``; a team's file is a column of its own, answered in sample (the
learned tables were learned from it).  With ``--whole`` the unit is an alias with all its phrases (a row names its
first); ``--means`` keeps each unit's glossary terms named and leaves out only the rules words it adds
(:func:`unmeant`); ``--only`` measures just the units named.  Prints one row per unit that changes a question
(negative: the phrase earns them) with how many real and team questions say it; ``--all`` prints every unit said.

Read it as a list of phrases to look at, not as a verdict: about a thousand phrases are said in the real tuning
questions, most in a handful, so a phrase whose absence gains one or two questions is as likely chance as a wrong
sense, and what the table measures is only the questions that happen to say it — not the same phrase asked plainly
("what happens when my creature dies?").  Stop 94 deleted the five phrases said in five real questions or more whose
absence gained two or more (hit@1 and hit@3 added) and lost none, and put them back: each rested on one or two
questions, none gained at hit@1 on two, and asked plainly two of them got worse ("dies": the dice rules; "what happens at
end of turn?": 724.1 before 514.2).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from _common import ROOT, card_options, rules_and_cards, table
from ablate import analysed, halves, read_set, rules_cited
from accuracy import first_hit
from learn import CrossFit

from rulesgraph import Rulebook
from rulesgraph.build.index import Index
from rulesgraph.question.namedcards import CardDeck
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


Lines = list[tuple[str, dict]]
"""The questions a unit is said in: ``(column, line)``, the column a half of the real questions or a team's file."""


def change(book: Rulebook, deck: CardDeck | None, lines: Lines, columns: Iterable[str],
           without: AbstractContextManager[None], cross: CrossFit | None = None) -> dict[str, list[int]]:
    """Per column, the change in rule hits at 1 and at 3 (as ``bench/ablate.py`` counts them) of ``lines`` answered inside
    ``without`` (a phrase unread, :func:`unread`; its words left out, :func:`unmeant`) against as they are, cross-fitted
    when ``cross`` is given.  A question ``ask`` would answer without ranking (its analysis ``None``) is a miss."""
    found = lambda r_a: None if r_a[1] is None else first_hit(r_a[0]["expected_rules"], rules_cited(book, r_a[1], STEPS))
    answer = lambda items: cross.each(items, found, row=lambda x: x[0]) if cross is not None else [found(x) for x in items]
    before = answer([(r, analysed(book, deck, r["question"])) for _, r in lines])
    with without:
        after = answer([(r, analysed(book, deck, r["question"])) for _, r in lines])
    out: dict[str, list[int]] = {name: [0, 0] for name in columns}
    for (name, _), b, a in zip(lines, before, after, strict=True):
        out[name][0] += (a == 1) - (b == 1)
        out[name][1] += (a is not None and a <= 3) - (b is not None and b <= 3)
    return out


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
        wanted = [w.strip() for w in args.only.split(",") if w.strip()]
        if unknown := [w for w in wanted if w not in places]:
            sys.exit(f"bench: no {'alias whose first phrase is' if args.whole else 'alias phrase'} {', '.join(unknown)}")
        places = {p: places[p] for p in wanted}
    try:
        read = {name: rows for path in args.sets for name, rows in read_set(path).items()}
        parts = halves(read)  # the real tuning questions in two halves by page, a team's file as it is
        said: dict[str, Lines] = defaultdict(list)  # unit → (column, line) of each question saying it
        for name, rows in parts.items():
            for r in rows:
                a = analysed(book, deck, r["question"])
                for m in a.of_kind("alias") if a is not None else ():
                    unit = first.get(m.said) if args.whole else m.said
                    if unit in places and not any(line is r for _, line in said[unit]):
                        said[unit].append((name, r))
        rows_out = []
        for unit in sorted(said, key=lambda p: (-len(said[p]), p)):
            lines = said[unit]
            real = sum(1 for _, r in lines if r.get("source"))
            got = change(book, deck, lines, parts, (unmeant if args.means else unread)(index, places[unit]), cross)
            rows_out.append((unit, real, len(lines) - real, got))
            if args.json:
                print(json.dumps({"phrase": unit, "said in real": real, "said in team's": len(lines) - real,
                                  **{f"{n} hit@1": c[0] for n, c in got.items()}, **{f"{n} hit@3": c[1] for n, c in got.items()}}),
                      flush=True)
        if args.json:
            return
        print(f"{cr.name} + bundled seeds; {cards_said}; {time.perf_counter() - started:.0f} s")
        print("change in questions hit when the phrase is not read (negative: the phrase earns them)\n")
        moving = [r for r in rows_out if any(c != [0, 0] for c in r[3].values())]
        shown = rows_out if args.all else moving
        header = ("phrase", "said in real", "in team's", *(f"{n} ({len(parts[n])}) Δ@1 / Δ@3" for n in parts))
        print(table([(p, str(n), str(t), *(f"{c[n][0]:+d} / {c[n][1]:+d}" for n in parts)) for p, n, t, c in shown], header))
        print(f"\n{len(rows_out)} units said in these questions; {len(moving)} change a question")
    finally:
        if tmp is not None:
            tmp.cleanup()


if __name__ == "__main__":
    main()
