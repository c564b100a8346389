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
import firsts  # noqa: E402
from firsts import FILE, record, written  # noqa: E402
from learn import fold  # noqa: E402


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


def test_each_answer_counts_for_its_rules_first_rule_and_settles_when_expected(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The rules' first citation counts, not a ruling cited before it; an answer with no rule counts for nothing; a
    subrule of an expected rule settles it."""
    rows = [{"question": "a", "expected_rules": ["702.19"], "source": "https://example.org/a"},
            {"question": "b", "expected_rules": ["608.2b"], "source": "https://example.org/b"},
            {"question": "c", "expected_rules": ["608.2b"], "source": "https://example.org/c"}]
    got = [(0.5, 0.3, None, ["ruling:X:2020-01-01:1", "702.19b", "608.2b"]), (0.0, 0.2, None, ["613.1d", "608.2b"]), None]
    monkeypatch.setattr(firsts, "weighed", lambda book, deck, rs: got)
    first, settled, n = record(None, None, rows)
    assert n == 2 and first == Counter({("702.19b", fold(rows[0])): 1, ("613.1d", fold(rows[1])): 1})
    assert settled == Counter({("702.19b", fold(rows[0])): 1, ("613.1d", fold(rows[1])): 0})


def test_the_bundled_record_reads_whole(full_book: Rulebook) -> None:
    """Every line of data/firsts.tsv is read, and each rule in it is one the 2026 CR has under its name."""
    from rulesgraph.build.index import firsts_of

    table, problems = read_firsts(FILE.read_text(encoding="utf-8"))
    assert problems == [] and len(table) > 300
    assert len(firsts_of(full_book.graph, table)) == len(table)
