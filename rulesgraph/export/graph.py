"""Write the knowledge graph for other tools: node-link JSON (networkx, D3), GraphML (Gephi, yEd) or DOT (Graphviz).

Every node keeps its id and attributes; every edge its kind (the multigraph key, also written
as the ``kind`` attribute) and attributes.  GraphML and DOT take only scalar values, so tuples
(examples, senses) are joined with blank lines and missing values are left out.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

import networkx as nx

from ..build.link import subtree
from ..common.outfile import STDOUT, write_file
from ..errors import NotFound, RulesgraphError

__all__ = ["FORMATS", "around", "export_graph", "format_for", "json_chunks", "scalar_graph", "to_dot", "to_json", "xml_safe"]

FORMATS = ("json", "graphml", "dot")
_SUFFIXES = {".json": "json", ".graphml": "graphml", ".xml": "graphml", ".dot": "dot", ".gv": "dot"}
_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 cannot carry (a rules file is text, but nothing stops it holding them)."""
_NODE_COLOURS = {"chapter": "#1f3b73", "section": "#2d5fa8", "rule": "#4f86c6", "subrule": "#9cc3e6", "paragraph": "#b8d8b8",
                 "glossary": "#e6b85c", "keyword": "#d9534f", "faq": "#8e6bbf", "card": "#7f7f7f",
                 "ruling": "#bfbfbf", "appendix": "#2e8b57", "heading": "#2e8b57", "part": "#8fbc8f", "term": "#e6b85c", "cr": "#ffffff"}
_EDGE_COLOURS = {"contains": "#bbbbbb", "cites": "#2d5fa8", "defines": "#d9534f", "about": "#8e6bbf", "see_also": "#e6b85c",
                 "mentions": "#7f7f7f", "current": "#2e8b57", "renamed_to": "#d9534f",
                 "ruling": "#bfbfbf", "restates": "#8e6bbf", "keyword": "#d9534f", "type": "#9cc3e6"}


def format_for(path: str, given: str | None) -> str:
    """The format named, or the one the file name's suffix implies."""
    if given:
        if given not in FORMATS:
            raise RulesgraphError(f"unknown graph format {given!r} (choose from {', '.join(FORMATS)})")
        return given
    if path == STDOUT:
        return "json"
    fmt = _SUFFIXES.get(Path(path).suffix.lower())
    if fmt is None:
        raise RulesgraphError(f"{path}: say which format with --format ({', '.join(FORMATS)}); the name does not tell")
    return fmt


def xml_safe(text: str) -> str:
    """``text`` with what XML 1.0 cannot carry (most C0 controls, lone surrogates, U+FFFE/U+FFFF) as U+FFFD."""
    return _XML_BAD.sub("\ufffd", text)


def _scalar(value: Any) -> str | int | float | bool | None:
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, list | tuple):
        return xml_safe("\n\n".join(str(v) for v in value)) if value else None
    if isinstance(value, dict):
        return xml_safe(json.dumps(value, ensure_ascii=False))
    return xml_safe(str(value))


def scalar_graph(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy whose attributes are all scalars (None dropped), each edge also carrying its ``kind``; ids, keys
    and texts carry only what XML can (GraphML of a file with control characters did not read back)."""
    out = nx.MultiDiGraph()
    kept = ("schema", "effective", "references", "tournament", "cards")
    out.graph.update({k: _scalar(v) for k, v in ((k, g.graph.get(k)) for k in kept) if v is not None})
    ids: dict[str, str] = {}
    used: set[str] = set()  # a set: searching the values of ``ids`` was quadratic (3 minutes with every card)
    for nid in g.nodes:
        safe = xml_safe(str(nid))
        while safe in used:  # two ids that differ only in what was replaced stay two nodes
            safe += "\ufffd"
        ids[nid] = safe
        used.add(safe)
    for nid, data in g.nodes(data=True):
        out.add_node(ids[nid], **{xml_safe(k): s for k, v in data.items() if (s := _scalar(v)) is not None})
    for src, dst, key, data in g.edges(keys=True, data=True):
        attrs = {xml_safe(k): s for k, v in data.items() if (s := _scalar(v)) is not None}
        out.add_edge(ids[src], ids[dst], key=xml_safe(str(key)), kind=xml_safe(str(key)), **attrs)
    return out


def json_chunks(g: nx.Graph) -> Iterator[str]:
    """Node-link JSON in pieces, a node or an edge at a time (networkx's ``node_link_data`` layout, ``key`` for a
    multigraph's edges): the whole graph with every card is ~55 MB of text, which is never held at once."""
    dump = lambda value: json.dumps(value, ensure_ascii=False, default=list)
    multi = g.is_multigraph()
    yield (f'{{"directed": {dump(g.is_directed())}, "multigraph": {dump(multi)}, "graph": {dump(g.graph)}, "nodes": [')
    for i, (nid, data) in enumerate(g.nodes(data=True)):
        yield ("" if i == 0 else ", ") + dump({**data, "id": nid})
    yield '], "edges": ['
    edges = g.edges(keys=True, data=True) if multi else ((s, d, None, a) for s, d, a in g.edges(data=True))
    for i, (src, dst, key, data) in enumerate(edges):
        yield ("" if i == 0 else ", ") + dump({**data, "source": src, "target": dst, **({"key": key} if multi else {})})
    yield "]}"


def to_json(g: nx.Graph) -> str:
    """Node-link JSON: ``{"directed", "multigraph", "graph", "nodes": [{"id", …}], "edges": [{"source", "target", "key", …}]}``."""
    return "".join(json_chunks(g))


def _quote(value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\r\n", "\n").replace("\n", "\\n")
    return f'"{text}"'


def _attrs(attrs: dict[str, object]) -> str:
    return ", ".join(f"{k}={_quote(v)}" for k, v in attrs.items() if v is not None)


def _dot_lines(g: nx.MultiDiGraph) -> Iterator[str]:
    yield "digraph rulesgraph {"
    if g.graph.get("effective"):
        yield f"  graph [{_attrs({'label': 'rulesgraph, rules effective ' + g.graph['effective'], 'rankdir': 'LR'})}];"
    yield '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10];'
    for nid, data in g.nodes(data=True):
        label = data.get("label") or nid
        title = data.get("title")
        if title and title != label and not label.endswith(f" {title}"):  # a part's label says its title: "IPG 2.1 Philosophy"
            label = f"{label} {title}" if len(title) <= 40 else f"{label} {title[:39]}…"
        text = data.get("text") or ""
        attrs = {"label": label, "kind": data.get("kind"), "tooltip": text[:300] or None,
                 "fillcolor": _NODE_COLOURS.get(str(data.get("kind")), "#ffffff")}
        yield f"  {_quote(nid)} [{_attrs(attrs)}];"
    for src, dst, key, data in g.edges(keys=True, data=True):
        attrs: dict[str, object] = {"kind": key, "color": _EDGE_COLOURS.get(key, "#000000")}
        attrs.update({k: v for k, v in data.items() if isinstance(v, str | int | float) and not isinstance(v, bool)})
        yield f"  {_quote(src)} -> {_quote(dst)} [{_attrs(attrs)}];"
    yield "}"


def to_dot(g: nx.MultiDiGraph) -> str:
    """Graphviz DOT: one node per graph node (label, kind, a tooltip of its text), one edge per edge (kind, colour)."""
    return "\n".join(_dot_lines(g)) + "\n"


def around(g: nx.MultiDiGraph, top: str) -> nx.MultiDiGraph:
    """``top``, everything it contains, and every node one edge away from those: a graph small enough for Graphviz."""
    if top not in g:
        raise NotFound(f"no rule {top} in the loaded rules")  # nothing found: exit 1, as for rule and cites
    core = set(subtree(g, top))
    near = {n for c in core for n in (*g.successors(c), *g.predecessors(c))}
    return g.subgraph(core | near).copy()


def export_graph(g: nx.MultiDiGraph, path: str | os.PathLike[str], fmt: str | None = None, *,
                 protected: Iterable[str | os.PathLike[str]] = (), stdout: BinaryIO | None = None) -> str:
    """Write ``g`` to ``path`` as ``fmt`` (from the suffix when ``None``; JSON for ``-``); returns the format used.
    ``-`` (and this process's standard output, a device or a FIFO) is written as a stream — to ``stdout`` for ``-``
    —, a file through a temporary file and a rename; ``protected`` paths (the sources) are refused."""
    target = os.fspath(path)
    chosen = format_for(target, fmt)
    if chosen == "json":
        write = lambda fh: fh.writelines(chunk.encode("utf-8") for chunk in json_chunks(g))
    elif chosen == "dot":
        write = lambda fh: fh.writelines((line + "\n").encode("utf-8") for line in _dot_lines(g))
    else:
        from .graphml import graphml_lines

        scalar = scalar_graph(g)
        write = lambda fh: fh.writelines((line + "\n").encode("utf-8") for line in graphml_lines(scalar))
    write_file(target, write, protected=protected, stdout=stdout)
    return chosen
