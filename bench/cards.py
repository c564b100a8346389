"""Benchmark the card data: install, start-up and memory with cards, name lookup, completion, hostile files.

Usage: python bench/cards.py [--cards PATH] [--cr PATH] [--runs N]

* install: ``rulesgraph update cards --file AtomicCards-20220425.json.xz`` in a fresh data directory, a fresh
  process per run (median wall time; peak resident memory of the process, from ``wait4``).
* start-up to the REPL prompt under a pseudo-terminal (120x50, warm cache), with and without the card
  data installed (median of N fresh processes), and resident memory (VmRSS) at the prompt and after a card
  lookup (which loads every card name).
* lookup: ``NameIndex.find`` among all names and face names, for 1,000 names taken from the data and
  mangled the ways users type them (lower case, a letter dropped, a face's name, the short name before a
  comma, [[brackets]], a typographic apostrophe): median, 99th percentile, max.
* completion: ``RulesCompleter`` per keystroke while typing card names (ten of them misspelt) and long questions naming cards,
  with every card name loaded: median, 99th percentile, max.
* hostile files (issue 18, point 9): a 10⁶-element rulings list, a 100 KB name, JSON nested 10⁵ deep, an
  .xz bomb (1 GiB of JSON from 150 KB), 10⁶ empty objects; each must be refused with one line, exit 2,
  within the install budgets.
Targets (the cards issue): install ≤ 30 s and ≤ 1 GB; start-up ≤ +150 ms; memory ≤ +100 MB; lookup ≤ 5 ms;
completion ≤ 20 ms a keystroke.
"""

from __future__ import annotations

import argparse
import json
import lzma
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, cr_path, median, ms, percentile, table
from startup import _ESCAPES, PROMPT, close_pty, launch_on_pty, program, screens

DEFAULT_CARDS = ROOT.parent / "shared" / "data" / "cards" / "AtomicCards-20220425.json.xz"


def run_child(argv: list[str], env: dict[str, str]) -> tuple[int, float, float, str]:
    """Exit status, wall seconds, peak resident MB and stderr of one process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read().decode(errors="replace")
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, time.perf_counter() - start, usage.ru_maxrss / 1024, err


def _rss(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def repl_once(argv: list[str], env: dict[str, str], lookup: str | None = None, timeout: float = 30.0) -> tuple[float, float, float]:
    """Seconds to the prompt, VmRSS (MB) there, and VmRSS after typing ``lookup`` and its answer's prompt."""
    proc, master, start = launch_on_pty(argv, env)
    prompts, elapsed, rss, after = 0, 0.0, 0.0, 0.0
    try:
        for seen in screens(master, start, timeout):
            count = _ESCAPES.sub(b"", seen).count(PROMPT)
            if count > prompts:
                prompts = count
                if prompts == 1:
                    elapsed = time.perf_counter() - start
                    time.sleep(0.5)  # the REPL reads the card names in a thread at start: let it finish
                    rss = _rss(proc.pid)
                    if lookup is None:
                        break
                    os.write(master, lookup.encode() + b"\r")
                else:
                    time.sleep(0.2)
                    after = _rss(proc.pid)
                    break
    finally:
        close_pty(proc, master)
    return elapsed, rss, after


def mangled(names: list[str], rng: random.Random) -> list[str]:
    """Names as users type them."""
    out = []
    for name in names:
        kind = rng.randrange(6)
        if kind == 0:
            out.append(name.lower())
        elif kind == 1 and len(name) > 6:
            i = rng.randrange(2, len(name) - 2)
            out.append(name[:i] + name[i + 1 :])
        elif kind == 2:
            out.append(f"[[{name}]]")
        elif kind == 3 and "," in name:
            out.append(name.split(",")[0])
        elif kind == 4:
            out.append(name.replace("'", "’").upper())
        else:
            out.append(name[: max(4, len(name) * 2 // 3)])
    return out


def lookups(store_path: Path) -> tuple[list[float], list[float], int]:
    sys.path.insert(0, str(ROOT))
    from rulesgraph.cards.store import open_store

    store = open_store(store_path)
    assert store is not None
    start = time.perf_counter()
    index = store.name_index()
    load = time.perf_counter() - start
    rng = random.Random(14)
    entries = [e.name for e in index.entries]
    queries = mangled(rng.sample(entries, 1000), rng)
    for q in queries[:50]:
        index.find(q)  # warm
    times, cpu = [], []
    found = 0
    for q in queries:
        start, busy = time.perf_counter(), time.process_time()
        result = index.find(q)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - busy)
        found += bool(result.keys)
    return [load, *times], cpu, found


def completions(store_path: Path, cr: str) -> tuple[list[float], list[float]]:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from rulesgraph import SourceSpec, bundled_sources, load
    from rulesgraph.build.lookup import vocabulary
    from rulesgraph.cards.store import open_store
    from rulesgraph_cli.repl.commands import COMMANDS
    from rulesgraph_cli.repl.completer import RulesCompleter

    book = load([*bundled_sources(), SourceSpec(cr, None, Path(cr).name)])
    store = open_store(store_path)
    assert store is not None
    index = store.name_index()
    completer = RulesCompleter(lambda: vocabulary(book), [(c.name, c.help) for c in COMMANDS.values()], lambda: index)
    rng = random.Random(18)
    names = rng.sample([e.name for e in index.entries], 60)

    def swapped(name: str) -> str:  # a typo: two letters in the middle swapped, so the typo reading does the work
        i = len(name) // 2
        return name[: i - 1] + name[i] + name[i - 1] + name[i + 1 :] if len(name) > 4 else name

    lines = [f":card {n}" for n in names[:20]] + [f":card {swapped(n)}" for n in names[:10]] + names[20:40] + [
        f"my {n} dies with a -1/-1 counter on it while {m} is on the battlefield, does it come back?"
        for n, m in zip(names[40:50], names[50:60], strict=True)]
    list(completer.get_completions(Document("warm"), CompleteEvent()))
    times, cpu = [], []
    for line in lines:
        for i in range(1, len(line) + 1):
            doc = Document(line[:i])
            start, busy = time.perf_counter(), time.process_time()
            list(completer.get_completions(doc, CompleteEvent()))
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - busy)
    return times, cpu


def hostile(tmp: Path) -> dict[str, Path]:
    """The issue-18 card files, written into ``tmp`` by a child process (so that this one stays small: a
    child's peak memory, as ``wait4`` reports it, starts from its parent's)."""
    labels = json.loads(subprocess.run([sys.executable, __file__, "--write-hostile", str(tmp)], check=True,
                                       capture_output=True, text=True).stdout)
    return {label: Path(path) for label, path in labels.items()}


def write_hostile(tmp: Path) -> dict[str, str]:
    face = {"name": "A", "type": "Creature", "layout": "normal", "text": ""}
    files: dict[str, bytes] = {
        "rulings list of 10⁶ (xz)": lzma.compress(json.dumps({"data": {"A": [
            {**face, "rulings": [{"date": "2020-01-01", "text": "x"}] * 1_000_000}]}}).encode()),
        "name of 100 KB": json.dumps({"data": {"N" * 100_000: [{**face, "name": "N" * 100_000}]}}).encode(),
        "JSON nested 10⁵ deep": b'{"data": {"A": [' + b"[" * 100_000 + b"]" * 100_000 + b"]}}",
        "xz bomb (1 GiB of JSON)": lzma.compress(b'{"data": {"A": "' + b" " * (1 << 30) + b'"}}', preset=9),
        "10⁶ empty objects": b'{"data": {"A": [' + b"{}," * 1_000_000 + b"{}]}}",
    }
    out = {}
    for label, data in files.items():
        path = tmp / f"hostile-{len(out)}.json.xz"
        path.write_bytes(data)
        out[f"{label}, {len(data) / 1e6:.1f} MB file"] = str(path)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", help=f"AtomicCards file (default: {DEFAULT_CARDS})")
    ap.add_argument("--cr", help="Comprehensive Rules file (default: ../shared/data/cr/MagicCompRules-20260619.txt)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--write-hostile", metavar="DIR", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.write_hostile:
        print(json.dumps(write_hostile(Path(args.write_hostile))))
        return
    cards = Path(args.cards) if args.cards else DEFAULT_CARDS
    if not cards.is_file():
        sys.exit(f"bench: {cards} not found; pass --cards PATH to an MTGJSON AtomicCards file")
    cr = str(cr_path(args.cr))
    exe = program()
    rows: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory() as tmp:
        base = {**os.environ, "RULESGRAPH_CACHE_DIR": f"{tmp}/cache", "RULESGRAPH_CONFIG_DIR": f"{tmp}/config", "TERM": "xterm-256color"}
        base.pop("NO_COLOR", None)
        plain, with_cards = {**base, "RULESGRAPH_DATA_DIR": f"{tmp}/plain"}, {**base, "RULESGRAPH_DATA_DIR": f"{tmp}/cards"}
        files = hostile(Path(tmp))
        installs = []
        for _ in range(max(1, args.runs // 2)):
            shutil.rmtree(f"{tmp}/cards", ignore_errors=True)
            code, seconds, peak, err = run_child([exe, "--rules", cr, "update", "cards", "--file", str(cards)], with_cards)
            if code != 0:
                sys.exit(f"bench: install failed: {err}")
            installs.append((seconds, peak))
        store = Path(f"{tmp}/cards/cards/cards.sqlite")
        rows += [(f"install {cards.name} (median of {len(installs)})", f"{median([s for s, _ in installs]):.1f} s", "≤ 30 s"),
                 ("install, peak resident memory", f"{max(p for _, p in installs):.0f} MB", "≤ 1,024 MB"),
                 ("card store on disk", f"{store.stat().st_size / 1e6:.0f} MB", "")]
        for label, path in files.items():
            code, seconds, peak, err = run_child([exe, "--rules", cr, "update", "cards", "--file", str(path)], with_cards)
            clean = code == 2 and err.count("\n") == 1 and "Traceback" not in err
            rows.append((f"hostile: {label}", f"exit {code}, {seconds:.1f} s, {peak:.0f} MB, {'one line' if clean else 'NOT CLEAN'}",
                         "exit 2, one line, ≤ 30 s, ≤ 1,024 MB"))
        argv = [exe, "--rules", cr]
        repl_once(argv, plain)
        repl_once(argv, with_cards)  # warm the cache
        without = [repl_once(argv, plain, "kitchen finks") for _ in range(args.runs)]
        withc = [repl_once(argv, with_cards, "kitchen finks") for _ in range(args.runs)]
        t0, t1 = median([w[0] for w in without]), median([w[0] for w in withc])
        r0, r1 = median([w[1] for w in without]), median([w[1] for w in withc])
        a0, a1 = median([w[2] for w in without]), median([w[2] for w in withc])
        rows += [
            ("REPL start-up to prompt, no card data", ms(t0), ""),
            ("REPL start-up to prompt, card data installed", ms(t1), f"≤ {ms(t0 + 0.150)} (+150 ms)"),
            ("resident memory at the prompt, no card data / with", f"{r0:.0f} MB / {r1:.0f} MB", "≤ +100 MB"),
            ("resident memory after 'kitchen finks', no card data / with", f"{a0:.0f} MB / {a1:.0f} MB", "≤ +100 MB"),
        ]
        times, cpu, found = lookups(store)
        load, finds = times[0], times[1:]
        rows += [("name index load (every name and face name)", ms(load), ""),
                 (f"name lookup, median ({len(finds)} mangled names; {found} found)", ms(median(finds)), "≤ 5 ms"),
                 ("name lookup, 99th percentile / max (wall)", f"{ms(percentile(finds, 99))} / {ms(max(finds))}", "≤ 5 ms"),
                 ("name lookup, 99th percentile / max (CPU time)", f"{ms(percentile(cpu, 99))} / {ms(max(cpu))}", "≤ 5 ms")]
        keys, cpu = completions(store, cr)
        rows += [(f"completion per keystroke, median ({len(keys)} keystrokes)", ms(median(keys)), "≤ 20 ms"),
                 ("completion per keystroke, 99th percentile / max (wall)", f"{ms(percentile(keys, 99))} / {ms(max(keys))}", "≤ 20 ms"),
                 ("completion per keystroke, 99th percentile / max (CPU time)", f"{ms(percentile(cpu, 99))} / {ms(max(cpu))}",
                  "≤ 20 ms")]
    load_avg = os.getloadavg()
    print(f"{cards.name} + 2026 CR; Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          f"{load_avg[0]:.1f} / {load_avg[1]:.1f} / {load_avg[2]:.1f}\n")
    print(table(rows, ("measure", "value", "target")))


if __name__ == "__main__":
    main()
