"""The official CR parser, on small fixtures and on both full files."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from rulesgraph.model import Document
from rulesgraph.parse.cr import effective_date, parse_cr
from rulesgraph.sources.read import SourceText, read_source, split_lines

from .conftest import CR_2024, CR_2026, require_cr

MINI = """\ufeffMagic: The Gathering Comprehensive Rules\r
\r
These rules are effective as of June 19, 2026.\r
\r
Introduction\r
\r
This document is the ultimate authority.\r
\r
Contents\r
\r
1. Game Concepts\r
100. General\r
101. Missing Section\r
Glossary\r
Credits\r
\r
1. Game Concepts\r
\r
100. General\r
\r
100.1. These Magic rules apply to any Magic game. See rule 100.2.\r
\r
100.1a A two-player game is a game that begins with only two players.\r
Example: Two players start.\r
Example: A second example.\r
\r
100.1b A multiplayer game is a game that begins with more than two players.\r
     An indented continuation paragraph.\r
\r
100.1d Skipped c on purpose.\r
\r
100.2. To play, each player needs a deck.\r
\r
606.5 If the total cost contains no dot.\r
\r
Glossary\r
\r
APNAP Order\r
See Active Player, Nonactive Player Order.\r
\r
Active Player, Nonactive Player Order\r
A system that determines order. See rule 100.1.\r
\r
Bury (Obsolete)\r
A term that meant put into a graveyard.\r
\r
Color\r
1. A characteristic of an object. See rule 100.1.\r
2. Part of a card.\r
See also Colorless.\r
\r
Credits\r
\r
Design: Someone\r
"""


def mini() -> Document:
    return parse_cr(SourceText("mini.txt", split_lines(MINI.lstrip("\ufeff")), "0" * 64, "utf-8-sig"))


def test_structure_of_a_small_file() -> None:
    doc = mini()
    assert doc.effective == "2026-06-19"
    levels = Counter(r.level for r in doc.rules)
    assert levels == {"chapter": 1, "section": 1, "rule": 3, "subrule": 3}
    rules = {r.key: r for r in doc.rules}
    assert [e.text for e in rules["100.1a"].examples] == ["Example: Two players start.", "Example: A second example."]
    assert rules["100.1b"].text.endswith("\nAn indented continuation paragraph.")
    assert rules["606.5"].text == "If the total cost contains no dot."
    assert [r.targets for r in rules["100.1"].refs] == [("100.2",)]
    assert doc.front[0] == "Magic: The Gathering Comprehensive Rules" and doc.credits == ("Design: Someone",)


def test_glossary_forms() -> None:
    entries = {e.term: e for e in mini().glossary}
    assert entries["APNAP Order"].redirect == "Active Player, Nonactive Player Order"
    assert entries["Bury"].obsolete and "Bury (Obsolete)" not in entries
    assert entries["Color"].senses == ("A characteristic of an object. See rule 100.1.", "Part of a card.")
    assert [r.targets for r in entries["Color"].refs] == [("100.1",), ("Colorless",)]
    lines = MINI.lstrip("\ufeff").splitlines()  # each reference at the line that says it (check reports it there), not the term's
    assert [r.origin.line for r in entries["Color"].refs] == [
        1 + next(n for n, line in enumerate(lines) if needle in line) for needle in ("1. A characteristic", "See also Colorless")]
    assert entries["Color"].refs[0].origin.line > entries["Color"].origin.line


def test_anomalies_name_file_and_line() -> None:
    anomalies = {a.kind: a for a in mini().anomalies}
    gap = anomalies["letter-gap"]
    assert gap.origin.line == 30 and "100.1c" in gap.message
    assert anomalies["orphan"].message.startswith("606.5")  # there is no section 606
    assert "101. Missing Section" in anomalies["toc-mismatch"].message


def test_effective_date_without_trailing_period() -> None:
    assert effective_date(["These rules are effective as of February 2, 2024"]) == "2024-02-02"


@cache
def full(path: Path) -> Document:
    return parse_cr(read_source(path))


@pytest.mark.parametrize(
    ("name", "counts"),
    [
        ("MagicCompRules-20260619.txt", (9, 147, 1170, 1983, 277, 735)),
        ("MagicCompRules-20240202.txt", (9, 143, 1108, 1829, 276, 673)),
    ],
)
def test_full_file_counts(name: str, counts: tuple[int, ...]) -> None:
    doc = full(require_cr(CR_2026.parent / name))
    levels = Counter(r.level for r in doc.rules)
    examples = sum(len(r.examples) for r in doc.rules)
    assert (levels["chapter"], levels["section"], levels["rule"], levels["subrule"], examples, len(doc.glossary)) == counts
    assert [a for a in doc.anomalies if a.kind not in ("title-mismatch",)] == []


_LINE = re.compile(r"^(\d(?=\.\s)|\d{3}(?:\.\d+[a-z]?)?)(?:\.\s*|\s+)(.*)$")


@pytest.mark.parametrize("path", [CR_2026, CR_2024], ids=["2026", "2024"])
def test_every_rule_line_is_a_node_with_its_exact_text(path: Path) -> None:
    """Walk the source independently of the parser: every numbered body line, every Example: line,
    every indented continuation ends up, word for word, in the rule it belongs to."""
    doc = full(require_cr(path))
    rules = {r.key: r for r in doc.rules}
    lines = path.read_bytes().decode("utf-8-sig").split("\r\n")
    start = lines.index("Credits") + 1  # end of the contents
    end = max(i for i, line in enumerate(lines) if line == "Glossary")
    seen, current = 0, None
    for line in lines[start:end]:
        m = _LINE.match(line)
        if m:
            current = rules[m.group(1)]
            assert current.text.split("\n")[0] == m.group(2).rstrip()
            seen += 1
        elif line.startswith("Example:"):
            assert line.rstrip() in [e.text for e in current.examples]  # type: ignore[union-attr]
        elif line.strip():
            assert line.strip() in current.text.split("\n")[1:]  # type: ignore[union-attr]
    assert seen == len(doc.rules)


def test_glossary_of_the_2026_file() -> None:
    doc = full(require_cr(CR_2026))
    entries = {e.term: e for e in doc.glossary}
    assert entries["Totem Armor"].obsolete and "Umbra Armor" in entries["Totem Armor"].text
    assert entries["APNAP Order"].redirect == "Active Player, Nonactive Player Order"
    assert len(entries["Ability"].senses) == 2
    assert sum(e.obsolete for e in doc.glossary) > 10 and doc.credits and doc.effective == "2026-06-19"


def test_a_repeated_number_or_term_keeps_the_first_and_reports_the_second_whole() -> None:
    """Two rules with one number (or two glossary entries of one term) used to become one graph node holding
    only the later text: the first was lost without a word (glossary) or with only its line number (rules)."""
    text = MINI.replace("100.2. To play, each player needs a deck.\r\n",
                        "100.2. To play, each player needs a deck.\r\n\r\n100.1a A second text for 100.1a.\r\n"
                        "Example: Its own example.\r\n")
    text = text.replace("Credits\r\n\r\nDesign", "Color\r\nA second definition of color.\r\n\r\nCredits\r\n\r\nDesign")
    doc = parse_cr(SourceText("mini.txt", split_lines(text.lstrip("\ufeff")), "0" * 64, "utf-8-sig"))
    rules = [r for r in doc.rules if r.key == "100.1a"]
    assert len(rules) == 1 and rules[0].text == "A two-player game is a game that begins with only two players."
    assert [e.text for e in doc.glossary if e.term == "Color"] == [
        "1. A characteristic of an object. See rule 100.1.\n2. Part of a card.\nSee also Colorless."]
    dup = {a.message.split(" appears")[0]: a for a in doc.anomalies if a.kind == "duplicate"}
    assert dup["rule 100.1a"].text == "100.1a A second text for 100.1a.\nExample: Its own example."
    assert "first at line 23" in dup["rule 100.1a"].message and dup["rule 100.1a"].origin.line == 34
    assert dup["glossary term 'Color'"].text == "Color\nA second definition of color."


def _parsed(text: str) -> Document:
    return parse_cr(SourceText("mini.txt", split_lines(text.lstrip("\ufeff")), "0" * 64, "utf-8-sig"))


def test_a_reference_broken_onto_its_own_line_is_no_rule() -> None:
    """Re-wrapped, "(See rule 100.2.) It …" puts "100.2.) It …" at a line's start: not a rule (a rule's text begins as a
    sentence does); and a number out of the rules' order is read as the text of the rule above, and reported."""
    text = MINI.replace("100.1. These Magic rules apply to any Magic game. See rule 100.2.\r\n",
                        "100.1. These Magic rules apply to any Magic game. (See rule\r\n100.2.) It goes on, see\r\n"
                        "606.5. And more.\r\n")
    doc = _parsed(text)
    rules = {r.key: r for r in doc.rules}
    assert [r.key for r in doc.rules] == [r.key for r in mini().rules]
    assert rules["100.1"].text == "These Magic rules apply to any Magic game. (See rule\n100.2.) It goes on, see\n606.5. And more."
    assert rules["100.2"].text == "To play, each player needs a deck."
    [astray] = [a for a in doc.anomalies if a.kind == "out-of-order"]
    assert astray.origin.line == 23 and astray.message.startswith("606.5 is out of the rules' order here")


def test_a_numbered_paragraph_out_of_order_is_reported_not_loaded() -> None:
    """After a blank line, a number out of order is a misplaced paragraph of its own: its text is not attached to the
    rule above (nor its example), and the report keeps it whole."""
    text = MINI.replace("100.2. To play, each player needs a deck.\r\n",
                        "100.2. To play, each player needs a deck.\r\n\r\n100.1c A misplaced subrule.\r\nExample: Its example.\r\n")
    doc = _parsed(text)
    rules = {r.key: r for r in doc.rules}
    assert "100.1c" not in rules and rules["100.2"].examples == () and rules["100.2"].text == "To play, each player needs a deck."
    [astray] = [a for a in doc.anomalies if a.kind == "out-of-order"]
    assert astray.text == "100.1c A misplaced subrule.\nExample: Its example." and "not loaded" in astray.message


def test_pdf_debris_form_feeds_indentation_and_hyphens() -> None:
    """A CR copied out of a PDF: page numbers and a running header between the lines of a rule and of a glossary entry,
    form feeds, the whole file indented, a word hyphenated at a line's end."""
    lines = MINI.lstrip("\ufeff").split("\r\n")
    at = lines.index("100.1b A multiplayer game is a game that begins with more than two players.")
    lines[at] = "100.1b A multiplayer game is a game that begins with more than two play-"
    lines.insert(at + 1, "ers, and this rule says so.")
    lines.insert(at + 1, "\f3")
    lines.insert(at + 2, "Comprehensive Rules")
    for n, page in ((12, 1), (20, 2), (60, 4), (72, 5)):
        lines[n:n] = [str(page), "Comprehensive Rules"]
    doc = _parsed("\r\n".join("  " + line if line else line for line in lines))
    rules = {r.key: r for r in doc.rules}
    assert [r.key for r in doc.rules] == [r.key for r in mini().rules]
    assert rules["100.1b"].text.startswith("A multiplayer game is a game that begins with more than two players, and this rule says so.")
    assert {e.term: e.text for e in doc.glossary} == {e.term: e.text for e in mini().glossary}
    assert Counter(s.reason for s in doc.skipped if s.reason != "table of contents") == {"page number": 5, "running header or footer": 5}


def test_a_truncated_file_is_reported() -> None:
    doc = _parsed(MINI[: MINI.index("100. General\r\n\r\n100.1.")])
    assert [a.message for a in doc.anomalies if a.kind == "truncated"] == [
        "no numbered rules: the file is truncated or not the Comprehensive Rules",
        "no glossary: the file is truncated or not the Comprehensive Rules"]


def _rewrapped(text: str, width: int = 80) -> str:
    import textwrap

    out = []
    for line in text.splitlines():
        out += textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False) if len(line) > width else [line]
    return "\n".join(out)


def test_the_2026_file_rewrapped_with_pages_reads_as_the_file_itself() -> None:
    """The real file wrapped at 80 columns (references broken onto lines of their own: "(See rule" / "702.2.) If"), a
    page number and running header every 60 lines: every rule and glossary entry as in the file (whitespace aside)."""
    path = require_cr(CR_2026)
    clean = full(path)
    lines = _rewrapped(path.read_text(encoding="utf-8-sig")).split("\n")
    paged = [line for n in range(0, len(lines), 60) for line in [*lines[n : n + 60], str(n // 60 + 1), "Comprehensive Rules"]]
    doc = _parsed("\n".join(paged))
    def flat(text: str) -> str:
        return " ".join(text.split())
    assert {r.key: flat(r.text) for r in doc.rules} == {r.key: flat(r.text) for r in clean.rules}
    assert {e.term: flat(e.text) for e in doc.glossary} == {e.term: flat(e.text) for e in clean.glossary}
    assert {a.kind for a in doc.anomalies} <= {"out-of-order", "title-mismatch"}
