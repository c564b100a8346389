"""The cards' part of an answer: the named cards' rulings cited beside the rules (kind ``ruling``), the
``why`` lines that went through a card, and the cards shown under the answer.

Reads what the card steps left (:attr:`rulesgraph.rank.ranking.Ranking.rulings`) and the analysis's cards; a ruling is
not a node of the graph, so its citation id is ``ruling:<card>:<date>:<n>`` (``n`` counts that card's rulings of
that date from 1) and it is shown with its card and date.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import Citation, ShownCard
from ..question.analyze import Analysis

if TYPE_CHECKING:
    from ..question.namedcards import NamedCard

__all__ = ["LEAD_SHARE", "SHOW_SHARE", "card_why", "ruling_citation", "shown_cards", "with_rulings"]

LEAD_SHARE = 1 / 3
"""A named card's ruling holding at least this (idf-weighted) share of the question's words (its own and those telling its
situation, its cards' names left out, the asking sentence's counting more: rule 23) …"""
AHEAD = 1.5
"""… and fitting this many times as well as any other of the cards' rulings (its fit: that share, less for a long
ruling) settles the question: it leads the answer, quoted with its card and date, the rule it restates cited next.
Chosen with rule 23's fit (:data:`rulesgraph.rank.cardsteps.cards.ASKED`) by leave-one-source-out cross-validation on the 135
real tuning questions from 102 source pages, 33 settled by a ruling (``bench/rulingcv.py``, a wrong lead costing half a
right one): this setting in 98 of 102 folds.  On all of them the settling ruling leads 5 times, as before (1/3 and 1.25
times the runner's share), and a ruling that is not the label's 8 times instead of 14.  Leading more often is mostly
leading the wrong ruling: a share of 0.2 with no margin leads the settling ruling on 12 questions and a wrong one on 54."""
AGREES = 0.2
"""A best-fitting ruling holding at least this share also settles the question when the rule the rules cite first is
one it restates (linked at install, :mod:`rulesgraph.cards.rulinglinks`): the ruling and the rules agree on what decides it.
Chosen by the same cross-validation (``bench/rulingcv.py``: 0.15 in 95 of 102 folds, 0.2 leading the same questions on
the tuning part); there the settling ruling then leads 9 times instead of 5, another ruling 12 times instead of 8 — a
right lead for each wrong one, where lowering :data:`LEAD_SHARE` buys one for four."""
SHOW_SHARE = 0.1
"""A ruling holding at least this share is shown among the citations even when the rules outscore it … (on the real
tuning questions a ruling settles, the settling ruling was then among the five citations shown in 15 of 28)"""
SHOW_AT = 3
"""… at this place at the latest (0 is the first: the fourth, after the rules' first three), the next one the place after
it: the two best-fitting rulings of the cards are among the five citations shown by default."""
SHOWN = 2
"""How many of the best-fitting rulings take those places."""
RESTS_WITHIN = 3
"""The rule a leading ruling restates moves up to follow it from among the first this many citations; one the rules
placed lower stays where it is (the rules' own first rule is then what follows the ruling)."""


def ruling_citation(card: NamedCard, date: str, text: str, score: float, why: tuple[str, ...]) -> Citation:
    """The citation of one of ``card``'s rulings (id ``ruling:<card>:<date>:<n>``, shown with its card and date)."""
    same = [t for d, t in card.rulings if d == date]
    return Citation(f"ruling:{card.key}:{date}:{same.index(text) + 1}", "ruling", card.key, None, text,
                    f"{card.key} ruling, {date}", None, round(score, 3), why)


def with_rulings(a: Analysis, citations: list[Citation], rulings: list[tuple[float, str, str, str, float, tuple[str, ...]]],
                 k: int, min_score: float, place: dict[str, int] | None = None) -> tuple[list[Citation], str | None]:
    """``citations`` with the competing rulings placed among them (at most ``k`` in all), and the direct answer when a
    ruling settles the question.

    The best-fitting ruling (rule 23) leads when it holds at least :data:`LEAD_SHARE` of what the question asks and
    :data:`AHEAD` times the fit of any other: it is cited first, the rule it restates right after it (:func:`_rests_on`: of the rules
    it was linked to at install, the one the ranking placed best, ``place``, when the rules cite it among their first),
    and the direct answer quotes it with its card and date ("Doubling Season ruling, 2020-08-07: …").  Otherwise each
    ruling scoring at least ``min_score`` (the rules' own threshold) takes a place from a citation it outscores; the best
    two, holding at least :data:`SHOW_SHARE`, the places :data:`SHOW_AT` and the next at the latest (a ruling that fits is
    worth reading beside the rules); only a leading ruling is cited first."""
    out = list(citations)
    fitting = [r for r in rulings if r[0] >= min_score]
    if not fitting:
        return out[:k], None
    score, key, date, text, share, links = fitting[0]
    runner = max((r[0] for r in rulings[1:]), default=0.0)
    agrees = share >= AGREES and score >= runner and bool(out) and out[0].id in links
    if (share >= LEAD_SHARE and score >= AHEAD * runner) or agrees:
        lead = _cited(a, max(score, out[0].score if out else score), key, date, text, share)
        rests = _rests_on(out, links, place or {})
        rest = [c for c in out if rests is None or c.id != rests.id]
        others = [_cited(a, *other[:5]) for other in fitting[1:]]
        head = [lead, *([rests] if rests is not None else [])]
        shown = head + _by_score(rest, others, k - len(head))
        return shown[:k], f"{key} ruling, {date}: {text}"
    after = 1  # first place is the lead's; a ruling not among the shown ones never goes before them
    for n, (score, key, date, text, share, _) in enumerate(fitting):
        at = max(after, next((i for i, c in enumerate(out) if c.score < score), len(out)))
        if n < SHOWN and share >= SHOW_SHARE:
            at = min(at, SHOW_AT + n)
            after = at + 1
        if at >= k:
            continue
        out.insert(at, _cited(a, score, key, date, text, share))
    return out[:k], None


def _cited(a: Analysis, score: float, key: str, date: str, text: str, share: float) -> Citation:
    why = (f"a ruling of {key} holding {share:.0%} of what the question asks",)
    return ruling_citation(next(c for c in a.cards if c.key == key), date, text, score, why)


def _by_score(citations: list[Citation], rulings: list[Citation], room: int) -> list[Citation]:
    """``citations`` (in order) with ``rulings`` each placed before the first citation it outscores, ``room`` at most."""
    out = list(citations)
    for r in rulings:
        at = next((i for i, c in enumerate(out) if c.score < r.score), len(out))
        out.insert(at, r)
    return out[: max(0, room)]


def _rests_on(citations: list[Citation], links: tuple[str, ...], place: dict[str, int]) -> Citation | None:
    """The rule a leading ruling restates: of the rules it was linked to, the one the ranking placed best, when it is
    among the first :data:`RESTS_WITHIN` citations; else ``None`` (the rules' own order follows the ruling: on the real
    tuning questions, putting a linked rule the rules placed lower, or did not cite, first cost more rules hit first than
    it won)."""
    if not links:
        return None
    far = len(place) + 1
    rule = min(links, key=lambda r: (place.get(r, far), links.index(r)))
    return next((c for c in citations[:RESTS_WITHIN] if c.id == rule), None)


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
