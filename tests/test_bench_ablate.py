"""bench/ablate.py: question sets read without a blind part, and hits counted with and without a step."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rulesgraph import Rulebook
from rulesgraph.rank.pipeline import Pipeline
from rulesgraph.rank.ranking import STEPS

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from ablate import analysed, halves, hits, read_set  # noqa: E402


def test_a_set_is_read_without_its_blind_part(tmp_path: Path) -> None:
    path = tmp_path / "forum.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in [
        {"question": "a", "expected_rules": ["1"]}, {"question": "b", "expected_rules": ["2"], "part": "blind"},
        {"question": "c", "expected_rules": ["3"], "part": "tune"}]), encoding="utf-8")
    assert [r["question"] for r in read_set(path)["forum"]] == ["a", "c"]
    assert list(read_set(tmp_path)) == ["forum"]


def test_removing_a_step_that_earns_a_hit_loses_it(mini_book: Rulebook) -> None:
    """"can a tapped creature block?" is answered by 509.1a's words; without the text step nothing is a candidate."""
    row = {"question": "can a tapped creature block?", "expected_rules": ["509.1a"]}
    a = analysed(mini_book, None, row["question"])
    assert a is not None
    assert hits(mini_book, [(row, a)], STEPS) == (1, 1)
    assert hits(mini_book, [(row, a)], Pipeline(s for s in STEPS.steps if s.name != "text")) == (0, 0)


def test_halves_deal_the_real_pages_out_whole_and_keep_the_team_files() -> None:
    """``--halves``: every real question lands in one half with all of its page's, the same way every run; a team file
    (no source page) stays a column of its own."""
    real = [{"question": f"q{i}", "expected_rules": ["1"], "part": "tune", "source": f"page{i % 7}"} for i in range(40)]
    sets = {"more": real[:25], "columns": real[25:], "dev": [{"question": "d", "expected_rules": ["2"]}]}
    split = halves(sets)
    assert set(split) == {"dev", "real, half 1", "real, half 2"} and split["dev"] == sets["dev"]
    one, two = ({r["source"] for r in split[f"real, half {n}"]} for n in (1, 2))
    assert one and two and not one & two
    assert len(split["real, half 1"]) + len(split["real, half 2"]) == 40
    assert halves(sets) == split
