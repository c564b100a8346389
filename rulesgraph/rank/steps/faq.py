"""FAQ entries: the entries about a named keyword competing on the question's other words (rule 17)."""

from __future__ import annotations

from ...build.index import doc_terms
from ...build.relations import faq_about
from ...question.analyze import FRAMING_TERMS as _FRAMING
from ..pipeline import Query

__all__ = ["WEIGHTS", "faq_fit"]

WEIGHTS = {
    "faq_fit": 2.0,  # rule 17, times the share of the question's other words
}
"""Stems of words that only frame a question ("what does X do"): a FAQ question of nothing else is a definition."""


def faq_fit(q: Query) -> None:
    """Rule 17: the FAQ entries about a keyword the question names compete on the question's *other* words:
    each rises by the (idf-weighted) share of them its question and answer contain, so "is proliferate
    targeted?" finds "Does proliferating target?" rather than "What does proliferate mean?".
    Step ``faq_fit``; weights: ``faq_fit`` = 2.0.  Kept for another document: the FAQ entries of a named keyword
    compete through it.  Removing it changes no rule hit of the 216 real tuning questions (``bench/ablate.py``, stop
    32), but the FAQ entry that says what a column answered then leaves the answer (faq:hexproof-5, an Aura attached is
    not targeting, for "If I cast Captive Audience and my opponent somehow has hexproof …")."""
    g, index = q.g, q.index
    keywords = list(dict.fromkeys(m.node for m in q.a.of_kind("keyword")))
    names = {t for kw in keywords for t in doc_terms(g.nodes[kw]["label"])}
    other = {t: w * index.idf.get(t, 0.0) for t, w in q.a.terms if t not in names}
    total = sum(other.values())
    if not total:
        return
    for faq in dict.fromkeys(f for kw in keywords for f in faq_about(g, kw)):
        i = g.num[faq]
        if i not in q.score:
            continue
        asks = set(g.question_stems[i])
        if asks - names - _FRAMING:  # not "What does X do?"
            have = asks.union(g.stems[i])
            share = sum(v for t, v in other.items() if t in have) / total
            q.scale(i, 1 + q.w["faq_fit"] * share, f"answers {share:.0%} of what else the question asks" if share >= 0.5 else None)
