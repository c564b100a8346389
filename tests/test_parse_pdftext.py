"""Cleaning extracted PDF text (rulesgraph.parse.pdftext) on invented lines: page numbers, running headers and the
contents are left out but kept as skipped records with their lines; fragments are joined; paragraphs rebuilt."""

from __future__ import annotations

from rulesgraph.parse.pdftext import Line, clean, join_text, norm_title


def _pages(n: int) -> list[str]:
    """``n`` pages of two paragraphs, each page ending with a running footer and its page number."""
    out: list[str] = []
    for p in range(1, n + 1):
        out += [f"Paragraph {p} says one thing", "and goes on.", "", f"Another paragraph of page {p}.", "",
                "Sample Policy Handbook", str(p), ""]
    return out


def test_page_numbers_and_running_footers_are_skipped_with_their_lines() -> None:
    got = clean(_pages(5), "s.txt")
    texts = [line.text for line in got.lines if line.text]
    assert "Sample Policy Handbook" not in texts and not any(t.isdigit() for t in texts)
    assert texts[:2] == ["Paragraph 1 says one thing", "and goes on."]
    kinds = {(s.reason, s.origin.line) for s in got.skipped}
    assert ("page number", 7) in kinds and ("running header or footer", 6) in kinds
    assert all(s.origin.file == "s.txt" for s in got.skipped)


def test_a_line_repeated_away_from_page_breaks_stays() -> None:
    lines = ["Refrain line", "", "Text one.", "", "Refrain line", "", "Text two.", "", "Refrain line", "", "Refrain line", ""]
    assert sum(1 for line in clean(lines, "r.txt").lines if line.text == "Refrain line") == 4


def test_contents_lines_are_read_and_skipped() -> None:
    lines = ["SAMPLE GUIDE", "", "1. Opening Words ........ 3", "1.2 Second Topic ..... 4", "Appendix Z—Extras ...... 9", "",
             "1. Opening Words", "", "Text."]
    got = clean(lines, "t.txt")
    assert [(e.number, e.title, e.page, e.no) for e in got.toc] == [
        ("1", "Opening Words", 3, 3), ("1.2", "Second Topic", 4, 4), (None, "Appendix Z—Extras", 9, 5)]
    assert [line.text for line in got.lines if line.text] == ["SAMPLE GUIDE", "1. Opening Words", "Text."]
    assert [s.reason for s in got.skipped] == ["table of contents"] * 3


def test_dot_leaders_on_a_line_of_their_own_join_their_title() -> None:
    """A converter that puts the leaders and page on their own line ("1.2 Second Topic" / "........ 4"): left apart, the
    titles were read as the body's headings and every section's text went under the contents (parser audit, stop 75)."""
    lines = ["SAMPLE GUIDE", "", "1. Opening Words", "........ 3", "1.2 Second Topic", "", "..... 4", "", "1. Opening Words", "",
             "Text."]
    got = clean(lines, "t.txt")
    assert [(e.number, e.title, e.page) for e in got.toc] == [("1", "Opening Words", 3), ("1.2", "Second Topic", 4)]
    assert [line.text for line in got.lines if line.text] == ["SAMPLE GUIDE", "1. Opening Words", "Text."]


def test_the_heading_of_the_contents_goes_with_them() -> None:
    """"CONTENTS" over the dot leaders is the contents' (it ended the passage before them: the IPG's Framework); a line
    there that does not say so (an effective date, a title) stays, and so does "Contents" where no contents follow."""
    lines = ["Effective May 1, 2030", "", "Framework words.", "", "CONTENTS", "", "Intro ........ 3", "", "1. Opening ...... 4",
             "", "2. Closing ...... 5", "", "Contents", "", "Text."]
    got = clean(lines, "c.txt")
    assert [line.text for line in got.lines if line.text] == ["Effective May 1, 2030", "Framework words.", "Contents", "Text."]
    assert next((s.reason, s.text) for s in got.skipped) == ("table of contents", "CONTENTS")
    dated = clean(["SAMPLE GUIDE", "Effective May 1, 2030", "", "Intro ........ 3", "1. Opening ...... 4", "2. Closing ...... 5"], "d.txt")
    assert [line.text for line in dated.lines if line.text] == ["SAMPLE GUIDE", "Effective May 1, 2030"]


def test_fragments_of_a_run_per_line_extraction_are_joined() -> None:
    lines = ["4.7", "Some Heading", "•", "an item", "T", "HE", "S", "AMPLE", "plain words"]  # no blank lines at all
    texts = [line.text for line in clean(lines, "f.txt").lines]
    assert texts[:2] == ["4.7  Some Heading", "•  an item"]
    assert "THE" in texts and "SAMPLE" in texts and texts[-1] == "plain words"


def test_join_text_rebuilds_paragraphs() -> None:
    def lines(*texts: str) -> list[Line]:
        return [Line(i + 1, t) for i, t in enumerate(texts)]

    assert join_text(lines("A first", "sentence here", ".", "", "Second one.")) == "A first sentence here.\n\nSecond one."
    assert join_text(lines("an invitation-", "only event")) == "an invitation-only event"
    assert join_text(lines("A page break fell", "", "in the middle.")) == "A page break fell in the middle."
    assert join_text(lines("List:", "• one", "• two")) == "List:\n\n• one\n\n• two"
    assert join_text(lines("Definition", "A player errs.", "Philosophy", "It happens.")) == \
        "Definition\n\nA player errs.\n\nPhilosophy\n\nIt happens."
    assert join_text(lines("He said “", "hello", "” twice")) == "He said “hello” twice"
    assert join_text([]) == ""


def test_norm_title_compares_loosely() -> None:
    assert norm_title("Game  Play Error — Missed   Trigger") == norm_title("game play error - missed trigger")
    assert norm_title("Player’s Turn") == "player's turn"
