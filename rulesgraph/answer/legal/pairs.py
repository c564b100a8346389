"""Whether two cards can lead a Commander deck together, from their partner abilities as the card data prints them
(:func:`rulesgraph.cards.legality.partner_abilities`) and the rule of each kind (702.124): both with partner, both with the
same "partner—[text]", each "partner with" the other, "Choose a Background" with a legendary Background, "Doctor's
companion" with a Time Lord Doctor.  "Can I have Thrasios and Kenrith as commanders?" is "No: Kenrith, the Returned King
has no partner ability …", not a ruling about commander tax.  The rule cited is found by its words under the glossary
entry Partner, as :func:`rulesgraph.cards.legality.defining_rule` finds every rule it cites.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards.legality import colors_said, defining_rule, format_name, is_background, is_doctor, partner_abilities, standing
from ...cards.names import normalize

if TYPE_CHECKING:
    from ...build.corpus import Rulebook
    from ...cards.model import Card

__all__ = ["decide_pair", "pairs_as"]

_RULE_WORDS = {
    "partner": "partner means you may designate two legendary cards as your commander rather than one if each of them has partner",
    "partner—": "partner text means designate two legendary cards as your commander if each of them has the same partner text ability",
    "partner with": "partner with name represents two abilities designate two legendary cards as your commander if each has a "
                    "partner with name ability with the other's name",
    "choose a background": "choose a background means designate two cards as your commander if one of them is this card and the "
                           "other is a legendary background enchantment card",
    "doctor's companion": "doctor's companion means designate two legendary creature cards as your commander if one of them is "
                          "this card and the other is a legendary time lord doctor creature card",
    "apart": "different partner abilities are distinct from one another and cannot be combined",
}
"""The words of the rule defining each kind of partner ability, to find it under the glossary entry Partner."""


_OTHER_HALF = {"choose a background": "a legendary Background enchantment card",
               "doctor's companion": "a legendary Time Lord Doctor creature card with no other creature types"}
"""The abilities that pair a card with a card of a kind, not with another card having the same ability, and that kind."""


def _said(kind: str, name: str) -> str:
    return f"partner with {name}" if kind == "partner with" else kind.replace("doctor's companion", "Doctor's companion").replace(
        "choose a background", "“Choose a Background”")


def pairs_as(a: Card, b: Card) -> str | None:
    """The kind of partner ability by which ``a`` and ``b`` lead a deck together, or ``None``."""
    pa, pb = partner_abilities(a), partner_abilities(b)
    for ka, other_a in pa:
        if ka == "partner with" and normalize(other_a) == normalize(b.name) and any(
                kb == "partner with" and normalize(o) == normalize(a.name) for kb, o in pb):
            return "partner with"
        if ka.startswith("partner") and ka != "partner with" and any(kb == ka for kb, _ in pb):
            return ka
    for two, p in ((b, pa), (a, pb)):
        if any(k == "choose a background" for k, _ in p) and is_background(two):
            return "choose a background"
        if any(k == "doctor's companion" for k, _ in p) and is_doctor(two):
            return "doctor's companion"
    return None


def decide_pair(book: Rulebook, a: Card, b: Card, formats: tuple[str, ...]) -> tuple[str, list[tuple[str | None, str]]]:
    """The answer's words and the rules to cite (node, why) for "can ``a`` and ``b`` be my commanders?"."""
    def rule(key: str) -> tuple[str | None, str]:
        words = _RULE_WORDS["partner—" if key.startswith("partner—") else key]
        return defining_rule(book, "Partner", words), "says which two cards can be commanders together"

    kind = pairs_as(a, b)
    both = f"{a.name} and {b.name}"
    if kind is not None:
        how = {"partner with": "each has partner with the other", "choose a background": "one has “Choose a Background” and the other is a "
               "legendary Background", "doctor's companion": "one is a Doctor's companion and the other a Time Lord Doctor"}.get(
                   kind, f"both have {kind}")
        identity = frozenset(a.color_identity) | frozenset(b.color_identity)
        text = (f"Yes: {both} can be your two commanders: {how}. The deck's color identity is their combined one: "
                f"{colors_said(identity)}.")
        barred = [(c.name, s.status.lower()) for c in (a, b) if (s := standing(c, "commander", formats)).status in ("Banned", "Not legal")]
        if barred:
            text = (f"No: {barred[0][0]} is {barred[0][1]} in {format_name('commander')}, though by their abilities {both} could lead "
                    f"a deck together ({how}).")
        return text, [rule(kind)]
    pa, pb = partner_abilities(a), partner_abilities(b)
    lacking = [c.name for c, p in ((a, pa), (b, pb)) if not p]
    having = [f"{c.name} has {', '.join(_said(k, n) for k, n in p)}" for c, p in ((a, pa), (b, pb)) if p]
    if len(lacking) == 2:
        text = f"No: neither {a.name} nor {b.name} has a partner ability, so a deck has one of them as its commander, not both."
        return text, [rule("partner")]
    kinds = [k for k, _ in pa + pb]
    if lacking:
        other = {**_OTHER_HALF, "partner with": "the card it names"}.get(kinds[0], f"another card with {kinds[0]}")
        text = f"No: {lacking[0]} has no partner ability. {having[0]}, which pairs it only with {other}."
        return text, [rule(kinds[0])]
    if set(kinds) <= set(_OTHER_HALF) and len(set(kinds)) == 1:  # two "Choose a Background": each needs a Background
        text = f"No: {both} both have {_said(kinds[0], '')}, which pairs a card only with {_OTHER_HALF[kinds[0]]}; neither is one."
        return text, [rule(kinds[0])]
    if set(kinds) == {"partner with"}:
        text = f"No: {'; '.join(having)}: “partner with” pairs only the two cards that name each other."
        return text, [rule("partner with")]
    text = f"No: {'; '.join(having)}. Different partner abilities can't be combined, so they can't be your two commanders."
    return text, [rule("apart"), rule(kinds[0])]
