"""Benchmark: `update --file` + first load of the 2026 CR, `export html`, `export graph`, `diff`, and per-rule change notes.

Usage: python bench/update_export.py [--cr PATH] [--old PATH] [--runs N]
Every measurement is the wall time of real `rulesgraph` processes (interpreter start included),
with fresh data and cache directories where the measure says "cold".
Targets (issue 5): update --file + first load ≤ 2 s; export html ≤ 5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import DEFAULT_CR, ROOT, cr_path, median, ms, table

RULESGRAPH = [sys.executable, "-m", "rulesgraph"]
NOTES = r"""
import json, sys, time
t0 = time.perf_counter()
from rulesgraph.versions.history import rule_note
note = rule_note("701.14")
t1 = time.perf_counter()
for _ in range(10000):
    rule_note("702.19b")
t2 = time.perf_counter()
print(json.dumps({"first": t1 - t0, "each": (t2 - t1) / 10000, "note": str(note)}))
"""


def run(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start


def fresh_env(base: Path) -> dict[str, str]:
    for name in ("data", "cache"):
        shutil.rmtree(base / name, ignore_errors=True)
    return {**os.environ, "RULESGRAPH_DATA_DIR": str(base / "data"), "RULESGRAPH_CACHE_DIR": str(base / "cache")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cr", help=f"the newer CR (default: {DEFAULT_CR})")
    ap.add_argument("--old", help="an older CR for the diff (default: MagicCompRules-20240202.txt beside it)")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    cr = cr_path(args.cr)
    old = Path(args.old) if args.old else cr.parent / "MagicCompRules-20240202.txt"
    rows: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        update, first, cached, html, graph, dot = [], [], [], [], [], []
        for _ in range(args.runs):
            env = fresh_env(base)
            update.append(run([*RULESGRAPH, "update", "--file", str(cr)], env))
            first.append(run([*RULESGRAPH, "--version"], env))
            cached.append(run([*RULESGRAPH, "--version"], env))
            shutil.rmtree(base / "site", ignore_errors=True)
            html.append(run([*RULESGRAPH, "export", "html", str(base / "site")], env))
            graph.append(run([*RULESGRAPH, "export", "graph", str(base / "graph.graphml")], env))
            dot.append(run([*RULESGRAPH, "export", "graph", str(base / "graph.dot")], env))
        pages = len(list((base / "site").glob("*.html")))
        size = sum(p.stat().st_size for p in (base / "site").iterdir()) / 1e6
        total = [u + f for u, f in zip(update, first, strict=True)]
        rows += [
            ("update --file (validate + install)", ms(median(update)), ""),
            ("first load after it (cold cache)", ms(median(first)), ""),
            ("update --file + first load", ms(median(total)), "≤ 2000 ms"),
            ("later loads (--version, cached)", ms(median(cached)), ""),
            (f"export html ({pages} pages, {size:.1f} MB)", ms(median(html)), "≤ 5000 ms"),
            ("export graph, GraphML", ms(median(graph)), ""),
            ("export graph, DOT", ms(median(dot)), ""),
        ]
        if old.is_file():
            env = fresh_env(base)
            diffs = [run([*RULESGRAPH, "diff", str(old), str(cr), "--json"], env) for _ in range(args.runs)]
            rows.append(("diff 2024-02-02 → 2026-06-19 (--json)", ms(median(diffs)), ""))
            run([*RULESGRAPH, "update", "--file", str(old)], env)
            second = run([*RULESGRAPH, "update", "--file", str(cr)], env)  # compares the two and stores the diff
            notes = [json.loads(subprocess.run([sys.executable, "-c", NOTES], env=env, capture_output=True, text=True,
                                               check=True).stdout) for _ in range(args.runs)]
            assert notes[0]["note"] != "None", "update did not store the diff for the notes"
            rows += [
                ("update --file of a second version (+ diff stored)", ms(second), ""),
                ("rule note, new process (stored diff read)", ms(median([n["first"] for n in notes])), ""),
                ("rule note, each later call", f"{median([n['each'] for n in notes]) * 1e6:.1f} µs", ""),
            ]
    print(f"2026 CR + bundled seeds, median of {args.runs} runs, fresh processes, Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs\n")
    print(table(rows, ("measure", "value", "target")))


if __name__ == "__main__":
    main()
