"""``rulesgraph kw NAME``: a keyword's, glossary term's or card's profile."""

from __future__ import annotations

import argparse

from .context import Context
from .safe import from_argv

HELP = "a keyword's or glossary term's profile: defining rules, glossary, FAQ entries, related keywords, what cites it"


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("kw", help=HELP, description=HELP)
    p.add_argument("name", nargs="+", metavar="NAME", help="a keyword, glossary term or card name (typos forgiven)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def run(ctx: Context) -> int:
    from rulesgraph.profile import profile, profile_json  # only for this command: starting another never imports it

    result = profile(ctx.book(), from_argv(" ".join(ctx.args.name)))
    ctx.emit(result, profile_json, "render_profile.render_profile")
    return 0
