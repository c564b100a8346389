"""What the question quotes: rule 16, a document with the words the question quotes rises; rule 29, a rule that
explains a wording the question quotes is a candidate."""

from __future__ import annotations

import heapq
from itertools import pairwise

from ..pipeline import Query
from ..relevance import specificity
from ..wording import text_wordings
from .cards import named_wordings

__all__ = ["QUOTED", "WEIGHTS", "quoted_wording", "quotes"]

WEIGHTS = {
    "quote": 0.5,  # rule 16: times the share of the quote's word pairs
    "quoted_wording": 1.0,  # rule 29: text relevance given to a rule explaining a wording the question quotes
}
QUOTED = 100
"""Quoted words are looked for in this many of the best candidates."""
_SAID_OF = "this card"
"""What a quote that leaves out what it is said of ("'enters tapped'") is read as said of."""


def quotes(q: Query) -> None:
    """Rule 16: a phrase the question quotes (``'activate only as a sorcery'``, ``'you may'``) is card or rules
    wording; a relevant document with the same word pairs, small words included, rises by the share of the
    quote's pairs it has (the best-matching quote counts)."""
    if not q.a.quoted:
        return
    wanted = [[f" {a} {b} " for a, b in set(pairwise(quote))] for quote in q.a.quoted]  # each pair as it reads in a word line
    score = q.score
    for node in heapq.nlargest(QUOTED, (n for n in q.text if n in score), key=score.__getitem__):
        line = q.g.word_line(node)
        share = max(sum(pair in line for pair in w) / len(w) for w in wanted)
        if share > 0:
            q.scale(node, 1 + q.w["quote"] * share, "has the words the question quotes")


def quoted_wording(q: Query) -> None:
    """Rule 29: a rule that explains a wording the question quotes ("is 'enters with two +1/+1 counters' a trigger?":
    603.6d and 614.1c on “[This permanent] enters with . . .”; "a spell that says 'two target creatures'": the rules on
    the word “target”, read from the rules by :mod:`rulesgraph.wording` as for rule 24) is a candidate as if the
    question matched it fully, times how specific the wording is; a quote may leave out what it is said of ("'enters
    tapped'"), and a wording a named card's own text uses is rule 24's (the quote is most likely that card's text)."""
    w = q.w["quoted_wording"]
    if w <= 0 or not q.a.quoted:
        return
    text = q.text
    seen = {x.node for card in q.a.cards for x in named_wordings(q, card)}  # rule 24's: its text and keywords' meanings
    for quote in q.a.quoted:
        said = " ".join(quote)
        for wording in text_wordings(q.g, q.index, f"{said}\n{_SAID_OF} {said}", (_SAID_OF,)):  # kept nowhere
            if wording.node in seen:
                continue
            seen.add(wording.node)
            text[wording.node] = text.get(wording.node, 0.0) + w * specificity(q.index, wording.rarest)
            q.note(wording.node, f"the question quotes “{wording.quote}”")
