"""Rule numbers: split them, order them, expand ranges (subrule letters skip ``l`` and ``o``), find them in a body."""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from ..common.lazyre import lazy

__all__ = [
    "LETTERS", "RANGE_LIMIT", "expand_range", "in_order", "is_title", "level_of", "order_key", "parent_of", "range_bounds", "rule_line",
    "rule_of", "sort_key", "split_number",
]

LETTERS = "abcdefghijkmnpqrstuvwxyz"
"""Subrule letters in order; the CR skips ``l`` and ``o`` (they look like 1 and 0)."""

RANGE_LIMIT = 50
"""A range of more numbers than this (``100.1–10000000``) is not expanded; the CR's longest spans 12."""

_DIGITS = 6
"""A rule number has at most this many digits after the dot (the CR's have three); longer digit runs are
text, not numbers — and never reach ``int()``, which refuses strings of more than 4,300 digits."""

_NUMBER = lazy(rf"^(\d)$|^(\d{{3}})(?:\.(\d{{1,{_DIGITS}}})([a-z])?)?$")


def split_number(number: str) -> tuple[int, int | None, int | None, str | None] | None:
    """``702.19b`` → ``(7, 702, 19, "b")``; ``8`` → ``(8, None, None, None)``; ``None`` if not a number."""
    m = _NUMBER.match(number)
    if not m:
        return None
    if m.group(1):
        return int(m.group(1)), None, None, None
    section = int(m.group(2))
    rule = int(m.group(3)) if m.group(3) else None
    return section // 100, section, rule, m.group(4)


def level_of(number: str) -> str:
    """``chapter``, ``section``, ``rule`` or ``subrule`` for a well-formed number."""
    parts = split_number(number)
    if parts is None:
        raise ValueError(f"not a rule number: {number!r}")
    _, section, rule, letter = parts
    if section is None:
        return "chapter"
    if rule is None:
        return "section"
    return "subrule" if letter else "rule"


def parent_of(number: str) -> str | None:
    """The number one level up: ``702.19b`` → ``702.19`` → ``702`` → ``7`` → ``None``."""
    parts = split_number(number)
    if parts is None:
        return None
    chapter, section, rule, letter = parts
    if letter:
        return f"{section}.{rule}"
    if rule is not None:
        return str(section)
    if section is not None:
        return str(chapter)
    return None


@lru_cache(maxsize=16384)
def rule_of(number: str) -> str:
    """The rule a number belongs to: ``702.19`` for ``702.19b`` and for ``702.19``; a section,
    chapter or non-number is its own."""
    parts = split_number(number)
    if parts is None or parts[2] is None:
        return number
    return f"{parts[1]}.{parts[2]}"


def sort_key(number: str) -> tuple[int, int, int, int]:
    """Document order for numbers of any level (unknown strings sort last)."""
    parts = split_number(number)
    if parts is None:
        return (99, 9999, 9999, 99)
    chapter, section, rule, letter = parts
    return (
        chapter,
        -1 if section is None else section,
        -1 if rule is None else rule,
        -1 if letter is None else (LETTERS.index(letter) if letter in LETTERS else 50 + ord(letter)),
    )


def range_bounds(start: str, end: str) -> tuple[str, str, int] | None:
    """The first and last number of the range ``start``–``end`` and how many numbers it spans (past
    :data:`RANGE_LIMIT`, maybe only ``RANGE_LIMIT + 1``), or ``None`` when the two ends do not make a range.

    ``end`` may be a full number (``601.2h``), a letter (``h``: same rule) or a rule
    digit string (``8`` after ``119.7``).  Letters follow :data:`LETTERS`.
    """
    first = split_number(start)
    if first is None:
        return None
    _, section, rule, letter = first
    if re.fullmatch(r"[a-z]", end):
        end = f"{section}.{rule}{end}"
    elif re.fullmatch(r"\d+", end) and rule is not None and letter is None:
        end = f"{section}.{end}"
    if rule is not None and letter is None and (m := re.fullmatch(rf"{section}\.(\d{{{_DIGITS + 1},}})", end)) and m.group(1)[0] != "0":
        return (start, end, RANGE_LIMIT + 1)  # an end too long to be a number: more than any range expands to
    last = split_number(end)
    if last is None or section is None or last[1] != section:
        return None
    if letter is not None and last[3] is not None and last[2] == rule:
        if letter not in LETTERS or last[3] not in LETTERS:
            return None
        i, j = LETTERS.index(letter), LETTERS.index(last[3])
        return (start, end, j - i + 1) if i <= j else None
    if letter is None and last[3] is None and rule is not None and last[2] is not None:
        return (start, end, last[2] - rule + 1) if rule <= last[2] else None
    return None


def expand_range(start: str, end: str) -> list[str]:
    """Every number from ``start`` to ``end`` inclusive (see :func:`range_bounds`); ``[]`` when the
    two ends do not make a range or it spans more than :data:`RANGE_LIMIT` numbers."""
    bounds = range_bounds(start, end)
    if bounds is None or bounds[2] > RANGE_LIMIT:
        return []
    first, _, count = bounds
    section, rule, letter = split_number(first)[1:]  # type: ignore[index]
    if letter is not None:
        i = LETTERS.index(letter)
        return [f"{section}.{rule}{c}" for c in LETTERS[i : i + count]]
    return [f"{section}.{r}" for r in range(rule, rule + count)]  # type: ignore[operator]


# Numbered lines, most specific first.  The CR writes rules as "702.19. Trample",
# but also "606.5 If …" (no dot), "119.1d. In …" (stray dot) and "901.4.All …" (no space).
_TEXT = r"(?P<text>[^\s a-z).,;:!?\]}].*)"
"""A rule's text begins as a sentence or a title does, never in lower case or on closing punctuation: "702.2.) If …"
and "601.2, and …" are a reference broken onto a line of its own, not a rule."""
_LINE_FORMS = (
    ("subrule", lazy(rf"^(?P<num>\d{{3}}\.\d{{1,{_DIGITS}}}[a-z])\.?\s+{_TEXT}$")),
    ("rule", lazy(rf"^(?P<num>\d{{3}}\.\d{{1,{_DIGITS}}})(?:\.\s*|\s+){_TEXT}$")),
    ("section", lazy(rf"^(?P<num>\d{{3}})\.\s+{_TEXT}$")),
    ("chapter", lazy(rf"^(?P<num>\d)\.\s+{_TEXT}$")),
)


def rule_line(line: str) -> tuple[str, str, str] | None:
    """``"702.19b The controller …"`` → ``("702.19b", "subrule", "The controller …")``, else ``None``."""
    for level, pattern in _LINE_FORMS:
        m = pattern.match(line)
        if m:
            return m.group("num"), level, m.group("text")
    return None


def is_title(text: str) -> bool:
    """Whether a rule's text is a heading (``Trample``) rather than a sentence."""
    return len(text) <= 80 and not re.search(r"[.:;,]$", text.rstrip()) and len(text.split()) <= 10


# Which numbered lines of a rules body really begin a rule.  A rules file is numbered in document order (100.1 before
# 100.1a before 100.2 … 905.6); a line that begins with a number out of that order is not a rule: a reference broken
# onto a line of its own ("(See rule" / "702.2. If …" when the file was re-wrapped), a number a converter moved, a
# misprint.  Taken for a rule it would put text under the wrong number, push the real rule out as a duplicate and split
# a section in two.  The numbered lines kept are the longest run of them whose numbers strictly increase (one
# mechanism for every such slip, whatever its wording); the parser reads the others as text, and reports each.


def order_key(number: str) -> tuple[int, int, int, int]:
    """Where a number stands in a rules file: ``7`` < ``700`` < ``702.19`` < ``702.19a`` < ``702.19b`` < ``702.20``
    (letters in plain alphabetical order, the CR's skipped l and o included)."""
    parts = split_number(number)
    if parts is None:
        return (99, 9999, 9999, 999)
    chapter, section, rule, letter = parts
    return (chapter, -1 if section is None else section, -1 if rule is None else rule, -1 if letter is None else ord(letter))


def in_order(numbers: list[str]) -> set[int]:
    """The places in ``numbers`` (the numbered lines of a body, in file order) of the longest subsequence whose numbers
    strictly increase; of several as long, the one whose numbers come latest in the file (a number said early by a
    broken reference gives way to the rule that says it in its place).  O(n log n)."""
    keys = [order_key(n) for n in numbers]
    tails: list[tuple[int, int, int, int]] = []  # the smallest last key of an increasing run of each length + 1
    at: list[int] = []  # the place holding that key
    before: list[int] = [-1] * len(keys)
    for i, key in enumerate(keys):
        j = bisect_left(tails, key)
        if j == len(tails):
            tails.append(key)
            at.append(i)
        else:
            tails[j], at[j] = key, i  # an equal or smaller key later in the file takes the place
        before[i] = at[j - 1] if j else -1
    kept: set[int] = set()
    i = at[-1] if at else -1
    while i >= 0:
        kept.add(i)
        i = before[i]
    return kept
