"""``rulesgraph rule N``: a rule with its subrules and examples, or a section's or chapter's outline."""

from __future__ import annotations

import argparse

from .context import Context
from .safe import from_argv

HELP = "show a rule with its subrules and examples (a section or chapter as an outline)"


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("rule", help=HELP, description=HELP)
    p.add_argument("number", nargs="+", metavar="N", help="a rule number: 7, 509, 702.19 or 702.19b")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def run(ctx: Context) -> int:
    from rulesgraph.lookup import rule_json, rule_view  # only for this command: starting another never imports it

    view = rule_view(ctx.book(), from_argv(" ".join(ctx.args.number)))
    ctx.emit(view, rule_json, "render_rule")
    return 0
