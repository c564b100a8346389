"""The card records: what a card file is read into, the card store keeps and front ends show.

A :class:`Card` is one card name as MTGJSON keys it (``Bonecrusher Giant // Stomp``) with its
faces, dated rulings, the keywords it has or grants (joined to the rules graph's keyword list)
and the card types on its type line.  The card's key everywhere is its full name.  A :class:`CardName` is the little
of a card the name table reads questions against (made by :func:`names_from_atomic` and :func:`names_from_summaries`),
with the name words (:data:`JOINERS`) every name reader shares.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Literal, NamedTuple

if TYPE_CHECKING:
    from ..records import Card, CardFile, CardKeyword, CardName, Face, Relation, Ruling

__all__ = ["BRACKET_ONLY", "JOINERS", "Card", "CardFile", "CardKeyword", "CardName", "CardSummary", "Face", "NameEntry", "Relation",
           "Ruling", "names_from_atomic", "names_from_summaries"]

_RECORDS = frozenset({"Card", "CardFile", "CardKeyword", "CardName", "Face", "Relation", "Ruling"})


def __getattr__(name: str) -> object:
    """The card records (:mod:`rulesgraph.records`: ``Card``, ``Face``, ``CardName`` …), imported the first time one is
    asked for: a process answering a question that names no card never makes one."""
    if name in _RECORDS:
        from .. import records

        value = globals()[name] = getattr(records, name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class NameEntry(NamedTuple):
    """One name a card can be looked up by: its full name, a face name, or its ASCII spelling (a tuple:
    25,000 of them are made at once)."""

    name: str
    key: str
    """The card's key (full name)."""
    kind: Literal["name", "face", "ascii"]


class CardSummary(NamedTuple):
    """What finding cards by name needs of every card (the fields of :class:`rulesgraph.cards.model.CardName`)."""

    key: str
    faces: tuple[str, ...]
    """Face names of a multi-face card; empty for one face."""
    funny: bool
    layout: str
    rank: int
    types: tuple[str, ...]
    """Its faces' supertypes, types and subtypes."""


JOINERS = frozenset("a an the of to in on at by for from with and or but into onto as de la le du".split())
"""The small words inside names; every other word of a name is content (``Force of Will``: force, will)."""
BRACKET_ONLY = frozenset({"vanguard"})
"""Layouts whose names count only in brackets (Vanguard characters share their names with real cards)."""

def names_from_atomic(data: Mapping[str, list[dict]]) -> Iterator[CardName]:
    """Card names from MTGJSON AtomicCards ``data`` (``{"Card Name": [face, …]}``); Alchemy rebalances
    (``A-``) are left out: they are digital copies of paper cards and "A Base Camp" is not one."""
    from ..records import CardName

    for key, faces in data.items():
        if key.startswith("A-") or not faces:
            continue
        first = faces[0]
        names = tuple(f["faceName"] for f in faces if f.get("faceName") and f["faceName"] != key)
        types = tuple(sorted({t for f in faces for k in ("supertypes", "types", "subtypes") for t in f.get(k) or ()}))
        yield CardName(key, names, bool(first.get("isFunny")), first.get("layout", "normal"), int(first.get("edhrecRank") or 0), types)


def names_from_summaries(summaries: Iterable[object]) -> Iterator[CardName]:
    """Card names from the card store's summaries (:class:`rulesgraph.cards.model.CardSummary`, the same fields
    as :class:`CardName`); Alchemy rebalances (``A-``) are left out, as :func:`names_from_atomic` leaves them."""
    from ..records import CardName

    for s in summaries:
        key: str = s.key  # type: ignore[attr-defined]
        if not key.startswith("A-"):
            yield CardName(key, s.faces, bool(s.funny), s.layout, s.rank, tuple(sorted(set(s.types))))  # type: ignore[attr-defined]
