"""Nothing from a source file or from what is typed reaches the terminal raw: rich markup prints as written,
escape sequences (CSI, OSC 8 links, C1 controls), BEL, CR and bidirectional overrides print as symbols — in
the one-shot commands (plain and with colour), their JSON, their error lines, and the REPL.  A megabyte
pasted into the REPL is answered."""

from __future__ import annotations

import io
import json
import re
import sys
import threading
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from rulesgraph import Rulebook, SourceSpec, load
from rulesgraph_cli.config import DEFAULT_URL
from rulesgraph_cli.main import main
from rulesgraph_cli.render.core import RenderOptions
from rulesgraph_cli.repl import loop as repl_module
from rulesgraph_cli.repl.commands import Shell
from rulesgraph_cli.repl.loop import make_session, read_lines, repl

from .minicr import make_cr

EVIL = "[bold]x[/bold] \x1b[31mRED\x1b[0m \x1b]8;;http://evil\x07click\x1b]8;;\x07 \x07bell \x08\x08 \x9b2J \u202eevil"
"""Rich markup, an SGR colour, an OSC 8 link, BEL, backspaces, a C1 CSI, a right-to-left override.  (A NUL
makes a file binary, refused; typed, it is one more control character.)"""
ECHOED = "[bold]x[/bold] ␛[31mRED␛[0m ␛]8;;http://evil␇click␛]8;;␇ ␇bell"
"""How the start of EVIL shows: markup as written, each control character as its symbol."""
OVERWRITE = "innocent words\rOVERWRITTEN"
"""A carriage return that would make the terminal write over what was printed."""
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"

_OURS = re.compile(r"\x1b\[[0-9;]*m|\x1b\]8;[^\x1b\x07]*\x1b\\")
"""What the program itself writes on a terminal: SGR styles and OSC 8 links (ended by ST)."""
_LINK_URL = re.compile(r"\x1b\]8;[^;\x1b]*;([^\x1b]*)\x1b\\")


def leaks(output: str) -> list[str]:
    """Characters a terminal would act on that are left once the program's own styles and links are removed."""
    rest = _OURS.sub("", output.replace("\r\n", "\n"))
    return sorted({f"U+{ord(c):04X}" for c in rest if (ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F
                   or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069})


def links(output: str) -> set[str]:
    return {url for url in _LINK_URL.findall(output) if url}


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A CR and a FAQ page with hostile text in rules, examples, glossary, credits, FAQ entries, repeated
    (skipped) lines and unplaced lines; an earlier CR for ``diff``."""
    base = tmp_path_factory.mktemp("hostile")
    cr = make_cr("2026-06-19", filler=5, extra=EVIL, trample=f"Trample {EVIL} {OVERWRITE}")
    cr = cr.replace("Example: A 5/5 green creature", f"Example: {EVIL} A 5/5 green creature")
    cr = cr.replace("lets excess combat damage go through.", f"lets excess combat damage go through. {EVIL}")
    (base / "cr.txt").write_text(cr, encoding="utf-8", newline="")
    faq = [f"702.19a Trample is a static ability. {EVIL}", f"Q: What does trample {EVIL} do? A: It {EVIL} {OVERWRITE}",
           f"Signature {EVIL}", f"unplaced words {EVIL}", f"Signature {EVIL}", f"Signature {EVIL}"]
    faq += [f"Q: Ordinary question {i} about trample and blockers? A: An ordinary answer, number {i}, of some length." for i in range(30)]
    (base / "faq.txt").write_text("\n".join(faq) + "\n", encoding="utf-8")
    (base / "old.txt").write_text(make_cr("2024-02-02", filler=5), encoding="utf-8")
    return {"cr": base / "cr.txt", "faq": base / "faq.txt", "old": base / "old.txt"}


@pytest.fixture(scope="module")
def hostile_book(hostile: dict[str, Path]) -> Rulebook:
    return load([SourceSpec(str(hostile["cr"]), None, "cr.txt"), SourceSpec(str(hostile["faq"]), None, "faq.txt")], use_cache=False)


def sources(hostile: dict[str, Path]) -> list[str]:
    return ["--no-bundled", "--rules", str(hostile["cr"]), "--rules", str(hostile["faq"])]


COMMANDS = [["rule", "100.1"], ["rule", "702.19b"], ["rule", "702.19"], ["kw", "trample"], ["cites", "702.19"],
            ["ask", "what does trample do"], ["check", "--all"]]


def test_the_hostile_files_really_carry_it(hostile_book: Rulebook) -> None:
    g = hostile_book.graph
    assert EVIL in g.nodes["100.1"]["text"] and EVIL in g.nodes["702.19b"]["examples"][0]
    assert any(EVIL in d["question"] for _, d in g.nodes(data=True) if d["kind"] == "faq")
    assert "OVERWRITTEN" in g.nodes["702.19b"]["text"]  # a CR inside a line is a line break to the reader: its own line


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_one_shot_commands_plain(hostile: dict[str, Path], capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code = main([*sources(hostile), "--plain", *argv])
    out, err = capsys.readouterr()
    assert code == 0 and out and leaks(out) == [] and leaks(err) == []
    if argv[:2] == ["rule", "100.1"]:
        assert "[bold]x[/bold] ␛[31mRED␛[0m" in out and "␛]8;;http://evil␇click" in out  # markup as written, escapes as symbols


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_one_shot_commands_with_colour_and_links(hostile: dict[str, Path], monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("COLUMNS", "100")
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    code = main([*sources(hostile), "--no-pager", *argv])
    out = terminal.getvalue()
    assert code == 0 and "\x1b[" in out  # colour really was on
    assert leaks(out) == [] and leaks(capsys.readouterr().err) == []
    assert all(url.startswith(DEFAULT_URL.split("#")[0]) for url in links(out))  # links only to the rules site
    if argv[0] in ("rule", "kw", "cites", "ask"):
        assert links(out), "links were on: rule numbers carry them"


@pytest.mark.parametrize("argv", [["rule", "100.1"], ["rule", "702.19b"], ["kw", "trample"], ["ask", "what does trample do"],
                                  ["check"], ["cites", "702.19"]], ids=" ".join)
def test_json_escapes_what_a_terminal_acts_on_and_keeps_the_text(hostile: dict[str, Path], capsys: pytest.CaptureFixture[str],
                                                                  argv: list[str]) -> None:
    code = main([*sources(hostile), *argv, "--json"])
    out = capsys.readouterr().out
    assert code == 0 and out.count("\n") == 1 and leaks(out) == []
    assert "\\u009b" in out or argv[0] == "cites"  # C1 CSI written as an escape, not raw
    data = json.loads(out)
    if argv == ["rule", "100.1"]:
        assert EVIL in data["text"]  # the same text, nothing dropped


def test_diff_shows_rules_text_as_symbols(hostile: dict[str, Path], capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["diff", str(hostile["old"]), str(hostile["cr"]), "--context", "0"]) == 0
    out = capsys.readouterr().out
    assert "␛]8;;http://evil␇" in out and leaks(out) == []
    monkeypatch.delenv("NO_COLOR", raising=False)
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main(["diff", str(hostile["old"]), str(hostile["cr"])]) == 0
    assert "\x1b[" in terminal.getvalue() and leaks(terminal.getvalue()) == []


@pytest.mark.parametrize("argv", [
    ["--no-bundled", "--rules", "\x1b]8;;http://evil\x07missing\x1b[2J.txt", "rule", "1"],
    ["--bogus\x1b[2J\x07"],
    ["--no-bundled", "--rules", "{cr}", "rule", "\x1b[31m702.19\x9b"],
    ["--no-bundled", "--rules", "{cr}", "kw", "\x1b]8;;http://evil\x07zzqqxx"],
    ["--no-bundled", "--rules", "{cr}", "--url-template", "https://x/\x1b[2J{number}", "rule", "702.19"],
], ids=["path", "option", "rule number", "name", "url template"])
def test_error_lines_show_what_was_typed_as_symbols(hostile: dict[str, Path], capsys: pytest.CaptureFixture[str],
                                                    argv: list[str]) -> None:
    argv = [a.replace("{cr}", str(hostile["cr"])) for a in argv]
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert code in (1, 2) and out == "" and err.count("\n") == 1 and leaks(err) == [], err
    assert "Traceback" not in err


def drive(book: Rulebook, keys: str, *, colour: bool = True) -> tuple[int, str]:
    """Type ``keys`` into the REPL (fed from a thread: a pipe holds 64 KiB) with a colour console, links on."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, force_terminal=colour, color_system="truecolor" if colour else None)
    shell = Shell(book, RenderOptions(links=colour, hints=True))
    with create_pipe_input() as pipe:
        feeder = threading.Thread(target=pipe.send_text, args=(keys,), daemon=True)
        feeder.start()
        session = make_session(book, input=pipe, output=DummyOutput())
        code = repl(shell, session, console, greeting=repl_module.welcome(book))
        feeder.join(timeout=30)
    return code, buffer.getvalue()


def test_repl_shows_hostile_text_and_pastes_as_symbols(hostile_book: Rulebook) -> None:
    pasted = f"{PASTE_START}what does {EVIL}\x00 trample do {OVERWRITE}{PASTE_END}\n"
    keys = ("100.1\n702.19b\n:kw trample\n:sources\n1\n" + pasted
            + f"{PASTE_START}:{EVIL}{PASTE_END}\n{PASTE_START}:rule {EVIL}{PASTE_END}\n:cites 702.19\n\x04")
    code, out = drive(hostile_book, keys)
    assert code == 0 and "\x1b[" in out and links(out)
    assert "[bold]x[/bold]" in out and "␛]8;;http://evil␇" in out
    assert out.count("error: ") == 2  # the unknown command and the bad rule number, said with the symbols
    assert leaks(out) == []
    assert all(url.startswith(DEFAULT_URL.split("#")[0]) for url in links(out))


def test_a_megabyte_pasted_into_the_repl_is_answered(full_book: Rulebook) -> None:
    """One line of a megabyte, pasted (bracketed, as terminals send a paste): answered, and the REPL goes on."""
    body = ("how does trample work with deathtouch when my opponent blocks " * 20_000)[:1_000_000]
    code, out = drive(full_book, f"{PASTE_START}{body}{PASTE_END}\n702.19b\n\x04", colour=False)
    answer, _, rule = out.partition("7 › 702 › 702.19 Trample › b")
    assert code == 0 and "why matched" in answer and "702.19b The controller of an attacking creature" in rule
    assert len(out) < 20_000  # the question is not printed back


def test_a_megabyte_line_on_stdin(full_book: Rulebook, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                  cr2026: Path) -> None:
    """``rulesgraph ask --json -`` with one line of a megabyte: one JSON object answering it, then the next line."""
    body = ("can I block with a creature I sacrificed to annihilator " * 20_000)[:1_000_000]
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(f"{body}\n702.19b\n".encode()), encoding="utf-8"))
    assert main(["--rules", str(cr2026), "ask", "--json", "-"]) == 0
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["question"] == body and first["citations"] and second["citations"][0]["id"] == "702.19b"


def test_piped_lines_are_echoed_as_symbols(hostile_book: Rulebook) -> None:
    buffer = io.StringIO()
    read_lines(Shell(hostile_book, RenderOptions()), io.StringIO(f"trample {EVIL}\n"), Console(file=buffer, width=80, color_system=None))
    assert leaks(buffer.getvalue()) == []
    assert buffer.getvalue().startswith(f"rules> trample {ECHOED}"), buffer.getvalue()[:200]  # the echo, not the rules that repeat EVIL


def test_ask_dash_echoes_questions_as_symbols(hostile: dict[str, Path], capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(f"trample {EVIL}\n\x1b[2J\n".encode()), encoding="utf-8"))
    assert main([*sources(hostile), "--plain", "ask", "-"]) == 0
    out = capsys.readouterr().out
    assert leaks(out) == []
    words = " ".join(out.split())  # however wide the output is wrapped
    assert words.startswith(f"? trample {ECHOED}") and " ? ␛[2J " in words, out[:200]  # each question echoed, as symbols
