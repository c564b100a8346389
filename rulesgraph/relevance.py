"""Text relevance of documents to an analysed question, the part of ranking that reads words only.

BM25 with coverage over the index (rank rule 1), how much each CR section as a whole is about the
question (rule 11), and the vocabulary under a node (rule 18 compares it with the question's words).
"""

from __future__ import annotations

import heapq
import weakref
from collections import defaultdict

import networkx as nx

from .analyze import Analysis
from .index import Index, doc_terms
from .link import subtree

__all__ = ["CANDIDATES", "COVERAGE", "section_relevance", "terms_under", "text_relevance"]

COVERAGE = 0.3
"""Share of text relevance a document keeps however few of the question's words it covers."""
CANDIDATES = 400
"""Only the documents with the best text relevance are scored further (the rest cannot reach the top)."""


def text_relevance(index: Index, a: Analysis) -> dict[str, float]:
    """BM25, times how much of the question's (idf-weighted) words the document covers: a rule
    that matches every word beats one that matches a single rare word many times."""
    raw: dict[int, float] = defaultdict(float)
    covered: dict[int, float] = defaultdict(float)
    total = 0.0
    for term, qweight in a.terms:
        idf = index.idf.get(term, 0.0) * qweight
        total += idf
        docs, weights = index.postings.get(term)
        for doc, weight in zip(docs, weights, strict=True):
            raw[doc] += weight * qweight
        for doc in docs:
            covered[doc] += idf
    if not raw:
        return {}
    scored = {d: s * (COVERAGE + (1 - COVERAGE) * covered[d] / total) if total else s for d, s in raw.items()}
    best = heapq.nlargest(CANDIDATES, scored.items(), key=lambda item: item[1])
    top = best[0][1]
    return {index.ids[d]: s / top for d, s in best}


_UNDER: weakref.WeakKeyDictionary[nx.MultiDiGraph, dict[str, frozenset[str]]] = weakref.WeakKeyDictionary()
"""Per graph, root node → the stems of its subtree's text and examples (filled as questions need them)."""


def terms_under(g: nx.MultiDiGraph, root: str) -> frozenset[str]:
    """The stems of the text and examples of ``root`` and everything under it (computed once per graph)."""
    known = _UNDER.setdefault(g, {})
    if root not in known:
        texts = (" ".join([g.nodes[n]["text"], *(g.nodes[n].get("examples") or ())]) for n in subtree(g, root))
        known[root] = frozenset(t for text in texts for t in doc_terms(text))
    return known[root]


def section_relevance(index: Index, text: dict[str, float]) -> dict[str, float]:
    """How much each CR section as a whole is about the question: the sum of its rules' squared
    relevance, scaled so the best section is 1 (many strong matches in one place mean the question
    is about that part of the rules)."""
    total: dict[str, float] = defaultdict(float)
    for node, t in text.items():
        sec = index.section.get(node)
        if sec:
            total[sec] += t * t
    top = max(total.values(), default=0.0)
    return {k: v / top for k, v in total.items()} if top else {}
