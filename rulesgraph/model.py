"""The data model: frozen records that parsers produce, the graph is built from, and the
answer layer returns (:class:`Answer`, :class:`Citation`), and the record of a card a question names
(:class:`NamedCard`), which the question stage makes and ranking and answers read.

Parsers turn source text into these records and nothing else; every later stage
(graph, index, answer) reads them.  Each record keeps its :class:`Origin` so any
answer can say exactly where its words came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "Anomaly",
    "Answer",
    "Citation",
    "Document",
    "Example",
    "FaqEntry",
    "GlossaryEntry",
    "NamedCard",
    "Origin",
    "Ref",
    "Rule",
    "RuleLevel",
    "ShownCard",
    "Skipped",
]

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


@dataclass(frozen=True, slots=True)
class Citation:
    """One cited node of an answer, in rank order."""

    id: str
    """The node id: a bare CR number (``702.19b``, ``509``), ``glossary:Term``, ``faq:key`` …"""
    kind: str
    """``rule``, ``subrule``, ``section``, ``chapter``, ``glossary``, ``faq`` or ``keyword``."""
    label: str
    """What to show as its name: the number, term or FAQ key."""
    title: str | None
    text: str
    source: str
    """``file:line`` it was read from."""
    effective: str | None
    score: float
    why: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Answer:
    """What the answer layer says about a question."""

    question: str
    answer: str | None
    """A short direct answer (a FAQ answer or the deciding rule's text), when one is supported."""
    citations: tuple[Citation, ...]
    keywords: tuple[str, ...]
    """Keywords and glossary terms the question was matched to."""
    confidence: float
    why: tuple[str, ...]
    alternatives: tuple[str, ...]
    """"Did you mean …" readings when confidence is low or two readings tie."""
    see_also: tuple[str, ...] = ()
    """Ids of nodes worth reading next (parents, related keywords)."""
    in_rules: bool = True
    """False for a question the Comprehensive Rules don't cover (tournament policy, prices, deck advice, other
    games: see :mod:`rulesgraph.question.scope`); its ``answer`` says so and there are no citations."""
    cards: tuple[ShownCard, ...] = ()
    """The cards the question names, as the answer shows them under itself."""
    signals: tuple[float, ...] = ()
    """What :attr:`confidence` was computed from (:data:`rulesgraph.answer.confidence.SIGNALS`), for calibration."""


@dataclass(frozen=True, slots=True)
class ShownCard:
    """A card a question names, as an answer shows it: its name, type line and Oracle text."""

    name: str
    type: str
    text: str


@dataclass(frozen=True, slots=True)
class NamedCard:
    """A card the question names, with what the ranking and the answer need of it."""

    key: str
    """The card's full name (``Bonecrusher Giant // Stomp``)."""
    said: str
    """The words of the question that named it."""
    start: int
    end: int
    confidence: float
    how: str
    """How it was found (``exact``, ``bracket``, ``plural``, ``typo`` …: :class:`~rulesgraph.question.mentions.CardMention`)."""
    type_line: str
    """Its faces' type lines, ``" // "`` between faces."""
    text: str
    """Its faces' Oracle text, a blank line between faces."""
    keywords: tuple[tuple[str, str, tuple[str, ...]], ...]
    """``(keyword, relation, rules)``: the keywords it has or grants (``Indestructible``, ``has``, ``("702.12",)``)."""
    types: tuple[tuple[str, str, tuple[str, ...]], ...]
    """``(word, kind, rules)`` for each word of its type line (``Aura``, ``subtype``, ``("303.4", …)``)."""
    rulings: tuple[tuple[str, str], ...]
    """``(date, text)``, oldest first, as the card data gives them."""
    name_terms: frozenset[str]
    """The stems of its name (and face names): words the question said as the name, not as its own words."""
    sets: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """``(type, rules)`` for each type its effects set objects to (``Mountain``, ``("305.6",)``: Blood Moon's "Nonbasic lands
    are Mountains"; :func:`rulesgraph.cards.view.set_types`)."""
    layout: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    """``(kind, "layout", rules)``: the kind of card its layout makes it, as the glossary names it, and the rules the entry
    cites (``transform`` → ``Transforming Double-Faced Cards``, ``("712.1", …)``: :func:`rulesgraph.cards.view.layout_kind`)."""
    many: bool = False
    """Whether the question speaks of more than one of it (:func:`more_than_one`: "a second Thalia", "another
    Ragavan", "two Thalias"; named twice and "both" of them)."""
    mana_cost: str = ""
    """Its faces' mana costs as the card data writes them (``{X}{U}{U}``), ``" // "`` between faces (empty for none)."""
    links: tuple[tuple[str, ...], ...] = ()
    """For each of :attr:`rulings`, in order, the CR rules it restates, best first, as linked when the cards were installed
    (:mod:`rulesgraph.cards.rulinglinks`) and found in the loaded rules; empty when the rulings were not linked."""
