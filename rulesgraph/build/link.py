"""Link documents inside the graph: resolve references, follow keyword renames, tie
non-CR rule text to the current CR rule, and attach FAQ entries and cards.

Every reference either becomes an edge or is recorded in ``graph.graph["dangling"]``
with its file, line and the reason; nothing is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import networkx as nx
from rapidfuzz import fuzz, process

from ..common.ids import card_id, glossary_id, keyword_id, rule_id
from ..common.text import fold, stem
from ..model import Document, Ref
from ..parse.numbers import RANGE_LIMIT, expand_range, range_bounds

__all__ = ["current_keyword", "defining_rule", "link_documents", "subtree", "targets"]

_ELSEWHERE = ("a rule of the older edition this excerpt quotes, which the excerpt does not hold "
              "(today's rule of that number may say something else): not linked")
"""Why an excerpt's reference to a rule it does not quote is not linked: it is numbered for the edition it was taken from."""

SIMILAR = 60.0
"""Minimum rapidfuzz ratio for a non-CR paragraph to be tied to a CR rule's text."""


def _is_cr(g: nx.MultiDiGraph, nid: str) -> bool:
    return nid in g and g.nodes[nid].get("numbering") == "cr"


def targets(g: nx.MultiDiGraph, node: str, kind: str) -> list[str]:
    """Where ``node``'s edges of one kind lead (edges are keyed by their kind)."""
    return [dst for dst, keys in g.succ[node].items() if kind in keys]


def defining_rule(g: nx.MultiDiGraph, keyword: str) -> str | None:
    """The CR rule that defines a keyword node (``702.19`` for ``keyword:trample``)."""
    for src, _, kind in g.in_edges(keyword, keys=True):
        if kind == "defines" and _is_cr(g, src):
            return str(src)
    return None


def subtree(g: nx.MultiDiGraph, top: str) -> list[str]:
    """``top`` and everything it ``contains``, in document order."""
    out, stack = [], [top]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(targets(g, node, "contains")))
    return out


def current_keyword(g: nx.MultiDiGraph, keyword: str) -> str:
    """Follow ``renamed_to`` edges to the keyword's current name."""
    seen = {keyword}
    while True:
        nxt = next(iter(targets(g, keyword, "renamed_to")), None)
        if nxt is None or nxt in seen:
            return keyword
        seen.add(nxt)
        keyword = nxt


class _Linker:
    def __init__(self, g: nx.MultiDiGraph, documents: list[Document]) -> None:
        self.g = g
        self.documents = documents
        self.has_cr = any(d.numbering == "cr" for d in documents)
        self.dangling: list[dict[str, Any]] = []
        self.anomalies: list[dict[str, Any]] = []
        self.resolved = 0
        self.titles: dict[str, str] = {}
        for nid, data in g.nodes(data=True):
            if data.get("numbering") == "cr" and data.get("title") and data["kind"] in ("chapter", "section", "rule"):
                self.titles.setdefault(fold(data["title"]), nid)
        glossary = [(fold(d["title"]), n) for n, d in g.nodes(data=True) if d["kind"] == "glossary"]
        self.terms = dict(glossary)
        for term, nid in glossary:  # "Kicker, Kicked" is an entry for both words
            for part in term.split(", "):
                self.terms.setdefault(part, nid)
        self.stemmed = {_stem_phrase(t): n for t, n in reversed(list(self.terms.items()))}

    def miss(self, ref: Ref, target: str, reason: str) -> None:
        self.dangling.append({"raw": ref.raw, "target": target, "file": ref.origin.file, "line": ref.origin.line, "reason": reason})

    def edge(self, src: str, dst: str, kind: str, **attrs: Any) -> None:
        self.g.add_edge(src, dst, key=kind, **attrs)
        self.resolved += 1

    def members(self, ref: Ref, target: str, exists: Callable[[str], bool], missing: str) -> list[str]:
        """A target as the numbers it names that exist: a range (``601.2e–601.2g``) only to the numbers present,
        its missing ends and a range too long to expand (only its ends are linked) reported."""
        start, dash, end = target.partition("\u2013")
        bounds = range_bounds(start, end) if dash else None
        if bounds is None:
            return [target]
        members = expand_range(start, end)
        if not members:
            self.miss(ref, target, f"a range of more than {RANGE_LIMIT} numbers is not expanded; only its ends are linked")
            return [n for n in (start, end) if exists(n)]
        for n in (start, end):
            if not exists(n):
                self.miss(ref, n, missing)
        return [n for n in members if exists(n)]

    def rule_ref(self, doc: Document, src: str, ref: Ref) -> list[str]:
        """Link one numbered reference; the CR numbers it resolved to."""
        g = self.g
        if doc.numbering == "excerpt":
            if ref.title and self.has_cr and fold(ref.title.strip(" .,;")) in self.titles:
                self.edge(src, self.titles[fold(ref.title.strip(" .,;"))], "cites", via="title")
                return []
            for written in ref.targets:
                for target in self.members(ref, written, lambda n: rule_id(doc, n) in g, _ELSEWHERE):
                    local = rule_id(doc, target)
                    if local in g:
                        self.edge(src, local, "cites")
                    else:
                        self.miss(ref, target, _ELSEWHERE)
            return []
        if not self.has_cr:
            for target in ref.targets:
                self.miss(ref, target, "no Comprehensive Rules loaded to resolve it against")
            return []
        resolved = []
        for written in ref.targets:
            for target in self.members(ref, written, lambda n: _is_cr(g, n), "no such rule"):
                if _is_cr(g, target):
                    self.edge(src, target, "cites")
                    resolved.append(target)
                    title = g.nodes[target].get("title")
                    if ref.title and title and fold(ref.title.strip(" .,;")) != fold(title):
                        self.anomalies.append({"kind": "title-mismatch", "message": f"{ref.raw!r}: rule {target} is titled {title!r}",
                                               "file": ref.origin.file, "line": ref.origin.line})
                else:
                    self.miss(ref, target, "no such rule")
        return resolved

    def term(self, name: str) -> str | None:
        """The glossary node for a written term, forgiving plurals (``Continuous Effects``)."""
        return self.terms.get(fold(name)) or self.stemmed.get(_stem_phrase(fold(name)))

    def term_ref(self, src: str, ref: Ref, redirect: bool) -> None:
        for target in ref.targets:
            whole = self.term(target)
            parts = [whole] if whole else [self.term(p) for p in re.split(r",\s*|\s+and\s+", target)]
            if all(parts):
                for dst in parts:
                    self.edge(src, dst, "see_also", redirect=redirect)  # type: ignore[arg-type]
            else:
                self.miss(ref, target, "no glossary entry of that name")

    def refs(self, faq_ids: dict[tuple[str, str], str]) -> None:
        for doc in self.documents:
            for rule in doc.rules:
                for ref in rule.refs:
                    self.rule_ref(doc, rule_id(doc, rule.key), ref)
            for entry in doc.glossary:
                src = glossary_id(entry.term)
                for ref in entry.refs:
                    if ref.kind == "term":
                        self.term_ref(src, ref, entry.redirect is not None)
                    else:
                        for target in self.rule_ref(doc, src, ref):  # a rule titled like the term defines it
                            title = self.g.nodes[target].get("title")
                            if title and fold(title) == fold(entry.term):
                                self.g.add_edge(target, src, key="defines")
                kw = keyword_id(entry.term)
                if kw in self.g:
                    self.g.add_edge(src, kw, key="defines")
            for faq in doc.faq:
                for ref in faq.refs:
                    self.rule_ref(doc, faq_ids[(doc.id, faq.key)], ref)

    def renames(self) -> None:
        """A keyword no CR rule defines, whose glossary entry points at another keyword's rule, was renamed."""
        if not self.has_cr:
            return
        g = self.g
        for kw in [n for n, d in g.nodes(data=True) if d["kind"] == "keyword"]:
            if defining_rule(g, kw):
                continue
            entry = self.terms.get(fold(g.nodes[kw]["label"]))
            cited = targets(g, entry, "cites") if entry else []
            new = next((k for rule in cited for k in targets(g, rule, "defines") if g.nodes[k]["kind"] == "keyword"), None)
            if new and new != kw:
                g.add_edge(kw, new, key="renamed_to", via=entry)
            else:
                message = f"keyword {g.nodes[kw]['label']!r} is not defined by the loaded CR"
                where = {"file": g.nodes[kw]["file"], "line": g.nodes[kw]["line"]}
                self.anomalies.append({"kind": "unknown-keyword", "message": message, **where})

    def current(self, faq_ids: dict[tuple[str, str], str]) -> None:
        """Tie each non-CR rule to the CR text it is today, and FAQ entries to their keyword's CR rule."""
        if not self.has_cr:
            return
        g = self.g
        folded = {n: fold(d["text"]) for n, d in g.nodes(data=True) if d.get("numbering") == "cr" and d["kind"] in ("rule", "subrule")}
        everything = list(folded.items())
        for doc in self.documents:
            if doc.numbering == "cr":
                continue
            for rule in doc.rules:
                nid = rule_id(doc, rule.key)
                if rule.level == "rule" and rule.number is None:  # a sections heading: the rule itself
                    target = defining_rule(g, current_keyword(g, keyword_id(rule.keyword))) if rule.keyword else None
                    if target:
                        g.add_edge(nid, target, key="current", similarity=100.0)
                    continue
                candidates = everything
                if rule.keyword:
                    top = defining_rule(g, current_keyword(g, keyword_id(rule.keyword)))
                    if top is None:
                        continue
                    candidates = [(c, folded[c]) for c in subtree(g, top)]
                best = process.extractOne(fold(rule.text), dict(candidates), scorer=fuzz.ratio, score_cutoff=SIMILAR)
                if best:
                    g.add_edge(nid, best[2], key="current", similarity=round(best[1], 1))
                elif rule.keyword and candidates:
                    g.add_edge(nid, candidates[0][0], key="current", similarity=0.0)
            for faq in doc.faq:
                if faq.keyword:
                    top = defining_rule(g, current_keyword(g, keyword_id(faq.keyword)))
                    if top:
                        g.add_edge(faq_ids[(doc.id, faq.key)], top, key="about")

    def cards(self, faq_ids: dict[tuple[str, str], str]) -> None:
        """Card candidates that are not rules vocabulary become ``card`` nodes."""
        g = self.g
        vocabulary = " " + " ".join(
            fold(f"{d.get('title') or ''} {d.get('text') or ''} {' '.join(d.get('examples') or ())}")
            for _, d in g.nodes(data=True) if d["kind"] not in ("faq", "card")
        ) + " "
        vocabulary = re.sub(r"[^a-z0-9' -]+", " ", vocabulary)
        for doc in self.documents:
            for faq in doc.faq:
                for name in faq.cards:
                    folded = fold(name)
                    if f" {folded} " in vocabulary or keyword_id(name) in g or folded in self.terms:
                        continue
                    cid = card_id(name)
                    if cid not in g:
                        origin = {"file": faq.origin.file, "line": faq.origin.line, "effective": None}
                        g.add_node(cid, kind="card", label=name, title=name, text="", **origin)
                    g.add_edge(faq_ids[(doc.id, faq.key)], cid, key="mentions")


def _stem_phrase(text: str) -> str:
    return " ".join(stem(w) for w in text.split())


def link_documents(g: nx.MultiDiGraph, documents: list[Document], faq_ids: dict[tuple[str, str], str]) -> None:
    """Add every cross-reference and cross-document edge; record what could not be resolved.
    ``faq_ids`` maps (document id, FAQ key) to the node the builder made for that entry."""
    linker = _Linker(g, documents)
    linker.refs(faq_ids)
    linker.renames()
    linker.current(faq_ids)
    linker.cards(faq_ids)
    g.graph["dangling"] = linker.dangling
    g.graph["link_anomalies"] = linker.anomalies
    g.graph["references"] = linker.resolved

