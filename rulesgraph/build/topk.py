"""The best entries of a score table, best first: what ``sorted(score.items(), key=itemgetter(1), reverse=True)[:k]``
gives (and ``heapq.nlargest``, its equal): entries of equal score stay in the table's order.  The ranking's final
order and the steps that start from the best candidates (rules 8, 39, 40: :meth:`~rulesgraph.rank.pipeline.Query.top`)
read it.  Computed by the optional compiled kernel (``order`` in rulesgraph/build/_order.c) when it was built, else by
:func:`python_best`: the same result (tests/test_topk.py)."""

from __future__ import annotations

from operator import itemgetter

from .relevance import KERNEL

__all__ = ["best", "python_best"]


def best(score: dict[int, float], k: int) -> tuple[list[int], list[float]]:
    """The keys and the scores of the ``k`` best entries of ``score`` (``k`` ≥ 0), best first, ties in the table's order."""
    if KERNEL is not None:
        found = KERNEL.order(score, k)
        if found is not None:  # None: a score that is no float, or NaN: Python's sort decides where those go
            return found
    return python_best(score, k)


def python_best(score: dict[int, float], k: int) -> tuple[list[int], list[float]]:
    """:func:`best` in pure Python (without the compiled kernel, and what the kernel is tested against)."""
    ordered = sorted(score.items(), key=itemgetter(1), reverse=True)[:k]  # stable: ties in the order they were scored
    return [i for i, _ in ordered], [s for _, s in ordered]
