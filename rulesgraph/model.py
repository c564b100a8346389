"""The data model: frozen records that parsers produce, the graph is built from, and the
answer layer returns (:class:`Answer`, :class:`Citation`), and the record of a card a question names
(:class:`NamedCard`), which the question stage makes and ranking and answers read.

Parsers turn source text into these records and nothing else; every later stage
(graph, index, answer) reads them.  Each record keeps its :class:`Origin` so any
answer can say exactly where its words came from.  The parsers' records (:class:`Rule`, :class:`Document` …) and
:class:`NamedCard` (with the card records) are defined in :mod:`rulesgraph.records` and named here too, imported when
first asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .records import Anomaly, Document, Example, FaqEntry, GlossaryEntry, NamedCard, Origin, Ref, Rule, RuleLevel, Skipped
    from .records.cards import Face

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

_RECORDS = frozenset({"Anomaly", "Document", "Example", "FaqEntry", "GlossaryEntry", "NamedCard", "Origin", "Ref", "Rule",
                      "RuleLevel", "Skipped"})


def __getattr__(name: str) -> object:
    """The parsers' records (:mod:`rulesgraph.records`: ``Rule``, ``Document`` …) and :class:`NamedCard` (with the card
    records), imported the first time one is asked for: a process answering from the cache never makes a parser's record,
    nor one answering a question naming no card a :class:`NamedCard`."""
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
    opening: tuple[str, str] | None = None
    """A heading's first words (``702.85`` Cascade opens with ``702.85a``): its first part's id and text, so a cited
    heading says something; ``None`` for a node with words of its own."""


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
    caveats: tuple[str, ...] = ()
    """What to know before reading the answer (each also a line of :attr:`why`): the question was cut, a name it says is of
    no card the installed card data has (a newer card?), a name several cards share and it does not choose between."""
    signals: tuple[float, ...] = ()
    """The signals of the rules' answer (:data:`rulesgraph.answer.confidence.SIGNALS`), for calibration: what
    :attr:`confidence` was computed from, unless a card's ruling leads (its confidence is then the ruling's chance)."""


class ShownCard(NamedTuple):
    """A card a question names, as an answer shows it: its name, type line and Oracle text, and each face with its mana
    cost and power/toughness or loyalty (a named tuple: defined in every process, made only for a question naming a
    card)."""

    name: str
    type: str
    text: str
    faces: tuple[Face, ...] = ()
    """Its faces (one for most cards) as the card data gives them: a split card's halves with their own names and
    costs, power/toughness or loyalty (:meth:`~rulesgraph.records.cards.Face.stats`)."""

    def said(self) -> str:
        """Its Oracle text as an answer says it: a card of several faces face by face ("Fire: …", then "Ice: …")."""
        faces = [f for f in self.faces if f.text]
        return "\n\n".join(f"{f.name}: {f.text}" for f in faces) if len(self.faces) > 1 and faces else self.text
