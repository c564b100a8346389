"""Build the knowledge graph (networkx) from parsed documents.

Node ids: CR numbers as printed (``7``, ``702``, ``702.19``, ``702.19b``); rules of
other documents ``<doc>:<key>`` (their numbers are not CR identities);
``glossary:<Term>``, ``keyword:<name>``, ``faq:<key>``, ``card:<Name>``.

Every node has ``kind``, ``label`` (what to show as its id), ``text``, ``file``,
``line`` and ``effective``.  Edges are keyed by their kind: ``contains``, ``cites``,
``defines``, ``about``, ``see_also``, ``mentions``, ``current`` (a non-CR rule →
the CR rule with the same text today) and ``renamed_to`` (keyword → keyword).
Cross-document linking and reference resolution live in :mod:`rulesgraph.build.link`.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

import networkx as nx

from ..common.ids import faq_id, glossary_id, keyword_id, rule_id
from ..errors import RulesgraphError
from ..model import Document, FaqEntry, GlossaryEntry, Rule
from ..parse.numbers import parent_of
from ..version import SCHEMA
from .link import link_documents

__all__ = ["EDGE_KINDS", "NODE_KINDS", "SCHEMA", "add_keyword", "build_graph"]


NODE_KINDS = ("chapter", "section", "rule", "subrule", "paragraph", "glossary", "keyword", "faq", "card")
EDGE_KINDS = ("contains", "cites", "defines", "about", "see_also", "mentions", "current", "renamed_to")


def _origin(node: Any) -> dict[str, Any]:
    return {"file": node.origin.file, "line": node.origin.line, "effective": node.origin.effective}


def _add_rule(g: nx.MultiDiGraph, doc: Document, rule: Rule) -> str:
    nid = rule_id(doc, rule.key)
    g.add_node(
        nid,
        kind=rule.level,
        label=rule.number or (rule.title or rule.key),
        number=rule.number,
        title=rule.title,
        text=rule.text,
        examples=tuple(ex.text for ex in rule.examples),
        keyword=rule.keyword,
        doc=doc.id,
        numbering=doc.numbering,
        **_origin(rule),
    )
    return nid


def _add_glossary(g: nx.MultiDiGraph, doc: Document, entry: GlossaryEntry) -> str:
    nid = glossary_id(entry.term)
    g.add_node(
        nid, kind="glossary", label=entry.term, title=entry.term, text=entry.text, obsolete=entry.obsolete,
        senses=entry.senses, redirect=entry.redirect, doc=doc.id, **_origin(entry),
    )
    return nid


def _add_faq(g: nx.MultiDiGraph, doc: Document, entry: FaqEntry) -> str:
    nid = faq_id(entry.key)
    if nid in g:
        nid = faq_id(f"{entry.key}@{doc.id}")
    g.add_node(
        nid, kind="faq", label=nid.removeprefix("faq:"), title=entry.question, question=entry.question, answer=entry.answer,
        text=f"{entry.question}\n\n{entry.answer}", keyword=entry.keyword, doc=doc.id, **_origin(entry),
    )
    return nid


def add_keyword(g: nx.MultiDiGraph, name: str, category: str | None, authority: int, source: Rule | FaqEntry) -> str:
    """Add (or merge into) a keyword node; the most authoritative source (CR 3, sections 2, FAQ 1)
    names it and gives its origin."""
    nid = keyword_id(name)
    if nid in g:
        data = g.nodes[nid]
        if authority > data["authority"]:
            data.update(label=name, title=name, authority=authority, **_origin(source))
        if category and not data.get("category"):
            data["category"] = category
        return nid
    g.add_node(nid, kind="keyword", label=name, title=name, text="", category=category, authority=authority, **_origin(source))
    return nid


def _structure(g: nx.MultiDiGraph, doc: Document, faq_ids: dict[tuple[str, str], str]) -> None:
    """Nodes and ``contains``/``defines``/``about`` edges inside one document."""
    heading: str | None = None
    for rule in doc.rules:
        nid = _add_rule(g, doc, rule)
        if doc.numbering == "cr":
            parent = parent_of(rule.number or "")
            if parent and parent in g:
                g.add_edge(parent, nid, key="contains")
            section = (rule.number or "").split(".")[0]
            if rule.level == "rule" and section in ("701", "702") and rule.title and rule.title != "General":
                kw = add_keyword(g, rule.title, "action" if section == "701" else "ability", 3, rule)
                g.add_edge(nid, kw, key="defines")
        elif doc.numbering == "none":
            if rule.level == "rule":
                heading = nid
                if rule.keyword:
                    g.add_edge(nid, add_keyword(g, rule.keyword, None, 2, rule), key="defines")
            elif heading:
                g.add_edge(heading, nid, key="contains")
        elif rule.keyword:
            g.add_edge(nid, add_keyword(g, rule.keyword, None, 1, rule), key="defines")
    for entry in doc.glossary:
        _add_glossary(g, doc, entry)
    for entry in doc.faq:
        nid = faq_ids[(doc.id, entry.key)] = _add_faq(g, doc, entry)
        if entry.keyword:
            g.add_edge(nid, add_keyword(g, entry.keyword, None, 1, entry), key="about")
        for key in entry.rules:
            g.add_edge(nid, rule_id(doc, key), key="about")


def build_graph(documents: list[Document]) -> nx.MultiDiGraph:
    """One graph from every document: structure first, then links across them."""
    crs = [d for d in documents if d.numbering == "cr"]
    if len(crs) > 1:
        names = ", ".join(d.path for d in crs)
        raise RulesgraphError(f"more than one Comprehensive Rules file given ({names}); load one (use 'diff' to compare two)")
    documents = _distinct(documents)
    g = nx.MultiDiGraph()
    cr = crs[0] if crs else None
    g.graph.update(
        schema=SCHEMA,
        effective=cr.effective if cr else None,
        documents=[_summary(d) for d in documents],
    )
    faq_ids: dict[tuple[str, str], str] = {}
    for doc in sorted(documents, key=lambda d: d.numbering != "cr"):  # CR first: it names things
        _structure(g, doc, faq_ids)
    link_documents(g, documents, faq_ids)
    return g


def _distinct(documents: list[Document]) -> list[Document]:
    """The documents with distinct ids: two files of one name (``a/notes.txt``, ``b/notes.txt``) become
    ``notes`` and ``notes-2``, so neither one's rules overwrite the other's."""
    taken: set[str] = set()
    out = []
    for doc in documents:
        n, wanted = 1, doc.id
        while wanted in taken:
            n += 1
            wanted = f"{doc.id}-{n}"
        taken.add(wanted)
        out.append(doc if wanted == doc.id else replace(doc, id=wanted))
    return out


def _summary(doc: Document) -> dict[str, Any]:
    """What ``check`` and the toolbar say about a document (its records stay out of the graph)."""
    levels = {level: sum(1 for r in doc.rules if r.level == level) for level in ("chapter", "section", "rule", "subrule", "paragraph")}
    return {
        "id": doc.id, "path": doc.path, "format": doc.format, "numbering": doc.numbering, "sha256": doc.sha256,
        "effective": doc.effective, "title": doc.title, "encoding": doc.encoding, "lines": doc.lines,
        **levels,
        "examples": sum(len(r.examples) for r in doc.rules),
        "glossary": len(doc.glossary), "faq": len(doc.faq), "keywords": list(doc.keywords),
        "anomalies": [asdict(a) for a in doc.anomalies],
        "skipped": [asdict(s) for s in doc.skipped],
    }
