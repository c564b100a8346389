"""Learn which rules players' words point to, from the team's labelled question sets, and write the table the ranking's
``learned`` step reads (``data/learned.tsv``, bundled with the package).

Usage: python bench/learn.py [--check] [--out PATH] [--cr PATH]
       python bench/learn.py --heldout [--cr PATH] [--cards PATH]

Every question of the sets in :data:`TRAINING` (written by the team's helpers in players' words, each labelled with
the CR rules that settle it) lends its words to the rules it is labelled with, and to their rules when it names a
subrule (``702.19b`` counts for ``702.19`` too): a rule's *learned words* are the stems (``doc_terms``) of every
question settled by it, counted, less the stems of the cards the question is labelled as naming, and only words the
loaded rules' index knows as words (:func:`known`: the rules' own words, the alias table's slang, ordinary English
words): a card's name or nickname ("urborg", "goyf", "thalia") says which card, not which rule, and what a card does
comes from the card data, never from this table.  The words are read with the 2026-06-19 CR (``--cr``).  At query
time the ``learned`` step (:mod:`rulesgraph.rank.steps.learned`) searches these words as one more document per rule —
players say "fizzle", "dies", "on the stack" where the rules say "illegal target", "put into a graveyard", "while it's
on the stack".

The real question files (``bench/questions/real/``) and the policy sets are never read: they are what the step is
measured on.  ``keywords.jsonl`` is not read either: it is the regression check that keyword questions are answered
by the keyword's rule, and learning from it would make that check say nothing.  The conversation sets (their turns
are not questions alone), the card-mention, legality and scope sets (not labelled with rules) are not training sets,
nor ``learn_a`` and ``learn_b`` (written for it in stop 34 about rules the others have no words for; learning from them
did not gain on the real tuning questions: they measure what the step costs such questions instead).

``--check`` exits 1 (and says so) when the bundled table is not what the sets make today.

``--heldout`` measures what the team's sets say of the step now that it learned from them: for each training set (and
``keywords``), hit@1 / hit@3 (answers with the card data, as ``bench/accuracy.py`` counts them) without the step, with
the table learned from every other set (the set held out: what a question of its kind not learned from gets), and
with the bundled table (in sample: the set was learned from).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesgraph.build.index import Index, doc_terms, named_rule
from rulesgraph.common.text import STOPWORDS, stem
from rulesgraph.common.text import words as folded
from rulesgraph.parse.numbers import rule_of

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = ROOT / "bench" / "questions"
OUT = ROOT / "data" / "learned.tsv"
TRAINING = ("dev", "forum", "long", "cards", "holdout", "cards_holdout", "cards_holdout2",
            *(f"forum_holdout{n}" for n in ("", *range(2, 17))))
"""The team's labelled rules sets learned from (``bench/questions/<name>.jsonl``)."""


def known(index: Index) -> Callable[[str], bool]:
    """Whether a folded word is one the index knows as a word, not a name: the rules' own (``Index.vocab``), the alias
    table's slang the rules never use (``Index.slang``: "etb", "fizzle"), or an ordinary English word (``Index.english``)."""
    return lambda w: w in index.vocab or w in index.slang or w in index.english


def learned(paths: list[Path], keep: Callable[[str], bool] = lambda w: True) -> tuple[dict[str, Counter[str]], int]:
    """Rule → its learned words (stem → count, only the words ``keep`` keeps), and how many questions they came from."""
    words: dict[str, Counter[str]] = defaultdict(Counter)
    n = 0
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            if not row.get("question") or not row.get("expected_rules"):
                continue
            n += 1
            names = {t for card in row.get("cards") or () for t in doc_terms(card)}
            stems = [t for t in (stem(w) for w in folded(row["question"]) if w not in STOPWORDS and keep(w)) if t not in names]
            for rule in {r for e in row["expected_rules"] for r in (e, rule_of(e))}:
                words[rule].update(stems)
    return words, n


def table(paths: list[Path], keep: Callable[[str], bool] = lambda w: True,
          name: Callable[[str], str | None] = lambda rule: "") -> str:
    """The file's text: a header saying what it is, then a line per rule (``702.19b<TAB>trample<TAB>trampl:12 block:5 …``,
    the middle column ``name`` of the rule's rule: :func:`rulesgraph.parse.learned.rule_name`; a rule ``name`` does not
    know, ``None``, is left out)."""
    words, n = learned(paths, keep)
    head = [
        "# rulesgraph: the words of labelled questions, by the rule that settled them (the ranking's `learned` step).",
        f"# Made by bench/learn.py from {n} questions of {len(paths)} of the team's sets; do not edit by hand.",
        "# rule<TAB>the name of its rule (its title, or its text's first words)<TAB>stem:count stem:count ...",
    ]
    named = {rule: name(rule) for rule in words}
    body = [f"{rule}\t{named[rule]}\t" + " ".join(f"{t}:{c}" for t, c in sorted(counts.items(), key=lambda tc: (-tc[1], tc[0])))
            for rule, counts in sorted(words.items(), key=lambda rc: _order(rc[0])) if named[rule] is not None]
    return "\n".join(head + body) + "\n"


def _order(rule: str) -> tuple[int, ...]:
    """``702.19b`` → (702, 19, 2): rules in the CR's order."""
    main, _, rest = rule.partition(".")
    digits = rest.rstrip("abcdefghijklmnopqrstuvwxyz")
    letter = rest[len(digits):]
    return (int(main), int(digits or 0), ord(letter) - 96 if letter else 0)


def heldout(args: argparse.Namespace, paths: list[Path]) -> None:
    """Print :func:`main`'s ``--heldout`` table."""
    from _common import rules_and_cards
    from accuracy import first_hit, read, rules_of

    from rulesgraph.answer.compose import ask
    from rulesgraph.build.index import learned_of, learned_postings
    from rulesgraph.parse.learned import read_learned
    from rulesgraph.rank.ranking import WEIGHTS

    _, book, deck, said, tmp = rules_and_cards(args)
    keep, name = known(book.index), partial(named_rule, book.graph)
    rules = {nid: i for i, nid in enumerate(book.index.ids) if nid in book.index.numbers}
    bundled, weight = book.index.learned, WEIGHTS["learned"]

    def hits(rows: list[dict]) -> str:
        found = [first_hit(r["expected_rules"], rules_of(ask(book, r["question"], k=10, deck=deck))) for r in rows]
        n = len(rows)
        return f"{sum(1 for f in found if f == 1) / n:.1%} / {sum(1 for f in found if f and f <= 3) / n:.1%}"

    print(f"{said}; hit@1 / hit@3 of each set's answers\n")
    print("| set | questions | without the step | learned without the set | learned with it (in sample) |")
    print("|---|---|---|---|---|")
    try:
        for path in [*paths, QUESTIONS / "keywords.jsonl"]:
            rows = [r for r in read(path) if r.get("question") and r.get("expected_rules")]
            WEIGHTS["learned"] = 0.0
            off = hits(rows)
            WEIGHTS["learned"] = weight
            others = [p for p in paths if p != path]
            book.index.learned = learned_postings(learned_of(book.graph, read_learned(table(others, keep, name))[0]), rules)
            held = hits(rows)
            book.index.learned = bundled
            print(f"| {path.stem} | {len(rows)} | {off} | {held} | {hits(rows) if path in paths else held} |")
    finally:
        WEIGHTS["learned"], book.index.learned = weight, bundled
        if tmp is not None:
            tmp.cleanup()


def main() -> None:
    from _common import card_options

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when the bundled table is not what the sets make")
    ap.add_argument("--heldout", action="store_true", help="each set's hits without the step, held out, and in sample")
    ap.add_argument("--out", type=Path, default=OUT)
    card_options(ap)
    args = ap.parse_args()
    paths = [QUESTIONS / f"{name}.jsonl" for name in TRAINING]
    missing = [p for p in paths if not p.is_file()]
    if missing:
        sys.exit(f"bench: {missing[0]} not found")
    if args.heldout:
        heldout(args, paths)
        return
    from _common import cr_path, rules_book

    book = rules_book(cr_path(args.cr))
    text = table(paths, known(book.index), partial(named_rule, book.graph))
    if args.check:
        same = args.out.is_file() and args.out.read_text(encoding="utf-8") == text
        print(f"{args.out}: {'current' if same else 'not what the sets make today: run python bench/learn.py'}")
        sys.exit(0 if same else 1)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}: {text.count(chr(10)) - 3} rules")


if __name__ == "__main__":
    main()
