"""The knowledge graph: node and edge kinds, provenance, and links across documents."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulesgraph import Rulebook, SourceSpec, load
from rulesgraph.build.graph import EDGE_KINDS, NODE_KINDS
from rulesgraph.build.link import current_keyword, defining_rule
from rulesgraph.errors import RulesgraphError


def edges(g, node, kind, out=True):  # type: ignore[no-untyped-def]
    view = g.out_edges(node, keys=True) if out else g.in_edges(node, keys=True)
    return sorted(str(e[1] if out else e[0]) for e in view if e[2] == kind)


def test_seed_graph_kinds_and_provenance(seeds_book: Rulebook) -> None:
    g = seeds_book.graph
    kinds = Counter(d["kind"] for _, d in g.nodes(data=True))
    assert kinds["faq"] == 83 and kinds["card"] >= 20
    assert set(kinds) <= set(NODE_KINDS) and {k for *_, k in g.edges(keys=True)} <= set(EDGE_KINDS)
    for nid, data in g.nodes(data=True):
        assert data["file"] and data["line"], nid
    for nid, data in g.nodes(data=True):
        if data["kind"] == "faq":
            assert edges(g, nid, "about")[0].startswith(("keyword:", "keyword-faq-")), nid


def test_faq_entries_attach_to_their_keyword_and_mention_cards(seeds_book: Rulebook) -> None:
    g = seeds_book.graph
    about = edges(g, "keyword:annihilator", "about", out=False)
    assert about == [f"faq:annihilator-{i}" for i in range(1, 5)]
    assert "card:Planar Cleansing" in edges(g, "faq:totem-armor-6", "mentions")
    assert "card:Austere Command" in edges(g, "faq:totem-armor-6", "mentions")
    assert "keyword:haste" in g and g.nodes["keyword:haste"]["file"] == "cr-keywords-general-to-gift.txt"


def test_faq_keywords_reach_their_current_rules(full_book: Rulebook) -> None:
    g = full_book.graph
    for name, rule in [("annihilator", "702.86"), ("hexproof", "702.11"), ("convoke", "702.51"), ("totem armor", "702.89"),
                       ("level up", "702.87"), ("proliferate", "701.34"), ("fight", "701.14")]:
        assert defining_rule(g, current_keyword(g, f"keyword:{name}")) == rule, name
    assert edges(g, "keyword:totem armor", "renamed_to") == ["keyword:umbra armor"]
    assert "702.86" in edges(g, "faq:annihilator-2", "about")
    assert edges(g, "keyword-faq-annihilator-to-fight:702.84a", "current") == ["702.86a"]
    assert edges(g, "cr-keywords-hexproof-to-emerge:hexproof.2", "current") == ["702.11b"]


def test_glossary_links(full_book: Rulebook) -> None:
    g = full_book.graph
    assert edges(g, "glossary:APNAP Order", "see_also") == ["glossary:Active Player, Nonactive Player Order"]
    assert "glossary:Trample" in edges(g, "702.19", "defines")
    assert "702.89" in edges(g, "glossary:Totem Armor", "cites")


@pytest.mark.parametrize(("name", "resolved", "dangling"), [("MagicCompRules-20260619.txt", 2192, []),
                                                             ("MagicCompRules-20240202.txt", 2029, ["110.10"])])
def test_every_reference_is_resolved_or_reported(name: str, resolved: int, dangling: list[str], cr2026: Path) -> None:
    """2026: 2,192 references, all resolved.  2024: 2,029 resolved, and 'see rule 110.10' in the Map token
    glossary entry points at a rule that file does not have."""
    path = cr2026.parent / name
    g = load([SourceSpec(str(path))], use_cache=False).graph
    assert g.graph["references"] == resolved
    assert [d["target"] for d in g.graph["dangling"]] == dangling


def test_ranges_expand_to_every_member(full_book: Rulebook) -> None:
    g = full_book.graph
    source = next(n for n, d in g.nodes(data=True) if d.get("numbering") == "cr" and "601.2f–h" in d["text"])
    assert {"601.2f", "601.2g", "601.2h"} <= set(edges(g, source, "cites"))
    source = next(n for n, d in g.nodes(data=True) if "111.10j–r" in d["text"])  # a glossary entry
    assert {f"111.10{c}" for c in "jkmnpqr"} <= set(edges(g, source, "cites"))


def test_two_comprehensive_rules_are_refused(cr2026: Path, cr2024: Path) -> None:
    with pytest.raises(RulesgraphError, match="more than one Comprehensive Rules"):
        load([SourceSpec(str(cr2026)), SourceSpec(str(cr2024))], use_cache=False)


def test_two_files_of_one_name_are_both_loaded(tmp_path: Path) -> None:
    """``--rules a/notes.txt --rules b/notes.txt``: node ids are ``<file stem>:<key>``, so the second file's
    rules used to overwrite the first's (and ``rule 702.9a`` said "also numbered in a/notes.txt" of a/notes.txt)."""
    for folder, words in (("a", "Flying is an evasion ability."), ("b", "Flying, as the other file words it.")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "notes.txt").write_text(f"702.9a {words}\nQ: What does flying do? A: It flies.\n", encoding="utf-8")
    book = load([SourceSpec(str(tmp_path / f / "notes.txt")) for f in "ab"], use_cache=False)
    g = book.graph
    assert [d["id"] for d in g.graph["documents"]] == ["notes", "notes-2"]
    assert g.nodes["notes:702.9a"]["text"] == "Flying is an evasion ability."
    assert g.nodes["notes-2:702.9a"]["text"] == "Flying, as the other file words it."
    assert g.nodes["notes-2:702.9a"]["file"] == str(tmp_path / "b" / "notes.txt")
    assert sum(1 for _, d in g.nodes(data=True) if d["kind"] == "faq") == 2
