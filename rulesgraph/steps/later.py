"""Rule 54, a triggered ability a named card's effect creates for later: a delayed triggered ability (603.7: it "will
contain “when,” “whenever,” or “at,” although that word won't usually begin the ability" — Sneak Attack's "Sacrifice the
creature at the beginning of the next end step") or a reflexive one (603.12: it triggers “when [a player] [does or
doesn't]” take an action or “when [something happens] this way”) names that kind's glossary term (Delayed Triggered
Ability, "See rule 603.7"), whose cited rules rise as rule 42 raises a kind of triggered ability a card's wording makes:
what a delayed ability does to an object that has left its zone and come back (603.7c) is what a question about one
turns on ("I blinked it before the end step, do I still sacrifice it?").  A card step (:mod:`rulesgraph.steps.cards` has
the others) and itself a prior, run after rule 42's.
"""

from __future__ import annotations

import re

from ..pipeline import Query
from ..qgraph import QGraph
from ..wording import REMINDER
from .abilities import raise_kinds, trigger_templates

__all__ = ["LATER", "WEIGHTS", "later_kinds", "later_terms"]

WEIGHTS = {
    "later_term": 4.0,  # rule 54: prior of the rules a delayed or reflexive kind's glossary entry cites, times its fit
}
LATER = (
    ("reflexive triggered", re.compile(r"\bwhen (?:you|they|that player|a player|an opponent) (?:do|does|don't|doesn't)\b"
                                        r"|\bwhen\b[^.,]{0,60}\bthis way\b", re.IGNORECASE)),
    ("delayed triggered", re.compile(r"(?<=[a-z0-9,)] )(?:at the beginning of|when|whenever)\b")),
)
"""Triggered abilities an effect creates, by how the rules say they are worded, and the kind the glossary names them by:
a reflexive one triggers “when [a player] [does or doesn't]” take an action or “when [something happens] this way”
(603.12); a delayed one "will contain “when,” “whenever,” or “at,” although that word won't usually begin the
ability" (603.7: Sneak Attack's "Sacrifice the creature at the beginning of the next end step")."""
_QUOTED = re.compile(r"[“\"][^”\"]*[”\"]")


def later_kinds(g: QGraph, text: str) -> tuple[str, ...]:
    """The kinds of :data:`LATER` a card's Oracle text creates (reminder text and quoted abilities it grants left out, and
    a trigger condition's own words: "When … enters or at the beginning of your upkeep"; a reflexive ability is not
    also taken for a delayed one); kept per graph and text."""
    known = g.memo.get(("later kinds", text))
    if known is not None:
        return known
    said = _QUOTED.sub(" ", REMINDER.sub(" ", text))
    conditions = [m.span() for p in trigger_templates(g) for m in p.finditer(said)]
    out = []
    for kind, pattern in LATER:
        found = next((m for m in pattern.finditer(said) if not any(a <= m.start() < b for a, b in conditions)), None)
        if found:
            out.append(kind)
            said = said[: found.start()] + " " * (found.end() - found.start()) + said[found.end() :]
    known = g.memo["later kinds", text] = tuple(out)
    return known


def later_terms(q: Query) -> None:
    """Rule 54: a named card's effect creating a delayed or reflexive triggered ability (:func:`later_kinds`) names that
    kind's glossary term (Delayed Triggered Ability, "See rule 603.7"), and raises the rules its entry cites as rule 42
    raises a kind of triggered ability a card's wording makes: by the weight, how surely the card was named, how
    specific the term is and how much of the question's own words the rules hold (rule 21's fit)."""
    w = q.w["later_term"]
    if w <= 0 or not q.a.cards:
        return
    raise_kinds(q, w, ((card, kind) for card in q.a.cards for kind in later_kinds(q.g, card.text)), "makes a")
