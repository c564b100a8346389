"""The cards' part of an answer: the named cards' rulings cited beside the rules (kind ``ruling``), the
``why`` lines that went through a card, and the cards shown under the answer.

Reads what the card steps left (:attr:`rulesgraph.rank.ranking.Ranking.rulings`) and the analysis's cards; a ruling is
not a node of the graph, so its citation id is ``ruling:<card>:<date>:<n>`` (``n`` counts that card's rulings of
that date from 1) and it is shown with its card and date.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..common.ids import ruling_id
from ..model import Citation, ShownCard
from ..question.analyze import Analysis
from ..rank.cardsteps.cards import RULINGS

if TYPE_CHECKING:
    from ..model import NamedCard
    from ..rank.ranking import RulingEntry

__all__ = ["LEAD", "LEAD_BIAS", "LEAST", "RUNNER_FLOOR", "SHARED_LISTED", "SHOWN", "SHOW_AT", "absent_why", "card_why", "lead_chance",
           "rests_on", "ruling_citation", "ruling_settles", "shared_why", "shown_card", "shown_cards", "with_rulings"]

LEAD = {"fit": 0.61, "ahead": 0.19, "placed": 1.08, "words": -0.30}
"""How likely the best-fitting ruling of the named cards is to settle the question when quoted first:
``1 / (1 + exp(-(LEAD_BIAS + LEAD["fit"] × log(fit) + LEAD["ahead"] × log(fit / (runner + RUNNER_FLOOR)) + LEAD["placed"] ×
placed + LEAD["words"] × log(words))))``, from its fit (rule 23's :data:`~rulesgraph.rank.cardsteps.cards.FIT`), how far
it fits ahead of the next best ruling (``runner``), how high the ranking placed a rule it restates (``placed``, 0-1: rule
23's ``link``) and how many words the question has (a long story is less often settled by the one ruling that fits it
best).  A ruling *settles* when it is the one the question's label names, or, where the label names none (a rule
settles it), when it restates an expected rule (it was linked to it at install): quoted first, it says what the rule
says, for the card asked about.  Fitted by logistic regression on the best ruling of each real tuning question with one
(``bench/rulingcv.py``: 1,869 of 2,351, 480 settled so; held-out AUC 0.69 with stop 50's ranking, 0.68 with the fit and
how far ahead alone).  The ruling leads when this is more than the chance that the rules' first paragraph settles the question (the
rules' answer's confidence: :func:`with_rulings`'s ``rules_settle``) and at least :data:`LEAST`: one comparison of two
probabilities instead of thresholds on the fit alone, which led where the rules were as likely right and did not where
they were not.  On the real tuning questions, 10 folds by page (stop 43, with :data:`LEAST`): first paragraphs that
settle the question 804 → 832 of 2,342 as this definition counts them, 756 → 803 when only the label's ruling counts.
Stop 49 added ``placed`` and ``words`` (held out, 10 folds by page, five ways of folding: the label's ruling leading
102–108 → 109–114 times, first paragraphs settling the question 833–840 → 837–843 when only the label's ruling
counts)."""
LEAD_BIAS = 0.70
"""The intercept of :data:`LEAD`."""
RUNNER_FLOOR = 0.001
"""Added to the next ruling's fit in :data:`LEAD`'s ratio (a lone ruling is ``fit / RUNNER_FLOOR`` ahead)."""
LEAST = 0.15
"""A ruling less likely than this to settle the question (:data:`LEAD`) never leads, whatever the rules' chance: where
both are poor guesses (a ruling at 12% against rules at 10%), the rule at least names the part of the rules the question
is about.  On the real tuning
questions, 10 folds by page (stop 43): with no least chance 842 / 795 right first (the two counts of :data:`LEAD`), the
settling ruling leading 137 times and another 542; 0.2, 832 / 795, 118 and 406; 0.25, 832 / 803, 107 and 319 (other
columns and forums 148 / 142, against 144 / 138 before); 0.3, 819 / 796, 83 and 228; 0.4, 811 / 799, 56 and 97.
Stop 51 (``python bench/rulingcv.py --least``, with the record in the rules' chance): cross-validated on all 2,344
answers the folds choose 0.05 or 0.1 (first paragraphs settling the question 846 → 867, the label's ruling leading 98 →
125), but every answer that gains is a Wizards' column's: on the 335 of other columns and forums, the shape of the
questions the product is measured on, 0.25 settles 149 and 0.1 146 (0.3: 150), the label's ruling leading 19 times
either way; so 0.25 stayed.  Stop 56, the same run with that stop's ranking: every folding chooses 0.15 (held out, first
paragraphs settling the question 856 → 866–869 of 2,344, the label's ruling leading 103 → 129–132), and the 335 of
other columns and forums no longer lose (147 settled with 0.25 and with 0.15, the label's ruling leading 20 → 21): 0.15.
In ``bench/real.py``'s answers (cross-fitted) right first 877 → 896 of 2,351, the label's ruling leading 103 → 132 of
572; what it costs: a ruling not the label's leads 519 times instead of 344 (most where the rules' first was no
better), and the confidence's AUC against a right first answer falls 0.750 → 0.737 (more right answers at the low
chances those rulings have: they are right about as often as their chance says).
Stop 68, counted as ``bench/real.py`` counts a first paragraph right (``rulingcv.py`` had counted a ruling settling
wherever it restated an expected rule, and chose 0.25 in stop 67 by that count): 0.05–0.18 and 0.25 settle 1,074 of
2,347 in sample, 0.2 and 0.22 1,073, and the folds choose among them at random (held out 1,069–1,071, against 1,074 with
0.15): right first is the same.  What differs is which answers a ruling leads: with 0.25, the label's ruling 90 times
instead of 95, and a ruling that is not the label's 254 times instead of 323 (``real.py``, 2,351 answers; hit@1 1,028 →
1,029).  On the blind part (1,412, scored with each) 0.25 gave fewer such rulings (196 → 143) but fewer first paragraphs
that settle the question (661 → 655) and fewer of the label's rulings leading (61 → 51), the issue's two measures of a
first paragraph: 0.15 stays."""
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
    return Citation(ruling_id(card.key, date, same.index(text) + 1), "ruling", card.key, None, text,
                    f"{card.key} ruling, {date}", None, round(score, 3), why)


def ruling_settles(fit: float, runner: float, placed: float, words: int) -> float:
    """The chance (:data:`LEAD`) that the best ruling, fitting ``fit`` with the next fitting ``runner``, a rule it
    restates placed ``placed`` (0-1), settles a question of ``words`` words."""
    if fit <= 0:
        return 0.0
    z = (LEAD_BIAS + LEAD["fit"] * math.log(fit) + LEAD["ahead"] * math.log(fit / (runner + RUNNER_FLOOR))
         + LEAD["placed"] * placed + LEAD["words"] * math.log(max(words, 1)))
    return 1 / (1 + math.exp(-z))


def lead_chance(rulings: list[RulingEntry], words: int) -> float:
    """How likely the best of ``rulings`` (rule 23's candidates, best first) settles a question of ``words`` words
    (:func:`ruling_settles`); 0 without one."""
    if not rulings:
        return 0.0
    return ruling_settles(rulings[0][6], max((r[6] for r in rulings[1:]), default=0.0), rulings[0][7], words)


def with_rulings(a: Analysis, citations: list[Citation], rulings: list[RulingEntry],
                 k: int, place: dict[str, int] | None = None, *, rules_settle: float) -> tuple[list[Citation], str | None]:
    """``citations`` (the rules', at most ``k`` kept) with the competing rulings cited beside them, and the direct answer
    when a ruling leads.

    The best-fitting ruling (rule 23) leads when it is likelier to settle the question (:func:`ruling_settles`) than the
    rules' first paragraph is (``rules_settle``, the answer's confidence without it), and at least :data:`LEAST` likely:
    it is cited first, the rule it restates right after it (:func:`rests_on`: of the rules it was linked to at
    install, the one the ranking placed best, ``place``, when the rules cite it among their first), and the direct
    answer quotes it with its card and date ("Doubling Season ruling, 2020-08-07: …").  Otherwise the rule leads.
    Either way the next best rulings — at most :data:`SHOWN` in all — follow the rules' first :data:`SHOW_AT`
    citations: a ruling that fits is worth reading beside the rules, but never in a rule's place."""
    out = list(citations[:k])
    if not rulings:
        return out, None
    score, key, date, text, share, links, *_ = rulings[0]
    chance = lead_chance(rulings, len(a.words))
    if chance > rules_settle and chance >= LEAST:
        rests = rests_on(out, links, place or {})
        why = f"a ruling of {key}, {chance:.0%} likely to settle the question (the rules' first: {rules_settle:.0%})"
        lead = _cited(a, max(score, out[0].score if out else score), key, date, text, share, why)
        rest = [c for c in out if rests is None or c.id != rests.id]
        head = [*([rests] if rests is not None else []), *rest]
        return [lead, *_shown(a, head, rulings[1:], SHOWN - 1)], f"{key} ruling, {date}: {text}"
    return _shown(a, out, rulings, SHOWN), None


def _shown(a: Analysis, out: list[Citation], rulings: list[RulingEntry],
           most: int) -> list[Citation]:
    """``out`` (the rules' citations) with the first ``most`` of ``rulings`` (best first) after its first :data:`SHOW_AT`."""
    shown = [_cited(a, score, key, date, text, share) for score, key, date, text, share, *_ in rulings[:most]]
    return [*out[:SHOW_AT], *shown, *out[SHOW_AT:]]


def _cited(a: Analysis, score: float, key: str, date: str, text: str, share: float, why: str | None = None) -> Citation:
    said = why or f"a ruling of {key} holding {share:.0%} of what the question asks"
    return ruling_citation(next(c for c in a.cards if c.key == key), date, text, score, (said,))


def rests_on(citations: list[Citation], links: tuple[str, ...], place: dict[str, int]) -> Citation | None:
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
    # a kind of ability a named card has that the question speaks of (question.cardsaid.kind_subjects): said where it came from
    lines += [f"{m.why}, which the question speaks of → glossary entry {m.node.removeprefix('glossary:')}" for m in a.matches
              if m.via == "card" and m.kind == "glossary"]
    return lines


def shown_card(c: NamedCard) -> ShownCard:
    """A named card as an answer shows it: name, type line, Oracle text, and each face as printed."""
    return ShownCard(c.key, c.type_line, c.text, c.faces)


def shown_cards(a: Analysis) -> tuple[ShownCard, ...]:
    """The named cards as the answer shows them (:func:`shown_card`)."""
    return tuple(shown_card(c) for c in a.cards)
