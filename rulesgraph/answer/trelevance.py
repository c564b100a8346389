"""How much a question is the tournament documents' rather than the Comprehensive Rules': one fitted score for routing.

Each word of the question (stemmed as the documents are ranked, card names left out) is compared by its share of
the words of each side: the installed MTR, IPG and JAR (their ranked sections' text, counted on first use once installed and
cached with the infraction names) and the Comprehensive Rules (the loaded index's document frequencies).  From these
log ratios come the question's :data:`FEATURES`: the words the documents use far more than the rules (``log`` ratio at
least :data:`OWN`) and far more than English does (:func:`rulesgraph.answer.policy.term_counts`: judge, penalty,
sideboard, tournament, match, spectator), summed; the words the rules use more (ratio below ``-``:data:`RULES`:
creature, battlefield, damage, target), summed; every word's ratio summed over the square root of their number (how
much the question as a whole leans one way, whatever its length); the log of that number; how many kinds of a
policy question's words it says (an error told, a duty or fix asked, a judge, a remedy, a setting:
:func:`rulesgraph.question.policyroute.policy_kinds`); the share of its words that are game terms (a count would grow
with the question: a judge's forum post tells a long game situation, a rules question a short one); and whether it
names a card.
The score is a logistic model's log-odds over them (:data:`WEIGHTS`, :data:`BIAS`), and a question scoring at least
:data:`ROUTE` goes to the documents though no cue routed it ("two cards stuck together when I drew and I saw the
second one, what now").

The weights and the threshold are fitted by ``bench/routefit.py`` on the tune parts of the policy sets
(``bench/questions/policy/policy.jsonl`` and ``real.jsonl``) against every rules question of the routing set
(``bench/routing.py``) but its blind lines, cross-validated; :data:`ROUTE` is above the score of every one of those rules questions.
Cheap: a dictionary look-up per word and a few regular expressions, no document parsed (a rules question reads the
cached counts once a process).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..question.read import Question

if TYPE_CHECKING:
    from ..build.index import Index

__all__ = ["BIAS", "FEATURES", "OWN", "ROUTE", "RULES", "SCORED", "WEIGHTS", "features", "relevance", "relevant"]

OWN = 2.0
"""A word counts for the documents when its share of their words is at least e**OWN (~7) times its share of the rules'."""
RULES = 1.0
"""A word counts for the rules when its share of their words is at least e**RULES (~2.7) times its share of the documents'."""
FEATURES = ("documents", "rules", "balance", "length", "kinds", "game_terms", "card")
"""What the score weighs (:func:`features`), in this order."""
WEIGHTS = {"documents": 0.1659, "rules": 0.0161, "balance": 0.5439, "length": 0.2745, "kinds": 1.5816, "game_terms": -1.3293,
           "card": -0.8861}
"""Each feature's weight in the log-odds, fitted by ``bench/routefit.py`` (its last lines print them)."""
BIAS = -4.3591
ROUTE = 1.363
"""The score from which a question goes to the documents, fitted by ``bench/routefit.py``: midway between the highest
score of the rules questions it was fitted on and the lowest policy question's above it."""


def features(question: str | Question, index: Index) -> tuple[dict[str, float], tuple[str, ...]]:
    """The question's :data:`FEATURES`, and the words that counted for the documents, most telling first; ``({}, ())``
    when no document is installed."""
    from ..common.text import stem
    from ..question.policyroute import policy_kinds
    from ..question.scope import game_terms
    from .policy import term_counts
    from .policywords import said_terms

    counts, own = term_counts()
    if not counts:
        return {}, ()
    docs_total, rules_total = _totals(counts, index)
    read = Question.of(question)
    cards = {stem(w) for w in read.names}
    documents = rules = balance = 0.0
    n = 0
    said: dict[str, float] = {}
    for t in said_terms(read):
        if t in cards:
            continue
        a, b = counts.get(t, 0), index.postings.df(t)
        if not a and not b:
            continue
        ratio = math.log((a + 0.5) / docs_total) - math.log((b + 0.5) / rules_total)
        n += 1
        balance += ratio
        if ratio >= OWN and t in own:
            documents += ratio
            said[t] = ratio
        elif ratio <= -RULES:
            rules += ratio
    got = {"documents": documents, "rules": rules, "balance": balance / math.sqrt(max(1, n)), "length": math.log(max(1, n)),
           "kinds": float(policy_kinds(read.folded)), "game_terms": game_terms(read, index) / max(1, n), "card": float(bool(read.names))}
    return got, tuple(sorted(said, key=lambda t: -said[t]))


def relevance(question: str | Question, index: Index) -> tuple[float, tuple[str, ...]]:
    """The question's score (the log-odds that it is the documents': :data:`WEIGHTS` over its :func:`features`) and
    the words that counted for the documents, most telling first; ``(0.0, ())`` when no document is installed."""
    got, said = features(question, index)
    if not got:
        return 0.0, ()
    return BIAS + sum(WEIGHTS[f] * got[f] for f in FEATURES), said


SCORED = "its words are the documents' rather than the rules'"
"""How :func:`relevant`'s reason begins: an answer routed so cites the rules too (:func:`rulesgraph.answer.tanswer.with_rules`)."""


def relevant(question: str | Question, index: Index) -> str | None:
    """Why the question's words make it one for the tournament documents (:data:`SCORED`, its score and its most telling
    words), or ``None``."""
    score, said = relevance(question, index)
    if score < ROUTE:
        return None
    return f"{SCORED} (score {score:.1f})" + (": " + ", ".join(said[:3]) if said else "")


_TOTALS: list[tuple[object, object, tuple[int, int]]] = []


def _totals(counts: dict[str, int], index: Index) -> tuple[int, int]:
    """The documents' word count and the rules' (the sum of their terms' document frequencies: every posting), summed
    once for the counts and index in use."""
    if _TOTALS and _TOTALS[0][0] is counts and _TOTALS[0][1] is index.postings:
        return _TOTALS[0][2]
    got = (max(1, sum(counts.values())), max(1, len(index.postings.docs)))
    _TOTALS[:] = [(counts, index.postings, got)]
    return got
