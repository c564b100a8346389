"""The tournament documents as a graph (networkx): passages are nodes, with ``contains``, ``cites`` and ``defines`` edges.

``contains``: document part → its sections, infraction → its parts.  ``cites``: what a passage's text refers
to — another section of the same document (``see section 4.3``, ``Tardiness (3.1)``, ``Appendix F``), an MTR
section from the IPG or JAR (``MTR section 4.3``, ``section 5.2 of the Magic Tournament Rules``), or a rule of
the Comprehensive Rules (``rule 103.4``: node ``CR 103.4``).  ``defines``: a passage → a term it defines
(:func:`rulesgraph.build.tdefines.defined_terms`: infraction names, section titles, "Free information is …"; node
``term:free information``).  Built from the installed documents on first use;
the rules graph is not touched, so no rules answer depends on it.
"""

from __future__ import annotations

import re
from functools import cache

import networkx as nx

from ..parse.tdoc import TDocument
from .tdefines import defined_terms

__all__ = ["build", "cited_by", "cites", "defined_by", "defines", "references", "term_id", "tournament_graph"]

_MTR_NAMED = re.compile(r"\b(?:MTR|Magic Tournament Rules|Tournament Rules)\s*,?\s*(?:section\s*)?(\d{1,2}\.\d{1,2})\b")
_SECTION_OF_MTR = re.compile(r"\bsections?\s+(\d{1,2}(?:\.\d{1,2})?)\s+of the (?:Magic )?Tournament Rules")
_SECTION = re.compile(r"\bsections?\s+(\d{1,2}(?:\.\d{1,2})?)\b")
_PAREN = re.compile(r"\((\d{1,2}\.\d{1,2})\)")
_APPENDIX = re.compile(r"\bAppendix\s+([A-F])\b")
_CR = re.compile(r"\brules?\s+(\d{3}(?:\.\d+[a-z]?)?)\b")


def references(text: str, prefix: str) -> list[str]:
    """The ids ``text`` (of document ``prefix``) refers to, in order, each once."""
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []

    def add(m: re.Match[str], target: str) -> None:
        if any(a <= m.start() < b for a, b in taken):
            return
        taken.append((m.start(), m.end()))
        found.append((m.start(), target))

    for m in _SECTION_OF_MTR.finditer(text):
        add(m, f"MTR {m.group(1)}")
    for m in _MTR_NAMED.finditer(text):
        add(m, f"MTR {m.group(1)}")
    for m in _SECTION.finditer(text):
        add(m, f"{prefix} {m.group(1)}")
    for m in _PAREN.finditer(text):
        add(m, f"{prefix} {m.group(1)}")
    for m in _APPENDIX.finditer(text):
        add(m, f"{prefix} Appendix {m.group(1)}")
    for m in _CR.finditer(text):
        add(m, f"CR {m.group(1)}")
    out: list[str] = []
    for _, target in sorted(found):
        if target not in out:
            out.append(target)
    return out


def _by_title(docs: tuple[TDocument, ...]) -> list[tuple[re.Pattern[str], str]]:
    """Infractions cited by their full title in running text (``an Unsporting Conduct — Cheating infraction``)."""
    out = []
    for doc in docs:
        for s in doc.sections:
            if s.penalty and "—" in s.title:
                klass, name = (x.strip() for x in s.title.split("—", 1))
                out.append((re.compile(rf"\b{re.escape(klass)}\s*[—–-]\s*{re.escape(name)}\b"), s.id))
    return out


def build(docs: tuple[TDocument, ...]) -> nx.DiGraph:
    titled = _by_title(docs)
    g = nx.DiGraph()
    for doc in docs:
        for s in doc.sections:
            g.add_node(s.id, kind=s.kind, title=s.title, doc=doc.kind, penalty=s.penalty)
    for doc in docs:
        for s in doc.sections:
            if s.parent:
                g.add_edge(s.parent, s.id, kind="contains")
            if s.kind == "part":
                continue  # a section's text holds its parts': cited once, by the section
            named = [sid for pattern, sid in titled if pattern.search(s.text)]
            for target in [*references(s.text, doc.prefix), *named]:
                if target == s.id:
                    continue
                if target.startswith("CR "):
                    g.add_node(target, kind="cr", title=None, doc="cr", penalty=None)
                if target in g:
                    g.add_edge(s.id, target, kind="cites")
    for term, sid in defined_terms(docs):
        node = term_id(term)
        if node not in g:
            g.add_node(node, kind="term", title=term, doc=None, penalty=None)
        g.add_edge(sid, node, kind="defines")
    return g


def term_id(term: str) -> str:
    """A defined term's node: ``term:`` and its words in lower case (``term:outside assistance``)."""
    return "term:" + " ".join(term.lower().split())


@cache
def _graph(key: tuple[str, ...]) -> nx.DiGraph:
    from .tbook import load

    return build(load())


def tournament_graph() -> nx.DiGraph:
    from .tbook import load

    return _graph(tuple(d.sha256 for d in load()))


def cites(sid: str) -> list[str]:
    g = tournament_graph()
    return [t for t in g.successors(sid) if g.edges[sid, t]["kind"] == "cites"] if sid in g else []


def cited_by(sid: str) -> list[str]:
    g = tournament_graph()
    return [s for s in g.predecessors(sid) if g.edges[s, sid]["kind"] == "cites"] if sid in g else []


def defines(sid: str) -> list[str]:
    """The terms a passage defines (their titles: ``Free information`` …)."""
    g = tournament_graph()
    return [g.nodes[t]["title"] for t in g.successors(sid) if g.edges[sid, t]["kind"] == "defines"] if sid in g else []


def defined_by(term: str) -> list[str]:
    """The passages defining a term, in document order (``Outside Assistance`` → ``MTR 5.6``, ``IPG 3.2``)."""
    g, node = tournament_graph(), term_id(term)
    return [s for s in g.predecessors(node) if g.edges[s, node]["kind"] == "defines"] if node in g else []
