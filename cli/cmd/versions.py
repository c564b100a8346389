"""``rulesgraph versions``: list the installed Comprehensive Rules and say which one is loaded by default (and the REPL's
``:sources``: what is loaded)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..context import Context
from ..safe import visible

if TYPE_CHECKING:
    from rich.console import RenderableType

    from rulesgraph import Rulebook
    from rulesgraph.cards.store import CardStore, StoreInfo

HELP = "list the installed Comprehensive Rules versions (by effective date) and the installed card data"


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("versions", help=HELP, description=HELP + "; the newest is loaded unless --cr-date picks another")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def _cards_json(info: StoreInfo | None) -> dict[str, object] | None:
    if info is None:
        return None
    return {"path": str(info.path), "source": info.source, "version": info.version, "date": info.date, "cards": info.cards,
            "faces": info.faces, "rulings": info.rulings, "sha256": info.sha256, "installed": info.installed}


def card_build(info: StoreInfo) -> str:
    """Which card data it is: ``MTGJSON 5.2.0+20220425 of 2022-04-25``, or ``card data`` when the file says no build."""
    return f"MTGJSON {info.version}" + (f" of {info.date}" if info.date else "") if info.version else "card data"


def cards_line(info: StoreInfo | None) -> str:
    from rulesgraph.cards import cards_dir, store_path

    if info is None and store_path().is_file():  # there, but not opened: damaged or of an older layout
        return f"the card data in {store_path()} could not be read; 'rulesgraph update cards' installs it again"
    if info is None:
        return f"no card data installed in {cards_dir()}; 'rulesgraph update cards' installs MTGJSON's"
    return (f"cards: {card_build(info)}, {info.cards:,} card names, {info.faces:,} faces, {info.rulings:,} rulings "
            f"(from {info.source}, installed {info.installed}): {info.path}")


def run(ctx: Context) -> int:
    from rich.table import Table
    from rich.text import Text

    from rulesgraph.versions import store

    versions = store.installed()
    chosen = ctx.opt("cr_date") or (versions[0].date if versions else None)
    card_store = ctx.cards()
    info = card_store.info if card_store else None
    from rulesgraph.build import tbook

    documents = tbook.installed()
    if ctx.args.json:
        ctx.json({"directory": str(store.rules_dir()), "default": chosen,
                  "versions": [{"date": v.date, "path": str(v.path), "bytes": v.size} for v in versions], "cards": _cards_json(info),
                  "tournament": [{"document": d.kind.upper(), "date": d.date, "path": str(d.path)} for d in documents]})
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
        table.add_row(Text(v.date), Text(v.path.name), Text(f"{v.size:,} bytes", justify="right"), Text(mark))
    console.print(Text(visible(f"{len(versions)} installed in {store.rules_dir()}:")))
    console.print(table)
    console.print(Text(visible(cards_line(info))))
    _tournament_lines(console, documents)
    return 0


def _tournament_lines(console: object, documents: list) -> None:  # type: ignore[type-arg]
    from rich.text import Text

    for line in tournament_lines(documents):
        console.print(Text(visible(line)))  # type: ignore[attr-defined]


def tournament_lines(documents: list) -> list[str]:  # type: ignore[type-arg]
    """One line per tournament document: its installed versions, newest (the one answers use) first; or how to install
    them.  The REPL's ``:sources`` says them too."""
    from rulesgraph.versions.tstore import KINDS

    if not documents:
        return ["no tournament documents installed; 'rulesgraph update tournament' installs the MTR, IPG and JAR"]
    lines = []
    for kind in KINDS:
        dates = [d.date for d in documents if d.kind == kind]
        if dates:
            lines.append(f"{KINDS[kind]} ({kind.upper()}): {dates[0]} (used)" + "".join(f", {d}" for d in dates[1:]))
    return lines


def sources_view(book: Rulebook, cards: CardStore | None) -> RenderableType:
    """The REPL's ``:sources``: each loaded file with its format, effective date and counts, where the rules were loaded
    from, then the card data and the tournament documents as ``versions`` says them."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from rulesgraph.build import tbook

    from ..render.core import DIM, text

    grid = Table.grid(padding=(0, 2))
    for _ in range(3):
        grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True, style=DIM)
    for doc in book.qg.graph["documents"]:
        kinds = ("rule", "subrule", "paragraph", "glossary", "faq")
        counts = ", ".join(f"{doc[k]} {k if k != 'faq' else 'FAQ entries'}" for k in kinds if doc[k])
        grid.add_row(text(doc["path"], newlines=False), Text(doc["format"]), Text(doc["effective"] or ""), text(counts))
    effective = (f"Comprehensive Rules effective {book.effective}" if book.effective
                 else "no Comprehensive Rules loaded (install them: rulesgraph update)")
    where = "from the cache" if book.from_cache else "built from the sources"
    others = [cards_line(cards.info if cards is not None else None), *tournament_lines(tbook.installed())]
    return Group(grid, Text(f"{effective}; loaded {where} in {book.seconds * 1000:.0f} ms", style=DIM),
                 *(text(line, newlines=False) for line in others))
