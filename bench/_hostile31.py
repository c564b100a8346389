"""The hostile cases of issue 31 for ``bench/reliability.py``: a broken card store, malformed addresses, hostile card
JSON, short writes, a site folder with the user's files, one download deadline, any output encoding, a bad
``COLUMNS``, planted cache files, a card of 2,000 long rulings.  Each runs ``rulesgraph`` in fresh processes with
their own data, cache and config directories (a local HTTP server for downloads), is *clean* when it ends as
promised (one line and the documented exit status, nothing lost, no traceback), and is timed: wall time and the
peak resident memory of its slowest process.  ``cases(env)`` returns ``[(name, check)]``; a check returns
``(problem or None, seconds, peak MB)``.
"""

from __future__ import annotations

import json
import lzma
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from _common import ROOT

sys.path.insert(0, str(ROOT))

from _hostile_env import Env, answer_with, serve

from tests.minicards import atomic, encode
from tests.minicr import make_cr

__all__ = ["cases"]

Measured = tuple[str | None, float, float]


class Run:
    """One process: its exit status, output, wall time and peak resident memory (``wait4``)."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path, stdin: bytes = b"", timeout: float = 180,
                 limit: int | None = None, stdout: int | None = None) -> None:
        def small_files() -> None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))  # type: ignore[arg-type]

        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=stdout if stdout is not None else subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, cwd=cwd, preexec_fn=small_files if limit else None)
        got: dict[str, bytes] = {}
        readers = [threading.Thread(target=lambda: got.__setitem__("err", proc.stderr.read()), daemon=True)]  # type: ignore[union-attr]
        if proc.stdout is not None:
            readers.append(threading.Thread(target=lambda: got.__setitem__("out", proc.stdout.read()), daemon=True))  # type: ignore[union-attr]
        for r in readers:
            r.start()
        try:
            proc.stdin.write(stdin)  # type: ignore[union-attr]
            proc.stdin.close()  # type: ignore[union-attr]
        except BrokenPipeError:
            pass
        deadline = time.monotonic() + timeout
        peak = 0  # VmHWM while it runs: ru_maxrss of wait4 carries the parent's peak across fork and exec
        while True:
            peak = max(peak, _peak_kb(proc.pid))
            pid, status, _ = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                proc.kill()
            time.sleep(0.005)
        proc.returncode = os.waitstatus_to_exitcode(status)
        for r in readers:
            r.join(10)
        self.code = proc.returncode
        self.out = got.get("out", b"")
        self.err = got.get("err", b"").decode(errors="replace")
        self.seconds = time.perf_counter() - start
        self.mb = peak / 1024


def _peak_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", "rb") as fh:
            for line in fh:
                if line.startswith(b"VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


class Case:
    """What one case's processes did: the first problem, the total time, the largest peak memory."""

    def __init__(self, env: Env) -> None:
        self.env = env
        self.problem: str | None = None
        self.seconds = 0.0
        self.mb = 0.0

    def run(self, *argv: str, status: int | tuple[int, ...] = 0, says: str = "", stdin: bytes = b"", extra: dict[str, str] | None = None,
            limit: int | None = None, stdout: int | None = None, timeout: float = 180) -> Run:
        run = Run([sys.executable, "-m", "rulesgraph", *argv], {**self.env.env, **(extra or {})}, self.env.base, stdin, timeout,
                  limit, stdout)
        self.seconds += run.seconds
        self.mb = max(self.mb, run.mb)
        wanted = status if isinstance(status, tuple) else (status,)
        lines = [line for line in run.err.splitlines() if "cache file" not in line]  # a rebuilt cache is said, and is fine
        if self.problem is None:
            if "Traceback" in run.err or "Error:" in run.err:
                self.problem = f"{' '.join(argv)[:40]}: {run.err.strip().splitlines()[-1][:120]}"
            elif run.code not in wanted:
                self.problem = f"{' '.join(argv)[:40]}: exit {run.code}, not {wanted}: {run.err.strip()[-120:]!r}"
            elif run.code == 2 and (len(lines) != 1 or says not in lines[0]):
                self.problem = f"{' '.join(argv)[:40]}: not one line saying {says!r}: {run.err.strip()[-160:]!r}"
        return run

    def expect(self, ok: bool, problem: str) -> None:
        if self.problem is None and not ok:
            self.problem = problem

    def result(self) -> Measured:
        return self.problem, self.seconds, self.mb


def _cards_file(base: Path, name: str, data: bytes) -> str:
    path = base / name
    path.write_bytes(data)
    return str(path)


def _face(name: str, **extra: object) -> list[dict[str, object]]:
    return [{"name": name, "type": "Creature — Elf", "text": "Trample", "layout": "normal", **extra}]


def cases(env: Env) -> list[tuple[str, Callable[[], Measured]]]:
    base = env.base
    good = _cards_file(base, "good-cards.json", encode(atomic()))
    store = base / "data" / "cards" / "cards.sqlite"

    def installed(case: Case) -> None:
        case.run("update", "cards", "--replace", "--file", good)

    def broken_store(how: Callable[[], None]) -> Callable[[], Measured]:
        def check() -> Measured:
            case = Case(env)
            installed(case)
            how()
            case.run("card", "Mossback Elder", status=(0, 2), says="rulesgraph update cards")
            case.run("ask", "does Mossback Elder have trample?", status=(0, 2), says="rulesgraph update cards")
            case.run("ask", "-", stdin=b"Mossback Elder trample\n", status=(0, 2), says="rulesgraph update cards")
            case.run("update", "cards", "--replace", "--file", good)
            run = case.run("card", "Mossback Elder")
            case.expect(b"It gains life" in run.out, "the store was not mended by 'update cards'")
            return case.result()
        return check

    def killed_writer() -> None:
        child = os.fork()
        if child == 0:  # a writer killed with its transaction open (changed pages spilled): the journal stays
            db = sqlite3.connect(store)
            db.execute("PRAGMA cache_size = 1")
            db.execute("BEGIN")
            db.execute("UPDATE cards SET rank = rank + 1")
            db.execute("DELETE FROM rulings")
            os._exit(9)
        os.waitpid(child, 0)

    def damaged_pages() -> None:
        data = bytearray(store.read_bytes())
        for at in range(2 * 4096, len(data), 3 * 4096):
            data[at : at + 4096] = b"\xa5" * min(4096, len(data) - at)
        store.write_bytes(bytes(data))

    def sql(statement: str, unconstrained: str = "") -> Callable[[], None]:
        def change() -> None:
            db = sqlite3.connect(store)
            if unconstrained:
                db.executescript(f"CREATE TABLE t AS SELECT * FROM {unconstrained}; DROP TABLE {unconstrained}; "
                                 f"ALTER TABLE t RENAME TO {unconstrained};")
            db.executescript(statement)
            db.commit()
            db.close()
        return change

    def address(argv: list[str], extra: dict[str, str] | None = None, config: str = "") -> Callable[[], Measured]:
        def check() -> Measured:
            case = Case(env)
            if config:
                path = base / "bad-url.toml"
                path.write_text(config)
                argv[:0] = ["--config", str(path)]
            case.run(*argv, "--timeout", "2", status=2, says="not a valid address", extra=extra)
            return case.result()
        return check

    def served(routes: dict[str, object], argv: Callable[[str], list[str]], status: int, says: str,
               within: float = 0.0) -> Callable[[], Measured]:
        def check() -> Measured:
            case = Case(env)
            with serve(routes) as url:  # type: ignore[arg-type]
                case.run(*argv(url), status=status, says=says)
            case.expect(not within or case.seconds < within, f"took {case.seconds:.1f} s (at most {within} s)")
            return case.result()
        return check

    def card_file(name: str, data: bytes | Callable[[], bytes], status: int, says: str = "", cards: int | None = None,
                  within: float = 120.0, mb: float = 1024.0) -> Callable[[], Measured]:
        def check() -> Measured:
            case = Case(env)
            made = data if isinstance(data, bytes) else data()
            run = case.run("update", "cards", "--replace", "--file", _cards_file(base, name, made), status=status, says=says,
                           timeout=within * 2)
            del made
            if cards is not None:
                case.expect(f"({cards:,} card names" in run.out.decode(), f"not {cards:,} cards: {run.out[-200:]!r}")
            case.expect(case.seconds <= within, f"took {case.seconds:.1f} s")
            case.expect(case.mb <= mb, f"peak {case.mb:.0f} MB")
            return case.result()
        return check

    def export_full() -> Measured:
        case = Case(env)
        case.run("check")
        with (base / "cut.json").open("wb") as fh:
            case.run("export", "graph", "-", "--format", "json", status=2, says="File too large", stdout=fh.fileno(), limit=4096)
        return case.result()

    def export_head() -> Measured:
        case = Case(env)
        big = base / "big-cr.txt"
        big.write_text(make_cr(filler=600), encoding="utf-8")
        start = time.perf_counter()
        proc = subprocess.run(f"{sys.executable} -m rulesgraph --rules {big} export graph - --format json | head -c1", shell=True,
                              capture_output=True, env=env.env, cwd=base, timeout=180)
        case.seconds = time.perf_counter() - start
        case.expect(proc.stdout == b"{" and b"wrote" not in proc.stderr and b"Traceback" not in proc.stderr, f"{proc.stderr[-160:]!r}")
        return case.result()

    def help_full() -> Measured:
        case = Case(env)
        with open("/dev/full", "wb") as full:
            case.run("--help", status=2, says="No space left on device", stdout=full.fileno())
        return case.result()

    def site_with_notes() -> Measured:
        case = Case(env)
        site = base / "site31"
        case.run("export", "html", str(site))
        for name in ("notes.html", "mine.js", "extra.css"):
            (site / name).write_text("the user's own")
            case.run("export", "html", str(site), status=2, says="will not replace this directory")
            case.expect((site / name).read_text() == "the user's own", f"{name} was changed or deleted")
            (site / name).unlink()
        case.run("export", "html", str(site))
        return case.result()

    def encoding(name: str) -> Callable[[], Measured]:
        def check() -> Measured:
            case = Case(env)
            weird = {"Ríverwalker — “the First”": _face("Ríverwalker — “the First”", text="Trample — it’s “big”.",
                                                         rulings=[{"date": "2020-01-01", "text": "Ünïcode ✓"}])}
            case.run("update", "cards", "--replace", "--file", _cards_file(base, "weird.json", encode(atomic(weird))))
            extra = {"PYTHONIOENCODING": name}
            for argv, stdin in ((["ask", "what does trample do — with “Ríverwalker”?"], b""), (["card", "Riverwalker"], b""),
                                ([], "trample\nRíverwalker\n".encode())):
                run = case.run(*argv, stdin=stdin, extra=extra)
                case.expect(bool(run.out.strip()), f"{argv}: nothing printed")
            installed(case)
            return case.result()
        return check

    def columns(value: str) -> Callable[[], Measured]:
        def check() -> Measured:
            case = Case(env)
            run = case.run("rule", "100.1", extra={"COLUMNS": value}, timeout=60)
            case.expect(b"100.1" in run.out, "the answer was lost")
            return case.result()
        return check

    def planted_pickle() -> Measured:
        import pickle

        case = Case(env)
        two = base / "cr-2026.txt"
        two.write_text(make_cr("2026-06-19", trample="Excess damage goes to the player."), encoding="utf-8")
        case.run("update", "--file", str(two))
        ran = base / "payload-ran"

        class Payload:
            def __reduce__(self) -> tuple[object, ...]:
                return (Path.touch, (ran,))

        data = b"rulesgraph-diff\n" + pickle.dumps(Payload())
        cache = base / "cache"
        for old in [*cache.glob("diff-*.diff"), *cache.glob("build-*.graph")]:
            old.with_name(old.name.replace(".diff", ".pickle")).write_bytes(data)
            old.write_bytes(data)
        case.run("rule", "702.19b")
        case.run("check")
        case.run("export", "graph", str(base / "g.json"))
        case.expect(not ran.exists(), "the planted pickle ran")
        return case.result()

    def null_names() -> Measured:
        case = Case(env)
        installed(case)
        case.run("card", "Mossback Elder")
        code = ("import os, sys; from rulesgraph.build import cache\n"
                "for p in cache.cache_dir().glob('build-*.names'):\n"
                "    key = p.name[len('build-'):-len('.names')]\n"
                "    parts, _ = cache.read(key, 'names')\n"
                "    cache.write(key, {k: None for k in parts}, 'names')\n")
        subprocess.run([sys.executable, "-c", code], env=env.env, cwd=ROOT, check=True, timeout=60)
        run = case.run("ask", "does Mossback Elder have trample?")
        case.expect(b"Mossback Elder" in run.out, "the card was not found after the rebuild")
        return case.result()

    def long_rulings() -> Measured:
        case = Case(env)
        rulings = [{"date": "2020-01-01", "text": f"r{i:04d} " * 1600} for i in range(2000)]
        many = encode(atomic({"Many Rulings": _face("Many Rulings", rulings=rulings)}))
        case.run("update", "cards", "--replace", "--file", _cards_file(base, "rulings.json", many))
        run = case.run("card", "Many Rulings")
        case.expect(b"more rulings" in run.out and run.seconds < 2.0, f"took {run.seconds:.1f} s")
        installed(case)
        return case.result()

    sha = lambda body: f"{__import__('hashlib').sha256(body).hexdigest()}  AtomicCards.json.xz\n".encode()
    xz = encode(atomic(), "xz")
    page = b'<a href="http://[::1/MagicCompRules%2020990101.txt">bad</a> <a href="/MagicCompRules%2020260619.txt">TXT</a>'
    cr = make_cr("2026-06-19").encode()
    keys = lambda: lzma.compress(b'{"meta": {}, "data": {"Aaa": [{"name": "Aaa", "type": "Creature", "legalities": {'
                                 + b",".join(b'"k%d":0' % i for i in range(5_600_000)) + b"}}]}}", preset=6)
    many = lambda: json.dumps({"meta": {}, "data": {f"Card number {i}": _face(f"Card number {i}") for i in range(100_000)}}).encode()
    named = lambda: encode(atomic({f"Card {i}": _face(f"Card {i}") for i in range(20_400)} | {"cards": _face("cards")}))
    bigint = encode(atomic()).replace(b'"layout": "normal"', b'"legalities": {"x": ' + b"9" * 5000 + b'}, "layout": "normal"', 1)
    lone = json.dumps(atomic({"Lone\ud800 Elk": _face("Lone\ud800 Elk", text="T\udc00")})).encode()
    return [
        ("store: a journal left by a killed writer", broken_store(killed_writer)),
        ("store: damaged pages", broken_store(damaged_pages)),
        ("store: a table dropped", broken_store(sql("DROP TABLE faces"))),
        ("store: keywords not JSON", broken_store(sql("UPDATE faces SET keywords = '[not json'"))),
        ("store: NULL text", broken_store(sql("UPDATE faces SET text = NULL", "faces"))),
        ("store: a BLOB name", broken_store(sql("UPDATE names SET name = x'414141'"))),
        ("store: a rank that is text", broken_store(sql("UPDATE cards SET rank = 'first'"))),
        ("url: --url http://[::1 (rules)", address(["update", "--url", "http://[::1"])),
        ("url: --url http://[::1/x (cards)", address(["update", "cards", "--url", "http://[::1/x"])),
        ("url: $RULESGRAPH_CARDS_URL http://[::1", address(["update", "cards"], {"RULESGRAPH_CARDS_URL": "http://[::1"})),
        ("url: the config's rules_url http://[::1", address(["update", "rules"], config='rules_url = "http://[::1"\n')),
        ("url: a port of 99999", address(["update", "--url", "http://x:99999/MagicCompRules.txt"])),
        ("url: a redirect to http://[::1:zz/x", served({"/r.txt": _redirect("http://[::1:zz/x")},
                                                      lambda u: ["update", "--url", u + "/r.txt"], 2, "redirected to one")),
        ("url: a malformed link in the rules page", served({"/rules": answer_with(page, kind="text/html"), "/MagicCompRules%2020260619.txt":
                                                           answer_with(cr)}, lambda u: ["update", "--url", u + "/rules"], 0, "")),
        ("cards: a 5,000-digit integer in a dropped field", card_file("bigint.json", bigint, 2, "an integer of 5,000 digits")),
        ("cards: a lone surrogate", card_file("lone.json", lone, 0, cards=1)),
        ("cards: 5.6 M distinct keys in a dropped field (1.3 MB xz)", card_file("keys.json.xz", keys, 2, "more than 900 MB of memory")),
        ("cards: 100,000 cards", card_file("many.json", many, 0, cards=100_000, within=120.0)),
        ("cards: a card named 'cards' among 20,400", card_file("named.json", named, 0, cards=20_401, within=60.0)),
        ("cards: --timeout 1, checksum and body 0.7 s each", served(
            {"/c.json.xz.sha256": answer_with(sha(xz), delay=0.7), "/c.json.xz": answer_with(xz, delay=0.7)},
            lambda u: ["update", "cards", "--url", u + "/c.json.xz", "--timeout", "1"], 2, "timed out", within=6.0)),
        ("cards: a 1 TB card download", served({"/c.json.xz.sha256": answer_with(sha(xz)), "/c.json.xz": answer_with(b"x", length=10**12)},
                                               lambda u: ["update", "cards", "--url", u + "/c.json.xz"], 2,
                                               "AtomicCards.json.xz is about")),
        ("cards: 2,000 rulings of 10,000 characters shown", long_rulings),
        ("writes: export graph - > a file, 4 KB left", export_full),
        ("writes: export graph - piped into head -c1", export_head),
        ("writes: --help > /dev/full", help_full),
        ("writes: a site folder with the user's .html, .js, .css", site_with_notes),
        ("output: PYTHONIOENCODING=ascii", encoding("ascii")),
        ("output: PYTHONIOENCODING=latin-1", encoding("latin-1")),
        ("output: COLUMNS=-5", columns("-5")),
        ("output: COLUMNS=999999999", columns("999999999")),
        ("caches: planted pickles (diff, graph)", planted_pickle),
        ("caches: a names cache of nulls", null_names),
    ]


def _redirect(to: str) -> Callable[[object], None]:
    def handle(h) -> None:  # type: ignore[no-untyped-def]
        h.send_response(302)
        h.send_header("Location", to)
        h.send_header("Content-Length", "0")
        h.end_headers()
    return handle
