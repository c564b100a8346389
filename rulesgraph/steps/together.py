"""Rules 48, 49 and 55, how a named card's triggered abilities trigger and go on the stack, read from the cards' Oracle
text (the CR's trigger template, 603.1: "[When/Whenever/At] [trigger event or condition], [effect]").

Rule 48, triggers that trigger together: two triggered abilities of the named cards whose trigger conditions name one
event (Phyrexian Arena's "At the beginning of your upkeep" and Sulfuric Vortex's "At the beginning of each player's
upkeep"; Uro's "When Uro enters" and "Whenever Uro enters or attacks") trigger at the same time, and who puts theirs on
the stack first, in what order, is what a question about them most likely turns on ("whose resolves first?", "can I
order them?"): the rule saying what is done with the abilities that "have triggered since the last time a player
received priority" (603.3b: in APNAP order, each player's in any order they choose) is a candidate.

Rule 49, what a triggered ability's effect says that the rules settle at a set time: a target ("target [something]",
115.1d) is chosen as the ability goes on the stack, and with no legal one it is removed from the stack (603.3d); a
"may" or an "unless" is dealt with as it resolves, the ability going on the stack all the same (603.5).  A wording the
question quotes of a trigger counts as a card's.

Rule 55, more than one of a card with a triggered ability ("two Goblin Guides attacking"): how many times an ability
triggers (603.2c: "only once each time its trigger event occurs") is a candidate.

Each is a candidate by how much of the question's own words it holds (rule 21's fit), the question's words hardly
reaching it otherwise; a target's rule only for a question that speaks of a target (its own words, or an alias's:
"fizzle") and tells of no response taking it away (that is 608.2b's).  Card steps (:mod:`rulesgraph.steps.cards` has
the others), run with the text steps.
"""

from __future__ import annotations

import re

from ..index import Index
from ..pipeline import Query
from ..qgraph import QGraph
from ..telling import in_todays_words
from ..text import stem, words
from .abilities import trigger_templates
from .cards import fit, self_names
from .control import rules_saying
from .gone import changed

__all__ = ["CHOICES", "ONCE", "TOGETHER", "WEIGHTS", "choice_rules", "copies_trigger", "events", "together", "together_rules",
           "trigger_choices", "trigger_conditions", "trigger_effects"]

WEIGHTS = {
    "together": 1.5,  # rule 48: text relevance given to the rule on putting triggers that triggered together on the stack
    "trigger_target": 5.0,  # rule 49: … to the rule on a triggered ability with no legal target (603.3d)
    "trigger_may": 1.5,  # rule 49: … to the rule on a triggered ability's "may" or "unless" (603.5)
    "trigger_quoted": 1.0,  # rule 49: how surely a wording the question quotes of a trigger is the trigger's
    "copies_trigger": 2.0,  # rule 55: text relevance given to the rule on how many times an ability triggers (603.2c)
}
ONCE = " triggers only once each time its trigger event occurs "
"""A rule saying how many times an ability triggers (603.2c), as word lines have it."""
TOGETHER = " since the last time a player received priority "
"""A rule saying what is done with the abilities that triggered since a player last received priority (603.3b), as word
lines have it."""
CHOICES = (
    ("trigger_target", re.compile(r"\btargets?\b", re.IGNORECASE), " no legal choices can be made for it ", "target"),
    ("trigger_may", re.compile(r"\b(?:may|unless)\b", re.IGNORECASE), " effects are optional they contain may ", ""),
)
"""What a triggered ability's effect may say that the rules settle at a set time: the weight, the effect's word, the words
of the rule settling it as word lines have them, and the stem a question about it says ("" for any question): a target
(115.1d, "target [something]") and 603.3d's "no legal choices can be made for it"; a "may" or an "unless" and 603.5's
"effects are optional (they contain “may,” …)"."""
_OPENER = re.compile(r"^(?:when|whenever|at)\s+", re.IGNORECASE)
_ALTERNATIVES = re.compile(r",?\s+or\s+|,\s+")


def together_rules(g: QGraph, index: Index) -> tuple[int, ...]:
    """The CR rules on triggered abilities that triggered together (:data:`TOGETHER`, 603.3b), as node numbers; kept per
    graph."""
    return rules_saying(g, index, TOGETHER)


def choice_rules(g: QGraph, index: Index) -> tuple[tuple[str, re.Pattern[str], tuple[int, ...], str], ...]:
    """Each of :data:`CHOICES` with the CR rules saying its words (603.3d, 603.5) in place of them, as node numbers."""
    return tuple((weight, said, rules_saying(g, index, rule), asked) for weight, said, rule, asked in CHOICES)


def events(g: QGraph, text: str, key: str) -> list[frozenset[str]]:
    """The events a card's triggered abilities trigger on, one set (of stems) per ability: each trigger condition (the
    words between the trigger word and the comma) is split at its "or"s into the events it names, each known by its last
    word — the step ("upkeep"), or what happens ("enters", "attacks", "dies") —, the card's own names set aside and older
    wordings read in today's ("enters the battlefield" is "enters": :func:`~rulesgraph.telling.in_todays_words`)."""
    return _parts(g, text, key)[0]


def trigger_effects(g: QGraph, text: str, key: str) -> list[str]:
    """A card's triggered abilities' effects, each from the comma closing its trigger condition to the end of its line
    (a target in the condition, "Whenever this becomes the target of a spell", is no choice the ability makes)."""
    return _parts(g, text, key)[1]


def trigger_conditions(g: QGraph, text: str, key: str) -> list[str]:
    """A card's trigger conditions, each without its trigger word, the card's own names set aside."""
    return _parts(g, text, key)[2]


def _parts(g: QGraph, text: str, key: str) -> tuple[list[frozenset[str]], list[str], list[str]]:
    """:func:`events` and :func:`trigger_effects` of one card, read together and kept per graph and card (the same
    cards are named question after question)."""
    known = g.memo.get(("trigger parts", key))
    if known is not None and known[0] == text:
        return known[1]
    said: list[frozenset[str]] = []
    effects: list[str] = []
    conditions: list[str] = []
    names: list[str] = []
    for pattern in trigger_templates(g):
        for m in pattern.finditer(text):
            end = text.find("\n", m.end())
            effects.append(text[m.end() : len(text) if end < 0 else end])
            condition = _OPENER.sub("", m.group(0).rstrip(","))
            names = names or [n for n in self_names(key) if n]  # only for a card with a triggered ability
            for name in names:
                condition = condition.replace(name, " ")
            conditions.append(condition)
            found = {stem(ws[-1]) for part in _ALTERNATIVES.split(condition) if (ws := in_todays_words(words(part)))}
            if found:
                said.append(frozenset(found))
    g.memo["trigger parts", key] = (text, (said, effects, conditions))
    return said, effects, conditions


def copies_trigger(q: Query) -> None:
    """Rule 55: a named card the question names more than one of (rule 28's "two of one card") that has a triggered
    ability makes the rule on how many times an ability triggers (:data:`ONCE`, 603.2c: once each time its trigger
    event occurs) a candidate, as if the question matched it by the weight's share of a full match, times how surely
    the card was named and how much of the question's own words the rule holds (rule 21's fit)."""
    w = q.w["copies_trigger"]
    if w <= 0 or not q.a.cards:
        return
    g = q.g
    sure, key = max(((c.confidence, c.key) for c in q.a.cards if c.many and trigger_conditions(g, c.text, c.key)),
                    default=(0.0, ""))
    if not sure:
        return
    for i in rules_saying(g, q.index, ONCE):
        q.relevant(i, w * sure * fit(q, i), f"more than one {key}, each with its triggered ability (rule 55)")


def together(q: Query) -> None:
    """Rule 48: when two triggered abilities of the named cards (of two cards, or two of one card's) trigger on one event
    (:func:`events`), the rules on putting abilities that triggered together on the stack (:func:`together_rules`,
    603.3b) are candidates as if the question matched them by the weight's share of a full match, times how surely the
    cards were named (the less sure of the two) and how much of the question's own words the rule holds (rule 21's
    fit): that they trigger together matters to a question asking what comes first."""
    w = q.w["together"]
    if w <= 0 or not q.a.cards:
        return
    g = q.g
    seen: list[tuple[frozenset[str], float, str]] = []
    best, pair = 0.0, ""
    for card in q.a.cards:
        for said in events(g, card.text, card.key):
            for other, sure, key in seen:
                if said & other and min(sure, card.confidence) > best:
                    best = min(sure, card.confidence)
                    pair = f"two of {key}'s abilities" if key == card.key else f"{key}'s and {card.key}'s abilities"
            seen.append((said, card.confidence, card.key))
    if not best:
        return
    for i in together_rules(g, q.index):
        q.relevant(i, w * best * fit(q, i), f"{pair} trigger together (rule 48)")


def trigger_choices(q: Query) -> None:
    """Rule 49: a named card's triggered ability whose effect says what the rules settle at a set time (:data:`CHOICES`:
    a target, a "may", an "unless") makes the rule settling it (603.3d, 603.5) a candidate, as if the question matched
    it by its weight's share of a full match, times how surely the card was named and how much of the question's own
    words the rule holds (rule 21's fit).  A wording the question quotes, when it speaks of a trigger ("my trigger says
    'target creature an opponent controls'"), counts as such an effect, as surely as the weight says.  A target's rule
    only when the question's terms say "target" (or an alias of it does: "fizzle"), and not when it tells of a response
    taking an object out of its zone or reach (rule 32's :func:`~rulesgraph.steps.gone.changed`: a target chosen and
    then gone is 608.2b's)."""
    if not q.a.cards and not q.a.quoted:
        return
    g = q.g
    effects = [(c.confidence, f"{c.key}'s triggered ability", found) for c in q.a.cards
               if (found := trigger_effects(g, c.text, c.key))]
    terms = {t for t, _ in q.a.terms} if effects or q.a.quoted else set()
    if q.a.quoted and "trigger" in terms and q.w["trigger_quoted"] > 0:
        effects.append((q.w["trigger_quoted"], "the quoted trigger", [" ".join(quote) for quote in q.a.quoted]))
    if not effects:
        return
    for weight, said, rules, asked in choice_rules(g, q.index):
        w = q.w[weight]
        if w <= 0:
            continue
        sure, key = max(((c, k) for c, k, found in effects if any(said.search(e) for e in found)), default=(0.0, ""))
        if not sure or (asked and (asked not in terms or max(changed(q)[:2]) > 0)):
            continue
        for i in rules:
            q.relevant(i, w * sure * fit(q, i), f"what {key} says (rule 49)")
