"""Text relevance of documents to a question's weighted search terms, the part of ranking that reads words
only: BM25 with coverage over the index (rank rule 1), and how much each CR section as a whole is about the
question (rule 11).  Documents are the query-time graph's node numbers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from operator import itemgetter

from .index import Index, doc_terms
from .qgraph import QGraph

__all__ = [
    "CANDIDATES", "COMMON", "COVERAGE", "KERNEL", "KERNEL_API", "learned_relevance", "python_text_relevance",
    "section_relevance", "specificity", "text_relevance", "usable",
]

COMMON = 30
"""A name used in at most this many documents is fully specific; more common names count less."""

COVERAGE = 0.3
"""Share of text relevance a document keeps however few of the question's words it covers."""
CANDIDATES = 400
"""Only the documents with the best text relevance are scored further (the rest cannot reach the top)."""

KERNEL_API = 3
"""The version of the compiled kernel's functions these sources call (``API`` in rulesgraph/build/_kernel.c)."""
try:  # the optional compiled kernel (setup.py builds it where a C compiler is; rulesgraph/build/_kernel.c)
    from . import _kernel as KERNEL
except ImportError:  # pragma: no cover - no compiler at install: pure Python, same results
    KERNEL = None


def usable(kernel: object) -> bool:
    """Whether a compiled kernel module has the functions these sources call: one built from other sources (a checkout
    updated without ``pip install -e .``) is left out, and the pure-Python code runs."""
    return getattr(kernel, "API", 0) == KERNEL_API


if not usable(KERNEL):
    KERNEL = None


def text_relevance(index: Index, terms: Iterable[tuple[str, float]]) -> dict[int, float]:
    """BM25, times how much of the question's (idf-weighted) words the document covers: a rule that matches
    every word beats one that matches a single rare word many times.  ``terms`` are ``(stem, weight)``.
    Ties keep the order in which documents were first found (the postings' order).  Computed by the compiled
    :data:`KERNEL` when it was built, else by :func:`python_text_relevance`: the same result to the last bit."""
    if KERNEL is None:
        return python_text_relevance(index, terms)
    total = 0.0
    spans, idfs = index.postings.spans, index.idf
    found = []
    for term, qweight in terms:
        idf = idfs.get(term, 0.0) * qweight
        total += idf
        span = spans.get(term)
        if span is not None:
            found.append((span[0], span[1], qweight, idf))
    return KERNEL.relevance(index.postings.docs, index.postings.weights, len(index.ids), found, total, COVERAGE, 1 - COVERAGE,
                            CANDIDATES)


def python_text_relevance(index: Index, terms: Iterable[tuple[str, float]]) -> dict[int, float]:
    """:func:`text_relevance` in pure Python (without the compiled kernel, and what the kernel is tested against)."""
    raw: dict[int, float] = {}
    covered: dict[int, float] = {}
    total = 0.0
    postings, idfs = index.postings, index.idf
    spans, all_docs, all_weights = postings.spans, postings.docs, postings.weights
    raw_get, covered_get = raw.get, covered.get
    for term, qweight in terms:
        idf = idfs.get(term, 0.0) * qweight
        total += idf
        span = spans.get(term)
        if span is None:
            continue
        start, end = span
        if qweight == 1.0:  # weight * 1.0 is weight: the question's own words skip the multiplication
            for doc, weight in zip(all_docs[start:end], all_weights[start:end], strict=True):
                raw[doc] = raw_get(doc, 0.0) + weight
                covered[doc] = covered_get(doc, 0.0) + idf
        else:
            for doc, weight in zip(all_docs[start:end], all_weights[start:end], strict=True):
                raw[doc] = raw_get(doc, 0.0) + weight * qweight
                covered[doc] = covered_get(doc, 0.0) + idf
    if not raw:
        return {}
    if total:
        keep = 1 - COVERAGE
        scored = [(d, s * (COVERAGE + keep * covered[d] / total)) for d, s in raw.items()]
    else:
        scored = list(raw.items())
    scored.sort(key=itemgetter(1), reverse=True)  # stable: what heapq.nlargest would keep, in C
    best = scored[:CANDIDATES]
    top = best[0][1]
    return {d: s / top for d, s in best}


def learned_relevance(index: Index, terms: Iterable[tuple[str, float]], neighbours: bool = False,
                      limit: int | None = None) -> dict[int, float]:
    """Plain BM25 (no coverage, every document kept) of ``terms`` (``(stem, weight)``) over the learned rule words
    (:attr:`~rulesgraph.build.index.Index.learned`; ``neighbours``: over the labelled questions' own,
    :attr:`~rulesgraph.build.index.Index.neighbours`, each question a document), scaled so the best document is 1, best
    first (ties in the order they were found), only the best ``limit`` if given; computed by the compiled :data:`KERNEL`
    when it was built (the same values and order as the Python loop, summed in the same order)."""
    postings, size = (index.neighbours, len(index.settled)) if neighbours else (index.learned, len(index.ids))
    spans = postings.spans
    found = [(*spans[t], w, 0.0) for t, w in terms if t in spans]
    if not found:
        return {}
    if KERNEL is not None:
        return KERNEL.relevance(postings.docs, postings.weights, size, found, 0.0, 1.0, 0.0, size if limit is None else limit)
    raw: dict[int, float] = {}
    for start, end, qweight, _ in found:
        for doc, weight in zip(postings.docs[start:end], postings.weights[start:end], strict=True):
            raw[doc] = raw.get(doc, 0.0) + weight * qweight
    top = max(raw.values())
    return {d: v / top for d, v in sorted(raw.items(), key=lambda dv: -dv[1])[:limit]} if top else {}


def section_relevance(g: QGraph, text: dict[int, float]) -> dict[str, float]:
    """How much each CR section as a whole is about the question: the sum of its rules' squared relevance,
    scaled so the best section is 1 (many strong matches in one place mean the question is about that part
    of the rules)."""
    total: dict[str, float] = {}
    section = g.section
    for node, t in text.items():
        sec = section[node]
        if sec:
            total[sec] = total.get(sec, 0.0) + t * t
    top = max(total.values(), default=0.0)
    return {k: v / top for k, v in total.items()} if top else {}


def specificity(index: Index, name: str) -> float:
    """How much naming something says about a question: 1 for names few documents use (``trample``,
    ``declare blockers``), √(COMMON/df) for names many use (``cast``: about 0.26, ``creature`` less).
    A name of several words is as specific as its rarest word (computed once per name and index)."""
    known = index.memo.get(name)
    if known is None:
        stems = doc_terms(name)
        known = index.memo[name] = min(1.0, math.sqrt(COMMON / min(index.postings.df(t) or 1 for t in stems))) if stems else 0.0
    return known
