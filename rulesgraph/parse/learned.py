"""Read the learned rule words (``data/learned.tsv``, written by ``bench/learn.py``): text → rule → (its name, {stem: count}).

One line per rule, ``702.19b<TAB>trample<TAB>trampl:12 block:5 …``: the rule's number, the name of its rule in the
rules it was learned with (:func:`rule_name`: ``702.19``'s title, or the first words of an untitled rule's text), and
the words with their counts.  The name lets rules of another edition, numbered otherwise, be told apart (2024's 701.19
is Search, 2026's Regenerate).  ``#`` starts a comment line; blank lines are skipped.  A line not of that shape (fewer
than three columns, no word, a pair without a count or with a count that is not a positive whole number) or a rule
given twice is left out and reported with its line number, never dropped silently; any line ending (LF, CRLF, CR) and a
BOM are read.
"""

from __future__ import annotations

from ..common.text import words

__all__ = ["NAME_WORDS", "read_learned", "rule_name"]

NAME_WORDS = 5
"""An untitled rule is named by this many of its first words."""


def rule_name(title: str | None, text: str | None) -> str:
    """What a rule is called in the learned table: its title, or its text's first :data:`NAME_WORDS` words, folded."""
    return " ".join(words(title or "") or words(text or "")[:NAME_WORDS])


def read_learned(text: str) -> tuple[dict[str, tuple[str, dict[str, int]]], list[tuple[int, str]]]:
    """The table (rule → (name, stem → count)) and the lines left out (``(line number, why)``)."""
    table: dict[str, tuple[str, dict[str, int]]] = {}
    problems: list[tuple[int, str]] = []
    for n, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        columns = line.split("\t")
        rule = columns[0].strip()
        if len(columns) != 3 or not rule or not columns[2].strip():
            problems.append((n, "not 'rule<TAB>name<TAB>stem:count …'"))
            continue
        if rule in table:
            problems.append((n, f"rule {rule} given again"))
            continue
        counts: dict[str, int] = {}
        for pair in columns[2].split():
            stem, colon, count = pair.rpartition(":")
            if not colon or not stem or not (count.isascii() and count.isdigit()) or int(count) <= 0:
                problems.append((n, f"not a stem:count pair: {pair[:40]!r}"))
                counts = {}
                break
            counts[stem] = counts.get(stem, 0) + int(count)
        if counts:
            table[rule] = (columns[1].strip(), counts)
    return table, problems
