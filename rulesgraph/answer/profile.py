"""Look things up by name: resolve a keyword, glossary term or card name (forgiving typos), and
build its profile — defining rules, glossary entry, FAQ entries, related keywords and what cites
it — or the list of what is related to any node.  Pure functions of a Rulebook.
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass, replace
from typing import Any

from rapidfuzz import fuzz, process

from ..build.citing import citation
from ..build.corpus import Rulebook
from ..build.index import name_key
from ..build.lookup import (
    CR_NUMBER,
    Cites,
    NotFound,
    Reference,
    as_number,
    cites,
    cites_of,
    node_json,
    parse_number,
    rule_view,
    said_range,
)
from ..build.qgraph import QGraph
from ..build.relations import current_keyword
from ..common.text import clean, fold
from ..errors import RulesgraphError, quoted
from ..model import Citation
from ..parse.numbers import parent_of
from ..question.analyze import analyze
from ..rank.cardsteps.abilities import glossary_terms
from ..rank.ranking import definers, specificity

__all__ = ["Profile", "Related", "cites_any", "find_name", "profile", "profile_json", "profile_of", "related", "suggest"]

_PREFER = {"keyword": 0, "glossary": 1, "card": 2}
_MAX_WORDS = 6
"""Longer input is a question, not a name."""
_ASKS = frozenset("can could does do did is are was were will would should may might must has have".split())
"""A first word that asks (every other word but one may be a stop word): no name said alone begins so, only a question
(a card's name that does, "Do or Die", is found whole before this is asked)."""
COMMON_WORD = 0.5
"""A keyword only *mentioned* near another is related to it only when its name is this specific
(:func:`~rulesgraph.rank.ranking.specificity`): ``Double Strike`` is, ``Cast`` and ``Counter`` are not."""


@dataclass(frozen=True, slots=True)
class Related:
    """A node related to another, and why."""

    node: Citation
    why: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Profile:
    """Everything about one keyword, glossary term or card, gathered from the graph."""

    node: str
    """``keyword:trample`` (the current name, renames followed), ``glossary:Block`` or ``card:Stifle``."""
    kind: str
    """``keyword``, ``glossary`` or ``card``."""
    name: str
    category: str | None
    """``ability`` (702) or ``action`` (701) for keywords the CR defines."""
    formerly: tuple[str, ...]
    """Earlier names of a renamed keyword (``Totem armor`` for ``Umbra Armor``)."""
    corrected_from: str | None
    """What was typed, when a misspelling was corrected (``tramlpe``)."""
    summary: Citation | None
    """The sentence that says what it is (the defining rule's first subrule, or the glossary text)."""
    defining: tuple[Citation, ...]
    glossary: tuple[Citation, ...]
    faq: tuple[tuple[Citation, str], ...]
    """FAQ entries with how they relate: ``about`` (filed under it) or ``mentions`` (names it)."""
    related: tuple[Related, ...]
    cited_by: tuple[Reference, ...]
    """What refers to its (first CR) defining rule or a part of it, other than its glossary and FAQ entries."""


def _prefer(g: QGraph, nodes: list[str]) -> str:
    return min(nodes, key=lambda n: (_PREFER.get(g.nodes[n]["kind"], 3), nodes.index(n)))


def find_name(book: Rulebook, text: str, *, typed_line: bool = False) -> tuple[str, str | None] | None:
    """The node a name (and nothing else) names, with the typed text when its spelling was corrected;
    ``None`` when ``text`` is not a name.  Keywords win over glossary terms, cards and rule titles.  ``typed_line``: a
    REPL line, which may be a short question (:data:`_ASKS`); ``kw`` and ``cites`` name what they look up ("must attack"
    is Goad)."""
    cleaned = clean(text).strip(" ?!.:;,\"'")
    if not cleaned or len(cleaned.split()) > _MAX_WORDS:
        return None
    nodes = book.index.names.get(name_key(cleaned))
    if nodes:
        return _prefer(book.qg, nodes), None
    if (heading := _heading(book.qg, cleaned)) is not None:
        return heading, None
    if typed_line and cleaned.split()[0].lower() in _ASKS:  # "can it be countered?" is a question, though "countered" names Counter
        return None
    a = analyze(cleaned, book.index)
    whole = " ".join(a.words)
    found = [m.node for m in a.matches if m.kind in ("keyword", "glossary", "card", "title") and m.said == whole]
    return (_prefer(book.qg, found), cleaned) if found else None


_OBSOLETE = re.compile(r"\s*\(obsolete\)$", re.IGNORECASE)


def _heading(g: QGraph, said: str) -> str | None:
    """The glossary entry whose heading is ``said`` as the CR prints it, any case: "Tribal (Obsolete)" (the entry is
    Tribal), "Venture into [Quality]" (brackets are no name's words); :func:`find_name` asks it of names of at most
    ``_MAX_WORDS`` words."""
    headings = glossary_terms(g)  # the entries by their terms in lower case, kept per graph
    i = headings.get(said.lower())
    if i is None:
        i = headings.get(_OBSOLETE.sub("", said).lower())
    return g.ids[i] if i is not None else None


def suggest(book: Rulebook, text: str, limit: int = 3) -> list[str]:
    """The names closest to ``text`` (for "did you mean"); never a name of one or two letters for a longer text, which a
    partial match finds inside anything ("xyzzyq" is no "X")."""
    key = name_key(clean(text))
    if not key:
        return []
    best = process.extract(key, list(book.index.names), scorer=fuzz.WRatio, limit=limit * 6, score_cutoff=70)
    g = book.qg
    nodes = [_prefer(g, book.index.names[k]) for k, _, _ in best if len(k) > 2 or len(key) <= 3][:limit * 3]
    labels = [g.nodes[n]["label"] if g.nodes[n]["kind"] in _PREFER else f"{n} {g.nodes[n]['title']}" for n in nodes]
    return list(dict.fromkeys(labels))[:limit]


_KEYWORD_NAMES: weakref.WeakKeyDictionary[QGraph, tuple[re.Pattern[str], dict[str, str]]] = weakref.WeakKeyDictionary()


def _keyword_names(g: QGraph) -> tuple[re.Pattern[str], dict[str, str]]:
    """One regex finding any keyword's name in folded text, and folded name → current keyword node."""
    if g not in _KEYWORD_NAMES:
        table = {fold(d["label"]): current_keyword(g, n) for n, d in g.nodes(data=True) if d["kind"] == "keyword"}
        names = sorted((n for n in table if len(n) >= 3), key=len, reverse=True)
        pattern = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b") if names else re.compile(r"(?!x)x")
        _KEYWORD_NAMES[g] = (pattern, table)
    return _KEYWORD_NAMES[g]


def _keyword_of(g: QGraph, node: str) -> str | None:
    """The keyword whose rules contain ``node`` (``keyword:trample`` for ``702.19b``)."""
    while node:
        kws = [k for k in g.targets(node, "defines") if g.nodes[k]["kind"] == "keyword"]
        if kws:
            return current_keyword(g, kws[0])
        node = next((src for src, _, k in g.in_edges(node, keys=True) if k == "contains"), "")
    return None


def _mentioned(g: QGraph, nodes: list[str]) -> dict[str, str]:
    """Keywords named in the text of ``nodes``: keyword node → the first node naming it."""
    pattern, table = _keyword_names(g)
    out: dict[str, str] = {}
    for n in nodes:
        data = g.nodes[n]
        for found in pattern.findall(fold(f"{data.get('text') or ''} {' '.join(data.get('examples') or ())}")):
            out.setdefault(table[found], n)
    return out


def _keyword_related(g: QGraph, kw: str, rules: list[str], glossary: list[str]) -> dict[str, list[str]]:
    reasons: dict[str, list[str]] = {}

    def add(node: str | None, why: str) -> None:
        if node and node != kw and why not in reasons.setdefault(node, []):
            reasons[node].append(why)

    own = [n for r in rules for n in g.subtree(r)]
    inside = set(own)
    for other, where in _mentioned(g, own).items():
        add(other, f"{g.nodes[where]['label']} mentions {g.nodes[other]['label']}")
    for n in own:
        for dst in g.targets(n, "cites"):
            if dst not in inside:
                add(_keyword_of(g, dst), f"{g.nodes[n]['label']} cites {dst}")
    name = fold(g.nodes[kw]["label"])
    pattern = re.compile(rf"\b{re.escape(name)}\b")
    for n, data in g.nodes(data=True):
        if data.get("numbering") == "cr" and n[:4] in ("701.", "702.") and n not in inside and pattern.search(fold(data["text"])):
            add(_keyword_of(g, n), f"{n} mentions {g.nodes[kw]['label']}")
        elif n in inside:
            for src, _, k in g.in_edges(n, keys=True):
                if k == "cites" and src not in inside and g.nodes[src].get("numbering") == "cr":
                    add(_keyword_of(g, src), f"{src} cites {n}")
    for entry in glossary:
        for dst in g.targets(entry, "see_also"):
            add(dst, f"the glossary says see {g.nodes[dst]['label']}")
        for src, _, k in g.in_edges(entry, keys=True):
            if k == "see_also":
                add(src, f"the glossary entry {g.nodes[src]['label']} says see {g.nodes[entry]['label']}")
    return reasons


def _faq(book: Rulebook, anchors: list[str], names: list[str]) -> list[tuple[Citation, str]]:
    g = book.qg
    about = {src for a in anchors for src, _, k in g.in_edges(a, keys=True) if k in ("about", "mentions") and g.nodes[src]["kind"] == "faq"}
    patterns = [re.compile(rf"\b{re.escape(fold(n))}\b") for n in names if len(n) >= 3]
    mentions = [n for n, d in g.nodes(data=True)
                if d["kind"] == "faq" and n not in about and any(p.search(fold(d["text"])) for p in patterns)]
    ordered = sorted(about, key=lambda n: (g.nodes[n]["file"], g.nodes[n]["line"]))
    return [(citation(book, n), "about") for n in ordered] + [(citation(book, n), "mentions") for n in mentions]


def profile(book: Rulebook, text: str) -> Profile:
    """The profile of the keyword, glossary term or card ``text`` names; raises :class:`NotFound` otherwise."""
    found = find_name(book, text)
    g = book.qg
    shown = quoted(text)  # as typed, as every error line says it back (the front ends show a control character as ␛)
    if found is not None and g.nodes[found[0]]["kind"] not in _PREFER:
        number = found[0]
        raise NotFound(f"{shown} is the title of rule {number} ({g.nodes[number]['title']}), not a keyword, term or card")
    if found is None:
        close = suggest(book, text)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise NotFound(f"no keyword, glossary term or card named {shown}{hint}", tuple(close))
    node, typed = found
    return profile_of(book, node, typed)


def profile_of(book: Rulebook, node: str, typed: str | None = None) -> Profile:
    """The profile of a keyword, glossary or card node; ``typed`` is what was typed when it was corrected."""
    g = book.qg
    kind = g.nodes[node]["kind"]
    if kind == "keyword":
        node = current_keyword(g, node)
        former = [src for src, _, k in g.in_edges(node, keys=True) if k == "renamed_to"]
        names = [node, *former]
        rules = definers(g, node)
        glossary = [src for n in names for src, _, k in g.in_edges(n, keys=True) if k == "defines" and g.nodes[src]["kind"] == "glossary"]
    else:
        former = []
        names = [node]
        glossary = [node] if kind == "glossary" else []
        rules = [src for src, _, k in g.in_edges(node, keys=True) if k == "defines"] + g.targets(node, "cites")
    rules = list(dict.fromkeys(rules))
    reasons = _keyword_related(g, node, rules, glossary) if kind != "card" else {}
    if kind == "card":
        for faq in [src for src, _, k in g.in_edges(node, keys=True) if k == "mentions"]:
            for kw in g.targets(faq, "about"):
                if g.nodes[kw]["kind"] == "keyword":
                    reasons.setdefault(current_keyword(g, kw), []).append(f"{g.nodes[faq]['label']} is about it")
    first = rules[0] if rules else None
    summary_node = glossary[0] if kind == "glossary" else (g.targets(first, "contains") or [first])[0] if first else None
    anchors = names + [r for r in rules if g.nodes[r]["kind"] == "rule"]
    faq = _faq(book, anchors, [g.nodes[n]["label"] for n in names])
    if kind != "card":  # what its own FAQ entries talk about
        for other, entry in _mentioned(g, [c.id for c, rel in faq if rel == "about"]).items():
            if other not in names:
                reasons.setdefault(other, []).append(f"FAQ {g.nodes[entry]['label']} mentions {g.nodes[other]['label']}")
    listed = {c.id for c, _ in faq} | set(glossary)
    cited_by = [r for r in cites_of(book, first).references if r.source.id not in listed] if first and CR_NUMBER.fullmatch(first) else []
    for other in [n for n, why in reasons.items() if all(" mentions " in w for w in why)]:
        if g.nodes[other]["kind"] == "keyword" and specificity(book.index, g.nodes[other]["label"]) < COMMON_WORD:
            del reasons[other]  # "cast", "counter": named everywhere, related to nothing in particular
    related_items = sorted(reasons.items(), key=lambda kv: (-len(kv[1]), g.nodes[kv[0]]["label"].lower()))
    return Profile(
        node=node, kind=kind, name=g.nodes[node]["label"], category=g.nodes[node].get("category"),
        formerly=tuple(g.nodes[f]["label"] for f in former), corrected_from=typed,
        summary=citation(book, summary_node) if summary_node else None,
        defining=tuple(citation(book, r) for r in rules), glossary=tuple(citation(book, e) for e in dict.fromkeys(glossary)),
        faq=tuple(faq),
        related=tuple(Related(citation(book, n), tuple(why)) for n, why in related_items if g.nodes[n]["kind"] != "card"),
        cited_by=tuple(cited_by),
    )


def related(book: Rulebook, text: str) -> tuple[Citation, tuple[Related, ...]]:
    """What is related to a rule (by number) or a keyword, term or card (by name), and why:
    for a rule its parent, what it cites, what cites it, the keywords its text names, FAQ entries about
    it and other documents' text of it; for a name, its profile's related keywords and defining rules."""
    g = book.qg
    number = as_number(text)
    if number is None:
        p = profile(book, text)
        items = [Related(c, ("defines it",)) for c in p.defining] + list(p.related)
        return citation(book, p.node), tuple(items)
    view = rule_view(book, number)
    node = view.rule.id
    reasons: dict[str, list[str]] = {}
    if view.trail:
        reasons.setdefault(view.trail[-1].id, []).append("contains it")
    for dst in g.targets(node, "cites"):
        reasons.setdefault(dst, []).append("cited by it")
    for dst in g.targets(node, "current"):
        reasons.setdefault(dst, []).append("what this text is in today's rules")
    for src, _, k in g.in_edges(node, keys=True):
        why = {"cites": "cites it", "about": "is about it", "current": "the same text in another document"}.get(k)
        if why:
            reasons.setdefault(src, []).append(why)
    for kw in _mentioned(g, [node]):
        reasons.setdefault(kw, []).append("named in its text")
    own = _keyword_of(g, node)
    if own:
        reasons.setdefault(own, []).append("the keyword whose rules it belongs to")
    reasons.pop(node, None)
    return view.rule, tuple(Related(citation(book, n), tuple(w)) for n, w in reasons.items())


def cites_any(book: Rulebook, text: str) -> Cites:
    """:func:`~rulesgraph.build.lookup.cites` of a rule number, or of the first rule defining a keyword or term; nothing
    said, or a range of rules, is a misuse (as for ``rule`` and ``kw``), not a name found nowhere."""
    if not text.strip():
        raise RulesgraphError("no rule number or keyword given")
    if (first := said_range(text)) is not None:  # "702.19a-c": the rule holding them is what it takes (its parts included)
        raise RulesgraphError(f"{quoted(text)} is a range: cites takes one rule, and finds what cites its parts too "
                              f"('rulesgraph cites {parent_of(first) if '.' in first else first}')")
    if as_number(text) is not None:
        return cites(book, text)
    if re.fullmatch(r"\d[\d.]*[a-z]?", text.strip(), re.IGNORECASE):  # "9999": a number, not of a rule's shape
        parse_number(text)  # raises the misuse 'rule' says
    p = profile(book, text)
    if not p.defining:
        raise NotFound(f"no rule defines {p.name!r}, so nothing can cite it")
    found = cites_of(book, p.defining[0].id)
    return found if p.corrected_from is None else replace(found, corrected_from=p.corrected_from)  # "tramlpe": said so


def profile_json(p: Profile) -> dict[str, Any]:
    """``rulesgraph kw --json``: the profile with every node in the shape of :func:`~rulesgraph.build.lookup.node_json`."""
    return {
        "node": p.node, "kind": p.kind, "name": p.name, "category": p.category, "formerly": list(p.formerly),
        "corrected_from": p.corrected_from, "summary": node_json(p.summary) if p.summary else None,
        "defining": [node_json(c) for c in p.defining], "glossary": [node_json(c) for c in p.glossary],
        "faq": [{**node_json(c), "relation": rel} for c, rel in p.faq],
        "related": [{"id": r.node.id, "kind": r.node.kind, "label": r.node.label, "why": list(r.why)} for r in p.related],
        "cited_by": [{"id": r.source.id, "kind": r.source.kind, "label": r.source.label, "relation": r.relation,
                      "targets": list(r.targets)} for r in p.cited_by],
    }
