"""The learned rule words table reader (rulesgraph/parse/learned.py)."""

from __future__ import annotations

from rulesgraph.parse.learned import read_learned, rule_name


def test_each_line_is_a_rule_its_name_its_questions_and_its_words_with_counts() -> None:
    table, problems = read_learned("# made by bench/learn.py\n\n702.19b\ttrample\t4\ttrampl:12 block:5\n"
                                   "608.2b\tif the resolving spell\t3\tfizzl:3\n")
    assert table == {"702.19b": ("trample", 4, {"trampl": 12, "block": 5}), "608.2b": ("if the resolving spell", 3, {"fizzl": 3})}
    assert problems == []


def test_any_line_ending_and_a_bom_are_read() -> None:
    for text in ("\ufeff702.19b\ttrample\t1\ttrampl:2\r\n608.2b\tx\t1\tfizzl:1\r\n",
                 "702.19b\ttrample\t1\ttrampl:2\r608.2b\tx\t1\tfizzl:1\r"):
        assert read_learned(text) == ({"702.19b": ("trample", 1, {"trampl": 2}), "608.2b": ("x", 1, {"fizzl": 1})}, [])


def test_a_line_not_of_the_shape_is_left_out_and_said_with_its_number() -> None:
    text = ("702.19b\ttrample\t1\ttrampl:2\nno tab here\n608.2b\tx\t1\tfizzl:x\n704.5g\tx\t1\tdie:0\n\tx\t1\tdie:1\n"
            "613.1\tlayers\t2\tlayer:2\n702.19c\ttrample\t1\t\n704.5h\tx\t1\tdie:\u00b2\n702.19b\ttrample\t1\tblock:1\n"
            "704.5i\tx\tmany\tdie:1\n704.5j\tx\t0\tdie:1\n704.5k\tx\tdie:1\n")
    table, problems = read_learned(text)
    assert table == {"702.19b": ("trample", 1, {"trampl": 2}), "613.1": ("layers", 2, {"layer": 2})}
    assert [n for n, _ in problems] == [2, 3, 4, 5, 7, 8, 9, 10, 11, 12]
    assert "not a stem:count pair" in problems[1][1] and "given again" in problems[6][1]
    assert "not a number of questions" in problems[7][1] and "not a number of questions" in problems[8][1]
    assert "rule<TAB>name<TAB>questions" in problems[9][1]  # the old three-column line


def test_a_stem_said_twice_on_a_line_counts_both_times() -> None:
    assert read_learned("702.19b\ttrample\t2\ttrampl:2 trampl:3\n")[0] == {"702.19b": ("trample", 2, {"trampl": 5})}


def test_a_rule_is_named_by_its_title_or_its_first_words() -> None:
    assert rule_name("Trample", "whatever") == "trample"
    assert rule_name(None, "To play, each player needs their own deck of traditional Magic cards") == "to play each player needs"
    assert rule_name("", None) == ""


def test_a_count_of_thousands_of_digits_is_left_out() -> None:
    table, problems = read_learned(f"702.19b\ttrample\t{'9' * 5000}\ttrampl:1\n608.2b\tx\t1\tfizzl:{'9' * 5000}\n")
    assert table == {} and [n for n, _ in problems] == [1, 2]


def test_each_questions_line_is_its_rules_and_its_stems() -> None:
    from rulesgraph.parse.learned import read_questions

    text = "\ufeff# made by bench/learn.py\r\n603.10a 700.4\texil trigger still\r\n\n702.19b\ttrampl block\r"
    assert read_questions(text) == ([(("603.10a", "700.4"), ("exil", "trigger", "still")), (("702.19b",), ("trampl", "block"))], [])


def test_a_questions_line_not_of_the_shape_is_left_out_and_said_with_its_number() -> None:
    from rulesgraph.parse.learned import read_questions

    text = "702.19b\ttrampl\nno tab here\n\ttrampl\n702.19b\t \n702.19b\ttrampl\textra\n613.1\tlayer\n"
    table, problems = read_questions(text)
    assert table == [(("702.19b",), ("trampl",)), (("613.1",), ("layer",))]
    assert [n for n, _ in problems] == [2, 3, 4, 5] and all("rule rule" in why for _, why in problems)
