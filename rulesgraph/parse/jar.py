"""Parse Judging at Regular REL: an unnumbered document of short headings, each followed by its remedy.

Headings carry no number or mark in extracted text (they were bold), so a heading is recognised by its place:
a phrase that starts a line after a finished sentence, holds no sentence end of its own, and is followed by a
line that starts anew.  First the text's fragments are rejoined into logical lines (a line starting in lower case
or with closing punctuation continues the one before; ``•`` starts an item).  Parts get ids ``JAR 1``,
``JAR 2`` … in document order, ``JAR 0`` being the introduction; a heading directly followed by another heading
(``Common Issues``) is the parent of those after it until the next such group heading.
"""

from __future__ import annotations

import re

from ..errors import SourceError
from ..model import Origin
from ..sources.read import SourceText
from .pdftext import Line, clean, join_text
from .tdoc import TDocument, TSection, effective_date

__all__ = ["parse_jar"]

_ENDS_SENTENCE = (".", "!", "?", ":", "”", '"')
_CONTINUES = re.compile(r"^[a-z,.;:!?)\]”’™®]")


def _logical(lines: list[Line]) -> list[Line]:
    """Rejoin fragments: lines that continue the one before (lower case, closing punctuation) join it."""
    out: list[Line] = []
    for line in lines:
        if not line.text:
            continue
        if out and _CONTINUES.match(line.text):
            prev = out[-1]
            glue = "" if line.text[0] in ",.;:!?)]”’™®" or prev.text.endswith(("(", "“")) else " "
            out[-1] = Line(prev.no, prev.text + glue + line.text)
        else:
            out.append(line)
    return out


def _is_heading(prev: Line | None, line: Line, nxt: Line | None, after_heading: bool) -> bool:
    text = line.text
    if not text[0].isupper() or text.startswith("•") or text.endswith(_ENDS_SENTENCE) or text.endswith(","):
        return False
    if re.search(r"[.!?][”\"]?\s+[A-Z]", text) or "http" in text or len(text) > 200:
        return False
    if prev is not None and not after_heading and not prev.text.endswith((*_ENDS_SENTENCE, ")")):
        return False
    return nxt is not None and (nxt.text[0].isupper() or nxt.text.startswith(("•", "“")))


def parse_jar(source: SourceText) -> TDocument:
    """The JAR's headed parts, in document order."""
    cleaned = clean(source.lines, source.path)
    effective = effective_date(source.lines)
    lines = _logical(list(cleaned.lines))
    if len(lines) < 3:
        raise SourceError(source.path, "too short to be Judging at Regular REL")
    title, rest = lines[0], lines[1:]
    front = [title]
    if rest and re.match(r"^(Updated|Effective)\b", rest[0].text):
        front.append(rest[0])
        rest = rest[1:]
    heads: list[int] = []
    for i in range(1, len(rest)):
        if _is_heading(rest[i - 1], rest[i], rest[i + 1] if i + 1 < len(rest) else None, bool(heads) and heads[-1] == i - 1):
            heads.append(i)
    if not heads:
        raise SourceError(source.path, "no headed parts found: not Judging at Regular REL")
    sections = [TSection("JAR 0", "front", "0", title.text, join_text(_paragraphs(rest[: heads[0]])),
                         Origin(source.path, rest[0].no, effective))]
    group: str | None = None
    for n, i in enumerate(heads, start=1):
        end = heads[n] if n < len(heads) else len(rest)
        body = rest[i + 1 : end]
        sid = f"JAR {n}"
        is_group = not body
        parent = None if is_group else group
        if is_group:
            group = sid
        elif group is not None and n > 1 and heads[n - 2] != i - 1 and _top_level(rest[i], sections):
            group, parent = None, None
        sections.append(TSection(sid, "heading", str(n), rest[i].text, join_text(_paragraphs(body)),
                                 Origin(source.path, rest[i].no, effective), parent))
    return TDocument("jar", source.path, source.sha256, effective, title.text, tuple(sections), cleaned.toc,
                     "\n\n".join(line.text for line in front), (),
                     cleaned.skipped, len(source.lines))


def _top_level(line: Line, sections: list[TSection]) -> bool:
    """A heading of a few capitalised words (``Serious Problems``) after a group's items closes the group."""
    words = line.text.split()
    return len(words) <= 4 and all(w[0].isupper() for w in words)


def _paragraphs(lines: list[Line]) -> list[Line]:
    """Logical lines as paragraphs: a blank line between lines that end a sentence and the next."""
    out: list[Line] = []
    for line in lines:
        if out and out[-1].text.endswith(_ENDS_SENTENCE):
            out.append(Line(line.no, ""))
        out.append(line)
    return out
