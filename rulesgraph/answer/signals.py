"""What an answer's confidence is computed from: the values of :data:`rulesgraph.answer.confidence.SIGNALS` read off one
question's ranking (the ranked candidates, the citations chosen from them, and the analysis of the question).

The signals were chosen (issue 16) by forward selection on leave-one-set-out AUC over the tuning question sets, out of
some forty candidates (coverage of the rarest words, agreement of the first citations on a rule or section, text
relevance alone against the final ranking, FAQ and ruling matches, question length, …): each kept one tells right
from wrong answers on sets it was not fitted on, forum-style ones included; ``bench/calibrate.py``'s second table
shows the fitted model on each set left out.  The strongest say how clearly the ranking picked one rule: many rules
scoring nearly alike is the ranking guessing.  One more, ``agree`` (:func:`agree`), caps the model's probability
instead of being weighed by it: whether the rule the question's words alone rank first is among the first three
citations; it tells right from wrong only among the answers the ranking is surest of.  ``support`` (stop 24) was chosen
the same way, on the calibration sets of ``bench/calibrate.py`` (the tuning sets and the older test sets): how many
of the ranking's steps gave the first citation something, each a separate reason to cite it.  ``ruling_fit`` and
``words`` (stop 42) were chosen on the real tuning questions alone (``bench/calibrate.py``'s held-out AUC, 10 folds by
page): the question's length, rejected among the forty on the team's sets, earns its place there beside the fit of the
named cards' best ruling.  ``record`` (stop 51) was chosen the same way: how often the real tuning answers the ranking gave
the first citation's rule first were settled by it (``data/firsts.tsv``, :func:`record`): some rules the words reach
often are seldom what is asked (of 27 answers led by 613.1d, none was settled by it: ``data/firsts.tsv``).
"""

from __future__ import annotations

import math

from ..build.corpus import Rulebook
from ..build.index import doc_terms
from ..build.relations import definers
from ..parse.numbers import rule_of
from ..question.analyze import Analysis
from ..rank.ranking import Ranking, Scored, specificity
from ..rank.steps.learned import smoothed_odds

__all__ = ["ALIASED", "PEAK_OF", "RECORDED", "RESTATED_BY", "RULES_READ", "agree", "record", "restated", "signals"]

RULES_READ = 200
"""How many of the best candidates are read to find the best-scoring rules (``lead`` and ``peak``)."""
PEAK_OF = 20
"""``peak`` is the share of the best PEAK_OF rules' scores that the best three hold."""
RECORDED = 5.0
"""``record`` counts a rule's record as if this many more answers it led had gone as the average one did: a rule first
once and right once is not sure to be right (5 chosen among 2, 5, 10 and 20 by the held-out AUC of the model with and
without the record, 10 folds by page on the real tuning answers, in an exploration outside ``bench/``: all four alike
within 0.002)."""
ALIASED = 0.6
"""A term reached through the alias table counts this much towards ``named``: the player's word was read as the
rules' term, which is less sure than the term said outright."""


def _rule_scores(book: Rulebook, ranked: Ranking) -> list[float]:
    """The best score of each of the best PEAK_OF CR rules among the best candidates (a rule's subrules count for
    it), best first."""
    g = book.qg
    best: dict[str, float] = {}
    for node, score in zip(ranked.nodes[:RULES_READ], ranked.scores[:RULES_READ], strict=True):
        i = g.num.get(node)
        if i is not None and g.section[i]:
            best.setdefault(rule_of(node), score)
            if len(best) >= PEAK_OF:  # best first: the rest cannot be among the best PEAK_OF rules
                break
    return sorted(best.values(), reverse=True)


def _words(book: Rulebook, node: str) -> set[str]:
    """The stems of a node's title and text (its text's are a column of the query-time graph; a title is short)."""
    g = book.qg
    i = g.num[node]
    return set(doc_terms(g.attrs[i].get("title") or "")).union(g.stems[i])


RESTATED_BY = 3
"""``restated`` reads the best this many of the named cards' rulings by fit."""


def restated(ranked: Ranking, chosen: list[Scored]) -> float:
    """1 when one of the :data:`RESTATED_BY` best-fitting rulings of the named cards (:attr:`Ranking.rulings`, rule 23)
    restates the rule of the first citation (was linked to that rule or one of its subrules when the cards were
    installed), 0 when rulings compete but none does, NaN (read as the average) when none competes: a ruling written
    for the card the question names saying what the first rule says is a second view agreeing (on the real tuning
    questions, stop 34: the first rule right 51% of the time when one does, 28% when none does, 49% without rulings)."""
    if not ranked.rulings:
        return math.nan
    rule = rule_of(chosen[0].node)
    return 1.0 if any(rule_of(link) == rule for r in ranked.rulings[:RESTATED_BY] for link in r[5]) else 0.0


def agree(book: Rulebook, ranked: Ranking, chosen: list[Scored]) -> float:
    """1 when the CR rule the words alone rank first (the best text relevance, :attr:`Ranking.text`: the question's
    words and its cards' text, wordings and effects — rules 1, 22 and 24–26 —, before what the question names and the
    graph raise) is the rule of one of the first three
    citations, else 0; 1 when no CR rule has any.  Two views of the question agreeing: when they do not, the
    ranking's certainty came from a named keyword or term overriding the words ("0/4 wall with deathtouch blocks a
    5/5. Does the 5/5 die?" answered by deathtouch's rule), and such answers are right far less often."""
    g = book.qg
    section = g.section
    best, at = 0.0, -1
    for i, v in ranked.text.items():
        if v > best and section[i]:
            best, at = v, i
    return 1.0 if at < 0 or rule_of(g.ids[at]) in {rule_of(c.node) for c in chosen[:3]} else 0.0


def record(book: Rulebook, node: str) -> float:
    """How much likelier than the average first rule ``node`` is to settle a question the ranking gives it first for, as log
    odds: its record in the real tuning answers (:attr:`~rulesgraph.build.index.Index.firsts`: first in ``n``, settling
    ``k``), ``(k + RECORDED × average) / (n + RECORDED)``, against the average; 0 for a rule with no record, or none."""
    firsts = book.index.firsts
    first, settled = (sum(c) for c in zip(*firsts.values(), strict=True)) if firsts else (0, 0)
    if not 0 < settled < first:
        return 0.0
    return smoothed_odds(*firsts.get(node, (0, 0)), settled / first, RECORDED)


def signals(book: Rulebook, a: Analysis, ranked: Ranking, chosen: list[Scored], *, with_cards: bool = False) -> tuple[float, ...]:
    """The signal values for an answer citing ``chosen`` (at least one) from ``ranked``, in SIGNALS order;
    ``with_cards``: card data was installed (without it no card is found, and ``cards`` is not a number)."""
    ix, g = book.index, book.qg
    top = chosen[0]
    rules = _rule_scores(book, ranked) or [top.score]
    first = rules[0]
    lead = (first - rules[4]) / first if len(rules) > 4 and first > 0 else 1.0
    peak = sum(rules[:3]) / sum(rules[:PEAK_OF]) if first > 0 else 1.0
    asked = {t: ix.idf.get(t, 0.0) for t, w in a.terms if w == 1.0}
    total = sum(asked.values())
    said = _words(book, top.node)
    coverage = sum(v for t, v in asked.items() if t in said) / total if total else 0.0
    named = max([1.0 if m.kind == "rule" else m.quality * specificity(ix, m.said) * (ALIASED if m.via == "alias" else 1.0)
                 for m in a.of_kind("keyword", "glossary", "title", "rule")], default=0.0)
    rule = rule_of(top.node)
    keyword = any(rule_of(r) == rule for m in a.of_kind("keyword") for r in definers(g, m.node))
    strength = math.log1p(max(0.0, *(c.score for c in chosen)))
    cards = math.log1p(len(a.cards)) if with_cards else math.nan  # without card data, no card is found
    support = math.log1p(len(top.reasons))  # already read for the answer's "why"
    # rule 23's fit of the best-fitting ruling; without card data no ruling can compete: unknown, as ``cards``
    ruling_fit = (ranked.rulings[0][6] if ranked.rulings else 0.0) if with_cards else math.nan
    words = math.log1p(len(a.words))
    return (strength, lead, peak, coverage, named, float(keyword), cards, support, restated(ranked, chosen),
            ruling_fit, words, record(book, top.node), agree(book, ranked, chosen))
