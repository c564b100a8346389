"""The tournament documents in the static site: a page each, passages anchored, references linked, text escaped."""

from __future__ import annotations

from pathlib import Path

from rulesgraph import Rulebook
from rulesgraph.export.html import export_html
from rulesgraph.parse.tournament import parse_tournament
from rulesgraph.sources.read import SourceText, read_source, split_lines

from .conftest import FIXTURES


def test_pages_links_and_escaping(tmp_path: Path, mini_book: Rulebook) -> None:
    mtr_text = (FIXTURES / "tournament" / "mini-mtr.txt").read_text(encoding="utf-8").replace(
        "Rounds last fifty minutes.", "Rounds last <b>fifty</b> minutes & more.")
    mtr = parse_tournament(SourceText("mtr.txt", split_lines(mtr_text), "", "utf-8"))
    ipg = parse_tournament(read_source(FIXTURES / "tournament" / "mini-ipg.txt"))
    export_html(mini_book.graph, tmp_path / "site", tournament=(mtr, ipg))
    page = (tmp_path / "site" / "mtr.html").read_text(encoding="utf-8")
    assert 'id="mtr-2-1"' in page and '<a href="#mtr-1-1">MTR 1.1 Event Kinds</a>' not in page  # sections under chapters
    assert '<a href="mtr.html#mtr-2-1" class="ref">section 2.1</a>' in page
    assert "Rounds last &lt;b&gt;fifty&lt;/b&gt; minutes &amp; more." in page
    ipg_page = (tmp_path / "site" / "ipg.html").read_text(encoding="utf-8")
    assert '<a href="mtr.html#mtr-1-2" class="ref">MTR section 1.2</a>' in ipg_page
    assert "IPG 2.1 Play Error — Forgotten Bell — No Penalty" in ipg_page
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "Tournament documents" in index and 'href="ipg.html"' in index
    searched = (tmp_path / "site" / "search-index.js").read_text(encoding="utf-8")  # the search page finds their sections
    assert '["mtr.html#mtr-2-1", "MTR 2.1"' in searched and '"ipg.html#ipg-2-1", "IPG 2.1"' in searched
