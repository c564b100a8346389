"""Effects of one kind meeting: rule 26 (the rule on how they interact is a candidate) and rule 53 (a question asking
about them raises it).

Rule 26 (``card_meeting``): two named cards using wordings of one kind of effect whose interaction a section of the
rules is about (two cards saying "instead": "Interaction of Replacement and/or Prevention Effects", 616) make that
section's opening rule a candidate, and a keyword one card grants worded like another card's text makes that wording's
rule one (two alternative costs, 118.9).

Rule 53 (``effects_meet``): the same meeting — two named cards, two of one card, or a named card and a keyword the
question names whose meaning uses such a wording (madness: "… exiles it instead of putting it into their graveyard",
702.35a) — raises the prior of the interaction rule (616.1: the affected player chooses which applies first) by how
much of the question's own words it holds (rule 21's fit): a question asking who chooses, or which applies first,
reaches that rule through words the rules say it with ("chooses one to apply"), though the glossary's raise of every
rule of the effects' own sections ("instead", "prevent") would otherwise keep it out of the first three.  Card steps
(:mod:`rulesgraph.steps.cards` has the others), run with the text steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..effects import interaction
from ..ids import keyword_id
from ..pipeline import Query
from ..relations import definers
from ..wording import card_wordings, meanings, wordings
from .cards import fit, named_wordings, self_names, worded_text

if TYPE_CHECKING:
    from ..namedcards import NamedCard
    from ..qgraph import QGraph
    from ..wording import Wording

__all__ = ["WEIGHTS", "card_meeting", "effects_meet", "meetings"]

WEIGHTS = {
    "card_meeting": 0.8,  # rule 26: text relevance given to the rule on how two cards' effects of one kind interact
    "effects_meet": 8.0,  # rule 53: prior of that rule, times its fit, when two effects of one kind meet
}


def _kinds(g: QGraph, said: tuple[Wording, ...]) -> set[int]:
    """The interaction rules of the kinds of effect the wordings make by the wordings the rules define them by ("Effects
    that use the word “instead” are replacement effects", 614.1a; "prevent", 615.1a): a wording of the kind's section
    that is not its defining one ("[Objects] enter [the battlefield]", said of a trigger too) does not count."""
    out = set()
    for wording in said:
        j = interaction(g, g.section[wording.node]) if wording.effect else None
        if j is not None:
            out.add(j)
    return out


def _effect_words(q: Query) -> frozenset[str]:
    """The rarest words of the wordings defining a kind of effect ("instead", "skip", "prevent"): a text without one
    makes no effect of a kind, and is not read for wordings (once per graph)."""
    if "effect words" not in q.g.memo:
        q.g.memo["effect words"] = frozenset(w.rarest for w in wordings(q.g, q.index) if w.effect)
    return q.g.memo["effect words"]


def _read(q: Query, text: str, names: tuple[str, ...]) -> set[int]:
    """:func:`_kinds` of a text's wordings, when it holds a word of one defining a kind (:func:`_effect_words`)."""
    lower = text.lower()
    if not any(word in lower for word in _effect_words(q)):
        return set()
    return _kinds(q.g, card_wordings(q.g, q.index, text, names))


def _card_kinds(q: Query, card: NamedCard) -> set[int]:
    """:func:`_kinds` of a named card's text and the keywords it has (rule 24's wordings, read once per question, when it
    grants none)."""
    if any(rel == "grants" and rules for _, rel, rules in card.keywords):
        return _read(q, worded_text(q, card, ("has",)), self_names(card.key))
    return _kinds(q.g, named_wordings(q, card))


def _keyword_kinds(q: Query, rule: str) -> set[int]:
    """:func:`_kinds` of what the keyword a rule defines means (:func:`~rulesgraph.wording.meanings`), once per graph."""
    key = ("meeting kinds", rule)
    if key not in q.g.memo:
        q.g.memo[key] = _read(q, "\n".join(meanings(q.g, rule)), ())
    return q.g.memo[key]


def meetings(q: Query) -> dict[int, list[tuple[str, float]]]:
    """Rule 53's meetings: the interaction rules of the kinds of effect (:func:`_kinds`) each named card's text and the
    keywords it has make (two for two of one card), and those the meanings of the keywords the question names make (a
    keyword a named card has is that card's already), each with who brings an effect of that kind and how surely."""
    g = q.g
    met: dict[int, list[tuple[str, float]]] = {}
    for card in q.a.cards:
        for j in _card_kinds(q, card):
            met.setdefault(j, []).extend([(card.key, card.confidence)] * (2 if card.many else 1))
    had = {keyword_id(name) for card in q.a.cards for name, _, _ in card.keywords}
    for m in q.a.of_kind("keyword"):
        rules = definers(g, m.node) if m.node in g else []
        if not rules or m.node in had:
            continue
        for j in _keyword_kinds(q, rules[0]):
            met.setdefault(j, []).append((m.said, m.quality))
    return met


def card_meeting(q: Query) -> None:
    """Rule 26: when two named cards both use wordings of one kind of effect that a section of the rules says how
    such effects interact for (Doubling Season's and Hardened Scales' "instead", rule 24's 614.1a: "Interaction of
    Replacement and/or Prevention Effects"), that section's opening rule (616.1: the affected player chooses which
    applies first) is a candidate as if the question matched it by the weight's share of a full match, times how
    surely the less sure of the cards was named (two of one card, "I have two Furnaces of Rath", :attr:`NamedCard.many`,
    are two such effects); and so is a rule whose wording a keyword one named card grants
    means and another named card uses (Snapcaster Mage grants flashback, "… rather than paying its mana cost", to
    Force of Will, "… rather than pay this spell's mana cost": two alternative costs, 118.9, whose subrules say how
    they combine)."""
    w = q.w["card_meeting"]
    if w <= 0 or (len(q.a.cards) < 2 and not any(c.many for c in q.a.cards)):
        return
    g = q.g
    met: dict[int, list[tuple[str, float]]] = {}
    granted: dict[int, list[tuple[str, float, bool]]] = {}
    for card in q.a.cards:
        seen, names = set(), self_names(card.key)
        said = named_wordings(q, card)
        grants = any(rel == "grants" and rules for _, rel, rules in card.keywords)
        own = {x.node for x in card_wordings(g, q.index, worded_text(q, card, ("has",)), names)} if grants else {x.node for x in said}
        for wording in said:
            j = interaction(g, g.section[wording.node])
            if j is not None and j not in seen:
                seen.add(j)
                met.setdefault(j, []).extend([(card.key, card.confidence)] * (2 if card.many else 1))
            if wording.node not in seen:
                seen.add(wording.node)
                granted.setdefault(wording.node, []).append((card.key, card.confidence, wording.node not in own))
    text = q.text
    for j, cards in met.items():
        if len(cards) >= 2:
            text[j] = text.get(j, 0.0) + w * min(c for _, c in cards)
            q.note(j, f"{' and '.join(k for k, _ in cards)} have effects of one kind")
    for j, uses in granted.items():
        if len(uses) >= 2 and any(by_grant for _, _, by_grant in uses):
            text[j] = text.get(j, 0.0) + w * min(c for _, c, _ in uses)
            q.note(j, f"{' and '.join(k for k, _, _ in uses)} give one spell wordings of one rule")


def effects_meet(q: Query) -> None:
    """Rule 53: when two effects of one kind meet (:func:`meetings`: two named cards', two of one card's, or a named
    card's and a keyword's the question names), the prior of the rule on how such effects interact (616.1) is raised by
    the weight times how surely the less sure of them was named and how much of the question's own words the rule
    holds (rule 21's fit)."""
    w = q.w["effects_meet"]
    if w <= 0 or not q.a.cards:
        return
    if len(q.a.cards) < 2 and not q.a.cards[0].many and not q.a.of_kind("keyword"):
        return  # one card's effects, each of a kind once, meet nothing
    for j, who in meetings(q).items():
        if len(who) >= 2:
            q.raise_(j, j + 1, w * min(c for _, c in who) * fit(q, j),
                     f"{' and '.join(k for k, _ in who)}: effects of one kind meet (rule 53)")
