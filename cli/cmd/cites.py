"""``rulesgraph cites N``: every rule, glossary entry and FAQ entry that refers to rule N or a part of it."""

from __future__ import annotations

import argparse

from rulesgraph.errors import NotFound, RulesgraphError, echoed

from ..context import Context
from ..safe import from_argv

HELP = ("every rule, glossary entry and FAQ entry that refers to rule N or a part of it (a reference to a range, "
        "'509.1a-c', counts for each rule in it)")


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("cites", help=HELP, description=HELP)
    p.add_argument("number", nargs="+", metavar="N", help="a rule number (702.19), or a keyword whose rule to use (trample)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def run(ctx: Context) -> int:
    from rulesgraph.answer.profile import cites_any  # only for this command: ask, rule and kw do without
    from rulesgraph.build.lookup import cites_json

    text = from_argv(" ".join(ctx.args.number))
    try:
        result = cites_any(ctx.book(), text)
    except NotFound:
        names = ctx.card_names()  # None without card data
        if names is not None and names.exact(text) is not None:  # a card's name: not what cites takes
            raise NotFound(f"‘{echoed(text)}’ is a card: cites takes a rule number, keyword or term ('rulesgraph card "
                           f"NAME' shows a card's rules)") from None
        if passage := _passage(text):  # "IPG 2.1": a passage's view lists what cites it
            raise NotFound(f"‘{echoed(text)}’ is a tournament document's passage: 'rulesgraph {passage}' lists what "
                           "cites it") from None
        raise
    if not result.references:  # nothing found: one line on stderr, as for rule, kw and card (in the JSON's 'error' too)
        message = f"nothing in the loaded rules refers to {result.rule.label}"
        if ctx.args.json:
            ctx.json({**cites_json(result), "error": message, "nearest": []})
        ctx.note(message)
        return 1
    ctx.emit(result, cites_json, "render_cites")
    return 0


def _passage(text: str) -> str | None:
    """The ``ipg 2.1`` command that shows the installed passage ``text`` names (its view lists what cites it), or ``None``."""
    from rulesgraph.answer.tlookup import tournament_view

    said = " ".join(text.split())
    kind, _, rest = said.partition(" ")
    if kind.lower() not in ("mtr", "ipg", "jar") or not rest:
        return None
    from rulesgraph.build.tbook import newest

    if kind.lower() not in newest():  # not installed: the command says how to install it
        return f"{kind.lower()} {rest}"
    try:
        view = tournament_view(said)
    except RulesgraphError:
        return None
    return view.section.id.lower()  # "IPG 2.5" → "ipg 2.5", the command and its argument
