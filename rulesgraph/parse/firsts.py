"""Read the first rules' record (``data/firsts.tsv``, written by ``bench/firsts.py``): text → rule → (its name, part →
(answers it was the first rule of, of those the ones it settled)).

One line per rule and part of the real tuning questions, ``608.2b<TAB>resolving spells and abilities<TAB>3<TAB>7<TAB>4``:
the rule's number, the name of its rule in the rules the record was made with (:func:`~rulesgraph.parse.learned.rule_name`,
so another edition's rule of that number is not given it), the part (``0`` – ``9``, :data:`PARTS`: the questions of one
source page are in one part, so a benchmark can leave a part's record out when answering its questions), how many of
that part's answers the ranking gave it as their first rule, and how many of those it settled.  ``#`` starts a comment
line; blank lines are skipped.  A line not of that shape (other than five columns, a part out of range, a count or
settled count that is not a whole number of at most nine digits, more settled than counted) or a rule and part given
twice is left out and reported with its line number, never dropped silently; any line ending (LF, CRLF, CR) and a BOM
are read.
"""

from __future__ import annotations

from .learned import rows

__all__ = ["PARTS", "Firsts", "read_firsts"]

PARTS = 10
"""The parts of the real tuning questions the record is counted by (``bench/learn.py``'s folds): a part out of range is
no part a benchmark could leave out."""
DIGITS = 9
"""The most digits of a count: a longer number is no count of answers (and ``int`` refuses one of thousands)."""

Firsts = dict[str, tuple[str, dict[int, tuple[int, int]]]]
"""The record: rule → (the name of its rule, part → (answers it was first in, answers it settled of those))."""


def _whole(said: str) -> int | None:
    """A whole number written in at most :data:`DIGITS` ASCII digits, or ``None``."""
    said = said.strip()
    return int(said) if said.isascii() and said.isdigit() and len(said) <= DIGITS else None


def read_firsts(text: str) -> tuple[Firsts, list[tuple[int, str]]]:
    """The record (rule → (name, part → (first, settled))) and the lines left out (``(line number, why)``)."""
    table: Firsts = {}
    problems: list[tuple[int, str]] = []
    for n, columns in rows(text):
        rule = columns[0].strip()
        if len(columns) != 5 or not rule:
            problems.append((n, "not 'rule<TAB>name<TAB>part<TAB>first<TAB>settled'"))
            continue
        part, first, settled = (_whole(c) for c in columns[2:])
        if part is None or part >= PARTS or first is None or settled is None or settled > first:
            problems.append((n, f"not a part (0-{PARTS - 1}) and two counts, the second at most the first: "
                                f"{'/'.join(columns[2:])[:40]!r}"))
            continue
        name, parts = table.setdefault(rule, (columns[1].strip(), {}))
        if part in parts or name != columns[1].strip():
            problems.append((n, f"rule {rule} given again" + (f" in part {part}" if part in parts else " under another name")))
            continue
        parts[part] = (first, settled)
    return table, problems
