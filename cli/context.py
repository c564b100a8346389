"""What every command needs: the loaded Rulebook (from the global options), the config file's
settings with the flags applied, consoles, render options, JSON output."""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from _thread import allocate_lock
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TextIO

from rulesgraph import Rulebook, RulesgraphError, SourceError, SourceSpec, bundled_sources, load, parse_spec

from .config import Config, level_setting, load_config, validate
from .safe import json_line, visible

if TYPE_CHECKING:  # rich, the renderer and the CR store are imported when used: '--json' output never needs them
    from rich.console import Console

    from rulesgraph.build.lookup import RuleView
    from rulesgraph.cards.names import NameIndex
    from rulesgraph.cards.store import CardStore
    from rulesgraph.question.namedcards import CardDeck

    from .render.core import RenderOptions

__all__ = ["CARDS_NOTE", "Context", "add_global_options"]

CARDS_NOTE = "no card data installed, so the cards a question names are not read: 'rulesgraph update cards' installs them"
"""Said once per process (in the REPL, on the welcome screen) when answering without card data."""
_DECK_LOCK = allocate_lock()  # threading.Lock itself: threading (~0.5 ms of imports) is for the REPL, which starts threads

_NAMES_LOCK = allocate_lock()


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
    group.add_argument("--no-pager", action="store_true", default=unset, help="never page long output")
    group.add_argument("--rel", choices=("regular", "competitive", "professional", "none"), default=unset,
                       help="answer policy questions that name no Rules Enforcement Level for this one (config: rel; none: unset)")
    group.add_argument("--url-template", default=unset, metavar="TEMPLATE",
                       help="where rule numbers link to: {number} is 702.19b, {anchor} is 70219b")
    group.add_argument("--config", default=unset, metavar="PATH", help="read settings from this TOML file instead of the user config file")


@cache
def _console_class() -> type[Console]:
    """A rich Console whose closed pipe is the reader's normal end: rich's own handling exits with status 1,
    which reads as "nothing found"; this one raises :class:`BrokenPipeError` for ``main`` to end with 0.
    (Made on first use: rich is imported only when something is rendered.)"""
    from rich.console import Console

    class PipeConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError(32, "Broken pipe")

    return PipeConsole


def _keep() -> None:
    """The loaded rules and cards live as long as the process: out of the cyclic collector's generations, so that
    collecting each question's garbage does not walk them again (10 of ~500 ms over long.jsonl's 185 questions).
    :func:`release` gives them back to the collector (a new book replaces them; ``main`` returns)."""
    gc.freeze()


def release() -> None:
    """Undo :func:`_keep`: what was frozen can be collected again (a book's reference cycles are freed only so)."""
    gc.unfreeze()


@dataclass(eq=False, repr=False)
class Context:
    """Per-invocation state shared by the command handlers (one per process: never compared or shown)."""

    args: argparse.Namespace
    stdout: TextIO = field(default_factory=lambda: sys.stdout)
    stderr: TextIO = field(default_factory=lambda: sys.stderr)
    _book: Rulebook | None = None
    _installed: SourceSpec | None = None
    """The installed CR :meth:`specs` chose, if any (a load failing on it says how to install it again)."""
    _config: Config | None = None
    _cards: CardStore | Literal[False] | None = None
    _cards_error: RulesgraphError | None = None
    """Why the card store could not be opened (a later command needing it fails with the same line)."""
    _names: NameIndex | None = None
    deck: CardDeck | None = None
    """The installed cards opened for answering (:meth:`answering_book`); ``None`` before, without card data, or after
    reading them failed (:meth:`drop_cards`)."""
    _deck_opened: bool = False
    _deck_notices: list[str] = field(default_factory=list)
    _cards_missing: bool = False
    _noted: set[str] = field(default_factory=set)
    """Notices said once per process: about the card data (the store and the answering deck both open it), and the
    rules' load notices, which the card names' cache may repeat ("cache not written …")."""
    cards_noted: bool = False
    """:data:`CARDS_NOTE` was said (on stderr, or by the REPL's welcome)."""

    def opt(self, name: str, default: Any = None) -> Any:
        value = getattr(self.args, name, None)
        return default if value is None else value

    def config(self) -> Config:
        """The config file's settings (defaults when there is none), overridden by the flags given."""
        if self._config is None:
            path = self.opt("config")
            if path is not None and not path.strip():  # "--config ''": not the user's file, read in silence
                raise RulesgraphError("--config is empty: give the path of a TOML file")
            config = load_config(Path(path) if path else None, required=bool(path))
            template = self.opt("url_template")
            if template is not None:
                validate({"url_template": template}, "--url-template")
            self._config = config.with_overrides(citations=self.opt("k"), url_template=template,
                                                 pager=False if self.opt("no_pager") else None,
                                                 rel=level_setting(r) if (r := self.opt("rel")) is not None else None)
        return self._config

    @property
    def plain(self) -> bool:
        """No colour, links or pager: asked for (--plain, NO_COLOR, ``color = false``) or not writing to a terminal."""
        return bool(self.opt("plain")) or "NO_COLOR" in os.environ or not self.stdout.isatty() or not self.config().color

    @property
    def page(self) -> bool:
        """Page output taller than the terminal: on a terminal, unless --plain, NO_COLOR or ``pager = false`` (``color =
        false`` turns off colour and styles, as README says, not the pager)."""
        return not (self.opt("plain") or "NO_COLOR" in os.environ or not self.stdout.isatty()) and self.config().pager

    def render_options(self, *, hints: bool = False) -> RenderOptions:
        from .render.core import RenderOptions

        config = self.config()
        return RenderOptions(url_template=config.url_template, links=not self.plain and config.links, hints=hints,
                             rule_notes=self.rule_notes)

    def rule_notes(self, view: RuleView) -> list[str]:
        """Under a CR rule shown: how it changed between the two newest installed versions, if it did."""
        number = view.rule.id
        if not number[:1].isdigit() or ":" in number:
            return []
        from rulesgraph.versions import history

        try:
            note = history.rule_note(number, self.book().effective)
        except RulesgraphError:
            return []
        return [str(note)] if note else []

    def specs(self) -> list[SourceSpec]:
        """Bundled data, then the installed CR (newest, or ``--cr-date``) unless ``--rules`` gives one, then ``--rules``."""
        from rulesgraph.versions import store

        specs = [] if self.opt("no_bundled") else bundled_sources()
        given = [parse_spec(p) for p in self.opt("rules", []) + self.opt("sub_rules", [])]
        date = self.opt("cr_date")
        installed = None if self.opt("no_installed") and date is None else store.default_cr(given, date)
        self._installed = installed
        return specs + ([installed] if installed else []) + given

    def book(self, *, strict: bool = True) -> Rulebook:
        """Load the sources once; notices (cache rebuilt …) go to stderr.  Not ``strict`` (``check``): a source in which
        its format finds nothing is reported, not refused (:func:`rulesgraph.build.corpus.load`)."""
        if self._book is None:
            specs = self.specs()
            try:
                self._book = load(specs, use_cache=not self.opt("no_cache"), strict=strict)
            except SourceError as exc:
                if self._installed is None or exc.path != self._installed.display:
                    raise
                from rulesgraph.versions import store

                raise store.damaged(self._installed, str(exc).removeprefix(f"{exc.path}: ")) from None
            _keep()
            for notice in self._book.notices:
                self.note_once(notice)  # the card names' cache, opened next, says "cache not written" alike: once
        return self._book

    def rules_missing(self) -> bool:
        """No Comprehensive Rules are installed (so none are loaded) and the user named no sources of their own:
        worth saying how to install them."""
        return self.book().effective is None and not (self.opt("rules") or self.opt("sub_rules") or self.opt("cr_date"))

    def answering_book(self, *, quiet: bool = False, note_missing: bool = False) -> Rulebook:
        """:meth:`book`, with the installed cards opened for answering (:attr:`deck`) once per
        process: the card store and its name table from the cache (built and cached the first time).  Their
        notices go to stderr as the load's do (``quiet`` keeps them for the next call: the REPL opens the cards in
        a thread while the first line is typed).  Without card data, :meth:`cards_note` says so once — after the
        answer (main does it), or now with ``note_missing``."""
        book = self.book()
        with _DECK_LOCK:
            if not self._deck_opened:
                from rulesgraph.question.namedcards import open_deck

                try:
                    deck, notices = open_deck(book, use_cache=not self.opt("no_cache"))
                except RulesgraphError as exc:  # unreadable card data costs one line; the rules still answer
                    deck, notices = None, [str(exc)]
                self.deck = deck
                self._deck_opened = True
                _keep()
                self._deck_notices += notices
                self._cards_missing = deck is None and not notices
            if not quiet:
                for notice in self._deck_notices:
                    self.note_once(notice)
                self._deck_notices.clear()
        if note_missing:
            self.cards_note()
        return book

    def shortened(self, said: str) -> str | None:
        """The card a player's short form ``said`` stands for, as ``ask`` reads it (the installed cards opened for
        answering: :meth:`answering_book`), or ``None``."""
        self.answering_book()
        return self.deck.shortened(said) if self.deck is not None else None

    def cards_note(self) -> None:
        """:data:`CARDS_NOTE`, once per process, when answering found no card data (unless the rules are missing
        too: the line saying so names ``rulesgraph update``, which installs both)."""
        if self._cards_missing and not self.cards_noted and not self.rules_missing():
            self.cards_noted = True
            self.note(CARDS_NOTE)

    def card_hint(self, book: Rulebook, question: str) -> None:
        """Without card data, after answering ``question``: when it names what looks like a card, say once how to install
        the cards (:data:`rulesgraph.question.nocards.HINT`; instead of :data:`CARDS_NOTE`, and even when the rules are missing
        too)."""
        if self._cards_missing and not self.cards_noted:
            from rulesgraph.question.nocards import HINT, names_a_card

            if names_a_card(book, question):
                self.cards_noted = True
                self.note(HINT)

    def reset_book(self) -> None:
        """Forget the loaded rules (after installing new ones), so the next :meth:`book` loads them again."""
        self._book = None
        release()
        self._deck_opened = False
        self.deck = None

    def drop_cards(self) -> None:
        """Answer from the rules alone for the rest of the process: the card data could not be read (a damaged store)."""
        self.deck = None

    def cards(self, *, required: bool = False) -> CardStore | None:
        """The installed card store, opened once; ``None`` without card data.  A damaged or outdated store is said in
        one line on stderr and treated as absent — or, when the command needs it (``required``), is the error."""
        if self._cards is None:
            from rulesgraph.cards.store import open_store

            try:
                self._cards = open_store() or False
            except RulesgraphError as exc:
                self._cards, self._cards_error = False, exc
                if required:
                    raise
                self.note_once(str(exc))
        elif required and self._cards_error is not None:  # said once as a note; a command that needs the cards fails
            raise self._cards_error
        return self._cards or None

    def card_names(self, *, required: bool = False) -> NameIndex | None:
        """Every card name in memory for forgiving lookup, read from the store on first use.  A damaged table of
        names is said once (or, when the command needs it, is the error)."""
        with _NAMES_LOCK:  # the REPL reads them in a thread while the first line is typed
            if self._names is None:
                store = self.cards(required=required)
                try:
                    self._names = store.name_index() if store else None
                except RulesgraphError as exc:
                    if required:
                        raise
                    self.note_once(str(exc))
                    self._names = None
        return self._names

    def note_once(self, message: str) -> None:
        """:meth:`note`, unless this very line was said before in this process."""
        if message not in self._noted:
            self._noted.add(message)
            self.note(message)

    def note(self, message: str) -> None:
        """One line on stderr; paths and words the user gave are in it, so escape sequences are made visible."""
        print(f"rulesgraph: {visible(message, newlines=False)}", file=self.stderr)

    def console(self, *, wrap: bool = False) -> Console:
        """A console on stdout; plain (no colour, no markup in text, no links, no trailing spaces) when asked or
        not a terminal.  Into a pipe, lines are not wrapped (the reader's terminal or tool does that) unless
        ``wrap``: then they are wrapped at $COLUMNS or 80."""
        from .output import TrimmedWriter

        make = _console_class()
        if self.plain and self.page:  # ``color = false`` on a terminal: no colour, but the terminal's size and its pager
            return make(file=self.stdout, color_system=None, no_color=True, highlight=False, emoji=False)
        if self.plain:
            return make(file=TrimmedWriter(self.stdout), color_system=None, force_terminal=False, no_color=True,
                        highlight=False, emoji=False, soft_wrap=not wrap and not self.stdout.isatty(), width=_width(self.stdout))
        return make(file=self.stdout, highlight=False, emoji=False)

    def emit(self, result: Any, to_json: Callable[[Any], dict[str, Any]], render: str) -> None:
        """A command's result as one JSON object (``--json``) or rendered for the terminal, paged when tall;
        ``render`` names the function that renders it: one of :mod:`rulesgraph_cli.render.core` (``"render_rule"``) or
        of another module of :mod:`rulesgraph_cli.render` (``"card.render_card_result"``), imported only then, so
        ``--json`` never imports rich."""
        if self.args.json:
            self.json(to_json(result))
        else:
            from importlib import import_module

            from .output import show

            module, _, name = render.rpartition(".")
            renderer = getattr(import_module(f".render.{module or 'core'}", __package__), name)
            show(self.console(wrap=True), renderer(result, self.render_options()), page=self.page)

    def json(self, obj: Any) -> None:
        """One JSON object on one line, flushed; characters a terminal could act on (and lone surrogates, which
        cannot be written) as ``\\uXXXX`` escapes (see :func:`~rulesgraph_cli.safe.json_line`)."""
        line = json_line(obj)
        try:  # a stream that cannot write the text (an ASCII locale): everything escaped, so the JSON stays JSON
            line.encode(getattr(self.stdout, "encoding", None) or "utf-8")  # (its own escapes would be \U0001f600)
        except (UnicodeEncodeError, LookupError):
            line = json.dumps(obj)
        self.stdout.write(line + "\n")
        self.stdout.flush()


def _width(stream: TextIO) -> int:
    """$COLUMNS when it is a positive number, else the terminal's width, else 80 (a pipe, a file).  (``int("")`` raised
    before the terminal was asked, so a terminal without $COLUMNS got 80.)"""
    try:
        if (columns := int(os.environ.get("COLUMNS", "0") or 0)) > 0:
            return columns
    except ValueError:
        pass
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (OSError, AttributeError, ValueError):
        return 80
