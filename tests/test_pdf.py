"""Reading a PDF's text (rulesgraph.sources.pdf) from invented PDFs written by hand: lines in order page by page, and every
unreadable PDF (encrypted, damaged, textless, too long) one SourceError line."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesgraph.errors import SourceError
from rulesgraph.sources import pdf

from .minipdf import make_pdf


def test_is_pdf_reads_the_signature_only() -> None:
    assert pdf.is_pdf(b"%PDF-1.7\n...") and pdf.is_pdf(b"\n\r  %PDF-1.4")
    assert not pdf.is_pdf(b"Magic Tournament Rules\n%PDF-1.7") and not pdf.is_pdf(b"") and not pdf.is_pdf(b"%PDF")


def test_text_keeps_lines_and_page_order() -> None:
    data = make_pdf([["SAMPLE POLICY (draft)", "Effective May 5, 2032"], ["1.  First Chapter", "Players are kind."]])
    lines = [line for line in pdf.pdf_text(data, "s.pdf").splitlines() if line.strip()]
    assert lines == ["SAMPLE POLICY (draft)", "Effective May 5, 2032", "1.  First Chapter", "Players are kind."]


@pytest.mark.parametrize(("data", "message"), [
    (make_pdf([["secret"]], encrypt=True), "encrypted"),
    (make_pdf([[]]), "no extractable text"),
    (make_pdf([["cut short"]])[:200], "cannot read the PDF"),
    (b"%PDF-1.7\n1 0 obj\n<<", "cannot read the PDF"),
])
def test_unreadable_pdfs_are_one_line(data: bytes, message: str) -> None:
    with pytest.raises(SourceError, match=message) as info:
        pdf.pdf_text(data, "bad.pdf")
    assert "\n" not in str(info.value) and "bad.pdf" in str(info.value)


def test_too_many_pages_is_not_a_tournament_document(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdf, "MAX_PAGES", 2)
    assert pdf.pdf_text(make_pdf([["one"], ["two"]]), "ok.pdf")
    with pytest.raises(SourceError, match="a PDF of 3 pages is not a tournament document"):
        pdf.pdf_text(make_pdf([["one"], ["two"], ["three"]]), "long.pdf")


def test_an_invented_mtr_pdf_installs_as_its_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rulesgraph.versions import tstore

    from .minitourney import make_mtr

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    lines = make_mtr().splitlines()
    data = make_pdf([lines[i : i + 40] for i in range(0, len(lines), 40)])
    got = tstore.install(data, "mtr.pdf")
    assert (got.kind, got.date, got.sections) == ("mtr", "2031-03-04", 45)
    assert got.path.with_suffix(".pdf").read_bytes() == data
