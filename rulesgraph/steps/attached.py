"""Rule 65, an attachment whose object left: a named Aura (or Equipment, Fortification) and an object the question tells
of leaving its zone ("the creature with my Pacifism gets bounced", "Path to Exile on the creature my Rancor enchants")
are settled by the state-based action for an attachment left attached to nothing or to an illegal object (704.5m: the
Aura is put into its owner's graveyard; 704.5n: an Equipment stays on the battlefield, unattached), though the
question's words ("what happens to Pacifism?") hardly reach it.  Read from the rules' own phrasing, once per graph: a
state-based action opening "If an [subtype] (or [subtype]) is attached to an illegal" (:data:`_ATTACHED`) names the
subtypes it checks; a named card has one when its type line says it; leaving is told as rule 58 reads it (a glossary
term defining it, a zone other than the battlefield named by its glossary entry: "bounced" → Hand, or a named card's
text moving a target).  A prior-stage step (it adds text relevance), run with the card steps.
"""

from __future__ import annotations

import re

from ..index import Index
from ..pipeline import Query
from ..qgraph import QGraph
from ..wording import REMINDER
from .gone import card_leaving, leaving
from .tokens import SENDS, zones_off

__all__ = ["WEIGHTS", "attached", "checks"]

WEIGHTS = {
    "attached": 0.8,  # rule 65: text relevance given to the state-based action for an attachment whose object left
}
_ATTACHED = re.compile(r"^If an? (\w+)(?: or (\w+))? is attached to an illegal")
"""A state-based action checking attachments: "If an Aura is attached to an illegal object or player" (704.5m), "If an
Equipment or Fortification is attached to an illegal permanent" (704.5n)."""


def checks(g: QGraph, index: Index) -> dict[str, int]:
    """The subtypes the state-based actions check attachments of, lower case, each with its rule (``aura`` → 704.5m,
    ``equipment`` → 704.5n), once per graph."""
    if "attachment checks" not in g.memo:
        found: dict[str, int] = {}
        for i in index.saying("is attached to an illegal"):
            if g.kind[i] in ("rule", "subrule") and g.attrs[i].get("numbering") == "cr":
                m = _ATTACHED.match(g.attrs[i].get("text") or "")
                for name in m.groups() if m else ():
                    if name:
                        found.setdefault(name.lower(), i)
        g.memo["attachment checks"] = found
    return g.memo["attachment checks"]


def _left(q: Query) -> float:
    """How surely the question tells of an object leaving its zone: a glossary term defining it, a zone other than the
    battlefield named by its glossary entry ("bounced" → Hand), or a named card's text moving a target."""
    zones = {f"glossary:{name.title()}" for name in zones_off(q.g)}
    sure = max([0.0, *(m.quality for m in leaving(q)), *(m.quality for m in q.a.of_kind("glossary") if m.node in zones)])
    for c in q.a.cards:
        if c.confidence > sure and (SENDS.search(REMINDER.sub(" ", c.text)) or card_leaving(q, c.text)):
            sure = c.confidence
    return sure


def attached(q: Query) -> None:
    """Rule 65: when a named card is of a subtype the state-based actions check attachments of (:func:`checks`: an Aura)
    and the question tells of an object leaving its zone (:func:`_left`), that state-based action (704.5m) is a
    candidate as if the question matched it by the weight's share of a full match, times the less sure of the two."""
    w = q.w["attached"]
    if w <= 0 or not q.a.cards:
        return
    known = checks(q.g, q.index)
    found: dict[int, tuple[float, str]] = {}
    for card in q.a.cards:
        for word in card.type_line.lower().replace("—", " ").split():
            i = known.get(word)
            if i is not None and card.confidence > found.get(i, (0.0, ""))[0]:
                found[i] = (card.confidence, f"{card.key}, an {word}, and an object leaving (rule 65)")
    if not found:
        return
    left = _left(q)
    for i, (sure, reason) in found.items():
        if min(sure, left):
            q.relevant(i, w * min(sure, left), reason)
