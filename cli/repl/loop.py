"""The REPL: a prompt_toolkit PromptSession (completion, history, suggestions, toolbar, keys) around
:class:`~rulesgraph_cli.repl.commands.Shell`.  Input and output are injectable, so tests drive it with a
pipe and DummyOutput; without a terminal it reads lines from stdin instead."""

from __future__ import annotations

import sys
import textwrap
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import ColorDepth, Output
from prompt_toolkit.styles import Style
from rich.console import Console, RenderableType
from rich.text import Text

from rulesgraph import Rulebook, __version__
from rulesgraph.build.lookup import vocabulary
from rulesgraph.cards import DEFAULT_URL
from rulesgraph.common.paths import data_dir
from rulesgraph.versions import store

from ..context import CARDS_NOTE, Context
from ..output import show
from ..render.core import render_error
from ..safe import visible
from ..streams import lines_of
from .commands import COMMANDS, Shell
from .completer import RulesCompleter
from .key_bindings import key_bindings
from .toolbar import summary, toolbar

__all__ = ["LATER", "OFFER", "OFFLINE", "PROMPT", "first_screen", "history_path", "make_session", "read_lines", "repl", "run_repl"]

PROMPT = "rules> "
OFFER = "The full Comprehensive Rules are not installed (only the bundled keyword FAQs are). Download them{also} now? [Y/n] "
"""The first screen's one line when no CR is loaded, ``{also}`` naming the card data and the tournament documents when
they are not installed either (answered with Enter or y: download, then go on with them)."""
OFFLINE = {"rules": f"'rulesgraph update --file PATH' with the TXT file from {store.RULES_PAGE}",
           "cards": f"'rulesgraph update cards --file PATH' with AtomicCards.json.xz from {DEFAULT_URL}",
           "tournament": "'rulesgraph update tournament --file PATH' with the MTR, IPG and JAR PDFs (or their text) from "
                         "https://wpn.wizards.com/en/rules-documents"}
"""The offline way to install each thing the first start offers."""
LATER = "run 'rulesgraph update' (offline: {ways})"
"""Said when the first start's offer is declined: ``{ways}`` names the offline way for each thing not installed."""
STYLE = Style.from_dict({"bottom-toolbar": "noreverse bg:#303030 #d0d0d0", "bottom-toolbar.keys": "#8a8a8a",
                         "bottom-toolbar.topic": "#ffd787"})


def history_path() -> Path:
    """``$RULESGRAPH_DATA_DIR/history``, else ``history`` in the platform's user data directory."""
    return data_dir() / "history"


class _SafeHistory(FileHistory):
    """A history file that cannot be read or appended to (a directory, read-only, a full disk) costs one
    notice and the session keeps its history in memory; it never stops the REPL."""

    def __init__(self, path: Path, note: Callable[[str], None]) -> None:
        super().__init__(str(path))
        self._note = note
        self._broken = False

    def _give_up(self, exc: OSError) -> None:
        if not self._broken:
            self._note(f"history not kept ({exc.strerror or exc}: {self.filename}); this session's stays in memory")
        self._broken = True

    def load_history_strings(self) -> Iterable[str]:
        try:
            return list(super().load_history_strings())
        except OSError as exc:
            self._give_up(exc)
            return []

    def store_string(self, string: str) -> None:
        if self._broken:
            return
        try:
            super().store_string(string)
        except OSError as exc:
            self._give_up(exc)


def _history(note: Callable[[str], None]) -> History:
    """The REPL's history file, made readable by its owner alone (what was asked is the user's own, as the cache's key is)."""
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(mode=0o600, exist_ok=True)
        if path.is_file() and not path.is_symlink() and path.stat().st_mode & 0o077:
            path.chmod(0o600)  # a file an older version made readable by others
    except OSError as exc:
        note(f"history not kept ({exc.strerror or exc}: {path})")
        return InMemoryHistory()
    return _SafeHistory(path, note)


def make_session(book: Rulebook, *, history: History | None = None, input: Input | None = None,
                 output: Output | None = None, plain: bool = False, shell: Shell | None = None) -> PromptSession[str]:
    """The prompt: completion while typing, history with Ctrl-R search and suggestions, the toolbar (with the
    conversation's topic when a ``shell`` is given), our keys (in one colour when ``plain``)."""
    commands = [(c.name, c.help) for c in COMMANDS.values()]
    bar = toolbar(book, shell.conversation.topic if shell else None)
    return PromptSession(
        PROMPT, history=history or InMemoryHistory(), input=input, output=output,
        completer=RulesCompleter(lambda: vocabulary(book), commands, shell.card_names if shell else lambda: None),
        complete_while_typing=True,
        auto_suggest=AutoSuggestFromHistory(), bottom_toolbar=bar,
        key_bindings=key_bindings(),
        style=STYLE, enable_history_search=False, mouse_support=False,
        color_depth=ColorDepth.MONOCHROME if plain else None,
    )


def welcome(book: Rulebook, note: str | None = None) -> Text:
    """The first lines: version and what is loaded, what to type, and ``note`` (no card data installed)."""
    lines = [f"rulesgraph {__version__} · {summary(book)}", "Type a question, a rule number or a keyword; :help for more."]
    return Text("\n".join(lines + ([visible(note)] if note else [])), style="dim")


PAGER_PROMPT = "q: back to the question prompt"
"""What ``less`` says at its foot when a REPL answer is paged (a trial typed the next question into the pager)."""


def repl(shell: Shell, session: PromptSession[str], console: Console, *, page: bool = False,
         greeting: RenderableType | None = None) -> int:
    """Read, handle, show, until Ctrl-D or :quit.  Ctrl-C clears the line (or stops an answer being
    printed); a bug in handling one line is reported on one line and the REPL goes on."""
    if greeting is not None:
        console.print(greeting)
    while True:
        try:
            line = session.prompt()
        except KeyboardInterrupt:
            continue
        except EOFError:
            return 0
        try:
            renderable, done = _handle(shell, line)
            if renderable is not None:
                show(console, renderable, page=page, prompt=PAGER_PROMPT)
                console.print()
        except KeyboardInterrupt:  # Ctrl-C while answering or printing: back to the prompt
            console.print(Text("(interrupted)", style="dim"))
            continue
        if done:
            return 0


def _handle(shell: Shell, line: str) -> tuple[RenderableType | None, bool]:
    try:
        outcome = shell.handle(line)
    except Exception as exc:  # one bad line must not end a judge's session
        return render_error(f"internal error ({type(exc).__name__}: {exc}); please report it"), False
    return outcome.renderable, outcome.quit


def read_lines(shell: Shell, lines: TextIO, console: Console) -> int:
    """Without a terminal: handle each line of ``lines`` as if typed, echoing it after the prompt (none read past
    :data:`~rulesgraph_cli.streams.LINE_LIMIT`: a longer one ends the session with one line)."""
    for line in lines_of(getattr(lines, "buffer", None) or lines):
        console.print(Text(PROMPT + visible(line, newlines=False)))
        renderable, done = _handle(shell, line)
        if renderable is not None:
            console.print(renderable)
            console.print()
        if done:
            break
    return 0


def first_screen(ctx: Context, console: Console, confirm: Callable[[str], str]) -> Rulebook:
    """When no full CR is installed: say so in one line and offer to download them now (``confirm`` asks); on yes,
    download with a progress bar (and card data, as ``rulesgraph update`` does) and go on with them loaded.  The
    rules to start with."""
    if not ctx.rules_missing():
        return ctx.book()
    from rulesgraph.build.tbook import newest
    from rulesgraph.cards import store_path

    missing = ["rules"] + (["cards"] if not store_path().is_file() else []) + (["tournament"] if not newest() else [])
    also = [{"cards": "the card data", "tournament": "the tournament documents (MTR, IPG, JAR)"}[m] for m in missing[1:]]
    try:
        offer = OFFER.format(also=(", " if len(also) > 1 else " and ") + " and ".join(also) if also else "")
        reply = confirm(textwrap.fill(offer, width=max(console.width, 40)) + " ")  # wrapped at words, as every other line
    except (EOFError, KeyboardInterrupt):
        reply = "n"
    if reply.strip().lower() not in ("", "y", "yes"):
        ways = ", ".join(OFFLINE[m] for m in missing[:-1]) + (" and " if len(missing) > 1 else "") + OFFLINE[missing[-1]]
        console.print(Text(f"Later: {LATER.format(ways=ways)}.", style="dim"))
        return ctx.book()
    from ..cmd.update import first_install

    if first_install(ctx, console):
        ctx.reset_book()
    return ctx.book()


def run_repl(ctx: Context) -> int:
    """``rulesgraph`` with no command."""
    def make_shell(book: Rulebook) -> Shell:
        cards = ctx.cards()
        return Shell(book, ctx.render_options(hints=True), ctx.config().citations, cards=cards, card_names=ctx.card_names,
                     prepare=lambda: ctx.answering_book(note_missing=True), deck=lambda: ctx.deck, drop=ctx.drop_cards,
                     cards_hint=cards is None, rel=ctx.config().rel)

    if not (sys.stdin.isatty() and ctx.stdout.isatty()):  # no one to ask: say it once, and answer from what is there
        if ctx.rules_missing():
            ctx.note(store.NOT_INSTALLED)
        return read_lines(make_shell(ctx.book()), sys.stdin, ctx.console(wrap=True))  # the first answer opens the cards
    from prompt_toolkit import prompt

    book = first_screen(ctx, ctx.console(), lambda message: prompt(message))
    shell = make_shell(book)  # after the first screen: card data it installed is opened here
    note = None
    if shell.cards is not None:  # read the card names, and open the cards for answering, while the judge starts typing
        threading.Thread(target=lambda: (ctx.card_names(), ctx.answering_book(quiet=True)), daemon=True).start()
    elif not ctx.rules_missing():  # (without the rules either, 'rulesgraph update' was offered: it installs both)
        note, ctx.cards_noted = CARDS_NOTE.capitalize() + ".", True
    session = make_session(book, history=_history(ctx.note), plain=ctx.plain, shell=shell)
    return repl(shell, session, ctx.console(), page=ctx.page, greeting=welcome(book, note))
