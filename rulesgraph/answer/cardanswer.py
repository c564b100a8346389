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
from ..rank.cardsteps.cards import RULINGS

if TYPE_CHECKING:
    from ..model import NamedCard

__all__ = ["AGREES", "AHEAD", "LEAD_FIT", "SHARED_LISTED", "SHOWN", "SHOW_AT", "absent_why", "card_why", "ruling_citation", "shared_why",
           "shown_cards", "with_rulings"]

LEAD_FIT = 0.1
"""A named card's ruling fitting at least this (rule 23's fit, :data:`rulesgraph.rank.cardsteps.cards.FIT`: the chance that it
settles the question) …"""
AHEAD = 3.0
"""… and this many times as well as any other of the cards' rulings settles the question: it leads the answer, quoted
with its card and date, the rule it restates cited next; otherwise the rule leads and the rulings are cited.  Chosen with
the fit by leave-one-source-out cross-validation on the 135 real tuning questions (``bench/rulingcv.py``, a wrong lead
costing half a right one: this setting in 101 of 102 folds).  On all of them the settling ruling then leads 4 times and
another ruling 2 (the old lead, on the share of the question a ruling holds, led 9 right and 14 wrong: held out, 5 and
17); leading more often is mostly leading the wrong ruling: a fit of 0.05 and 1.25 times the next leads 9 right, 27
wrong.  Kept when the fit was refitted in stop 41 (with ``other``): on the 2,342 real tuning questions, the 0.3 (and 3)
``bench/rulingcv.py`` now chooses led the settling ruling less often (11.9% of 571, against 16.6%) and gave fewer right
first answers (34.0%, against 34.8%)."""
AGREES = 1.5
"""A named card's ruling that restates one of the rules' first :data:`RESTS_WITHIN` citations (:func:`_rests_on`) leads,
whatever its fit, when it fits this many times as well as any other of the cards' rulings: it is the card's own
statement of an answer the rules give, and it says which of their first rules the card's case turns on (that rule
follows it).  A lone candidate (no other ruling fits rule 23's ``RULING_SHOWN``) restating one of them leads too (a
floor of 0.01 or 0.02 under this way changes one answer of 800).  On the 800 real tuning questions, cross-fitted
(``bench/real.py``): the ruling that settles the question leads 31 of the 248 a ruling settles instead of 13; the first
rule right 38.5% → 39.0%; first paragraphs that settle the question 39.0% → 39.8% when a ruling that restates the
answer's first rule counts as the rule (``real.py``'s "right first"), 38.4% → 37.5% when every ruling leading a
question no ruling settles counts wrong; "high" answers right first 77.8% → 76.7%.  1.5 of 1, 1.25, 1.5 and 2 (right
first 38.0%, 39.4%, 39.8%, 39.5%)."""
SHOW_AT = 3
"""The rulings rule 23 keeps as candidates are cited after this many of the rules (the rules' first three stay the first
three citations) …"""
SHOWN = RULINGS
"""… the best this many by fit (all rule 23 keeps: :data:`rulesgraph.rank.cardsteps.cards.RULINGS`, each fitting at least
its ``RULING_SHOWN``), in addition to the rules' citations, not in their place: ``k`` citations of the rules and the named
cards' rulings besides.
On the real tuning questions the settling ruling is among the seven best-fitting in 81 of the 88 the stand-in card data
holds (among the five best in 75, the three best in 65, the best in 36: ``bench/real.py``, stop 36).  Shown in the rules' places, from the
third (the stop-32 layout, three of them), they cost the rules' third citation: a deciding rule was among the first
three citations on 99 of 216, against 108 with the rulings after the rules' first three."""
RESTS_WITHIN = 3
"""The rule a leading ruling restates moves up to follow it from among the first this many citations; one the rules
placed lower stays where it is (the rules' own first rule is then what follows the ruling)."""


def ruling_citation(card: NamedCard, date: str, text: str, score: float, why: tuple[str, ...]) -> Citation:
    """The citation of one of ``card``'s rulings (id ``ruling:<card>:<date>:<n>``, shown with its card and date)."""
    same = [t for d, t in card.rulings if d == date]
    return Citation(f"ruling:{card.key}:{date}:{same.index(text) + 1}", "ruling", card.key, None, text,
                    f"{card.key} ruling, {date}", None, round(score, 3), why)


def with_rulings(a: Analysis, citations: list[Citation], rulings: list[tuple[float, str, str, str, float, tuple[str, ...], float]],
                 k: int, place: dict[str, int] | None = None) -> tuple[list[Citation], str | None]:
    """``citations`` (the rules', at most ``k`` kept) with the competing rulings cited beside them, and the direct answer
    when a ruling settles the question.

    The best-fitting ruling (rule 23) leads when its fit is at least :data:`LEAD_FIT` and :data:`AHEAD` times the fit
    of any other, or when it restates one of the rules' first citations and fits :data:`AGREES` times as well as any
    other: it is cited first, the rule it restates right after it (:func:`_rests_on`: of the rules it was linked
    to at install, the one the ranking placed best, ``place``, when the rules cite it among their first), and the direct
    answer quotes it with its card and date ("Doubling Season ruling, 2020-08-07: …").  Otherwise the rule leads.  Either
    way the next best rulings — at most :data:`SHOWN` in all — follow the rules' first :data:`SHOW_AT` citations: a ruling
    that fits is worth reading beside the rules, but never in a rule's place."""
    out = list(citations[:k])
    if not rulings:
        return out, None
    score, key, date, text, share, links, fit = rulings[0]
    runner = max((r[6] for r in rulings[1:]), default=0.0)
    rests = _rests_on(out, links, place or {})
    fits = fit >= LEAD_FIT and fit >= AHEAD * runner
    if fits or (fit >= AGREES * runner and rests is not None):
        why = None if fits else f"a ruling of {key} restating {rests.id}, one of the rules' first"  # type: ignore[union-attr]
        lead = _cited(a, max(score, out[0].score if out else score), key, date, text, share, why)
        rest = [c for c in out if rests is None or c.id != rests.id]
        head = [*([rests] if rests is not None else []), *rest]
        return [lead, *_shown(a, head, rulings[1:], SHOWN - 1)], f"{key} ruling, {date}: {text}"
    return _shown(a, out, rulings, SHOWN), None


def _shown(a: Analysis, out: list[Citation], rulings: list[tuple[float, str, str, str, float, tuple[str, ...], float]],
           most: int) -> list[Citation]:
    """``out`` (the rules' citations) with the first ``most`` of ``rulings`` (best first) after its first :data:`SHOW_AT`."""
    shown = [_cited(a, score, key, date, text, share) for score, key, date, text, share, *_ in rulings[:most]]
    return [*out[:SHOW_AT], *shown, *out[SHOW_AT:]]


def _cited(a: Analysis, score: float, key: str, date: str, text: str, share: float, why: str | None = None) -> Citation:
    said = why or f"a ruling of {key} holding {share:.0%} of what the question asks"
    return ruling_citation(next(c for c in a.cards if c.key == key), date, text, score, (said,))


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


def absent_why(absent: list[str], date: str | None) -> list[str]:
    """One line per name said of a card the installed card data lacks (``date``: the data's), saying how to get newer
    cards: a question about "Elesh Norn, Mother of Machines" with the cards of 2022 is answered from the rules alone."""
    of = f" (of {date})" if date else ""
    return [f"‘{name}’ is no card of the installed card data{of}: a newer card? 'rulesgraph update cards' installs the latest"
            for name in absent]


SHARED_LISTED = 3
"""A name several cards share is said with at most this many of them (then how many more)."""


def shared_why(shared: list[tuple[str, tuple[str, ...]]]) -> list[str]:
    """One line per name said that several cards share and the question does not decide between (``"two Thalias"``):
    the answer used none of their text, and naming the card brings it in."""
    lines = []
    for said, cards in shared:
        listed = "; ".join(cards[:SHARED_LISTED]) + (f"; {len(cards) - SHARED_LISTED} more" if len(cards) > SHARED_LISTED else "")
        lines.append(f"‘{said}’ may be any of {len(cards)} cards ({listed}): the answer reads none of them; "
                     "name the card for its text and rulings")
    return lines


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
