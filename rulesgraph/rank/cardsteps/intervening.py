"""Rule 74, a condition a named card's trigger checks twice: a triggered ability worded "When/Whenever/At [trigger
event], if [condition], [effect]" (Ebony Owl Netsuke's "At the beginning of each opponent's upkeep, if that player has
seven or more cards in hand, …", Call to the Grave's "At the beginning of the end step, if no creatures are on the
battlefield, sacrifice Call to the Grave") is settled by the rule on the intervening "if" clause (603.4: the ability
triggers only if the condition is true when the event happens, and does nothing if it is false when it resolves),
though the question asks "does it still trigger?", "what if the number changes before it resolves?" and seldom says
"intervening".  On the real tuning questions 603.4 was the first rule of no answer (stop 64): of the 23 questions labelled
with it, the answer's first rule was an expected one for 5 and one of the first three for 11.

Read from the rules' own phrasing and the cards' Oracle text: the rule is the CR rule quoting the template with both
"[trigger event]" and "if [condition]" (:func:`intervening_rules`: 603.4); a card words such an ability when a line of
its Oracle text (reminder text left out) opens "When", "Whenever" or "At", perhaps after an ability word ("Raid — At
…"), and says ", if" before its first full stop (:data:`INTERVENING`).  A prior-stage step (it adds text relevance),
run with the card steps.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from ...common.lazyre import lazy
from ..pipeline import Query
from .replaced import TRIGGER_LINE
from .wording import REMINDER, TEXTS_KEPT

if TYPE_CHECKING:
    from ...build.index import Index
    from ...build.qgraph import QGraph

__all__ = ["INTERVENING", "WEIGHTS", "checks_twice", "intervening", "intervening_rules"]

WEIGHTS = {
    "intervening_if": 1.0,  # rule 74: text relevance given to the rule on the intervening "if" clause
}
INTERVENING = lazy(TRIGGER_LINE + r"[^.\n]*?, if\b", re.MULTILINE)
"""A triggered ability with an intervening "if" clause: a line opening a trigger as the other card steps read one
(:data:`~rulesgraph.rank.cardsteps.replaced.TRIGGER_LINE`: "When", "Whenever" or "At", perhaps after an ability word:
"Raid — At the beginning of your end step, if you attacked this turn, …"), saying
", if" before its first full stop (603.4's template: "When/Whenever/At [trigger event], if [condition], [effect]")."""
_SAYING = ("if [condition]",)
"""What :func:`intervening_rules` looks for: only the documents that may say it are read."""
_REASON = "a named card's triggered ability has an intervening 'if' clause"
"""Why the rule was raised, as ``why matched`` says it."""


def intervening_rules(g: QGraph, index: Index) -> tuple[int, ...]:
    """The CR rules quoting the template of a triggered ability with an intervening "if" clause: "[trigger event]" and
    "if [condition]" in one rule (603.4), no variant's, once per graph."""
    if "intervening rules" not in g.memo:
        found = []
        for i in index.saying(*_SAYING):
            text = g.attrs[i].get("text") or ""
            if (g.kind[i] in ("rule", "subrule") and g.attrs[i].get("numbering") == "cr" and not g.variant[i]
                    and "[trigger event]" in text and "if [condition]" in text):
                found.append(i)
        g.memo["intervening rules"] = tuple(found)
    return g.memo["intervening rules"]


@lru_cache(maxsize=TEXTS_KEPT)
def checks_twice(text: str) -> bool:
    """Whether a card's Oracle text (reminder text left out) words a triggered ability with an intervening "if" clause
    (:data:`INTERVENING`), once per text: the same few cards are named question after question."""
    return INTERVENING.search(REMINDER.sub(" ", text)) is not None


def intervening(q: Query) -> None:
    """Rule 74: when a named card words a triggered ability with an intervening "if" clause (:func:`checks_twice`), the
    rule on that clause (:func:`intervening_rules`) is a candidate as if the question matched it, by the weight times how
    surely the surest of those cards was named.
    Step ``intervening``; weights: ``intervening_if`` = 1.0 (``bench/fit.py --only intervening_if``, stop 65: the fit on
    every tuning question keeps 1.0; two folds of five moved it up, to 1.77 and 2.66, held out 40.4% / 61.0% against
    40.6% / 61.1% kept).
    Earns its place on the real tuning questions (``bench/ablate.py --halves``: :mod:`rulesgraph.rank.ranking` has its
    figures)."""
    weight = q.w["intervening_if"]
    if weight <= 0 or not q.a.cards:
        return
    sure = max((c.confidence for c in q.a.cards if checks_twice(c.text)), default=0.0)
    for i in intervening_rules(q.g, q.index) if sure else ():
        q.relevant(i, weight * sure, _REASON)
