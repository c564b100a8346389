"""The records read from a card file: a :class:`Card` with its faces, rulings and keywords, the :class:`CardFile`,
and :class:`CardName`, the little of a card the name table reads questions against.  A question naming a card makes
some (the card read from the store); a question naming none, none."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Card", "CardFile", "CardKeyword", "CardName", "Face", "Relation", "Ruling"]

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
