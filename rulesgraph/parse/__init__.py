"""Stage 2, parse: text → records.  Parsers, one module per source format; :func:`parse` picks one and returns a
Document.

Enters: :class:`~rulesgraph.sources.read.SourceText` and its format (:mod:`rulesgraph.sources`).  Leaves:
:class:`~rulesgraph.model.Document` records for :mod:`rulesgraph.build` (tournament documents as
:class:`~rulesgraph.parse.tdoc.TDocument`).  MTGJSON card files are read by :mod:`rulesgraph.cards` itself.

The pipeline is explicit: :func:`~rulesgraph.sources.read.read_source` → :data:`PARSERS` [format] → ``Document``.
The parser modules are imported when something is parsed (answering from the cache reads
``parse.numbers`` only, and importing this package must not import every parser).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import SourceError
from ..sources.detect import detect_format
from ..sources.read import FORMATS, SourceText

if TYPE_CHECKING:  # a type hint only: the records are made where files are parsed
    from ..model import Document

__all__ = ["PARSERS", "parse"]


def _parsers() -> dict[str, Callable[[SourceText], Document]]:
    from .cr import parse_cr
    from .faq import parse_faq
    from .sections import parse_sections

    table: dict[str, Callable[[SourceText], Document]] = {
        "cr": parse_cr,
        "faq": parse_faq,
        "excerpt": parse_faq,  # numbered excerpts are FAQ pages without questions
        "sections": parse_sections,
    }
    assert set(table) == set(FORMATS)
    return table


def __getattr__(name: str) -> Any:
    if name == "PARSERS":
        return _parsers()
    raise AttributeError(name)


def parse(source: SourceText, fmt: str | None = None, *, strict: bool = True) -> Document:
    """Parse ``source`` as ``fmt`` (detected when ``None``); a file that yields no rule, glossary entry or FAQ question
    (``--rules faq:notes.txt``, every line unplaced) is a :class:`SourceError`, not a source loaded with nothing in it —
    unless not ``strict`` (``check``, which reports it as an anomaly of kind ``empty`` beside the lines it could not
    place)."""
    chosen = fmt or detect_format(source)
    if chosen is None:
        raise SourceError(source.path, "unknown format: not Comprehensive Rules, a keyword FAQ, numbered rules or keyword sections")
    parsers = _parsers()
    if chosen not in parsers:
        raise SourceError(source.path, f"unknown format {chosen!r} (choose from {', '.join(FORMATS)})")
    doc = parsers[chosen](source)
    if not (doc.rules or doc.glossary or doc.faq):  # every line unplaced: not what it was said to be
        what = {"cr": "Comprehensive Rules file", "faq": "keyword FAQ page", "excerpt": "numbered rules excerpt",
                "sections": "keyword sections file"}.get(chosen, f"{chosen} file")
        said = f"no rule, glossary entry or FAQ question found in it: is it a {what}?"
        if strict:
            raise SourceError(source.path, said)
        from dataclasses import replace

        from ..model import Anomaly, Origin

        return replace(doc, anomalies=(Anomaly("empty", said, Origin(doc.path, 1)), *doc.anomalies))
    return doc
