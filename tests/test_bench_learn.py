"""bench/learn.py: the learned rule words come from the team's labelled sets, less the named cards' names, and the
bundled table (data/learned.tsv) is what those sets make today."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rulesgraph.parse.learned import read_learned

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from learn import TRAINING, learned, table  # noqa: E402


def _set(tmp_path: Path, rows: list[dict]) -> Path:
    path = tmp_path / "set.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_a_questions_words_go_to_its_rules_and_their_rules_less_its_cards_names(tmp_path: Path) -> None:
    path = _set(tmp_path, [
        {"question": "Does my Colossal Dreadmaw trample over a chump blocker?", "expected_rules": ["702.19b"],
         "cards": ["Colossal Dreadmaw"]},
        {"question": "does it fizzle?", "expected_rules": ["608.2b"]},
        {"question": "no label here", "expected_rules": []},
    ])
    words, n = learned([path])
    assert n == 2 and set(words) == {"702.19b", "702.19", "608.2b", "608.2"}
    assert words["702.19b"]["trampl"] == 1 and words["702.19"] == words["702.19b"]
    assert not {"coloss", "dreadmaw"} & words["702.19b"].keys()
    parsed, problems = read_learned(table([path]))
    assert problems == [] and parsed["608.2b"] == dict(words["608.2b"])
    assert list(parsed) == ["608.2", "608.2b", "702.19", "702.19b"]  # the CR's order


def test_the_real_policy_and_keyword_sets_are_never_learned_from() -> None:
    assert "keywords" not in TRAINING and not any("real" in name or "policy" in name or "chain" in name for name in TRAINING)


def test_the_bundled_table_is_what_the_sets_make_today() -> None:
    out = subprocess.run([sys.executable, str(BENCH / "learn.py"), "--check"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
