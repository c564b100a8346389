"""Parsing the tournament documents: invented fixtures for each quirk, then the real files' counts."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesgraph.errors import SourceError
from rulesgraph.parse.tdoc import detect_kind, effective_date
from rulesgraph.parse.tournament import PENALTIES, parse_tournament
from rulesgraph.sources.read import SourceText, read_source
from tests.conftest import FIXTURES, require_tournament

MINI = FIXTURES / "tournament"


def _src(lines: list[str], path: str = "x.txt") -> SourceText:
    return SourceText(path, tuple(lines), "0" * 64, "utf-8")


def test_mini_mtr_structure_and_skipped_lines() -> None:
    doc = parse_tournament(read_source(MINI / "mini-mtr.txt"))
    assert doc.kind == "mtr" and doc.effective == "2031-03-04"
    ids = [s.id for s in doc.sections]
    assert ids == ["MTR Introduction", "MTR 1", "MTR 1.1", "MTR 1.2", "MTR 2", "MTR 2.1", "MTR Appendix A", "MTR Appendix B"]
    # the numbered list inside 2.1 ("2.  Players present …") is not read as a chapter, nor "Appendix B:" as a heading
    assert "Players present their decks" in doc.get("MTR 2.1").text
    assert "Invented entry" in doc.get("MTR Appendix A").text
    # a line broken mid-sentence is joined; page numbers and contents are skipped, each with its line
    assert doc.get("MTR 1.2").text == "Players sit where the organizer says. A player who sits elsewhere is moved."
    reasons = {s.reason for s in doc.skipped}
    assert reasons == {"page number", "table of contents"}
    assert all(s.origin.line > 0 for s in doc.skipped)
    assert doc.get("MTR 1.1").parent == "MTR 1" and doc.get("MTR 1.1").origin.line == 24
    assert not doc.anomalies


def test_mini_ipg_infractions_penalties_and_parts() -> None:
    doc = parse_tournament(read_source(MINI / "mini-ipg.txt"))
    assert doc.kind == "ipg"
    bell = doc.get("IPG 2.1")
    assert (bell.penalty, bell.infraction_class, bell.name) == ("No Penalty", "Play Error", "Forgotten Bell")
    assert doc.get("IPG 2.2").penalty == "Warning"
    assert doc.get("IPG 1.1").title == "Meaning of Penalties"  # the contents' spelling, not the body's capitals
    parts = [s.id for s in doc.sections if s.parent == "IPG 2.1" and s.kind == "part"]
    assert parts == ["IPG 2.1 Definition", "IPG 2.1 Examples", "IPG 2.1 Philosophy", "IPG 2.1 Additional Remedy"]
    assert doc.get("IPG 2.1 Additional Remedy").text == "Ring it now."
    assert doc.get("IPG 2.2 Upgrade").text.startswith("Upgrade: If the card was hidden")


def test_mini_jar_fragments_and_headings() -> None:
    doc = parse_tournament(read_source(MINI / "mini-jar.txt"))
    assert doc.kind == "jar" and doc.effective == "2029-05-02"
    titles = [(s.id, s.title, s.parent) for s in doc.sections]
    assert titles == [
        ("JAR 0", "Judging at Regular Sample Level", None),
        ("JAR 1", "Common Mishaps", None),
        ("JAR 2", "A player forgets to ring the bell (the one on the table, usually at the start of the turn)", "JAR 1"),
        ("JAR 3", "A player drops a card", "JAR 1"),
        ("JAR 4", "Serious Matters", None),
    ]
    assert doc.get("JAR 0").text.startswith("Most Sample™ players play for fun.")
    assert doc.get("JAR 2").text == "Ring it now unless that would be disruptive."


def test_kind_from_small_capitals_split_over_lines() -> None:
    lines = ["1", "S", "AMPLE", ":", "T", "OURNAMENT", "R", "ULES", "Effective November 10, 2025"]
    assert detect_kind(tuple(lines)) == "mtr"
    assert effective_date(tuple(lines)) == "2025-11-10"
    assert detect_kind(("Some other text", "Effective May 1, 2020")) is None


def test_not_a_tournament_document_is_one_line() -> None:
    with pytest.raises(SourceError, match="not a tournament document"):
        parse_tournament(_src(["Hello", "world"]))
    with pytest.raises(SourceError, match="no numbered chapters"):
        parse_tournament(_src(["MAGIC TOURNAMENT RULES", "Effective May 1, 2020", "Nothing else."]))


def test_toc_entry_missing_from_body_is_reported() -> None:
    lines = (MINI / "mini-mtr.txt").read_text(encoding="utf-8").splitlines()
    cut = [line for line in lines if line.strip() != "1.2  Seating"]
    doc = parse_tournament(_src(cut, "cut.txt"))
    assert [a.kind for a in doc.anomalies] == ["toc-mismatch"]
    assert "1.2" in doc.anomalies[0].message and doc.anomalies[0].origin.file == "cut.txt"
    assert "Players sit where" in doc.get("MTR 1.1").text  # its text is kept, in the section before


def _counts(doc) -> dict[str, int]:  # type: ignore[no-untyped-def]
    out: dict[str, int] = {}
    for s in doc.sections:
        out[s.kind] = out.get(s.kind, 0) + 1
    return out


def test_real_mtr_2026() -> None:
    doc = parse_tournament(read_source(require_tournament("MTR-20260227.txt")))
    assert (doc.kind, doc.effective) == ("mtr", "2026-02-27")
    counts = _counts(doc)
    assert (counts["chapter"], counts["section"]) == (10, 87)
    assert [s.number for s in doc.sections if s.kind == "appendix"] == list("ABCDEF")
    assert doc.get("MTR 4.3").title == "Out-of-Order Sequencing"
    assert not doc.anomalies


@pytest.mark.parametrize("name", ["MTR-20251110.txt"])
def test_real_mtr_of_the_other_converter(name: str) -> None:
    doc = parse_tournament(read_source(require_tournament(name)))
    assert (doc.kind, doc.effective) == ("mtr", "2025-11-10")
    counts = _counts(doc)
    assert (counts["chapter"], counts["section"], counts["appendix"]) == (10, 87, 6)
    assert "Magic, it is acceptable" in doc.get("MTR 4.3").text  # "Magic" on a line of its own, rejoined
    assert not doc.anomalies
    # a table's cells on lines of their own are numbers too, but no page numbers: the Swiss rounds stay in the chart
    assert "17-32 5 Top 8 33-64 6 Top 8" in " ".join(doc.get("MTR Appendix E").text.split())
    assert "15 14 50 seconds 13 12 45 seconds" in " ".join(doc.get("MTR Appendix B").text.split())  # a draft's pick times


def test_real_ipg_2024() -> None:
    doc = parse_tournament(read_source(require_tournament("IPG-20240923.txt")))
    assert (doc.kind, doc.effective) == ("ipg", "2024-09-23")
    sections = [s for s in doc.sections if s.kind == "section"]
    infractions = [s for s in sections if s.penalty]
    assert (_counts(doc)["chapter"], len(sections), len(infractions)) == (4, 28, 23)
    penalties = {s.number: s.penalty for s in infractions}
    assert penalties["2.1"] == "No Penalty"
    assert all(penalties[n] == "Disqualification" for n in ("4.5", "4.6", "4.7", "4.8"))
    assert set(penalties.values()) <= set(PENALTIES)
    mt = doc.get("IPG 2.1")
    assert (mt.infraction_class, mt.name) == ("Game Play Error", "Missed Trigger")
    assert {s.title for s in doc.sections if s.parent == "IPG 2.1"} == {"Definition", "Examples", "Philosophy", "Additional Remedy",
                                                                        "Upgrade"}
    assert not doc.anomalies


def test_real_jar() -> None:
    doc = parse_tournament(read_source(require_tournament("JAR-20240923.txt")))
    titles = [s.title for s in doc.sections]
    assert titles[:2] == ["Judging at Regular Rules Enforcement Level (REL)", "Common Issues"]
    assert titles[2].startswith("A player forgets a triggered ability")
    assert {"General Unwanted Behaviors", "Serious Problems"} <= set(titles)
    assert [s.id for s in doc.sections] == [f"JAR {n}" for n in range(len(doc.sections))]


def _pdf_doc(name: str):  # type: ignore[no-untyped-def]
    from rulesgraph.sources.pdf import pdf_text
    from rulesgraph.sources.read import split_lines

    path: Path = require_tournament(name)
    return parse_tournament(_src(list(split_lines(pdf_text(path.read_bytes(), name))), name))


def test_real_pdfs_match_their_own_contents() -> None:
    for name, kind, date in (("IPG-20200925.pdf", "ipg", "2020-09-25"), ("MTR-20201012.pdf", "mtr", "2020-10-12")):
        doc = _pdf_doc(name)
        assert (doc.kind, doc.effective) == (kind, date)
        listed = [e.number for e in doc.toc if e.number]
        found = [s.number for s in doc.sections if s.kind in ("chapter", "section")]
        assert found == listed and len(listed) > 30
        assert not doc.anomalies
    ipg = _pdf_doc("IPG-20200925.pdf")
    assert sum(1 for s in ipg.sections if s.penalty) == 23


def _lost(source: SourceText) -> Counter[str]:
    """Letters and digits of the source that no passage, title, front matter, skipped line or anomaly keeps."""
    doc = parse_tournament(source)
    kept: list[str] = [doc.front, *(s.text for s in doc.skipped), *(a.text or "" for a in doc.anomalies)]
    for s in doc.sections:
        if s.kind != "part":
            kept += [s.text, s.title, s.number or "", s.penalty or "", s.id.split(" ", 1)[1] if s.kind != "front" else ""]
    have = Counter(ch for text in kept for ch in text.lower() if ch.isalnum())
    need = Counter(ch for line in source.lines for ch in line.lower() if ch.isalnum())
    return need - have


@pytest.mark.parametrize("name", ["mini-mtr.txt", "mini-ipg.txt", "mini-jar.txt"])
def test_no_text_is_dropped_from_invented_documents(name: str) -> None:
    assert not _lost(read_source(MINI / name))


@pytest.mark.parametrize("name", ["MTR-20260227.txt", "MTR-20251110.txt", "IPG-20240923.txt", "JAR-20240923.txt"])
def test_no_text_is_dropped_from_real_documents(name: str) -> None:
    assert not _lost(read_source(require_tournament(name)))


_PIECES = st.sampled_from(["MAGIC TOURNAMENT RULES", "INFRACTION PROCEDURE GUIDE", "Judging at Regular REL", "Effective May 1, 2020",
                           "1.  Chapter One .......... 2", "1.1  Point .......... 2", "1.  Chapter One", "1.1  Point",
                           "2.1.  X — Y  Warning",
                           "Definition", "Upgrade: more", "Appendix A—Notes", "Appendix B: not one", "7", "", "•", "M", "AGIC", "text.",
                           "lower case goes on", "A heading", "4.3", "Examples"])


@given(st.lists(st.one_of(_PIECES, st.text(max_size=30)), max_size=60))
def test_any_lines_parse_or_fail_in_one_line(lines: list[str]) -> None:
    source = _src([line.replace("\n", " ").replace("\r", " ") for line in lines])
    try:
        doc = parse_tournament(source)
    except SourceError as exc:
        assert "\n" not in str(exc)
        return
    assert not _lost(source)
    assert len({s.id for s in doc.sections}) == len(doc.sections)
