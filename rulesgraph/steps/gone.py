"""Rule 32, a waiting spell or ability whose object has changed: when the question tells of a response (a spell or
ability cast or activated while another waits on the stack) and of a change that takes an object out of that spell or
ability's reach — it leaves the zone it was in ("they sac it in response", "I Path the Mulldrifter in response") or
can no longer be targeted ("in response they give it hexproof") — what decides is how the waiting one resolves: it
checks whether its targets are still legal (608.2b, 608.3b), and what has left its zone is known by its last known
information (113.7a's source, 603.7c's delayed trigger, 608.2b), though the question's words ("does the ping still
happen?", "fizzle") may reach those rules hardly at all.  Everything is read from the rules' own phrasing, once per
graph: a response is what a glossary entry defines as cast or activated "while another spell or ability is on the
stack" (In Response To, Respond) or the resolving of "the spell or ability on top of the stack" (Resolve); leaving a
zone is what a glossary entry defines as moving a permanent or an object, or from the battlefield (Destroy, Sacrifice,
Exile, Dies, Leaves the Battlefield), said by the question or, for the question's response, by a named card's text
("Exile target creature you control": the card named for the response says what left); being out of reach is a
keyword whose rules say the permanent "can't be the target" or "can't be targeted" (hexproof, shroud, protection); the
rules raised are those saying a target is checked
to be "still legal" and, for a zone change, those saying an object is "no longer in the zone" or "left the zone".
A prior, run after rule 31's.
"""

from __future__ import annotations

import re

from ..analyze import Match
from ..index import Index
from ..pipeline import Query
from ..qgraph import QGraph
from ..relations import definers
from ..text import words
from ..wording import REMINDER
from .abilities import glossary_terms as _glossary
from .cards import fit

__all__ = ["CHECKED", "LEFT", "UNTARGETABLE", "WEIGHTS", "card_leaving", "changed", "gone", "leaving", "resolving_rules"]

WEIGHTS = {
    "gone": 4.0,  # rule 32: prior of a rule on how a waiting spell or ability resolves, times its fit
}
_RESPONSE = re.compile(r"\b(?:another|the) spell or ability (?:is (?:already )?)?on (?:top of )?the stack\b")
"""A glossary entry defining a response ("while another spell or ability is already on the stack", Respond) or what
resolves ("the spell or ability on top of the stack", Resolve)."""
_LEAVES = re.compile(r"^(?:\d\. )?to (?:move|put) (?:a permanent|an object)\b|\bfrom the battlefield\b", re.IGNORECASE)
"""A glossary entry defining leaving a zone: "To move a permanent …" (Destroy, Sacrifice), "To put an object into the
exile zone …" (Exile's second sense), "… put into a graveyard from the battlefield" (Dies, Leaves the Battlefield)."""
UNTARGETABLE = (" cant be the target ", " cant be targeted ")
"""A keyword's rules saying what has it is out of a spell's reach (702.11b hexproof, 702.18a shroud, 702.16b protection),
as word lines have it."""
CHECKED = (" still legal ",)
"""A rule checking, as a spell or ability resolves, whether its targets are still legal (608.2b, 608.3b)."""
LEFT = (" no longer in the zone ", " left the zone ")
"""A rule saying what is used of an object no longer in its zone (113.7a, 603.7c, 608.2b: last known information)."""


def resolving_rules(g: QGraph, index: Index) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The CR rules checking targets' legality (:data:`CHECKED`) and those on an object that left its zone
    (:data:`LEFT`), as node numbers; built once per graph, kept in its memo (only the nodes holding their words
    are read: :meth:`~rulesgraph.index.Index.saying`)."""
    known = g.memo.get("resolving rules")
    if known is None:
        checked, left = [], []
        for i in index.saying(*CHECKED, *LEFT):
            if g.kind[i] not in ("rule", "subrule"):
                continue
            line = g.word_line(i)
            found = [any(p in line for p in CHECKED), any(p in line for p in LEFT)]
            if any(found) and g.attrs[i].get("numbering") == "cr":
                for out, yes in zip((checked, left), found, strict=True):
                    if yes:
                        out.append(i)
        known = g.memo["resolving rules"] = (tuple(checked), tuple(left))
    return known


def _defines(q: Query, node: str, pattern: re.Pattern[str]) -> bool:
    """Whether glossary entry ``node``'s text (one sense a line) matches ``pattern``; kept per graph."""
    key = ("gone", node, pattern.pattern)
    known = q.g.memo.get(key)
    if known is None:
        i = q.g.num.get(node)
        text = (q.g.attrs[i].get("text") or "") if i is not None else ""
        known = q.g.memo[key] = any(pattern.search(line.strip()) for line in text.split("\n"))
    return known


def _untargetable(q: Query, keyword: str) -> bool:
    """Whether a keyword's rules say what has it can't be targeted; kept per graph."""
    key = ("untargetable", keyword)
    known = q.g.memo.get(key)
    if known is None:
        g = q.g
        known = False
        for rule in definers(g, keyword):
            i = g.num.get(rule)
            if i is not None and any(p in g.word_line(j) for j in range(i, g.end[i]) for p in UNTARGETABLE):
                known = True
                break
        g.memo[key] = known
    return known


def leaving(q: Query) -> list[Match]:
    """The question's mentions of a glossary term defining an object leaving its zone (Destroy, Sacrifice, Exile, Dies,
    Leaves the Battlefield: :data:`_LEAVES`)."""
    return [m for m in q.a.of_kind("glossary") if _defines(q, m.node, _LEAVES)]


def changed(q: Query) -> tuple[float, float, str]:
    """How surely the question tells of a response and of an object leaving its zone, and of one put out of reach
    (each the surer of its two mentions' match qualities, 0 when not told), and the words saying so."""
    glossary = q.a.of_kind("glossary")
    response = max((m.quality for m in glossary if _defines(q, m.node, _RESPONSE)), default=0.0)
    if not response:
        return 0.0, 0.0, ""
    leaves = leaving(q)
    reach = [m for m in q.a.of_kind("keyword") if _untargetable(q, m.node)]
    left = min(response, max((m.quality for m in leaves), default=0.0))
    out = min(response, max((m.quality for m in reach), default=0.0))
    said = next((m.said for m in [*leaves, *reach]), "")
    if not left:
        carded = max(((c.confidence, f"{c.key}: {w}") for c in q.a.cards for w in card_leaving(q, c.text)), default=(0.0, ""))
        left, said = min(response, carded[0]), said or carded[1]
    return left, out, said


def card_leaving(q: Query, text: str) -> tuple[str, ...]:
    """The words of a named card's Oracle text (reminder text left out) that name a glossary term defining an object
    leaving its zone (:data:`_LEAVES`: Ephemerate's "Exile target creature", Viscera Seer's "Sacrifice a creature"): the
    card the question names for its response says the object left; kept per graph and text."""
    key = ("card leaving", text)
    known = q.g.memo.get(key)
    if known is None:
        terms = _glossary(q.g)
        said = dict.fromkeys(w for w in words(REMINDER.sub(" ", text)) if w in terms)
        known = q.g.memo[key] = tuple(w for w in said if _defines(q, q.g.ids[terms[w]], _LEAVES))
    return known


def gone(q: Query) -> None:
    """Rule 32: when the question tells of a response and of an object leaving its zone or put out of a spell's reach
    (:func:`changed`), the CR rules checking whether targets are still legal — and, for a zone change, those on an
    object no longer in its zone — have their prior raised by the weight times how surely it was told and how much of
    the question's own words the rule holds (rule 21's fit)."""
    w = q.w["gone"]
    if w <= 0 or not q.a.matches:
        return
    left, out, said = changed(q)
    if not (left or out):
        return
    checked, gone_ = resolving_rules(q.g, q.index)
    sure: dict[int, float] = {}
    for i in checked:
        sure[i] = max(left, out)
    if left:
        for i in gone_:
            sure[i] = left
    for i, s in sure.items():
        q.raise_(i, i + 1, w * s * fit(q, i), f"‘{said}’ while a spell or ability waits to resolve (rule 32)")
