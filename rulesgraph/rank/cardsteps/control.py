"""Rule 38, a stolen card's trigger: when one named card changes control of another (rule 25's control-changing effect,
read from the CR's "Layer 2: Control-changing effects": Control Magic's "You control enchanted creature", Act of
Treason's "Gain control of target creature") and another named card has a triggered ability (the CR's trigger
template, 603.1: "When …", "Whenever …", "At …"), who controls that trigger is what the question turns on ("I took
their Dark Confidant with Control Magic — who reveals at my upkeep?", "who gets Thragtusk's token?"): the rules saying a
triggered ability "is controlled by the player who controlled its source" (603.3a, 109.4b) are candidates, though the
question's words ("who gets", "me or them") reach them hardly at all.  The card that changes control is not the one
whose trigger counts: Sower of Temptation's own "When … enters" is not about whose the stolen creature's abilities are.
(Rules 41 and 63, a stolen card leaving and a stolen creature's first turn, earned nothing on the real tuning questions
and were deleted in stop 26.)  A card step (:mod:`rulesgraph.rank.cardsteps.cards` has the others), run with
the text steps.
"""

from __future__ import annotations

from ...build.index import Index
from ...build.qgraph import QGraph
from ..pipeline import Query
from .abilities import trigger_templates
from .cards import self_names
from .effects import card_kinds

__all__ = ["SOURCE_CONTROL", "WEIGHTS", "rules_saying", "source_control_rules", "stolen_trigger"]

WEIGHTS = {
    "stolen_trigger": 1.5,  # rule 38: text relevance given to the rules on who controls a triggered ability
}
SOURCE_CONTROL = " controlled by the player who controlled its source "
"""A rule saying who controls a triggered ability (603.3a, 109.4b), as word lines have it."""


def rules_saying(g: QGraph, index: Index, said: str) -> tuple[int, ...]:
    """The CR rules whose word line holds ``said``, as node numbers (read from the nodes holding its words:
    :meth:`~rulesgraph.build.index.Index.saying`); kept per graph."""
    known = g.memo.get(("rules saying", said))
    if known is None:
        known = g.memo["rules saying", said] = tuple(
            i for i in index.saying(said)
            if g.kind[i] in ("rule", "subrule") and said in g.word_line(i) and g.attrs[i].get("numbering") == "cr")
    return known


def source_control_rules(g: QGraph, index: Index) -> tuple[int, ...]:
    """The CR rules saying a triggered ability is controlled by the player who controlled its source, as node numbers;
    built once per graph, kept in its memo."""
    return rules_saying(g, index, SOURCE_CONTROL)


def _changes_control(g: QGraph, text: str, key: str) -> bool:
    """Whether a card's Oracle text has a control-changing effect (a layer kind naming "control")."""
    return any("control" in words for kind, _ in card_kinds(g, text, self_names(key)) for words in kind.names)


def stolen_trigger(q: Query) -> None:
    """Rule 38: with a named card changing control and another named card having a triggered ability, the rules on who
    controls a triggered ability (:func:`source_control_rules`) are candidates as if the question matched them by the
    weight's share of a full match, times how surely the two cards were named (the less sure of them).
    Step ``stolen_trigger``; weights: ``stolen_trigger`` = 1.5.  Earns its place on the real tuning questions:
    removing it loses 1 at hit@3 (of 286; ``bench/ablate.py``, stop 34, rule 68 in)."""
    w = q.w["stolen_trigger"]
    if w <= 0 or len(q.a.cards) < 2:
        return
    g = q.g
    stealers = {c.key: c.confidence for c in q.a.cards if _changes_control(g, c.text, c.key)}
    if not stealers:
        return
    triggers = trigger_templates(g)
    stolen = max(((c.confidence, c.key) for c in q.a.cards
                  if c.key not in stealers and any(p.search(c.text) for p in triggers)), default=(0.0, ""))
    if not stolen[0]:
        return
    by = max(stealers, key=stealers.__getitem__)
    for i in source_control_rules(g, q.index):
        q.relevant(i, w * min(stolen[0], stealers[by]), f"{by} takes {stolen[1]}, whose trigger is whose?")


