"""Rule 75, learned cards: the Oracle words of the cards a question names join its own words in the learned match (rules
68 and 70, :mod:`rulesgraph.rank.steps.learned`), as the learned table (``data/learned.tsv``, ``bench/learn.py``) counts
them for the rules that settled questions naming such cards.

A card step (:mod:`rulesgraph.rank.cardsteps.cards` has the others), run before rule 70 reads the learned match.
"""

from __future__ import annotations

from collections.abc import Callable

from ...build.index import CARD_WORD, word_terms
from ..pipeline import Query
from .wording import SELF_WORD, self_names, sentences_of

__all__ = ["WEIGHTS", "card_words", "learned_cards"]

WEIGHTS = {
    "learned_card": 0.5,  # rule 75: a named card's Oracle word's weight in the learned match, × how surely it was named
}


def card_words(key: str, text: str, keep: Callable[[str], bool] = lambda w: True) -> frozenset[str]:
    """The learned table's card words of card ``key`` whose Oracle text is ``text``: the stems of the words ``keep``
    keeps, read as the card steps read a card's text (:func:`~rulesgraph.rank.cardsteps.wording.sentences_of`: its
    reminder text and its own names left out, older "enters the battlefield" read as today's "enters", so the April 2022
    file the table learns from and a newer card store say alike), each once and prefixed ``c:``
    (:data:`~rulesgraph.build.index.CARD_WORD`).  ``bench/learn.py`` counts them for the rules that settled a question
    naming the card; rule 75 searches them for the cards a question names."""
    said = {w for sentence in sentences_of(text, self_names(key), str) for w in sentence.split() if w != SELF_WORD}
    return frozenset(CARD_WORD + t for t in word_terms([w for w in said if keep(w)]))


def learned_cards(q: Query) -> None:
    """Rule 75, learned cards: the Oracle words of the cards a question names (:func:`card_words`) join its own words
    in the learned match (rules 68 and 70), each at the weight × how surely its card was named.  The learned table
    counts, for each rule, the words of the cards named by the questions it settled, as it counts their own words: the
    questions about a card saying "dies" were settled by 700.4 and 603.10a, those about one saying "at the beginning of
    your upkeep" by 503.1a, whatever the question said — one mechanism for every card, learned from real questions, in
    place of a table of kinds of card text written by hand.  They are documents of their own (:func:`learned_postings
    <rulesgraph.build.index.learned_postings>`): a question naming no card is ranked as before.
    Step ``learned_cards``; weights: ``learned_card`` = 0.5 (the real tuning questions, each answered with the learned
    tables made without its page: ``python bench/fit.py --only learned_card`` fits 0.88 on all of them, but the five
    folds' values, 0.5 to 1.33, score no better held out, 43.1% / 65.0% against 43.6% / 65.1% at hit@1 / hit@3).
    Earns its place on the real tuning questions: removing it loses 27 / 46 and 1 / 33 at hit@1 / hit@3 on the two
    halves of ``bench/ablate.py --halves`` (stop 67, cross-fitted; 1,027 / 1,531 with it)."""
    w = q.w["learned_card"]
    if w <= 0 or not q.a.cards:
        return
    carded: dict[str, float] = {}
    for card in q.a.cards:
        for t in card_words(card.key, card.text):
            carded[t] = max(carded.get(t, 0.0), w * card.confidence)
    q.memo["learned cards"] = carded
