"""Accuracy benchmark: rulesgraph without and with card data, against a BM25 baseline over the same texts.

Usage: python bench/accuracy.py [SET.jsonl ...] [--cr PATH] [--cards PATH] [--seeds-only] [--misses N]

For each question set (default: the sets of bench/questions/ in :data:`SETS`, keywords to long) prints, without
card data and with it (the installed cards; when none are installed, the stand-in AtomicCards file installed into a
temporary data directory for the run, as the output says), rule-level hit@1/3/5 and MRR (an expected ``702.19b`` is
hit by a cited ``702.19b`` or by its rule ``702.19``;
an expected rule ``702.19`` by itself or one of its subrules; see :func:`rule_hit`),
exact-subrule hit@3, and keyword hit@1 (the first keyword the answer names is an expected one),
side by side with plain BM25 (the ``bm25s`` package, Snowball-stemmed with PyStemmer) over the same rule, glossary
and FAQ texts.  ``--seeds-only`` loads just the bundled seeds and scores the FAQ paraphrases:
the seed keyword named first, and the paraphrased FAQ entry cited in the top 3.  A second table says how
well each answer's confidence (with card data) tells a right top three from a wrong one; a third how well the
cards a question names are recognised (bench/mentions.py's scoring, on card_mentions.jsonl and the sets that list
each question's cards); the last, questions the rules don't cover.  With sets named, only those are scored: the
blind card_mentions.jsonl and scope.jsonl (the scope table then counts only the development examples) are left out.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from _common import ROOT, card_options, rules_and_cards, table
from mentions import RECOGNITION_HEADER, question_sets, recognition

from rulesgraph import Rulebook, bundled_sources, load
from rulesgraph.answer.compose import CITABLE, ask
from rulesgraph.answer.confidence import HIGH, LOW
from rulesgraph.common.text import fold
from rulesgraph.parse.numbers import level_of, parent_of
from rulesgraph.question.namedcards import CardDeck

QUESTIONS = ROOT / "bench" / "questions"
SCOPE_EXAMPLES = ROOT / "tests" / "fixtures" / "scope_examples.txt"
"""The examples rulesgraph/question/scope.py was developed on; ``bench/questions/scope.jsonl`` is a blind set, only measured."""
DEPTH = 10


def rule_hit(expected: str, cited: str) -> bool:
    """Rule-level hit: the cited rule is the expected one, or the rule of an expected subrule
    (``702.19`` hits ``702.19b``), or a subrule of an expected rule (``702.19b`` hits ``702.19``).
    A sibling (``702.19c`` for ``702.19b``) does not hit."""
    if cited == expected:
        return True
    if level_of(expected) == "subrule":
        return cited == parent_of(expected)
    return level_of(expected) == "rule" and parent_of(cited) == expected


def first_hit(expected: list[str], cited: list[str]) -> int | None:
    for rank, c in enumerate(cited, start=1):
        if any(rule_hit(e, c) for e in expected):
            return rank
    return None


def exact_hit(expected: list[str], cited: list[str]) -> int | None:
    """The rank of the first citation that is one of the expected rules itself (no parent or subrule counts): what
    :func:`first_hit` also counts when a parent stands for its subrule (``702.19`` for ``702.19b``)."""
    return next((rank for rank, c in enumerate(cited, start=1) if c in expected), None)


def rules_of(answer) -> list[str]:  # type: ignore[no-untyped-def]
    """The ids an answer cites, in order, but its card rulings: a ruling cited before a rule is an answer, not a rule, and
    does not take a rule's place in the rule-level hits (bench/real.py counts them alike)."""
    return [c.id for c in answer.citations if c.kind != "ruling"]


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


class Baseline:
    """BM25 over exactly the texts rulesgraph searches (its citable nodes), ranked by that alone."""

    def __init__(self, graph) -> None:  # type: ignore[no-untyped-def]
        import bm25s
        import Stemmer

        self.ids = [n for n, d in graph.nodes(data=True) if d["kind"] in CITABLE]
        texts = [f"{graph.nodes[n].get('title') or ''} {graph.nodes[n]['text']}" for n in self.ids]
        self.stemmer = Stemmer.Stemmer("english")
        self.retriever = bm25s.BM25()
        self.retriever.index(bm25s.tokenize(texts, stopwords="en", stemmer=self.stemmer.stemWords, show_progress=False),
                             show_progress=False)
        self._bm25s = bm25s

    def cited(self, question: str, k: int) -> list[str]:
        tokens = self._bm25s.tokenize([question], stopwords="en", stemmer=self.stemmer.stemWords, show_progress=False)
        if not tokens.vocab:
            return []
        docs, _ = self.retriever.retrieve(tokens, k=k, show_progress=False)
        return [self.ids[i] for i in docs[0]]


def score(rows: list[dict], cite: list[list[str]], first_keywords: list[str | None]) -> dict[str, float]:
    n = len(rows)
    ranks = [first_hit(r["expected_rules"], c) for r, c in zip(rows, cite, strict=True)]
    exact = sum(any(e in c[:3] for e in r["expected_rules"]) for r, c in zip(rows, cite, strict=True))
    kw_rows = [(r, k) for r, k in zip(rows, first_keywords, strict=True) if r.get("expected_keywords")]
    kw = sum(1 for r, k in kw_rows if k and fold(k) in {fold(e) for e in r["expected_keywords"]})
    return {
        "hit@1": sum(1 for x in ranks if x and x <= 1) / n, "hit@3": sum(1 for x in ranks if x and x <= 3) / n,
        "hit@5": sum(1 for x in ranks if x and x <= 5) / n, "MRR": sum(1 / x for x in ranks if x) / n,
        "exact@3": exact / n, "kw@1": kw / len(kw_rows) if kw_rows else float("nan"),
    }


def pct(x: float) -> str:
    return "—" if x != x else f"{x:.1%}"


def confidence_row(name: str, answers: list, right: list[bool]) -> tuple[str, ...]:  # type: ignore[type-arg]
    """How well the answer's confidence tells a right top three from a wrong one: hit@3 of the answers shown
    as high confidence (≥ :data:`rulesgraph.answer.confidence.HIGH`) and of those shown as low (< ``LOW``), and the
    AUC (0.5: no better than chance)."""
    conf = [a.confidence for a in answers]
    high = [r for c, r in zip(conf, right, strict=True) if c >= HIGH]
    low = [r for c, r in zip(conf, right, strict=True) if c < LOW]
    pos = [c for c, r in zip(conf, right, strict=True) if r]
    neg = [c for c, r in zip(conf, right, strict=True) if not r]
    auc = sum((p > q) + 0.5 * (p == q) for p in pos for q in neg) / (len(pos) * len(neg)) if pos and neg else float("nan")
    return (name, pct(len(high) / len(conf)), pct(sum(high) / len(high)) if high else "—", pct(len(low) / len(conf)),
            pct(sum(low) / len(low)) if low else "—", "—" if auc != auc else f"{auc:.2f}")


def run_set(path: Path, book: Rulebook, deck: CardDeck, baseline: Baseline, misses: int,
            confidence: list[tuple[str, ...]]) -> tuple[list[tuple[str, ...]], list]:  # type: ignore[type-arg]
    """The rows of one set (each metric without card data, with it, and BM25's), and the answers with card data."""
    rows = read(path)
    answers = {}
    for name, cards in (("without", None), ("with", deck)):
        answers[name] = [ask(book, r["question"], k=DEPTH, deck=cards) for r in rows]
    ours = {name: score(rows, [rules_of(a) for a in got], [a.keywords[0] if a.keywords else None for a in got])
            for name, got in answers.items()}
    base = score(rows, [baseline.cited(r["question"], DEPTH) for r in rows], [None] * len(rows))
    right = [(first_hit(r["expected_rules"], rules_of(a)) or 99) <= 3 for r, a in zip(rows, answers["with"], strict=True)]
    missed = [(r, a) for r, a, hit in zip(rows, answers["with"], right, strict=True) if not hit]
    for r, a in missed[:misses]:
        print(f"  miss [{path.stem}] {r['question']!r}\n     expected {r['expected_rules']} got {rules_of(a)[:5]}",
              file=sys.stderr)
    confidence.append(confidence_row(f"{path.stem} ({len(rows)})", answers["with"], right))
    out = []
    for metric in ("hit@1", "hit@3", "hit@5", "MRR", "exact@3", "kw@1"):
        fmt = (lambda v: f"{v:.3f}") if metric == "MRR" else pct
        out.append((f"{path.stem} ({len(rows)})", metric, fmt(ours["without"][metric]), fmt(ours["with"][metric]), fmt(base[metric])))
    return out, answers["with"]


def seeds_only(paths: list[Path]) -> None:
    book = load(bundled_sources())
    rows = [r for p in paths for r in read(p) if r.get("topic") == "faq_paraphrase"]
    kw = faq = faq5 = direct = 0
    for r in rows:
        a = ask(book, r["question"], k=DEPTH)
        kw += bool(a.keywords) and fold(a.keywords[0]) == fold(r["seed_keyword"])
        wanted = {f"faq:{k}" for k in r.get("expected_faq", [])}
        faq += bool(wanted & {c.id for c in a.citations[:3]})
        faq5 += bool(wanted & {c.id for c in a.citations[:5]})
        answers = [book.qg.nodes[w]["answer"] for w in wanted if w in book.qg]
        direct += bool(a.answer) and any(text[:60] == a.answer[:60] for text in answers)  # what the user reads first
    print(f"bundled seeds only, {len(rows)} paraphrased FAQ questions\n")
    n = len(rows)
    print(table([("right keyword first", pct(kw / n), "≥ 95%"),
                 ("the paraphrased FAQ entry's answer is the direct answer", pct(direct / n), ""),
                 ("… is in the top 3 citations", pct(faq / n), ""), ("… is in the top 5 (shown by default)", pct(faq5 / n), "")],
                ("measure", "value", "target")))


def scope_rows(path: Path) -> list[tuple[str, bool, str]]:
    """``(question, in the rules?, area)`` of a scope set: JSON Lines where ``"in_rules": false`` marks a question the rules
    don't cover (see bench/questions/README.md); or our development examples (``in | …`` and ``out TOPIC | …`` lines)."""
    if path.suffix == ".txt":
        lines = [line.split(" | ", 1) for line in path.read_text(encoding="utf-8").splitlines() if " | " in line and line[0] != "#"]
        return [(q, head == "in", head.removeprefix("out ")) for head, q in lines]
    return [(row["question"], row.get("in_rules", True) is not False, row.get("area", "")) for row in read(path) if "question" in row]


def table_note(paths: list[Path]) -> str:
    said = {"scope": "scope.jsonl: written blind, only measured",
            "scope_examples": "scope_examples: the examples the cues were developed on"}
    return "; ".join(said.get(p.stem, p.stem) for p in paths) + "\n"


def scope_table(book, deck, paths: list[Path], rules_answers: list) -> str:  # type: ignore[no-untyped-def,type-arg]
    """Questions the Comprehensive Rules don't cover: how many are recognised (answered "not in the rules"), and how
    many rules questions are wrongly refused, per scope set and over every question of the rules sets."""
    rows, areas = [], []
    for path in paths:
        pairs = scope_rows(path)
        refused = [not ask(book, q, deck=deck).in_rules for q, _, _ in pairs]
        outside = [r for (_, inside, _), r in zip(pairs, refused, strict=True) if not inside]
        inside = [r for (_, inside, _), r in zip(pairs, refused, strict=True) if inside]
        rows.append((f"{path.stem} ({len(outside)} out, {len(inside)} in)", f"{sum(outside)} of {len(outside)}",
                     pct(sum(outside) / len(outside)) if outside else "—", f"{sum(inside)} of {len(inside)}",
                     pct(sum(inside) / len(inside)) if inside else "—"))
        for area in sorted({a for _, inside, a in pairs if not inside}):
            got = [r for (_, inside, a), r in zip(pairs, refused, strict=True) if not inside and a == area]
            areas.append(f"{path.stem}/{area or '?'} {sum(got)} of {len(got)}")
    wrong = sum(not a.in_rules for a in rules_answers)
    n = len(rules_answers)
    rows.append((f"the rules sets ({n} in)", "—", "—", f"{wrong} of {n}", pct(wrong / n)))
    return (table(rows, ("set", "out of scope recognised", "rate", "in scope refused", "rate"))
            + "\n\nrecognised, by area: " + "; ".join(areas))


SETS = ("keywords", "dev", "holdout", "forum", "forum_holdout", "forum_holdout2", "forum_holdout3", "forum_holdout4",
        "forum_holdout5", "forum_holdout6", "forum_holdout7", "forum_holdout8", "forum_holdout9", "forum_holdout10",
        "forum_holdout11", "forum_holdout12", "forum_holdout13", "forum_holdout14", "forum_holdout15", "forum_holdout16", "cards",
        "cards_holdout", "cards_holdout2", "long")
"""The default sets, in the order of the table (see bench/questions/README.md)."""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="*", type=Path)
    card_options(ap)
    ap.add_argument("--seeds-only", action="store_true")
    ap.add_argument("--misses", type=int, default=0, help="print up to N questions missed at rank 3 (with card data), per set")
    args = ap.parse_args()
    paths = args.sets or [QUESTIONS / f"{name}.jsonl" for name in SETS]
    if args.seeds_only:
        seeds_only(args.sets or [QUESTIONS / "dev.jsonl", QUESTIONS / "holdout.jsonl"])
        return
    started = time.perf_counter()
    cr, book, deck, cards_said, tmp = rules_and_cards(args)
    try:
        baseline = Baseline(book.qg)
        confidence: list[tuple[str, ...]] = []
        rows, answers = [], []
        for p in paths:
            got, with_answers = run_set(p, book, deck, baseline, args.misses, confidence)
            rows += got
            answers += with_answers
        print(f"{cr.name} + bundled seeds; rule-level unless noted; citations considered: {DEPTH}\n{cards_said}; "
              f"load average {os.getloadavg()[0]:.1f}, {time.perf_counter() - started:.0f} s\n")
        print(table(rows, ("set", "metric", "without card data", "with card data", "BM25 baseline")))
        print(f"\nconfidence (with card data): does 'high' (≥ {HIGH}) mean the deciding rule is in the top three?\n")
        print(table(confidence, ("set", "shown high", "hit@3 when high", f"shown low (< {LOW})", "hit@3 when low", "AUC")))
        sets = question_sets()
        blind = [] if args.sets else ["card_mentions"]  # sets named: score those alone, never a blind set besides them
        labelled = {name: sets[name] for name in [*blind, *(p.stem for p in paths)] if name in sets}
        print("\ncard recognition (bench/mentions.py's scoring; targets: precision ≥ 95 %, recall ≥ 90 %):\n")
        print(table(recognition(deck.table, deck.store.summaries(), labelled), RECOGNITION_HEADER))
        scope = [p for p in ((QUESTIONS / "scope.jsonl",) if not args.sets else ()) + (SCOPE_EXAMPLES,) if p.is_file()]
        print("\nquestions the Comprehensive Rules don't cover (tournament policy, prices, deck advice, other games), with card data:\n")
        print(table_note(scope))
        print(scope_table(book, deck, scope, answers))
    finally:
        if tmp is not None:
            tmp.cleanup()


if __name__ == "__main__":
    main()
