"""How much a question's words are the tournament documents' rather than the Comprehensive Rules': one score for routing.

Each word of the question (stemmed as the documents are ranked, card names left out) is compared by its share of
the words of each side: the installed MTR, IPG and JAR (their ranked sections' text, counted on first use once installed and
cached with the infraction names) and the Comprehensive Rules (the loaded index's document frequencies).  A word the
documents use far more than the rules (``log`` of the ratio of shares at least :data:`OWN`) and far more than English
does (:func:`rulesgraph.answer.policy.term_counts`: judge, penalty, sideboard, tournament, match, spectator) adds its
log ratio; a word the rules use more (ratio below ``-``:data:`RULES`: creature, battlefield, damage, target) takes its
log ratio off; words shared alike, and words neither side uses (card names, typos), count nothing.  A question scoring
at least :data:`ROUTE` is the documents' even with no named event, judge or infraction ("do you have to announce which
pile is your deck while sideboarding", "guidelines for cutting an opponent's deck … is it fair").

The constants are fitted on the real tune questions (``bench/questions/policy/real.jsonl``) and the routing set
(``bench/routing.py``: every question of every rules set): :data:`ROUTE` is above the score of every rules question.
Cheap: a dictionary look-up per word, no document parsed (a rules question reads the cached counts once a process).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..question.read import Question

if TYPE_CHECKING:
    from ..build.index import Index

__all__ = ["OWN", "ROUTE", "RULES", "relevance", "relevant"]

OWN = 2.0
"""A word counts for the documents when its share of their words is at least e**OWN (~7) times its share of the rules'."""
RULES = 1.0
"""A word counts for the rules when its share of their words is at least e**RULES (~2.7) times its share of the documents'."""
ROUTE = 6.5
"""The score from which a question goes to the documents: midway (the widest margin both ways) between the highest
rules question of the routing set, 5.6, and the lowest real tune policy question that no cue routed, 7.3 (the other
scores 10.3)."""


def relevance(question: str | Question, index: Index) -> tuple[float, tuple[str, ...]]:
    """The question's score (positive: the documents' words; negative: the rules') and the words that counted for the
    documents, most telling first; ``(0.0, ())`` when no document is installed."""
    from ..common.text import stem
    from .policy import said_terms, term_counts

    counts, own = term_counts()
    if not counts:
        return 0.0, ()
    docs_total, rules_total = _totals(counts, index)
    read = Question.of(question)
    cards = {stem(w) for w in read.names}
    score = 0.0
    said: dict[str, float] = {}
    for t in said_terms(read):
        if t in cards:
            continue
        a, b = counts.get(t, 0), index.postings.df(t)
        if not a and not b:
            continue
        ratio = math.log((a + 0.5) / docs_total) - math.log((b + 0.5) / rules_total)
        if ratio >= OWN and t in own:
            score += ratio
            said[t] = ratio
        elif ratio <= -RULES:
            score += ratio
    return score, tuple(sorted(said, key=lambda t: -said[t]))


def relevant(question: str | Question, index: Index) -> str | None:
    """Why the question's words make it one for the tournament documents (its most telling words), or ``None``."""
    score, said = relevance(question, index)
    if score < ROUTE:
        return None
    return "the documents' words: " + ", ".join(said[:3])


_TOTALS: list[tuple[object, object, tuple[int, int]]] = []


def _totals(counts: dict[str, int], index: Index) -> tuple[int, int]:
    """The documents' word count and the rules' (the sum of their terms' document frequencies: every posting), summed
    once for the counts and index in use."""
    if _TOTALS and _TOTALS[0][0] is counts and _TOTALS[0][1] is index.postings:
        return _TOTALS[0][2]
    got = (max(1, sum(counts.values())), max(1, len(index.postings.docs)))
    _TOTALS[:] = [(counts, index.postings, got)]
    return got
