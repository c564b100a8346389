"""Rule 60, an object moved "until" an event: a named card whose effect moves an object only until something happens
("exile target creature an opponent controls until Banisher Priest leaves the battlefield") is settled by the rules on
such effects — the second one-shot effect returning the object (610.3), and what happens when the event has already
occurred before the first one would move it: for a resolving triggered ability (610.3b) or a resolving spell or
activated ability (610.3a) "the object doesn't move" —, though the question's words ("does it get exiled forever?") hardly
reach them.  The rules are read from their own phrasing, once per graph: the rule saying some one-shot effects "cause an
object to change zones “until” a specified event occurs" (:data:`UNTIL`) and its subrules naming the kind of ability
creating the effect (:data:`_BY`); a card's effect is a sentence of its Oracle text (reminder text left out) moving an
object "until" (:data:`MOVES`), in a triggered ability when its line opens with a trigger word.  A prior-stage step (it
adds text relevance), run with the card steps.
"""

from __future__ import annotations

import re

from ...build.index import Index, doc_terms
from ...build.qgraph import QGraph
from ...common.lazyre import lazy
from ..pipeline import Query
from .wording import REMINDER

__all__ = ["MOVES", "UNTIL", "WEIGHTS", "until", "until_rules"]

WEIGHTS = {
    "until": 1.2,  # rule 60: text relevance given to the rules on an effect moving an object until an event occurs
}
UNTIL = frozenset(doc_terms("one-shot effects cause an object to change zones until a specified event occurs"))
"""Rule 60: how the rules say an effect moves an object for a time ("Some one-shot effects cause an object to change zones
“until” a specified event occurs", 610.3)."""
_BY = {"triggered": lazy(r"\ba resolving triggered ability\b"),
       "other": lazy(r"\ba resolving spell or activated ability\b")}
"""Rule 60: the subrules saying which kind of ability creates the first effect (610.3b, 610.3a)."""
MOVES = lazy(r"^(?:(When|Whenever|At)\b)?[^\n]*?\b(?:exile|return|put)\b[^.\n]*\buntil\b", re.IGNORECASE | re.MULTILINE)
"""A line of Oracle text moving an object until an event ("When Banisher Priest enters the battlefield, exile target
creature an opponent controls until Banisher Priest leaves the battlefield."); the trigger word opening it, if any."""


def until_rules(g: QGraph, index: Index) -> dict[str, tuple[int, ...]]:
    """The rule saying effects move objects "until" (:data:`UNTIL`, 610.3) under ``""``, and its subrules for the first
    effect made by a triggered ability (``triggered``: 610.3b) and by a spell or activated ability (``other``: 610.3a),
    as node numbers, once per graph."""
    if "until rules" not in g.memo:
        found: dict[str, list[int]] = {"": [], "triggered": [], "other": []}
        for i in index.holding(UNTIL):
            if g.kind[i] in ("rule", "subrule") and g.attrs[i].get("numbering") == "cr" and set(g.stems[i]) >= UNTIL:
                found[""].append(i)
                for j in range(i + 1, g.end[i]):
                    text = g.attrs[j].get("text") or ""
                    for kind, pattern in _BY.items():
                        if pattern.search(text):
                            found[kind].append(j)
        g.memo["until rules"] = {k: tuple(v) for k, v in found.items()}
    return g.memo["until rules"]


def until(q: Query) -> None:
    """Rule 60: for each named card whose text moves an object until an event (:data:`MOVES`), the rule on such effects
    (610.3) and its subrule for the kind of ability making the effect (a line opening with a trigger word: 610.3b; else
    610.3a) are candidates as if the question matched them by the weight's share of a full match, times how surely the
    card was named.
    Step ``until``; weights: ``until`` = 1.2.  Earns its place on the real tuning questions: removing it loses 1 at
    hit@1 and 1 at hit@3 (of 286; ``bench/ablate.py``, stop 34, rule 68 in)."""
    w = q.w["until"]
    if w <= 0 or not q.a.cards or not any("until" in c.text for c in q.a.cards):
        return
    found: dict[int, tuple[float, str]] = {}
    for card in q.a.cards:
        if "until" not in card.text:
            continue
        for m in MOVES.finditer(REMINDER.sub(" ", card.text)):
            rules = until_rules(q.g, q.index)
            for i in (*rules[""], *rules["triggered" if m.group(1) else "other"]):
                if card.confidence > found.get(i, (0.0, ""))[0]:
                    found[i] = (card.confidence, f"{card.key} moves an object until an event")
    for i, (sure, reason) in found.items():
        q.relevant(i, w * sure, reason)
