"""The tournament documents' pages of the static site: one page per document (``mtr.html``, ``ipg.html``,
``jar.html``), an anchor per passage, its references links — to its own sections, the MTR's, and the CR rules of
the site (``rule 103.4``).  Every character of the documents' text is escaped; only the links made here are markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape

from ..build.tgraph import references
from ..common.text import slug
from ..parse.kinds import KINDS
from ..parse.tdoc import TDocument, TSection
from .htmltext import link

__all__ = ["anchor", "tournament_pages"]

_REF = re.compile(r"\b(?:(?:MTR|Magic Tournament Rules|Tournament Rules)\s*,?\s*)?(?:sections?\s+)?\d{1,2}\.\d{1,2}\b"
                  r"(?:\s+of the (?:Magic )?Tournament Rules)?|\bAppendix\s+[A-F]\b|\brules?\s+\d{3}(?:\.\d+[a-z]?)?\b"
                  r"|\(\d{1,2}\.\d{1,2}\)")


def anchor(sid: str) -> str:
    """``MTR 4.3`` → ``mtr-4-3``."""
    return slug(sid.replace(".", "-"))


def _linked(text: str, prefix: str, href: Callable[[str], str | None]) -> str:
    out, pos = [], 0
    for m in _REF.finditer(text):
        targets = references(m.group(0), prefix)
        target = href(targets[0]) if targets else None
        out.append(escape(text[pos : m.start()]))
        out.append(link(target, m.group(0), "ref") if target else escape(m.group(0)))
        pos = m.end()
    out.append(escape(text[pos:]))
    return "".join(out)


def _section(s: TSection, doc: TDocument, href: Callable[[str], str | None]) -> str:
    level = "h2" if s.kind in ("chapter", "appendix", "front") else "h3"
    head = s.heading + (f" — {s.penalty}" if s.penalty else "")
    paragraphs = "".join(f"<p>{_linked(p, doc.prefix, href)}</p>" for p in s.text.split("\n\n") if p.strip())
    return f'<div class="entry" id="{escape(anchor(s.id))}"><{level}>{escape(head)}</{level}>{paragraphs}</div>'


def tournament_pages(docs: Sequence[TDocument], rule_href: Callable[[str], str | None],
                     page_file: Callable[[str], str]) -> list[tuple[str, str, str]]:
    """``(page, title, html)`` for each document; ``rule_href`` links a CR number, ``page_file`` names a page's file."""
    ids = {s.id: doc.kind for doc in docs for s in doc.sections if s.kind != "part"}

    def href(target: str) -> str | None:
        if target.startswith("CR "):
            return rule_href(target[3:])
        kind = ids.get(target)
        return f"{page_file(kind)}#{anchor(target)}" if kind else None

    out = []
    for doc in docs:
        sections = [s for s in doc.sections if s.kind != "part"]
        title = f"{KINDS[doc.kind]}, effective {doc.effective}"
        contents = "".join(f"<li>{link('#' + anchor(s.id), s.heading)}</li>" for s in sections if s.kind != "section"
                           or s.parent is None)
        body = f"<h1>{escape(title)}</h1><ul>{contents}</ul>" + "".join(_section(s, doc, href) for s in sections)
        out.append((doc.kind, title, body))
    return out


def tournament_search_rows(docs: Sequence[TDocument], page_file: Callable[[str], str]) -> list[list[str]]:
    """The search index's rows (``[href, label, title, text]``, as :func:`rulesgraph.export.html` writes them) of every
    section of the documents: "outside assistance" finds IPG 3.2 and the JAR's part on the site's search page."""
    return [[f"{page_file(doc.kind)}#{anchor(s.id)}", s.id, s.title + (f" — {s.penalty}" if s.penalty else ""), s.text]
            for doc in docs for s in doc.sections if s.kind != "part"]
