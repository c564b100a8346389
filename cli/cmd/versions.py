"""``rulesgraph versions``: list the installed Comprehensive Rules and say which one is loaded by default, the card data
and the tournament documents (their lines: :mod:`rulesgraph_cli.render.versions`, which the REPL's ``:sources`` says too)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..context import Context
from ..render.versions import cards_line, tournament_lines
from ..safe import visible

if TYPE_CHECKING:
    from rulesgraph.cards.store import StoreInfo

HELP = "list the installed Comprehensive Rules versions (by effective date), card data and tournament documents"


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("versions", help=HELP, description=HELP + "; the newest is loaded unless --cr-date picks another")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def _cards_json(info: StoreInfo | None) -> dict[str, object] | None:
    if info is None:
        return None
    return {"path": str(info.path), "source": info.source, "version": info.version, "date": info.date, "cards": info.cards,
            "faces": info.faces, "rulings": info.rulings, "sha256": info.sha256, "installed": info.installed}


def run(ctx: Context) -> int:
    from rich.table import Table
    from rich.text import Text

    from rulesgraph.versions import store

    versions = store.installed()
    damaged = {v.date for v in versions if not v.reads()}  # each file's format asked once (remembered by size and time)
    if ctx.opt("cr_date"):  # as every other command reads it: a date installed, else one line and exit 2
        store.path_for(ctx.opt("cr_date"))
    chosen = ctx.opt("cr_date") or (versions[0].date if versions else None)
    card_store = ctx.cards()
    info = card_store.info if card_store else None
    from rulesgraph.build import tbook

    documents = tbook.installed()
    if ctx.args.json:
        ctx.json({"directory": str(store.rules_dir()), "default": chosen,
                  "versions": [{"date": v.date, "path": str(v.path), "bytes": v.size, "reads": v.date not in damaged} for v in versions],
                  "cards": _cards_json(info),
                  "tournament": [{"document": d.kind.upper(), "date": d.date, "path": str(d.path),
                                  "used": d == next(e for e in documents if e.kind == d.kind)} for d in documents]})
        return 0
    console = ctx.console()
    if not versions:
        where = visible(str(store.rules_dir()))
        console.print(Text(f"no Comprehensive Rules installed in {where}; 'rulesgraph update' installs the current ones"))
        console.print(Text(visible(cards_line(info))))
        _tournament_lines(console, documents)
        return 0
    table = Table.grid(padding=(0, 2), pad_edge=False)
    for v in versions:
        mark = ("loaded (--cr-date)" if ctx.opt("cr_date") else "loaded by default") if v.date == chosen else ""
        if v.date in damaged:
            mark = f"{mark}{', ' if mark else ''}damaged"
        table.add_row(Text(v.date), Text(v.path.name), Text(f"{v.size:,} bytes", justify="right"), Text(mark))
    console.print(Text(visible(f"{len(versions)} installed in {store.rules_dir()}:")))
    console.print(table)
    for v in versions:
        if v.date in damaged:
            console.print(Text(f"{v.date} no longer reads as the Comprehensive Rules: install it again with 'rulesgraph update' or "
                               "'rulesgraph update --file PATH'"))
    console.print(Text(visible(cards_line(info))))
    _tournament_lines(console, documents)
    return 0


def _tournament_lines(console: object, documents: list) -> None:  # type: ignore[type-arg]
    from rich.text import Text

    for line in tournament_lines(documents):
        console.print(Text(visible(line)))  # type: ignore[attr-defined]
