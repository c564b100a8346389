"""Parsers, one module per source format; :func:`parse` picks one and returns a Document.

The pipeline is explicit: ``sources.read_source`` → :data:`PARSERS` [format] → ``Document``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import SourceError
from ..model import Document
from ..sources import FORMATS, SourceText, detect_format
from .cr import parse_cr
from .faq import parse_faq
from .sections import parse_sections

__all__ = ["PARSERS", "parse"]

PARSERS: dict[str, Callable[[SourceText], Document]] = {
    "cr": parse_cr,
    "faq": parse_faq,
    "excerpt": parse_faq,  # numbered excerpts are FAQ pages without questions
    "sections": parse_sections,
}
assert set(PARSERS) == set(FORMATS)


def parse(source: SourceText, fmt: str | None = None) -> Document:
    """Parse ``source`` as ``fmt`` (detected when ``None``)."""
    chosen = fmt or detect_format(source)
    if chosen is None:
        raise SourceError(source.path, "unknown format: not Comprehensive Rules, a keyword FAQ, numbered rules or keyword sections")
    if chosen not in PARSERS:
        raise SourceError(source.path, f"unknown format {chosen!r} (choose from {', '.join(FORMATS)})")
    return PARSERS[chosen](source)
