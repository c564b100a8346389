"""What the query-time graph says about keywords: a keyword's current name (``renamed_to`` followed), the
rules that define it, the FAQ entries about it, and the keyword a node is about.  By node id, over
:class:`~rulesgraph.build.qgraph.QGraph`; ranking, answers and profiles share these (building uses
:mod:`rulesgraph.build.link` on networkx)."""

from __future__ import annotations

from ..common.ids import keyword_id
from ..parse.numbers import rule_of
from .qgraph import QGraph

__all__ = ["current_keyword", "definers", "faq_about", "keyword_of"]


def current_keyword(g: QGraph, keyword: str) -> str:
    """Follow ``renamed_to`` edges to the keyword's current name (kept per graph, like :func:`definers`)."""
    known = g.memo.get(("current", keyword))
    if known is None:
        known, seen = keyword, {keyword}
        while (nxt := next(iter(g.targets(known, "renamed_to")), None)) is not None and nxt not in seen:
            seen.add(nxt)
            known = nxt
        g.memo["current", keyword] = known
    return known


def definers(g: QGraph, keyword: str) -> tuple[str, ...]:
    """The rules that define a keyword: its CR rule when loaded, else the other documents' definitions (kept per
    graph: every step that reads a named keyword asks)."""
    known = g.memo.get(("definers", keyword))
    if known is None:
        kw = current_keyword(g, keyword)
        sources = [src for src in g.sources(kw, "defines") if g.nodes[src]["kind"] != "glossary"]
        cr = [s for s in sources if g.nodes[s].get("numbering") == "cr"]
        known = g.memo["definers", keyword] = tuple(cr or sources)
    return known


def faq_about(g: QGraph, keyword: str) -> tuple[str, ...]:
    """FAQ entries about a keyword under any of its names (``Totem armor`` entries for Umbra Armor; kept per graph)."""
    known = g.memo.get(("faq_about", keyword))
    if known is None:
        now = current_keyword(g, keyword)
        names = dict.fromkeys([keyword, now, *g.sources(now, "renamed_to")])
        known = g.memo["faq_about", keyword] = tuple(src for kw in names for src in g.sources(kw, "about") if g.kind[g.num[src]] == "faq")
    return known


def keyword_of(g: QGraph, node: str) -> str | None:
    """The keyword a node is about: a FAQ entry's or excerpt's own, or the keyword its CR rule defines."""
    data = g.nodes[node]
    if data.get("keyword"):
        kw = keyword_id(data["keyword"])
        return g.nodes[current_keyword(g, kw)]["label"] if kw in g else data["keyword"]
    number = data.get("number") or ""
    rule = rule_of(number) if number[:4] in ("701.", "702.") else None
    kws = [k for k in g.targets(rule, "defines") if g.nodes[k]["kind"] == "keyword"] if rule and rule in g else []
    return g.nodes[kws[0]]["label"] if kws else None
