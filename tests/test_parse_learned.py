"""The learned rule words table reader (rulesgraph/parse/learned.py)."""

from __future__ import annotations

from rulesgraph.parse.learned import read_learned, rule_name


def test_each_line_is_a_rule_its_name_and_its_words_with_counts() -> None:
    table, problems = read_learned("# made by bench/learn.py\n\n702.19b\ttrample\ttrampl:12 block:5\n"
                                   "608.2b\tif the resolving spell\tfizzl:3\n")
    assert table == {"702.19b": ("trample", {"trampl": 12, "block": 5}), "608.2b": ("if the resolving spell", {"fizzl": 3})}
    assert problems == []


def test_any_line_ending_and_a_bom_are_read() -> None:
    for text in ("\ufeff702.19b\ttrample\ttrampl:2\r\n608.2b\tx\tfizzl:1\r\n", "702.19b\ttrample\ttrampl:2\r608.2b\tx\tfizzl:1\r"):
        assert read_learned(text) == ({"702.19b": ("trample", {"trampl": 2}), "608.2b": ("x", {"fizzl": 1})}, [])


def test_a_line_not_of_the_shape_is_left_out_and_said_with_its_number() -> None:
    text = ("702.19b\ttrample\ttrampl:2\nno tab here\n608.2b\tx\tfizzl:x\n704.5g\tx\tdie:0\n\tx\tdie:1\n"
            "613.1\tlayers\tlayer:2\n702.19c\ttrample\t\n704.5h\tx\tdie:\u00b2\n702.19b\ttrample\tblock:1\n")
    table, problems = read_learned(text)
    assert table == {"702.19b": ("trample", {"trampl": 2}), "613.1": ("layers", {"layer": 2})}
    assert [n for n, _ in problems] == [2, 3, 4, 5, 7, 8, 9]
    assert "not a stem:count pair" in problems[1][1] and "given again" in problems[-1][1]


def test_a_stem_said_twice_on_a_line_counts_both_times() -> None:
    assert read_learned("702.19b\ttrample\ttrampl:2 trampl:3\n")[0] == {"702.19b": ("trample", {"trampl": 5})}


def test_a_rule_is_named_by_its_title_or_its_first_words() -> None:
    assert rule_name("Trample", "whatever") == "trample"
    assert rule_name(None, "To play, each player needs their own deck of traditional Magic cards") == "to play each player needs"
    assert rule_name("", None) == ""
