"""Benchmark start-up and the terminal: one ``ask --json`` process, start-up to the first prompt, and Enter
to a rendered answer.

Usage: python bench/startup.py [--cr PATH] [--runs N]

* ``rulesgraph --rules CR ask --json QUESTION``: one whole process (interpreter start, imports, format
  detection, cache load, the answer), warm cache and bytecode; median of N.  And the first question a fresh
  process answers (timed inside it, after loading) against the questions after it.
* the CPU time (user + system, the child's own) of one ``rulesgraph ask --json QUESTION`` process with the
  environment's installed rules, card data and tournament documents (issue 29 measures it with the stand-in cards
  installed; the output says what was), against a bare ``python -c "import json, re, sqlite3"``; interleaved,
  median of N each, and their ratio (issue 29's target: at most 4×).
* start-up: launch the installed ``rulesgraph`` under a pseudo-terminal (120x50, cache warm) and time
  until the prompt appears; fresh process per run, median of N.  Measured with the bundled data only
  and with the 2026 CR added.
* Enter → answer: in one process, what the REPL does for each line of bench/questions/dev.jsonl
  (``Shell.handle`` — analysis, ranking, answer, rendering — then printing to a colour console);
  median and 95th percentile.  Also a rule, a keyword profile and ``:cites``.
Targets: ``ask --json`` process ≤ 300 ms, start-up to prompt ≤ 400 ms (issue 17); Enter → answer ≤ 50 ms median.
Child processes write bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped from their environment): an installed
program runs from compiled modules.
"""

from __future__ import annotations

import argparse
import fcntl
import io
import json
import os
import re
import resource
import select
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Iterator
from pathlib import Path

from _common import ROOT, cr_path, median, ms, percentile, table

PROMPT = b"rules>"
OFFER = b"[Y/n]"
"""With no full rules installed the first screen offers to download them: that screen is the prompt the user sees."""
_ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\x1b[=>]")


def program() -> str:
    path = Path(sys.executable).parent / "rulesgraph"
    if not path.is_file():
        sys.exit(f"bench: {path} not found; install first: pip install -e .")
    return str(path)


def launch_on_pty(argv: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[bytes], int, float]:
    """Start ``argv`` on a new 120×50 pseudo-terminal: the process, the terminal's master end, the start time."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 120, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True, close_fds=True)
    os.close(slave)
    return proc, master, start


def read_pty(master: int, start: float, timeout: float, seen: bytes) -> bytes:
    """What the terminal shows next (empty when nothing came within 50 ms), answering the cursor-position query
    as a terminal does; the run ends when nothing wanted came within ``timeout`` of ``start``."""
    if time.perf_counter() - start > timeout:
        raise SystemExit(f"bench: no prompt after {timeout:.0f} s; output so far: {seen[-500:]!r}")
    ready, _, _ = select.select([master], [], [], 0.05)
    if not ready:
        return b""
    chunk = os.read(master, 65536)
    if b"\x1b[6n" in chunk:
        os.write(master, b"\x1b[1;1R")
    return chunk


def screens(master: int, start: float, timeout: float) -> Iterator[bytes]:
    """Everything the terminal has shown so far, each time more arrives (see :func:`read_pty`)."""
    seen = b""
    while True:
        chunk = read_pty(master, start, timeout, seen)
        if chunk:
            seen += chunk
            yield seen


def close_pty(proc: subprocess.Popen[bytes], master: int) -> None:
    """Leave with Ctrl-D (killing the process if it will not go) and close the terminal."""
    try:
        os.write(master, b"\x04")
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


def start_once(argv: list[str], env: dict[str, str], timeout: float = 30.0) -> float:
    """Seconds from launch until the prompt is on the (pseudo) terminal; then Ctrl-D."""
    proc, master, start = launch_on_pty(argv, env)
    seen = b""
    try:
        for seen in screens(master, start, timeout):
            shown = _ESCAPES.sub(b"", seen)
            if PROMPT in shown or OFFER in shown:
                elapsed = time.perf_counter() - start
                break
        if OFFER in _ESCAPES.sub(b"", seen):  # decline the download, then leave at the prompt
            os.write(master, b"n\r")
            _wait_for(master, PROMPT, start + timeout)
    finally:
        close_pty(proc, master)
    return elapsed


def _wait_for(master: int, marker: bytes, deadline: float) -> None:
    seen = b""
    while marker not in _ESCAPES.sub(b"", seen):
        if time.perf_counter() > deadline:
            raise SystemExit(f"bench: no {marker!r}; output so far: {seen[-500:]!r}")
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            chunk = os.read(master, 65536)
            if b"\x1b[6n" in chunk:
                os.write(master, b"\x1b[1;1R")
            seen += chunk


def startup(cr: str, runs: int, env: dict[str, str]) -> tuple[float, float]:
    exe = program()
    results = []
    for argv in ([exe], [exe, "--rules", cr]):
        start_once(argv, env)  # warms the cache
        results.append(median([start_once(argv, env) for _ in range(runs)]))
    return results[0], results[1]


FIRST = """
import sys, time
from rulesgraph import SourceSpec, bundled_sources, load
from rulesgraph import answer_json, ask
book = load([*bundled_sources(), SourceSpec(sys.argv[1])])
times = []
for q in sys.argv[2:]:
    start = time.perf_counter()
    answer_json(ask(book, q))
    times.append(time.perf_counter() - start)
print(" ".join(map(str, times)))
"""
ASKED = ("my opponent blocks my 5/5 trampler with a 2/2, how much damage goes through?",
         "can i respond to a spell by casting an instant?", "what happens when two replacement effects apply?",
         "does a creature with summoning sickness get to block?", "what does ward do?")


def one_answer(cr: str, runs: int, env: dict[str, str]) -> tuple[float, float, float]:
    """Median wall seconds of a whole ``ask --json`` process; median first-question and later-question seconds."""
    argv = [program(), "--rules", cr, "ask", "--json", ASKED[0]]
    subprocess.run(argv, capture_output=True, env=env, check=True)  # warms the cache and the bytecode
    walls, firsts, laters = [], [], []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, capture_output=True, env=env, check=True)
        walls.append(time.perf_counter() - start)
        done = subprocess.run([sys.executable, "-c", FIRST, cr, *ASKED], capture_output=True, text=True, env=env, check=True)
        first, *later = map(float, done.stdout.split())
        firsts.append(first)
        laters += later
    return median(walls), median(firsts), median(laters)


BARE = "import json, re, sqlite3"


def cpu_of(argv: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) the child process ``argv`` used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, capture_output=True, env=env, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def one_question_cpu(runs: int, env: dict[str, str]) -> tuple[float, float, str]:
    """Median CPU seconds of a whole ``ask --json`` process with the installed data of ``env``, of a bare Python
    importing json, re and sqlite3, and what was installed."""
    probe = ("from rulesgraph.cards import store_path; from rulesgraph.build.tbook import newest; "
             "print(store_path().is_file(), len(newest()))")
    cards, documents = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env,
                                      check=True).stdout.split()
    argv = [program(), "ask", "--json", ASKED[0]]
    subprocess.run(argv, capture_output=True, env=env, check=True)  # warms the cache and the bytecode
    ours, bare = [], []
    for _ in range(runs):
        ours.append(cpu_of(argv, env))
        bare.append(cpu_of([sys.executable, "-c", BARE], env))
    said = f"{'card data' if cards == 'True' else 'no card data'} and {documents} tournament documents installed"
    return median(ours), median(bare), said


def latency(cr: str) -> dict[str, list[float]]:
    """Seconds per line, in-process, as the REPL handles and prints it."""
    sys.path.insert(0, str(ROOT))
    from rich.console import Console

    from rulesgraph import SourceSpec, bundled_sources, load
    from rulesgraph_cli.render.core import RenderOptions
    from rulesgraph_cli.repl.commands import Shell

    book = load([*bundled_sources(), SourceSpec(cr, None, Path(cr).name)])
    shell = Shell(book, RenderOptions(links=True, hints=True))
    console = Console(file=io.StringIO(), width=120, force_terminal=True, color_system="truecolor")
    questions = [json.loads(line)["question"] for line in (ROOT / "bench" / "questions" / "dev.jsonl").read_text().splitlines() if line]
    out: dict[str, list[float]] = {"answer": [], "rule": [], "kw": [], "cites": []}
    for kind, lines in (("answer", questions), ("rule", ["702.19", "509", "601.2"] * 5), ("kw", ["trample", "tramlpe", "block"] * 5),
                        (("cites"), [":cites 509", ":cites 702.19", ":cites 601.2"] * 5)):
        shell.handle(lines[0])  # first-use caches (the completion vocabulary is not involved here)
        for line in lines:
            start = time.perf_counter()
            outcome = shell.handle(line)
            if outcome.renderable is not None:
                console.print(outcome.renderable)
            out[kind].append(time.perf_counter() - start)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cr", help="Comprehensive Rules file (default: ../shared/data/cr/MagicCompRules-20260619.txt)")
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    cr = str(cr_path(args.cr))
    given = {**os.environ}
    given.pop("PYTHONDONTWRITEBYTECODE", None)
    ours_cpu, bare_cpu, installed = one_question_cpu(args.runs, given)  # the environment's data: before the temporary one
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "RULESGRAPH_CACHE_DIR": f"{tmp}/cache", "RULESGRAPH_DATA_DIR": f"{tmp}/data",
               "RULESGRAPH_CONFIG_DIR": f"{tmp}/config", "TERM": "xterm-256color"}
        env.pop("NO_COLOR", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ.update({k: env[k] for k in ("RULESGRAPH_CACHE_DIR", "RULESGRAPH_DATA_DIR", "RULESGRAPH_CONFIG_DIR")})
        load_before = os.getloadavg()[0]
        wall, first, later = one_answer(cr, args.runs, env)
        bundled, with_cr = startup(cr, args.runs, env)
        times = latency(cr)
    answers = times["answer"]
    rows = [
        ("`ask --json` one question, whole process, + 2026 CR (warm cache)", ms(wall), "≤ 300 ms"),
        ("first question of a fresh process (after loading)", ms(first), ""),
        ("the questions after it, median", ms(later), ""),
        (f"`ask --json` one question, whole process, CPU time ({installed})", ms(ours_cpu), ""),
        (f"bare `python -c \"{BARE}\"`, CPU time", ms(bare_cpu), ""),
        ("ratio", f"{ours_cpu / bare_cpu:.1f}×", "≤ 4×"),
        ("start-up to prompt, bundled data (warm cache)", ms(bundled), "≤ 400 ms"),
        ("start-up to prompt, + 2026 CR (warm cache)", ms(with_cr), "≤ 400 ms"),
        (f"Enter → answer, median ({len(answers)} dev questions)", ms(median(answers)), "≤ 50 ms"),
        ("Enter → answer, 95th percentile", ms(percentile(answers, 95)), ""),
        ("rule (702.19, 509, 601.2), median", ms(median(times["rule"])), ""),
        ("keyword profile (trample, tramlpe, block), median", ms(median(times["kw"])), ""),
        (":cites (509, 702.19, 601.2), median", ms(median(times["cites"])), ""),
    ]
    print(f"2026 CR + bundled seeds; start-up median of {args.runs} fresh processes (the prompt under a pty); "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; load average {load_before:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after\n")
    print(table(rows, ("measure", "value", "target")))


if __name__ == "__main__":
    main()
