"""The tournament graph: references read from passages' text, contains and cites edges."""

from __future__ import annotations

from rulesgraph.parse.tournament import parse_tournament
from rulesgraph.sources import read_source
from rulesgraph.tgraph import build, references

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
