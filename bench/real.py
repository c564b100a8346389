"""Real questions: how well rulesgraph answers what people asked, with card data, beside plain BM25 in the same run.

Usage: python bench/real.py [PATH ...] [--blind] [--cr PATH] [--cards PATH] [--misses N] [--json]

Reads every ``*.jsonl`` file under ``bench/questions/real/`` (or the files and folders given): one question a line,
``{"question", "expected_rules", "cards", "ruling": {"card", "date", "text"} or null, "part": "tune" or "blind", …}``.
Only the tuning part is scored unless ``--blind`` is given, and then only the blind part, once, at the end of a stop:
its questions are never printed (``--misses`` lists tuning questions only).  The ranking's ``learned`` step learned from
the tuning part (``bench/learn.py``): each tuning question is answered cross-fitted (:class:`learn.CrossFit`), with the
table learned without its page, so the figures are those of questions the step never read.

Per file and over all of them:

- rule-level hit@1 and hit@3 (an expected ``702.19b`` hit by ``702.19b`` or ``702.19``, an expected ``702.19`` by itself or
  a subrule: :func:`accuracy.rule_hit`) over the answer's rule citations in order — a ruling or FAQ entry cited before a
  rule is an answer, not a rule, and does not take a rule's place — and the same for BM25 over the same texts;
- the same as hit@3 over the first three citations of whatever kind ("among first 3 cited"): a leading ruling takes a
  rule's place there (the other rulings are cited after the rules' first three);
- for the questions whose label names a card ruling that settles them: how often that ruling is *shown* among the
  citations (the rulings an answer cites are cited beside its rules, not in their places: the default answer shows
  them all) and how often it *leads* (the answer's first paragraph quotes it), over all
  of them and over those whose ruling the installed card data holds (the stand-in card file is of April 2022: newer
  rulings are not in it);
- on every question, how often a ruling leads that is not the label's (the label names another ruling, or a rule
  settles it): what leading more often costs;
- how often an answer shown with "high" confidence is right first (its leading ruling is the label's, or its first
  rule is an expected one), and the confidence's AUC against a right first answer.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from _common import ROOT, card_options, rules_and_cards, table
from accuracy import Baseline, first_hit, pct
from learn import CrossFit
from rapidfuzz import fuzz

from rulesgraph import Rulebook
from rulesgraph.answer.compose import ask
from rulesgraph.answer.confidence import HIGH
from rulesgraph.common.text import fold
from rulesgraph.model import Answer
from rulesgraph.parse.numbers import split_number
from rulesgraph.question.namedcards import CardDeck

REAL = ROOT / "bench" / "questions" / "real"
DEPTH = 10
"""Citations asked for (rule hits are counted among the rule citations of these)."""
SAME = 90
"""Least rapidfuzz ratio (0-100) between a label's ruling text and a cited one for them to be the same ruling (the card
data may word it a little differently from the page it was labelled from)."""
PART = 60
"""A label quoting at least this many characters of a longer ruling …"""
SAME_PART = 95
"""… nearly word for word (rapidfuzz partial ratio, 0-100) quotes that ruling."""
RULE_KINDS = frozenset({"rule", "subrule", "section", "chapter"})


def read_real(paths: list[Path], part: str) -> dict[str, list[dict]]:
    """``file stem → lines`` of the ``part`` ("tune" or "blind") of every JSON Lines file in ``paths`` (files or folders)."""
    files: list[Path] = []
    for p in paths:
        files += sorted(p.rglob("*.jsonl")) if p.is_dir() else [p]
    out: dict[str, list[dict]] = {}
    for f in files:
        rows = [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
        rows = [r for r in rows if r.get("part") == part and r.get("question") and r.get("expected_rules")
                and all(split_number(e) is not None for e in r["expected_rules"])]  # policy questions cite the MTR/IPG
        if rows:
            out[f.stem] = rows
    return out


def same_ruling(label: dict, card: str, text: str) -> bool:
    """Whether a cited ruling (its card's full name and its text) is the label's ruling: nearly the same words, or the
    label quotes a part of it (one step of Warp World's "Taking it slowly, here's what happens …", at least
    :data:`PART` characters, nearly word for word)."""
    names = {fold(card)} | {fold(face) for face in card.split(" // ")}
    if fold(label.get("card") or "") not in names:
        return False
    said, cited = fold(label.get("text") or ""), fold(text)
    return fuzz.ratio(said, cited) >= SAME or (PART <= len(said) < len(cited) and fuzz.partial_ratio(said, cited) >= SAME_PART)


def held(deck: CardDeck | None, label: dict) -> bool:
    """Whether the installed card data holds the label's ruling (for its card, named in full or by a face)."""
    if deck is None:
        return False
    store, name = deck.store, label.get("card") or ""
    card = store.card(name)
    if card is None:
        key = next((e.key for e in store.names() if fold(e.name) == fold(name)), None)
        card = store.card(key) if key else None
    return card is not None and any(same_ruling(label, card.name, r.text) for r in card.rulings)


@dataclass
class Scored:
    """One answered question, as this benchmark scores it."""

    rules: list[str]
    """The rule citations' ids, in order."""
    cited: list[str]
    """The first three citations' ids, whatever their kind (a ruling or FAQ entry there takes a rule's place)."""
    shown: bool
    leads: bool
    wrong_lead: bool
    """A ruling leads the answer and it is not the label's (the label names another ruling, or none: a rule settles it)."""
    confidence: float
    right_first: bool


def score_answer(row: dict, answer: Answer) -> Scored:
    rules = [c.id for c in answer.citations if c.kind in RULE_KINDS]
    label = row.get("ruling") or None
    shown = leads = False
    if label:
        cited = [c for c in answer.citations if c.kind == "ruling"]  # each beside the rules: all in the default answer
        shown = any(same_ruling(label, c.label, c.text) for c in cited)
        first = answer.citations[0] if answer.citations else None
        leads = first is not None and first.kind == "ruling" and same_ruling(label, first.label, first.text)
    first = answer.citations[0] if answer.citations else None
    if first is not None and first.kind == "ruling":
        right = leads or (first_hit(row["expected_rules"], rules[:1]) == 1 and not label)
    else:
        right = first_hit(row["expected_rules"], rules[:1]) == 1
    wrong = first is not None and first.kind == "ruling" and not leads
    return Scored(rules, [c.id for c in answer.citations[:3]], shown, leads, wrong, answer.confidence, right)


def auc(conf: list[float], right: list[bool]) -> float:
    pos = [c for c, r in zip(conf, right, strict=True) if r]
    neg = [c for c, r in zip(conf, right, strict=True) if not r]
    if not pos or not neg:
        return float("nan")
    return sum((p > q) + 0.5 * (p == q) for p in pos for q in neg) / (len(pos) * len(neg))


def summary(name: str, rows: list[dict], got: list[Scored], bm25: list[list[str]], have: list[bool]) -> dict[str, object]:
    n = len(rows)
    ranks = [first_hit(r["expected_rules"], s.rules) for r, s in zip(rows, got, strict=True)]
    base = [first_hit(r["expected_rules"], b) for r, b in zip(rows, bm25, strict=True)]
    ruled = [(s, h) for r, s, h in zip(rows, got, have, strict=True) if r.get("ruling")]
    avail = [s for s, h in ruled if h]
    high = [s for s in got if s.confidence >= HIGH]
    return {
        "set": name, "questions": n,
        "hit@1": sum(1 for x in ranks if x == 1) / n, "hit@3": sum(1 for x in ranks if x and x <= 3) / n,
        "cited@3": sum(1 for r, s in zip(rows, got, strict=True) if first_hit(r["expected_rules"], s.cited)) / n,
        "bm25 hit@1": sum(1 for x in base if x == 1) / n, "bm25 hit@3": sum(1 for x in base if x and x <= 3) / n,
        "with ruling": len(ruled), "ruling held": len(avail),
        "ruling shown": sum(s.shown for s, _ in ruled) / len(ruled) if ruled else float("nan"),
        "ruling leads": sum(s.leads for s, _ in ruled) / len(ruled) if ruled else float("nan"),
        "shown (held)": sum(s.shown for s in avail) / len(avail) if avail else float("nan"),
        "leads (held)": sum(s.leads for s in avail) / len(avail) if avail else float("nan"),
        "wrong leads": sum(s.wrong_lead for s in got),
        "high": len(high), "high right first": sum(s.right_first for s in high) / len(high) if high else float("nan"),
        "right first": sum(s.right_first for s in got) / n,
        "AUC": auc([s.confidence for s in got], [s.right_first for s in got]),
    }


def answer_all(book: Rulebook, deck: CardDeck | None, rows: list[dict], cross: CrossFit) -> list[Answer]:
    """The answers to ``rows``, a tuning question's cross-fitted (:class:`learn.CrossFit`: as if the ``learned`` step had
    not read it)."""
    return cross.each(rows, lambda r: ask(book, r["question"], k=DEPTH, deck=deck))


def from_wizards(row: dict) -> bool:
    """Whether a question was read from Wizards' own columns (Saturday School, Ask Wizards on magic.wizards.com): most of
    the tuning part since stop 38, and unlike the judges' columns and forums real questions are mostly measured on, so
    the figures are also given apart."""
    from urllib.parse import urlsplit

    return (urlsplit(row.get("source", "")).hostname or "").removeprefix("www.") in ("magic.wizards.com", "wizards.com")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", type=Path, help=f"question files or folders (default {REAL.relative_to(ROOT)})")
    ap.add_argument("--blind", action="store_true", help="score the blind part (once, at the end of a stop) instead of the tuning part")
    card_options(ap)
    ap.add_argument("--misses", type=int, default=0, help="print up to N tuning questions whose first rule is not an expected one")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object per set")
    args = ap.parse_args()
    part = "blind" if args.blind else "tune"
    sets = read_real(args.paths or [REAL], part)
    if not sets:
        sys.exit(f"bench: no {part} questions found in {', '.join(map(str, args.paths or [REAL]))}")
    started = time.perf_counter()
    cr, book, deck, cards_said, tmp = rules_and_cards(args)
    try:
        baseline = Baseline(book.qg)
        cross = CrossFit(book)
        results, everything = [], ([], [], [], [])
        for name, rows in sets.items():
            answers = answer_all(book, deck, rows, cross)
            got = [score_answer(r, a) for r, a in zip(rows, answers, strict=True)]
            bm25 = [baseline.cited(r["question"], DEPTH) for r in rows]
            have = [bool(r.get("ruling")) and held(deck, r["ruling"]) for r in rows]
            results.append(summary(f"{name} ({part})", rows, got, bm25, have))
            for acc, part_ in zip(everything, (rows, got, bm25, have), strict=True):
                acc += part_
            if args.misses and not args.blind:
                missed = [(r, s) for r, s in zip(rows, got, strict=True) if first_hit(r["expected_rules"], s.rules[:1]) is None]
                for r, s in missed[: args.misses]:
                    said = f"  miss [{name}] {r['question'][:160]!r}\n     expected {r['expected_rules']} got {s.rules[:4]}"
                    print(said, file=sys.stderr)
        if len(sets) > 1:
            results.append(summary(f"all ({part})", *everything))
            for kind, wanted in (("Wizards' columns", True), ("other columns and forums", False)):  # the hidden sets' shape: the second
                at = [i for i, r in enumerate(everything[0]) if from_wizards(r) == wanted]
                if at and len(at) < len(everything[0]):
                    results.append(summary(f"{kind} ({part})", *([acc[i] for i in at] for acc in everything)))
        if args.json:
            for r in results:
                print(json.dumps(r))
            return
        print(f"{cr.name} + bundled seeds; {cards_said}; load average {os.getloadavg()[0]:.1f}, "
              f"{time.perf_counter() - started:.0f} s\n")
        print(table([(str(r["set"]), str(r["questions"]), pct(r["hit@1"]), pct(r["hit@3"]), pct(r["cited@3"]),
                      pct(r["bm25 hit@1"]), pct(r["bm25 hit@3"])) for r in results],
                    ("set", "questions", "hit@1", "hit@3", "among first 3 cited", "BM25 hit@1", "BM25 hit@3")))
        print("\nquestions a card ruling settles (label's ruling cited: shown; quoted first: leads; 'held': the installed "
              "card data has it):\n")
        print(table([(str(r["set"]), f"{r['with ruling']} ({r['ruling held']} held)", pct(r["ruling shown"]), pct(r["ruling leads"]),
                      pct(r["shown (held)"]), pct(r["leads (held)"]), f"{r['wrong leads']} of {r['questions']}") for r in results],
                    ("set", "with a ruling", "shown", "leads", "shown (held)", "leads (held)", "a ruling not the label's leads")))
        print(f"\nconfidence: is an answer shown 'high' (≥ {HIGH}) right first (its leading ruling, or first rule)?\n")
        print(table([(str(r["set"]), pct(r["right first"]), str(r["high"]), pct(r["high right first"]),
                      "—" if r["AUC"] != r["AUC"] else f"{r['AUC']:.2f}") for r in results],
                    ("set", "right first", "shown high", "right first when high", "AUC")))
    finally:
        if tmp is not None:
            tmp.cleanup()


if __name__ == "__main__":
    main()
