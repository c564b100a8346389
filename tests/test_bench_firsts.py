"""bench/firsts.py: the first rules' record is written one line per rule and part, under the name of its rule in the
loaded CR, in the CR's order; the rules' standing counts each rule cited among the first SHOWN rules, from answers
ranked without the standing step; and the bundled tables are what the ranking of today writes (checked in CI's suite
only through their shape: the full run answers every real tuning question)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from rulesgraph import Rulebook
from rulesgraph.parse.firsts import read_firsts

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
import firsts  # noqa: E402
from firsts import FILE, STANDING, record, standing, written  # noqa: E402
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
    assert problems == [] and len(table) > 200  # 264 rules in stop 67 (rule 75 puts fewer different rules first)
    assert len(firsts_of(full_book.graph, table)) == len(table)


def test_the_standing_counts_the_first_rules_by_their_rule_ranked_without_the_step(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Each of the first SHOWN rule citations counts for its rule (a ruling or a glossary entry for none), expected when
    it hits an expected rule; the answers are ranked with the standing's weight at 0, and the weight is put back."""
    import rulesgraph.rank.ranking as ranking

    rows = [{"question": "a", "expected_rules": ["702.19"], "source": "https://example.org/a"},
            {"question": "b", "expected_rules": ["608.2b"], "source": "https://example.org/b"}]
    seen: list[float] = []

    def answered(book, deck, rs):  # type: ignore[no-untyped-def]
        seen.append(ranking.WEIGHTS["standing"])
        return [(0.5, 0.3, None, ["ruling:X:2020-01-01:1", "702.19b", "glossary:Trample", "702.19c", *(f"70{i}.1" for i in range(1, 9))]),
                (0.0, 0.2, None, ["613.1d", "608.2b"])]

    weight = ranking.WEIGHTS["standing"]
    monkeypatch.setattr(firsts, "weighed", answered)
    cited, right, n = standing(None, None, rows)
    assert seen == [0.0] and ranking.WEIGHTS["standing"] == weight and n == 2
    a, b = fold(rows[0]), fold(rows[1])
    assert cited[("702.19", a)] == 2 and right[("702.19", a)] == 2
    assert ("704.1", a) in cited and ("705.1", a) not in cited  # the sixth rule counts, the seventh not
    assert cited[("613.1", b)] == 1 and right[("613.1", b)] == 0 and right[("608.2", b)] == 1


def test_the_bundled_standing_reads_whole(full_book: Rulebook) -> None:
    """Every line of data/standing.tsv is read under its rule's name in the 2026 CR, with its own header."""
    from rulesgraph.build.index import firsts_of

    text = STANDING.read_text(encoding="utf-8")
    table, problems = read_firsts(text)
    assert problems == [] and len(table) > 300 and all(rule[-1].isdigit() for rule in table)  # rules (and a section), no subrule
    assert len(firsts_of(full_book.graph, table)) == len(table) and "times cited among the first rules" in text
