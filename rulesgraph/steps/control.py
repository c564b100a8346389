"""Rule 38, a stolen card's trigger: when one named card changes control of another (rule 25's control-changing effect,
read from the CR's "Layer 2: Control-changing effects": Control Magic's "You control enchanted creature", Act of
Treason's "Gain control of target creature") and another named card has a triggered ability (the CR's trigger
template, 603.1: "When …", "Whenever …", "At …"), who controls that trigger is what the question turns on ("I took
their Dark Confidant with Control Magic — who reveals at my upkeep?", "who gets Thragtusk's token?"): the rules saying a
triggered ability "is controlled by the player who controlled its source" (603.3a, 109.4b) are candidates, though the
question's words ("who gets", "me or them") reach them hardly at all.  The card that changes control is not the one
whose trigger counts: Sower of Temptation's own "When … enters" is not about whose the stolen creature's abilities are.
Rule 41, a stolen card leaving: with a named card changing control and the question telling of an object leaving its
zone ("I stole it with Control Magic and it died"), the rule saying an object goes to its owner's graveyard, hand or
library whoever controlled it ("other than its owner's, it goes to its owner's corresponding zone": 400.3) is a
candidate.
Rule 63, a stolen creature's first turn: with a named card changing control and the question asking about attacking
or tapping ("I took their Serra Angel with Control Magic in my main phase — can I attack with it this turn?"), the rule
saying a creature can't attack or use its tap abilities unless its controller has controlled it "continuously since
their most recent turn began" (302.6, the summoning sickness rule; 107.5 for the tap symbol) is a candidate, though the
question's words ("swing with it") hardly reach it.  Card steps (:mod:`rulesgraph.steps.cards` has the others), run with
the text steps.
"""

from __future__ import annotations

import re

from ..analyze import CARD
from ..effects import card_kinds
from ..index import Index, doc_terms
from ..pipeline import Query
from ..qgraph import QGraph
from .abilities import trigger_templates
from .cards import self_names
from .gone import leaving

__all__ = ["CONTINUOUSLY", "OWNERS_ZONE", "SOURCE_CONTROL", "WEIGHTS", "owners_zone_rules", "rules_saying",
           "source_control_rules", "stolen_attacks", "stolen_leaves", "stolen_trigger"]

WEIGHTS = {
    "stolen_trigger": 1.5,  # rule 38: text relevance given to the rules on who controls a triggered ability
    "stolen_leaves": 1.0,  # rule 41: text relevance given to the rule sending an object to its owner's zone
    "stolen_attacks": 0.8,  # rule 63: text relevance given to the summoning sickness rule (302.6)
    "stolen_attacks_prior": 3.0,  # rule 63: and its prior
}
SOURCE_CONTROL = " controlled by the player who controlled its source "
"""A rule saying who controls a triggered ability (603.3a, 109.4b), as word lines have it."""


CONTINUOUSLY = " under its controllers control continuously since their most recent turn began "
"""A rule saying what a creature can't do unless its controller has controlled it since their turn began (302.6; 107.5
and 107.6 for the tap and untap symbols), as word lines have it."""
_ACTS = {stem: f" {word} " for word in ("attack", "tap") for stem in doc_terms(word)}
"""What the question asks the creature to do (its stems, and the word a rule of :data:`CONTINUOUSLY` says it by)."""
_SENTENCE = re.compile(r"(?<=[.!?])")
"""Where the question's sentences end: one that asks ends in a question mark."""

OWNERS_ZONE = " other than its owners it goes to its owners "
"""A rule saying an object going to a zone other than its owner's goes to its owner's instead (400.3), as word lines have
it."""


def rules_saying(g: QGraph, index: Index, said: str) -> tuple[int, ...]:
    """The CR rules whose word line holds ``said``, as node numbers (read from the nodes holding its words:
    :meth:`~rulesgraph.index.Index.saying`); kept per graph."""
    known = g.memo.get(("rules saying", said))
    if known is None:
        known = g.memo["rules saying", said] = tuple(
            i for i in index.saying(said)
            if g.kind[i] in ("rule", "subrule") and said in g.word_line(i) and g.attrs[i].get("numbering") == "cr")
    return known


def owners_zone_rules(g: QGraph, index: Index) -> tuple[int, ...]:
    """The CR rules sending an object to its owner's zone (:data:`OWNERS_ZONE`)."""
    return rules_saying(g, index, OWNERS_ZONE)


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
    weight's share of a full match, times how surely the two cards were named (the less sure of them)."""
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
        q.relevant(i, w * min(stolen[0], stealers[by]), f"{by} takes {stolen[1]}, whose trigger is whose? (rule 38)")


def stolen_leaves(q: Query) -> None:
    """Rule 41: with a named card changing control and the question telling of an object leaving its zone (a glossary term
    defining it: dies, destroy, exile …, :func:`~rulesgraph.steps.gone.leaving`), where it goes — its owner's graveyard,
    hand or library, whoever controlled it — is what the question turns on: the rules saying so
    (:func:`owners_zone_rules`, 400.3) are candidates as if the question matched them by the weight's share of a full
    match, times the less sure of the card and the mention."""
    w = q.w["stolen_leaves"]
    if w <= 0 or not q.a.cards:
        return
    g = q.g
    steals = max((c.confidence for c in q.a.cards if _changes_control(g, c.text, c.key)), default=0.0)
    if not steals:
        return
    left = max(leaving(q), key=lambda m: m.quality, default=None)
    if left is None:
        return
    for i in owners_zone_rules(g, q.index):
        q.relevant(i, w * min(steals, left.quality), f"‘{left.said}’ of a card under another player's control (rule 41)")


def stolen_attacks(q: Query) -> None:
    """Rule 63: with a named card changing control and a sentence of the question asking (it ends in a question mark: "Can I attack
    with it this turn?"; "he chump attacked" only tells) about attacking or tapping in its own words, not a card name's,
    or by a glossary term said so (:data:`_ACTS`: "attack", "swing" is Attack, "tap"), each rule saying a creature can't do that unless
    controlled continuously since its controller's turn began (:data:`CONTINUOUSLY`, and saying the act: 302.6 for
    attacking, 107.5 and 302.6 for tapping) is a candidate as if the question matched it by the weight's share of a full
    match, and has its prior raised by ``stolen_attacks_prior``, each times how surely the card was named and the act
    said (the less sure)."""
    w = q.w["stolen_attacks"]
    if w <= 0 or not q.a.cards:
        return
    g = q.g
    steals = max(((c.confidence, c.key) for c in q.a.cards if _changes_control(g, c.text, c.key)), default=(0.0, ""))
    if not steals[0]:
        return
    if "?" not in q.a.question:
        return
    asked = [sentence for sentence in _SENTENCE.split(q.a.question) if sentence.endswith("?")]
    stems = frozenset(t for sentence in asked for t in doc_terms(sentence))
    acts: dict[str, float] = {}
    for stem, weight in q.a.terms:  # the question's own words, not a card name's, in an asking sentence
        if stem in _ACTS and weight > CARD and stem in stems:
            acts[_ACTS[stem]] = max(acts.get(_ACTS[stem], 0.0), weight)
    for m in q.a.of_kind("glossary"):  # or a term said so ("swing" is Attack)
        found = [_ACTS[t] for t in doc_terms(q.g.nodes[m.node]["label"]) if t in _ACTS]
        if found and m.via != "scene" and any(m.said.lower() in sentence.lower() for sentence in asked):
            acts[found[0]] = max(acts.get(found[0], 0.0), m.quality)
    if not acts:
        return
    for i in rules_saying(g, q.index, CONTINUOUSLY):
        line = g.word_line(i)
        said = max((weight for act, weight in acts.items() if act in line), default=0.0)
        if said:
            q.relevant(i, w * min(steals[0], said))
            q.raise_(i, i + 1, q.w["stolen_attacks_prior"] * min(steals[0], said),
                     f"{steals[1]} changes control: can it act this turn? (rule 63)")
