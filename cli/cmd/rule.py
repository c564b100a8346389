"""``rulesgraph rule N``: a rule with its subrules and examples, a section's or chapter's outline, or the rules of a
range (``702.19a-c``) or of several numbers (``702.19 509``) one after another."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..context import Context
from ..safe import from_argv

if TYPE_CHECKING:
    from rulesgraph.build.lookup import RuleView

HELP = "show a rule with its subrules and examples (a section or chapter as an outline)"


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("rule", help=HELP, description=HELP)
    p.add_argument("number", nargs="+", metavar="N", help="a rule number: 7, 509, 702.19 or 702.19b; a range: 702.19a-c, "
                   "601.2a-601.2f; several: 702.19 509 (each in turn); or MTR 4.3, IPG 2.1")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def run(ctx: Context) -> int:
    from rulesgraph.answer.tlookup import is_ref, named_infraction
    from rulesgraph.build.lookup import as_number, each_given, rule_json, rule_views, said_range  # only for this command

    def one(v: RuleView) -> dict[str, Any]:  # --json's notes say what the text's say: how the rule changed between versions
        return {**rule_json(v), "notes": [*v.notes, *ctx.rule_notes(v)]}

    given = each_given([from_argv(n) for n in ctx.args.number])
    if len(given) > 1:  # "702.19 509": each in turn, as a range's rules are
        views = [v for n in given for v in rule_views(ctx.book(), n)]
        ctx.emit(views, lambda vs: {"range": [v.rule.id for v in vs], "rules": [one(v) for v in vs]}, "render_rules")
        return 0
    said = given[0]
    if is_ref(said) or (as_number(said) is None and named_infraction(said)):  # "MTR 4.3", "IPG 2.1", "missed trigger"
        from rulesgraph.answer.tlookup import tournament_view, tview_json

        ctx.emit(tournament_view(said), tview_json, "tourney.render_tview")
        return 0
    views = rule_views(ctx.book(), said)

    if said_range(said) is None:
        ctx.emit(views[0], one, "render_rule")
    else:  # a range: its rules one after another; --json, one object holding them
        ctx.emit(views, lambda vs: {"range": [v.rule.id for v in vs], "rules": [one(v) for v in vs]}, "render_rules")
    return 0
