"""The citation record of a graph node: what an answer, a rule view or a profile cites (kind, label, title, text,
source file and line, effective date), read off the query-time graph."""

from __future__ import annotations

from ..model import Citation
from ..parse.kinds import KINDS
from .corpus import Rulebook

__all__ = ["citation", "dated_source"]

_KIND = {"paragraph": "rule", "chapter": "section"}


def citation(book: Rulebook, node: str, score: float = 0.0, why: tuple[str, ...] = ()) -> Citation:
    """The citation record of any graph node."""
    data = book.qg.nodes[node]
    source = f"{data['file']}:{data['line']}" if data.get("file") else "-"
    return Citation(node, _KIND.get(data["kind"], data["kind"]), data["label"], data.get("title"), data.get("text") or "", source,
                    data.get("effective"), round(score, 3), why, tuple(data.get("examples") or ()), _opening(book, node, data))


def _opening(book: Rulebook, node: str, data: dict) -> tuple[str, str] | None:
    """A heading's first part with words of its own (``702.85a`` of ``702.85 Cascade``; of a chapter, the first part of
    its first section: ``700.1`` of ``7 Additional Rules``), or ``None``."""
    if not data.get("title") or data.get("text") != data["title"]:
        return None
    for _ in range(3):  # chapter → section → rule at most
        first = next(iter(book.qg.targets(node, "contains")), None)
        if first is None:
            return None
        child = book.qg.nodes[first]
        words = child.get("text") or ""
        if words and words != child.get("title"):
            return first, words
        node = first
    return None


def dated_source(c: Citation) -> str:
    """Where a citation is from with the dated document it belongs to: ``…:278 (IPG 2024-09-23)`` for a tournament
    document's passage (its kind names it), ``…:1203 (CR 2026-06-19)`` for everything read with the rules."""
    if not c.effective:
        return c.source
    return f"{c.source} ({c.kind.upper() if c.kind in KINDS else 'CR'} {c.effective})"
