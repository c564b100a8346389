"""Speed benchmark for answering: per-question latency in process, and `rulesgraph ask --json -`
answering 500 questions from stdin (start-up included, warm cache), with peak memory.

Usage: python bench/latency.py [--cr PATH] [--repeat N]
Targets (issue 3): p50 ≤ 5 ms and p99 ≤ 25 ms per question; 500 questions via `ask --json -`
in ≤ 5 s wall; peak RSS ≤ 250 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, cr_path, median, ms, percentile, table

from rulesgraph import SourceSpec, bundled_sources, load
from rulesgraph.answer import answer_json, ask


def questions() -> list[str]:
    out = []
    for name in ("keywords", "dev", "holdout"):
        path = ROOT / "bench" / "questions" / f"{name}.jsonl"
        out += [json.loads(line)["question"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return out


def cli_stream(cr: Path, lines: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Seconds for `rulesgraph ask --json -` to answer ``lines``, its peak RSS (MB) and the lines it wrote."""
    exe = shutil.which("rulesgraph", path=str(Path(sys.executable).parent)) or "rulesgraph"
    argv = [exe, "--rules", str(cr), "ask", "--json", "-"]
    subprocess.run(argv, input="warm the cache\n", capture_output=True, text=True, env=env, check=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    proc = subprocess.run(argv, input="\n".join(lines) + "\n", capture_output=True, text=True, env=env, check=True)
    seconds = time.perf_counter() - start
    rss = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    return seconds, rss, len(proc.stdout.splitlines())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cr", help="Comprehensive Rules file (default: the 2026-06-19 file in ../shared)")
    ap.add_argument("--repeat", type=int, default=3, help="passes over the question sets")
    args = ap.parse_args()
    cr = cr_path(args.cr)
    book = load([*bundled_sources(), SourceSpec(str(cr), None, cr.name)])
    qs = questions()
    for q in qs[:20]:  # warm caches (stemmer, spelling)
        ask(book, q)
    times = []
    for _ in range(args.repeat):
        for q in qs:
            start = time.perf_counter()
            answer_json(ask(book, q))
            times.append(time.perf_counter() - start)
    in_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rows = [
        (f"in process, {len(qs)} questions × {args.repeat}: p50", ms(median(times)), "≤ 5 ms"),
        ("in process: p99", ms(percentile(times, 99)), "≤ 25 ms"),
        ("in process: peak RSS", f"{in_rss:.0f} MB", "≤ 250 MB"),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "RULESGRAPH_CACHE_DIR": tmp}
        seconds, rss, written = cli_stream(cr, (qs * 2)[:500], env)
    rows += [
        (f"`rulesgraph ask --json -`, 500 questions (wrote {written} lines), warm cache", f"{seconds:.2f} s", "≤ 5 s"),
        ("`ask --json -`: peak RSS", f"{rss:.0f} MB", "≤ 250 MB"),
    ]
    print(f"{cr.name} + bundled seeds; Python {sys.version.split()[0]}, {os.cpu_count()} CPUs\n")
    print(table(rows, ("measure", "value", "target")))


if __name__ == "__main__":
    main()
