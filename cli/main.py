"""Entry point: parse the command line and dispatch to a command module (no command: the REPL).
Exit status (:data:`EXIT_STATUS`): 0 answered — a question the rules don't cover is answered too, with one line saying so —,
1 nothing found (one line on stderr), 2 misuse or a bad source (one line), 130 interrupted."""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from rulesgraph import RulesgraphError, __version__
from rulesgraph.errors import NotFound

from .cmd import ask as cmd_ask
from .context import Context, _width, add_global_options, release
from .safe import visible

COMMANDS = ("ask", "rule", "kw", "card", "cites", "check", "update", "versions", "diff", "export", "mtr", "ipg", "jar")
"""Every subcommand, in the order help lists them; :func:`command` gives its module (``HELP``, ``add_parser(sub)`` and
``run(ctx) -> int``)."""


def command(name: str) -> Any:
    """The module of subcommand ``name`` (``mtr``, ``ipg`` and ``jar`` are one module's three objects), imported when
    first asked for: starting one command imports no other's (~1 ms of a one-question process)."""
    if name in ("mtr", "ipg", "jar"):
        from .cmd import tourney as cmd_tourney

        return getattr(cmd_tourney, name.upper())
    return importlib.import_module(f".cmd.{name}", __package__)


EXIT_STATUS = ("exit status: 0 answered or shown (a question no rules document answers — tournament policy, deck advice, "
               "prices, other games — is answered too: one line saying so, 'in_rules': false in --json); 1 nothing found "
               "(no citations; no such rule, keyword, term or card; no cards or documents installed to look in), one line on "
               "stderr; 2 misuse (empty question, bad option, bad source or config file) or a failed update, one line on stderr; "
               "130 interrupted (Ctrl-C); with --json, 1 and 2 also print one object on stdout, its reason in 'error'")
"""What every exit status means: README's "Exit status" says the same."""


class _Formatter(argparse.HelpFormatter):
    """argparse's own layout at the width it would find itself ($COLUMNS, else the terminal's, else 80: what the output
    is laid out for, :func:`.context._width`): argparse makes a formatter for every option added (to check its metavar),
    and its own imports :mod:`shutil` for the width (with :mod:`bz2` and :mod:`lzma`, ~2 ms of every process)."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=_width(sys.__stdout__) - 2)


class _Parser(argparse.ArgumentParser):
    given: Sequence[str] = ()
    """The command line parsed (the words a question said in the command's place goes on with)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {visible(message, newlines=False)}{_meant(message, self.prog, self.given)}\n")


_CHOICE = re.compile(r"invalid choice: (['\"])(.*?)\1 \(choose from")


SUGGESTED = 200
"""Longest question the usage error suggests the line for asking (a longer one is not echoed twice)."""


def _meant(message: str, prog: str, given: Sequence[str] = ()) -> str:
    """What the words given in the command's place most likely meant: a rule number is ``rule N`` ("rulesgraph 702.19"), a
    command misspelt the command ("ruel" is ``rule``), other words a question to ``ask`` ("rulesgraph 'what is flying'");
    an option a command does not take, that command's ``--help`` (the first word given that names a command: "ask
    --bogus"); for any subcommand's own choices, the usage in ``--help``."""
    command = next((w for w in given if w in COMMANDS), None) if prog == "rulesgraph" else None
    if command and message.startswith("unrecognized arguments"):  # the command's own options: "ask --bogus"
        return f" (see '{prog} {command} --help')"
    if prog != "rulesgraph" or "argument COMMAND:" not in message or not (m := _CHOICE.search(message)):
        return f" (see '{prog} --help')"
    import difflib
    import shlex

    from rulesgraph.build.lookup import as_number, as_range, said_range

    said = m.group(2)
    if (number := as_number(said)) is not None:
        return f"; did you mean '{prog} rule {number}'?"
    if (span := as_range(said)) is not None:
        return f"; did you mean '{prog} rule {span[0]}-{span[-1]}'?"
    if said_range(said) is not None:  # "509.1i-509.2a": into the next rule, which the loaded rules list
        return f"; did you mean '{prog} rule {said}'?"
    rest = list(given[given.index(said):]) if said in given else [said]  # "rulesgraph what is flying": all of it
    words = [w for i, w in enumerate(rest) if not w.startswith("-") and not (i and rest[i - 1].startswith("-") and w.isdigit())]
    question = " ".join(words)  # its options ("-k 3", "--json") are not words of the question
    if not question.strip() or len(question) > SUGGESTED:
        return f" (see '{prog} --help')"
    ask = f"to ask it as a question: {prog} ask {shlex.quote(visible(question, newlines=False))}"
    close = difflib.get_close_matches(said.lower(), COMMANDS, n=1, cutoff=0.75)
    if close and " " not in said.strip():  # "ruel 702.9" is 'rule 702.9'; "ward" may be a misspelt 'card' or a keyword
        return f"; did you mean {shlex.quote(' '.join([prog, close[0], *words[1:]]))}? or, {ask}"
    return f"; {ask}"


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``argv``, only the commands it names get their full parsers (the others
    are listed with their help line, only where a help or an unknown command's error shows them: each costs a parser,
    ~1 ms of a one-question process in all), so starting one command never imports what another one's options need."""
    parser = _Parser(prog="rulesgraph", description="Magic: The Gathering rules questions answered with cited rules.",
                     epilog=EXIT_STATUS)
    parser.add_argument("--version", action="store_true", help="show the version and the rules' effective date")
    parser.add_argument("-k", type=cmd_ask.citations, metavar="N",
                        help="citations of the rules per answer in the REPL (default 5, or the config's)")
    add_global_options(parser)
    parser.given = tuple(argv or ())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    named = None if argv is None else set(argv)
    listed = named is None or not named.intersection(COMMANDS) or bool(named & {"-h", "--help"})
    for name in COMMANDS:
        if named is None or name in named:
            made = command(name).add_parser(sub)
            made.epilog = made.epilog or EXIT_STATUS  # every command's help says what its exit status means
            add_global_options(made, sub=True)
        elif listed:
            sub.add_parser(name, help=command(name).HELP)
    return parser


def _standard_streams() -> str | None:
    """Closed standard streams (``<&-``, ``>&-``): stdin reads as empty, stderr as /dev/null; without a stdout
    there is nowhere to answer, which is said once on stderr.  Returns that message, or ``None``."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - the process's stdin from now on
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    return "error: standard output is closed; nothing can be printed" if sys.stdout is None else None


def _silence_stdout() -> None:
    """Point fd 1 at /dev/null, so that the interpreter's last flush of what is still buffered cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass


def entry() -> int:
    """The installed ``rulesgraph`` command and ``python -m rulesgraph``: :func:`main` for a whole process, which ends
    with it (what it loaded is not handed back to the cyclic collector first: the interpreter's exit would walk it).
    Its standard streams write whole or fail, escape what their encoding cannot say, and $COLUMNS is made sane
    (:mod:`.streams`)."""
    from .streams import prepare

    prepare()
    try:
        return main(keep=True)
    except SystemExit as done:  # --help or a usage error from argparse: said, but was it written?
        return _flushed(done.code if isinstance(done.code, int) else 2)


def main(argv: Sequence[str] | None = None, *, keep: bool = False) -> int:
    """Run one command line; called in process (tests, scripts), what it loaded is collectable again when it returns."""
    closed = _standard_streams()
    if closed:
        print(f"rulesgraph: {closed}", file=sys.stderr)
        return 2
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser(argv).parse_args(argv)
    except OSError:  # writing its help or usage failed: argparse swallows the error in 3.11.7, lets it through in 3.11.2
        raise SystemExit(2) from None  # said by entry() as any output that could not be written
    ctx = Context(args)
    stored = keep and not ctx.opt("no_cache")  # a whole process: its expressions compiled from stored programs
    if stored:
        _programs("load")
    try:
        return _main(ctx, args)
    finally:
        if stored:
            _programs("save")
        if not keep:
            release()


def _programs(what: str) -> None:
    """Read (``load``) or keep (``save``) the compiled expressions' programs, an entry of the rules cache
    (:mod:`rulesgraph.common.reprograms`): a process's first use of an expression then costs no parse.  A table that
    cannot be read or written is no one's concern: expressions are then parsed as without one."""
    from rulesgraph.build import cache
    from rulesgraph.common import reprograms

    if what == "load":
        reprograms.use(cache.read(reprograms.NAME, "regex")[0])
    else:
        table = reprograms.learned()
        if table is not None and cache.write(reprograms.NAME, table, "regex") is None:
            reprograms.kept()


def _main(ctx: Context, args: argparse.Namespace) -> int:
    from .streams import write_error

    try:
        status = _run(ctx, args)
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not in the interpreter's exit
        return status
    except NotFound as exc:  # well-formed, but not in the loaded rules: "nothing found"
        ctx.note(str(exc))
        _json_error(ctx, args, str(exc), exc.nearest)
        if "rulesgraph update" not in str(exc):
            _missing_rules(ctx, args.command)
        return 1
    except RulesgraphError as exc:
        ctx.note(f"error: {exc}")
        if write_error() is not None:  # writing standard output failed (export graph - > a full disk): what it still
            _silence_stdout()  # buffers must not fail again, with a traceback, in the interpreter's last flush
        _json_error(ctx, args, str(exc), getattr(exc, "nearest", ()))  # a mistyped rule number's nearest
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader has all it wanted (| head): a normal end
        _silence_stdout()
        return 0
    except OSError as exc:  # writing the output failed: /dev/full, a disk that filled up
        _silence_stdout()
        if exc.errno == errno.EPIPE:
            return 0
        ctx.note(f"error: cannot write the output ({exc.strerror or exc})")
        return 2


def _json_error(ctx: Context, args: argparse.Namespace, message: str, nearest: tuple[str, ...] = ()) -> None:
    """With ``--json``, a command that finds nothing or is misused still prints one object besides its line on stderr
    (a script reads stdout): ``{"error", "nearest"}`` (the names nearest to what was asked, when the finder has some), or
    for ``ask`` an answer's keys with the reason in ``error``, as ``ask --json -`` prints a line it cannot ask."""
    if getattr(args, "json", False):
        if args.command == "ask":
            from .cmd.ask import failed

            asked = " ".join(args.question)
            obj = failed("" if asked == "-" else asked, message)  # a stream's line too long to read: its line, unread
        else:
            obj = {"error": message, "nearest": list(nearest)}
        with contextlib.suppress(OSError):  # the output cannot be written: the line on stderr has said what failed
            ctx.json(obj)


def _flushed(status: int) -> int:
    """``status`` once standard output is written out; a full disk or closed pipe there is said as for any output."""
    from .streams import write_error

    try:
        sys.stdout.flush()
        exc = write_error()
    except OSError as raised:
        exc = raised
    if exc is None:
        return status
    _silence_stdout()
    if isinstance(exc, BrokenPipeError):
        return status
    print(f"rulesgraph: error: cannot write the output ({exc.strerror or exc})", file=sys.stderr)
    return 2


def _run(ctx: Context, args: argparse.Namespace) -> int:
    ctx.config()  # a mistake in the config file is reported by every command, on a terminal or not
    if args.version:
        book = ctx.book()
        print(f"rulesgraph {__version__} (rules effective {book.effective or 'unknown: no Comprehensive Rules loaded'})")
        return 0
    if args.command is None:
        from .repl.loop import run_repl  # prompt_toolkit is only imported for the REPL

        return run_repl(ctx)
    code = int(command(args.command).run(ctx))
    ctx.cards_note()  # after the answers, like the missing rules' line: an answer that cannot be written stays one line
    _missing_rules(ctx, args.command)
    return code


def _missing_rules(ctx: Context, command: str) -> None:
    """After an answer from the bundled data alone: one line saying the full rules are not installed, and how."""
    from rulesgraph.versions.store import NOT_INSTALLED

    if command in ANSWERING and ctx.rules_missing():
        ctx.note(NOT_INSTALLED)


ANSWERING = frozenset({"ask", "rule", "kw", "cites"})
"""Commands that answer from the loaded rules (and so say when the full rules are missing)."""


if __name__ == "__main__":
    sys.exit(main())
