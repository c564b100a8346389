"""The records read from a card file: a :class:`Card` with its faces, rulings and keywords, the :class:`CardFile`,
and :class:`CardName`, the little of a card the name table reads questions against; and :class:`NamedCard`, a card as a
question names it (named by :mod:`rulesgraph.model`).  A question naming a card makes some (the card read from the
store); a question naming none, none."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Card", "CardFile", "CardKeyword", "CardName", "Face", "NamedCard", "Relation", "Ruling"]

Relation = Literal["has", "grants", "action", "mentions"]
"""How a card relates to a keyword: it ``has`` it (an ability of its own: ``Flying``, ``Persist``),
``grants`` it to other objects (``Creatures you control have flying``), performs it (a keyword
``action`` such as Scry), or only ``mentions`` it (``creatures with flying can't block``)."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """A dated ruling on a card, as the card data gives it."""

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

    def stats(self) -> str:
        """``2/2``, ``loyalty 3``, ``defense 5`` or empty: what is printed in the face's corner."""
        if self.power is not None or self.toughness is not None:
            return f"{self.power or ''}/{self.toughness or ''}"
        return f"loyalty {self.loyalty}" if self.loyalty is not None else f"defense {self.defense}" if self.defense is not None else ""


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
    """Whether the question speaks of more than one of it (:func:`~rulesgraph.question.mention_context.more_than_one`:
    "a second Thalia", "another Ragavan", "two Thalias"; named twice and "both" of them)."""
    links: tuple[tuple[str, ...], ...] = ()
    """For each of :attr:`rulings`, in order, the CR rules it restates, best first, as linked when the cards were installed
    (:mod:`rulesgraph.cards.rulinglinks`) and found in the loaded rules; empty when the rulings were not linked."""
    faces: tuple[Face, ...] = ()
    """Its faces as the card data gives them (what an answer shows of the card: :class:`rulesgraph.model.ShownCard`)."""
    terms: tuple[tuple[str, float], ...] = ()
    """The glossary entries its Oracle text says (``glossary:Dies``, Wurmcoil Engine's "When Wurmcoil Engine dies"), each once
    with how surely it was said (the best match's quality), as the question analysis reads them (rule 72's)."""
