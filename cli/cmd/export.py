"""``rulesgraph export``: the loaded rules as a hyperlinked static web site, or the knowledge graph for other tools."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from rulesgraph import RulesgraphError
from rulesgraph.errors import CardDataError

from ..context import Context
from ..safe import visible

if TYPE_CHECKING:
    from rulesgraph.cards.store import CardStore

HELP = ("write the loaded rules as a static web site (html DIR) or the knowledge graph (graph OUT: json, graphml or dot), "
        "with the installed tournament documents and cards")


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    from rulesgraph.export.graph import FORMATS  # networkx: only when 'export' is the command

    p = sub.add_parser("export", help=HELP, description=HELP + ". 'html' writes one page per chapter, the glossary, a page "
                       "per keyword and a search page into DIR, and the installed cards and tournament documents; 'graph' writes every "
                       "node and edge to OUT: the rules, FAQ entries, the tournament documents' passages, and every "
                       "installed card with its rulings.")
    p.add_argument("what", choices=("html", "graph"), help="html: a static site; graph: the knowledge graph")
    p.add_argument("out", metavar="DIR|OUT", help="the site's directory (html: new, empty, or a site written before, which "
                   "is replaced whole) or the graph file (graph; - for standard output)")
    p.add_argument("--single-page", action="store_true", help="html: everything on one page instead of one page per chapter")
    p.add_argument("--format", choices=FORMATS, help="graph: json (node-link), graphml or dot (default: from OUT's suffix)")
    p.add_argument("--rule", metavar="N", help="graph: only rule N, what it contains and their neighbours among the rules and "
                   "the tournament documents, cards left out (small enough for Graphviz)")
    p.add_argument("--no-cards", action="store_true", help="graph: leave the installed cards and their rulings out")
    return p


def run(ctx: Context) -> int:
    from rich.text import Text

    from rulesgraph.common.outfile import destination, in_a_directory, site_target
    from rulesgraph.export.graph import around, export_graph
    from rulesgraph.export.html import export_html

    args = ctx.args
    in_a_directory(args.out)  # a mistyped directory is said before the rules and cards are read, not after
    if args.what == "html":
        if args.format or args.rule or args.no_cards:
            raise RulesgraphError("--format, --rule and --no-cards are for 'export graph'; 'export html' writes the whole site")
        site_target(args.out, _protected(ctx))  # where it may not go is said before the site is made, not after
        book = ctx.book()
        store = ctx.cards(required=True)  # every installed card gets its page (the card index, sorted by name, and a card search)
        cards = None
        if store is not None:
            from rulesgraph.export.cards import card_files

            cards = lambda site, document: card_files(book, store, site, document)
        from rulesgraph.build import tbook

        written = export_html(book.graph, args.out, single_page=args.single_page, protected=_protected(ctx), cards=cards,
                              tournament=tbook.load())
        pages = sum(1 for p in written if p.suffix == ".html")
        out = visible(str(args.out), newlines=False)
        with_cards = f", with {store.info.cards:,} cards" if store is not None else ""
        ctx.console().print(Text(f"wrote {pages:,} pages and {len(written) - pages} assets to {out}{with_cards}; open {out}/index.html"))
        return 0
    if args.single_page:
        raise RulesgraphError("--single-page is for 'export html'")
    from rulesgraph.build import tbook
    from rulesgraph.export.joined import joined_graph

    store = None if args.rule or args.no_cards else _cards(ctx)
    try:
        g, joined = joined_graph(ctx.book(), tbook.load(), store)
    except CardDataError as exc:  # damage read only behind the names (a dropped table of rulings): the same hint
        raise RulesgraphError(f"{exc} {_NO_CARDS}") from None
    if args.rule:
        g = around(g, args.rule)
    protected = _protected(ctx)
    to_stdout = destination(args.out, protected) == "stdout"
    fmt = export_graph(g, args.out, args.format, protected=protected, stdout=ctx.stdout.buffer if to_stdout else None)
    line = f"wrote {g.number_of_nodes():,} nodes and {g.number_of_edges():,} edges as {fmt}"
    held = joined.held(g)  # with --rule, the documents whose passages it kept
    line += f" (the rules with {', '.join(held)})" if held else ""
    if to_stdout:  # the graph is the output: the summary goes to stderr
        ctx.note(f"{line} to standard output")
    else:
        ctx.console().print(Text(f"{line} to {visible(str(args.out), newlines=False)}"))
    return 0


_NO_CARDS = "(or 'export graph --no-cards' leaves the cards out)"


def _cards(ctx: Context) -> CardStore | None:
    """The installed cards for the graph: a damaged store is the error (a graph silently without its cards would pass for
    the whole graph), naming the way to export without them."""
    try:
        return ctx.cards(required=True)
    except RulesgraphError as exc:
        raise RulesgraphError(f"{exc} {_NO_CARDS}") from None


def _protected(ctx: Context) -> list[str]:
    """What an export must never write over: the loaded sources and the installed rules and cards."""
    from rulesgraph.build.tbook import tournament_dir
    from rulesgraph.cards import cards_dir
    from rulesgraph.versions import store

    return [s.path for s in ctx.specs()] + [str(store.rules_dir()), str(cards_dir()), str(tournament_dir())]
