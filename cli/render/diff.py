"""Render a :class:`rulesgraph.versions.diff.CrDiff` on a rich console (shared by ``rulesgraph diff`` and the REPL's ``:diff``)."""

from __future__ import annotations

from typing import Any, Protocol

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from rulesgraph.versions.diff import CrDiff

from ..safe import visible

__all__ = ["diff_group", "render_diff", "render_words", "summary"]


class _Printer(Protocol):
    def print(self, *objects: Any) -> None: ...


class _Lines:
    """Collects what :func:`render_diff` prints, for a front end that shows renderables (the REPL)."""

    def __init__(self) -> None:
        self.items: list[Any] = []

    def print(self, *objects: Any) -> None:
        self.items.extend(objects)

_STYLES = {"-": "red strike", "+": "green underline"}
_MARKS = {"-": ("[-", "-]"), "+": ("{+", "+}")}


def _context(run: str, first: bool, last: bool, keep: int) -> str:
    """An unchanged run with only ``keep`` words kept next to each change."""
    words = run.split(" ")
    if keep <= 0 or len(words) <= (1 if first or last else 2) * keep + 1:
        return run
    if first and last:
        return run
    if first:
        return "… " + " ".join(words[-keep:])
    if last:
        return " ".join(words[:keep]) + " …"
    return " ".join(words[:keep]) + " … " + " ".join(words[-keep:])


def render_words(words: tuple[tuple[str, str], ...], *, plain: bool, context: int = 0) -> Text:
    """A word-level diff as one Text: colours on a terminal, ``[-deleted-]{+inserted+}`` marks in plain text;
    with ``context``, unchanged runs keep only that many words next to each change."""
    out = Text()
    for i, (op, said) in enumerate(words):
        run = visible(said, newlines=False)  # the rules' own words: escape sequences in a file print as symbols
        if i:
            out.append(" ")
        if op == "=":
            out.append(_context(run, i == 0, i == len(words) - 1, context))
        elif plain:
            start, end = _MARKS[op]
            out.append(f"{start}{run}{end}")
        else:
            out.append(run, style=_STYLES[op])
    return out


def summary(diff: CrDiff) -> str:
    c = diff.counts()
    scope = f", rule {diff.scope}" if diff.scope else ""
    return (f"Comprehensive Rules {diff.old or '?'} → {diff.new or '?'}{scope}: {diff.compared[0]:,} → {diff.compared[1]:,} rules and "
            f"subrules; {c['added']:,} added, {c['removed']:,} removed, {c['changed']:,} changed ({c['changed_with_examples']:,} "
            f"counting examples), {c['renumbered']:,} renumbered")


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def diff_group(diff: CrDiff, *, plain: bool, limit: int | None = None, context: int = 8) -> Group:
    """The same lines as :func:`render_diff`, as one renderable wrapped to the REPL's width under each rule's text."""
    lines = _Lines()
    render_diff(lines, diff, plain=plain, limit=limit, context=context, hanging=True)
    return Group(*lines.items)


def _entry(line: Text, at: int, hanging: bool) -> Text | Padding:
    """A rule's line (``  702.89b  text``, the text from ``at``): as it is, or (``hanging``) its number and its text in
    columns, so that the text wraps under itself rather than at the margin."""
    if not hanging:
        return line
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")  # a word longer than the column is broken, not cut
    grid.add_row(line[2:at - 2], line[at:])
    return Padding(grid, (0, 0, 0, 2), expand=False)  # no line of spaces to the margin


def render_diff(console: _Printer, diff: CrDiff, *, plain: bool, limit: int | None = None, context: int = 8,
                hanging: bool = False) -> None:
    """Summary line, then renumbered, added, removed and changed rules (at most ``limit`` of each; changed
    rules show ``context`` unchanged words around each change, 0 for whole texts); ``hanging``: each rule's text wraps
    under itself (:func:`_entry`), not at the margin."""
    console.print(Text(summary(diff), style="bold"))
    head = "bold" if not plain else ""

    def section(title: str, count: int, moved: int = 0) -> bool:
        if count:
            mark = "new number, marked (was …)" if title == "added" else "old number, marked (now …)"
            how = f"; {moved:,} of them a moved rule's {mark}" if moved else ""
            console.print(Text(f"\n{title} ({count:,}{how}):", style=head))
        return bool(count)

    def more(count: int) -> None:
        if limit is not None and count > limit:
            console.print(Text(f"  … {count - limit:,} more"))

    moved_to = {m.old: m for m in diff.renumbered}
    moved_from = {m.new: m for m in diff.renumbered}
    if section("renumbered (old → new, similarity)", len(diff.renumbered)):
        for m in diff.renumbered[:limit]:
            console.print(Text(visible(f"  {m.old} → {m.new}  {m.similarity:.1f}")))
        more(len(diff.renumbered))
    for title, entries, style in (("added", diff.added, "green"), ("removed", diff.removed, "red")):
        moves = moved_from if title == "added" else moved_to  # a number a moved rule took or left: listed, and said so
        if section(title, len(entries), sum(1 for e in entries if e.id in moves)):
            for e in entries[:limit]:
                line = Text(f"  {visible(e.id)}  ", style="" if plain else style)
                at = len(line)
                if e.id in moved_from and title == "added":
                    line.append(f"(was {moved_from[e.id].old}) ", style="dim")
                if e.id in moved_to and title == "removed":
                    line.append(f"(now {moved_to[e.id].new}) ", style="dim")
                line.append(_clip(visible(e.text, newlines=False), 200))
                console.print(_entry(line, at, hanging))
            more(len(entries))
    if section("changed", len(diff.changed)):
        for c in diff.changed[:limit]:
            line = Text(f"  {visible(c.id)}  ", style=head)
            at = len(line)
            if c.id in moved_from or c.id in moved_to:  # another rule's text took this number: no word diff to read
                now = f"now the text of {moved_from[c.id].old}" if c.id in moved_from else "new text"
                was = f"; its old text is now {moved_to[c.id].new}" if c.id in moved_to else ""
                line.append(f"({now}{was}) ", style="dim")
                line.append(_clip(visible(c.new, newlines=False), 200))
                console.print(_entry(line, at, hanging))
                if c.id not in moved_to:  # its old text is nowhere now: what it said (509.3, damage assignment order)
                    gone = Text(" " * at + "its old text, at no number now: ", style="" if plain else "red")
                    gone.append(_clip(visible(c.old, newlines=False), 200))
                    console.print(_entry(gone, at, hanging))
                continue
            line.append_text(render_words(c.words, plain=plain, context=context))
            if c.examples:
                line.append("  (examples changed too)", style="dim")
            console.print(_entry(line, at, hanging))
        more(len(diff.changed))
    if diff.examples_changed:
        console.print(Text(f"\nexamples changed, text unchanged ({len(diff.examples_changed):,}): "
                           + visible(", ".join(diff.examples_changed))))
