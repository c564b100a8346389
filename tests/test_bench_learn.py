"""bench/learn.py: the learned rule words come from the team's labelled sets, less the named cards' names, and the
bundled table (data/learned.tsv) is what those sets make today."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rulesgraph import Rulebook
from rulesgraph.parse.learned import read_learned

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from learn import TRAINING, known, learned, table  # noqa: E402


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
    parsed, problems = read_learned(table([path], name=lambda rule: "its rule"))
    assert problems == [] and parsed["608.2b"] == ("its rule", dict(words["608.2b"]))
    assert list(parsed) == ["608.2", "608.2b", "702.19", "702.19b"]  # the CR's order


def test_a_rule_the_rules_do_not_have_is_left_out(tmp_path: Path) -> None:
    path = _set(tmp_path, [{"question": "does it fizzle?", "expected_rules": ["608.2b", "999.9"]}])
    parsed, _ = read_learned(table([path], name=lambda rule: None if rule.startswith("999") else "x"))
    assert set(parsed) == {"608.2b", "608.2"}


def test_the_real_policy_and_keyword_sets_are_never_learned_from() -> None:
    assert "keywords" not in TRAINING and not any("real" in name or "policy" in name or "chain" in name for name in TRAINING)


def test_only_words_the_index_knows_as_words_are_learned(full_book: Rulebook, tmp_path: Path) -> None:
    """A card's name or nickname is not a word the rules, the alias table or English use: it is never learned, even when
    the question's label names no card; the rules' words, slang and ordinary words are."""
    keep = known(full_book.index)
    assert all(keep(w) for w in ("trample", "fizzle", "etb", "swing", "dies"))
    assert not any(keep(w) for w in ("urborg", "goyf", "griselbrand", "thragtusk"))
    path = _set(tmp_path, [{"question": "my goyf tramples over, does urborg matter?", "expected_rules": ["702.19b"]}])
    assert set(learned([path], keep)[0]["702.19b"]) == {"trampl", "over", "matter"}


def test_the_bundled_table_is_what_the_sets_make_today(cr2026: Path) -> None:
    out = subprocess.run([sys.executable, str(BENCH / "learn.py"), "--check", "--cr", str(cr2026)], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
