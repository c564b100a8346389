"""Rule 52, out of combat: "my blocker got tapped after blockers were declared, does it still deal damage?", "the
walker my bear attacked died in the first-strike damage step", "they blinked the blocker during declare blockers" — what
such a question turns on is what takes a permanent out of combat and what does not: "A permanent is removed from combat
if it leaves the battlefield, if its controller changes, if it phases out, … or if it's an attacking or blocking
creature that regenerates" (506.4) and its subrules ("Tapping or untapping a creature that's already been declared as
an attacker or blocker doesn't remove it from combat", 506.4b; an attacked planeswalker removed, 506.4c), though the
question's words ("still deal damage?", "still attacking?") hardly reach them.

Everything is read from the rules' own phrasing, once per graph: the rule saying what "is removed from combat if" and
its subrules; what they list is told by the question when it names a keyword, or a glossary term citing a keyword's
rule, whose words those rules say (Tapped: "See rule 110.5 and rule 701.26, “Tap and Untap.”"; Regenerate, Phasing —
not the words of combat itself, attacking, blocking, combat, nor plain words such as Deal), a glossary term defining an
object leaving its zone (Destroy, Sacrifice, Exile: :func:`~rulesgraph.steps.gone.leaving`), or a named card whose text
makes an object leave (Ephemerate's "Exile target creature").  The question must be about an attacking or blocking
creature (its words "attack", "block", not a card name's: "Sneak Attack") in a step of combat from the declaration of
attackers on, which it names as such (:func:`~rulesgraph.steps.turn.steps_said`: "after blockers are declared", "the
first-strike damage step"): a creature that died from combat damage or was destroyed before combat is not the case.
A prior, run after rule 32's.

Rule 64, which combat damage comes first: a question about attacking or blocking creatures that asks, in a sentence
ending in a question mark, which of two things comes first ("does the attacker hit first?", "do I die before the
lifelink kicks in?", "at the same time") turns on the rule saying "all combat damage that's been assigned is dealt
simultaneously" (510.2, found by those words), though its words ("simultaneously") are not the question's — unless
first strike or double strike is named (by the question or on a named card): then there are two damage steps (510.4),
the keyword's rules' to answer.
"""

from __future__ import annotations

import re

from ..analyze import CARD
from ..index import Index, doc_terms
from ..pipeline import Query
from ..qgraph import QGraph
from .control import rules_saying
from .gone import card_leaving, leaving
from .named import terms_of
from .turn import steps_said, timing

__all__ = ["ORDER", "REMOVED", "SIMULTANEOUS", "WEIGHTS", "damage_order", "out_of_combat", "removal_rules"]

WEIGHTS = {
    "out_of_combat": 1.0,  # rule 52: prior of the rules on removal from combat (and text relevance, half of it)
    "damage_order": 0.8,  # rule 64: text relevance given to the rule dealing combat damage simultaneously (510.2)
    "damage_order_prior": 2.0,  # rule 64: and its prior
}
SIMULTANEOUS = " combat damage thats been assigned is dealt simultaneously "
"""Rule 64: the rule saying all combat damage is dealt at once (510.2), as word lines have it."""
ORDER = re.compile(r"\b(?:first(?=\s*(?:[?,.!;]|or\b|and\b|$))|before|(?:at )?the same time|all at once|at once|"
                   r"simultaneous(?:ly)?)\b", re.IGNORECASE)
"""Rule 64: words asking which of two things comes first ("hit first?", "die before", "at the same time"); "first" only
as the adverb ending its clause: "first strike", "the first creature" are not such a question."""
_SENTENCE = re.compile(r"(?<=[.!?])")
"""Where the question's sentences end."""
_TWO_STEPS = ("First Strike", "Double Strike")
"""Keywords making two combat damage steps (510.4): with either, which damage comes first is theirs to answer."""
REMOVED = " is removed from combat if "
"""The rule listing what removes a permanent from combat (506.4), as word lines have it."""
_COMBAT = frozenset(doc_terms("attacking blocking combat"))
"""The words of combat itself, in which 506.4 says what is removed ("an attacking or blocking creature", "combat")."""


def removal_rules(g: QGraph, index: Index) -> tuple[range, frozenset[str]]:
    """The rule saying what :data:`REMOVED` with its subrules (a range of nodes), and their stems but those of combat
    itself (:data:`_COMBAT`); built once per graph, kept in its memo."""
    known = g.memo.get("removal rules")
    if known is None:
        found = next((i for i in index.saying(REMOVED) if g.kind[i] == "rule" and REMOVED in g.word_line(i)
                      and g.attrs[i].get("numbering") == "cr"), None)
        nodes = range(found, g.end[found]) if found is not None else range(0)
        known = g.memo["removal rules"] = (nodes, frozenset(s for j in nodes for s in g.stems[j]) - _COMBAT)
    return known


def _declared(g: QGraph, nodes: range) -> frozenset[str]:
    """The steps of the phase the removal rules are in (the sections titled "… Step" right after theirs) from the
    second on: in the first (the beginning of combat step) no creature has attacked yet; kept per graph."""
    known = g.memo.get("declared steps")
    if known is None:
        steps: list[str] = []
        if nodes:
            j = g.end[g.num[g.section[nodes.start] or ""]]
            while j < len(g.ids) and g.kind[j] == "section" and (g.attrs[j].get("title") or "").endswith("Step"):
                steps.append(g.ids[j])
                j = g.end[j]
        known = g.memo["declared steps"] = frozenset(steps[1:])
    return known


def _told(q: Query, stems: frozenset[str]) -> tuple[float, str]:
    """How surely the question tells of something the removal rules list, and its words."""
    best = (0.0, "")
    g = q.g
    for m in q.a.of_kind("glossary", "keyword"):
        if m.via == "scene":
            continue
        label = terms_of(q, g.nodes[m.node]["label"])
        if not label or not label <= stems or label & _COMBAT:
            continue
        j = g.num[m.node]
        if m.kind == "keyword" or any(g.kwrule[k] is not None for k in g.out(j, "cites")):
            best = max(best, (m.quality, m.said))
    for m in leaving(q):
        best = max(best, (m.quality, m.said))
    for card in q.a.cards:
        if card_leaving(q, card.text):
            best = max(best, (card.confidence, card.key))
    return best


def out_of_combat(q: Query) -> None:
    """Rule 52: a question about an attacking or blocking creature (its own words, or its aliases') that tells of what
    the rules on removal from combat list (506.4: leaving the battlefield, a change of control, phasing, regenerating;
    506.4b: tapping) has those rules' prior raised by the weight, times how surely it was told, and the rules are
    candidates by half of it."""
    w = q.w["out_of_combat"]
    if w <= 0 or not any(s in _COMBAT and weight > CARD for s, weight in q.a.terms):
        return
    nodes, stems = removal_rules(q.g, q.index)
    if not nodes:
        return
    if not steps_said(q, timing(q.g, q.index)) & _declared(q.g, nodes):
        return
    sure, said = _told(q, stems)
    if not sure:
        return
    text = q.text
    for i in nodes:
        text[i] = text.get(i, 0.0) + w * sure / 2
    q.raise_(nodes.start, nodes.stop, w * sure, f"‘{said}’ of a creature in combat: what removes it from combat")


def damage_order(q: Query) -> None:
    """Rule 64: a question about attacking or blocking creatures (its own words, not a card name's nor carried from an
    earlier turn of a conversation) asking which comes first
    (:data:`ORDER`, in a sentence ending in a question mark), with neither first strike nor double strike named by the
    question or on a named card (:data:`_TWO_STEPS`), makes the rule dealing combat damage simultaneously
    (:data:`SIMULTANEOUS`, 510.2) a candidate as if the question matched it by the weight's share of a full match, and
    raises its prior by ``damage_order_prior``."""
    w = q.w["damage_order"]
    question = q.a.question
    if w <= 0 or "?" not in question or not ORDER.search(question):
        return
    own = _COMBAT & frozenset(doc_terms(question))  # its own words: not carried from an earlier turn …
    if not any(s in own and weight > CARD for s, weight in q.a.terms):  # … nor a card name's
        return
    if not any(sentence.endswith("?") and ORDER.search(sentence) for sentence in _SENTENCE.split(question)):
        return
    g = q.g
    if any(g.nodes[m.node]["label"] in _TWO_STEPS for m in q.a.of_kind("keyword")):
        return
    if any(name in _TWO_STEPS for c in q.a.cards for name, _rel, _rules in c.keywords):
        return
    for i in rules_saying(g, q.index, SIMULTANEOUS):
        q.relevant(i, w)
        q.raise_(i, i + 1, q.w["damage_order_prior"], "asked which combat damage comes first: it is dealt at once (rule 64)")
