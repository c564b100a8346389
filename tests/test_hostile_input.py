"""Hostile rules files (issue 18): absurd ranges, inputs that made a parser quadratic, numbers too long for
``int()``, and a fuzz run of files made from the grammar of real rules lines.

Growth is asserted, not time: each repetitive shape is built at ``n`` and at 4 × ``n`` repeats, and the larger
may take at most :data:`GROWS` × as long (a linear parser takes ~4 ×, a quadratic one ~16 ×).
``bench/fuzz_rules.py`` is the long fuzz run.
"""

from __future__ import annotations

import math
import random

import pytest

from rulesgraph.errors import SourceError
from rulesgraph.parse.numbers import RANGE_LIMIT

from .hostile import GROWTH, Growth, build, cr_file, faq_file, generated_file, growth_ratio

GROWS = 8
"""The most the larger input may take, as a multiple of the smaller's time: midway (geometrically) between a linear
parser's 4 × and a quadratic one's 16 × (5 × until stop 85: a linear scan's 4 × has little room under it on a loaded
machine, and a page scan timed so failed CI once at 6.7 ×)."""


@pytest.mark.parametrize("case", GROWTH, ids=[c.name for c in GROWTH])
def test_parsing_grows_linearly(case: Growth) -> None:
    small, large = growth_ratio(case)
    for _ in range(2):  # more tries, longer: on a shared machine a burst of load can still land on one side
        if large <= GROWS * small:
            break
        small, large = growth_ratio(case, repeat=5)
    assert large <= GROWS * small, f"{case.name}: {small * 1000:.1f} ms → {large * 1000:.1f} ms for 4 × the input"


def test_a_range_expands_only_to_the_rules_present() -> None:
    g = build(cr_file(["100.9. See rules 100.2–8, 100.4a–c and 100.5–100.6."]))
    cites = sorted(v for u, v, k in g.edges(keys=True) if u == "100.9" and k == "cites")
    assert cites == ["100.2", "100.3", "100.4", "100.5", "100.6"]  # 100.7, 100.8, 100.4a–c do not exist
    missing = {(d["target"], d["reason"]) for d in g.graph["dangling"]}
    assert missing == {("100.8", "no such rule"), ("100.4a", "no such rule"), ("100.4c", "no such rule")}  # the ends


@pytest.mark.parametrize("end", ["10000000", "999999", "100." + "9" * 5000])
def test_an_absurd_range_is_one_report_line_and_costs_nothing(end: str) -> None:
    # the 291-byte file of the issue: 100.1–10⁷ took 24 s and a MemoryError
    g = build(cr_file([f"100.9. See rules 100.1–{end}."]))
    cites = sorted(v for u, v, k in g.edges(keys=True) if u == "100.9" and k == "cites")
    assert cites == ["100.1"]
    (line,) = g.graph["dangling"]
    assert line["line"] > 1 and f"more than {RANGE_LIMIT} numbers" in line["reason"]


@pytest.mark.parametrize("make", [lambda n: cr_file([f"100.{n}. A rule with a long number."]),
                                  lambda n: faq_file(f"Is 100.{n} a rule?", f"See rule 100.{n}."),
                                  lambda n: f"100.{n}a A rule line.\n702.19a Trample.\n\nQ: What?\nA: This.\n"],
                         ids=["cr", "faq question", "faq rule line"])
def test_a_5000_digit_rule_number_is_text(make: object) -> None:
    g = build(make("9" * 5000))  # type: ignore[operator]
    assert all(len(n) < 100 for n in g.nodes)  # not a rule: its line is text or reported, never int() of 5,000 digits


def test_fuzz_generated_rules_files() -> None:
    """A small fuzz run (the long one: ``bench/fuzz_rules.py``): no exception but a one-line refusal."""
    rng = random.Random(18)
    for i in range(40):
        _, text = generated_file(rng, int(math.exp(rng.uniform(math.log(200), math.log(20_000)))))
        try:
            build(text, f"fuzz-{i}.txt")
        except SourceError as exc:
            assert str(exc).startswith(f"fuzz-{i}.txt:") and "\n" not in str(exc)
