"""The installed ``rulesgraph`` in a real terminal (tmux): start-up, completion, a question, a rule
number, a citation's number, Ctrl-C (on a line, and during long output), a megabyte pasted, and Ctrl-D,
asserted on what the screen shows.  .ci/run
installs tmux; without it these tests are skipped, saying so (and fail where RULESGRAPH_REQUIRE_TOOLS=1, as in CI)."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .conftest import require_tool
from .minicr import make_cr

pytestmark = pytest.mark.terminal

WIDTH, HEIGHT = 140, 60
TIMEOUT = 30.0


class Tmux:
    """One tmux server on a private socket, one window of a fixed size."""

    def __init__(self, socket: str) -> None:
        self.socket = socket

    def __call__(self, *args: str) -> str:
        proc = subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args], capture_output=True, text=True, timeout=10)
        if proc.returncode != 0:
            raise AssertionError(f"tmux {' '.join(args)}: {proc.stderr.strip()}")
        return proc.stdout

    def screen(self) -> str:
        """The whole scrollback and screen as text (no colours), wrapped lines joined."""
        return self("capture-pane", "-p", "-J", "-S", "-", "-t", "rg")

    def wait(self, what: str, check: Callable[[str], bool], timeout: float = TIMEOUT) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.screen()
            if check(text):
                return text
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}; the screen shows:\n{self.screen()}")

    def type(self, text: str) -> None:
        self("send-keys", "-t", "rg", "-l", text)

    def key(self, *keys: str) -> None:
        self("send-keys", "-t", "rg", *keys)


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    if shutil.which("tmux") is None:
        require_tool("tmux is not installed (.ci/run installs it); the real-terminal test needs it")
    t = Tmux(f"rulesgraph-test-{uuid.uuid4().hex[:8]}")
    try:
        yield t
    finally:
        found = subprocess.run(["tmux", "-L", t.socket, "display-message", "-p", "#{socket_path}"], capture_output=True, text=True)
        subprocess.run(["tmux", "-L", t.socket, "kill-server"], capture_output=True, timeout=10)
        if found.returncode == 0 and found.stdout.strip():
            Path(found.stdout.strip()).unlink(missing_ok=True)  # tmux leaves its socket file behind


def after_last(screen: str, marker: str) -> str:
    return screen.rsplit(marker, 1)[1] if marker in screen else ""


def prompting(screen: str) -> bool:
    """The REPL waits at a fresh prompt (the last line before the toolbar); keys typed before then would reach
    the terminal in cooked mode, where Ctrl-D is not a key."""
    lines = [line.rstrip() for line in screen.splitlines() if line.strip()]
    return len(lines) >= 2 and lines[-2] == "rules>"


def test_a_session_in_a_real_terminal(tmux: Tmux, tmp_path: Path, cr2026: Path) -> None:
    program = Path(sys.executable).parent / "rulesgraph"
    assert program.is_file(), f"{program} is not installed (pip install -e '.[test]')"
    env = {"RULESGRAPH_CACHE_DIR": tmp_path / "cache", "RULESGRAPH_DATA_DIR": tmp_path / "data",
           "RULESGRAPH_CONFIG_DIR": tmp_path / "config", "TERM": "xterm-256color", "PAGER": "cat", "LC_ALL": "C.UTF-8"}
    command = "env -u NO_COLOR -u COLUMNS -u LINES " + " ".join(f"{k}={shlex.quote(str(v))}" for k, v in env.items())
    command += f" {shlex.quote(str(program))} --rules {shlex.quote(str(cr2026))}"
    status = tmp_path / "status"
    command = f"{command}; echo $? > {shlex.quote(str(status))}; sleep 60"  # keeps the screen to look at until the server is killed
    tmux("new-session", "-d", "-s", "rg", "-x", str(WIDTH), "-y", str(HEIGHT), command)

    screen = tmux.wait("the first prompt", prompting)
    assert "CR 2026-06-19" in screen and "^D quit" in screen  # the welcome line and the toolbar
    assert screen.count("'rulesgraph update cards' installs them") == 1  # no card data in this data dir: said once, here

    tmux.type("tram")
    tmux.wait("completions for 'tram'", lambda s: "Trample Over Planeswalkers" in s)
    tmux.key("C-c")  # clears the line
    tmux.wait("the cleared line", lambda s: "tram" not in after_last(s, "rules>"))

    tmux.type("can I block with a creature I sacrificed to annihilator?")
    tmux.key("Enter")
    screen = tmux.wait("the answer", lambda s: "why matched" in after_last(s, "annihilator?") and prompting(s))
    assert "rules> can I block with a creature" in screen  # Ctrl-C left nothing of "tram" on the line
    answer = after_last(screen, "annihilator?")
    first = re.search(r"^\[1\] (\S+)", answer, re.MULTILINE)
    assert first and "[2] " in answer, answer
    assert "\x1b" not in answer and "[bold]" not in answer

    tmux.type("702.19b")
    tmux.key("Enter")
    tmux.wait("the rule", lambda s: "7 › 702 › 702.19 Trample › b" in after_last(s, "rules> 702.19b") and prompting(s))

    tmux.type("1")
    tmux.key("Enter")
    label = first.group(1)
    opened = tmux.wait("the first citation", lambda s: label in after_last(s, "rules> 1\n") and prompting(s))
    assert "why matched" not in after_last(opened, "rules> 1\n")  # a rule or entry, not the answer again

    tmux.key("C-d")
    deadline = time.monotonic() + TIMEOUT
    while not status.is_file() or not status.read_text().strip():  # tmux may notice the exit late; the shell does not
        assert time.monotonic() < deadline, "rulesgraph did not exit on Ctrl-D: " + tmux.screen()
        time.sleep(0.05)
    assert status.read_text().strip() == "0"
    assert "Traceback" not in tmux.screen()
    history = (tmp_path / "data" / "history").read_text()
    assert "+702.19b" in history and "+can I block" in history


def test_ctrl_c_during_long_output_and_a_megabyte_paste(tmux: Tmux, tmp_path: Path) -> None:
    """Ctrl-C while a long outline is being laid out stops it and returns to the prompt, which still answers;
    a megabyte pasted (bracketed, as terminals paste) is one question, answered."""
    program = Path(sys.executable).parent / "rulesgraph"
    rules = tmp_path / "long.txt"
    rules.write_text(make_cr(filler=8000), encoding="utf-8", newline="")  # section 100 has 8,000 rules: a long outline
    env = {"RULESGRAPH_CACHE_DIR": tmp_path / "cache", "RULESGRAPH_DATA_DIR": tmp_path / "data",
           "RULESGRAPH_CONFIG_DIR": tmp_path / "config", "TERM": "xterm-256color", "LC_ALL": "C.UTF-8"}
    command = "env -u NO_COLOR -u COLUMNS -u LINES " + " ".join(f"{k}={shlex.quote(str(v))}" for k, v in env.items())
    command += f" {shlex.quote(str(program))} --no-bundled --no-pager --rules {shlex.quote(str(rules))}"
    status = tmp_path / "status"
    tmux("new-session", "-d", "-s", "rg", "-x", str(WIDTH), "-y", str(HEIGHT), f"{command}; echo $? > {shlex.quote(str(status))}; sleep 60")
    tmux.wait("the first prompt", prompting)

    tmux.type(":rule 100")
    tmux.key("Enter")
    tmux.wait("the command taken", lambda s: [x.rstrip() for x in s.splitlines() if x.strip()][-1:] == ["rules> :rule 100"])
    tmux.key("C-c")  # while the 8,000-row outline is still being laid out
    screen = tmux.wait("the prompt after Ctrl-C", lambda s: "(interrupted)" in s and prompting(s))
    assert "100.8000" not in screen and "Traceback" not in screen

    tmux.type("702.19b")
    tmux.key("Enter")
    crumb = "7 › 702 › 702.19 Trample › b"
    tmux.wait("the rule after the interruption", lambda s: crumb in after_last(s, "rules> 702.19b") and prompting(s))

    pasted = tmp_path / "paste.txt"
    pasted.write_text(("how does trample work with deathtouch when my opponent blocks " * 20_000)[:1_000_000], encoding="utf-8")
    tmux("load-buffer", "-b", "big", str(pasted))
    tmux("paste-buffer", "-p", "-d", "-b", "big", "-t", "rg")  # -p: bracketed, since the REPL asks for it
    tmux.wait("the pasted line", lambda s: "opponent blocks" in after_last(s, "rules> 702.19b"))
    tmux.key("Enter")
    screen = tmux.wait("the answer to the paste", lambda s: "why matched" in after_last(s, "rules> 702.19b") and prompting(s))
    assert "the question was very long: only its beginning was read" in screen

    tmux.key("C-d")
    deadline = time.monotonic() + TIMEOUT
    while not status.is_file() or not status.read_text().strip():
        assert time.monotonic() < deadline, "rulesgraph did not exit on Ctrl-D: " + tmux.screen()
        time.sleep(0.05)
    assert status.read_text().strip() == "0" and "Traceback" not in tmux.screen()
    assert (tmp_path / "data" / "history").stat().st_size > 1_000_000  # the paste is in the history, whole
