"""Rule 72, what a card's text says in the rules' terms: a glossary term a named card's Oracle text says raises the rules
its entry cites, as rule 4 does for a term the question says, weaker and as surely as the card was named.

"Brass Colossus is put into my graveyard from my library. Does its ability trigger?" says nothing of dying; the card's
"When Brass Colossus dies" does, and the glossary's Dies cites 700.4, which says what dying is (a prior: it raises a
rule the question's words found, as rule 4's do).  The terms are read once per card, as the question's are
(:func:`rulesgraph.question.cardsaid.glossary_said`, ``NamedCard.terms``); a term the question says itself is rule
4's, not raised twice.

A card step (:mod:`rulesgraph.rank.cardsteps.cards` has the others), run beside the priors of what the question names.
"""

from __future__ import annotations

from ...build.relevance import specificity
from ..pipeline import Query
from ..steps.named import raise_cited

__all__ = ["WEIGHTS", "card_terms"]

WEIGHTS = {
    "card_term": 0.5,  # rule 72: prior of the rules a named card's glossary term cites, × the card's and the match's sureness
}


def card_terms(q: Query) -> None:
    """Rule 72: each glossary term a named card's Oracle text says (``NamedCard.terms``) and the question does not raises
    the rules its entry cites by the weight × how surely the card was named × how surely its text said the term × the
    term's specificity (:func:`rulesgraph.build.relevance.specificity`: "Dies" more than "Creature").
    Step ``card_terms``; weights: ``card_term`` = 0.5 (real tuning questions, cross-fitted, stop 63: ``python bench/fit.py
    --only card_term`` from 0.3 moved it to 0.8 in every fold, held out 39.5% / 59.2% → 39.8% / 59.5% at hit@1 / hit@3;
    from 0.5 the fit on every tuning question keeps 0.5, and its folds' 0.75–0.88 score no better held out).
    Earns its place on the real tuning questions: removing it loses 1 / 15 and 8 / 5 on the two halves of
    ``bench/ablate.py --halves`` (stop 63, with the tables recounted)."""
    w = q.w["card_term"]
    if w <= 0 or not q.a.cards:
        return
    g = q.g
    own = {m.node for m in q.a.of_kind("glossary")}
    for card in q.a.cards:
        for node, quality in card.terms:
            i = g.num.get(node)
            if node in own or i is None:
                continue
            label = g.nodes[node]["label"]
            raise_cited(q, i, w * card.confidence * quality * specificity(q.index, label), f"{card.key} says {label}")
