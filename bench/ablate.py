"""Ablation: what each ranking step earns — the change in rule-level hit@1 and hit@3 on each question set when that one
step is removed from :data:`rulesgraph.rank.ranking.STEPS` (with card data).

Usage: python bench/ablate.py SET [SET ...] [--halves] [--steps NAME,NAME] [--cr PATH] [--cards PATH] [--json]

A SET is a JSON Lines question file (``question``, ``expected_rules``) or a folder of them; the real question files
(lines with a ``part``) count their tuning part only — a blind part is never read here — and each of their questions is
ranked cross-fitted (:class:`learn.CrossFit`: with the ``learned`` step's table learned without its page).  Each question is analysed once
(its words and the cards it names, as ``ask`` does); then, for the full list and for the list without each step, it is
ranked and its citations chosen as an answer chooses them (:func:`rulesgraph.answer.compose._select`, the variant rule
:func:`rulesgraph.answer.firstplace.no_variant_first`, a leading ruling's rule after it:
:func:`rulesgraph.answer.cardanswer.with_rulings`), and rule hits are counted among its rule citations
(:func:`accuracy.rule_hit`).  A question ``ask`` answers otherwise (a card's name alone, a question the rules don't
cover) is left out.  Prints one row per step: its hit@1 and hit@3 change per set (in questions, negative: the step
earns them), then the baseline row.  A step that changes nothing anywhere is a candidate for deletion.

With ``--halves`` the real tuning questions of the sets (lines with a ``source`` page) are pooled and split into two
halves by page (:func:`halves`, the same split every run), each a column of its own, the team's files as they are: a
step earns its place when removing it loses questions on both halves, not when one half's loss is the other's gain.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

from _common import card_options, rules_and_cards, table
from accuracy import first_hit
from learn import CrossFit

from rulesgraph import Rulebook
from rulesgraph.answer.cardanswer import with_rulings
from rulesgraph.answer.compose import _select, rules_view
from rulesgraph.answer.firstplace import no_variant_first
from rulesgraph.common.text import clean
from rulesgraph.model import Citation
from rulesgraph.question.analyze import Analysis, analyze
from rulesgraph.question.cardsaid import named_card_keywords
from rulesgraph.question.namedcards import CardDeck
from rulesgraph.question.namedcards import with_cards as cards_in
from rulesgraph.question.read import Question
from rulesgraph.question.scope import out_of_scope
from rulesgraph.rank.pipeline import Pipeline
from rulesgraph.rank.ranking import STEPS, rank

DEPTH = 10
RULE_KINDS = frozenset({"rule", "subrule", "section", "chapter"})


def read_set(path: Path) -> dict[str, list[dict]]:
    """``name → lines`` of a question file or of every file of a folder; real question files give their tuning part."""
    files = sorted(path.rglob("*.jsonl")) if path.is_dir() else [path]
    out: dict[str, list[dict]] = {}
    for f in files:
        rows = [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
        rows = [r for r in rows if r.get("expected_rules") and r.get("question") and r.get("part", "tune") == "tune"]
        if rows:
            out[f.stem] = rows
    return out


HALVES_SEED = 58
"""The seed shuffling the real tuning pages before :func:`halves` deals them out."""


def halves(sets: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """``sets`` with the lines that name a source page (the real questions) pooled and dealt into two halves by page
    (``real, half 1`` and ``real, half 2``: the pages sorted, shuffled with :data:`HALVES_SEED`, every other one), the
    other files as they are."""
    real = [r for rows in sets.values() for r in rows if r.get("source")]
    pages = sorted({r["source"] for r in real})
    random.Random(HALVES_SEED).shuffle(pages)
    first = set(pages[::2])
    out = {name: rows for name, rows in sets.items() if not any(r.get("source") for r in rows)}
    out["real, half 1"] = [r for r in real if r["source"] in first]
    out["real, half 2"] = [r for r in real if r["source"] not in first]
    return out


def analysed(book: Rulebook, deck: CardDeck | None, question: str) -> Analysis | None:
    """The question's analysis as ``ask`` ranks it, or ``None`` when ``ask`` answers it without ranking."""
    cleaned = clean(question)
    if not cleaned:
        return None
    if deck is not None:
        from rulesgraph.answer.lonename import lone_name

        if lone_name(book, cleaned, deck) is not None:
            return None
    if out_of_scope(question, book.index) is not None:
        return None
    if deck is None:
        return analyze(question, book.index)
    read = Question.of(question)  # a card's name word written as a name is not corrected, as in ask
    a = cards_in(analyze(read, book.index, deck.card_words(read)), deck.named(question))
    return named_card_keywords(a, book.index, book.qg) if a.cards else a  # what the cards say, as ask reads it


def rules_cited(book: Rulebook, a: Analysis, steps: Pipeline) -> list[str]:
    """The rules an answer cites, in its order: a card's ruling that leads moves the rule it restates up right after it
    (:func:`rulesgraph.answer.cardanswer.with_rulings`), as the answer does."""
    ranked = rank(book.index, book.qg, a, steps)
    picked = _select(book, ranked, DEPTH, a.focus)
    chosen = {c.node: c.score for c in picked}
    g = book.qg
    order = no_variant_first(g, a, list(chosen))
    picked.sort(key=lambda c: order.index(c.node))
    _, settle, _ = rules_view(book, a, ranked, picked, with_cards=True)  # ablate answers through the card data
    cited, _ = with_rulings(a, [Citation(n, g.kind_of(n), n, None, "", "", None, chosen[n]) for n in order], ranked.rulings,
                            DEPTH, ranked.position(), rules_settle=settle)
    return [c.id for c in cited if c.kind in RULE_KINDS]


def hits(book: Rulebook, items: list[tuple[dict, Analysis]], steps: Pipeline, cross: CrossFit | None = None) -> tuple[int, int]:
    """Rule hits at 1 and 3 of ``items`` ranked by ``steps``, a real tuning question's cross-fitted when ``cross`` is given
    (:class:`learn.CrossFit`)."""
    h1 = h3 = 0
    found = lambda ra: first_hit(ra[0]["expected_rules"], rules_cited(book, ra[1], steps))
    for at in cross.each(items, found, row=lambda ra: ra[0]) if cross is not None else map(found, items):
        h1 += at == 1
        h3 += at is not None and at <= 3
    return h1, h3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="+", type=Path)
    ap.add_argument("--steps", help="only these steps (comma-separated names); default every step but base")
    card_options(ap)
    ap.add_argument("--json", action="store_true", help="one JSON object per step instead of the table")
    ap.add_argument("--halves", action="store_true", help="the real tuning questions in two halves by page (see above)")
    args = ap.parse_args()
    started = time.perf_counter()
    cr, book, deck, cards_said, tmp = rules_and_cards(args)
    cross = CrossFit(book)
    try:
        read = {name: rows for path in args.sets for name, rows in read_set(path).items()}
        sets: dict[str, list[tuple[dict, Analysis]]] = {
            name: [(r, a) for r in rows if (a := analysed(book, deck, r["question"])) is not None]
            for name, rows in (halves(read) if args.halves else read).items()}
        names = [s.name for s in STEPS.steps if s.name != "base"]
        if args.steps:
            wanted = args.steps.split(",")
            unknown = [w for w in wanted if w not in names]
            if unknown:
                sys.exit(f"bench: no ranking step named {', '.join(unknown)}; the steps: {', '.join(names)}")
            names = wanted
        base = {name: hits(book, items, STEPS, cross) for name, items in sets.items()}
        rows = []
        for step in names:
            without = Pipeline(s for s in STEPS.steps if s.name != step)
            got = {name: hits(book, items, without, cross) for name, items in sets.items()}
            change = {name: (got[name][0] - base[name][0], got[name][1] - base[name][1]) for name in sets}
            rows.append((step, change))
            if args.json:
                print(json.dumps({"step": step, **{f"{n} hit@1": c[0] for n, c in change.items()},
                                  **{f"{n} hit@3": c[1] for n, c in change.items()}}), flush=True)
        if args.json:
            return
        print(f"{cr.name} + bundled seeds; {cards_said}; load average {os.getloadavg()[0]:.1f}, {time.perf_counter() - started:.0f} s")
        print("change in questions hit when the step is removed (negative: the step earns them)\n")
        header = ("step", *(f"{n} ({len(sets[n])}) Δ@1 / Δ@3" for n in sets))
        body = [(step, *(f"{c[0]:+d} / {c[1]:+d}" for c in (change[n] for n in sets))) for step, change in rows]
        body.append(("(all steps: hit@1 / hit@3)", *(f"{base[n][0]} / {base[n][1]}" for n in sets)))
        print(table(body, header))
        idle = [step for step, change in rows if all(c == (0, 0) for c in change.values())]
        print(f"\nsteps changing nothing on these sets ({len(idle)}): {', '.join(idle) or '—'}")
    finally:
        if tmp is not None:
            tmp.cleanup()


if __name__ == "__main__":
    main()
