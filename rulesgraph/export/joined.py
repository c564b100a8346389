"""The whole knowledge graph for ``rulesgraph export graph``: the loaded rules' graph joined with the installed
tournament documents' graph and the installed cards, so that one file holds every source the answers are drawn from.

- **Rules** (the Comprehensive Rules, glossary, keywords, FAQ entries): the rules graph as built, ids unchanged
  (``702.19b``, ``keyword:trample``, ``glossary:Ability``, ``faq:annihilator-2``).
- **Tournament documents** (:func:`rulesgraph.build.tgraph.build`): a node per passage (``MTR 4.3``, ``IPG 2.1``,
  ``IPG 2.1 Philosophy``, ``JAR …``) with its document, title, penalty and text, and per defined term
  (``term:outside assistance``); ``contains``, ``cites`` and ``defines`` edges.  A passage citing a CR rule (``CR 103.4``)
  cites the rules graph's node of that rule; one the loaded rules lack stays a node of kind ``cr`` marked
  ``missing``, never dropped.
- **Cards**: a node per card (``card:<name>``, the id the FAQ's card mentions already use: one node either way) with
  its faces' type lines, mana costs and Oracle text, color identity and legalities; a node per ruling
  (``ruling:<card>:<date>:<n>``, the id an answer cites it by) with its date and text; edges card → ``ruling``,
  ruling → ``restates`` (the rules it was linked to at install, :mod:`rulesgraph.cards.rulinglinks`, with their
  weight), card → ``keyword`` (the keyword's node, or the rule defining it; ``relation``: has, grants, action) and
  card → ``type`` (the rule of each word of its type line).

Cards are read from the store one at a time, as the static site reads them (~24,000 cards and ~45,000 rulings in a
few seconds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import networkx as nx

from ..common.ids import card_id, keyword_id, ruling_id

if TYPE_CHECKING:
    from ..build.corpus import Rulebook
    from ..cards.store import CardStore
    from ..cards.view import CardView
    from ..parse.tdoc import TDocument

__all__ = ["CR_PREFIX", "Joined", "add_cards", "add_tournament", "joined_graph"]

CR_PREFIX = "CR "
"""How the tournament graph names a CR rule it cites (``CR 103.4``); in the joined graph, the rule's own node."""


class Joined:
    """What :func:`joined_graph` put in: the counts the command's summary line gives."""

    def __init__(self) -> None:
        self.documents: list[str] = []
        """The tournament documents joined, as ``MTR 2026-02-27``."""
        self.cards = 0
        self.rulings = 0
        self.missing: list[str] = []
        """CR rules a tournament document cites that the loaded rules lack (kept as ``cr`` nodes)."""
        self.with_cards = False
        """Whether the installed cards were joined (none may be installed)."""

    def held(self, g: nx.MultiDiGraph) -> list[str]:
        """What ``g`` (the joined graph, or the part of it ``--rule`` keeps) holds besides the rules, for the summary
        line: each document with a passage in it (``MTR 2026-02-27``), and the cards joined."""
        present = {str(d["doc"]).upper() for _, d in g.nodes(data=True) if d.get("document") and d.get("doc")}
        cards = [f"{self.cards:,} cards with {self.rulings:,} rulings"] if self.with_cards else []
        return [*(d for d in self.documents if d.split()[0] in present), *cards]


def add_tournament(g: nx.MultiDiGraph, docs: tuple[TDocument, ...], joined: Joined) -> None:
    """Join the tournament documents' passages, terms and their edges into ``g`` (the rules graph's copy)."""
    from ..build.tgraph import build

    if not docs:
        return
    t = build(docs)
    texts = {s.id: (s.text, doc) for doc in docs for s in doc.sections}
    for doc in docs:
        joined.documents.append(f"{doc.kind.upper()} {doc.effective}" if doc.effective else doc.kind.upper())

    def node(nid: str) -> str:
        if nid.startswith(CR_PREFIX) and nid[len(CR_PREFIX):] in g:
            return nid[len(CR_PREFIX):]
        return nid

    for nid, data in t.nodes(data=True):
        if node(nid) != nid:
            continue  # a CR rule the rules graph holds
        attrs = {k: v for k, v in data.items() if v is not None}
        attrs["label"] = data.get("title") if data.get("kind") == "term" else nid
        if nid in texts:
            text, doc = texts[nid]
            attrs.update(text=text, document=doc.title, effective=doc.effective)
        if data.get("kind") == "cr":
            attrs["missing"] = True  # cited, but not in the loaded rules
            joined.missing.append(nid[len(CR_PREFIX):])
        g.add_node(nid, **attrs)
    for src, dst, data in t.edges(data=True):
        g.add_edge(node(src), node(dst), key=data["kind"])


def _keyword_node(g: nx.MultiDiGraph, name: str, rules: tuple[str, ...]) -> str | None:
    node = keyword_id(name)
    if node in g:
        return node
    return next((r for r in rules if r in g), None)


def _add_card(g: nx.MultiDiGraph, view: CardView, links: list[tuple[tuple[str, float], ...]]) -> int:
    """One card (with its keywords and type-line words linked to the rules), its rulings and their edges; returns how
    many rulings were added."""
    card = view.card
    cid = card_id(card.name)
    faces = card.faces
    attrs = {"kind": "card", "label": card.name, "title": card.name, "layout": card.layout,
             "type_line": " // ".join(f.type_line for f in faces),
             "mana_cost": " // ".join(f.mana_cost or "" for f in faces).strip(" /") or None,
             "text": "\n//\n".join(f.text for f in faces if f.text),
             "color_identity": "".join(card.color_identity),
             "legalities": dict(card.legalities) or None, "leadership": list(card.leadership) or None}
    g.add_node(cid, **{k: v for k, v in attrs.items() if v is not None})  # a card a FAQ entry mentions: its node, completed
    seen: dict[str, int] = {}
    for i, ruling in enumerate(card.rulings):
        seen[ruling.date] = seen.get(ruling.date, 0) + 1
        rid = ruling_id(card.name, ruling.date, seen[ruling.date])
        g.add_node(rid, kind="ruling", label=f"{card.name} ruling, {ruling.date}", title=card.name, date=ruling.date,
                   text=ruling.text)
        g.add_edge(cid, rid, key="ruling")
        for rule, weight in links[i] if i < len(links) else ():
            if rule in g:
                g.add_edge(rid, rule, key="restates", weight=round(weight, 3))
    for k in view.keywords:
        target = _keyword_node(g, k.name, k.rules)
        if target is not None and not g.has_edge(cid, target, "keyword"):
            g.add_edge(cid, target, key="keyword", relation=k.relation)
    for t in view.types:
        target = next((r for r in t.rules if r in g), None)
        if target is None:
            continue
        if g.has_edge(cid, target, "type"):  # two words of the type line run on one rule: both are said
            g.edges[cid, target, "type"]["word"] += f", {t.name}"
        else:
            g.add_edge(cid, target, key="type", relation=t.relation, word=t.name)
    return len(card.rulings)


def add_cards(g: nx.MultiDiGraph, book: Rulebook, store: CardStore, joined: Joined) -> None:
    """Join every installed card (sorted by name) with its rulings into ``g``."""
    from ..cards.view import card_view, keyword_list
    from ..common.text import filed

    keywords = keyword_list(book)
    names = sorted((e.name for e in store.names() if e.kind == "name"), key=lambda n: (filed(n), n))
    for name in names:
        card = store.card(name, keywords)
        if card is None:
            continue
        joined.rulings += _add_card(g, card_view(book, card), store.ruling_links(name))
        joined.cards += 1
    joined.with_cards = True
    g.graph["cards"] = {"version": store.info.version, "date": store.info.date, "cards": joined.cards, "rulings": joined.rulings}


def joined_graph(book: Rulebook, docs: tuple[TDocument, ...] = (), store: CardStore | None = None) -> tuple[nx.MultiDiGraph, Joined]:
    """The rules graph of ``book`` (a copy: the loaded book is not changed) joined with the tournament documents
    ``docs`` and, given a ``store``, every installed card; and what was joined."""
    g = book.graph.copy()
    joined = Joined()
    add_tournament(g, docs, joined)
    if docs:
        g.graph["tournament"] = list(joined.documents)
    if store is not None:
        add_cards(g, book, store, joined)
    return g, joined
