"""``rulesgraph mtr N``, ``ipg N``, ``jar N``: a passage of the installed tournament documents, with its breadcrumb,
penalty and parts (``ipg 2.1 philosophy``, ``ipg grv``, ``mtr appendix b``)."""

from __future__ import annotations

import argparse
import re
from typing import NamedTuple

from ..context import Context
from ..safe import from_argv

_NUMBER = re.compile(r"\d{1,2}(?:\.\d{1,2})?")
"""A section's number (``2.1``, ``4``): given several, each is shown."""


class _Doc(NamedTuple):
    """One subcommand per document, all alike."""

    name: str
    title: str
    examples: str
    """What the command takes, each example one that shows a passage of the document it names."""
    ref: str

    @property
    def HELP(self) -> str:
        return f"show a passage of the {self.title} ({self.examples})"

    def add_parser(self, sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
        p = sub.add_parser(self.name, help=self.HELP, description=self.HELP)
        p.add_argument("ref", nargs="+", metavar="N", help=self.ref)
        p.add_argument("--json", action="store_true", help="print one JSON object")
        return p

    def run(self, ctx: Context) -> int:
        from rulesgraph.answer.tlookup import is_ref, tournament_view, tview_json

        refs = [from_argv(r) for r in ctx.args.ref]
        if len(refs) > 1 and all(_NUMBER.fullmatch(r) for r in refs):  # "ipg 2.2 2.3": each, as rule takes several numbers
            views = [tournament_view(f"{self.name} {r}") for r in refs]
            ctx.emit(views, lambda vs: {"passages": [tview_json(v) for v in vs]}, "tourney.render_tviews")
            return 0
        said = " ".join(refs)
        view = tournament_view(said if is_ref(said) else f"{self.name} {said}")  # "ipg 'IPG 2.1'", "ipg 'MTR 4.3'" as said
        ctx.emit(view, tview_json, "tourney.render_tview")
        return 0


MTR = _Doc("mtr", "Magic Tournament Rules", "mtr 4.3, mtr appendix b, mtr out-of-order sequencing",
           "a section number (4.3), an appendix (appendix b), or a section's title")
IPG = _Doc("ipg", "Infraction Procedure Guide", "ipg 2.1, ipg 2.1 philosophy, ipg grv",
           "a section number (2.1), with a part (philosophy), or an infraction (grv, missed trigger)")
JAR = _Doc("jar", "Judging at Regular REL", "jar 4, jar missed trigger",
           "a part's number (4) or words of its heading (missed trigger)")
