"""Entry point: parse the command line and dispatch to a command module; errors become one line and exit 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from rulesgraph import RulesgraphError, __version__

from . import cmd_check, cmd_diff, cmd_export, cmd_update, cmd_versions
from .context import Context, add_global_options

COMMANDS = {"check": cmd_check, "update": cmd_update, "versions": cmd_versions, "diff": cmd_diff, "export": cmd_export}
"""Every subcommand: its module has ``HELP``, ``add_parser(sub)`` and ``run(ctx) -> int``."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rulesgraph", description="Magic: The Gathering rules questions answered with cited rules.")
    parser.add_argument("--version", action="store_true", help="show the version and the rules' effective date")
    add_global_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in COMMANDS.values():
        add_global_options(module.add_parser(sub), sub=True)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    ctx = Context(args)
    try:
        if args.version:
            book = ctx.book()
            print(f"rulesgraph {__version__} (rules effective {book.effective or 'unknown: no Comprehensive Rules loaded'})")
            return 0
        if args.command is None:
            from .repl import run_repl  # prompt_toolkit is only imported for the REPL

            return run_repl(ctx)
        return int(COMMANDS[args.command].run(ctx))
    except RulesgraphError as exc:
        ctx.note(f"error: {exc}")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
