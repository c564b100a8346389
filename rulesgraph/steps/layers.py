"""Rule 43, two named cards' effects in sublayers of one layer: when their effects apply in different sublayers (Humility's
"base power and toughness 1/1" in 7b, Giant Growth's "+3/+3" in 7c; Tarmogoyf's characteristic-defining ability in 7a),
the rule ordering those sublayers (613.4: "Within layer 7, apply effects in a series of sublayers in the order described
below") is a candidate: the question is which applies first, though neither card nor question names a layer.  The
sublayers are read from the rules by :func:`rulesgraph.effects.sublayers`; the rule ordering them is the one they are
under.  A card step (:mod:`rulesgraph.steps.cards` has the others), run before the priors.
"""

from __future__ import annotations

from ..effects import sublayers
from ..pipeline import Query
from .cards import self_names

__all__ = ["WEIGHTS", "card_sublayers"]

WEIGHTS = {
    "card_sublayers": 1.0,  # rule 43: text relevance given to the rule ordering the sublayers two named cards' effects apply in
}


def card_sublayers(q: Query) -> None:
    """Rule 43: when two named cards have effects in different sublayers under one rule (7b and 7c under 613.4), that
    rule is a candidate as if the question matched it by the weight's share of a full match, times how surely the less
    sure of the cards was named."""
    w = q.w["card_sublayers"]
    if w <= 0 or len(q.a.cards) < 2:
        return
    g = q.g
    under: dict[int, dict[int, list[tuple[str, float]]]] = {}  # rule above → sublayer → cards
    for card in q.a.cards:
        for node in sublayers(g, card.text, self_names(card.key)):
            up = g.up[node]
            if up >= 0:
                under.setdefault(up, {}).setdefault(node, []).append((card.key, card.confidence))
    text = q.text
    for up, layers in under.items():
        cards = {key: c for found in layers.values() for key, c in found}
        if len(layers) >= 2 and len(cards) >= 2:
            text[up] = text.get(up, 0.0) + w * min(cards.values())
            q.note(up, f"{' and '.join(cards)} have effects in sublayers {', '.join(g.ids[n] for n in sorted(layers))}")

