"""The first rules' record reader (rulesgraph/parse/firsts.py)."""

from __future__ import annotations

from rulesgraph.parse.firsts import read_firsts


def test_each_line_is_a_rule_its_name_a_part_and_two_counts() -> None:
    table, problems = read_firsts("# made by bench/firsts.py\n\n613.1d\tlayers\t3\t4\t0\n613.1d\tlayers\t7\t2\t1\n"
                                  "608.2b\tif the resolving spell\t0\t5\t5\n")
    assert table == {"613.1d": ("layers", {3: (4, 0), 7: (2, 1)}), "608.2b": ("if the resolving spell", {0: (5, 5)})}
    assert problems == []


def test_any_line_ending_and_a_bom_are_read() -> None:
    for text in ("\ufeff613.1d\tlayers\t3\t4\t0\r\n608.2b\tx\t0\t1\t1\r\n", "613.1d\tlayers\t3\t4\t0\r608.2b\tx\t0\t1\t1\r"):
        assert read_firsts(text) == ({"613.1d": ("layers", {3: (4, 0)}), "608.2b": ("x", {0: (1, 1)})}, [])


def test_a_line_not_of_the_shape_is_left_out_and_said_with_its_number() -> None:
    text = ("613.1d\tlayers\t3\t4\t0\nno tab here\n608.2b\tx\t0\t1\t2\n704.5g\tx\tone\t1\t0\n\tx\t1\t1\t0\n"
            "613.1d\tlayers\t3\t1\t1\n613.1d\tother name\t4\t1\t1\n702.19b\ttrample\t1\t-1\t0\n702.19c\ttrample\t2\t\u00b2\t0\n"
            "702.19d\ttrample\t2\t1\n")
    table, problems = read_firsts(text)
    assert table == {"613.1d": ("layers", {3: (4, 0)})}
    assert [n for n, _ in problems] == [2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert "and two counts" in problems[1][1] and "and two counts" in problems[2][1]  # 2 settled of 1
    assert "given again in part 3" in problems[4][1] and "under another name" in problems[5][1]
    assert "rule<TAB>name<TAB>part" in problems[0][1] and "rule<TAB>name<TAB>part" in problems[8][1]


def test_a_part_out_of_range_or_a_count_of_thousands_of_digits_is_left_out() -> None:
    """A part no benchmark could leave out (10 and more) would give a question its own label; a count of 5,000 digits is
    no count (``int`` refuses it: the load said a traceback)."""
    table, problems = read_firsts(f"613.1d\tlayers\t10\t4\t0\n613.1d\tlayers\t3\t{'9' * 5000}\t0\n613.1d\tlayers\t2\t4\t1\n")
    assert table == {"613.1d": ("layers", {2: (4, 1)})} and [n for n, _ in problems] == [1, 2]
    assert "(0-9)" in problems[0][1]
