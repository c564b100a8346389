"""What one line of the REPL produces and what a ``:command`` is: the records :mod:`.commands` passes around, apart
from the shell that makes them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.console import RenderableType

__all__ = ["Command", "Outcome", "View"]


@dataclass(frozen=True, slots=True)
class View:
    """Something shown: what to print again on :back, and the nodes its ``[K]`` numbers open."""

    renderable: RenderableType
    items: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """What handling one line produced."""

    renderable: RenderableType | None = None
    quit: bool = False
    found: bool = True


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    args: str
    help: str
    run: Callable[..., Outcome]
    """Called with the shell and the words after the command's name."""
    aliases: tuple[str, ...] = ()
