"""The ranking pipeline: an ordered list of small scoring steps run over one question's :class:`Query`.

Like markdown-it-py's rule lists, ranking is a :class:`Pipeline` of named :class:`Step` s, run in order;
the default list, with every step's place, is :data:`rulesgraph.rank.ranking.STEPS`.  Each step is one small
function in :mod:`rulesgraph.rank.steps` with a docstring saying the rule it applies, the weights it reads
(declared with it, gathered in :data:`rulesgraph.rank.ranking.WEIGHTS`) and a test in ``tests/test_ranking.py``
stating it.

**What a step receives.**  One argument, the :class:`Query` of the question being ranked:

- ``q.a`` — the :class:`~rulesgraph.question.analyze.Analysis` (words, weighted search terms, what the question names:
  ``q.a.of_kind("keyword")`` …);
- ``q.g`` — the query-time graph (:class:`~rulesgraph.build.qgraph.QGraph`): nodes are numbered in document order,
  so a node's subtree is ``range(i, q.g.end[i])``; columns ``q.g.kind``, ``section``, ``up``, ``kwrule``,
  ``variant``, ``excerpt``, ``stems``; edges per kind ``q.g.out(i, "cites")``, ``q.g.into(i, "defines")``;
  ``q.g.num[id]`` and ``q.g.ids[i]`` convert between node ids and numbers;
- ``q.index`` — the :class:`~rulesgraph.build.index.Index` (postings with idf, names, aliases);
- ``q.w`` — the weights (steps read them from here at run time, so a test can change one);
- the score table being built: ``q.text`` (node → text relevance, rule 1, the candidates), the priors
  raised so far (``q.raise_``), ``q.score`` (node → score) once the base step has combined them;
- ``q.memo`` — values several steps share (computed once per question by whichever step needs them first).

**What a step may do.**  Steps before ``base`` raise priors: ``q.raise_(start, end, amount, reason)`` raises
every node of a range (one node is ``(i, i + 1)``, a subtree ``(i, q.g.end[i])``), multiplying that node's
text relevance by ``1 + priors`` in ``base``; they may also add to a score directly with ``q.add``.  Steps
after ``base`` change scores: ``q.add(i, amount, reason)`` (nothing for amounts ≤ 0), ``q.scale(i, factor,
reason)``; ``q.best()`` is the best score so far (for boosts relative to it), ``q.top(k)`` the ``k`` best nodes and
their scores.  A reason is a short phrase
("titled Trample"); it is stored as given and turned into a node's reasons (``why matched``)
only for the nodes an answer shows (:meth:`Query.reasons`): recording one for a range of 300 nodes costs
one entry.

**Adding a rule** is writing one step function and inserting it: ``STEPS.insert_after("glossary_prior",
Step("card_keywords", card_keywords, {"card_keyword": 1.2}))``.  The coming card steps fit this way: a
named card's keywords lead to their defining rules (a prior step like ``glossary_prior``, reading the card's
keywords from the analysis and ``q.g.into(kw, "defines")``, its reason saying it comes through the card);
its type line leads to the rules of those types (a prior step over their sections' ranges); its Oracle
text is a second, weaker query (a step after ``text`` adding :func:`~rulesgraph.build.relevance.text_relevance`
of those terms, times its weight, into ``q.text``); its rulings compete like FAQ entries (a step after
``base`` adding to ruling nodes' scores, like ``faq_fit``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from ..build.index import Index
from ..build.qgraph import QGraph
from ..build.topk import best
from ..question.analyze import Analysis

__all__ = ["Pipeline", "Query", "Step"]


class Query:
    """One question being ranked: what the steps read and the score table they build (see the module docstring)."""

    def __init__(self, index: Index, g: QGraph, a: Analysis, weights: dict[str, float]) -> None:
        self.index = index
        self.g = g
        self.a = a
        self.w = weights
        self.text: dict[int, float] = {}
        """Candidates: node → text relevance, scaled so the best is 1 (rule 1)."""
        self.raised: list[tuple[int, int, float]] = []
        """Priors in the order they were raised: ``(start, end, amount)`` for every node of the range."""
        self.score: dict[int, float] = {}
        self.memo: dict[Any, Any] = {}
        self._log: list[tuple[int, int, str, bool]] = []

    def raise_(self, start: int, end: int, amount: float, reason: str | None = None) -> None:
        """Raise the prior of nodes ``start`` … ``end - 1`` by ``amount`` (before ``base``)."""
        self.raised.append((start, end, amount))
        if reason:
            self._log.append((start, end, reason, True))

    def add(self, i: int, amount: float, reason: str | None = None) -> None:
        """Add to node ``i``'s score (nothing, and no reason, for an amount ≤ 0)."""
        if amount <= 0:
            return
        self.score[i] = self.score.get(i, 0.0) + amount
        if reason:
            self._log.append((i, i + 1, reason, True))

    def relevant(self, i: int, amount: float, reason: str | None = None) -> None:
        """Add ``amount`` to node ``i``'s text relevance (a candidate the words alone ranked low or missed: a step that
        reads what the cards say makes it one), and record the reason."""
        self.text[i] = self.text.get(i, 0.0) + amount
        if reason:
            self.note(i, reason)

    def scale(self, i: int, factor: float, reason: str | None = None) -> None:
        """Multiply node ``i``'s score (it must have one); the reason is recorded every time."""
        self.score[i] *= factor
        if reason:
            self._log.append((i, i + 1, reason, False))

    def note(self, i: int, reason: str) -> None:
        """Record a reason for node ``i`` without changing its score."""
        self._log.append((i, i + 1, reason, False))

    def best(self, default: float = 0.0) -> float:
        return max(self.score.values(), default=default)

    def top(self, k: int) -> tuple[list[int], list[float]]:
        """The ``k`` best-scored nodes and their scores, best first; nodes of equal score in the order they were first
        scored (:func:`~rulesgraph.build.topk.best`)."""
        return best(self.score, k)

    def priors(self, nodes: Iterable[int]) -> dict[int, float]:
        """The summed priors of ``nodes`` (those raised; others have none)."""
        ordered = sorted(nodes)
        out: dict[int, float] = {}
        get = out.get
        for start, end, amount in self.raised:
            lo = bisect_left(ordered, start)
            for i in ordered[lo : bisect_left(ordered, end, lo)]:
                out[i] = get(i, 0.0) + amount
        return out

    def reasons(self, i: int) -> list[str]:
        """Why node ``i`` scored, in the order the steps said it (built only for the nodes shown)."""
        out: list[str] = []
        for start, end, reason, once in self._log:
            if start <= i < end and not (once and reason in out):
                out.append(reason)
        return out


class Step(NamedTuple):
    """One ranking step: its name, its function (``run(q)``) and the weights it reads from ``q.w``."""

    name: str
    run: Callable[[Query], None]
    weights: Mapping[str, float] = MappingProxyType({})

    @property
    def doc(self) -> str:
        return (self.run.__doc__ or "").strip()


class Pipeline:
    """An ordered list of steps, run in order; insert, remove or replace one by name."""

    def __init__(self, steps: Iterable[Step]) -> None:
        self.steps: list[Step] = list(steps)

    def names(self) -> list[str]:
        return [s.name for s in self.steps]

    def _at(self, name: str) -> int:
        try:
            return self.names().index(name)
        except ValueError:
            raise KeyError(f"no ranking step named {name!r}") from None

    def insert_before(self, name: str, step: Step) -> None:
        self.steps.insert(self._at(name), step)

    def insert_after(self, name: str, step: Step) -> None:
        self.steps.insert(self._at(name) + 1, step)

    def remove(self, name: str) -> Step:
        return self.steps.pop(self._at(name))

    def weights(self) -> dict[str, float]:
        """Every step's weights in one table."""
        return {k: v for s in self.steps for k, v in s.weights.items()}

    def run(self, q: Query) -> Query:
        for step in self.steps:
            step.run(q)
        return q
