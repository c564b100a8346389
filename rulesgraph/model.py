"""The data model: frozen records that parsers produce, the graph is built from, and the
answer layer returns (:class:`Answer`, :class:`Citation`), and the record of a card a question names
(:class:`NamedCard`), which the question stage makes and ranking and answers read.

Parsers turn source text into these records and nothing else; every later stage
(graph, index, answer) reads them.  Each record keeps its :class:`Origin` so any
answer can say exactly where its words came from.  The parsers' records (:class:`Rule`, :class:`Document` …) are
defined in :mod:`rulesgraph.records` and named here too, imported when first asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .records import Anomaly, Document, Example, FaqEntry, GlossaryEntry, Origin, Ref, Rule, RuleLevel, Skipped

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

_RECORDS = frozenset({"Anomaly", "Document", "Example", "FaqEntry", "GlossaryEntry", "Origin", "Ref", "Rule", "RuleLevel",
                      "Skipped"})


def __getattr__(name: str) -> object:
    """The parsers' records (:mod:`rulesgraph.records`: ``Rule``, ``Document`` …), imported the first time one is asked
    for: a process answering from the cache never makes one."""
    if name in _RECORDS:
        from . import records

        return getattr(records, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
