"""Answers are unchanged: the top-5 citation ids of every question of every bench set, against the
answers recorded in ``tests/golden/answers.json`` by ``bench/answers.py`` (with the 2026 CR and the bundled
seeds).  A change of answers is made on purpose, in a commit that names the rule that changed them and
what it did to ``bench/accuracy.py``'s table, by re-recording (``python bench/answers.py --record``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulesgraph import Rulebook

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from answers import answers_of, recorded, sets  # noqa: E402  (the benchmark's own way of asking)

pytestmark = pytest.mark.full_cr
RECORDED = recorded()


@pytest.mark.parametrize("path", sets(), ids=lambda p: p.stem)
def test_answers_are_as_recorded(full_book: Rulebook, path: Path) -> None:
    if path.stem not in RECORDED:
        pytest.skip(f"{path.name} is not recorded yet (python bench/answers.py --add-new)")
    now = answers_of(full_book, path)
    before = RECORDED[path.stem]
    assert len(now) == len(before), f"{path.name} has {len(now)} questions, {len(before)} were recorded"
    changed = [(i, b, a) for i, (b, a) in enumerate(zip(before, now, strict=True)) if a != b]
    first = f"#{changed[0][0]} {changed[0][1]} → {changed[0][2]}" if changed else ""
    assert not changed, f"{len(changed)} of {len(now)} answers of {path.name} changed, first: {first}"


def test_every_recorded_set_still_exists() -> None:
    assert set(RECORDED) <= {p.stem for p in sets()}
