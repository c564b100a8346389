"""``rulesgraph card NAME``: a card's Oracle text, keywords with their rules, rulings, and the rules its type line
points to — found forgivingly by name."""

from __future__ import annotations

import argparse

from ..context import Context
from ..safe import from_argv

HELP = "a card: Oracle text, keywords with their rules, rulings with dates, the rules its type line points to"


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("card", help=HELP, description=HELP + ". Names are forgiving: any case, typographic apostrophes, "
                       "[[brackets]], a face of a split, adventure or double-faced card, the short name before a comma, typos, "
                       "a player's short form (bolt, JTMS).")
    p.add_argument("name", nargs="+", metavar="NAME", help="a card name (needs the card data: 'rulesgraph update cards')")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def run(ctx: Context) -> int:
    from rulesgraph.cards.view import find_card, result_json

    result = find_card(ctx.book(), ctx.cards(required=True), ctx.card_names(required=True), from_argv(" ".join(ctx.args.name)),
                       ctx.shortened)
    ctx.emit(result, result_json, "card.render_card_result")
    return 0
