"""The records read from a rules file: a :class:`Document` — its rules, glossary entries, FAQ entries,
cross-references, anomalies and skipped text, each with its :class:`Origin` —, which the graph is built from.  A process
answering from the cache never makes one (the cache holds builtins)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Anomaly", "Document", "Example", "FaqEntry", "GlossaryEntry", "Origin", "Ref", "Rule", "RuleLevel", "Skipped"]

RuleLevel = Literal["chapter", "section", "rule", "subrule", "paragraph"]
"""How deep a numbered unit sits: ``7`` chapter, ``702`` section, ``702.19`` rule,
``702.19b`` subrule; ``paragraph`` is an unnumbered paragraph of a keyword section."""


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a piece of text came from."""

    file: str
    """The source's display name (file name for bundled data, the path as given otherwise)."""
    line: int
    """1-based line number of the first line of the text."""
    effective: str | None = None
    """ISO date the rules source is effective from, when the source says."""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True, slots=True)
class Ref:
    """A cross-reference written in some text, before it is resolved against the graph."""

    raw: str
    """The reference exactly as written, e.g. ``rules 601.2b and 601.2e–g``."""
    targets: tuple[str, ...]
    """What it points at: rule numbers (``601.2e``), ranges as their two ends (``601.2e–601.2g``, expanded
    by the graph to the numbers that exist), chapter numbers (``8``) or glossary terms as written
    (``Active Player, Nonactive Player Order``)."""
    kind: Literal["rule", "term"]
    """``rule`` for numbered targets, ``term`` for glossary terms."""
    origin: Origin
    title: str | None = None
    """A quoted title written after the number (``See rule 702.19, “Trample.”``)."""
    see_also: bool = False
    """Written as ``See also …`` rather than ``See …``."""


@dataclass(frozen=True, slots=True)
class Example:
    """An ``Example:`` paragraph attached to the rule above it."""

    text: str
    origin: Origin


@dataclass(frozen=True, slots=True)
class Rule:
    """A numbered unit of rules text (chapter, section, rule, subrule) or an unnumbered paragraph."""

    key: str
    """Identifier within its document: the number (``702.19b``) or, for unnumbered
    paragraphs, ``<keyword>.<n>``."""
    number: str | None
    """The printed number, ``None`` for unnumbered paragraphs."""
    level: RuleLevel
    text: str
    """The paragraph after its number, exactly as written (continuation paragraphs
    follow after a blank line)."""
    origin: Origin
    title: str | None = None
    """A heading-style text (``Trample`` for ``702.19. Trample``; the section or chapter name)."""
    examples: tuple[Example, ...] = ()
    refs: tuple[Ref, ...] = ()
    keyword: str | None = None
    """The keyword this unit belongs to, when its source groups text by keyword."""


@dataclass(frozen=True, slots=True)
class GlossaryEntry:
    """One entry of the CR glossary."""

    term: str
    """The term without its ``(Obsolete)`` marker."""
    text: str
    """The definition lines, joined with newlines, as written."""
    origin: Origin
    obsolete: bool = False
    senses: tuple[str, ...] = ()
    """The numbered senses (``1. …``, ``2. …``) without their numbers; empty when there is one sense."""
    redirect: str | None = None
    """For a redirect-only entry (``See Active Player, Nonactive Player Order.``), its target as written."""
    refs: tuple[Ref, ...] = ()


@dataclass(frozen=True, slots=True)
class FaqEntry:
    """A question and its answer from a keyword FAQ page."""

    key: str
    """Identifier within the corpus, ``<keyword-slug>-<n>``."""
    question: str
    answer: str
    """The answer's paragraphs joined with blank lines, forum markup removed."""
    origin: Origin
    keyword: str | None = None
    """The keyword of the block the entry sits in."""
    rules: tuple[str, ...] = ()
    """Keys of the rule lines printed above the entry in the same document."""
    refs: tuple[Ref, ...] = ()
    cards: tuple[str, ...] = ()
    """Card names mentioned in the question or answer."""


@dataclass(frozen=True, slots=True)
class Anomaly:
    """Something a parser noticed and could not make sense of, or that looks wrong in the source."""

    kind: str
    """``letter-gap``, ``duplicate``, ``unplaced``, ``toc-mismatch``, ``title-mismatch`` …"""
    message: str
    origin: Origin
    text: str | None = None
    """The whole text the anomaly is about when no node keeps it (a line that could not be placed,
    the later of two rules with one number), so ``check`` loses nothing; the message may shorten it."""


@dataclass(frozen=True, slots=True)
class Skipped:
    """Text deliberately left out of every node (page chrome, repeated boilerplate), kept for ``check``."""

    reason: str
    text: str
    origin: Origin


@dataclass(frozen=True, slots=True)
class Document:
    """Everything one source file yielded."""

    id: str
    """Short identifier (the file name without extension), used to scope unnumbered keys."""
    path: str
    format: str
    """``cr``, ``faq`` (numbered excerpts with Q/A), ``excerpt`` or ``sections``."""
    sha256: str
    effective: str | None = None
    title: str | None = None
    numbering: Literal["cr", "excerpt", "none"] = "cr"
    """``cr`` for the Comprehensive Rules (numbers are identities); ``excerpt`` for
    numbered lines of unknown edition (kept apart, linked by keyword); ``none`` when unnumbered."""
    rules: tuple[Rule, ...] = ()
    glossary: tuple[GlossaryEntry, ...] = ()
    faq: tuple[FaqEntry, ...] = ()
    keywords: tuple[str, ...] = ()
    """Keyword names the document defines or discusses, in order of appearance."""
    front: tuple[str, ...] = ()
    """Front matter paragraphs (title page, introduction)."""
    credits: tuple[str, ...] = ()
    anomalies: tuple[Anomaly, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    encoding: str = "utf-8"
    lines: int = 0
