"""Rule 15: with two keywords named, the rules connecting them rise."""

from __future__ import annotations

from itertools import permutations

from ..index import doc_terms
from ..pipeline import Query
from ..relations import current_keyword, definers

__all__ = ["BRIDGE_IDF", "WEIGHTS", "bridges"]

WEIGHTS = {"bridge": 0.3}  # relative to the best score
BRIDGE_IDF = 3.0
"""Words rarer than this (by idf) make a connection between two keywords' rules; "creature" does not."""


def bridges(q: Query) -> None:
    """Rule 15: with two keywords named ("trample and deathtouch"), the rules of one that share rare words with
    the other's rules connect them (702.2c makes deathtouch damage lethal, the word trample's 702.19b turns
    on); they rise by how much they share, the best connection most, relative to the best score and in proportion
    to how much the question is only about what it names (``Analysis.focus``, as rule 3): a question that names
    two keywords in passing while it asks about something else (a sword's protection, then Turn to Frog) is not
    asking how the two keywords meet, and their connecting subrules would crowd out the rule it asks about."""
    g, idf = q.g, q.index.idf
    if not q.a.focus:
        return
    keywords = list(dict.fromkeys(current_keyword(g, m.node) for m in q.a.of_kind("keyword")))
    tops = {kw: g.num[found[0]] for kw in keywords if (found := definers(g, kw))}
    if len(tops) < 2:
        return
    vocab = {kw: frozenset().union(*g.stems[top : g.end[top]]) for kw, top in tops.items()}
    names = {t for kw in tops for t in doc_terms(g.nodes[kw]["label"])}
    out: dict[int, tuple[float, str]] = {}
    for x, y in permutations(tops, 2):
        shared: dict[int, float] = {}
        other = vocab[x]
        for node in range(tops[y] + 1, g.end[tops[y]]):
            shared[node] = sum(v for t in g.stems[node] if t in other and t not in names and (v := idf.get(t, 0.0)) >= BRIDGE_IDF)
        best = max(shared.values(), default=0.0)
        reason = f"connects {g.nodes[y]['label']} to {g.nodes[x]['label']}"
        for node, amount in shared.items():
            if best and amount / best >= 0.5:
                out[node] = (amount / best, reason)
    top = q.best() * q.a.focus
    for node, (amount, reason) in out.items():
        q.add(node, q.w["bridge"] * amount * top, reason)
