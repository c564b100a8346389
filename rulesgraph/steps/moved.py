"""Rule 58, what an object that changed zones keeps: told of an object leaving its zone — a glossary term the question
names defining it (rule 32's :func:`~rulesgraph.steps.gone.leaving`: "blink", "exile", "dies", "sacrifice") or a named
card's text moving a target ("Exile target creature you control, then return it", "Return target creature to its
owner's hand": rule 32's :func:`~rulesgraph.steps.gone.card_leaving`, rule 51's :data:`~rulesgraph.steps.tokens.SENDS`)
— and of counters on it (the glossary's Counter), what settles "does it come back with the counters?" is that an object
moving from one zone to another is a new object (400.7) and that counters are not retained when it moves (122.2),
though the question's words ("come back with", "remember") hardly reach those rules.  The rules are found by their own
words (:data:`NEW`), once per graph.  A prior-stage step (it adds text relevance), run with the card steps.
"""

from __future__ import annotations

import re

from ..index import Index, doc_terms
from ..pipeline import Query
from ..qgraph import QGraph
from ..wording import REMINDER
from .gone import card_leaving, leaving
from .states import MINUS
from .tokens import SENDS

__all__ = ["CARRIED", "MARKER", "NEW", "WEIGHTS", "new_object", "new_rules"]

WEIGHTS = {
    "new_object": 0.8,  # rule 58: text relevance given to a rule saying what an object that changed zones keeps
}
NEW = (frozenset(doc_terms("becomes a new object with no memory")),
       frozenset(doc_terms("counters are not retained if that object moves from one zone to another")))
"""Rule 58: how the rules say an object that changes zones starts afresh ("An object that moves from one zone to another
becomes a new object with no memory of, or relation to, its previous existence", 400.7; "Counters on an object are not
retained if that object moves from one zone to another", 122.2)."""
CARRIED = "glossary:Counter"
"""What the question tells of the object carrying: the glossary's Counter ("3 +1/+1 counters on it")."""
MARKER = re.compile(rf"[+{MINUS}]\d+/[+{MINUS}]\d+ counters?\b|\bcounters? on\b", re.IGNORECASE)
"""The glossary's Counter said as the marker it is ("a -1/-1 counter", "counters on it", as Oracle text puts one: "Put a
+1/+1 counter on …"), not as the verb of its other sense ("my Stomp got countered", "Counterspell counters it")."""


def new_rules(g: QGraph, index: Index) -> tuple[int, ...]:
    """The CR rules holding all the words of one of :data:`NEW` (400.7, 122.2), once per graph."""
    if "new object rules" not in g.memo:
        found: set[int] = set()
        for terms in NEW:
            found.update(i for i in index.holding(terms) if g.kind[i] in ("rule", "subrule")
                         and g.attrs[i].get("numbering") == "cr" and set(g.stems[i]) >= terms)
        g.memo["new object rules"] = tuple(sorted(found))
    return g.memo["new object rules"]


def new_object(q: Query) -> None:
    """Rule 58: when the question names counters (the glossary's Counter, :data:`CARRIED`, said as a marker:
    :data:`MARKER`) and tells of an object leaving
    its zone (a glossary term defining it: rule 32's :func:`~rulesgraph.steps.gone.leaving`; or a named card's text,
    reminder text left out, moving a target: :data:`~rulesgraph.steps.tokens.SENDS`, or naming such a term:
    :func:`~rulesgraph.steps.gone.card_leaving`), each rule saying an object that changed zones is a new object and
    keeps no counters (:func:`new_rules`: 400.7, 122.2) is a candidate as if the question matched it by the weight's share
    of a full match, times how surely both were said (the less sure of the two)."""
    w = q.w["new_object"]
    if w <= 0 or not q.a.matches:
        return
    said = q.a.of_kind("glossary")
    carried = max((m.quality for m in said if m.node == CARRIED), default=0.0)
    if not carried or not MARKER.search(q.a.question):
        return
    moved = max((m.quality for m in leaving(q)), default=0.0)
    for c in q.a.cards:
        if c.confidence > moved and (SENDS.search(REMINDER.sub(" ", c.text)) or card_leaving(q, c.text)):
            moved = c.confidence
    sure = min(carried, moved)
    if not sure:
        return
    for i in new_rules(q.g, q.index):
        q.relevant(i, w * sure, "an object that changed zones is a new object (rule 58)")
