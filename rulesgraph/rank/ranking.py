"""Rank graph nodes for an analysed question: the ordered list of ranking steps, and running it.

Text relevance decides *whether* a node is about the question; what the question names and the graph
decide *which* of the relevant nodes matter most.  So a node's score is

    text × (1 + priors) + direct boosts, then spread along the graph,

computed by the steps of :data:`STEPS`, in this order (each is one function in :mod:`rulesgraph.rank.steps`
with its docstring, its weights in :data:`WEIGHTS` and a test stating it; what a step receives and may do is in
:mod:`rulesgraph.rank.pipeline`).  Every step is either a generic base step (text, base, spread, the priors of what the
question names) or one that earns its place on the real tuning questions (``bench/questions/real/``, tuning part,
with card data): removing it loses real questions, and on each of two halves of the tuning pages it loses at hit@1
or at hit@3 (``card_rulings`` is kept for the rulings it makes answers, which the rules' hits cannot see, whatever it
earns there) (``python bench/ablate.py bench/questions/real bench/questions/keywords.jsonl --halves``; the figures below, hit@1 /
hit@3 in questions of the 2,347 the rules answer, each ranked cross-fitted, are the sum of the two halves, stop 67:
1,027 / 1,531 with every step; stop 68, with rule 76: 1,054 / 1,560).  Steps that earned nothing there were deleted (stop
26: 38 of 62; stop 28: ``faq_similar``; stop 34: three, below; stop 58: ``token_leaves``, rule 51, a token told of
leaving the battlefield, which moved 19 of the 2,351 questions, nine up and ten down, and ``until``, rule 60, an
object moved until an event, 0 / 1; stop 59, with rule 70 in: ``stolen_trigger``, rule 38, a stolen card's trigger,
+2 / −1 and 0 / +2 on the two halves, and ``card_types``, rule 21, a card's type line and layout, −4 / 0 and +2 /
+2; stop 62: rule 2's prior on a named keyword's defining rule and subrules, +2 / +6 without it, +3 / +3 and −1 /
+3 on the two halves, its FAQ half kept as ``keyword_faqs``; stop 67, with rule 75 in: ``card_effects``, rule 25,
the layer rule of a named card's effect, +1 / −3 and +2 / 0 on the two halves without it); conversations and other
documents keep the steps they need (``continuity``; ``keyword_faqs``, ``faq_fit``, ``to_current``), and
``rule_number`` is a prior of what the question names.  The weights of :data:`WEIGHTS` are fitted on the real tuning
questions (``python bench/fit.py``: coordinate search scored
by hit@1 + hit@3, at the rule level and on the exact rule since stop 60, cross-validated by source page; stop 27); a
change is kept where the folds agree on it and what rule hits cannot see (the first paragraph, FAQ entries shown,
conversations) does not lose by it.

1. ``text`` — rule 1: BM25 over rules, glossary and FAQ text, scaled so the best document is 1 (generic base; real:
   28 at hit@1, 43 at hit@3 — rule 70 finds most of what it finds when it is gone: 600 / 936 in stop 58);
2. ``card_text`` — rule 22: a named card's Oracle and type-line words are searched for with the question's, weaker
   (real: 32 / 7);
3. ``card_sets`` — rule 33: a type the cards' effects set objects to makes the rule of that type on an effect that
   sets it (305.7) a candidate (real: 11 / 5);
4. ``cost_changes`` — rule 45: a named card making spells cost more or less makes the rule on a spell's total cost
   (601.2f) a candidate (real: 7 / −1: both halves at hit@1);
5. ``replaced`` — rule 59: a named card's replacement effect of a kind of event the rules name makes the rule on
   replacing that kind a candidate (real: 1 / 10: both halves at hit@3);
6. ``several`` — rule 73: two or more replacement or prevention effects, or triggered abilities, among the named
   cards make the rule on how two or more of that kind apply (616.1, 603.3b) a candidate, and a card saying what
   another does can't happen the rule that the "can't" wins (101.2) (real: 14 / 21, on both halves; added in stop 64);
7. ``ability_kinds`` — rule 74: a named card's ability of a kind the rules treat apart makes the rule on that kind a
   candidate: a trigger with an intervening "if" clause (603.4), a trigger on leaving, which looks back in time
   (603.10a), a trigger on entering (603.6a), a copy effect (707.2), a copy of a spell (707.10) (real: 36 / 16, on both
   halves; added in stop 65 for the "if", the other four in stop 66);
8. ``learned_cards`` — rule 75: the Oracle words of the named cards join the question's in the learned match (rules
   68 and 70), as the learned table counts them for the rules that settled questions naming such cards (real,
   cross-fitted: 28 / 79, on both halves; added in stop 67);
9. ``learned_candidates`` — rule 70: of the 60 rules whose learned words (rule 68's) match the question best, one they
   match at least half as well as the best is a candidate, whatever the rules' own words found (real: 116 / 173);
10. ``keyword_faqs`` — rule 2: a named keyword raises the FAQ entries about it (FAQ entries, another document: it
    shows the FAQ entry that answers a question asked alike);
11. ``glossary_prior`` — rule 4: a named glossary term raises the rules its entry cites (generic prior; real: 19 / 21);
12. ``card_terms`` — rule 72: a glossary term a named card's Oracle text says raises the rules its entry cites, weaker
    (real: 7 / 11, on both halves; added in stop 63);
13. ``title_prior`` — rule 5: a named section or rule title raises the rules under it (generic prior; real: 1 / 6);
14. ``rule_number`` — rule 6: a rule number the question names is the answer (generic prior);
15. ``continuity`` — rule 14: in a conversation, a follow-up favours the previous answer's sections (conversations);
16. ``base`` — text × (1 + priors + rule 11, the section's relevance), less for rules 12 and 13 (generic base);
17. ``card_rulings`` — rule 23: a named card's rulings that hold the question's words compete like FAQ entries, and
    the rules they were linked to at install rise (real: 5 / 0, both halves at hit@1; kept for the rulings it makes
    answers — without it none is shown —, its rule priors moving at most 3 questions either way);
18. ``faq_fit`` — rule 17: the FAQ entries about a named keyword compete on the question's other words (FAQ
    entries, another document: it shows a real question's FAQ answer);
19. ``spread`` — rule 8: score spreads from the best nodes to what they cite, their parent and children (generic
    base; real: 50 / −4);
20. ``to_current`` — rule 9: other documents' text counts for the CR rule it is today (generic base, with spread);
21. ``learned`` — rule 68: the rules questions worded like this one were settled by rise (learned from the team's
    labelled sets and the real tuning questions, ``bench/learn.py``; real, cross-fitted: 89 / 131);
22. ``neighbours`` — rule 76: the ten labelled questions most like this one vote for the rules that settled them, and
    each candidate rule gains its share (``data/questions.tsv``, ``bench/learn.py``; real, cross-fitted: 23 / 28, on both halves);
23. ``asked`` — rule 69: of the best candidates, a rule that settled more labelled questions scores more (the prior of
    the rule, counted with rule 68's words, ``bench/learn.py``; real, cross-fitted: 24 / 20);
24. ``focus`` — rules 3 and 19: a question only about a keyword (a section) gets its defining (opening) rule (generic
    base; real: −4 / −1, and `keywords` 24 / 10);
25. ``procedure`` — rule 40: with two steps of one procedure among the best, the rule laying out its steps in order
    rises just above them (real: 16 / −10: it earns 14 and 2 at hit@1 on the two halves and costs 13 at hit@3 on one);
26. ``standing`` — rule 71: the first six rules re-ordered among their places by how often each, cited that high in
    the real tuning answers, was what was asked (``data/standing.tsv``, ``bench/firsts.py``; real, cross-fitted: 29 /
    10, on both halves again with rule 76 in stop 68 — in stop 67 on one half only: 16 / 5 there, −2 / −3 on the other).

Deleted in stop 34, when rule 68 was in and they changed no real tuning question (of 268): ``copy_effects`` (rule 50),
``word_sense`` (rule 67) and ``quotes`` (rule 16).

Rule 10 (a negated mention, "non-trample", boosts nothing) is the analysis's: ``Analysis.of_kind`` leaves
negated mentions out of every step.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from ..build.index import Index
from ..build.qgraph import QGraph
from ..build.relations import definers
from ..build.relevance import COMMON, specificity
from ..question.analyze import Analysis
from .cardsteps import abilitykinds, cards, costs, learnedcards, replaced, sets, several, terms
from .pipeline import Pipeline, Query, Step
from .steps import base, context, faq, focus, learned, named, order, spread, text

__all__ = ["COMMON", "STEPS", "WEIGHTS", "Ranking", "Scored", "definers", "rank", "specificity"]

STEPS = Pipeline([
    Step("text", text.text),
    Step("card_text", cards.card_text, {"card_text": cards.WEIGHTS["card_text"]}),
    Step("card_sets", sets.card_sets, sets.WEIGHTS),
    Step("cost_changes", costs.cost_changes, {"cost_changes": costs.WEIGHTS["cost_changes"]}),
    Step("replaced", replaced.replaced, replaced.WEIGHTS),
    Step("several", several.several, several.WEIGHTS),
    Step("ability_kinds", abilitykinds.ability_kinds, abilitykinds.WEIGHTS),
    Step("learned_cards", learnedcards.learned_cards, learnedcards.WEIGHTS),
    Step("learned_candidates", learned.learned_candidates, {k: learned.WEIGHTS[k] for k in ("learned_text", "learned_floor")}),
    Step("keyword_faqs", faq.keyword_faqs, {"keyword_faq": faq.WEIGHTS["keyword_faq"]}),
    Step("glossary_prior", named.glossary_prior, {"term_cited": named.WEIGHTS["term_cited"]}),
    Step("card_terms", terms.card_terms, terms.WEIGHTS),
    Step("title_prior", named.title_prior, {"title_sub": named.WEIGHTS["title_sub"]}),
    Step("rule_number", named.rule_number, {"number": named.WEIGHTS["number"]}),
    Step("continuity", context.continuity, context.WEIGHTS),
    Step("base", base.base, base.WEIGHTS),
    Step("card_rulings", cards.card_rulings, {k: cards.WEIGHTS[k] for k in ("ruling", "ruling_rule", "ruling_link")}),
    Step("faq_fit", faq.faq_fit, {"faq_fit": faq.WEIGHTS["faq_fit"]}),
    Step("spread", spread.spread, spread.WEIGHTS),
    Step("to_current", spread.to_current),
    Step("learned", learned.learned, {"learned": learned.WEIGHTS["learned"]}),
    Step("neighbours", learned.neighbours, {"neighbours": learned.WEIGHTS["neighbours"]}),
    Step("asked", learned.asked, {"asked": learned.WEIGHTS["asked"]}),
    Step("focus", focus.focus, focus.WEIGHTS),
    Step("procedure", order.steps_of_procedure, order.WEIGHTS),
    Step("standing", learned.standing, {"standing": learned.WEIGHTS["standing"]}),
])
"""The ranking steps, in the order they run."""
WEIGHTS = STEPS.weights()
"""Every step's weights; the steps read them from here when they run (a test may change one)."""


RulingEntry = tuple[float, str, str, str, float, tuple[str, ...], float, float]
"""A named card's ruling that competes (rule 23): ``(score, card, date, text, share of the question it holds, the rules it
was linked to, its fit: the chance it settles the question, how high the ranking placed a rule it restates: 0-1)``."""


@dataclass(slots=True)
class Scored:
    """A ranked node: its score and the reasons that made it (shown as "why matched"), built when first read."""

    node: str
    score: float = 0.0
    given: list[str] | None = None
    _query: Query | None = None
    _at: int = -1

    @property
    def reasons(self) -> list[str]:
        if self.given is None:
            self.given = self._query.reasons(self._at) if self._query is not None else []
        return self.given


class Ranking(Sequence[Scored]):
    """Every candidate with its score, best first.  A candidate's :class:`Scored` is made when it is first read (an
    answer reads the first few dozen of ~400) and its reasons when those are read; :attr:`nodes`, :attr:`scores`
    and :meth:`position` read the whole ranking without making them.  The named cards' rulings that compete
    (rule 23) are beside it, in :attr:`rulings`: they are not nodes of the graph; the text relevance the scores
    started from is in :attr:`text`."""

    __slots__ = ("_made", "_numbers", "_place", "_query", "nodes", "rulings", "scores", "text")

    def __init__(self, query: Query | None, numbers: list[int], nodes: list[str], scores: list[float],
                 rulings: list[RulingEntry] | None = None, text: dict[int, float] | None = None) -> None:
        self._query, self._numbers = query, numbers
        self.nodes = nodes
        """The candidates' ids, best first."""
        self.scores = scores
        """Their scores, in the same order."""
        self.rulings = rulings or []
        self.text = text or {}
        """The candidates' text relevance as the text steps left it (node number → relevance): rule 1's (the best 1),
        plus what the card steps give the rules the named cards' effects run on (rule 59's replacement rules and the like): what
        the words — the question's and its cards' — make of it, before what the question names and the graph have their
        say."""
        self._made: list[Scored | None] = [None] * len(nodes)
        self._place: dict[str, int] | None = None

    @classmethod
    def of(cls, scored: list[Scored], text: dict[int, float] | None = None) -> Ranking:
        """A ranking of given candidates, best first (tests, and callers that rank some other way)."""
        ranking = cls(None, [s._at for s in scored], [s.node for s in scored], [s.score for s in scored], None, text)
        ranking._made = list(scored)
        return ranking

    def _at(self, j: int) -> Scored:
        made = self._made[j]
        if made is None:
            made = self._made[j] = Scored(self.nodes[j], self.scores[j], None, self._query, self._numbers[j])
        return made

    def __len__(self) -> int:
        return len(self.nodes)

    @overload
    def __getitem__(self, j: int) -> Scored: ...

    @overload
    def __getitem__(self, j: slice) -> list[Scored]: ...

    def __getitem__(self, j: int | slice) -> Scored | list[Scored]:
        if isinstance(j, slice):
            return [self._at(k) for k in range(*j.indices(len(self.nodes)))]
        if 0 <= j < len(self.nodes):  # the usual case, without a range to index
            return self._at(j)
        return self._at(range(len(self.nodes))[j])  # negative and out-of-range indices as a list has them

    def __iter__(self) -> Iterator[Scored]:
        return (self._at(k) for k in range(len(self.nodes)))

    @property
    def apart(self) -> frozenset[str]:
        """The rules to cite apart from their own subrules: the procedures rule 40 raised above their steps (601.2 and
        601.2g are both worth citing; a second subrule of one rule is not)."""
        if self._query is None:
            return frozenset()
        ids = self._query.g.ids
        return frozenset(ids[i] for i in self._query.memo.get("procedures raised", ()))

    def position(self) -> dict[str, int]:
        """Each candidate's place in the ranking (0 is the best): made once (an answer asks up to three times, of
        hundreds of candidates), so not to be changed by the caller."""
        if self._place is None:
            self._place = {node: j for j, node in enumerate(self.nodes)}
        return self._place


def rank(index: Index, g: QGraph, a: Analysis, steps: Pipeline = STEPS) -> Ranking:
    """Every candidate with its score and the reasons for it, best first."""
    q = steps.run(Query(index, g, a, WEIGHTS))
    ids = g.ids
    numbers, scores = q.top(len(q.score))  # ties in the order they were scored
    return Ranking(q, numbers, [ids[i] for i in numbers], scores, q.memo.get("rulings", []), q.text)
