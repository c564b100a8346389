"""An object told leaving its zone: the question's mentions of a glossary term that defines leaving one (Destroy,
Sacrifice, Exile, Dies, Leaves the Battlefield), read from the glossary's own words once per graph — a helper of rule 51
(:mod:`rulesgraph.rank.cardsteps.tokens`).  Rule 32, the step that read a response taking a spell's object away, earned nothing on
the real tuning questions and was deleted in stop 26.
"""

from __future__ import annotations

import re

from ...common.lazyre import lazy
from ...question.analyze import Match
from ..pipeline import Query

__all__ = ["leaving"]

_LEAVES = lazy(r"^(?:\d\. )?to (?:move|put) (?:a permanent|an object)\b|\bfrom the battlefield\b", re.IGNORECASE)
"""A glossary entry defining leaving a zone: "To move a permanent …" (Destroy, Sacrifice), "To put an object into the
exile zone …" (Exile's second sense), "… put into a graveyard from the battlefield" (Dies, Leaves the Battlefield)."""


def _defines(q: Query, node: str, pattern: re.Pattern[str]) -> bool:
    """Whether glossary entry ``node``'s text (one sense a line) matches ``pattern``; kept per graph."""
    key = ("gone", node, pattern.pattern)
    known = q.g.memo.get(key)
    if known is None:
        i = q.g.num.get(node)
        text = (q.g.attrs[i].get("text") or "") if i is not None else ""
        known = q.g.memo[key] = any(pattern.search(line.strip()) for line in text.split("\n"))
    return known


def leaving(q: Query) -> list[Match]:
    """The question's mentions of a glossary term defining an object leaving its zone (Destroy, Sacrifice, Exile, Dies,
    Leaves the Battlefield: :data:`_LEAVES`)."""
    return [m for m in q.a.of_kind("glossary") if _defines(q, m.node, _LEAVES)]
