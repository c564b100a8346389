"""``rulesgraph mtr N``, ``ipg N``, ``jar N``: a passage of the installed tournament documents, with its breadcrumb,
penalty and parts (``ipg 2.1 philosophy``, ``ipg grv``, ``mtr appendix b``)."""

from __future__ import annotations

import argparse
from typing import NamedTuple

from .context import Context
from .safe import from_argv


class _Doc(NamedTuple):
    """One subcommand per document, all alike."""

    name: str
    title: str

    @property
    def HELP(self) -> str:
        return f"show a passage of the {self.title} ({self.name} 4.3, {self.name} 2.1 philosophy, {self.name} appendix b)"

    def add_parser(self, sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
        p = sub.add_parser(self.name, help=self.HELP, description=self.HELP)
        p.add_argument("ref", nargs="+", metavar="N", help="a section number (4.3), an appendix, or an infraction (grv)")
        p.add_argument("--json", action="store_true", help="print one JSON object")
        return p

    def run(self, ctx: Context) -> int:
        from rulesgraph.answer.tlookup import tournament_view, tview_json

        view = tournament_view(f"{self.name} {from_argv(' '.join(ctx.args.ref))}")
        ctx.emit(view, tview_json, "render_tourney.render_tview")
        return 0


MTR = _Doc("mtr", "Magic Tournament Rules")
IPG = _Doc("ipg", "Infraction Procedure Guide")
JAR = _Doc("jar", "Judging at Regular REL")
