"""``rulesgraph kw NAME``: a keyword's, glossary term's or card's profile — and, with card data installed, any card by
name (shown as ``rulesgraph card`` shows it: "Rest in Peace" is a card, not a misspelt glossary term); an infraction's
name, its IPG passage (as ``rulesgraph rule`` shows it)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from rulesgraph.errors import NotFound, RulesgraphError, echoed

from ..context import Context
from ..safe import from_argv

if TYPE_CHECKING:
    from rulesgraph import Rulebook
    from rulesgraph.answer.tlookup import TView
    from rulesgraph.cards.names import NameIndex

HELP = ("a keyword's or glossary term's profile: defining rules, glossary, FAQ entries, related keywords, what cites it; or a card, "
        "the rule on ability words for one (landfall), or an infraction's passage of the IPG")
CARD_HINT = "for a card, 'rulesgraph card NAME' shows it (with the card data: 'rulesgraph update cards' installs it)"
"""Said after "no keyword, glossary term or card named …" when no card data is installed."""


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("kw", help=HELP, description=HELP + ". A name that is only a card's (with card data installed) shows the "
                       "card, as 'rulesgraph card' does; a keyword's name stays the keyword's (Persist); a word the rules "
                       "read only by correcting it that is also a card's short form (bolt) is the rules', with a line "
                       "naming the card.")
    p.add_argument("name", nargs="+", metavar="NAME", help="a keyword, glossary term or card name (typos forgiven)")
    p.add_argument("--json", action="store_true", help="print one JSON object (a card's: the object of 'card --json')")
    return p


def card_first(book: Rulebook, names: NameIndex | None, text: str) -> bool:
    """Whether ``text`` is a card's exact name that the rules don't name as typed ("Rest in Peace"; "Persist" stays the
    keyword): then the card is shown, not a profile."""
    from rulesgraph.answer.profile import find_name

    if names is None or names.exact(text) is None:
        return False
    found = find_name(book, text)
    return not (found is not None and found[1] is None and book.qg.nodes[found[0]]["kind"] != "card")


def also_card(text: str, corrected: str | None, shortened: Callable[[str], str | None] | None,
              card: str = "rulesgraph card") -> str | None:
    """The line saying that ``text``, which the rules read only by correcting it (``corrected``: "bolt" read as Damage,
    "blink" as Exile, "soulbound" as Soulbond), is also a player's short form of a card (``shortened``: "bolt" is
    Lightning Bolt), and how to see the card; ``None`` when it is not.  The rules' reading stays what ``kw`` shows: a
    misspelt keyword or the rules' own slang is as likely meant as the card.  ``card``: the command that shows a card."""
    if corrected is None or shortened is None:
        return None
    key = shortened(text)
    if key is None:
        return None
    return f"‘{echoed(text)}’ may also mean the card {key}: '{card} {echoed(text)}' shows it"


def run(ctx: Context) -> int:
    from rulesgraph.answer.profile import profile, profile_json  # only for this command: starting another never imports it

    text = from_argv(" ".join(ctx.args.name))
    if not text.strip():
        raise RulesgraphError("no keyword, glossary term or card name given")
    book = ctx.book()
    from rulesgraph.cards import store_path

    store = ctx.cards() if store_path().is_file() else None  # no card data: the store (sqlite3) is never imported
    names = ctx.card_names() if store is not None else None
    if not card_first(book, names, text):
        try:
            result = profile(book, text)
        except NotFound as exc:
            if (passage := infraction(text)) is not None:  # "kw missed trigger": the IPG's, as 'rule missed trigger' shows it
                from rulesgraph.answer.tlookup import tview_json

                ctx.emit(passage, tview_json, "tourney.render_tview")
                return 0
            from rulesgraph.rank.cardsteps.wording import ability_word_rule

            if (rule := ability_word_rule(book.qg, book.index, text)) is not None:  # "kw landfall": the rule on ability words
                from rulesgraph.build.lookup import rule_json, rule_views

                ctx.note(ability_line(text, rule))
                ctx.emit(rule_views(book, rule)[0], rule_json, "render_rule")
                return 0
            if names is None:
                raise NotFound(f"{exc}; {CARD_HINT}") from None
            return _card(ctx, text, exc)
        ctx.emit(result, profile_json, "profile.render_profile")
        hint = also_card(text, result.corrected_from, ctx.shortened if names is not None else None)
        if hint is not None:
            ctx.note(hint)
        return 0
    return _card(ctx, text, None)


def ability_line(text: str, rule: str) -> str:
    """The line said over the rule shown for an ability word."""
    return f"‘{echoed(text)}’ is an ability word, with no rules meaning of its own: rule {rule} says so"


def infraction(text: str) -> TView | None:
    """The installed IPG's passage of the infraction ``text`` names whole ("missed trigger", "GRV"), for a name that is
    no keyword, glossary term or card: ``None`` when it names none (or no documents are installed)."""
    from rulesgraph.answer.tlookup import named_infraction, tournament_view

    return tournament_view(text) if named_infraction(text) is not None else None


def neither(missing: NotFound, card: NotFound) -> NotFound:
    """A name that is no keyword, glossary term or card, said once: the profile's line and the nearest card names (both
    kinds of nearest names kept for ``--json``'s ``nearest``, the keywords' first)."""
    near = f"; nearest cards: {', '.join(card.nearest)}" if card.nearest else ""
    return NotFound(f"{missing}{near}", (*missing.nearest, *card.nearest))


def _card(ctx: Context, text: str, missing: NotFound | None) -> int:
    """The card ``text`` names, found forgivingly as ``card`` finds it; no such card either is ``missing`` (the profile's
    "no keyword …" line) with the nearest card names."""
    from rulesgraph.cards.view import find_card, result_json

    try:
        result = find_card(ctx.book(), ctx.cards(), ctx.card_names(), text, ctx.shortened)
    except NotFound as exc:
        raise (exc if missing is None else neither(missing, exc)) from None
    ctx.emit(result, result_json, "card.render_card_result")
    return 0
