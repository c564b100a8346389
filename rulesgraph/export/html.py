"""Export the loaded rules as a static, hyperlinked web site (no external assets, every text escaped).

One page per CR chapter (or everything on one page), an anchor per rule, every reference a
link (ranges expanded), a "cited by" list under every rule, the glossary linked both ways,
one page per keyword with its rules, FAQ entries and other sources, and a client-side search.
Where each node lives is decided once (:class:`Site`), so every link points at a real anchor.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx

from ..build.link import current_keyword, subtree
from ..common.outfile import SITE_MARK, write_site
from ..common.text import slug
from ..parse.numbers import sort_key
from ..version import __version__
from .assets import SEARCH_JS, STYLE_CSS
from .htmltext import link, linkify

if TYPE_CHECKING:
    from ..parse.tdoc import TDocument

__all__ = ["Site", "export_html"]


class Site:
    """Which page and anchor every node gets, and the ``href`` that reaches it."""

    def __init__(self, g: nx.MultiDiGraph, single: bool = False) -> None:
        self.g, self.single = g, single
        self.page: dict[str, str] = {}
        self.anchor: dict[str, str] = {}
        self.present: set[str] = {"index", "keywords"}
        """The pages the site has (navigation links only those)."""
        self._taken: set[str] = set()
        nodes = list(g.nodes(data=True))
        cr = [n for n, d in nodes if d.get("numbering") == "cr"]
        self.chapters = sorted((n for n in cr if g.nodes[n]["kind"] == "chapter"), key=sort_key)
        for chapter in self.chapters:
            for n in subtree(g, chapter):
                self._place(n, f"chapter-{chapter}", n)
        for n in sorted((n for n in cr if n not in self.page), key=sort_key):  # rules no chapter contains
            self._place(n, "rules", n)
        self.keywords = sorted((n for n, d in nodes if d["kind"] == "keyword"), key=lambda n: g.nodes[n]["label"].lower())
        for n in self.keywords:
            self._place(n, "keyword-" + (slug(g.nodes[n]["label"]) or "x"), "k-" + (slug(g.nodes[n]["label"]) or "x"), page_unique=True)
        for n, d in nodes:
            kind = d["kind"]
            if kind == "glossary":
                self._place(n, "glossary", "g-" + slug(d["label"]))
            elif kind == "faq":
                home = self.faq_keyword(n)
                self._place(n, self.page[home] if home else "faq", "faq-" + slug(d["label"]))
            elif kind == "card":
                self._place(n, "cards", "c-" + slug(d["label"]))
            elif n not in self.page and kind in ("rule", "subrule", "paragraph"):
                self._place(n, "sources", "s-" + slug(n))

    def _unique(self, base: str) -> str:
        name, i = base or "x", 2
        while name in self._taken:
            name, i = f"{base}-{i}", i + 1
        self._taken.add(name)
        return name

    def _place(self, nid: str, page: str, anchor: str, *, page_unique: bool = False) -> None:
        if page_unique:
            page = self._unique(page)
        self.page[nid] = page
        self.anchor[nid] = self._unique(anchor)

    def file(self, page: str) -> str:
        return "index.html" if self.single else f"{page}.html"

    def page_href(self, page: str) -> str:
        return f"index.html#page-{page}" if self.single else f"{page}.html"

    def href(self, nid: str) -> str | None:
        if nid not in self.page:
            return None
        return f"{self.file(self.page[nid])}#{self.anchor[nid]}"

    def rule_href(self, number: str) -> str | None:
        """A CR number (as written in rules text) → its link, when that rule is in the site."""
        return self.href(number) if self.g.nodes.get(number, {}).get("numbering") == "cr" else None

    def faq_keyword(self, faq: str) -> str | None:
        """The keyword page an FAQ entry lives on: its keyword's current name."""
        for _, dst, kind in self.g.out_edges(faq, keys=True):
            if kind == "about" and self.g.nodes[dst]["kind"] == "keyword":
                return current_keyword(self.g, dst)
        return None

    def label(self, nid: str, *, short: bool = False) -> str:
        """How a link to ``nid`` reads: ``702.19b``, ``glossary: Trample`` (``Trample`` when ``short``), ``FAQ annihilator-2`` …"""
        d = self.g.nodes[nid]
        kind, label = d["kind"], str(d.get("label") or nid)
        if d.get("numbering") == "cr" or (short and kind in ("glossary", "keyword", "card")):
            return label
        return {"glossary": f"glossary: {label}", "keyword": f"keyword: {label}", "faq": f"FAQ {label}",
                "card": f"card: {label}"}.get(kind, f"{d.get('doc')}: {label}")

    def a(self, nid: str, text: str | None = None, *, short: bool = False) -> str:
        href = self.href(nid)
        shown = text if text is not None else self.label(nid, short=short)
        return link(href, shown) if href else escape(shown)


def _edges(g: nx.MultiDiGraph, nid: str, kind: str, *, incoming: bool = False) -> list[str]:
    view = g.in_edges(nid, keys=True) if incoming else g.out_edges(nid, keys=True)
    return [str(e[0] if incoming else e[1]) for e in view if e[2] == kind]


def _order(g: nx.MultiDiGraph, nodes: list[str]) -> list[str]:
    """CR rules in rule order, then glossary entries, keywords, FAQ entries and the rest."""
    group = {"glossary": 1, "keyword": 2, "faq": 3}
    return sorted(set(nodes), key=lambda n: (0 if g.nodes[n].get("numbering") == "cr" else group.get(g.nodes[n]["kind"], 4),
                                             sort_key(n), n))


def _paragraphs(text: str, render: Callable[[str], str], cls: str | None = None) -> str:
    attr = f' class="{cls}"' if cls else ""
    return "".join(f"<p{attr}>{render(p)}</p>" for p in text.split("\n\n") if p.strip())


class _Pages:
    """The site's pages, rendered from the graph."""

    def __init__(self, g: nx.MultiDiGraph, site: Site) -> None:
        self.g, self.site = g, site
        self.effective = g.graph.get("effective")
        self.faqs: dict[str, list[str]] = {}
        """FAQ entries by the page they live on, in source order."""
        for n in sorted((n for n, d in g.nodes(data=True) if d["kind"] == "faq"), key=lambda n: (g.nodes[n]["file"], g.nodes[n]["line"])):
            self.faqs.setdefault(site.page[n], []).append(n)
        self.older: dict[str, list[str]] = {}
        """Keyword → the older names renamed into it."""
        for k in site.keywords:
            now = current_keyword(g, k)
            if now != k:
                self.older.setdefault(now, []).append(k)

    def linkify(self, text: str, terms: list[tuple[str, str]] | None = None) -> str:
        return linkify(text, self.site.rule_href, terms or ())

    def meta(self, parts: list[tuple[str, list[str]]]) -> str:
        shown = [f"{escape(name)}: " + ", ".join(self.site.a(n, short=True) for n in nodes) for name, nodes in parts if nodes]
        return f'<p class="meta">{" · ".join(shown)}</p>' if shown else ""

    def cited_by(self, nid: str, always: bool) -> str:
        sources = _order(self.g, _edges(self.g, nid, "cites", incoming=True))
        if not sources:
            return '<p class="cited-by none">Cited by: none</p>' if always else ""
        return '<p class="cited-by">Cited by: ' + ", ".join(self.site.a(s) for s in sources) + "</p>"

    def rule(self, nid: str, *, home: bool = True) -> str:
        g, d = self.g, self.g.nodes[nid]
        level = d["kind"]
        number = str(d.get("number") or nid)
        shown = number + ("." if level in ("chapter", "section", "rule") else "")
        idattr = f' id="{escape(self.site.anchor[nid])}"' if home else ""
        num = link(self.site.href(nid) or "#", shown, "num")
        heading = {"chapter": "h1", "section": "h2"}.get(level) or ("h3" if level == "rule" and d.get("title") else None)
        parts = [f'<div class="rule {escape(level)}"{idattr}>']
        if heading:
            parts.append(f"<{heading}>{num} {escape(d.get('text') or '')}</{heading}>")
        else:
            text = self.linkify(d.get("text") or "").split("\n\n")
            parts.append(f"<p>{num} {text[0]}</p>" + "".join(f"<p>{t}</p>" for t in text[1:]))
        parts += [_paragraphs(ex, self.linkify, "example") for ex in d.get("examples") or ()]
        defines = _edges(g, nid, "defines")
        parts.append(self.meta([("Keyword", [n for n in defines if g.nodes[n]["kind"] == "keyword"]),
                                ("Glossary", [n for n in defines if g.nodes[n]["kind"] == "glossary"]),
                                ("Earlier text", _edges(g, nid, "current", incoming=True))]))
        parts.append(self.cited_by(nid, always=level in ("rule", "subrule")))
        parts.append("</div>")
        return "".join(parts)

    def index(self) -> str:
        g, site = self.g, self.site
        title = f"Comprehensive Rules, effective {self.effective}" if self.effective else "rulesgraph: the loaded rules"
        out = [f"<h1>{escape(title)}</h1>", "<ul>"]
        for page, name in (("glossary", "Glossary"), ("keywords", "Keywords"), ("sources", "Other sources"), ("card-index", "Cards"),
                           ("cards", "Cards the FAQ mentions"), ("faq", "Other FAQ entries")):
            if page in site.present:  # the card pages are files of their own, a single-page site's too
                out.append(f"<li>{link(f'{page}.html' if page == 'card-index' else site.page_href(page), name)}</li>")
        out.append("</ul>")
        if not site.chapters:
            out.append("<p>No Comprehensive Rules were loaded: only the keyword pages, FAQ and other sources are here.</p>")
        for chapter in site.chapters:
            out.append(f"<h2>{site.a(chapter, chapter + '. ' + str(g.nodes[chapter].get('text') or ''))}</h2><ul class=\"cols\">")
            out += [f"<li>{site.a(s, s + '. ' + str(g.nodes[s].get('text') or ''))}</li>" for s in _edges(g, chapter, "contains")]
            out.append("</ul>")
        docs = g.graph.get("documents") or []
        if docs:
            out.append("<h2>Sources</h2><ul>")
            for doc in docs:
                when = f", effective {doc['effective']}" if doc.get("effective") else ""
                out.append(f"<li>{escape(Path(doc['path']).name)} ({escape(doc['format'])}{escape(when)})</li>")
            out.append("</ul>")
        return "".join(out)

    def chapter(self, chapter: str) -> str:
        return "".join(self.rule(n) for n in subtree(self.g, chapter))

    def glossary(self, entries: list[str]) -> str:
        g, site = self.g, self.site
        out = ["<h1>Glossary</h1>"]
        for n in entries:
            d = g.nodes[n]
            see = _edges(g, n, "see_also")
            # "See Active Player, Nonactive Player Order." → a link in place, found in the text, not in its HTML
            terms = [(str(g.nodes[t]["label"]), href) for t in see if (href := site.href(t))]
            body = self.linkify(d.get("text") or "", terms)
            obsolete = ' <span class="source">(obsolete)</span>' if d.get("obsolete") else ""
            out.append(f'<div class="entry" id="{escape(site.anchor[n])}"><h3>{escape(d["label"])}{obsolete}</h3>')
            out.append("".join(f"<p>{line}</p>" for line in body.split("\n")))
            defined = [s for s in _edges(g, n, "defines", incoming=True) if g.nodes[s].get("numbering") == "cr"]
            out.append(self.meta([("Defined in", defined), ("Rules", _order(g, _edges(g, n, "cites"))),
                                  ("Keyword", [k for k in _edges(g, n, "defines") if g.nodes[k]["kind"] == "keyword"]),
                                  ("See also", see), ("Referred to by", _edges(g, n, "see_also", incoming=True))]))
            out.append("</div>")
        return "".join(out)

    def faq(self, nid: str) -> str:
        g, d = self.g, self.g.nodes[nid]
        about = [n for n in _edges(g, nid, "about") if g.nodes[n]["kind"] != "keyword"]
        where = f"{Path(str(d.get('file'))).name}:{d.get('line')}"
        return (f'<div class="faq" id="{escape(self.site.anchor[nid])}"><p class="q">Q: {escape(d.get("question") or "")}</p>'
                + _paragraphs(d.get("answer") or "", escape) + self.meta([("About", _order(g, about)), ("Cites", _edges(g, nid, "cites")),
                                                                           ("Cards", _edges(g, nid, "mentions"))])
                + f'<p class="source">{escape(where)}</p></div>')

    def keyword(self, nid: str) -> str:
        g, site = self.g, self.site
        d = g.nodes[nid]
        names = [nid, *self.older.get(nid, [])]
        rules = [s for n in names for s in _edges(g, n, "defines", incoming=True)]
        cr_rules = [r for r in rules if g.nodes[r].get("numbering") == "cr"]
        other = [x for r in rules if g.nodes[r].get("numbering") != "cr" for x in subtree(g, r)]
        faqs = self.faqs.get(site.page[nid], [])
        category = {"ability": "keyword ability", "action": "keyword action"}.get(str(d.get("category")), "keyword")
        out = [f'<div class="entry" id="{escape(site.anchor[nid])}"><h1>{escape(d["label"])}</h1>',
               f'<p class="meta">{escape(category)}</p>',
               self.meta([("Defined in", cr_rules), ("Glossary", [s for s in _edges(g, nid, "defines", incoming=True)
                                                                   if g.nodes[s]["kind"] == "glossary"]),
                          ("Now called", _edges(g, nid, "renamed_to")), ("Formerly", [n for n in names if n != nid])]), "</div>"]
        for r in cr_rules:
            out.append("<h2>Rules</h2>" + "".join(self.rule(n, home=False) for n in subtree(g, r)))
        if faqs:
            out.append(f"<h2>FAQ ({len(faqs)})</h2>" + "".join(self.faq(f) for f in faqs))
        if other:
            out.append("<h2>In other sources</h2><ul>" + "".join(
                f"<li>{site.a(x)}: {escape(_clip(str(g.nodes[x].get('text') or '')))}</li>" for x in other) + "</ul>")
        return "".join(out)

    def keyword_index(self) -> str:
        items = [f"<li>{self.site.a(k, str(self.g.nodes[k]['label']))}</li>" for k in self.site.keywords]
        return f'<h1>Keywords ({len(items)})</h1><ul class="cols">{"".join(items)}</ul>'

    def sources(self, nodes: list[str]) -> str:
        g, site = self.g, self.site
        out = ["<h1>Other sources</h1>"]
        doc = None
        for n in nodes:
            d = g.nodes[n]
            if d.get("doc") != doc:
                doc = d.get("doc")
                out.append(f"<h2>{escape(Path(str(d.get('file'))).name)}</h2>")
            text = _paragraphs(str(d.get("text") or ""), escape)
            meta = self.meta([("Now", _edges(g, n, "current")), ("Cites", _edges(g, n, "cites")), ("Keyword", _edges(g, n, "defines"))])
            out.append(f'<div class="rule" id="{escape(site.anchor[n])}"><p><span class="num">{escape(str(d.get("label")))}</span></p>'
                       f"{text}{meta}{self.cited_by(n, always=False)}</div>")
        return "".join(out)

    def cards(self, nodes: list[str]) -> str:
        out = ["<h1>Cards the FAQ mentions</h1>"]
        for n in sorted(nodes, key=lambda n: str(self.g.nodes[n]["label"]).lower()):  # by name
            out.append(f'<div class="entry" id="{escape(self.site.anchor[n])}"><h3>{escape(self.g.nodes[n]["label"])}</h3>'
                       f"{self.meta([('Mentioned in', _edges(self.g, n, 'mentions', incoming=True))])}</div>")
        return "".join(out)


def _clip(text: str, width: int = 160) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _document(title: str, body: str, site: Site, effective: str | None, *, script: bool = False) -> str:
    nav = " ".join(link(site.page_href(p), name) for p, name in (("index", "Contents"), ("glossary", "Glossary"), ("keywords", "Keywords"))
                   if p in site.present)
    footer = f"Comprehensive Rules effective {effective}. " if effective else ""
    scripts = '<script src="search-index.js"></script><script src="search.js"></script>' if script else ""
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, '
            f'initial-scale=1"><title>{escape(title)}</title><link rel="stylesheet" href="style.css"></head><body><header>{nav}'
            '<form action="search.html" method="get" role="search"><input type="search" name="q" placeholder="Search the rules" '
            'aria-label="Search the rules"><button type="submit">Search</button></form></header>'
            f'<main>{body}</main><footer>{escape(footer)}{SITE_MARK} {escape(__version__)}.</footer>{scripts}</body></html>\n')


def _search_index(g: nx.MultiDiGraph, site: Site, extra: Sequence[list[str]] = ()) -> str:
    """``window.RULESGRAPH_INDEX = [[href, label, title, text], …]``, CR rules first in rule order, then ``extra`` (the
    tournament documents' sections)."""
    rows = []
    names = {"glossary": "Glossary", "keyword": "Keyword", "card": "Card"}
    for n, d in g.nodes(data=True):
        href = site.href(n)
        if href is None:
            continue
        kind, cr = d["kind"], d.get("numbering") == "cr"
        title = str(d.get("title") or "")
        text = " ".join([str(d.get("text") or ""), *(d.get("examples") or ())])
        if kind == "faq":
            title, text = str(d.get("question") or ""), str(d.get("answer") or "")
        elif title and text.strip() == title:
            text = ""
        label = str(d.get("number") or d["label"]) if cr else names.get(kind) or site.label(n)
        rows.append((sort_key(n) if cr else (99, 0, 0, 0), [href, label, title, text]))
    rows.sort(key=lambda r: r[0])
    return "window.RULESGRAPH_INDEX = " + json.dumps([r[1] for r in rows] + list(extra), ensure_ascii=False) + ";\n"


def export_html(g: nx.MultiDiGraph, directory: str | os.PathLike[str], *, single_page: bool = False,
                protected: Iterable[str | os.PathLike[str]] = (),
                cards: Callable[[Site, Callable[[str, str], str]], dict[str, str]] | None = None,
                tournament: Sequence[TDocument] = ()) -> list[Path]:
    """Write the site as ``directory``: built beside it and swapped in (see :func:`~rulesgraph.common.outfile.write_site`:
    an existing directory is replaced only when empty or a site written before); returns the files written.  ``cards``
    makes the installed cards' pages (:func:`rulesgraph.export.cards.card_files`), linked from the contents page."""
    site = Site(g, single_page)
    pages = _Pages(g, site)
    by_page: dict[str, list[str]] = {}
    for n in site.page:
        by_page.setdefault(site.page[n], []).append(n)
    site.present |= set(by_page) | ({"card-index"} if cards is not None else set())
    ordered = lambda nodes: sorted(nodes, key=lambda n: (str(g.nodes[n].get("doc")), g.nodes[n].get("line") or 0, n))
    content: list[tuple[str, str, str]] = [("index", "Contents", pages.index())]
    content += [(f"chapter-{c}", f"{c}. {g.nodes[c].get('text')}", pages.chapter(c)) for c in site.chapters]
    if "rules" in by_page:
        content.append(("rules", "Other rules", "".join(pages.rule(n) for n in sorted(by_page["rules"], key=sort_key))))
    if "glossary" in by_page:
        content.append(("glossary", "Glossary", pages.glossary(ordered(by_page["glossary"]))))
    content.append(("keywords", "Keywords", pages.keyword_index()))
    content += [(site.page[k], str(g.nodes[k]["label"]), pages.keyword(k)) for k in site.keywords]
    for page, title, render in (("faq", "Other FAQ entries", lambda ns: "<h1>Other FAQ entries</h1>" + "".join(pages.faq(n) for n in ns)),
                                ("sources", "Other sources", pages.sources), ("cards", "Cards", pages.cards)):
        if page in by_page:
            content.append((page, title, render(ordered(by_page[page]))))
    searched: list[list[str]] = []
    if tournament:  # the MTR, IPG and JAR: a page each, linked from the contents, their rule references into the CR pages
        from .tourney import tournament_pages, tournament_search_rows

        page_file = lambda page: site.page_href(page).split("#")[0] if not single_page else "index.html"
        extra = tournament_pages(tournament, site.rule_href, page_file)
        searched = tournament_search_rows(tournament, page_file)
        site.present |= {page for page, _, _ in extra}
        listed = "".join(f"<li>{link(site.page_href(page), title)}</li>" for page, title, _ in extra)
        content[0] = (content[0][0], content[0][1], content[0][2] + f"<h2>Tournament documents</h2><ul>{listed}</ul>")
        content += extra
    files: dict[str, str] = {}
    if single_page:
        body = "".join(f'<section class="page" id="page-{escape(p)}">{html}</section>' for p, _, html in content)
        files["index.html"] = _document("rulesgraph: the rules", body, site, pages.effective)
    else:
        for page, title, html in content:
            files[f"{page}.html"] = _document(title, f'<section class="page" id="page-{escape(page)}">{html}</section>', site,
                                              pages.effective)
    to_cards = ('<p>Cards are not searched here: <a id="card-search" href="card-search.html">find a card</a>.</p>'
                if cards is not None else "")  # a card's name found nothing, and nothing said where to look
    files["search.html"] = _document("Search", f'<h1>Search</h1><p id="status"></p>{to_cards}<ol id="results" class="results"></ol>',
                                     site, pages.effective, script=True)
    files["style.css"] = STYLE_CSS
    files["search.js"] = SEARCH_JS
    files["search-index.js"] = _search_index(g, site, searched)
    if cards is not None:
        files.update(cards(site, lambda title, body: _document(title, body, site, pages.effective)))
    return write_site(directory, files, protected=protected)
