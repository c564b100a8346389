from __future__ import annotations

import pytest

from rulesgraph.parse.numbers import LETTERS, expand_range, in_order, is_title, level_of, order_key, parent_of, rule_line, sort_key


def test_letters_skip_l_and_o() -> None:
    assert "l" not in LETTERS and "o" not in LETTERS and len(LETTERS) == 24


@pytest.mark.parametrize(
    ("start", "end", "members"),
    [
        ("601.2f", "h", ["601.2f", "601.2g", "601.2h"]),
        ("103.2a", "e", ["103.2a", "103.2b", "103.2c", "103.2d", "103.2e"]),
        ("704.5k", "n", ["704.5k", "704.5m", "704.5n"]),  # skips l
        ("704.5n", "p", ["704.5n", "704.5p"]),  # skips o
        ("119.7", "8", ["119.7", "119.8"]),
        ("601.2b", "601.2d", ["601.2b", "601.2c", "601.2d"]),
        ("601.2h", "f", []),
        ("601.2b", "602.1a", []),
    ],
)
def test_expand_range(start: str, end: str, members: list[str]) -> None:
    assert expand_range(start, end) == members


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("702.19. Trample", ("702.19", "rule", "Trample")),
        ("702.19b The controller of …", ("702.19b", "subrule", "The controller of …")),
        ("606.5 If the total cost", ("606.5", "rule", "If the total cost")),
        ("119.1d. In a two-player Brawl game", ("119.1d", "subrule", "In a two-player Brawl game")),
        ("901.4.All plane and phenomenon cards", ("901.4", "rule", "All plane and phenomenon cards")),
        ("702. Keyword Abilities", ("702", "section", "Keyword Abilities")),
        ("7. Additional Rules", ("7", "chapter", "Additional Rules")),
        ("Example: a creature", None),
        ("2020 was a year", None),
    ],
)
def test_rule_line_forms(line: str, expected: tuple[str, str, str] | None) -> None:
    assert rule_line(line) == expected


def test_levels_parents_and_order() -> None:
    assert [level_of(n) for n in ("7", "702", "702.19", "702.19b")] == ["chapter", "section", "rule", "subrule"]
    assert [parent_of(n) for n in ("702.19b", "702.19", "702", "7")] == ["702.19", "702", "7", None]
    assert sorted(["702.19b", "702.2", "702.19", "7", "702"], key=sort_key) == ["7", "702", "702.2", "702.19", "702.19b"]


def test_titles_are_short_unpunctuated_texts() -> None:
    assert is_title("Trample") and is_title("Interaction of Continuous Effects")
    assert not is_title("These Magic rules apply to any Magic game.")


def test_a_rules_text_begins_as_a_sentence_does() -> None:
    """A reference broken onto a line of its own is no rule: "702.2.) If …", "601.2, and …", "702.19b of the …"."""
    assert rule_line("702.19b The controller of an attacking creature") == ("702.19b", "subrule", "The controller of an attacking creature")
    assert rule_line("112.3 “Quoted” text") is not None and rule_line("611.3 (Obsolete) text") is not None
    assert rule_line("702.2.) If a creature") is None and rule_line("120.6 ) Any") is None
    assert rule_line("702.19b of the rules") is None and rule_line("601.2, and then") is None


def test_the_numbered_lines_kept_are_the_longest_run_in_order() -> None:
    assert order_key("7") < order_key("700") < order_key("702.19") < order_key("702.19a") < order_key("702.19l") < order_key("702.20")
    # "702.2" said by a broken reference inside 120: the rules around it stay, it goes
    assert in_order(["120.4", "120.4a", "702.2", "120.5", "120.6", "121"]) == {0, 1, 3, 4, 5}
    # a number said early (a reference) and then in its place: the one in its place is the rule
    assert in_order(["120.4a", "120.6", "120.5", "120.6"]) == {0, 2, 3}
    assert in_order(["702.19a", "702.19b", "702.19b", "702.19c"]) == {0, 1, 3}  # a number given twice keeps its first
    assert in_order(["702", "702.1", "702.2", "100", "100.1"]) == {0, 1, 2, 3, 4}  # an excerpt's sections in any order
    assert in_order([]) == set()


def test_a_body_shuffled_throughout_is_read_by_its_longest_rising_run() -> None:
    """Mending section by section costs a pass over the runs for each stray (a shuffled CR's 3,525 numbered lines took
    21 s); past STRAYS strays the body is read by its longest rising run, in n log n."""
    import random

    from rulesgraph.parse.numbers import STRAYS

    numbers = [f"{s}.{r}" for s in range(100, 160) for r in range(1, 12)]
    random.Random(7).shuffle(numbers)
    kept = sorted(in_order(numbers))
    keys = [order_key(numbers[i]) for i in kept]
    assert len(numbers) - 60 > STRAYS and keys == sorted(set(keys)) and len(kept) >= 20
