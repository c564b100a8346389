"""Rule 1, text relevance: the candidates of ranking are the documents whose words match the question's."""

from __future__ import annotations

from ...build.relevance import text_relevance
from ..pipeline import Query

__all__ = ["text"]


def text(q: Query) -> None:
    """Rule 1: BM25 over rules, glossary and FAQ text, with coverage, scaled so the best document is 1;
    the best :data:`~rulesgraph.build.relevance.CANDIDATES` documents are the candidates every later step scores.
    Step ``text``; weights: none.  A generic base step (removing it loses 76 real tuning questions at hit@1, 103 at
    hit@3, of 286, and `keywords` 2 at each; ``bench/ablate.py``, stop 34)."""
    q.text = text_relevance(q.index, q.a.terms)
    q.memo["query"] = q.a.terms  # what rule 22 extends with the named cards' words
