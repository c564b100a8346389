"""Rules text to escaped HTML with every cross-reference a link (ranges expanded), for the static site export.

Every character of source text goes through :func:`html.escape`; only the links made here are markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape

from ..model import Origin
from ..parse.numbers import expand_range
from ..parse.refs import find_refs

__all__ = ["Resolver", "link", "linkify"]

Resolver = Callable[[str], str | None]
"""A rule number → its ``href`` in the site, or ``None`` when it is not there."""

_TOKEN = re.compile(r"(?<![\w.])(?P<start>\d{3}(?:\.\d+[a-z]?)?)(?:[\u2013-](?P<end>\d{3}(?:\.\d+[a-z]?)?|\d+|[a-z]))?(?![\w])")
_CHAPTER_TOKEN = re.compile(r"(?<![\w.])\d(?![\w.]\d|\d)")
_NOWHERE = Origin("", 0)


def link(href: str, label: str, cls: str | None = None) -> str:
    """An ``<a>`` element with escaped attribute and text."""
    attr = f' class="{escape(cls)}"' if cls else ""
    return f'<a href="{escape(href)}"{attr}>{escape(label)}</a>'


def _number_token(m: re.Match[str], resolve: Resolver) -> str:
    token, start, end = m.group(0), m.group("start"), m.group("end")
    members = expand_range(start, end) if end else [start]
    if not members:  # "702.19–20"-style text that is not a range we know: link the start only
        members = [start]
    first = resolve(members[0])
    if first is None:
        return f'<span class="dangling" title="not in these rules">{escape(token)}</span>'
    out = link(first, token, "ref")
    if len(members) > 1:
        parts = [link(h, n) if (h := resolve(n)) else escape(n) for n in members]
        out += f' <span class="range">({", ".join(parts)})</span>'
    return out


def _linked_ref(raw: str, chapter: bool, resolve: Resolver) -> str:
    """The written reference with each number in it a link (a title in quotes stays text)."""
    quote = min((i for i in (raw.find("\u201c"), raw.find('"')) if i >= 0), default=len(raw))
    head, tail = raw[:quote], raw[quote:]
    pattern = _CHAPTER_TOKEN if chapter else _TOKEN
    out, pos = [], 0
    for m in pattern.finditer(head):
        out.append(escape(head[pos : m.start()]))
        if chapter:
            href = resolve(m.group(0))
            out.append(link(href, m.group(0), "ref") if href else escape(m.group(0)))
        else:
            out.append(_number_token(m, resolve))
        pos = m.end()
    out.append(escape(head[pos:]))
    return "".join(out) + escape(tail)


def linkify(text: str, resolve: Resolver, terms: Sequence[tuple[str, str]] = ()) -> str:
    """``text`` escaped, with each rule reference the parser finds in it turned into links, and the first
    whole-word occurrence (in any case) of each ``(label, href)`` in ``terms`` outside them (a glossary entry's
    ``See Active Player.``).  Links are placed on the text before it is escaped, so a term never lands
    inside markup (``ref`` in ``href=``) nor inside another link."""
    pieces: list[tuple[int, int, str]] = []
    pos = 0
    for ref in find_refs(text, _NOWHERE):
        at = text.find(ref.raw, pos)
        if at < 0:
            continue
        chapter = ref.raw.lower().startswith("section")
        pieces.append((at, at + len(ref.raw), _linked_ref(ref.raw, chapter, resolve)))
        pos = at + len(ref.raw)
    for label, href in terms:
        if not label:
            continue
        for m in re.finditer(rf"(?<!\w){re.escape(label)}(?!\w)", text, re.IGNORECASE):  # "See Ref." names "ref"
            if not any(a < m.end() and m.start() < b for a, b, _ in pieces):
                pieces.append((m.start(), m.end(), link(href, m.group(0))))
                break
    out, pos = [], 0
    for start, end, html in sorted(pieces):
        out.append(escape(text[pos:start]))
        out.append(html)
        pos = end
    out.append(escape(text[pos:]))
    return "".join(out)
