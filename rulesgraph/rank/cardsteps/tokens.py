"""Rule 51, a token that leaves the battlefield: told of a token ("I bounce my own token", "a token dying") and of it
going to a zone other than the battlefield — the question names one (the hand, a graveyard, exile: a section of the
Zones chapter other than the battlefield's), a term defining an object leaving its zone (Sacrifice, Dies, Exile: rule
32's :func:`~rulesgraph.rank.steps.gone.leaving`, said of the token: "tokens die", "bounce a token"), or a named card's
text sends a target there ("Return target creature to its owner's hand") —, what settles it is that a token off the
battlefield ceases to exist (111.7, 111.8, 704.5d), though "can I recast it?" or "does it go to the hand for a moment?"
hardly reaches those rules.  The rules are found by their
own words (:data:`CEASES`), the zones by the CR's chapter of zones.  A prior-stage step (it adds text relevance), run
with the card steps.
"""

from __future__ import annotations

import re

from ...build.index import Index, doc_terms
from ...build.qgraph import QGraph
from ...common.lazyre import lazy
from ..pipeline import Query
from ..steps.gone import leaving
from .abilities import glossary_terms
from .wording import REMINDER

__all__ = ["CEASES", "WEIGHTS", "token_leaves", "zones_off"]

WEIGHTS = {
    "token_leaves": 1.06,  # rule 51: text relevance given to a rule saying a token off the battlefield ceases to exist
}
CEASES = frozenset(doc_terms("a token ceases to exist") + doc_terms("the battlefield"))
"""Rule 51: how the rules say what becomes of a token off the battlefield ("A token that's in a zone other than the
battlefield ceases to exist", 111.7; "A token that has left the battlefield … ceases to exist the next time state-based
actions are checked", 111.8; 704.5d)."""
HOLDS_SPELLS = frozenset(doc_terms("a spell is cast, an ability is activated or triggers"))
"""The zone whose opening rule says spells and abilities go there ("When a spell is cast, the physical card is put on the
stack … When an ability is activated or triggers, it goes on top of the stack", 405.1): what a token, a permanent, never
goes to, and what a question says of the spells waiting there, not of a token."""
SENDS = lazy(r"\breturn target [^.\n]*?\bto (?:its|their) owners?[’']?s? (?:hand|library)\b|"
             r"\b(?:exile|destroy) target\b", re.IGNORECASE)
"""A named card sending a target off the battlefield, as Oracle text words it ("Return target creature to its owner's
hand", "Exile target creature"; not a cost or a card's own "sacrifice it")."""
TOKEN = "token"
"""The glossary's term."""


def ceasing(g: QGraph, index: Index) -> tuple[int, ...]:
    """The CR rules holding :data:`CEASES` (111.7, 111.8, 704.5d), once per graph."""
    if "token ceases" not in g.memo:
        g.memo["token ceases"] = tuple(i for i in index.holding(CEASES) if g.attrs[i].get("numbering") == "cr"
                                       and g.kind[i] in ("rule", "subrule") and set(g.stems[i]) >= CEASES)
    return g.memo["token ceases"]


def zones_off(g: QGraph) -> dict[str, str]:
    """The zones other than the battlefield, as the sections of the CR's chapter of zones name them (the chapter of the
    section the glossary's Battlefield cites, 403: ``hand`` → ``402``, ``graveyard``, ``library``, ``exile`` …; not the
    battlefield's, not the chapter's opening General, not the stack: :data:`HOLDS_SPELLS`), once per graph."""
    if "zones off" not in g.memo:
        found: dict[str, str] = {}
        battlefield = glossary_terms(g).get("battlefield")
        home = next((g.ids[r] for r in g.out(battlefield, "cites")), "") if battlefield is not None else ""
        if len(home) == 3 and home.isdigit():
            for i, node in enumerate(g.ids):
                if g.kind[i] == "section" and len(node) == 3 and node[0] == home[0] and node not in (home, home[0] + "00"):
                    title = (g.attrs[i].get("title") or "").strip().lower()
                    opening = set(g.stems[i + 1]) if i + 1 < len(g.ids) else set()
                    if title and not opening >= HOLDS_SPELLS:
                        found[title] = node
        g.memo["zones off"] = found
    return g.memo["zones off"]


def token_leaves(q: Query) -> None:
    """Rule 51: when the question names a token (the glossary's Token) and tells of it going to a zone other than the
    battlefield (it names one: :func:`zones_off`; or an object leaving its zone in words that say the token:
    :func:`~rulesgraph.rank.steps.gone.leaving`, "tokens die", not "killing the Pyromancer"; or a named card's text, reminder
    text left out, sends a target off the battlefield: :data:`SENDS`, not Dark Depths' "sacrifice it"), each
    rule saying a token off the battlefield ceases to exist (:func:`ceasing`: 111.7, 111.8, 704.5d) is a candidate as
    if the question matched it by the weight's share of a full match, times how surely both were said (the less sure of
    the two).
    Step ``token_leaves``; weights: ``token_leaves`` = 1.06 (fitted, ``bench/fit.py``).  Earns its place on the real
    tuning questions: removing it loses 2 at hit@1 (of 286; ``bench/ablate.py``, stop 34, rule 68 in)."""
    w = q.w["token_leaves"]
    if w <= 0 or not q.a.matches:
        return
    g = q.g
    term = glossary_terms(g).get(TOKEN)
    if term is None:
        return
    said = q.a.of_kind("glossary", "title")
    token = max((m.quality for m in said if m.node == g.ids[term]), default=0.0)
    if not token:
        return
    sections = set(zones_off(g).values())
    leaves = leaving(q)
    off = max((m.quality for m in said if m.node in sections), default=0.0)
    off = max([off, *(m.quality for m in leaves if TOKEN in m.said.lower()),
               *(c.confidence for c in q.a.cards if SENDS.search(REMINDER.sub(" ", c.text)))])
    sure = min(token, off)
    if not sure:
        return
    for i in ceasing(g, q.index):
        q.relevant(i, w * sure, "a token off the battlefield")
