"""rulesgraph/export/graphml.py: the streamed GraphML reads back with networkx — nodes, multigraph keys, typed values,
markup and quotes in ids and texts — as networkx's own writer's did."""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from rulesgraph.export.graph import scalar_graph
from rulesgraph.export.graphml import graphml_lines, key_types


def sample() -> nx.MultiDiGraph:
    g = nx.MultiDiGraph(effective="2026-06-19")
    g.add_node('card:"Quoted" <b>Card</b> & Co', kind="card", text="line one\nline <two> & \"three\"", rank=12, missing=True)
    g.add_node("702.19", kind="rule", rank=1.5, missing=False, seen="twice")
    g.add_node("702.2", kind="rule", seen=2, text="carriage\r\nreturn\rkept")
    g.add_edge('card:"Quoted" <b>Card</b> & Co', "702.19", key="keyword", relation="has", weight=0.25)
    g.add_edge('card:"Quoted" <b>Card</b> & Co', "702.19", key="type", weight=1)
    return g


def test_types_of_each_attribute() -> None:
    types = key_types(sample())
    assert types[("node", "rank")] == "double"  # a long and a double: a double
    assert types[("node", "missing")] == "boolean" and types[("node", "text")] == "string"
    assert types[("edge", "weight")] == "double" and types[("graph", "effective")] == "string"
    assert types[("node", "seen")] == "string"  # a string and a long: networkx's writer could not read its own file back
    assert types[("node", "kind")] == types[("edge", "relation")] == "string" and ("edge", "kind") not in types


def test_reads_back_with_networkx(tmp_path: Path) -> None:
    g = sample()
    out = tmp_path / "g.graphml"
    out.write_text("\n".join(graphml_lines(scalar_graph(g))) + "\n", encoding="utf-8")
    loaded = nx.read_graphml(out)
    assert isinstance(loaded, nx.MultiDiGraph) and set(loaded.nodes) == set(g.nodes)
    assert sorted(loaded.edges(keys=True)) == sorted(g.edges(keys=True))
    card = loaded.nodes['card:"Quoted" <b>Card</b> & Co']
    assert card["text"] == 'line one\nline <two> & "three"' and card["missing"] is True and card["rank"] == 12.0
    assert loaded.nodes["702.19"]["missing"] is False
    assert loaded.edges['card:"Quoted" <b>Card</b> & Co', "702.19", "keyword"]["relation"] == "has"
    assert loaded.graph["effective"] == "2026-06-19"
    assert loaded.nodes["702.2"]["text"] == "carriage\r\nreturn\rkept" and loaded.nodes["702.2"]["seen"] == "2"
    assert loaded.edges['card:"Quoted" <b>Card</b> & Co', "702.19", "type"]["kind"] == "type"  # scalar_graph's edge kind
    assert loaded.nodes["702.19"]["kind"] == "rule"  # a node's kind and an edge's are two keys


def test_edges_have_no_shared_ids() -> None:
    """networkx's writer gave each edge its multigraph key as its id: every "cites" edge had the id "cites", and Gephi
    and yEd, which take the id as the edge's identity, kept one edge of each kind."""
    g = sample()
    g.add_edge("702.19", "702.2", key="keyword")
    lines = [line for line in graphml_lines(scalar_graph(g)) if line.lstrip().startswith("<edge")]
    assert len(lines) == 3 and not any(" id=" in line for line in lines)
    assert sum('<data key="e:key">keyword</data>' in line for line in lines) == 2
    g.edges["702.19", "702.2", "keyword"]["key"] = 5  # an attribute of that name is not written: it would be the key
    again = [line for line in graphml_lines(g) if line.lstrip().startswith("<edge")]
    assert all(line.count('<data key="e:key">') == 1 for line in again)
