"""Read the learned rule words (``data/learned.tsv``, written by ``bench/learn.py``): text → rule → {stem: count}.

One line per rule, ``702.19b<TAB>trampl:12 block:5 …``; ``#`` starts a comment line; blank lines are skipped.  A line
that is not of that shape (no tab, a pair without a count, a count that is not a positive whole number) is left out
and reported with its line number, never dropped silently; any line ending (LF, CRLF, CR) and a BOM are read.
"""

from __future__ import annotations

__all__ = ["read_learned"]


def read_learned(text: str) -> tuple[dict[str, dict[str, int]], list[tuple[int, str]]]:
    """The table (rule → stem → count) and the lines left out (``(line number, why)``)."""
    table: dict[str, dict[str, int]] = {}
    problems: list[tuple[int, str]] = []
    for n, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        rule, tab, pairs = line.partition("\t")
        rule = rule.strip()
        if not tab or not rule:
            problems.append((n, "not 'rule<TAB>stem:count …'"))
            continue
        counts: dict[str, int] = {}
        for pair in pairs.split():
            stem, colon, count = pair.rpartition(":")
            if not colon or not stem or not count.isdigit() or int(count) <= 0:
                problems.append((n, f"not a stem:count pair: {pair[:40]!r}"))
                counts = {}
                break
            counts[stem] = counts.get(stem, 0) + int(count)
        if counts:
            table[rule] = counts
    return table, problems
