"""Rule 33, an effect that sets a type: a named card whose effect makes objects a type, not in addition to their other
types ("Nonbasic lands are Mountains", "Enchanted land is an Island": :attr:`~rulesgraph.question.namedcards.NamedCard.sets`),
brings in the rule of that type saying what an effect setting it does (305.7: "If an effect sets a land's subtype to one
or more of the basic land types, the land no longer has its old land type …"), though the card never says "sets" and
the question's words may never reach the rule.  Which rule that is is read from the rules: of the section naming the
type (305, Lands, for Mountain's 305.6), the rules that speak of an effect that sets (:data:`SETS`).
A card step (:mod:`rulesgraph.rank.cardsteps.cards` has the others), run before the priors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...build.index import doc_terms
from ..pipeline import Query

if TYPE_CHECKING:
    from ...model import NamedCard

__all__ = ["SETS", "WEIGHTS", "card_sets"]

WEIGHTS = {
    "card_sets": 1.0,  # rule 33: text relevance given to the rule on what an effect setting a named card's type does,
    "card_sets_met": 1.0,  # … and added to it when another named card is of the kind of object whose type is set
}
SETS = frozenset(doc_terms("an effect sets"))
"""Rule 33: how the rules speak of an effect that sets a characteristic ("If an effect sets a land's subtype …", 305.7;
"Some effects set an object's card type", 205.1a)."""


def card_sets(q: Query) -> None:
    """Rule 33: for each type a named card's effect sets objects to (Mountain, named as a type by 305.6), each rule of
    the section naming that type that speaks of an effect that sets (:data:`SETS`: 305.7) is a candidate as if the
    question matched it by the weight's share of a full match, times how surely the card was named; more when another
    named card is of the kind of object whose type is set (Dryad Arbor, a Land, under Blood Moon's "Nonbasic lands are
    Mountains": a type of its type line has its rules in the section naming the set type).
    Step ``card_sets``; weights: ``card_sets`` = 1.0, ``card_sets_met`` = 1.0.  Earns its place on the real tuning
    questions: removing it loses 4 at hit@1 and 2 at hit@3 (of 286; ``bench/ablate.py``, stop 34, rule 68 in)."""
    w = q.w["card_sets"]
    if w <= 0:
        return
    g, text = q.g, q.text
    done: set[int] = set()
    for card in q.a.cards:
        for word, rules in card.sets:
            i = g.num.get(rules[0])
            section = g.num.get(g.section[i] or "") if i is not None else None
            if section is None:
                continue
            met = [c for c in q.a.cards if c is not card and _of_section(q, c, g.ids[section])]
            amount = w + (q.w["card_sets_met"] * max(c.confidence for c in met) if met else 0.0)
            for j in range(section, g.end[section]):
                if j not in done and set(g.stems[j]) >= SETS:
                    done.add(j)
                    text[j] = text.get(j, 0.0) + amount * card.confidence
                    q.note(j, f"{card.key} makes objects {word}" + (f", and {met[0].key} is one of them" if met else ""))


def _of_section(q: Query, card: NamedCard, section: str) -> bool:
    """Whether a type of the card's type line has its rules in ``section`` (Dryad Arbor, a Land, in 305 Lands)."""
    return any(q.g.section[q.g.num[r]] == section for _, kind, rules in card.types if kind == "type"
               for r in rules[:1] if r in q.g.num)
