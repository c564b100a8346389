"""``rulesgraph update``: download (or take from a file) the current Comprehensive Rules and install them."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn, TransferSpeedColumn
from rich.text import Text

from rulesgraph import store
from rulesgraph.update import DEFAULT_URL, TIMEOUT
from rulesgraph.update import Progress as ProgressCallback
from rulesgraph.update import update as download_and_install

from .context import Context
from .safe import visible

HELP = "install the current Comprehensive Rules from Wizards' rules page (or a file) into the user data directory"

_SAID = {
    "installed": "installed",
    "replaced": "replaced the installed copy of",
    "unchanged": "already installed, unchanged:",
    "checked": "checked",
}


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("update", help=HELP, description=HELP + ". The file is validated (it parses, has an effective "
                       "date, at least 1,000 rules and a glossary) before anything is installed.")
    p.add_argument("--url", default=DEFAULT_URL, help=f"the rules page to find the TXT link on, or a .txt address (default: {DEFAULT_URL})")
    p.add_argument("--file", metavar="PATH", help="install this CR file instead of downloading")
    p.add_argument("--timeout", type=float, default=TIMEOUT, metavar="SECONDS",
                   help=f"give up when the server sends nothing for this long (default: {TIMEOUT:g})")
    return p


@contextmanager
def _progress_bar(ctx: Context) -> Iterator[ProgressCallback | None]:
    """A rich progress bar on stderr when it is a terminal; no callback otherwise."""
    if ctx.opt("plain") or not ctx.stderr.isatty():
        yield None
        return
    bar = Progress(TextColumn("downloading"), BarColumn(), DownloadColumn(), TransferSpeedColumn(), TimeRemainingColumn(),
                   console=Console(file=ctx.stderr), transient=True)
    task = bar.add_task("rules", total=None)
    with bar:
        yield lambda done, total: bar.update(task, completed=done, total=total)


def run(ctx: Context) -> int:
    args = ctx.args
    link = None
    if args.file:
        result = store.install_file(args.file)
    else:
        with _progress_bar(ctx) as progress:
            updated = download_and_install(args.url, timeout=args.timeout, progress=progress)
        result, link = updated.installed, updated.link
    line = (f"{_SAID[result.status]} the Comprehensive Rules effective {result.date} ({result.rules:,} rules, "
            f"{result.subrules:,} subrules, {result.glossary:,} glossary entries): {result.path}")
    console = ctx.console()
    console.print(Text(visible(line, newlines=False)))
    if link:  # read from a web page: whatever it says is printed as symbols, never as escape sequences
        console.print(Text(visible(f"from {link}", newlines=False)))
    return 0
