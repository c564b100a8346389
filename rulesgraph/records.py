"""The records read from the source files: a rules file's (:class:`Document`: its rules, glossary entries, FAQ
entries, cross-references, anomalies and skipped text, each with its :class:`Origin`), which the graph is built from,
and a card file's (:class:`Card` with its faces, rulings and keywords, :class:`CardFile`, and :class:`CardName`, the
little of a card the name table reads questions against).

Why apart from :mod:`rulesgraph.model` and :mod:`rulesgraph.cards.model` (which name them, as they always did): a
process that loads the rules from the cache and answers a question naming no card never makes one, and defining these
frozen dataclasses was ~6 ms of every ``ask --json`` process; those modules import this one the first time one of
them is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Anomaly", "Card", "CardFile", "CardKeyword", "CardName", "Document", "Example", "Face", "FaqEntry", "GlossaryEntry", "Origin",
           "Ref", "Relation", "Rule", "RuleLevel", "Ruling", "Skipped"]

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


Relation = Literal["has", "grants", "action", "mentions"]
"""How a card relates to a keyword: it ``has`` it (an ability of its own: ``Flying``, ``Persist``),
``grants`` it to other objects (``Creatures you control have flying``), performs it (a keyword
``action`` such as Scry), or only ``mentions`` it (``creatures with flying can't block``)."""


@dataclass(frozen=True, slots=True)
class Ruling:
    date: str
    """``YYYY-MM-DD`` as the file gives it."""
    text: str


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a card (a normal card has one; split, adventure, double-faced, flip and meld cards several)."""

    name: str
    """The face's own name (``Stomp``); the card's name for a one-faced card."""
    mana_cost: str | None
    type_line: str
    text: str
    """The Oracle text, abilities separated by newlines, as written."""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    layout: str = "normal"
    side: str | None = None
    """MTGJSON's ``side`` (``a``, ``b`` …) for multi-faced cards."""
    keywords: tuple[str, ...] = ()
    """The keywords the card file lists for this face (MTGJSON's ``keywords``)."""
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CardKeyword:
    """A keyword joined to a card: its name as the rules graph spells it, and how the card uses it."""

    name: str
    relation: Relation
    category: str | None = None
    """``ability``, ``action`` or ``None`` (the rules loaded when the card data was joined did not say)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card name with everything the card data says about it."""

    name: str
    """The full name, which is the card's key (``Fire // Ice``)."""
    layout: str
    faces: tuple[Face, ...]
    rulings: tuple[Ruling, ...] = ()
    keywords: tuple[CardKeyword, ...] = ()
    funny: bool = False
    """From a joke set (Unglued and the like): its rules text need not follow the rules."""
    ascii_name: str | None = None
    rank: int = 0
    """Popularity: EDHREC's rank (1 is the most played), 0 when the card file does not say."""
    legalities: tuple[tuple[str, str], ...] = ()
    """``(format, status)`` as MTGJSON keys them (``("commander", "Legal")``, ``("vintage", "Restricted")``), sorted; a
    format the card data lists for other cards but not this one is one it is not legal in."""
    leadership: tuple[str, ...] = ()
    """The formats the card can be a commander in (MTGJSON's ``leadershipSkills``: ``commander``, ``brawl``, ``oathbreaker``)."""
    color_identity: tuple[str, ...] = ()
    """Its color identity as color letters (``("G", "W")``; empty for colorless), as the card data gives it."""

    @property
    def key(self) -> str:
        return self.name

    def keyword_names(self, *relations: Relation) -> tuple[str, ...]:
        """The keywords with one of ``relations`` (all when none are given), in card order."""
        return tuple(k.name for k in self.keywords if not relations or k.relation in relations)

    @property
    def supertypes(self) -> tuple[str, ...]:
        return _union(f.supertypes for f in self.faces)

    @property
    def types(self) -> tuple[str, ...]:
        return _union(f.types for f in self.faces)

    @property
    def subtypes(self) -> tuple[str, ...]:
        return _union(f.subtypes for f in self.faces)


def _union(groups: object) -> tuple[str, ...]:
    return tuple(dict.fromkeys(w for g in groups for w in g))  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class CardFile:
    """A card file read and validated: the cards, plus what the file says about itself."""

    source: str
    """The file name or address it came from."""
    sha256: str
    """Of the bytes as read (compressed, when the file was)."""
    version: str | None
    """MTGJSON's build (``5.2.0+20220425``)."""
    date: str | None
    kind: Literal["atomic", "set"]
    cards: tuple[Card, ...]

    @property
    def faces(self) -> int:
        return sum(len(c.faces) for c in self.cards)

    @property
    def rulings(self) -> int:
        return sum(len(c.rulings) for c in self.cards)


@dataclass(frozen=True, slots=True)
class CardName:
    """One card as the store knows it: what the table needs, nothing else."""

    key: str
    """The store's key for the card (its full name, ``Fire // Ice``)."""
    faces: tuple[str, ...] = ()
    """Face names of a multi-face card (``Fire``, ``Ice``); empty or the name itself for one face."""
    funny: bool = False
    """From a joke set (``isFunny``): found only in brackets."""
    layout: str = "normal"
    rank: int = 0
    """Popularity (EDHREC rank, 1 is the most played; 0 unknown): orders the candidates of an ambiguous short name."""
    types: tuple[str, ...] = ()
    """Its faces' types, subtypes and supertypes, sorted: a card named like one ("My Juggernaut attacks") is not that
    card when said as the type ("an Illusion", "two Juggernaut tokens")."""
