"""Rule 30, what brings a characteristic to zero: a state-based action that checks a characteristic at zero ("If a
creature has toughness 0 or less", "If a planeswalker has loyalty 0": 704.5f, 704.5i) is what a question turns on when
something it tells of lowers that characteristic — a named card's effect giving -N/-N (Dismember's "gets -5/-5"), a
loyalty cost the question names ("I use her -3" of a card with "[−3]:"), or a -N/-N the question itself tells of
("does it survive getting -4/-4?") — though its words ("dies", "survive") may never reach the rule.  What lowers
which characteristic is read from the rules' own notation: 208.1's "the second [number] is its toughness", 107.7's
"[-N] means “Remove N loyalty counters …”"; which state-based action checks it at zero from section 704's words.
A card step (:mod:`rulesgraph.steps.cards` has the others), run before the priors.
"""

from __future__ import annotations

import re

from ..index import Index
from ..pipeline import Query
from ..qgraph import QGraph
from ..wording import REMINDER

__all__ = ["MINUS", "SAID", "WEIGHTS", "at_zero", "card_states", "lowered"]

WEIGHTS = {
    "card_states": 1.0,  # rule 30: text relevance given to a state-based action checking at zero what is lowered
}
SAID = 0.3
"""Rule 30: how surely a -N/-N the question itself tells of lowers toughness, against a named card's confidence: the
question may tell of it beside damage, whose state-based action (704.5g) its words reach."""
_AT_ZERO = re.compile(r"\bhas (?:(\w+) 0\b|0 or less (\w+))")
"""A state-based action checking a characteristic at zero: "has toughness 0 or less", "has 0 or less life"."""
_SECOND = re.compile(r"two numbers separated by a slash.*?the second is its (\w+)")
"""208.1: "A creature card has two numbers separated by a slash … the second is its toughness"."""
_REMOVE = re.compile(r"\[-N\] means “Remove N (\w+) counters")
"""107.7: "[-N] means “Remove N loyalty counters from this permanent,”"."""
_NOTATION = re.compile(r" separated by a slash | means remove n ")
"""What a rule's word line holds when :data:`_SECOND` or :data:`_REMOVE` can match its text."""
_NOTATION_WORDS = ("separated by a slash", "means remove")
"""Words every :data:`_NOTATION` match holds."""
MINUS = r"\-−–"
"""The minus signs (hyphen, U+2212, en dash), escaped to stand anywhere in a character class ("+-−" would be a range)."""
_SLASH_DOWN = re.compile(rf"[+{MINUS}]?(?:\d+|X)/[{MINUS}](?:\d+|X)\b(?! counter)")
"""A power/toughness change whose second number is negative: "-5/-5", "+2/-2", "-X/-X" — not a -1/-1 counter, which
a state-based action of its own names (704.5q: "a +1/+1 counter and a -1/-1 counter")."""
_COST_DOWN = re.compile(rf"^\[?[{MINUS}](\d+|X)\]?:", re.MULTILINE)
"""A card's negative loyalty symbol opening an ability: "[−2]: Target player sacrifices a creature."."""
_SAID_DOWN = re.compile(rf"(?<![\w/+{MINUS}])[{MINUS}](\d+|X)\b(?!/)", re.IGNORECASE)
"""A negative loyalty symbol as a question names it: "her -3", "Ugin's -X" (not a -N/-N)."""


def at_zero(g: QGraph, index: Index) -> dict[str, tuple[str, ...]]:
    """The characteristics the state-based actions check at zero, each with the rules checking it (``toughness →
    ("704.5f",)``), and what the rules' notation lowers: ``slash`` (the second number of "N/M"), ``symbol`` (a
    negative loyalty symbol's counters); built once per graph, from section 704 and the nodes holding
    :data:`_NOTATION`'s words (:meth:`~rulesgraph.index.Index.saying`)."""
    known = g.memo.get("at zero")
    if known is None:
        out: dict[str, list[str]] = {}
        notation: dict[str, str] = {}
        sba = g.num.get("704")
        for i in sorted({*index.saying(*_NOTATION_WORDS), *(range(sba, g.end[sba]) if sba is not None else ())}):
            if g.kind[i] not in ("rule", "subrule") or (g.section[i] != "704" and not _NOTATION.search(g.word_line(i))):
                continue  # read without decoding the rule: none of the words the patterns need
            if g.attrs[i].get("numbering") != "cr":
                continue
            text, number = g.attrs[i].get("text") or "", g.ids[i]
            if g.section[i] == "704":
                for m in _AT_ZERO.finditer(text):
                    out.setdefault((m.group(1) or m.group(2)).lower(), []).append(number)
            for key, pattern in (("slash", _SECOND), ("symbol", _REMOVE)):
                m = pattern.search(text)
                if m and key not in notation:
                    notation[key] = m.group(1).lower()
        known = {k: tuple(v) for k, v in out.items()}
        known.update({f"by {k}": (v,) for k, v in notation.items()})
        g.memo["at zero"] = known
    return known


def lowered(q: Query) -> list[tuple[str, float, str]]:
    """What the question tells of lowering: ``(characteristic, how surely, reason)`` for a named card's effect giving
    -N/-N, a named card's negative loyalty cost the question names (its number or X), and a -N/-N the question says.
    The rules are read (:func:`at_zero`, once per graph) only for a question that tells of one."""
    said = {m.group(1).upper() for m in _SAID_DOWN.finditer(q.a.question)}
    found: list[tuple[str, float, str]] = []  # (the notation that lowers, how surely, who lowers)
    for card in q.a.cards:
        if _SLASH_DOWN.search(REMINDER.sub(" ", card.text)):
            found.append(("slash", card.confidence, card.key))
        costs = {m.group(1).upper() for m in _COST_DOWN.finditer(card.text)}
        if costs & said:
            found.append(("symbol", card.confidence, f"{card.key}'s cost"))
    if _SLASH_DOWN.search(q.a.question):
        found.append(("slash", SAID, "the question's -N/-N"))
    if not found:
        return []
    known = at_zero(q.g, q.index)
    out: list[tuple[str, float, str]] = []
    for notation, sure, who in found:
        what = known.get(f"by {notation}", ("",))[0]
        if what:
            out.append((what, sure, f"{who} lowers {what}"))
    return out


def card_states(q: Query) -> None:
    """Rule 30: a state-based action checking at zero a characteristic the question's cards or words lower
    (:func:`lowered`: Dismember's -5/-5 → toughness → 704.5f; "her -3" of a card with "[−3]:" → loyalty → 704.5i) is a
    candidate as if the question matched it by the weight's share of a full match, times how surely it was lowered
    (the card's confidence; :data:`SAID` for the question's own words), once per rule."""
    w = q.w["card_states"]
    if w <= 0:
        return
    found = lowered(q)
    if not found:
        return
    g, text = q.g, q.text
    known = at_zero(g, q.index)
    done: set[int] = set()
    for what, sure, reason in found:
        for rule in known.get(what, ()):
            i = g.num.get(rule)
            if i is None or i in done:
                continue
            done.add(i)
            text[i] = text.get(i, 0.0) + w * sure
            q.note(i, reason)
