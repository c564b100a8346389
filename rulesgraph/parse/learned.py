"""Read the learned rule words (``data/learned.tsv``, written by ``bench/learn.py``): text → rule → (its name, how many
labelled questions it settled, {stem: count}); and the labelled questions' own words (``data/questions.tsv``, written
with it): text → one ``(rules, stems)`` per question (:func:`read_questions`).

One line per rule, ``702.19b<TAB>trample<TAB>4<TAB>trampl:12 block:5 …``: the rule's number, the name of its rule in the
rules it was learned with (:func:`rule_name`: ``702.19``'s title, or the first words of an untitled rule's text), the
number of labelled questions it settled (the ranking's ``asked`` prior), and the words with their counts.  The name lets
rules of another edition, numbered otherwise, be told apart (2024's 701.19 is Search, 2026's Regenerate).  ``#`` starts
a comment line; blank lines are skipped.  A line not of that shape (other than four columns, a question count that is not
a positive whole number of at most nine digits, no word, a pair without a count or with a count that is not such a number) or a rule
given twice is left out and reported with its line number, never dropped silently; any line ending (LF, CRLF, CR) and a
BOM are read.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..common.text import words

__all__ = ["NAME_WORDS", "Learned", "Questions", "read_learned", "read_questions", "rows", "rule_name"]

NAME_WORDS = 5
"""An untitled rule is named by this many of its first words."""

Learned = dict[str, tuple[str, int, dict[str, int]]]
"""The table: rule → (the name of its rule, the labelled questions it settled, stem → count)."""
Questions = list[tuple[tuple[str, ...], tuple[str, ...]]]
"""The labelled questions: each one's rules (as its label names them) and the stems it said, in the table's order."""


def rule_name(title: str | None, text: str | None) -> str:
    """What a rule is called in the learned table: its title, or its text's first :data:`NAME_WORDS` words, folded."""
    return " ".join(words(title or "") or words(text or "")[:NAME_WORDS])


def _count(said: str) -> int | None:
    """A positive whole number written in ASCII digits, or ``None``."""
    return int(said) if said.isascii() and said.isdigit() and len(said) <= 9 and int(said) > 0 else None  # int() refuses 4,300 digits


def rows(text: str) -> Iterator[tuple[int, list[str]]]:
    """Each line of a bundled table that is not blank or a ``#`` comment, as its line number and its tab-separated
    columns (a BOM and any line ending read): the learned rule words' and the first rules' record's."""
    for n, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        if line.strip() and not line.startswith("#"):
            yield n, line.split("\t")


def read_learned(text: str) -> tuple[Learned, list[tuple[int, str]]]:
    """The table (rule → (name, questions, stem → count)) and the lines left out (``(line number, why)``)."""
    table: Learned = {}
    problems: list[tuple[int, str]] = []
    for n, columns in rows(text):
        rule = columns[0].strip()
        if len(columns) != 4 or not rule or not columns[3].strip():
            problems.append((n, "not 'rule<TAB>name<TAB>questions<TAB>stem:count …'"))
            continue
        if rule in table:
            problems.append((n, f"rule {rule} given again"))
            continue
        questions = _count(columns[2].strip())
        if questions is None:
            problems.append((n, f"not a number of questions: {columns[2][:40]!r}"))
            continue
        counts: dict[str, int] = {}
        for pair in columns[3].split():
            stem, colon, count = pair.rpartition(":")
            if not colon or not stem or (got := _count(count)) is None:
                problems.append((n, f"not a stem:count pair: {pair[:40]!r}"))
                counts = {}
                break
            counts[stem] = counts.get(stem, 0) + got
        if counts:
            table[rule] = (columns[1].strip(), questions, counts)
    return table, problems


def read_questions(text: str) -> tuple[Questions, list[tuple[int, str]]]:
    """The labelled questions of ``data/questions.tsv`` — one line each, ``603.10a 700.4<TAB>exil trigger still …``: the
    rules that settled it and the stems it said, each separated by spaces — and the lines left out (``(line number,
    why)``: other than two columns, no rule or no stem), as :func:`read_learned` reads its table."""
    table: Questions = []
    problems: list[tuple[int, str]] = []
    for n, columns in rows(text):
        rules, stems = (tuple(c.split()) for c in columns) if len(columns) == 2 else ((), ())
        if not rules or not stems:
            problems.append((n, "not 'rule rule …<TAB>stem stem …'"))
            continue
        table.append((rules, stems))
    return table, problems
