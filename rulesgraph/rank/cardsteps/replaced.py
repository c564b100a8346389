"""Rule 59, an event a named card replaces: a replacement effect on a named card ("If you would draw a card while your
library has no cards in it, you win the game instead") is settled by what the rules say of replacing that kind of event
— "Some effects replace card draws. These effects are applied even if no cards could be drawn" (614.11), "Some effects
replace damage dealt to one … with the same damage dealt to another" (614.9) —, and, met by another named card's
triggered ability ("Whenever … dies"), by the rule saying a replaced event never happens and what it is replaced by is
what may trigger (614.6), though the question's words ("do I win or lose?", "does it still trigger?") hardly reach
them.  Everything is read from the rules' own phrasing, once per graph: the kinds of event are the words a rule opening
"Some effects replace …" names (:data:`_KIND`), a card's replacement effect a sentence of its Oracle text (reminder text
left out) saying "would" and "instead" (614.1a: "Most replacement effects use the word “instead”"), of that kind when
it holds the kind's words; the replaced event is found by :data:`NEVER`'s words.  A prior-stage step (it adds text
relevance), run with the card steps.
"""

from __future__ import annotations

import re

from ...build.index import Index, doc_terms
from ...build.qgraph import QGraph
from ...common.lazyre import lazy
from ..pipeline import Query
from .wording import REMINDER

__all__ = ["NEVER", "TRIGGER", "TRIGGER_LINE", "WEIGHTS", "kinds", "replaced", "replacing"]

WEIGHTS = {
    "replaced_kind": 1.06,  # rule 59: text relevance given to the rule on replacing the kind of event a named card replaces
    "replaced_never": 1.2,  # rule 59: … and to the rule saying a replaced event never happens, met by a card's trigger
}
_KIND = lazy(r"^Some effects replace (.+?)(?= to | with |[.,;])")
"""A rule naming a kind of event effects replace: "Some effects replace card draws." (614.11), "Some effects replace damage
dealt to one battle …" (614.9)."""
NEVER = frozenset(doc_terms("if an event is replaced it never happens"))
"""Rule 59: how the rules say what becomes of a replaced event ("If an event is replaced, it never happens. A modified event
occurs instead, which may in turn trigger abilities", 614.6)."""
_SENTENCE = lazy(r"\bwould\b.*\binstead\b|\binstead\b.*\bwould\b", re.IGNORECASE)
"""A sentence of Oracle text making a replacement effect: it says what "would" happen and what happens "instead"."""
_SENTENCES = lazy(r"[^.\n]+")
"""The sentences of Oracle text, each asked :data:`_SENTENCE`.  (One expression finding the sentences that say both
words found the same, ~45 times slower: failing in a sentence, it tried again from each of its characters.)"""
TRIGGER_LINE = r"^(?:[^—\n]{1,40} — )?(?:When|Whenever|At)\b"
"""How a triggered ability opens a line of Oracle text (603.1: "[When/Whenever/At] [trigger event], [effect]"), perhaps
after an ability word and its dash ("Morbid — At the beginning of each end step, …", 207.2c): one pattern for every
step that reads a card's triggered abilities as lines (rules 59, 73, and 74's intervening "if"; rule 74 reads a trigger
on leaving or entering wherever "When" or "Whenever" opens a clause, in an ability granted in quotes too)."""
TRIGGER = lazy(TRIGGER_LINE, re.MULTILINE)
"""A line of Oracle text opening a triggered ability (:data:`TRIGGER_LINE`)."""


def kinds(g: QGraph, index: Index) -> tuple[tuple[int, frozenset[str]], ...]:
    """The CR rules naming a kind of event effects replace (:data:`_KIND`), each with that kind's words as stems
    (614.11 → card, draw; 614.9 → damage, dealt), and the rules saying a replaced event never happens (:data:`NEVER`,
    with an empty kind), once per graph."""
    if "replaced kinds" not in g.memo:
        found: list[tuple[int, frozenset[str]]] = []
        for i in index.saying("some effects replace"):
            if g.kind[i] in ("rule", "subrule") and g.attrs[i].get("numbering") == "cr":
                m = _KIND.match(g.attrs[i].get("text") or "")
                if m and doc_terms(m.group(1)):
                    found.append((i, frozenset(doc_terms(m.group(1)))))
        found += [(i, frozenset()) for i in index.holding(NEVER) if g.kind[i] in ("rule", "subrule")
                  and g.attrs[i].get("numbering") == "cr" and set(g.stems[i]) >= NEVER]
        g.memo["replaced kinds"] = tuple(found)
    return g.memo["replaced kinds"]


def replacing(g: QGraph, text: str) -> tuple[frozenset[str], ...]:
    """The stems of each sentence of a card's Oracle text (reminder text left out) making a replacement effect
    (:data:`_SENTENCE`); kept per graph and text."""
    key = ("replacing", text)
    if key not in g.memo:
        said = REMINDER.sub(" ", text) if "instead" in text else ""
        g.memo[key] = tuple(frozenset(doc_terms(m.group(0))) for m in _SENTENCES.finditer(said) if _SENTENCE.search(m.group(0)))
    return g.memo[key]


def replaced(q: Query) -> None:
    """Rule 59: for each named card with a replacement effect (:func:`replacing`), each rule naming a kind of event
    whose words that effect's sentence holds (:func:`kinds`: Laboratory Maniac's "would draw a card" → 614.11) is a
    candidate as if the question matched it by the ``replaced_kind`` weight's share of a full match, times how surely
    the card was named; and when another named card has a triggered ability (:data:`TRIGGER`), so is the rule saying a
    replaced event never happens (614.6), by the ``replaced_never`` weight times the less sure of the two cards.
    Step ``replaced``; weights: ``replaced_kind`` = 1.06, ``replaced_never`` = 1.2 (fitted, ``bench/fit.py``).  Earns its
    place on the real tuning questions: removing it loses 4 at hit@1 and 3 at hit@3 (of 286; ``bench/ablate.py``, stop 34, rule 68 in)."""
    w_kind, w_never = q.w["replaced_kind"], q.w["replaced_never"]
    if (w_kind <= 0 and w_never <= 0) or not q.a.cards or not any("instead" in c.text for c in q.a.cards):
        return
    g = q.g
    found: dict[int, tuple[float, str]] = {}
    for card in q.a.cards:
        effects = replacing(g, card.text)
        if not effects:
            continue
        for i, kind in kinds(g, q.index):
            if kind:
                sure = w_kind * card.confidence if any(kind <= said for said in effects) else 0.0
                reason = f"{card.key} replaces what this rule says effects replace"
            else:
                met = [c.confidence for c in q.a.cards if c is not card and TRIGGER.search(REMINDER.sub(" ", c.text))]
                sure = w_never * min(card.confidence, max(met)) if met else 0.0
                reason = f"{card.key} replaces an event another named card's trigger may wait for"
            if sure > found.get(i, (0.0, ""))[0]:
                found[i] = (sure, reason)
    for i, (sure, reason) in found.items():
        q.relevant(i, sure, reason)
