"""Rule 61, what damage does to what a named card is: damage has "one or more of the following results, depending on
whether the recipient of the damage is a player or permanent" (120.3), and for some kinds of permanent the result hangs
on nothing but what the recipient is ("Damage dealt to a planeswalker causes that many loyalty counters to be removed
from that planeswalker", 120.3c; a battle's defense counters, 120.3h) — what settles "I Bolt a Teferi at 4 loyalty, what
happens?", though its words may reach the planeswalker's own rules first.  Read from the rules' own phrasing, once per
graph: a subrule of the rule listing damage's results (:data:`RESULTS`) saying "Damage dealt to a [type] causes", with
no word of the source ("by a source with …": a creature's and a player's results depend on the source's infect or
wither, which rule 20 reaches by the keyword).  Told of damage (the glossary's Damage, or another named card's text
saying "damage"), a named card of such a type makes that subrule a candidate.  A prior-stage step (it adds text relevance), run
with the card steps.
"""

from __future__ import annotations

import re

from ..index import Index, doc_terms
from ..pipeline import Query
from ..qgraph import QGraph

__all__ = ["RESULTS", "WEIGHTS", "by_type", "recipient"]

WEIGHTS = {
    "recipient": 0.8,  # rule 61: text relevance given to the result of damage dealt to what a named card is
}
RESULTS = frozenset(doc_terms("damage may have one or more of the following results depending on the recipient"))
"""Rule 61: how the rules open their list of damage's results (120.3)."""
_TO_TYPE = re.compile(r"^Damage dealt to an? (\w+) causes\b")
"""A result of damage by the recipient's type alone: "Damage dealt to a planeswalker causes …" (not "… by a source with")."""
DAMAGE = "glossary:Damage"


def by_type(g: QGraph, index: Index) -> dict[str, int]:
    """The subrules giving damage's result by the recipient's type alone (:data:`_TO_TYPE`, under the rule holding
    :data:`RESULTS`): ``planeswalker`` → 120.3c, ``battle`` → 120.3h, as node numbers; once per graph."""
    if "damage by type" not in g.memo:
        found: dict[str, int] = {}
        for i in index.holding(RESULTS):
            if g.kind[i] == "rule" and g.attrs[i].get("numbering") == "cr" and set(g.stems[i]) >= RESULTS:
                for j in range(i + 1, g.end[i]):
                    m = _TO_TYPE.match(g.attrs[j].get("text") or "")
                    if m and " by a source" not in (g.attrs[j].get("text") or ""):
                        found.setdefault(m.group(1).lower(), j)
        g.memo["damage by type"] = found
    return g.memo["damage by type"]


def recipient(q: Query) -> None:
    """Rule 61: when the question tells of damage (the glossary's Damage, :data:`DAMAGE`, or another named card's text
    saying "damage": a planeswalker's own "deals 3 damage" is damage it deals) and names a card of a type whose result
    of damage hangs on the type alone (:func:`by_type`: a planeswalker → 120.3c), that subrule is a candidate as if the
    question matched it by the weight's share of a full match, times the less sure of the card's naming and the
    damage's telling."""
    w = q.w["recipient"]
    if w <= 0 or not q.a.cards:
        return
    said = max((m.quality for m in q.a.of_kind("glossary") if m.node == DAMAGE), default=0.0)
    dealing = [c for c in q.a.cards if "damage" in c.text.lower()]
    if not said and not dealing:
        return
    types = by_type(q.g, q.index)
    found: dict[int, tuple[float, str]] = {}
    for card in q.a.cards:
        dealt = max([said, *(c.confidence for c in dealing if c is not card)])
        for word in card.type_line.lower().replace("—", " ").split() if dealt else ():
            i = types.get(word)
            if i is not None and min(dealt, card.confidence) > found.get(i, (0.0, ""))[0]:
                found[i] = (min(dealt, card.confidence), f"damage dealt to {card.key}, a {word} (rule 61)")
    for i, (sure, reason) in found.items():
        q.relevant(i, w * sure, reason)
