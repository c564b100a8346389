"""A citation's dated source names the document it belongs to: a tournament passage its kind, the rest the CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.build.citing import citation, dated_source
from rulesgraph.model import Citation
from rulesgraph_cli.output import plain_text
from rulesgraph_cli.render.core import RenderOptions, render_entry


def _cite(kind: str, source: str, effective: str | None) -> Citation:
    return Citation("X 1", kind, "X 1", "Title", "Some text.", source, effective, 1.0, ())


def test_tournament_passages_are_labelled_by_their_kind() -> None:
    assert dated_source(_cite("ipg", "IPG-20300607.txt:12", "2030-06-07")) == "IPG-20300607.txt:12 (IPG 2030-06-07)"
    assert dated_source(_cite("mtr", "MTR-20310304.txt:3", "2031-03-04")) == "MTR-20310304.txt:3 (MTR 2031-03-04)"
    assert dated_source(_cite("jar", "JAR-20300607.txt:9", "2030-06-07")) == "JAR-20300607.txt:9 (JAR 2030-06-07)"


def test_rules_citations_keep_the_cr_label() -> None:
    assert dated_source(_cite("rule", "cr.txt:40", "2031-01-01")) == "cr.txt:40 (CR 2031-01-01)"
    assert dated_source(_cite("faq", "faq.txt:2", None)) == "faq.txt:2"


def test_an_opened_passage_shows_its_document() -> None:
    shown = plain_text(render_entry(_cite("ipg", "IPG-20300607.txt:12", "2030-06-07"), RenderOptions()))
    assert "(IPG 2030-06-07)" in shown and "CR" not in shown


def test_a_heading_opens_with_its_first_part(full_book: Rulebook) -> None:
    heading = citation(full_book, "702.19")
    assert heading.text == "Trample" and heading.opening is not None
    assert heading.opening[0] == "702.19a" and heading.opening[1].startswith("Trample is a static ability")
    assert citation(full_book, "702.19b").opening is None  # words of its own
    chapter = citation(full_book, "7")  # a chapter's first section is a heading too: its first part with words
    assert chapter.opening is not None and chapter.opening[0] == "700.1"
