"""Accuracy floors on the benchmark question sets (bench/accuracy.py computes the full table).

These guard against regressions; the floors are the levels measured when they were set, and the
targets of the issue are stated beside them where the product does not reach them yet.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from rulesgraph import Rulebook, bundled_sources, load
from rulesgraph.answer.compose import ask
from rulesgraph.answer.confidence import HIGH
from rulesgraph.common.text import fold

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from accuracy import Baseline, first_hit, rule_hit  # noqa: E402


def rows(name: str) -> list[dict]:
    return [json.loads(line) for line in (BENCH / "questions" / f"{name}.jsonl").read_text(encoding="utf-8").splitlines() if line]


def hits(book: Rulebook, name: str, at: int) -> float:
    data = rows(name)
    return sum((first_hit(r["expected_rules"], [c.id for c in ask(book, r["question"], k=at).citations]) or 99) <= at
               for r in data) / len(data)


def test_rule_level_hits() -> None:
    assert rule_hit("702.19b", "702.19b") and rule_hit("702.19b", "702.19") and rule_hit("702.19", "702.19b")
    assert not rule_hit("702.19b", "702.19c") and not rule_hit("702.19b", "702")


def test_every_question_set_is_well_formed(full_book: Rulebook) -> None:
    """Every benchmark line parses, asks something, and expects only rules that exist in the 2026 CR
    (a rule that does not exist could never be hit, and would quietly lower the figures).  A question the
    rules do not cover (``"in_rules": false``) expects none; a card-recognition line (``mentions``) expects
    its labelled spans to be where it says."""
    files = sorted((BENCH / "questions").glob("*.jsonl"))
    assert len(files) >= 8
    for path in files:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            row = json.loads(line)
            for turn in row.get("turns", [row]):
                where = f"{path.name}:{n}"
                assert isinstance(turn["question"], str) and turn["question"].strip(), where
                if "mentions" in turn:
                    for span in [*turn["mentions"], *turn.get("not_cards", [])]:
                        start = span["start"]
                        assert turn["question"][start : start + len(span["text"])] == span["text"], f"{where}: {span}"
                    continue
                assert bool(turn["expected_rules"]) == turn.get("in_rules", True), where
                for rule in turn["expected_rules"]:
                    assert full_book.graph.nodes.get(rule, {}).get("kind") in ("rule", "subrule", "section"), f"{where}: {rule}"


def test_every_keyword_question_cites_its_rule_first(full_book: Rulebook) -> None:
    """Issue target: keywords set rule-level hit@1 = 100%, typos included."""
    assert hits(full_book, "keywords", 1) == 1.0


def test_dev_set_floors_and_baseline(full_book: Rulebook) -> None:
    """Issue targets: dev hit@3 ≥ 85% and hit@1 ≥ 65% (measured 86.5% / 68.9%), and hit@3 at least 20
    points above the BM25 baseline over the same texts (measured 47 points)."""
    at3, at1 = hits(full_book, "dev", 3), hits(full_book, "dev", 1)
    assert at3 >= 0.85 and at1 >= 0.65
    baseline = Baseline(full_book.graph)
    data = rows("dev")
    base3 = sum((first_hit(r["expected_rules"], baseline.cited(r["question"], 3)) or 99) <= 3 for r in data) / len(data)
    assert at3 - base3 >= 0.20


def test_high_confidence_means_more_often_right(full_book: Rulebook) -> None:
    """Issue 16's dev target: an answer shown as "high" (≥ HIGH) has the deciding rule in its top three at least
    85% of the time on dev (measured without card data, as here: 98.6%, shown on 32% of the answers), and its first
    citation is right far more often than the others' (90.0% against 71.7%).  Since stop 26 "high" is fitted on real
    questions, to mean the first paragraph settles the question (bench/calibrate.py), so the margin is measured at the
    first citation: dev is training data of rule 68 since stop 34, and at the top three nearly every answer is right
    (92.1% of the others since stop 35), which leaves no room for a margin."""
    high, rest, high3 = [], [], []
    for r in rows("dev"):
        a = ask(full_book, r["question"], k=3)
        cited = [c.id for c in a.citations]
        first = first_hit(r["expected_rules"], cited[:1]) is not None
        if a.confidence >= HIGH:
            high.append(first)
            high3.append(first_hit(r["expected_rules"], cited) is not None)
        else:
            rest.append(first)
    assert sum(high3) / len(high3) >= 0.85 and len(high) >= 0.15 * (len(high) + len(rest))
    assert sum(high) / len(high) >= sum(rest) / len(rest) + 0.08


@pytest.fixture(scope="module")
def seeds_only() -> Rulebook:
    return load(bundled_sources(), use_cache=False)


def test_faq_paraphrases_with_the_seeds_only(seeds_only: Rulebook) -> None:
    """Issue target: with only the bundled seeds, reworded seed FAQ questions name the right keyword
    first ≥ 95% of the time."""
    data = [r for name in ("dev", "holdout") for r in rows(name) if r.get("topic") == "faq_paraphrase"]
    right = shown = 0
    for r in data:
        a = ask(seeds_only, r["question"])
        right += bool(a.keywords) and fold(a.keywords[0]) == fold(r["seed_keyword"])
        shown += bool({f"faq:{k}" for k in r["expected_faq"]} & {c.id for c in a.citations})
    assert right / len(data) >= 0.95
    assert shown / len(data) >= 0.82  # the paraphrased entry among the five citations shown: measured 84.3%


def test_forum_style_floor(full_book: Rulebook) -> None:
    """Forum-style questions written without sight of the code (card names, long board states): measured
    hit@3 59% on forum and 60.0% and 50.0% on the blind forum_holdout2 and forum_holdout3, against 11%, 22.5%
    and 13.8% for BM25; the floors guard the card-name, players'-phrasing and named-term handling."""
    assert hits(full_book, "forum", 3) >= 0.56
    assert hits(full_book, "forum_holdout2", 3) >= 0.56
    assert hits(full_book, "forum_holdout3", 3) >= 0.46
