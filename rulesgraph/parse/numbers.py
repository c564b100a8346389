"""Rule numbers: split them, order them, expand ranges (subrule letters skip ``l`` and ``o``), find them in a body."""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from ..common.lazyre import lazy

__all__ = [
    "LETTERS", "RANGE_LIMIT", "STRAYS", "expand_range", "in_order", "is_title", "level_of", "order_key", "parent_of", "range_bounds",
    "rule_line", "rule_of", "sort_key", "split_number",
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


# Which numbered lines of a rules body really begin a rule.  A rules file is numbered in document order within each
# section (100.1 before 100.1a before 100.2), and each section stands in one place; a line that begins with a number
# out of that order is not a rule: a reference broken onto a line of its own ("(See rule" / "702.2. If …" when the
# file was re-wrapped), a number a converter moved, a misprint.  Taken for a rule it would put text under the wrong
# number, push the real rule out as a duplicate and split a section in two.  The parser reads the lines in_order
# leaves out as text, and reports each.


def order_key(number: str) -> tuple[int, int, int, int]:
    """Where a number stands in a rules file: ``7`` < ``700`` < ``702.19`` < ``702.19a`` < ``702.19b`` < ``702.20``
    (letters in plain alphabetical order, the CR's skipped l and o included)."""
    parts = split_number(number)
    if parts is None:
        return (99, 9999, 9999, 999)
    chapter, section, rule, letter = parts
    return (chapter, -1 if section is None else section, -1 if rule is None else rule, -1 if letter is None else ord(letter))


def in_order(numbers: list[str]) -> set[int]:
    """The places in ``numbers`` (the numbered lines of a body, in file order) that begin rules.  Each section stands in
    one place: while a section's numbers are said in two runs, the shortest of its runs and the runs between them is
    left out (one broken reference, "702.2" inside 120, against 120's two halves and the thousands of section 702; the
    two halves are one run again once it is out) — sections themselves may come in any order (an excerpt: 702 before
    100).  Within a section the numbers rise: of its lines, those of the longest rising run are kept, and of several as
    long, the earliest (a number given twice keeps its first; "120.6" said by a reference before 120.5 is in no such
    run, the rule 120.6 after 120.5 is).  A body with more than :data:`STRAYS` strays is read by its longest rising run."""
    runs: list[tuple[str, list[int]]] = []
    for i, number in enumerate(numbers):
        group = number.split(".")[0]
        if runs and runs[-1][0] == group:
            runs[-1][1].append(i)
        else:
            runs.append((group, [i]))
    keys = [order_key(n) for n in numbers]
    if len(runs) - len({group for group, _ in runs}) > STRAYS:  # not a slip here and there: a file out of order
        return set(_rising(keys, list(range(len(numbers)))))  # throughout; the longest rising run of it all (n log n)
    while True:
        at: dict[str, list[int]] = {}
        for k, (group, _) in enumerate(runs):
            at.setdefault(group, []).append(k)
        split = {k for ks in at.values() if len(ks) > 1 for k in range(ks[0], ks[-1] + 1)}  # its runs and what stands between
        if not split:
            break
        k = min(split, key=lambda j: (len(runs[j][1]), not _parts(runs, j), -j))  # the shortest; of equals one that parts a section
        del runs[k]
        if 0 < k < len(runs) and runs[k - 1][0] == runs[k][0]:  # the two runs it stood between are one again
            runs[k - 1] = (runs[k - 1][0], runs[k - 1][1] + runs.pop(k)[1])
    return {i for _, places in runs for i in _rising([keys[j] for j in places], places)}


STRAYS = 64
"""More runs than sections by this many, and :func:`in_order` keeps the longest rising run of the whole body instead
of mending each section: a re-wrapped CR has a handful of strays (seven in the 2026 file at 80 columns), and mending
them one by one costs a pass over the runs each; a shuffled file has thousands."""


def _parts(runs: list[tuple[str, list[int]]], j: int) -> bool:
    """Whether run ``j`` stands between two runs of one section."""
    return 0 < j < len(runs) - 1 and runs[j - 1][0] == runs[j + 1][0]


def _rising(keys: list[tuple[int, int, int, int]], places: list[int]) -> list[int]:
    """Of ``places`` (their numbers' ``keys``), the longest run whose keys strictly rise, the earliest of several as long:
    the length of the longest rising run ending at each place and of the longest starting there (O(n log n) each),
    then, from the left, each place that lies on a longest run and goes on from the one taken before it."""
    def ending(ks: list[tuple[int, ...]]) -> list[int]:
        tails: list[tuple[int, ...]] = []
        out = []
        for key in ks:
            j = bisect_left(tails, key)
            tails[j : j + 1] = [key]
            out.append(j + 1)
        return out
    before = ending(keys)  # type: ignore[arg-type]
    after = ending([tuple(-x for x in key) for key in reversed(keys)])[::-1]
    best = max(before, default=0)
    kept, need, last = [], 1, None
    for k, key in enumerate(keys):
        if before[k] == need and before[k] + after[k] - 1 == best and (last is None or key > last):
            kept.append(places[k])
            need, last = need + 1, key
    return kept
