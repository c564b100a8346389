"""The glossary's terms by their names, read once per graph: a helper of rule 45's modules (``costs``, ``value``) and of
the answer's profile.  The CR's ability templates this module also read were used by rule 38 alone, deleted
in stop 59 with it; the steps that read a card's abilities and a kind of triggered ability's glossary term (rules 31
and 42) earned nothing on the real tuning questions and were deleted in stop 26; rules 50 and 51, which used the
templates too, in stops 34 and 58.
"""

from __future__ import annotations

from ...build.qgraph import QGraph

__all__ = ["glossary_terms"]


def glossary_terms(g: QGraph) -> dict[str, int]:
    """The glossary entries by their terms in lower case (read from the nodes' ids, once per graph)."""
    known = g.memo.get("glossary by term")
    if known is None:
        known = g.memo["glossary by term"] = {n[len("glossary:"):].lower(): i for i, n in enumerate(g.ids) if n.startswith("glossary:")}
    return known
