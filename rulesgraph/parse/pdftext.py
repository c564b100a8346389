"""Clean the text a PDF-to-text tool leaves: page numbers, running headers, the table of contents, split fragments.

Two kinds of extraction are met: one line per printed line with blank lines between paragraphs (pypdf and
similar), and one line per text run without blank lines (pdftohtml), where small capitals and italic words come
out on lines of their own (``M`` / ``AGIC`` / ``:``, ``Magic`` / ``™ players``).  :func:`clean` returns the
lines worth reading, each with its 1-based line number, and keeps what it leaves out (page numbers, repeated
boilerplate, contents lines) as :class:`~rulesgraph.model.Skipped` records so ``check`` can show them: nothing
is dropped silently.  :func:`join_text` puts lines back into paragraphs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..common.lazyre import lazy
from ..model import Origin, Skipped
from .furniture import Vocabulary, page_numbers, rejoined, running_heads

__all__ = ["Cleaned", "Line", "TocEntry", "clean", "join_text", "norm_title"]

_PAGE = lazy(r"^\d{1,3}$")
_LEADERS = lazy(r"^(?P<head>.*?)\s*\.{4,}\s*(?P<page>\d{1,3})?\s*$")
_LONE = lazy(r"^(?:\d{1,2}(?:\.\d{1,2})*\.?|[A-Z]\.|•)$")
"""A line that is only a number, a letter or a bullet: it belongs to the line after it."""
_TOC_NUMBER = lazy(r"^(?P<num>\d{1,2}(?:\.\d{1,2})?)\.?\s+(?P<title>.+)$")
_DASHES = lazy(r"\s*[—–-]\s*")
_NO_SPACE_BEFORE = tuple(",.;:!?)]”’™®")
_NO_SPACE_AFTER = tuple("([“‘")


@dataclass(frozen=True, slots=True)
class Line:
    """One line of text worth reading, stripped, with its 1-based line number in the file."""

    no: int
    text: str


@dataclass(frozen=True, slots=True)
class TocEntry:
    """One line of the table of contents: its number (``4.3``, ``2``; ``None`` for unnumbered entries) and title."""

    number: str | None
    title: str
    page: int | None
    no: int


@dataclass(frozen=True, slots=True)
class Cleaned:
    lines: tuple[Line, ...]
    """The lines left, blank lines kept as ``Line(no, "")`` (paragraph breaks)."""
    toc: tuple[TocEntry, ...]
    skipped: tuple[Skipped, ...]


def norm_title(title: str) -> str:
    """A title compared loosely: lower case, one space, dashes alike (``Game Play Error — Missed Trigger``)."""
    return _DASHES.sub("-", " ".join(title.lower().replace("’", "'").split()))


def _join_lone(raw: list[Line]) -> list[Line]:
    """``4.3`` / ``Out-of-Order Sequencing`` → ``4.3  Out-of-Order Sequencing``; ``•`` / ``text`` → ``• text``;
    a single capital then an all-capitals run (small capitals: ``T`` / ``HE``) → ``THE``."""
    out: list[Line] = []
    i = 0
    while i < len(raw):
        line = raw[i]
        nxt = raw[i + 1] if i + 1 < len(raw) else None
        if nxt and nxt.text and _LONE.match(line.text) and not _PAGE.match(line.text):
            out.append(Line(line.no, f"{line.text}  {nxt.text}"))
            i += 2
            continue
        if out and out[-1].text and re.fullmatch(r"[A-Z]", out[-1].text) and re.fullmatch(r"[A-Z]+\W?", line.text):
            out[-1] = Line(out[-1].no, out[-1].text + line.text)
            i += 1
            continue
        out.append(line)
        i += 1
    return out


_ONLY_LEADERS = lazy(r"^\.{4,}\s*\d{0,3}\s*$")


def _join_leaders(lines: list[Line]) -> list[Line]:
    """A contents line whose dot leaders (and page) a converter put on a line of their own joined to its title again
    (``4.3 Out-of-Order Sequencing`` / ``....... 23``): left apart, the title read as the section's heading in the body and
    the section's text was lost under the contents (blank lines between the two are passed over)."""
    out: list[Line] = []
    for line in lines:
        if _ONLY_LEADERS.match(line.text):
            k = len(out) - 1
            while k >= 0 and not out[k].text:
                k -= 1
            if k >= 0 and not _LEADERS.match(out[k].text):
                out[k] = Line(out[k].no, f"{out[k].text} {line.text}")
                del out[k + 1 :]  # the blank lines between the two go with the leaders' line
                continue
        out.append(line)
    return out


_TOC_RUN = 3
_TOC_HEAD = lazy(r"^(?:table of )?contents:?$", re.IGNORECASE)
"""Contents lines in a row (blank lines between them aside) that make a table of contents: its heading goes with it."""


def _toc_headings(lines: list[Line], leaders: list[bool]) -> set[int]:
    """The places of the lines heading a table of contents ("CONTENTS", "Table of Contents"): the last line with text
    before a run of at least :data:`_TOC_RUN` contents lines, when it says so (not the effective date or the title
    that may stand there).  That line is part of the contents, not of the passage before them."""
    out: set[int] = set()
    i = 0
    while i < len(lines):
        if not leaders[i]:
            i += 1
            continue
        j, run = i, 0
        while j < len(lines) and (leaders[j] or not lines[j].text):
            run += leaders[j]
            j += 1
        k = i - 1
        while k >= 0 and not lines[k].text:
            k -= 1
        text = lines[k].text if k >= 0 else ""
        if run >= _TOC_RUN and _TOC_HEAD.match(text):
            out.add(k)
        i = j
    return out


def _toc(lines: list[Line]) -> tuple[list[Line], list[TocEntry], list[Line]]:
    """Split contents lines (those with dot leaders, and the heading over them) from the rest."""
    keep: list[Line] = []
    entries: list[TocEntry] = []
    dropped: list[Line] = []
    found = [_LEADERS.match(line.text) for line in lines]
    leaders = [m is not None and bool(m.group("head").strip()) for m in found]
    heads = _toc_headings(lines, leaders)
    for n, (line, m) in enumerate(zip(lines, found, strict=True)):
        if n in heads:
            dropped.append(line)
        elif m is not None and leaders[n]:
            head = m.group("head").strip()
            page = int(m.group("page")) if m.group("page") else None
            num = _TOC_NUMBER.match(head)
            if num:
                entries.append(TocEntry(num.group("num"), num.group("title").strip(), page, line.no))
            else:
                entries.append(TocEntry(None, head, page, line.no))
            dropped.append(line)
        else:
            keep.append(line)
    return keep, entries, dropped


def clean(lines: tuple[str, ...] | list[str], path: str) -> Cleaned:
    """The readable lines of an extracted PDF text, its table of contents and what was left out."""
    raw = [Line(i + 1, " ".join(text.split())) for i, text in enumerate(lines)]
    skipped: list[Skipped] = []
    numbered = [(line.no, line.text) for line in raw]
    pages = page_numbers(numbered)  # a table's cells on lines of their own are numbers too, but not a page apart
    chrome = running_heads(numbered, pages)
    kept: list[Line] = []
    for line in raw:
        if line.no in pages:
            skipped.append(Skipped("page number", line.text, Origin(path, line.no)))
        elif line.text in chrome:
            skipped.append(Skipped("running header or footer", line.text, Origin(path, line.no)))
        else:
            kept.append(line)
    joined = _join_lone([line for line in kept if line.text] if not _has_blanks(kept) else kept)
    rest, toc, dropped = _toc(_join_leaders(joined))
    skipped.extend(Skipped("table of contents", line.text, Origin(path, line.no)) for line in dropped)
    skipped.sort(key=lambda s: s.origin.line)
    return Cleaned(tuple(rest), tuple(toc), tuple(skipped))


def _has_blanks(lines: list[Line]) -> bool:
    """Whether the extraction marks paragraphs with blank lines (pdftohtml's text does not)."""
    blanks = sum(1 for line in lines if not line.text)
    return blanks * 20 >= len(lines)


SUBHEADS = frozenset({"Definition", "Examples", "Example", "Philosophy", "Additional Remedy"})
"""Sub-headings that stand as paragraphs of their own (the IPG's parts, the MTR's ``Examples``)."""


def join_text(lines: list[Line]) -> str:
    """Lines back into text: a blank line (or a bullet, a numbered or lettered item) starts a paragraph; other
    lines join with one space, none before closing punctuation or after an opening quote; a word broken at a line's end
    is joined as the text or English writes it (:func:`~rulesgraph.parse.furniture.rejoined`: ``incl-`` / ``uding`` is
    ``including``, ``invitation-`` / ``only`` stays ``invitation-only``)."""
    paragraphs: list[str] = []
    current = ""
    pending = False
    words = Vocabulary([line.text for line in lines])
    for line in lines:
        text = line.text
        if not text:
            pending = True
            continue
        if pending and current and not text[0].islower():  # a blank line ends a paragraph, unless the next line
            paragraphs.append(current)  # goes on in lower case (a page break fell mid-sentence)
            current = ""
        pending = False
        if current and (text in SUBHEADS or current in SUBHEADS or re.match(r"^(?:•|\d{1,2}\.\s|[A-H]\.\s|Upgrade:|Downgrade:)", text)):
            paragraphs.append(current)
            current = ""
        if not current:
            current = text
        elif (joined := rejoined(current, text, words)) is not None:  # a word broken at the line's end
            current = joined
        elif text.startswith(_NO_SPACE_BEFORE) or current.endswith(_NO_SPACE_AFTER):
            current += text
        else:
            current += " " + text
    if current:
        paragraphs.append(current)
    return "\n\n".join(paragraphs)
