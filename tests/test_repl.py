"""The REPL driven through prompt_toolkit's pipe input and DummyOutput: what typing does, Ctrl-C and
Ctrl-D, pasting, history in the user data dir, the toolbar, and reading lines without a terminal."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.history import FileHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from rulesgraph import Rulebook
from rulesgraph_cli.render.core import RenderOptions
from rulesgraph_cli.repl import loop as repl_module
from rulesgraph_cli.repl.commands import Shell
from rulesgraph_cli.repl.key_bindings import one_line
from rulesgraph_cli.repl.loop import _history, history_path, make_session, read_lines, repl
from rulesgraph_cli.repl.toolbar import KEYS, fit, summary, toolbar

PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


def drive(book: Rulebook, keys: str, *, history: FileHistory | None = None) -> tuple[int, str, Shell]:
    """Type ``keys`` into a REPL (they must end it: Ctrl-D or :quit) and return its exit status and output."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None)
    shell = Shell(book, RenderOptions(hints=True))
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        session = make_session(book, input=pipe, output=DummyOutput(), history=history, shell=shell)
        code = repl(shell, session, console, greeting=repl_module.welcome(book))
    return code, buffer.getvalue(), shell


def test_question_citation_back_rule(full_book: Rulebook) -> None:
    keys = "can I block with a creature I sacrificed to annihilator?\n1\n:back\n702.19\n\x04"
    code, out, shell = drive(full_book, keys)
    assert code == 0 and out.startswith("rulesgraph ")
    hint = "type a citation's number to open it\n"
    answer, opened_then_answer, rule = out.split(hint)  # :back showed the answer a second time
    assert "[1] " in answer and "[5] " in answer and "why matched" in answer
    assert shell.views[0].items[0] in opened_then_answer.strip().splitlines()[0]  # typing 1 opened the first citation
    assert rule.count("702.19g Multiple instances of trample") == 1 and "702.19a Trample is a static ability" in rule
    assert len(shell.views) == 2 and shell.position == 1  # the rule replaced what :back left behind


def test_ctrl_c_clears_the_line_and_ctrl_d_quits(full_book: Rulebook) -> None:
    code, out, shell = drive(full_book, "nonsense words\x03702.19b\n\x04should never be read\n")
    assert code == 0 and "7 › 702 › 702.19 Trample › b" in out
    assert len(shell.views) == 1 and "should never" not in out


def test_quit_command(full_book: Rulebook) -> None:
    code, _out, shell = drive(full_book, ":quit\n702.19\n\x04")
    assert code == 0 and shell.views == []


def test_bare_exit_quit_and_help_are_commands(full_book: Rulebook) -> None:
    """A new user's first words: "exit" and "help" were "Nothing in the loaded rules matches", "quit" an unsure answer citing
    702.145 Daybound and Nightbound (a trial)."""
    for word in ("exit", "Quit", "quit"):
        code, out, shell = drive(full_book, f"{word}\n702.19\n\x04")
        assert code == 0 and shell.views == [] and "Nothing in the loaded rules" not in out
    _, out, shell = drive(full_book, "help\n\x04")
    assert ":cites" in out and "Nothing in the loaded rules" not in out


def test_a_short_question_is_no_name(full_book: Rulebook) -> None:
    """"can it be countered?" (a trial's follow-up) showed the keyword profile of Counter: its one word not a stop word
    names it.  A line whose first word asks is a question."""
    _, out, _ = drive(full_book, "can it be countered?\n\x04")
    assert "keyword action · 701.6" not in out and "read ‘can it be countered’ as" not in out and "[1] " in out


def test_unknown_command_suggests(full_book: Rulebook) -> None:
    _, out, _ = drive(full_book, ":cits 702.19\n:sorces\n\x04")
    assert "error: unknown command :cits; did you mean :cites?" in out
    assert "error: unknown command :sorces; did you mean :sources?" in out


def test_pasted_lines_are_one_question(full_book: Rulebook) -> None:
    _, out, shell = drive(full_book, f"{PASTE_START}how does ward\n  work when\r\nmy opponent targets{PASTE_END}\n\x04")
    assert len(shell.views) == 1 and shell.views[0].items and "Ward" in out
    assert one_line("a\n  b\r\nc\r\n") == "a b c"


def test_a_typed_escape_sequence_is_text_not_a_mouse_report(full_book: Rulebook) -> None:
    # prompt_toolkit reads ESC [31m as a mouse report; its handler raised, the REPL printed a traceback and waited for
    # Enter on the terminal (so the REPL runs in a thread here: that failure is a timeout, not a hung suite)
    import threading

    got: list[tuple[int, str, Shell]] = []
    worker = threading.Thread(target=lambda: got.append(drive(full_book, "\x1b[31mhow does trample work\x1b[0m\n\x04")),
                              daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert got, "the REPL stopped on a typed escape sequence"
    code, out, shell = got[0]
    assert code == 0 and "Traceback" not in out and "Unhandled exception" not in out
    assert len(shell.views) == 1 and "702.19" in out


def test_history_is_kept_in_the_user_data_dir(full_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    assert history_path() == tmp_path / "data" / "history"
    history = _history(lambda message: pytest.fail(message))
    assert isinstance(history, FileHistory)
    drive(full_book, "702.19b\n:kw trample\n\x04", history=history)
    saved = history_path().read_text()
    assert "+702.19b" in saved and "+:kw trample" in saved
    assert next(iter(FileHistory(str(history_path())).load_history_strings())) == ":kw trample"
    assert history_path().stat().st_mode & 0o777 == 0o600  # what was asked is its owner's alone
    history_path().chmod(0o644)  # as an older version left it
    _history(lambda message: pytest.fail(message))
    assert history_path().stat().st_mode & 0o777 == 0o600


def test_history_falls_back_to_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(blocker / "sub"))
    notes: list[str] = []
    assert not isinstance(_history(notes.append), FileHistory) and "history not kept" in notes[0]


def test_a_bug_in_one_line_does_not_end_the_session(full_book: Rulebook, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(self: Shell, line: str) -> None:
        raise ValueError("boom")

    monkeypatch.setattr(Shell, "interpret", boom)
    code, out, _ = drive(full_book, "anything\n:sources\n\x04")
    assert code == 0 and "internal error (ValueError: boom)" in out and "MagicCompRules-20260619.txt" in out


def test_ctrl_c_while_answering_returns_to_the_prompt(full_book: Rulebook, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def interrupted(self: Shell, line: str) -> None:
        calls.append(line)
        raise KeyboardInterrupt

    monkeypatch.setattr(Shell, "interpret", interrupted)
    code, out, _ = drive(full_book, "trample\n702.19\n\x04")
    assert code == 0 and calls == ["trample", "702.19"] and out.count("(interrupted)") == 2


def test_toolbar_fits_the_width(full_book: Rulebook, seeds_book: Rulebook) -> None:
    long, short = summary(full_book), summary(full_book, counts=False)
    assert long.startswith("5 sources · CR 2026-06-19 ·") and "262 keywords" in long and short == "5 sources · CR 2026-06-19"
    wide, narrow, tiny = ("".join(part[1] for part in fit(long, short, width)) for width in (200, 90, 40))
    assert long in wide and KEYS in wide and len(wide) <= 200
    assert short in narrow and long not in narrow and KEYS in narrow and len(narrow) <= 90
    assert tiny.strip() == KEYS
    assert "no CR loaded" in summary(seeds_book)
    assert KEYS in "".join(part[1] for part in toolbar(full_book)())
    topic = "".join(part[1] for part in fit(long, short, 100, "Cyclonic Rift, Ephemerate, Lightning Greaves"))
    assert topic.startswith(" topic: Cyclonic Rift") and KEYS in topic and len(topic) <= 100  # a trial's at 100: no "^D quit"


def test_reading_lines_without_a_terminal(full_book: Rulebook) -> None:
    buffer = io.StringIO()
    code = read_lines(Shell(full_book, RenderOptions()), io.StringIO("702.19b\n:kw trample\n:quit\n702.19\n"),
                      Console(file=buffer, width=80, color_system=None))
    out = buffer.getvalue()
    assert code == 0 and out.startswith("rules> 702.19b\n7 › 702 › 702.19 Trample › b")
    assert "rules> :kw trample\nTrample  keyword ability" in out and "rules> 702.19\n" not in out


def test_rulesgraph_with_piped_stdin_reads_lines(cr2026: Path, tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "rulesgraph", "--rules", str(cr2026)], input="702.19b\n:cites 702.19\n",
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "rules> 702.19b\n7 › 702 › 702.19 Trample › b" in proc.stdout
    assert "702.19 Trample — 2 references" in proc.stdout and "\x1b" not in proc.stdout


def test_without_card_data_the_repl_says_so_once(full_book: Rulebook, cr2026: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a terminal, at the first answer (on stderr); on a terminal, on the welcome screen instead."""
    from rulesgraph_cli.context import CARDS_NOTE

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    lines = "702.19b\nwhat does trample do?\ncan I target a creature with ward?\n"
    proc = subprocess.run([sys.executable, "-m", "rulesgraph", "--rules", str(cr2026)], input=lines, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0 and proc.stdout.count("why matched") == 2 and proc.stderr == f"rulesgraph: {CARDS_NOTE}\n"
    assert len(repl_module.welcome(full_book).plain.splitlines()) == 2
    assert repl_module.welcome(full_book, "No card data.\x1b[2J").plain.splitlines()[2] == "No card data.␛[2J"


def test_ctrl_l_clears_the_screen_and_the_conversation_goes_on(full_book: Rulebook) -> None:
    """A trial: a player pressed Ctrl-L to tidy the screen mid-conversation and lost the follow-up's context; ``:new`` starts afresh."""
    code, _out, shell = drive(full_book, "what does trample do?\n\x0c\x04")
    assert code == 0 and shell.conversation.topic() == ["trample"]
    code, _out, shell = drive(full_book, "what does trample do?\n:new\n\x04")
    assert code == 0 and shell.conversation.topic() == []


def test_the_toolbar_shows_the_topic(full_book: Rulebook) -> None:
    shell = Shell(full_book, RenderOptions())
    shell.handle("what does trample do?")
    bar = "".join(part[1] for part in toolbar(full_book, shell.conversation.topic)())
    assert bar.startswith(" topic: trample │") and KEYS in bar


# --- first start without the full rules: the offer to download them (against a server on 127.0.0.1) ---

from rulesgraph.versions.store import NOT_INSTALLED, RULES_URL_ENV  # noqa: E402
from rulesgraph_cli.context import Context  # noqa: E402
from rulesgraph_cli.main import build_parser  # noqa: E402

from .test_update import Route, Server, server, site  # noqa: E402, F401  (the fixtures)


def _first_screen(keys: str, *, terminal: bool = False, argv: tuple[str, ...] = ()) -> tuple[Rulebook, str]:
    """Answer the first screen's offer with ``keys`` (pipe input, DummyOutput); the rules it goes on with, and what it printed."""
    from prompt_toolkit import PromptSession

    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None, force_terminal=terminal)
    ctx = Context(build_parser().parse_args(["--plain", *argv]) if not terminal else build_parser().parse_args(list(argv)))
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        session: PromptSession[str] = PromptSession(input=pipe, output=DummyOutput())
        def confirm(message: str) -> str:
            buffer.write(message + "\n")  # what the terminal would show
            return session.prompt(message)

        book = repl_module.first_screen(ctx, console, confirm)
    return book, buffer.getvalue()


@pytest.fixture
def empty_user(site: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Server:  # noqa: F811
    """No rules or cards installed; the rules page (a small CR) served on 127.0.0.1, and no card data there."""
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv(RULES_URL_ENV, site.url("/en/rules"))
    monkeypatch.setenv("RULESGRAPH_CARDS_URL", site.url("/cards/AtomicCards.json.xz"))
    return site


def test_first_start_offers_the_rules_and_goes_on_with_them(empty_user: Server) -> None:
    book, out = _first_screen("\n")  # Enter: yes
    assert out.startswith("The full Comprehensive Rules are not installed (only the bundled keyword FAQs are). Download them,\n"
                          "the card data and the tournament documents (MTR, IPG, JAR) now? [Y/n] \n")  # wrapped at words
    assert max(len(line) for line in out.split("\n")[:2]) <= 100  # the console's width (a trial: "… t / he card data")
    assert book.effective == "2026-06-19"
    assert "installed the Comprehensive Rules effective 2026-06-19" in out
    assert "could not install the cards: " in out and "404" in out  # card data failing leaves the rules installed
    flat = " ".join(out.split())  # the tournament documents' server (conftest: nothing listens) in one line
    assert flat.count("could not install the tournament documents: MTR: ") == 1 and "update tournament --file PATH" in flat
    assert empty_user.hits[:2] == ["/en/rules", "/downloads/MagicCompRules%2020260619.txt"]


def test_first_start_shows_a_progress_bar_on_a_terminal(empty_user: Server) -> None:
    book, out = _first_screen("y\n", terminal=True)
    assert book.effective == "2026-06-19" and "downloading rules" in out


def test_first_start_declined_says_how_to_install_later(empty_user: Server) -> None:
    book, out = _first_screen("n\n")
    assert book.effective is None and empty_user.hits == []
    flat = " ".join(out.split())
    assert "Later: run 'rulesgraph update'" in flat and "update --file PATH" in flat and "update cards --file PATH" in flat
    assert "'rulesgraph update tournament --file PATH' with the MTR, IPG and JAR PDFs (or their text)" in flat


def test_first_start_offers_only_what_is_missing(empty_user: Server, tmp_path: Path) -> None:
    from rulesgraph.versions import tstore

    from .minitourney import make_ipg

    tstore.install(make_ipg().encode(), "ipg.txt")
    _, out = _first_screen("n\n")
    assert "Download them and the card data now? [Y/n]" in " ".join(out.split()) and "update tournament" not in out


def test_first_start_offline_names_the_offline_way(empty_user: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(RULES_URL_ENV, "http://127.0.0.1:9/en/rules")  # nothing listens on the discard port
    book, out = _first_screen("\n")
    assert book.effective is None
    assert "could not install the rules: " in out and "cannot connect" in out and "rulesgraph update --file PATH" in out
    assert "could not install the cards: " in out and "404" in out  # tried all the same: its own server answered


@pytest.mark.parametrize("url", ["http://[::1", "http://[::1/x", "http://x:99999/en/rules"])
def test_first_start_with_a_malformed_address_goes_on(empty_user: Server, monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    """A malformed address in $RULESGRAPH_RULES_URL ended the REPL with a ValueError traceback (issue 31)."""
    monkeypatch.setenv(RULES_URL_ENV, url)
    monkeypatch.setenv("RULESGRAPH_CARDS_URL", url)
    book, out = _first_screen("\n")
    assert book.effective is None and "could not install the rules: " in out and "not a valid address" in out
    assert empty_user.hits == []


def test_no_offer_when_rules_are_given_or_installed(empty_user: Server, cr2026: Path) -> None:
    book, out = _first_screen("", argv=("--rules", str(cr2026)))
    assert book.effective == "2026-06-19" and out == "" and empty_user.hits == []


def test_without_a_terminal_it_says_so_once_and_never_asks(tmp_path: Path) -> None:
    env = {k: v for k, v in __import__("os").environ.items()}
    env["RULESGRAPH_DATA_DIR"] = str(tmp_path / "empty")
    done = subprocess.run([sys.executable, "-m", "rulesgraph_cli.main"], input="annihilator\n", capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0 and "[Y/n]" not in done.stdout + done.stderr
    assert done.stderr.count(NOT_INSTALLED) == 1 and "Annihilator" in done.stdout
