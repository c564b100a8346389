"""Benchmark: the hostile cases of issues 18 and 31 by category (parsers, output paths, update/download, config,
streams, cards; issue 31's broken card store, addresses, card JSON, short writes, encodings, caches, each with its
time and peak memory: each tried for real and counted clean when it ends as promised, see bench/_hostile.py and
bench/_hostile31.py), then
how long the hostile inputs of the reliability tests take — a megabyte pasted into the REPL, characters
typed into a long line (completion runs on every key), a rule of 150,000 lines shown, and the cached load
with its checksum.  The tests assert behaviour; the times are measured here.

Usage: python bench/reliability.py [--cr PATH] [--fuzz N] [--cases-only] [--issue31]
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

from _common import ROOT, cr_path, ms, table

sys.path.insert(0, str(ROOT))

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from rulesgraph import SourceSpec, bundled_sources, load
from rulesgraph.build.lookup import rule_view
from rulesgraph_cli.render.core import RenderOptions, render_rule
from rulesgraph_cli.repl.commands import Shell
from rulesgraph_cli.repl.loop import make_session, repl
from tests.minicr import make_cr


def typed(book, keys: str) -> float:  # type: ignore[no-untyped-def]
    """Seconds for the REPL to take ``keys`` (fed from a thread: a pipe holds 64 KiB) and end."""
    start = time.perf_counter()
    with create_pipe_input() as pipe:
        threading.Thread(target=pipe.send_text, args=(keys,), daemon=True).start()
        session = make_session(book, input=pipe, output=DummyOutput())
        repl(Shell(book, RenderOptions()), session, Console(file=io.StringIO(), width=100, color_system=None))
    return time.perf_counter() - start


def hostile_table(fuzz: int, only: str | None = None) -> None:
    """Print the hostile cases per category: tried, clean, and what was not; then each case of issue 31 with its
    time and the peak memory of its largest process."""
    from _hostile import MEASURED, run_all

    start = time.perf_counter()
    results = run_all(fuzz, only)
    rows = [(category, f"{len(cases):,}", f"{sum(p is None for _, p in cases):,}") for category, cases in results.items()]
    rows.append(("all", f"{sum(len(c) for c in results.values()):,}", f"{sum(p is None for c in results.values() for _, p in c):,}"))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\nhostile cases (issues 18 and 31); Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"{time.perf_counter() - start:.0f} s (load average {load:.1f})\n")
    print(table(rows, ("category", "tried", "clean")))
    for category, cases in results.items():
        for name, problem in cases:
            if problem:
                print(f"  not clean: {category}: {name}: {problem}")
    if MEASURED:
        clean = {name: problem is None for name, problem in results.get("issue 31", [])}
        print("\nissue 31, case by case (time: all its processes; memory: the peak RSS of the largest)\n")
        print(table([(name, "clean" if clean.get(name) else "NOT clean", f"{seconds:.2f} s", f"{mb:,.0f} MB" if mb else "—")
                     for name, (seconds, mb) in MEASURED.items()], ("case", "result", "time", "peak memory")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cr", help="the 2026 Comprehensive Rules text file")
    parser.add_argument("--fuzz", type=int, default=200, help="generated rules files to parse (bench/fuzz_rules.py for the long run)")
    parser.add_argument("--cases-only", action="store_true", help="only the table of hostile cases")
    parser.add_argument("--issue31", action="store_true", help="only the cases of issue 31 (with --cases-only: nothing else)")
    args = parser.parse_args()
    hostile_table(args.fuzz, "issue 31" if args.issue31 else None)
    if args.cases_only:
        return
    cr = cr_path(args.cr)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["RULESGRAPH_CACHE_DIR"] = str(Path(tmp) / "cache")
        specs = [*bundled_sources(), SourceSpec(str(cr), None, "cr.txt")]
        load(specs)
        start = time.perf_counter()
        book = load(specs)
        cached = time.perf_counter() - start
        assert book.from_cache
        question = "how does trample work with deathtouch when my opponent blocks "
        paste = typed(book, "\x1b[200~" + (question * 20_000)[:1_000_000] + "\x1b[201~\n\x04")
        keys = typed(book, (question * 400)[:20_000] + "\n\x04")

        lines = "".join(f"\r\n    flood line {i} of the long rule" for i in range(150_000))
        long_cr = Path(tmp) / "long.txt"
        long_cr.write_text(make_cr(filler=5, trample=f"Trample is long.{lines}"), encoding="utf-8", newline="")
        long_book = load([SourceSpec(str(long_cr), None, "long.txt")], use_cache=False)
        start = time.perf_counter()
        Console(file=io.StringIO(), width=140, color_system=None).print(render_rule(rule_view(long_book, "702.19b"), RenderOptions()))
        shown = time.perf_counter() - start

    print(f"\n2026 CR + bundled seeds; Python {sys.version.split()[0]}, {os.cpu_count()} CPUs\n")
    print(table([
        ("cached load (SHA-256 checked)", ms(cached)),
        ("1 MB pasted into the REPL → answered", ms(paste)),
        ("20,000 characters typed, one key at a time → answered", ms(keys)),
        ("a 150,000-line rule (6 MB) shown", ms(shown)),
    ], ("measure", "value")))


if __name__ == "__main__":
    main()
