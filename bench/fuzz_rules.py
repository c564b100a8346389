"""Fuzz run: parse and build thousands of generated rules files (CR and FAQ pages made from the grammar of
real rules lines — numbers, ranges, references, glossary see-alsos, FAQ markup and card names — with hostile
repeats mixed in), sizes log-uniform up to ``--max-size``; report exceptions, the slowest parse and peak RSS.
The five slowest files are parsed again at the end (fastest of 3), to tell their own cost from a burst of
other load on a shared machine.

Usage: python bench/fuzz_rules.py [--count 10000] [--max-size 200000] [--seed 18]
"""

from __future__ import annotations

import argparse
import heapq
import math
import random
import resource
import sys
import time
import traceback

from _common import ROOT, table

sys.path.insert(0, str(ROOT))

from rulesgraph.errors import SourceError
from tests.hostile import build, generated_file, timed_build


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--max-size", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=18)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    slowest, slowest_at, total_bytes, refused, failures = 0.0, -1, 0, 0, []
    top: list[tuple[float, int, str]] = []  # the five slowest, timed again at the end
    slowest_cpu = 0.0  # CPU seconds: what a parse costs, whatever else the machine is doing
    start = time.perf_counter()
    for i in range(args.count):
        size = int(math.exp(rng.uniform(math.log(200), math.log(args.max_size))))
        kind, text = generated_file(rng, size)
        total_bytes += len(text.encode("utf-8"))
        began, cpu = time.perf_counter(), time.process_time()
        try:
            build(text, f"fuzz-{i}.txt")
        except SourceError:
            refused += 1
        except Exception:  # the point is to find any
            failures.append((i, kind, len(text), traceback.format_exc(limit=3)))
        took = time.perf_counter() - began
        slowest_cpu = max(slowest_cpu, time.process_time() - cpu)
        if took > slowest:
            slowest, slowest_at = took, i
        heapq.heappush(top, (took, i, text))
        if len(top) > 5:
            heapq.heappop(top)
    wall = time.perf_counter() - start
    again = max(((timed_build(text), i) for _, i, text in top if i not in {f[0] for f in failures}), default=(0.0, -1))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for i, kind, size, trace in failures[:5]:
        print(f"file {i} ({kind}, {size:,} characters):\n{trace}", file=sys.stderr)
    print(f"\nfuzz run: seed {args.seed}, files up to {args.max_size:,} characters; Python {sys.version.split()[0]}\n")
    print(table([
        ("files parsed and built", f"{args.count:,}"),
        ("characters in all", f"{total_bytes:,}"),
        ("refused with one line (SourceError)", f"{refused:,}"),
        ("exceptions", f"{len(failures):,}"),
        ("slowest parse + build, as run", f"{slowest * 1000:.1f} ms (file {slowest_at})"),
        ("most CPU time one parse + build took", f"{slowest_cpu * 1000:.1f} ms"),
        ("the five slowest timed again (fastest of 3): slowest", f"{again[0] * 1000:.1f} ms (file {again[1]})"),
        ("peak RSS", f"{peak:.0f} MB"),
        ("wall time", f"{wall:.1f} s"),
    ], ("measure", "value")))
    sys.exit(1 if failures or again[0] > 2.0 or peak > 500 else 0)


if __name__ == "__main__":
    main()
