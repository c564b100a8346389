"""The command line: dispatch, global options, one-line errors with exit 2, and `check`."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulesgraph_cli.main import COMMANDS, build_parser, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (lambda p: None, "no such file"),
        (lambda p: p.mkdir(), "is a directory"),
        (lambda p: p.write_bytes(b""), "empty file"),
        (lambda p: p.write_bytes(b"\x7fELF\x00\x01\x02"), "binary file"),
        (lambda p: p.write_text("Dear diary,\n\ntoday nothing happened.\n"), "unknown format"),
    ],
)
def test_bad_sources_give_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], setup, message: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "x.txt"
    setup(path)
    code, out, err = run(capsys, "check", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_misuse_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["no-such-command"])
    assert info.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1
    with pytest.raises(SystemExit) as info:
        main(["702.19"])  # a rule number in the command's place: the command it meant
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.count("\n") == 1 and err.endswith("; did you mean 'rulesgraph rule 702.19'?\n")
    with pytest.raises(SystemExit) as info:
        main(["702.19a–c"])  # a range of rules in its place: 'rule' takes ranges
    assert capsys.readouterr().err.endswith("; did you mean 'rulesgraph rule 702.19a-702.19c'?\n")
    with pytest.raises(SystemExit):
        main(["export", "702", "x"])  # a subcommand's own choices: its usage, no rule hint
    assert capsys.readouterr().err.endswith("(see 'rulesgraph export --help')\n")
    with pytest.raises(SystemExit):
        main(["ruel", "702.19"])  # a command misspelt: the command
    assert capsys.readouterr().err.endswith("; did you mean 'rulesgraph rule 702.19'? or, to ask it as a question: "
                                            "rulesgraph ask 'ruel 702.19'\n")
    for argv in (["what is flying"], ["what", "is", "flying", "--json"], ["what", "is", "flying", "-k", "3"]):  # no 'ask'
        with pytest.raises(SystemExit) as info:
            main(argv)
        err = capsys.readouterr().err
        assert info.value.code == 2 and err.endswith("; to ask it as a question: rulesgraph ask 'what is flying'\n"), argv
    with pytest.raises(SystemExit):
        main(["what's", "flying"])  # argparse quotes it in double quotes: still read
    assert capsys.readouterr().err.endswith("rulesgraph ask 'what'\"'\"'s flying'\n")
    with pytest.raises(SystemExit):
        main([""])  # nothing to ask: the usage
    assert capsys.readouterr().err.endswith("(see 'rulesgraph --help')\n")
    with pytest.raises(SystemExit):
        main(["509.1i-509.2a"])  # a range into the next rule, given without its command
    assert capsys.readouterr().err.endswith("did you mean 'rulesgraph rule 509.1i-509.2a'?\n")
    for argv, helped in ((["ask", "--bogus", "x"], "rulesgraph ask --help"), (["diff", "--bogus"], "rulesgraph diff --help"),
                         (["--bogus"], "rulesgraph --help")):  # a command's unknown option: that command's help, not the top's
        with pytest.raises(SystemExit):
            main(argv)
        assert capsys.readouterr().err == f"rulesgraph: error: unrecognized arguments: --bogus (see '{helped}')\n", argv


def test_json_commands_print_one_object_when_nothing_is_found_or_misused(capsys: pytest.CaptureFixture[str]) -> None:
    """A script reading ``--json`` output gets one object whatever happens: the line on stderr and the exit status as
    without ``--json``, and on stdout ``{"error", "nearest"}`` — or, for ``ask``, an answer's keys with ``error``, as
    ``ask --json -`` gives a line it cannot ask."""
    code, out, err = run(capsys, "rule", "--json", "999.99")
    assert code == 1 and json.loads(out) == {"error": err.removeprefix("rulesgraph: ").strip(), "nearest": []}
    code, out, err = run(capsys, "rule", "--json", "abc")
    assert code == 2 and json.loads(out)["error"] in err and out.count("\n") == 1
    code, out, err = run(capsys, "ask", "--json", " ")
    answer = json.loads(out)
    assert code == 2 and answer["error"] in err and answer["citations"] == [] and answer["in_rules"] is False
    code, out, _ = run(capsys, "rule", "999.99")
    assert code == 1 and out == ""  # without --json: nothing on stdout, as before


def test_check_json_on_the_bundled_data(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--json")
    report = json.loads(out)
    assert code == 0 and report["faq"] == 83 and report["keywords"] >= 38
    for key in ("effective_date", "chapters", "sections", "rules", "subrules", "examples", "glossary", "keywords", "faq",
                "references", "dangling", "anomalies"):
        assert key in report


def test_check_text_and_global_options(capsys: pytest.CaptureFixture[str], cr2026: Path) -> None:
    code, out, _ = run(capsys, "--no-bundled", "--rules", str(cr2026), "check")
    assert code == 0 and re.search(r"^effective date +2026-06-19$", out, re.M) and re.search(r"^glossary +735$", out, re.M)
    assert re.search(r"^labelled questions +\d+$", out, re.M)  # rule 76's neighbours (data/questions.tsv)
    assert re.search(r"^FAQ cards +0$", out, re.M) and "\ncards " not in out  # the FAQ's cards, not the installed card data
    code, out, _ = run(capsys, "check", "--no-bundled", "--rules", f"cr:{cr2026}", "--json")
    assert json.loads(out)["faq"] == 0


def test_every_command_has_help_and_a_readme_entry(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    listed = " ".join(build_parser().format_help().split())  # argparse wraps the lines
    from rulesgraph_cli.main import command

    for name in COMMANDS:
        module = command(name)
        assert module.HELP, name
        assert f" {name} {' '.join(module.HELP.split())}" in listed, f"'rulesgraph --help' does not list {name} with its HELP"
        with pytest.raises(SystemExit) as info:
            main([name, "--help"])
        out, err = capsys.readouterr()
        assert info.value.code == 0 and err == "" and out.startswith(f"usage: rulesgraph {name} "), out[:200]
        assert f"rulesgraph {name}" in readme, f"README does not document 'rulesgraph {name}'"


def test_python_dash_m_and_version() -> None:
    proc = subprocess.run([sys.executable, "-m", "rulesgraph", "--version"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.startswith("rulesgraph ") and "effective" in proc.stdout


@pytest.mark.parametrize("argv", [["--rules", "\x1b]8;;http://evil\x07notes\x1b[2J.txt", "check"], ["--colour\x1b[2J\x07\x9b"],
                                  ["--rules", "\u202eevil\x9b.txt", "check"]], ids=["path", "option", "c1 and bidi"])
def test_error_lines_show_control_characters_as_symbols(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """Error lines quote what was typed; an escape sequence in it used to reach the terminal raw."""
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and ("␛" in err or "<U+009B>" in err)
    assert not any((ord(c) < 32 and c != "\n") or 0x7F <= ord(c) <= 0x9F or c == "\u202e" for c in err), repr(err)


@pytest.mark.parametrize("argv", [["ask", "what", "does", "annihilator", "do"], ["kw", "annihilator"], ["rule", "702.84a"],
                                  ["rule", "702.19"]])
def test_without_the_full_rules_answers_say_how_to_install_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """With nothing installed, ask/kw/rule answer from the bundled data and add one line naming 'rulesgraph update' (and
    'update --file PATH' offline); 'rule 702.19', not found, suggests 'update' rather than '--rules PATH'."""
    from rulesgraph.versions.store import NOT_INSTALLED

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "empty"))
    code = main(argv)
    out, err = capsys.readouterr()
    lines = err.splitlines()
    if argv == ["rule", "702.19"]:
        assert code == 1 and lines == ["rulesgraph: no rule 702.19 in the loaded rules (the full Comprehensive Rules are not "
                                       "installed: run 'rulesgraph update')"]
        return
    assert code == 0 and out and lines == [f"rulesgraph: {NOT_INSTALLED}"]
    assert "rulesgraph update --file PATH" in NOT_INSTALLED and "--rules" not in err


def test_with_the_rules_given_nothing_is_said_about_installing(capsys: pytest.CaptureFixture[str], cr2026: Path, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing about installing the rules; without card data, only that installing cards would help (once)."""
    from rulesgraph_cli.context import CARDS_NOTE

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    assert main(["--rules", str(cr2026), "ask", "what does trample do"]) == 0
    assert capsys.readouterr().err == f"rulesgraph: {CARDS_NOTE}\n"


def test_readme_examples_use_the_installed_rules() -> None:
    """README's captured commands run as a user would after installing the rules: none names a rules file with --rules."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    commands = [line for line in readme.splitlines() if line.startswith("$ rulesgraph") or "| rulesgraph" in line]
    assert commands and not [c for c in commands if "--rules" in c]


_HEAVY = ("rich", "prompt_toolkit", "networkx", "urllib.request", "http.client", "ssl", "pickle", "sqlite3", "rulesgraph.cards.store",
          "rulesgraph.records.cards", "tomllib", "platformdirs")
_LEAN = ("import sys; from rulesgraph_cli.main import main; code = main(sys.argv[1:]); "
         f"print(sorted(m for m in {_HEAVY!r} if m in sys.modules), file=sys.stderr); sys.exit(code)")


@pytest.mark.parametrize("argv", [["ask", "--json", "what does trample do?"], ["rule", "702.19", "--json"],
                                  ["kw", "trample", "--json"], ["cites", "702.19", "--json"]], ids=lambda a: a[0])
def test_json_commands_start_lean(argv: list[str], cr2026: Path, tmp_path: Path) -> None:
    """With a warm cache, ``ask``, ``rule``, ``kw`` and ``cites`` with ``--json`` import neither rich, prompt_toolkit,
    networkx, pickle nor the network stack, nor, with no cards installed and no config file, the card store (sqlite3),
    the card records (seven dataclasses, ~5 ms a process: made only once a card is read) and the TOML parser, nor,
    with the environment naming the directories, platformdirs: their start-up is the program's, not the terminal's or
    the builder's."""
    env = {"RULESGRAPH_CACHE_DIR": str(tmp_path / "cache"), "RULESGRAPH_DATA_DIR": str(tmp_path / "data"),
           "RULESGRAPH_CONFIG_DIR": str(tmp_path / "config"), "PATH": ""}
    command = [sys.executable, "-c", _LEAN, "--rules", str(cr2026), *argv]
    subprocess.run(command, capture_output=True, env=env, check=True)  # builds the cache
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    assert json.loads(done.stdout) and done.stderr.strip().splitlines()[-1] == "[]"


# --- closed, broken and full output streams (issue 18) -------------------------------------------------------

def _shell(command: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """``command`` run by sh, ``rg`` standing for this rulesgraph (bundled data only)."""
    rg = f"{sys.executable} -m rulesgraph --no-bundled --rules {Path(__file__).parent / 'fixtures' / 'mini_cr.txt'}"
    return subprocess.run(["sh", "-c", command.replace("rg ", rg + " ")], input=stdin, capture_output=True, timeout=120)


@pytest.mark.parametrize("command", ["rg ask --json - | head -1", "rg ask - | head -1", "rg check --all | head -1",
                                     "rg check --all --json | head -c 10", "rg rule 7 | head -1"],
                         ids=["ask --json -", "ask -", "check --all", "check --json", "rule"])
def test_a_reader_closing_the_pipe_is_a_quiet_end(command: str) -> None:
    """``| head -1`` used to end in exit 2 blaming stdin (``ask --json -``) or 1, "nothing found" (rich's own handling)."""
    left, right = command.split(" | ")  # the exit status of rulesgraph, not of head
    proc = _shell(f"{{ {left}; echo status=$? >&2; }} | {right} > /dev/null", b"trample\nhow does deathtouch work\n" * 3000)
    err = proc.stderr.decode()
    assert err.strip().endswith("status=0") and "Traceback" not in err and "error" not in err, err[-500:]


def test_closed_and_full_streams_are_one_line() -> None:
    closed_out = _shell("rg rule 509 >&-")
    assert closed_out.returncode == 2 and closed_out.stderr.decode().count("\n") == 1 and b"standard output is closed" in closed_out.stderr
    closed_in = _shell("rg ask - <&-")  # a closed stdin is an empty one: no questions
    assert closed_in.returncode == 0 and closed_in.stderr == b""
    for command in ("rg rule 509 > /dev/full", "rg check --all --json > /dev/full", "rg ask --json trample > /dev/full"):
        full = _shell(command)
        err = full.stderr.decode()
        assert full.returncode == 2 and err.count("\n") == 1 and "No space left on device" in err, (command, err)


def test_main_in_process_gives_what_it_loaded_back_to_the_collector(capsys: pytest.CaptureFixture[str]) -> None:
    """The book is frozen out of the cyclic collector while a command runs (rulesgraph_cli.context._keep); ``main``
    called in process unfreezes it when it returns, so a caller running many commands does not keep every book."""
    import gc

    gc.unfreeze()
    assert main(["ask", "--json", "what does trample do"]) in (0, 1)
    capsys.readouterr()
    assert gc.get_freeze_count() == 0


def test_one_command_started_builds_no_parser_for_the_others() -> None:
    """Each listed command costs a parser (~0.1 ms): they are listed only where a help or an unknown command's error
    shows them."""
    def choices(argv: list[str]) -> list[str]:
        return list(next(a for a in build_parser(argv)._subparsers._group_actions if a.dest == "command").choices)  # type: ignore[union-attr]

    assert choices(["ask", "--json", "what is ward?"]) == ["ask"] and choices(["kw", "ask"]) == ["ask", "kw"]
    for argv in (["-h", "ask"], ["ask", "--help"], ["--help"], ["askk", "x"], []):
        assert choices(argv) == list(COMMANDS), argv
