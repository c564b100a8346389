"""The tournament graph: references read from passages' text, contains and cites edges."""

from __future__ import annotations

from rulesgraph.build.tgraph import build, references, term_id
from rulesgraph.parse.tournament import parse_tournament
from rulesgraph.sources.read import read_source

from .conftest import FIXTURES


def test_references_in_text() -> None:
    text = ("Other rules (MTR section 4.3) apply; see section 1.4, Tardiness (3.1), Appendix F and section 5.2 of the Magic "
            "Tournament Rules, and the Comprehensive Rules, rule 103.4c.")
    assert references(text, "IPG") == ["MTR 4.3", "IPG 1.4", "IPG 3.1", "IPG Appendix F", "MTR 5.2", "CR 103.4c"]
    assert references("see section 2.1 (see section 2.1)", "MTR") == ["MTR 2.1"]


def test_edges_of_invented_documents() -> None:
    mtr = parse_tournament(read_source(FIXTURES / "tournament" / "mini-mtr.txt"))
    ipg = parse_tournament(read_source(FIXTURES / "tournament" / "mini-ipg.txt"))
    g = build((mtr, ipg))
    kinds = {(a, b): d["kind"] for a, b, d in g.edges(data=True)}
    assert kinds[("MTR 1", "MTR 1.1")] == "contains" and kinds[("IPG 2.1", "IPG 2.1 Philosophy")] == "contains"
    assert kinds[("MTR 1.1", "MTR 2.1")] == "cites"  # "see section 2.1"
    assert kinds[("MTR 2.1", "CR 103.4")] == "cites"  # "see rule 103.4"
    assert kinds[("IPG 2.1", "MTR 1.2")] == "cites"  # "MTR section 1.2" from the IPG


def test_defines_edges() -> None:
    mtr = parse_tournament(read_source(FIXTURES / "tournament" / "mini-mtr.txt"))
    ipg = parse_tournament(read_source(FIXTURES / "tournament" / "mini-ipg.txt"))
    g = build((mtr, ipg))
    defined = {(a, b) for a, b, d in g.edges(data=True) if d["kind"] == "defines"}
    assert ("MTR 1.2", "term:seating") in defined and g.nodes["term:seating"]["title"] == "Seating"
    infraction = next(s for s in ipg.sections if s.penalty)
    assert (infraction.id, term_id(infraction.name or "")) in defined
    assert all(g.nodes[b]["kind"] == "term" for _, b in defined)
