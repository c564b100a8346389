"""Rule 62, a leaves-the-battlefield trigger told to fire: a named card has a leaves-the-battlefield ability of its own
(rule 42's wording: 603.6c "These are written as … “Whenever [something] is put into a graveyard from the
battlefield”", Rancor's "When Rancor is put into a graveyard from the battlefield, return Rancor to its owner's hand")
and the question tells of a permanent leaving (a glossary term defining it: rule 32's
:func:`~rulesgraph.steps.gone.leaving`, "destroy", "exile", "sacrifice"; or another named card's text: Disenchant's
"Destroy target artifact"): what settles "does it still come back?" is the rule of that kind of ability (603.6c) and the
rule saying such abilities look back in time (603.10a), though the question's words ("go back to my hand") hardly reach
either.  A question asking whether the ability triggers at all (it names the glossary's Trigger, or a term of the
ability's own trigger condition: "does it still 'die'?") is about the event, which that term's rules answer; a keyword's
leaves-the-battlefield ability (persist's "When this creature dies", reminder text) is the keyword's rules' to answer.

The rule is found by its own words (:data:`LOOK_BACK`), once per graph; a card is read only when a trigger-word line of
its own text tells of leaving the battlefield (a cheap precheck, :data:`_OWN_LEAVING`).  A prior-stage step (it adds
text relevance, as rule 58 does), run with the card steps.
"""

from __future__ import annotations

import re

from ..index import Index
from ..pipeline import Query
from ..qgraph import QGraph
from ..wording import REMINDER
from .cards import named_wordings
from .gone import card_leaving, leaving

__all__ = ["LOOK_BACK", "WEIGHTS", "left_trigger", "look_back"]

WEIGHTS = {
    "left_trigger": 0.8,  # rule 62: text relevance given to 603.6c and 603.10a
}
LOOK_BACK = (" look back in time ", " leaves the battlefield abilities ")
"""Rule 62: the rule saying leaves-the-battlefield abilities look back in time (603.10a), as word lines have it."""
_LEAVES = "leaves-the-battlefield"
_OWN_LEAVING = re.compile(r"^(?:When|Whenever)\b([^,\n]*\b(?:leaves the battlefield|dies|die|from the battlefield)\b[^,\n]*),",
                          re.MULTILINE)
"""A trigger-word line of a card's own text (reminder text left out) telling of leaving the battlefield; its group is
the trigger condition."""
_TRIGGER_TERMS = ("trigger", "triggered ability")
"""Glossary terms a question asking whether an ability triggers at all names ("do I get any triggers?")."""


def look_back(g: QGraph, index: Index) -> tuple[int, ...]:
    """The rules saying all of :data:`LOOK_BACK` (603.10a), as node numbers; once per graph."""
    known = g.memo.get("look back rules")
    if known is None:
        known = g.memo["look back rules"] = tuple(
            i for i in index.saying(LOOK_BACK[0]) if g.kind[i] in ("rule", "subrule") and g.attrs[i].get("numbering") == "cr"
            and all(p in g.word_line(i) for p in LOOK_BACK))
    return known


def _told_leaving(q: Query, but: str) -> float:
    """How surely the question tells of a permanent leaving its zone: a glossary term defining it, or the text of a
    named card other than ``but``."""
    sure = max((m.quality for m in leaving(q)), default=0.0)
    for c in q.a.cards:
        if c.key != but and c.confidence > sure and card_leaving(q, c.text):
            sure = c.confidence
    return sure


def _asks_trigger(q: Query, conditions: list[str]) -> bool:
    """Whether the question asks whether the ability triggers at all rather than what it does once the permanent left:
    it names the glossary's Trigger, or a glossary term said in the ability's own trigger condition ("dies" for
    "Whenever Blood Artist or another creature dies": did it die?)."""
    for m in q.a.of_kind("glossary"):
        label = q.g.nodes[m.node]["label"].lower()
        if label in _TRIGGER_TERMS or any(re.search(rf"\b{re.escape(label)}\b", c, re.IGNORECASE) for c in conditions):
            return True
    return False


def left_trigger(q: Query) -> None:
    """Rule 62: a named card with a leaves-the-battlefield ability of its own (its wording's rule, 603.6c; a keyword's,
    persist's, is the keyword's rules' to answer: :data:`_OWN_LEAVING`) and a question telling of a permanent leaving (a
    glossary term, or another named card's text) make that wording's rule and the rule saying such abilities look back
    in time (603.10a) candidates as if the question matched them by the weight's share of a full match, times how surely
    both were said (the less sure of the two) — unless the question asks whether the ability triggers at all
    (:func:`_asks_trigger`: then what the event is decides, its own term's rules)."""
    w = q.w["left_trigger"]
    if w <= 0 or not q.a.cards:
        return
    for card in q.a.cards:
        conditions = _OWN_LEAVING.findall(REMINDER.sub(" ", card.text))
        if not conditions:  # cheap precheck: the card's own ability, not a keyword's
            continue
        if _asks_trigger(q, conditions):
            return
        rules = {wd.node for wd in named_wordings(q, card) if wd.ability == _LEAVES}
        if not rules:
            continue
        sure = min(card.confidence, _told_leaving(q, card.key))
        if not sure:
            continue
        for i in sorted(rules | set(look_back(q.g, q.index))):
            q.relevant(i, w * sure, f"{card.key}'s leaves-the-battlefield ability, told of a permanent leaving (rule 62)")
        return
