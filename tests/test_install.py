"""README's "Install and start" line, run as written in a fresh copy of the project, a fresh venv and empty user
directories (HOME and XDG dirs of its own), in a real terminal (tmux): the first start offers the current rules,
Enter downloads them — from a server on 127.0.0.1 standing in for Wizards' rules page and MTGJSON (the addresses come
from $RULESGRAPH_RULES_URL and $RULESGRAPH_CARDS_URL, as a user could set them) — and "what does trample do?" is
answered from rule 702.19.  Slow (a pip install: about a minute); pip's wheel cache is shared so nothing is fetched
twice.  The tournament documents come from the same server (invented ones).  And the first start offline (the
installed program, a few seconds): each failed download (rules, cards, tournament documents) names its
``update --file``, and a card's name typed without card data says once how to install the cards."""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import time
from pathlib import Path

import pytest

from .minicards import atomic, encode
from .minitourney import make_ipg, make_mtr
from .test_terminal import Tmux, prompting, tmux  # noqa: F401  (the fixture)
from .test_update import TXT, Route, Server, server  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.full_cr, pytest.mark.terminal, pytest.mark.install]

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"
CARDS = "/api/v5/AtomicCards.json.xz"
INSTALL = 300.0
"""Seconds allowed for the venv and pip install on a loaded 2-core machine (about 20 s idle)."""


def install_line() -> str:
    """The one command line under README's "Install and start"."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    after = text.split("**Install and start**", 1)[1].split("**", 1)[0]  # up to the next bold heading
    code = [line for line in after.splitlines() if line.startswith("    ") and line.strip()]
    assert len(code) == 1, f"README's Install and start should be one command line, not {code}"
    return code[0].strip()


def test_the_readme_line_is_one_command_that_ends_in_the_repl() -> None:
    line = install_line()
    assert line.startswith("python3 -m venv .venv && ") and line.endswith(".venv/bin/rulesgraph")


def _copy_project(to: Path) -> None:
    shutil.copytree(ROOT, to, ignore=shutil.ignore_patterns(".venv", ".git", ".state", "__pycache__", "*.egg-info", ".pytest_cache",
                                                             ".ruff_cache", ".hypothesis", "results"))


def test_install_and_start_reaches_an_answer_from_the_downloaded_rules(tmux: Tmux, server: Server, tmp_path: Path,  # noqa: F811
                                                                        cr2026: Path) -> None:
    server.routes["/en/rules"] = Route((FIXTURES / "rules-page.html").read_bytes(), content_type="text/html; charset=utf-8")
    server.routes[TXT] = Route(cr2026.read_bytes())
    body = encode(atomic(), "xz")
    server.routes[CARDS] = Route(body, content_type="application/x-xz")
    server.routes[CARDS + ".sha256"] = Route(f"{hashlib.sha256(body).hexdigest()}  AtomicCards.json.xz\n".encode())
    server.routes["/tournament/mtr"] = Route(make_mtr().encode())  # invented documents; the JAR's address answers 404
    server.routes["/tournament/ipg"] = Route(make_ipg().encode())

    project, home = tmp_path / "rulesgraph", tmp_path / "home"
    _copy_project(project)
    for d in ("data", "cache", "config"):
        (home / d).mkdir(parents=True)
    pip_cache = os.environ.get("PIP_CACHE_DIR") or str(Path.home() / ".cache" / "pip")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RULESGRAPH_", "VIRTUAL_ENV", "XDG_", "NO_COLOR", "COLUMNS", "LINES"))}
    env.update({"HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "XDG_CACHE_HOME": str(home / "cache"),
                "XDG_CONFIG_HOME": str(home / "config"), "PIP_CACHE_DIR": pip_cache, "TERM": "xterm-256color", "LC_ALL": "C.UTF-8",
                "PAGER": "cat", "RULESGRAPH_RULES_URL": server.url("/en/rules"), "RULESGRAPH_CARDS_URL": server.url(CARDS),
                "RULESGRAPH_TOURNAMENT_URL": server.url("/tournament")})
    status = tmp_path / "status"
    command = (f"cd {shlex.quote(str(project))} && env -i " + " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
               + f" bash -c {shlex.quote(install_line())}; echo $? > {shlex.quote(str(status))}; sleep 60")
    tmux("new-session", "-d", "-s", "rg", "-x", "120", "-y", "60", command)

    start = time.monotonic()
    screen = tmux.wait("the offer to download the rules", lambda s: "[Y/n]" in s, timeout=INSTALL)
    assert "not installed" in screen
    tmux.key("Enter")
    screen = tmux.wait("the prompt, with the rules installed", lambda s: prompting(s) and "CR 2026-06-19" in s, timeout=120)
    assert "installed the Comprehensive Rules effective 2026-06-19" in screen
    assert "installed the Magic Tournament Rules effective 2031-03-04" in " ".join(screen.split())
    installed = home / "data" / "rulesgraph" / "rules" / "MagicCompRules-20260619.txt"
    assert installed.read_bytes() == cr2026.read_bytes()

    tmux.type("what does trample do?")
    tmux.key("Enter")
    screen = tmux.wait("the answer", lambda s: "[1] 702.19" in s.rsplit("what does trample do?", 1)[-1] and prompting(s), timeout=60)
    tmux.key("C-d")
    deadline = time.monotonic() + 30
    while not status.is_file() or not status.read_text().strip():
        assert time.monotonic() < deadline, "rulesgraph did not exit on Ctrl-D: " + tmux.screen()
        time.sleep(0.1)
    assert status.read_text().strip() == "0" and "Traceback" not in tmux.screen()
    print(f"README install line to an answer: {time.monotonic() - start:.0f} s")


def _closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (bound, then let go): connecting to it is refused at once."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_offline_first_start_names_the_files_for_each_and_a_card_name_says_how_to_install_them(tmux: Tmux, tmp_path: Path) -> None:  # noqa: F811
    """No network (the rules page, MTGJSON and the tournament documents' links refuse connections): Enter at the
    offer says, for the rules, the cards and the tournament documents (one line), which file to install with
    ``update --file``; the REPL goes on with the bundled data, and a question naming
    what looks like a card says once how to install the cards.  (The installed program, not the install line: no pip.)"""
    import sys

    home = tmp_path / "home"
    for d in ("data", "cache", "config"):
        (home / d).mkdir(parents=True)
    port = _closed_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RULESGRAPH_", "XDG_", "NO_COLOR", "COLUMNS", "LINES"))}
    env.update({"HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "XDG_CACHE_HOME": str(home / "cache"),
                "XDG_CONFIG_HOME": str(home / "config"), "TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "PAGER": "cat",
                "RULESGRAPH_RULES_URL": f"http://127.0.0.1:{port}/en/rules",
                "RULESGRAPH_CARDS_URL": f"http://127.0.0.1:{port}/api/v5/AtomicCards.json.xz",
                "RULESGRAPH_TOURNAMENT_URL": f"http://127.0.0.1:{port}"})
    command = ("env -i " + " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
               + f" {shlex.quote(sys.executable)} -m rulesgraph; sleep 60")
    tmux("new-session", "-d", "-s", "rg", "-x", "200", "-y", "60", command)
    screen = tmux.wait("the offer", lambda s: "[Y/n]" in s, timeout=60)
    assert "Download them, the card data and the tournament documents (MTR, IPG, JAR) now?" in " ".join(screen.split())
    tmux.key("Enter")
    screen = tmux.wait("the prompt after the failed downloads", prompting, timeout=60)
    flat = " ".join(screen.split())  # the console wraps its lines
    assert "could not install the rules" in flat and "'rulesgraph update --file PATH'" in flat
    assert "could not install the cards" in flat and "'rulesgraph update cards --file PATH'" in flat
    assert flat.count("could not install the tournament documents") == 1 and "'rulesgraph update tournament --file PATH'" in flat
    for n in (1, 2):  # asked twice: said once
        tmux.type("Kitchen Finks")
        tmux.key("Enter")
        screen = tmux.wait(f"answer {n}", lambda s, n=n: s.count("rules> Kitchen Finks") == n and prompting(s), timeout=60)
    flat = " ".join(screen.split())
    assert flat.count("no card data is installed: 'rulesgraph update cards' installs it") == 1 and "Traceback" not in flat
    tmux.key("C-d")
