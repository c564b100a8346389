"""``rulesgraph kw NAME``: a keyword's, glossary term's or card's profile."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from rulesgraph.profile import Profile, profile, profile_json

from .context import Context
from .safe import from_argv

if TYPE_CHECKING:
    from rich.console import RenderableType

    from .render import RenderOptions

HELP = "a keyword's or glossary term's profile: defining rules, glossary, FAQ entries, related keywords, what cites it"


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("kw", help=HELP, description=HELP)
    p.add_argument("name", nargs="+", metavar="NAME", help="a keyword, glossary term or card name (typos forgiven)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def _render(result: Profile, opts: RenderOptions) -> RenderableType:
    from .render_profile import render_profile  # only when rendering: ``--json`` never imports rich

    return render_profile(result, opts)


def run(ctx: Context) -> int:
    result = profile(ctx.book(), from_argv(" ".join(ctx.args.name)))
    ctx.emit(result, profile_json, _render)
    return 0
