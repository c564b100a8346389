"""Benchmark: parse+build (cold), cached load, graph size and peak memory for the 2026 CR plus the seeds.

Usage: python bench/build.py [--cr PATH] [--runs N]
Each measurement runs in a fresh child process so imports, caches and memory are honest.
Targets (issue 2): cold build ≤ 1.0 s, cached load ≤ 0.15 s, peak RSS ≤ 200 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

from _common import cr_path, median, ms, table

CHILD = r"""
import json, resource, sys, time
t0 = time.perf_counter()
from rulesgraph import SourceSpec, bundled_sources, load
t1 = time.perf_counter()
book = load([*bundled_sources(), SourceSpec(sys.argv[1], None, "cr.txt")], use_cache=sys.argv[2] == "cache")
t2 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "load": t2 - t1, "cached": book.from_cache, "nodes": book.qg.number_of_nodes(),
                  "edges": book.qg.number_of_edges(), "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def child(cr: str, mode: str, env: dict[str, str]) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", CHILD, cr, mode], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cr", help="Comprehensive Rules file (default: ../shared/data/cr/MagicCompRules-20260619.txt)")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    cr = str(cr_path(args.cr))
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "RULESGRAPH_CACHE_DIR": tmp}
        cold = [child(cr, "nocache", env) for _ in range(args.runs)]
        child(cr, "cache", env)  # writes the cache
        warm = [child(cr, "cache", env) for _ in range(args.runs)]
    assert all(w["cached"] for w in warm)
    rows = [
        ("parse + build, cold (no cache)", ms(median([c["load"] for c in cold])), "≤ 1000 ms"),
        ("cached load", ms(median([w["load"] for w in warm])), "≤ 150 ms"),
        ("import rulesgraph", ms(median([w["import"] for w in warm])), ""),
        ("nodes / edges", f"{cold[0]['nodes']:,} / {cold[0]['edges']:,}", ""),
        ("peak RSS, cold build", f"{max(c['rss_mb'] for c in cold):.0f} MB", "≤ 200 MB"),
        ("peak RSS, cached load", f"{max(w['rss_mb'] for w in warm):.0f} MB", ""),
    ]
    print(f"2026 CR + bundled seeds, median of {args.runs} fresh processes, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs\n")
    print(table(rows, ("measure", "value", "target")))


if __name__ == "__main__":
    main()
