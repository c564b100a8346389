"""Regular expressions compiled the first time they are used, not when their module is imported.

Why: a one-question process imports some 150 module-level expressions and uses about half; compiling is pure
Python (``re._parser``), ~0.05–0.5 ms each, so the ones a question never reaches (the format words of a legality
question, a tournament document's headings, a card's wording steps) were several ms of every ``ask --json`` process.
:func:`lazy` stands where ``re.compile`` stood for a pattern only ever used through its methods (``search``,
``match``, ``sub`` …); one handed to ``re.sub(pattern, …)`` or checked with ``isinstance`` must stay compiled.

Nothing of ``re``'s own workings is relied on here: the first method asked for compiles the expression with
``re.compile`` (through :func:`rulesgraph.common.reprograms.compile`: from a stored program in a ``rulesgraph``
process) and keeps the compiled pattern's methods on the object, so later calls cost what a module-level pattern's
do (one attribute read).
"""

from __future__ import annotations

import re
from typing import Any, cast

from . import reprograms

__all__ = ["Lazy", "lazy"]

_KEPT = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "pattern", "flags", "groups",
         "groupindex")


class Lazy:
    """An expression and its flags, compiled (``re.compile``) when first used; then it answers as the pattern."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source, self._flags = pattern, flags

    def __getattr__(self, name: str) -> Any:  # only for what the object does not hold yet: the first use
        if name.startswith("__") or name in ("_source", "_flags"):
            raise AttributeError(name)
        compiled = reprograms.compile(self._source, self._flags)
        for kept in _KEPT:
            setattr(self, kept, getattr(compiled, kept))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self._source!r}, {self._flags!r})"


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, put off until a method of it is first called (typed as the pattern it stands for)."""
    return cast("re.Pattern[str]", Lazy(pattern, flags))
