"""Structural checks shared by the numbered formats: subrule letter gaps and orphans."""

from __future__ import annotations

from ..model import Anomaly, Rule
from .numbers import LETTERS, parent_of

__all__ = ["letter_gaps", "orphans"]


def letter_gaps(rules: list[Rule]) -> list[Anomaly]:
    """Subrule letters that skip more than the CR's deliberate l and o."""
    out: list[Anomaly] = []
    by_parent: dict[str, list[Rule]] = {}
    for rule in rules:
        if rule.level == "subrule":
            by_parent.setdefault(rule.number[:-1], []).append(rule)  # type: ignore[index]
    for parent, subs in by_parent.items():
        expected = iter(LETTERS)
        for sub in subs:
            letter = sub.number[-1]  # type: ignore[index]
            want = next(expected, None)
            if letter != want:
                wanted = f"{parent}{want}" if want else "no further letter"
                out.append(Anomaly("letter-gap", f"{sub.number} where {wanted} was expected (letters skip only l and o)", sub.origin))
                if letter in LETTERS:
                    expected = iter(LETTERS[LETTERS.index(letter) + 1 :])
    return out


def orphans(rules: list[Rule]) -> list[Anomaly]:
    """Numbered units whose parent (``702.19`` for ``702.19b``) is missing."""
    numbers = {r.number for r in rules}
    return [
        Anomaly("orphan", f"{r.number} has no parent {parent_of(r.number or '')} in the body", r.origin)
        for r in rules
        if r.number and parent_of(r.number) and parent_of(r.number) not in numbers
    ]
