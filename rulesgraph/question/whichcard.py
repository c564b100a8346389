"""Which of several cards a name they share means: the one whose card the question describes.

A short name or a name's first word may be several cards' (``Edgar``: Edgar Markov; Edgar, Charmed Groom); the finder
(:mod:`rulesgraph.question.mentions`) then names none of them.  The question often says what the card does: "Does Edgar's
eminence trigger …" (Edgar Markov has eminence), "Thalia is out (noncreature spells cost 1 more)" (Thalia, Guardian of
Thraben's text).  Each candidate's Oracle text, type line and keywords are read from the card store, and the words the
question shares with them are weighed by how specific they are to the rules (a word few rules use says more than
"creature"); the candidate the question describes clearly more than any other is the card meant.  Only questions with
such a name pay for the store reads.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..build.index import doc_terms
from ..build.relevance import COMMON

if TYPE_CHECKING:
    from ..build.index import Index
    from ..cards.store import CardStore

__all__ = ["CLEARLY", "DESCRIBED", "described"]

DESCRIBED = 1.0
"""Least weight of the words a question shares with a candidate's card for it to be the one meant: one word few rules
use (``eminence``), or several common ones."""
CLEARLY = 2.0
"""The candidate meant shares at least this many times the weight the next one does."""


def _weight(index: Index, term: str) -> float:
    """How specific a word is: 1 for a word few rules documents use, √(COMMON/df) for a common one."""
    return min(1.0, math.sqrt(COMMON / (index.postings.df(term) or 1)))


def described(question: str, start: int, end: int, candidates: tuple[str, ...], store: CardStore, index: Index) -> str | None:
    """The one of ``candidates`` (the cards a name at ``start:end`` of ``question`` may be) whose card the rest of the
    question describes (:data:`DESCRIBED`, :data:`CLEARLY`), or ``None``."""
    said = set(doc_terms(question[:start] + " " + question[end:]))
    scores = []
    for key in candidates:
        card = store.card(key)
        if card is None:
            continue
        own = " ".join([*(f.text or "" for f in card.faces), *(f.type_line for f in card.faces), *(k.name for k in card.keywords)])
        shared = (said & set(doc_terms(own))) - set(doc_terms(key))
        scores.append((sum(_weight(index, t) for t in shared), key))
    scores.sort(key=lambda s: -s[0])
    if not scores or scores[0][0] < DESCRIBED:
        return None
    if len(scores) > 1 and scores[0][0] < CLEARLY * scores[1][0]:
        return None
    return scores[0][1]
