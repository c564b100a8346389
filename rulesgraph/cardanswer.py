"""The cards' part of an answer: the named cards' rulings cited beside the rules (kind ``ruling``), the
``why`` lines that went through a card, and the cards shown under the answer.

Reads what the card steps left (:attr:`rulesgraph.rank.Ranking.rulings`) and the analysis's cards; a ruling is
not a node of the graph, so its citation id is ``ruling:<card>:<date>:<n>`` (``n`` counts that card's rulings of
that date from 1) and it is shown with its card and date.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .analyze import Analysis
from .model import Citation, ShownCard

if TYPE_CHECKING:
    from .namedcards import NamedCard

__all__ = ["DIRECT_SHARE", "card_why", "ruling_citation", "shown_cards", "with_rulings"]

DIRECT_SHARE = 0.6
"""A ruling cited first or second that holds at least this share of the question's own words is the direct answer."""


def ruling_citation(card: NamedCard, date: str, text: str, score: float, why: tuple[str, ...]) -> Citation:
    """The citation of one of ``card``'s rulings (id ``ruling:<card>:<date>:<n>``, shown with its card and date)."""
    same = [t for d, t in card.rulings if d == date]
    return Citation(f"ruling:{card.key}:{date}:{same.index(text) + 1}", "ruling", card.key, None, text,
                    f"{card.key} ruling, {date}", None, round(score, 3), why)


def with_rulings(a: Analysis, citations: list[Citation], rulings: list[tuple[float, str, str, str, float]],
                 k: int, min_score: float) -> tuple[list[Citation], str | None]:
    """``citations`` with the competing rulings placed among them by score (at most ``k`` in all; a ruling takes
    a place only from a citation it outscores, and none scoring below ``min_score``, the rules' own threshold),
    and the direct answer when a ruling settles the question."""
    out = list(citations)
    direct = None
    for score, key, date, text, share in rulings:
        if score < min_score:
            continue
        at = next((i for i, c in enumerate(out) if c.score < score), len(out))
        if at >= k:
            continue
        why = (f"a ruling of {key} holding {share:.0%} of what the question asks",)
        out.insert(at, ruling_citation(next(c for c in a.cards if c.key == key), date, text, score, why))
        if at <= 1 and share >= DIRECT_SHARE and direct is None:
            direct = text
    return out[:k], direct


def card_why(a: Analysis) -> list[str]:
    """One line per named card: how it was found and what it leads to (``‘Stuffy Doll’ names card Stuffy Doll:
    indestructible → 702.12``)."""
    lines = []
    for c in a.cards:
        how = "" if c.how in ("exact", "bracket") else f" ({c.how})"
        leads = [f"{name.lower()} → {rules[0]}" for name, rel, rules in c.keywords if rules and rel != "mentions"]
        # a subtype's own rules (Aura → 303.4), not the type line's list of every subtype (205.3)
        leads += [f"{word} → {rules[0]}" for word, kind, rules in c.types
                  if rules and kind == "subtype" and not rules[0].startswith("205.")]
        lines.append(f"‘{c.said}’ names card {c.key}{how}" + (f": {', '.join(leads)}" if leads else ""))
    return lines


def shown_cards(a: Analysis) -> tuple[ShownCard, ...]:
    """The named cards as the answer shows them: name, type line, Oracle text."""
    return tuple(ShownCard(c.key, c.type_line, c.text) for c in a.cards)
