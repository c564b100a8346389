"""``rulesgraph update [rules|cards|tournament]``: download (or take from a file) the current Comprehensive Rules,
MTGJSON's card data and the tournament documents (MTR, IPG, JAR), and install them.  With no argument all three are
brought up to date."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from rulesgraph import RulesgraphError, cards
from rulesgraph.versions.store import RULES_PAGE as DEFAULT_URL  # what rulesgraph.versions.update.DEFAULT_URL is, without the network stack

from ..context import Context
from ..render.versions import card_build
from ..safe import visible

if TYPE_CHECKING:  # rich, the store and the network stack are imported when 'update' runs, not by every command
    from rich.console import Console

    from rulesgraph.records.cards import CardFile
    from rulesgraph.sources.fetch import Progress as ProgressCallback

HELP = ("install the current Comprehensive Rules (from Wizards' rules page), card data (from MTGJSON) and tournament documents "
        "(MTR, IPG, JAR), or a file")

_SAID = {
    "installed": "installed",
    "replaced": "replaced the installed {what} with",
    "unchanged": "already installed, unchanged:",
    "checked": "checked",
}
"""How an install begins its line; ``{what}`` is what it replaced: the card data, or a document of the same kind and date."""


def _said(status: str, what: str) -> str:
    """How an install of ``what`` begins its line (:data:`_SAID`)."""
    return _SAID[status].format(what=what)


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    from rulesgraph.sources.fetch import TIMEOUT

    p = sub.add_parser("update", help=HELP, description=HELP + ". Rules are validated (they parse, have an effective "
                       "date, at least 1,000 rules and a glossary), card data is checked against its published SHA-256 and "
                       "read in full, before anything is installed; what was installed stays until then.")
    p.add_argument("what", nargs="?", choices=("rules", "cards", "tournament"),
                   help="only the rules, only the cards, or only the tournament documents (MTR, IPG, JAR) (default: all three; "
                   "with --file, what the file is)")
    p.add_argument("--url", help=f"rules: the page to find the TXT link on, or a .txt address (default: {DEFAULT_URL}); "
                   f"cards: the AtomicCards .json.xz address (default: the config's cards_url, ${cards.URL_ENV}, or "
                   f"{cards.DEFAULT_URL}); tournament: one document's PDF or text address (which one it is, read from it)")
    p.add_argument("--file", metavar="PATH", action="append", help="install this file instead of downloading: a CR .txt, an "
                   "MTGJSON AtomicCards (.json, .json.xz, .json.gz, .json.bz2) or set file, or an MTR, IPG or JAR (a .pdf, or its "
                   "text, known by its title); repeat it to install several, each in turn")
    p.add_argument("--replace", action="store_true", help="cards: install a file that holds far fewer cards than the "
                   "installed card data (a set file over AtomicCards), which it replaces")
    p.add_argument("--timeout", type=seconds, default=TIMEOUT, metavar="SECONDS",
                   help=f"give up on a download that takes longer than this, or on a server that sends nothing for this "
                   f"long (default: {TIMEOUT:g})")
    return p


def seconds(value: str) -> float:
    """``--timeout``: a number of seconds above 0 (``nan``, ``inf``, ``-1``, ``0`` and ``1e308`` are one-line errors)."""
    from rulesgraph.sources.fetch import check_timeout

    try:
        return check_timeout(float(value))
    except (ValueError, RulesgraphError) as exc:
        raise argparse.ArgumentTypeError(str(exc) if isinstance(exc, RulesgraphError) else f"not a number of seconds: {value!r}") from None


@contextmanager
def _progress_bar(ctx: Context, what: str = "rules", console: Console | None = None) -> Iterator[ProgressCallback | None]:
    """A rich progress bar on stderr (or on ``console``) when it is a terminal; no callback otherwise."""
    terminal = console.is_terminal if console is not None else ctx.stderr.isatty()
    if ctx.opt("plain") or not terminal:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn, TransferSpeedColumn

    bar = Progress(TextColumn(f"downloading {what}"), BarColumn(), DownloadColumn(), TransferSpeedColumn(), TimeRemainingColumn(),
                   console=console or Console(file=ctx.stderr), transient=True)
    task = bar.add_task(what, total=None)
    with bar:
        yield lambda done, total: bar.update(task, completed=done, total=total)


@contextmanager
def _working(ctx: Context, what: str) -> Iterator[None]:
    """A spinner on stderr while a long step runs (terminal only)."""
    if ctx.opt("plain") or not ctx.stderr.isatty():
        yield
        return
    from rich.console import Console

    with Console(file=ctx.stderr).status(what):
        yield


def _targets(args: argparse.Namespace) -> tuple[str, ...]:
    from rulesgraph.cards.read import CARD_FILE

    if args.what:
        return (args.what,)
    if args.file:
        if args.file.lower().endswith(".pdf") or _tournament_text(args.file):  # what the file is: an MTR's text too
            return ("tournament",)
        return ("cards",) if args.file.lower().endswith(CARD_FILE) else ("rules",)
    if args.url:
        return ("cards",) if args.url.lower().split("?")[0].endswith(CARD_FILE) else ("rules",)
    return ("rules", "cards", "tournament")


def _tournament_text(path: str) -> bool:
    """``path`` is a regular file whose title says it is a tournament document.  Only a regular file is looked into: a
    pipe (``--file <(…)``) can be read once, and what installs it reads it whole."""
    import stat

    from rulesgraph.versions.tstore import detect_file_kind

    try:
        regular = stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False
    return regular and detect_file_kind(path) is not None


def _address(ctx: Context, env: str, setting: str) -> str:
    """``--url``, else ``$env``, else the config's ``setting``; checked (:func:`rulesgraph.sources.urls.parse`), a malformed
    one is a line naming where it came from."""
    from rulesgraph.sources.urls import parse

    for value, where in ((ctx.opt("url"), "--url"), (os.environ.get(env), f"${env}")):
        if value:
            parse(value, where)
            return str(value)
    return str(getattr(ctx.config(), setting))  # the config file's was checked when it was read


def rules_url(ctx: Context) -> str:
    """``--url``, else ``$RULESGRAPH_RULES_URL``, else the config's ``rules_url`` (Wizards' rules page)."""
    from rulesgraph.versions import store

    return _address(ctx, store.RULES_URL_ENV, "rules_url")


def _offline(what: str) -> str:
    return {
        "rules": f"offline, install a file you have: 'rulesgraph update --file PATH' (the TXT file from {DEFAULT_URL})",
        "cards": f"offline, install a file you have: 'rulesgraph update cards --file PATH' (AtomicCards.json.xz from {cards.DEFAULT_URL})",
        "tournament": "offline, install a file you have: 'rulesgraph update tournament --file PATH' (a PDF from "
                      "https://wpn.wizards.com/en/rules-documents, or its text)",
    }[what]


@contextmanager
def _offline_hint(what: str) -> Iterator[None]:
    """A server that cannot be reached: say so, and name the offline way."""
    from rulesgraph.sources.fetch import Unreachable

    try:
        yield
    except Unreachable as exc:
        raise RulesgraphError(f"{exc}; {_offline(what)}") from None


def _rules(ctx: Context, console: Console | None = None) -> None:
    from rich.text import Text

    from rulesgraph.sources.fetch import TIMEOUT
    from rulesgraph.versions import store
    from rulesgraph.versions.update import update as download_and_install

    link = None
    if ctx.opt("file"):
        try:
            result = store.install_file(ctx.opt("file"))
        except RulesgraphError as exc:
            raise _tournament_said(ctx.opt("file"), exc) from None
    else:
        with _offline_hint("rules"), _progress_bar(ctx, "rules", console) as progress:
            updated = download_and_install(rules_url(ctx), timeout=ctx.opt("timeout", TIMEOUT), progress=progress)
        result, link = updated.installed, updated.link
    line = (f"{_said(result.status, 'rules of the same date')} the Comprehensive Rules effective {result.date} ({result.rules:,} rules, "
            f"{result.subrules:,} subrules, {result.glossary:,} glossary entries): {result.path}")
    console = console or ctx.console()
    console.print(Text(visible(line, newlines=False)))
    if link:  # read from a web page: whatever it says is printed as symbols, never as escape sequences
        console.print(Text(visible(f"from {link}", newlines=False)))
    if result.status in ("installed", "replaced"):
        _rejoin(ctx)
        _prepare_notes(ctx)


def _tournament_said(path: str, exc: RulesgraphError) -> RulesgraphError:
    """A tournament document given to ``update rules --file``: say what it is and the command that installs it."""
    import shlex

    from rulesgraph.versions.tstore import detect_file_kind

    kind = detect_file_kind(path)
    if kind is None:
        return exc
    return RulesgraphError(f"{path}: is the {kind}, a tournament document, not the Comprehensive Rules: install it with "
                           f"'rulesgraph update tournament --file {shlex.quote(path)}'")


def _prepare_notes(ctx: Context) -> None:
    """Compare the two newest versions now and store it, so that showing a rule only reads the notes."""
    from rulesgraph.versions import history

    try:
        with _working(ctx, "comparing with the previous version…"):
            history.latest()
    except RulesgraphError:  # an older version that no longer reads: no notes, nothing else lost
        pass


def _rejoin(ctx: Context) -> None:
    """New rules may name keywords differently: join the installed cards to them again."""
    from rulesgraph.cards.install import rejoin, relink
    from rulesgraph.cards.rulinglinks import Linker
    from rulesgraph.cards.view import keyword_list

    ctx.reset_book()
    rejoin(keyword_list(ctx.book()))
    relink(Linker(ctx.book()))  # the rulings to the new rules' numbers


def cards_url(ctx: Context) -> str:
    """``--url``, else ``$RULESGRAPH_CARDS_URL``, else the config's ``cards_url``."""
    return _address(ctx, cards.URL_ENV, "cards_url")


def _cards(ctx: Context, console: Console | None = None) -> None:
    from rich.text import Text

    from rulesgraph.cards import install as card_install
    from rulesgraph.cards.fetch import download
    from rulesgraph.cards.read import read_card_file
    from rulesgraph.cards.view import keyword_list
    from rulesgraph.sources.fetch import TIMEOUT

    url = None
    if ctx.opt("file"):
        with _working(ctx, "reading the card file…"):
            card_file = read_card_file(ctx.opt("file"))
    else:
        url = cards_url(ctx)
        with _offline_hint("cards"), _progress_bar(ctx, "cards", console) as progress:
            card_file = download(url, timeout=ctx.opt("timeout", TIMEOUT), progress=progress)
    _keeps_more(card_file, ctx.opt("replace"))
    with _working(ctx, f"installing {len(card_file.cards):,} cards…"):
        from rulesgraph.cards.rulinglinks import Linker

        result = card_install.install(card_file, keyword_list(ctx.book()), linker=Linker(ctx.book()))
    with _working(ctx, "indexing the card names…"):  # built and cached now, so the first answer reads it in ~0.1 s
        from rulesgraph.question.namedcards import open_deck

        for notice in open_deck(ctx.book())[1]:
            ctx.note(notice)
    info = result.info
    line = (f"{_said(result.status, 'card data')} {card_build(info)} ({info.cards:,} card names, {info.faces:,} faces, "
            f"{info.rulings:,} rulings) from {info.source}: {info.path}")
    (console or ctx.console()).print(Text(visible(line, newlines=False)))


FEWER = 0.5
"""A card file holding fewer than this share of the installed card data's cards replaces it only with ``--replace``."""


def _keeps_more(card_file: CardFile, replace: bool) -> None:
    """Raise when ``card_file`` would replace installed card data that holds far more cards (:data:`FEWER`): one set's
    285 cards over every card's 23,711 is a slip, not an update — unless ``--replace`` says it is meant."""
    from rulesgraph.cards.store import open_store

    try:
        store = open_store()
    except RulesgraphError:  # damaged: replacing it is what update is for
        return
    if store is None:
        return
    info = store.info
    store.close()
    if replace or len(card_file.cards) >= FEWER * info.cards:
        return
    raise RulesgraphError(f"not installed: this file holds {len(card_file.cards):,} cards, the installed card data ({card_build(info)}) "
                          f"{info.cards:,}, all of which it would replace; add --replace to install it anyway")


def _tournament(ctx: Context, console: Console | None = None) -> None:
    """The MTR, IPG and JAR: each downloaded (or the one ``--file``) and installed; one failing does not stop the others."""
    from rich.text import Text

    from rulesgraph.sources.fetch import TIMEOUT, Unreachable
    from rulesgraph.versions import tstore

    console = console or ctx.console()

    def said(r: tstore.TValidated) -> None:
        line = f"{_said(r.status, 'document of the same date')} the {r.name} effective {r.date} ({r.sections} {r.level}s): {r.path}"
        console.print(Text(visible(line, newlines=False)))

    if ctx.opt("file"):
        said(tstore.install_file(ctx.opt("file")))
        return
    if ctx.opt("url"):  # one document from this address, its kind read from it
        from rulesgraph.sources.urls import parse

        parse(ctx.opt("url"), "--url")
        with _offline_hint("tournament"), _progress_bar(ctx, "tournament document", console) as progress:
            said(tstore.download(None, ctx.opt("url"), timeout=ctx.opt("timeout", TIMEOUT), progress=progress))
        return
    failed: list[str] = []
    for kind, url in tstore.urls().items():
        try:
            with _progress_bar(ctx, kind.upper(), console) as progress:
                said(tstore.download(kind, url, timeout=ctx.opt("timeout", TIMEOUT), progress=progress))
        except Unreachable as exc:
            if not failed and kind == next(iter(tstore.urls())):  # offline: one line, naming the offline way
                raise RulesgraphError(f"{kind.upper()}: {exc}; {_offline('tournament')}") from None
            ctx.note(f"error: {kind.upper()}: {exc}")
            failed.append(kind.upper())
        except RulesgraphError as exc:
            ctx.note(f"error: {kind.upper()}: {exc}")
            failed.append(kind.upper())
    if failed:
        raise RulesgraphError(f"could not install {', '.join(failed)} (see above)")


def first_install(ctx: Context, console: Console) -> bool:
    """What ``rulesgraph update`` does, for the REPL's first start: the rules, then card data and the tournament
    documents if none are installed, progress and results on ``console``; a failure is one line there and the REPL
    goes on — offline, a line for each, naming ``update --file``, ``update cards --file`` and ``update tournament
    --file``.  True when rules were installed (the caller loads them)."""
    from rich.text import Text

    from rulesgraph.build.tbook import newest
    from rulesgraph.cards import store_path

    done = False
    for what, step in (("rules", _rules), ("cards", _cards), ("tournament documents", _tournament)):
        if (what == "cards" and store_path().is_file()) or (what == "tournament documents" and newest()):
            continue
        try:  # the cards even when the rules failed: offline, each failure names its own 'update --file'
            step(ctx, console)
            done = done or what == "rules"
        except RulesgraphError as exc:
            console.print(Text(visible(f"could not install the {what}: {exc}", newlines=False)))
    return done


def run(ctx: Context) -> int:
    """Each file given in turn (``--file`` repeated: the MTR, IPG and JAR at once; a trial found all but the last
    dropped), or the one source; a failure of one of several (said in one line) does not stop the others."""
    files = ctx.opt("file", [])
    if files and ctx.opt("url") is not None:  # one source of what to install, not two
        raise RulesgraphError("update: give --file or --url, not both")
    given = ctx.opt("rules", []) + ctx.opt("sub_rules", [])
    if given:  # the user's own sources are read before anything is installed: a bad one is said and changes nothing
        from rulesgraph.build.corpus import load, parse_spec  # (installing reads them only after, to join the cards to them)

        load([parse_spec(p) for p in given], use_cache=not ctx.opt("no_cache"))  # them alone: an installed file that
        # no longer reads must not stop the update that replaces it
    failed = False
    for path in files or [None]:
        ctx.args.file = path
        try:
            failed = _run(ctx) != 0 or failed
        except RulesgraphError as exc:
            if len(files) <= 1:
                raise
            ctx.note(f"error: {exc}" if str(path) in str(exc) else f"error: {path}: {exc}")
            failed = True
    return 2 if failed else 0


def _run(ctx: Context) -> int:
    """Each target in turn; with several, a failure of one (said in one line) does not stop the others."""
    for option in ("file", "url"):
        if ctx.opt(option) is not None and not ctx.opt(option).strip():  # "--url ''" was the default address, said nothing
            raise RulesgraphError(f"update: --{option} is empty")
    targets = _targets(ctx.args)
    failed = False
    for what in targets:
        try:
            {"rules": _rules, "cards": _cards, "tournament": _tournament}[what](ctx)
        except RulesgraphError as exc:
            if len(targets) == 1:
                raise
            ctx.note(f"error: {what}: {exc}")
            failed = True
    return 2 if failed else 0
