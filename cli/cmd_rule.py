"""``rulesgraph rule N``: a rule with its subrules and examples, or a section's or chapter's outline."""

from __future__ import annotations

import argparse

from .context import Context
from .safe import from_argv

HELP = "show a rule with its subrules and examples (a section or chapter as an outline)"


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("rule", help=HELP, description=HELP)
    p.add_argument("number", nargs="+", metavar="N", help="a rule number: 7, 509, 702.19 or 702.19b; or MTR 4.3, IPG 2.1")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def run(ctx: Context) -> int:
    from rulesgraph.answer.tlookup import is_ref, named_infraction
    from rulesgraph.build.lookup import as_number, rule_json, rule_view  # only for this command: starting another never imports it

    said = from_argv(" ".join(ctx.args.number))
    if is_ref(said) or (as_number(said) is None and named_infraction(said)):  # "MTR 4.3", "IPG 2.1", "missed trigger"
        from rulesgraph.answer.tlookup import tournament_view, tview_json

        ctx.emit(tournament_view(said), tview_json, "render_tourney.render_tview")
        return 0
    view = rule_view(ctx.book(), said)  # --json's notes say what the text's say: how the rule changed between versions
    ctx.emit(view, lambda v: {**rule_json(v), "notes": [*v.notes, *ctx.rule_notes(v)]}, "render_rule")
    return 0
