"""bench/firsts.py: the first rules' record is written one line per rule and part, under the name of its rule in the
loaded CR, in the CR's order; and the bundled record is what the ranking of today writes (checked in CI's suite only
through its shape: the full run answers every real tuning question)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from rulesgraph import Rulebook
from rulesgraph.parse.firsts import read_firsts

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from firsts import FILE, written  # noqa: E402


def test_one_line_per_rule_and_part_in_the_crs_order_under_its_rules_name(full_book: Rulebook) -> None:
    first = Counter({("702.19b", 3): 4, ("608.2b", 0): 2, ("608.2b", 7): 1, ("999.9", 1): 5})
    settled = Counter({("702.19b", 3): 1, ("608.2b", 0): 2})
    text = written(full_book, first, settled, 12)
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    assert [line.split("\t")[0] for line in lines] == ["608.2b", "608.2b", "702.19b"]  # 999.9: no such rule
    table, problems = read_firsts(text)
    assert problems == [] and table["608.2b"][1] == {0: (2, 2), 7: (1, 0)} and table["702.19b"][1] == {3: (4, 1)}
    assert table["702.19b"][0] == full_book.graph.nodes["702.19"]["title"].lower()
    assert "from 12 real tuning answers" in text


def test_the_bundled_record_reads_whole(full_book: Rulebook) -> None:
    """Every line of data/firsts.tsv is read, and each rule in it is one the 2026 CR has under its name."""
    from rulesgraph.build.index import firsts_of

    table, problems = read_firsts(FILE.read_text(encoding="utf-8"))
    assert problems == [] and len(table) > 300
    assert len(firsts_of(full_book.graph, table)) == len(table)
