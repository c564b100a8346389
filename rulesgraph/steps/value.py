"""Rule 44, a spell's mana value: when the question asks about mana value ("does kicking it raise its MV?", "what's
its CMC on the stack?") or a named card checks it (Counterbalance's "counter that spell if it has the same mana value
as the revealed card", Chalice of the Void's), what the answer turns on is how the mana value of each named card is
worked out, though the question's words may never reach those rules: the rule defining mana value (what the glossary's
Mana Value cites: 202.3), its subrule on what the card's mana cost holds ({X} → 202.3e, a hybrid symbol → 202.3f, a
Phyrexian one → 202.3g, no mana cost at all → 202.3a) or on the kind of card its layout makes it (a split card →
202.3d), and, for a card with an additional or an alternative cost (kicker's "You may pay an additional [cost]",
Force of Will's "rather than pay this spell's mana cost"), the rule saying that such a cost does not change the spell's
mana cost (118.8d, 118.9c).  The rules are found by their own words (:data:`KEPT`, the subrules' stems); the card's
features from its mana cost, its layout and its text.  A card step (:mod:`rulesgraph.steps.cards` has the others), run
before the priors.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..index import Index, doc_terms
from ..pipeline import Query
from ..qgraph import QGraph
from .abilities import glossary_terms
from .cards import worded_text

if TYPE_CHECKING:
    from ..namedcards import NamedCard

__all__ = ["ADDITIONAL", "ALTERNATIVE", "KEPT", "KINDS", "TERM", "WEIGHTS", "asked", "cost_kinds", "features", "mana_value", "value_rules"]

WEIGHTS = {
    "mana_value": 1.0,  # rule 44: text relevance given to the rule on how a named card's mana value is worked out
}
TERM = "mana value"
"""The glossary's term (and what a card checking it says: "the same mana value as the revealed card")."""
KEPT = frozenset(doc_terms("doesn't change a spell's mana cost"))
"""Rule 44: how the rules say a kind of cost leaves the mana value alone ("Additional costs don't change a spell's mana
cost, only what its controller has to pay to cast it", 118.8d; "An alternative cost doesn't change a spell's mana
cost", 118.9c)."""
ADDITIONAL = re.compile(r"\badditional (?:cost\b|\{|\[cost\])", re.IGNORECASE)
"""An additional cost as a card or a keyword's meaning words it ("As an additional cost to cast this spell", kicker's
"You may pay an additional [cost] as you cast this spell"; not "an additional combat phase")."""
ALTERNATIVE = re.compile(r"\brather than pay(?:ing)? [^.\n]{0,40}mana cost|\bwithout paying (?:its|their|[^.\n]{0,30}’?'?s) mana cost",
                          re.IGNORECASE)
"""An alternative cost, in 118.9's words: "usually phrased, “You may [action] rather than pay [this object’s] mana
cost,” or “You may cast [this object] without paying its mana cost.”"."""
KINDS = {"additional": ADDITIONAL, "alternative": ALTERNATIVE}
"""The kinds of cost a card (or what a keyword it has means) words, by the glossary's names for them."""
_HYBRID = re.compile(r"\{(?:[WUBRGC2]/[WUBRG])\}")
_PHYREXIAN = re.compile(r"\{[^}]*/P\}")


def asked(q: Query) -> float:
    """How surely mana value is what the question turns on: 1 when it names the glossary term (by any of its names:
    "MV", "CMC", "converted mana cost"), else how surely the surest named card whose text says it was named (0 when
    neither; once per question: rules 44 and 45 both read it)."""
    if "mana value asked" not in q.memo:
        g = q.g
        term = glossary_terms(g).get(TERM)
        node = g.ids[term] if term is not None else None
        if node is not None and any(m.node == node for m in q.a.of_kind("glossary")):
            q.memo["mana value asked"] = 1.0
        else:
            q.memo["mana value asked"] = max((c.confidence for c in q.a.cards if TERM in c.text.lower()), default=0.0)
    return q.memo["mana value asked"]


def features(card: NamedCard) -> tuple[str, ...]:
    """The words of the mana value rule's subrules that a card's mana cost or layout calls for: ``x`` for an {X} in its
    mana cost, ``hybrid``, ``phyrexian``, ``no`` for a nonland card with no mana cost, and the layout's kind (``split``)."""
    front = card.mana_cost.split(" // ")[0]
    out = []
    if "{X}" in card.mana_cost:
        out.append("x")
    if _HYBRID.search(card.mana_cost):
        out.append("hybrid")
    if _PHYREXIAN.search(card.mana_cost):
        out.append("phyrexian")
    if not front and "Land" not in card.type_line.split(" // ")[0]:
        out.append("no")
    out += [w for kind, _rel, _rules in card.layout for w in doc_terms(kind) if w in ("split",)]
    return tuple(out)


def value_rules(g: QGraph) -> tuple[int | None, dict[str, int]]:
    """The rule defining mana value (what the glossary entry cites) and, by :func:`features`' words, its subrules on
    them (``x`` → 202.3e, ``no`` → the subrule saying "no mana cost": 202.3a), once per graph."""
    if "mana value rules" not in g.memo:
        term = glossary_terms(g).get(TERM)
        rule = next(iter(g.out(term, "cites")), None) if term is not None else None
        subs: dict[str, int] = {}
        if rule is not None:
            for j in range(rule + 1, g.end[rule]):
                text = (g.attrs[j].get("text") or "").lower()
                stems = set(g.stems[j])
                for word in ("x", "hybrid", "phyrexian", "split"):
                    if word in stems:
                        subs.setdefault(word, j)
                if "no mana cost" in text:
                    subs.setdefault("no", j)
        g.memo["mana value rules"] = (rule, subs)
    return g.memo["mana value rules"]


def cost_kinds(g: QGraph, index: Index) -> dict[str, int]:
    """The rules saying a kind of cost does not change a spell's mana cost (:data:`KEPT`), by kind: ``additional`` →
    118.8d, ``alternative`` → 118.9c (the first CR rule whose sentence says so with the kind's word), once per graph."""
    if "cost kinds" not in g.memo:
        found: dict[str, int] = {}
        for kind in ("additional", "alternative"):
            wanted = KEPT | set(doc_terms(kind))
            for i in index.holding(wanted):
                if g.attrs[i].get("numbering") != "cr" or not set(g.stems[i]) >= wanted:
                    continue
                if any(set(doc_terms(s)) >= wanted for s in re.split(r"(?<=\.)\s+", g.attrs[i].get("text") or "")):
                    found[kind] = i
                    break
        g.memo["cost kinds"] = found
    return g.memo["cost kinds"]


def mana_value(q: Query) -> None:
    """Rule 44: when mana value is asked about (:func:`asked`), the rule defining it (202.3) is a candidate as if the
    question matched it by the weight's share of a full match, times how surely it is asked; and for each named card,
    the subrule on what its mana cost holds or its layout makes it (:func:`features`: {X} → 202.3e, split → 202.3d) and
    the rule saying its additional or alternative cost does not change its mana cost (:func:`cost_kinds`: kicker →
    118.8d), times how surely the card was named as well."""
    w = q.w["mana_value"]
    if w <= 0 or not q.a.cards:
        return
    sure = asked(q)
    if not sure:
        return
    g, text = q.g, q.text
    rule, subs = value_rules(g)
    if rule is None:
        return
    text[rule] = text.get(rule, 0.0) + w * sure
    q.note(rule, "the question turns on mana value")
    kinds = None
    for card in q.a.cards:
        amount = w * sure * card.confidence
        for word in features(card) if TERM not in card.text.lower() else ():  # the card checking it is not the one checked
            j = subs.get(word)
            if j is not None:
                text[j] = text.get(j, 0.0) + amount
                q.note(j, f"{card.key}'s mana value")
        worded = worded_text(q, card)
        for kind, pattern in KINDS.items():
            if pattern.search(worded):
                kinds = cost_kinds(g, q.index) if kinds is None else kinds
                if (j := kinds.get(kind)) is not None:
                    text[j] = text.get(j, 0.0) + amount
                    q.note(j, f"{card.key} has an {kind} cost")
