"""Speed benchmark for answering: per-question latency in process (short question sets and the long,
narrative ones), and whole `rulesgraph ask --json -` processes against a bm25s build + retrieval.

Usage: python bench/latency.py [--cr PATH] [--repeat N] [--runs N]

* in process: every question of the short sets (keywords, dev, holdout, forum*) and of long.jsonl (long
  forum-style questions naming cards), ``answer_json(ask(...))`` each, N passes after one warm-up pass;
  p50/p99 per group of wall time, and for the long set of the process's CPU time too (on a shared machine
  wall time also counts the time other processes held the cores); peak RSS.
* `rulesgraph ask --json -` answering every long question from stdin: a whole process (interpreter start,
  imports, cache load included, cache warm), median of ``--runs``; and, in the same run, a whole Python
  process that builds a bm25s index (Snowball-stemmed, English stopwords) over the same CR file's
  paragraphs and retrieves the top 5 for every long question; the ratio of the two.
Targets (issue 17): long set p50 ≤ 4 ms, p99 ≤ 10 ms; `ask --json -` ≤ 2× the bm25s process.
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

SHORT = ("keywords", "dev", "holdout", "forum", "forum_holdout", "forum_holdout2", "forum_holdout3")
LONG = "long"
BM25S = r"""
import json, sys
import bm25s, Stemmer
text = open(sys.argv[1], encoding="utf-8-sig").read()
docs = [p.strip() for p in text.replace("\r\n", "\n").split("\n") if p.strip()]
stemmer = Stemmer.Stemmer("english")
retriever = bm25s.BM25()
retriever.index(bm25s.tokenize(docs, stopwords="en", stemmer=stemmer.stemWords, show_progress=False), show_progress=False)
for line in sys.stdin:
    tokens = bm25s.tokenize([line], stopwords="en", stemmer=stemmer.stemWords, show_progress=False)
    ids, _ = retriever.retrieve(tokens, k=5, show_progress=False) if tokens.vocab else ([[]], None)
    print(json.dumps([docs[i][:12] for i in ids[0]]))
"""


def questions(*names: str) -> list[str]:
    out = []
    for name in names:
        path = ROOT / "bench" / "questions" / f"{name}.jsonl"
        out += [json.loads(line)["question"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return out


_RSS = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def timed(argv: list[str], lines: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Wall seconds of one process reading ``lines`` on stdin, and the lines it wrote."""
    start = time.perf_counter()
    proc = subprocess.run(argv, input="\n".join(lines) + "\n", capture_output=True, text=True, env=env, check=True)
    return time.perf_counter() - start, len(proc.stdout.splitlines())


def peak_rss(argv: list[str], lines: list[str], env: dict[str, str]) -> float:
    """Peak RSS (MB) of one process reading ``lines`` on stdin (measured by a parent of its own)."""
    proc = subprocess.run([sys.executable, "-c", _RSS, *argv], input="\n".join(lines) + "\n", capture_output=True, text=True,
                          env=env, check=True)
    return int(proc.stdout.splitlines()[-1]) / 1024


def in_process(cr: Path, repeat: int) -> tuple[dict[str, list[float]], dict[str, list[float]], float]:
    from rulesgraph import SourceSpec, bundled_sources, load
    from rulesgraph.answer import answer_json, ask

    book = load([*bundled_sources(), SourceSpec(str(cr), None, str(cr))])  # as `--rules PATH` names it: the warm cache entry
    groups = {"short": questions(*SHORT), "long": questions(LONG)}
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for name, qs in groups.items():
        for q in qs:  # one warm-up pass
            ask(book, q)
        times[name], cpu[name] = [], []
        for _ in range(repeat):
            for q in qs:
                start, start_cpu = time.perf_counter(), time.process_time()
                answer_json(ask(book, q))
                times[name].append(time.perf_counter() - start)
                cpu[name].append(time.process_time() - start_cpu)
    return times, cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cr", help="Comprehensive Rules file (default: the 2026-06-19 file in ../shared)")
    ap.add_argument("--repeat", type=int, default=3, help="passes over the question sets in process")
    ap.add_argument("--runs", type=int, default=5, help="whole processes of each kind (median)")
    args = ap.parse_args()
    cr = cr_path(args.cr)
    load_before = os.getloadavg()[0]
    long_qs = questions(LONG)
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "RULESGRAPH_CACHE_DIR": tmp}
        exe = shutil.which("rulesgraph", path=str(Path(sys.executable).parent)) or "rulesgraph"
        ours_argv = [exe, "--rules", str(cr), "ask", "--json", "-"]
        subprocess.run(ours_argv, input="warm the cache\n", capture_output=True, text=True, env=env, check=True)
        cli_rss = peak_rss(ours_argv, long_qs, env)
        ours, theirs, written = [], [], 0
        for _ in range(args.runs):  # interleaved, so both see the same load
            seconds, written = timed(ours_argv, long_qs, env)
            ours.append(seconds)
            theirs.append(timed([sys.executable, "-c", BM25S, str(cr)], long_qs, env)[0])
        os.environ["RULESGRAPH_CACHE_DIR"] = tmp  # warm: the processes above built it
        times, cpu, in_rss = in_process(cr, args.repeat)
    short, long_ = times["short"], times["long"]
    rows = [
        (f"in process, short sets ({len(short) // args.repeat} questions × {args.repeat}): p50", ms(median(short)), ""),
        ("in process, short sets: p99", ms(percentile(short, 99)), ""),
        (f"in process, long set ({len(long_) // args.repeat} questions × {args.repeat}): p50", ms(median(long_)), "≤ 4 ms"),
        ("in process, long set: p99", ms(percentile(long_, 99)), "≤ 10 ms"),
        ("in process, long set, CPU time (the process's own): p50", ms(median(cpu["long"])), ""),
        ("in process, long set, CPU time: p99", ms(percentile(cpu["long"], 99)), ""),
        ("in process: peak RSS", f"{in_rss:.0f} MB", ""),
        (f"`ask --json -`, {len(long_qs)} long questions (wrote {written} lines), whole process", f"{median(ours):.2f} s", ""),
        ("bm25s index build + retrieval, same CR and questions, whole process", f"{median(theirs):.2f} s", ""),
        ("ratio", f"{median(ours) / median(theirs):.2f}×", "≤ 2×"),
        ("`ask --json -`: peak RSS", f"{cli_rss:.0f} MB", ""),
    ]
    print(f"{cr.name} + bundled seeds; Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; whole processes: median of "
          f"{args.runs}, warm cache; load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after\n")
    print(table(rows, ("measure", "value", "target")))


if __name__ == "__main__":
    main()
