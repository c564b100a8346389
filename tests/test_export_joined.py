"""rulesgraph/export/joined.py: the exported knowledge graph holds every source — the rules, the tournament documents'
passages joined to the rules they cite, and every installed card with its rulings, the rules they restate and its
keywords' and types' rules — and the loaded book's own graph is left as it was."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import networkx as nx
import pytest

from rulesgraph import Rulebook
from rulesgraph.answer.cardanswer import ruling_citation
from rulesgraph.cards.store import open_store
from rulesgraph.common.ids import card_id as card_node
from rulesgraph.export.graph import export_graph
from rulesgraph.export.joined import joined_graph
from rulesgraph.parse.tdoc import TDocument
from rulesgraph.parse.tournament import parse_tournament
from rulesgraph.sources.read import SourceText, read_source, split_lines
from rulesgraph_cli.main import main

from .conftest import FIXTURES
from .minicards import CARDS, face, install_cards

TWICE = [{"date": "2020-01-01", "text": "The first ruling of that day."}, {"date": "2020-01-01", "text": "The second one."},
         {"date": "2021-05-05", "text": "Trample matters only when it is blocked."}]
"""Rulings of one day numbered as answers cite them: from 1 for each date (most real rulings share a date)."""


def documents() -> tuple[TDocument, ...]:
    """The invented MTR (citing a rule the miniature CR holds, 702.19, and one it lacks, 103.4) and IPG."""
    text = (FIXTURES / "tournament" / "mini-mtr.txt").read_text(encoding="utf-8")
    text = text.replace("Rounds last fifty minutes.", "Rounds last fifty minutes (see rule 702.19).")
    mtr = parse_tournament(SourceText("mtr.txt", split_lines(text), "", "utf-8"))
    return mtr, parse_tournament(read_source(FIXTURES / "tournament" / "mini-ipg.txt"))


def test_tournament_passages_cite_the_rules_own_nodes(mini_book: Rulebook) -> None:
    before = (mini_book.graph.number_of_nodes(), mini_book.graph.number_of_edges())
    g, joined = joined_graph(mini_book, documents())
    assert (mini_book.graph.number_of_nodes(), mini_book.graph.number_of_edges()) == before  # a copy is joined
    citing = next(s for s, d, k in g.edges(keys=True) if k == "cites" and d == "702.19" and s.startswith("MTR"))
    assert g.nodes[citing]["kind"] != "cr" and "CR 702.19" not in g and g.nodes["702.19"]["kind"] == "rule"
    missing = g.nodes["CR 103.4"]  # cited, not in the loaded rules: kept and marked, not dropped
    assert missing["kind"] == "cr" and missing["missing"] is True and joined.missing == ["103.4"]
    section = g.nodes["MTR 2.1"]
    assert section["document"] == "Magic Tournament Rules" and section["text"] and section["label"] == "MTR 2.1"
    assert g.has_edge("IPG 2.1", "MTR 1.2", "cites") and g.has_edge("MTR 1", "MTR 1.1", "contains")
    term = next(n for n, d in g.nodes(data=True) if d.get("kind") == "term")
    assert g.nodes[term]["label"] == g.nodes[term]["title"] and any(k == "defines" for *_, k in g.in_edges(term, keys=True))
    assert joined.documents[0].startswith("MTR") and g.graph["tournament"] == joined.documents


def test_every_installed_card_with_its_rulings(mini_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    store = open_store(install_cards(mini_book, CARDS))
    assert store is not None
    g, joined = joined_graph(mini_book, (), store)
    store.close()
    assert joined.cards == len(CARDS) and joined.rulings == 3 and g.graph["cards"]["cards"] == len(CARDS)
    elder = g.nodes[card_node("Mossback Elder")]
    assert elder["kind"] == "card" and "Whenever Mossback Elder attacks" in elder["text"] and elder["legalities"] == {"vintage": "Legal"}
    rulings = [d for _, d, k in g.out_edges(card_node("Mossback Elder"), keys=True) if k == "ruling"]
    assert rulings == ["ruling:Mossback Elder:2020-01-01:1", "ruling:Mossback Elder:2021-02-03:1"]  # the ids answers cite
    assert g.nodes[rulings[1]]["text"] == "Trample matters only when it is blocked." and g.nodes[rulings[1]]["date"] == "2021-02-03"
    assert "702.19" in {d.rstrip("abc") for _, d, k in g.out_edges(rulings[1], keys=True) if k == "restates"}
    assert g.has_edge(card_node("Mossback Elder"), "keyword:trample", "keyword")
    assert g.edges[card_node("Banner of the Grove"), "keyword:deathtouch", "keyword"]["relation"] == "grants"
    split = g.nodes[card_node("Sap // Drain")]  # one node per card, its faces joined
    assert split["type_line"] == "Instant // Instant" and "\n//\n" in split["text"]
    weights = [w for *_, k, w in g.edges(keys=True, data="weight") if k == "restates"]
    assert weights and all(0 < w <= 1 for w in weights) and max(weights) == 1  # each ruling's best rule weighs 1


def test_rulings_of_one_day_are_numbered_as_answers_cite_them(mini_book: Rulebook, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    store = open_store(install_cards(mini_book, {"Twin Elder": [face("Twin Elder", "Trample", rulings=TWICE)]}))
    assert store is not None
    g, _ = joined_graph(mini_book, (), store)
    store.close()
    ids = [d for _, d, k in g.out_edges(card_node("Twin Elder"), keys=True) if k == "ruling"]
    card = SimpleNamespace(key="Twin Elder", rulings=[(r["date"], r["text"]) for r in TWICE])
    assert ids == [ruling_citation(card, r["date"], r["text"], 0.0, ()).id for r in TWICE]  # type: ignore[arg-type]
    assert ids == ["ruling:Twin Elder:2020-01-01:1", "ruling:Twin Elder:2020-01-01:2", "ruling:Twin Elder:2021-05-05:1"]
    assert [g.nodes[i]["text"] for i in ids] == [r["text"] for r in TWICE]


def test_a_card_the_faq_mentions_is_one_node(full_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mentioned = next(n for n, d in full_book.graph.nodes(data=True) if d.get("kind") == "card")
    name = mentioned.removeprefix("card:")
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    store = open_store(install_cards(full_book, {**CARDS, name: [CARDS["Mossback Elder"][0] | {"name": name, "rulings": []}]}))
    assert store is not None
    g, _ = joined_graph(full_book, (), store)
    store.close()
    assert g.nodes[mentioned]["kind"] == "card" and g.nodes[mentioned]["text"] and g.in_degree(mentioned) >= 1  # FAQ's mention kept
    assert sum(1 for n in g if n.startswith(f"card:{name}")) == 1
    typed = {g.nodes[d]["title"]: w for _, d, k, w in g.out_edges(card_node("Mossback Elder"), keys=True, data="word") if k == "type"}
    assert typed.get("Creatures") == "Creature"  # the type line's words lead to the rules of their types


@pytest.mark.parametrize("fmt", ["json", "graphml", "dot"])
def test_the_joined_graph_in_every_format(mini_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str) -> None:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    store = open_store(install_cards(mini_book, CARDS))
    assert store is not None
    g, _ = joined_graph(mini_book, documents(), store)
    store.close()
    out = tmp_path / f"all.{fmt}"
    export_graph(g, out)
    if fmt == "json":
        loaded = nx.node_link_graph(json.loads(out.read_text(encoding="utf-8")), edges="edges")
    elif fmt == "graphml":
        loaded = nx.read_graphml(out)
    else:
        text = out.read_text(encoding="utf-8")
        assert text.count(" -> ") == g.number_of_edges() and '"ruling:Mossback Elder:2020-01-01:1"' in text
        return
    assert set(loaded.nodes) == set(g.nodes) and loaded.number_of_edges() == g.number_of_edges()
    assert loaded.nodes["MTR 2.1"]["text"] == g.nodes["MTR 2.1"]["text"]
    assert "MTR" in str(loaded.graph["tournament"]) and "cards" in loaded.graph  # what was joined, said in the file


def test_cli_exports_cards_and_documents_unless_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mini_book: Rulebook,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    install_cards(mini_book, CARDS)
    rules = ["--no-bundled", "--rules", str(FIXTURES / "mini_cr.txt")]
    assert main(["export", "graph", *rules, str(tmp_path / "g.json")]) == 0
    assert f"{len(CARDS)} cards with 3 rulings" in capsys.readouterr().out
    nodes = {n["id"] for n in json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["nodes"]}
    assert card_node("Mossback Elder") in nodes and "ruling:Sap // Drain:2022-01-01:1" in nodes
    assert main(["export", "graph", *rules, "--no-cards", str(tmp_path / "n.json")]) == 0
    assert "rulings" not in capsys.readouterr().out
    nodes = {n["id"] for n in json.loads((tmp_path / "n.json").read_text(encoding="utf-8"))["nodes"]}
    assert not any(n.startswith(("card:Mossback", "ruling:")) for n in nodes)
    assert main(["export", "graph", *rules, "--rule", "702.19", str(tmp_path / "r.json")]) == 0
    assert "rulings" not in capsys.readouterr().out  # one rule's neighbours, cards left out
    nodes = {n["id"] for n in json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["nodes"]}
    assert "702.19b" in nodes and not any(n.startswith("ruling:") for n in nodes)
    assert main(["export", "html", *rules, "--no-cards", str(tmp_path / "site")]) == 2  # a graph option
    assert "--no-cards" in capsys.readouterr().err
