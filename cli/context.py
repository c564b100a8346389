"""What every command needs: the loaded Rulebook (from the global options), consoles, JSON output."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, field
from typing import Any, TextIO

from rich.console import Console

from rulesgraph import Rulebook, SourceSpec, bundled_sources, load, parse_spec, store

__all__ = ["Context", "add_global_options"]


def add_global_options(parser: argparse.ArgumentParser, *, sub: bool = False) -> None:
    """Options that apply to every command, accepted before or after the command name.

    On a subcommand they default to "not given" (so they never undo the same option given
    before the command), and its ``--rules`` collects into ``sub_rules``, added to ``rules``.
    """
    unset = argparse.SUPPRESS if sub else None
    group = parser.add_argument_group("sources and output")
    group.add_argument("--rules", action="append", default=unset, dest="sub_rules" if sub else "rules", metavar="[FORMAT:]PATH",
                       help="add a rules source (repeatable); FORMAT is cr, faq, excerpt or sections, detected when left out")
    group.add_argument("--no-bundled", action="store_true", default=unset, help="leave the bundled FAQ and keyword data out")
    group.add_argument("--cr-date", default=unset, metavar="YYYY-MM-DD",
                       help="load the installed Comprehensive Rules effective that day (default: the newest installed)")
    group.add_argument("--no-cache", action="store_true", default=unset, help="build from the sources without reading or writing the cache")
    group.add_argument("--plain", action="store_true", default=unset, help="plain text: no colour, no links, no pager")


@dataclass
class Context:
    """Per-invocation state shared by the command handlers."""

    args: argparse.Namespace
    stdout: TextIO = field(default_factory=lambda: sys.stdout)
    stderr: TextIO = field(default_factory=lambda: sys.stderr)
    _book: Rulebook | None = None

    def opt(self, name: str, default: Any = None) -> Any:
        value = getattr(self.args, name, None)
        return default if value is None else value

    @property
    def plain(self) -> bool:
        return bool(self.opt("plain")) or "NO_COLOR" in os.environ or not self.stdout.isatty()

    def specs(self) -> list[SourceSpec]:
        """Bundled data, then the installed CR (newest, or ``--cr-date``) unless ``--rules`` gives one, then ``--rules``."""
        specs = [] if self.opt("no_bundled") else bundled_sources()
        given = [parse_spec(p) for p in self.opt("rules", []) + self.opt("sub_rules", [])]
        date = self.opt("cr_date")
        installed = None if self.opt("no_installed") and date is None else store.default_cr(given, date)
        return specs + ([installed] if installed else []) + given

    def book(self) -> Rulebook:
        """Load the sources once; notices (cache rebuilt …) go to stderr."""
        if self._book is None:
            self._book = load(self.specs(), use_cache=not self.opt("no_cache"))
            for notice in self._book.notices:
                self.note(notice)
        return self._book

    def note(self, message: str) -> None:
        print(f"rulesgraph: {message}", file=self.stderr)

    def console(self) -> Console:
        """A console on stdout; plain (no colour, no markup in text, no links) when asked or not a terminal."""
        if self.plain:  # into a pipe, lines are not wrapped: the reader's terminal or tool does that
            return Console(file=self.stdout, color_system=None, force_terminal=False, no_color=True, highlight=False,
                           emoji=False, soft_wrap=not self.stdout.isatty(), width=_width(self.stdout))
        return Console(file=self.stdout, highlight=False, emoji=False)

    def json(self, obj: Any) -> None:
        self.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
        self.stdout.flush()


def _width(stream: TextIO) -> int:
    try:
        return int(os.environ.get("COLUMNS", "")) or os.get_terminal_size(stream.fileno()).columns
    except (ValueError, OSError, AttributeError):
        return 80
