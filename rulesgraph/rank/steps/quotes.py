"""What the question quotes: rule 16, a document with the words the question quotes rises.  (Rule 29, a rule explaining
a wording the question quotes, earned nothing on the real tuning questions and was deleted in stop 26.)"""

from __future__ import annotations

import heapq
from itertools import pairwise

from ..pipeline import Query

__all__ = ["QUOTED", "WEIGHTS", "quotes"]

WEIGHTS = {
    "quote": 0.5,  # rule 16: times the share of the quote's word pairs
}
QUOTED = 100
"""Quoted words are looked for in this many of the best candidates."""


def quotes(q: Query) -> None:
    """Rule 16: a phrase the question quotes (``'activate only as a sorcery'``, ``'you may'``) is card or rules
    wording; a relevant document with the same word pairs, small words included, rises by the share of the
    quote's pairs it has (the best-matching quote counts).
    Step ``quotes``; weights: ``quote`` = 0.5.  Earns its place on the real tuning questions: removing it loses 1 at
    hit@1 and 1 at hit@3 (of 216; ``bench/ablate.py``, stop 32)."""
    if not q.a.quoted:
        return
    wanted = [[f" {a} {b} " for a, b in set(pairwise(quote))] for quote in q.a.quoted]  # each pair as it reads in a word line
    score = q.score
    for node in heapq.nlargest(QUOTED, (n for n in q.text if n in score), key=score.__getitem__):
        line = q.g.word_line(node)
        share = max(sum(pair in line for pair in w) / len(w) for w in wanted)
        if share > 0:
            q.scale(node, 1 + q.w["quote"] * share, "has the words the question quotes")
