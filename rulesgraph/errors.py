"""The one exception type the library raises for problems a user can cause."""

from __future__ import annotations

__all__ = ["CardDataError", "NotFound", "RulesgraphError", "SourceError"]


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


class NotFound(RulesgraphError):
    """Well-formed, but not in the loaded rules: front ends report it as "nothing found" (exit 1)."""


class CardDataError(RulesgraphError):
    """The installed card store cannot be read (damaged pages, a dropped table, a column that is not JSON): a command
    that needs the cards says so and exits 2; ``ask`` says it in one line and answers from the rules without them."""
