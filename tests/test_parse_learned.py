"""The learned rule words table reader (rulesgraph/parse/learned.py)."""

from __future__ import annotations

from rulesgraph.parse.learned import read_learned


def test_each_line_is_a_rule_and_its_words_with_counts() -> None:
    table, problems = read_learned("# made by bench/learn.py\n\n702.19b\ttrampl:12 block:5\n608.2b\tfizzl:3\n")
    assert table == {"702.19b": {"trampl": 12, "block": 5}, "608.2b": {"fizzl": 3}} and problems == []


def test_any_line_ending_and_a_bom_are_read() -> None:
    for text in ("\ufeff702.19b\ttrampl:2\r\n608.2b\tfizzl:1\r\n", "702.19b\ttrampl:2\r608.2b\tfizzl:1\r"):
        assert read_learned(text) == ({"702.19b": {"trampl": 2}, "608.2b": {"fizzl": 1}}, [])


def test_a_line_not_of_the_shape_is_left_out_and_said_with_its_number() -> None:
    text = "702.19b\ttrampl:2\nno tab here\n608.2b\tfizzl:x\n704.5g\tdie:0\n\tdie:1\n613.1\tlayer:2\n"
    table, problems = read_learned(text)
    assert table == {"702.19b": {"trampl": 2}, "613.1": {"layer": 2}}
    assert [n for n, _ in problems] == [2, 3, 4, 5]
    assert "not a stem:count pair" in problems[1][1]


def test_a_stem_said_twice_on_a_line_counts_both_times() -> None:
    assert read_learned("702.19b\ttrampl:2 trampl:3\n")[0] == {"702.19b": {"trampl": 5}}
