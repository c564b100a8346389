"""Rule 50, a card that copies: the copy rules (707, what the glossary's Copy cites) are reached by the question's own
words ("copy", "clone"); which of them settles it is often on the cards, though the question never says it: a copy of a
double-faced permanent (another named card's layout) is 707.8's, a copy effect with an exception ("except it's an
Illusion in addition to its other types") 707.9's, a copy of something that is itself a copy (two named cards that
copy) 707.3's ("Objects that copy the object will use the new copiable values").  A card step
(:mod:`rulesgraph.rank.cardsteps.cards` has the others), run before the priors.  (Rule 28, two of one card, earned nothing on
the real tuning questions and was deleted in stop 26.)
"""

from __future__ import annotations

import re

from ...build.index import doc_terms
from ...build.qgraph import QGraph
from ...common.lazyre import lazy
from ..pipeline import Query
from .abilities import glossary_terms
from .wording import REMINDER

__all__ = ["COPIES", "NEW", "WEIGHTS", "copy_effects", "copy_rules"]

WEIGHTS = {
    "copy_effects": 1.0,  # rule 50: text relevance given to the copy rule a named card's copy effect turns on
}
COPIES = lazy(r"\bcopy of\b", re.IGNORECASE)
"""Rule 50: a copy effect as Oracle text words it ("enter the battlefield as a copy of any creature", "Create a token
that's a copy of target creature", "becomes a copy of"), what 707.1 calls an object that becomes a "copy"."""
NEW = frozenset(doc_terms("objects that copy the object will use the new copiable values"))
"""Rule 50: how the rules say a copy of a copy copies what the first copy became (707.3)."""


def copy_rules(g: QGraph) -> tuple[range, int | None, int | None]:
    """The copy section's rules rule 50 reads (once per graph): its span (the section the glossary's Copy cites, 707),
    its first rule speaking of exceptions (707.9) and its rule holding :data:`NEW` (707.3), as node numbers."""
    if "copy rules" not in g.memo:
        term = glossary_terms(g).get("copy")
        top = next(iter(g.out(term, "cites")), None) if term is not None else None
        span = range(top, g.end[top]) if top is not None else range(0)
        g.memo["copy rules"] = (span, next((j for j in span if "except" in g.stems[j]), None),
                                next((j for j in span if set(g.stems[j]) >= NEW), None))
    return g.memo["copy rules"]


def _faced(g: QGraph, span: range, kind: str) -> int | None:
    """The first rule of the copy section holding the words of a kind of card (its stems but "card", all but one of
    them: "Transforming Double-Faced Cards" → 707.8, "When copying a melded permanent or other double-faced permanent"),
    once per graph and kind."""
    key = ("copy of a kind", kind)
    if key not in g.memo:
        wanted = set(doc_terms(kind)) - {"card"}
        need = max(1, len(wanted) - 1)
        g.memo[key] = next((j for j in span if len(wanted & set(g.stems[j])) >= need), None) if wanted else None
    return g.memo[key]


def copy_effects(q: Query) -> None:
    """Rule 50: when a named card has a copy effect (:data:`COPIES`: "as a copy of", "a token that's a copy of"), each
    copy rule the named cards call for is a candidate as if the question matched it by the weight's share of a full
    match, times how surely the copying card was named (:func:`copy_rules`): its copy effect's exception ("…, except
    it's an Illusion") → the rule on exceptions (707.9); another named card that copies → the rule on copying a copy
    (707.3); another named card of a double-faced kind (its layout: Transforming Double-Faced Cards) → the rule holding
    that kind's words (707.8).
    Step ``copy_effects``; weights: ``copy_effects`` = 1.0.  Earns its place on the real tuning questions: removing
    it loses 1 at hit@3 (of 216; ``bench/ablate.py``, stop 32)."""
    w = q.w["copy_effects"]
    if w <= 0 or not q.a.cards:
        return
    copying = [(c, plain) for c in q.a.cards if (plain := REMINDER.sub(" ", c.text)) and COPIES.search(plain)]
    if not copying:
        return
    g, text = q.g, q.text
    span, exception, new = copy_rules(g)
    raised: dict[int, tuple[float, str]] = {}

    def bring(j: int | None, sure: float, why: str) -> None:
        if j is not None and raised.get(j, (0.0, ""))[0] < sure:
            raised[j] = (sure, why)

    for card, plain in copying:
        sure = card.confidence
        if any("except" in s for s in re.split(r"(?<=[.!?])\s", plain) if COPIES.search(s)):
            bring(exception, sure, f"{card.key}'s copy effect has an exception")
        if any(c.key != card.key for c, _ in copying):
            bring(new, sure, f"{card.key} copies a copy")
        for other in q.a.cards:
            for kind, _rel, _rules in other.layout if other.key != card.key else ():
                bring(_faced(g, span, kind), min(sure, other.confidence), f"{card.key} copies {other.key}, one of the {kind}")
    for j, (sure, why) in raised.items():
        text[j] = text.get(j, 0.0) + w * sure
        q.note(j, why)
