"""Speed benchmark for answering: per-question latency in process (short question sets and the long,
narrative ones), and whole `rulesgraph ask --json -` processes against a bm25s build + retrieval.

Usage: python bench/latency.py [--cr PATH] [--cards PATH] [--repeat N] [--runs N]

* in process: every question of the short sets (keywords, dev, holdout, forum*) and of long.jsonl (long
  forum-style questions naming cards), ``answer_json(ask(...))`` each, N passes after one warm-up pass;
  p50/p99 per group of wall time, and for the long set of the process's CPU time too (on a shared machine
  wall time also counts the time other processes held the cores); peak RSS of this process (the whole processes below
  write their answers to it, counted as they come, never kept).
* `rulesgraph ask --json -` answering every long question from stdin: a whole process (interpreter start,
  imports, cache load included, cache warm: built, then read once more when its files were settled, so that their
  HMAC checks are remembered as by any process after the first seconds of a build — before that a process
  authenticates the 12 MB it reads, with OpenSSL: ~15 ms, ~3.7 MB), median of ``--runs``; and, in the same run, a
  whole Python process that builds a bm25s index (Snowball-stemmed, English stopwords) over the same CR file's
  paragraphs and retrieves the top 5 for every long question; the ratio of the two.  The same for the real
  questions (every question of bench/questions/real/*.jsonl, one a line, as players asked them), with both
  processes' peak RSS.  The card data and tournament documents of the environment's data directory are used as
  installed (the output says whether cards are): issue 29 measures with the stand-in cards installed.  Both run from compiled
  modules, as an installed program does (``PYTHONDONTWRITEBYTECODE`` is dropped from their environment, as in
  bench/startup.py: with it, every process would compile rulesgraph's sources again, ~45 ms).
* long questions naming cards, in process, without and with card data side by side (the installed cards, or when
  none are, the stand-in AtomicCards file installed into a temporary data directory for the run, as the output
  says): each question's best of N passes, the two alternating.
Targets (issue 17): long set p50 ≤ 4 ms, p99 ≤ 10 ms; `ask --json -` ≤ 2× the bm25s process.  Issue 29, with card
data installed: on the real questions `ask --json -` ≤ 1.2× the bm25s process, its peak RSS ≤ 70 MB.  Issue 15: on
questions of 50+ words naming 2–3 cards, p99 with card data at most 5 ms above p99 without.
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

from _common import DEFAULT_CARDS, ROOT, cr_path, median, ms, percentile, table, with_cards

from rulesgraph.build.cache import SETTLED

SHORT = ("keywords", "dev", "holdout", "forum", "forum_holdout", "forum_holdout2", "forum_holdout3")
LONG = "long"
REAL = "real"
"""bench/questions/real/: questions players asked in public (every part: speed is not tuned on answers)."""
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


def real_questions() -> tuple[list[str], str]:
    """Every question of bench/questions/real/*.jsonl, each on one line (its line breaks made spaces, as a
    question read from stdin is one line), and what they are."""
    files = sorted((ROOT / "bench" / "questions" / REAL).glob("*.jsonl"))
    qs = [" ".join(json.loads(line)["question"].split("\n")) for f in files
          for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    sizes = sorted(len(q.split()) for q in qs)
    return qs, (f"{len(qs)} real questions of bench/questions/{REAL}/ ({', '.join(f.name for f in files)}; "
                f"words: median {sizes[len(sizes) // 2]}, max {sizes[-1]})")


def cards_installed(env: dict[str, str]) -> str:
    """Whether the environment's data directory holds card data (the whole processes read it)."""
    probe = "from rulesgraph.cards import store_path; print(store_path().is_file())"
    said = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True).stdout.strip()
    return "card data installed" if said == "True" else "no card data installed"


_RSS = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def _run(argv: list[str], lines: list[str], env: dict[str, str]) -> tuple[int, bytes]:
    """Run ``argv`` reading ``lines`` on stdin: the lines it wrote and the last of them.  Its output is counted as it comes,
    never kept: held whole (~19 MB of answers to the real questions, as bytes, text and lines), it made this process's
    own peak RSS — the in-process row — ~45 MB larger than answering ever did."""
    with tempfile.TemporaryFile() as stdin, tempfile.TemporaryFile() as stderr:
        stdin.write(("\n".join(lines) + "\n").encode("utf-8"))
        stdin.seek(0)
        count, last, tail = 0, b"", b""
        with subprocess.Popen(argv, stdin=stdin, stdout=subprocess.PIPE, stderr=stderr, env=env) as proc:
            assert proc.stdout is not None
            while chunk := proc.stdout.read(1 << 16):
                count += chunk.count(b"\n")
                tail = (tail + chunk)[-4096:]
        if proc.returncode:
            stderr.seek(0)
            raise subprocess.CalledProcessError(proc.returncode, argv, stderr=stderr.read())
    if tail and not tail.endswith(b"\n"):
        count += 1
    last = tail.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    return count, last


def timed(argv: list[str], lines: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Wall seconds of one process reading ``lines`` on stdin, and the lines it wrote."""
    start = time.perf_counter()
    written, _ = _run(argv, lines, env)
    return time.perf_counter() - start, written


def peak_rss(argv: list[str], lines: list[str], env: dict[str, str]) -> float:
    """Peak RSS (MB) of one process reading ``lines`` on stdin (measured by a parent of its own)."""
    return int(_run([sys.executable, "-c", _RSS, *argv], lines, env)[1]) / 1024


def in_process(cr: Path, repeat: int) -> tuple[dict[str, list[float]], dict[str, list[float]], float]:
    from rulesgraph import SourceSpec, bundled_sources, load
    from rulesgraph.answer.compose import answer_json, ask

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


def with_and_without_cards(cr: Path, cards_file: Path, repeat: int) -> tuple[str, list[tuple[str, ...]]]:
    """long.jsonl in process without and with card data: each question's time both ways, alternating per question
    (which goes first alternates per pass), best of ``repeat`` passes (the machine is shared: noise only adds);
    p50/p99 of the questions of 50+ words naming 2–3 cards (issue 15's shape) and of all."""
    from rulesgraph import SourceSpec, bundled_sources, load
    from rulesgraph.answer.compose import answer_json, ask

    book = load([*bundled_sources(), SourceSpec(str(cr), None, str(cr))])
    deck, said, tmp = with_cards(book, cards_file)
    try:
        rows = [json.loads(line) for line in (ROOT / "bench" / "questions" / f"{LONG}.jsonl").read_text(encoding="utf-8").splitlines()
                if line.strip()]
        qs = [r["question"] for r in rows]
        shaped = [len(r["question"].split()) >= 50 and 2 <= len(r.get("cards", [])) <= 3 for r in rows]
        for q in qs:  # warm: the cards' rows read from the store once
            answer_json(ask(book, q, deck=deck))
        best: dict[bool, list[float]] = {False: [float("inf")] * len(qs), True: [float("inf")] * len(qs)}
        for n in range(repeat):
            for i, q in enumerate(qs):
                for cards in ((False, True) if (n + i) % 2 else (True, False)):
                    start = time.perf_counter()
                    answer_json(ask(book, q, deck=deck if cards else None))
                    best[cards][i] = min(best[cards][i], time.perf_counter() - start)
    finally:
        if tmp is not None:
            tmp.cleanup()
    out = []
    for name, keep in ((f"{LONG}.jsonl, 50+ words naming 2–3 cards ({sum(shaped)})", True), (f"all of {LONG}.jsonl ({len(qs)})", False)):
        without = [t for t, k in zip(best[False], shaped, strict=True) if k or not keep]
        with_ = [t for t, k in zip(best[True], shaped, strict=True) if k or not keep]
        gap = percentile(with_, 99) - percentile(without, 99)
        out.append((name, ms(median(without)), ms(percentile(without, 99)), ms(median(with_)), ms(percentile(with_, 99)),
                    f"{gap * 1000:+.1f} ms", "≤ +5 ms" if keep else ""))
    return said, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cr", help="Comprehensive Rules file (default: the 2026-06-19 file in ../shared)")
    ap.add_argument("--repeat", type=int, default=3, help="passes over the question sets in process")
    ap.add_argument("--runs", type=int, default=5, help="whole processes of each kind (median)")
    ap.add_argument("--cards", type=Path, default=DEFAULT_CARDS,
                    help="MTGJSON AtomicCards file installed for the run when no card data is installed (default: the stand-in)")
    args = ap.parse_args()
    cr = cr_path(args.cr)
    load_before = os.getloadavg()[0]
    long_qs = questions(LONG)
    real_qs, real_said = real_questions()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "RULESGRAPH_CACHE_DIR": tmp}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # the warm-up below writes the bytecode
        exe = shutil.which("rulesgraph", path=str(Path(sys.executable).parent)) or "rulesgraph"
        ours_argv = [exe, "--rules", str(cr), "ask", "--json", "-"]
        for n in range(2):  # built, then read once its files are SETTLED: their checks remembered, as by every later process
            time.sleep(SETTLED if n else 0)
            subprocess.run(ours_argv, input="warm the cache\n", capture_output=True, text=True, env=env, check=True)
        cards_said = cards_installed(env)
        bm25s_argv = [sys.executable, "-c", BM25S, str(cr)]
        cli_rss = peak_rss(ours_argv, long_qs, env)
        real_rss, real_bm25s_rss = peak_rss(ours_argv, real_qs, env), peak_rss(bm25s_argv, real_qs, env)
        ours, theirs, real_ours, real_theirs, written, real_written = [], [], [], [], 0, 0
        for _ in range(args.runs):  # interleaved, so both see the same load
            seconds, written = timed(ours_argv, long_qs, env)
            ours.append(seconds)
            theirs.append(timed(bm25s_argv, long_qs, env)[0])
            seconds, real_written = timed(ours_argv, real_qs, env)
            real_ours.append(seconds)
            real_theirs.append(timed(bm25s_argv, real_qs, env)[0])
        os.environ["RULESGRAPH_CACHE_DIR"] = tmp  # warm: the processes above built it
        times, cpu, in_rss = in_process(cr, args.repeat)
        in_cards_said, card_rows = with_and_without_cards(cr, args.cards, args.repeat)
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
        (f"`ask --json -`, {len(real_qs)} real questions (wrote {real_written} lines), whole process", f"{median(real_ours):.2f} s", ""),
        ("bm25s index build + retrieval, same CR and real questions, whole process", f"{median(real_theirs):.2f} s", ""),
        ("ratio, real questions", f"{median(real_ours) / median(real_theirs):.2f}×", "≤ 1.2×"),
        ("`ask --json -`, real questions: peak RSS", f"{real_rss:.0f} MB", "≤ 70 MB"),
        ("bm25s, real questions: peak RSS", f"{real_bm25s_rss:.0f} MB", ""),
    ]
    print(f"{cr.name} + bundled seeds; Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; whole processes: median of "
          f"{args.runs}, warm cache, {cards_said}; load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after;\n"
          f"real questions: {real_said}\n")
    print(table(rows, ("measure", "value", "target")))
    print(f"\nlong questions naming cards, in process, without and with card data (each question's best of {args.repeat} "
          f"passes, the two alternating); {in_cards_said}:\n")
    print(table(card_rows, ("questions", "p50 without", "p99 without", "p50 with", "p99 with", "p99 with − without", "target")))


if __name__ == "__main__":
    main()
