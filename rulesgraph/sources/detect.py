"""Tell a source's format from its lines (``cr``, ``faq``, ``excerpt``, ``sections``), so that :mod:`rulesgraph.parse`
picks its parser: cheap sniffers of each format's marks, the sections format's heading rule among them (its parser
reads its headings by the same rule, from here).
"""

from __future__ import annotations

import re
from itertools import pairwise

from ..common.lazyre import lazy
from ..common.text import fold
from .read import SourceText

__all__ = ["detect_format", "is_heading", "looks_like_sections", "names_heading", "paragraphs"]

_CLOSING = lazy(r"[.!?:;,\"\u201d)\]]$")


def is_heading(paragraph: list[str]) -> bool:
    """A one-line paragraph of at most six words, capitalised, with no closing punctuation."""
    if len(paragraph) != 1:
        return False
    line = paragraph[0].strip()
    return bool(line) and line[0].isupper() and len(line.split()) <= 6 and not _CLOSING.search(line) and not line[0].isdigit()


def names_heading(heading: str, paragraph: str) -> bool:
    """Whether ``paragraph`` says ``heading`` as words of its own (case and accents folded)."""
    return re.search(rf"(?<!\w){re.escape(fold(heading))}(?!\w)", fold(paragraph)) is not None


def paragraphs(lines: tuple[str, ...]) -> list[tuple[int, list[str]]]:
    """Paragraphs as (first line number, lines)."""
    out: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for number, line in enumerate(lines, start=1):
        if line.strip():
            if not current:
                start = number
            current.append(line.strip())
        elif current:
            out.append((start, current))
            current = []
    if current:
        out.append((start, current))
    return out


def looks_like_sections(lines: tuple[str, ...]) -> bool:
    """At least one heading followed by a paragraph that names it."""
    blocks = paragraphs(lines)
    return any(
        is_heading(b) and not is_heading(nxt) and names_heading(b[0], " ".join(nxt))
        for (_, b), (_, nxt) in pairwise(blocks)
    )


_CR_RULE = lazy(r"^\d{3}\.\d+[a-z]?\.?\s+[^\sa-z]")
"""A rule's line: its number, then text that begins as a sentence does ("601.2b and 601.2f–h." is a reference a wrap put
at a line's start, as the rules parser reads it: :func:`rulesgraph.parse.numbers.rule_line`)."""
_EFFECTIVE = lazy(r"effective as of", re.IGNORECASE)
_QUESTION = lazy(r"^Q:")


def detect_format(source: SourceText) -> str | None:
    """Guess a source's format from its lines; ``None`` when it is none we know."""
    lines = source.lines
    numbered = sum(1 for line in lines if _CR_RULE.match(line))
    dated = any(_EFFECTIVE.search(line) for line in lines)  # anywhere: a cover or a converter's preamble may come first
    if numbered >= 5 and dated and any(line.strip() == "Glossary" for line in lines):
        return "cr"
    questions = sum(1 for line in lines if _QUESTION.match(line))
    if questions and numbered:
        return "faq"
    if numbered:
        return "excerpt"
    if questions:
        return "faq"
    if looks_like_sections(lines):
        return "sections"
    return None
