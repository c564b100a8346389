"""GraphML written as a stream, a node or an edge at a time: the knowledge graph with every card (~74,000 nodes,
~224,000 edges) took networkx's writer, which builds the whole XML tree first, over 1 GB; this holds one element.

The file is what :func:`networkx.write_graphml` writes, but for the key ids, which say the domain and the attribute's
name (``n:kind``, ``e:kind``, ``g:effective``: a node's and an edge's ``kind`` are two keys) and the type of an
attribute whose values differ in type (``string``, where networkx's writer declared the first value's type and could
not read its own file back) and the edges, which have no ``id`` (networkx's writer made an edge's multigraph key its
id, so thousands of edges shared the id ``cites``, and Gephi and yEd, which take an id as the edge's identity, kept
one of each) but carry their key as an attribute ``key``, which networkx reads as the key when an edge has no id (and
keeps as an attribute too; an edge's own attribute of that name is not written: it would stand for the key).
:func:`networkx.read_graphml` reads it back with the same
nodes, edges, keys and typed values, a carriage return in a text included (escaped: a parser reads a bare one as a line
end).  Takes a graph whose attributes are scalars (:func:`rulesgraph.export.graph.scalar_graph`).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from xml.sax.saxutils import escape, quoteattr

import networkx as nx

__all__ = ["graphml_lines", "key_types"]

_NS = ('<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
       'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">')


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "long"
    if isinstance(value, float):
        return "double"
    return "string"


def _joined(a: str, b: str) -> str:
    """The type that holds values of both types (a long and a double are a double; anything else with a string, a string)."""
    if a == b:
        return a
    return "double" if {a, b} == {"long", "double"} else "string"


def key_types(g: nx.MultiDiGraph) -> dict[tuple[str, str], str]:
    """``(domain, name)`` → GraphML type of every attribute of the graph, its nodes and its edges."""
    out: dict[tuple[str, str], str] = {}
    items = chain([("graph", g.graph)], (("node", d) for _, d in g.nodes(data=True)),
                  (("edge", d) for *_, d in g.edges(keys=True, data=True)))
    for domain, data in items:
        for name, value in data.items():
            if value is not None:
                k = (domain, name)
                out[k] = _joined(out[k], _kind(value)) if k in out else _kind(value)
    return out


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return escape(str(value), {"\r": "&#13;"})


def _data(data: dict[str, object], domain: str, tags: dict[tuple[str, str], str]) -> str:
    """A node's, edge's or the graph's ``<data>`` elements; ``tags``: each key's opening tag, made once (an edge's ``key``
    is its multigraph key, written first)."""
    return "".join(f"{tags[domain, k]}{_value(v)}</data>" for k, v in data.items()
                   if v is not None and (domain, k) in tags and not (domain == "edge" and k == "key"))


def graphml_lines(g: nx.MultiDiGraph) -> Iterator[str]:
    """The GraphML document of ``g``, a line at a time."""
    types = key_types(g)
    if g.number_of_edges():
        types[("edge", "key")] = "string"  # the multigraph key's, whatever an attribute of that name held
    tags = {(domain, name): f"<data key={quoteattr(f'{domain[0]}:{name}')}>" for domain, name in types}
    yield '<?xml version="1.0" encoding="utf-8"?>'
    yield _NS
    for (domain, name), kind in types.items():
        yield f'  <key id={quoteattr(f"{domain[0]}:{name}")} for="{domain}" attr.name={quoteattr(name)} attr.type="{kind}" />'
    yield '  <graph edgedefault="directed">' + _data(g.graph, "graph", tags)
    for nid, data in g.nodes(data=True):
        yield f"    <node id={quoteattr(str(nid))}>{_data(data, 'node', tags)}</node>"
    for src, dst, key, data in g.edges(keys=True, data=True):
        yield (f"    <edge source={quoteattr(str(src))} target={quoteattr(str(dst))}>"
               f"{tags['edge', 'key']}{_value(key)}</data>{_data(data, 'edge', tags)}</edge>")
    yield "  </graph>"
    yield "</graphml>"
