"""Page numbers, running headers and words hyphenated at a line's end: told apart from the text by how pages repeat."""

from __future__ import annotations

from rulesgraph.parse.furniture import Vocabulary, english, furniture, page_numbers, rejoined, running_heads, without


def _page(no: int, lines: int = 40) -> list[str]:
    return [f"text of page {no}, line {k}" for k in range(lines)] + [str(no), "Tournament Rules"]


def test_page_numbers_are_the_run_that_rises_a_page_apart() -> None:
    lines = [line for no in range(51, 56) for line in _page(no)]
    at = len(lines) - 10
    cells = ["17-32", "5", "Top 8", "33-64", "6", "Top 8", "65-128", "7", "Top 8", "129-226", "8", "Top 8"]
    lines[at:at] = cells  # a table's cells, one a line (a table whose numbers went on from the page's own could pass for pages)
    numbered = list(enumerate(lines, 1))
    pages = page_numbers(numbered)
    assert sorted(lines[n - 1] for n in pages) == ["51", "52", "53", "54", "55"]
    assert running_heads(numbered, pages) == {"Tournament Rules"}  # "Top 8" is said as often, but not beside pages


def test_a_page_may_carry_no_number_and_one_number_alone_is_none() -> None:
    lines = [*_page(1, 5), *[f"full-page table {k}" for k in range(5)], *_page(3, 5)]  # page 2 unnumbered
    assert sorted(int(lines[n - 1]) for n in page_numbers(list(enumerate(lines, 1)))) == [1, 3]
    assert page_numbers([(1, "text"), (2, "4"), (3, "more")]) == set()


def test_blank_lines_around_a_page_break_go_with_it_but_one_may_end_an_entry() -> None:
    before = [line for no in range(1, 6) for line in _page(no, 5)]
    lines = [*before, "Term A", "Definition of A ends here.", "", *_page(6, 0), "", "Term B", "Definition of B goes on over",
             "", *_page(7, 0), "", "the page in lower case."]
    numbered = list(enumerate(lines, 1))
    furn = furniture(numbered)
    assert {lines[n - 1] for n, why in furn.items() if why != "page break"} == {*map(str, range(1, 8)), "Tournament Rules"}
    assert [text for _, text in without(numbered, furn)][-5:] == [
        "Term A", "Definition of A ends here.", "Term B", "Definition of B goes on over", "the page in lower case."]
    assert [text for _, text in without(numbered, furn, paragraphs=True)][-6:] == [
        "Term A", "Definition of A ends here.", "", "Term B", "Definition of B goes on over", "the page in lower case."]
    assert furniture([(1, "a file"), (2, "with no pages")]) == {}


def test_a_word_broken_at_a_line_end_is_joined_as_the_document_or_english_writes_it() -> None:
    words = Vocabulary(["the noncreature spell", "enters-the-battlefield abilities"])
    assert rejoined("may be trans-", "ferred between players", words) == "may be transferred between players"  # English
    assert rejoined("a non-", "creature spell", words) == "a noncreature spell"  # the document writes it whole
    assert rejoined("enters-the-", "battlefield abilities", words) == "enters-the-battlefield abilities"
    assert rejoined("invitation-", "only events", words) == "invitation-only events"  # no word: the hyphen stays
    assert rejoined("a line that ends", "on no hyphen", words) is None
    assert rejoined("Two-", "Headed Giant", words) == "Two-Headed Giant"  # a capital after it: the compound's hyphen
    assert rejoined("non-", "English cards", words) == "non-English cards"
    assert rejoined("a pause -", "then more", words) is None and rejoined("ends-", "— a dash", words) is None
    assert english("situation") and not english("thebattlefield")


def test_a_form_feed_alone_on_its_line_is_a_page_break_and_a_list_goes_on_over_one() -> None:
    lines = ["Color", "1. A characteristic of an object.", "", "\f", "", "2. Part of a card.", "", "Colorless", "Having no color."]
    numbered = list(enumerate(lines, 1))
    furn = furniture(numbered)
    assert furn == {3: "page break", 4: "page break", 5: "page break"}
    assert [text for _, text in without(numbered, furn, paragraphs=True)] == [
        "Color", "1. A characteristic of an object.", "2. Part of a card.", "", "Colorless", "Having no color."]
