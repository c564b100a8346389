"""The one exception type the library raises for problems a user can cause."""

from __future__ import annotations

__all__ = ["ECHOED", "CardDataError", "Misused", "NotFound", "RulesgraphError", "SourceError", "echoed", "quoted"]

ECHOED = 60
"""Most characters of what the user typed that an error line says back (a name pasted 600 times is not)."""


def echoed(text: str, limit: int = ECHOED) -> str:
    """What the user typed, as an error line says it back: its spaces collapsed, cut to ``limit`` characters with "…"."""
    said = " ".join(text.split())
    return said if len(said) <= limit else said[: limit - 1].rstrip() + "…"


def quoted(text: str, limit: int = ECHOED) -> str:
    """:func:`echoed` between single quotes, as typed: not ``repr``, whose escapes (``'\\x1b[31m'``) showed a typed control
    character otherwise than the front ends' visible symbols do (``␛[31m``) for the same character elsewhere."""
    return f"'{echoed(text, limit)}'"


class RulesgraphError(Exception):
    """A problem the user can fix (bad file, unknown rule, bad option).

    ``str(error)`` is a single line fit to show as-is; front ends print it and exit 2.
    """


class SourceError(RulesgraphError):
    """A source file that cannot be read or understood; the message starts with ``file[:line]:``."""

    def __init__(self, path: str, message: str, line: int | None = None) -> None:
        self.path = path
        self.line = line
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {message}")


class _Nearest(RulesgraphError):
    """An error with ``nearest``: the names nearest to what was asked, when the finder has some (``--json``'s "nearest")."""

    def __init__(self, message: str, nearest: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.nearest = nearest


class Misused(_Nearest):
    """A misuse (exit 2) with the names nearest to what was meant ("rule 7045k": 704.5k)."""


class NotFound(_Nearest):
    """Well-formed, but not in the loaded rules: front ends report it as "nothing found" (exit 1), with the nearest names
    (a front end trying two finders says them once)."""


class CardDataError(RulesgraphError):
    """The installed card store cannot be read (damaged pages, a dropped table, a column that is not JSON): a command
    that needs the cards says so and exits 2; ``ask`` says it in one line and answers from the rules without them."""
