"""The hostile cases of ``bench/reliability.py`` (issue 18), by category: each case runs the real thing — the
library in process, or ``rulesgraph`` in a fresh process with its own data, cache and config directories —
and is *clean* when it ends as promised: one line and the right exit status, nothing lost or replaced,
bounded time.  ``run_all`` returns ``{category: [(case, problem or None), …]}``.
"""

from __future__ import annotations

import bz2
import contextlib
import json
import lzma
import os
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from _common import ROOT

sys.path.insert(0, str(ROOT))

from _hostile_env import Case, Env, answer_with, one_line, serve

from rulesgraph import RulesgraphError
from tests.hostile import GROWTH, build, cr_file, faq_file, generated_file, growth_ratio
from tests.minicr import make_cr

__all__ = ["MEASURED", "run_all"]

MEASURED: dict[str, tuple[float, float]] = {}
"""Seconds and peak resident MB of each issue-31 case (``bench/_hostile31.py``), filled by :func:`run_all`."""


# --- parsers ---------------------------------------------------------------------------------------------------

def parser_cases() -> list[Case]:
    def growth(case: object) -> Callable[[], str | None]:
        def check() -> str | None:
            for _ in range(3):
                small, large = growth_ratio(case)  # type: ignore[arg-type]
                if large <= 5 * small:
                    return None
            return f"4 × the input took {large / small:.1f} × as long"
        return check

    def absurd(end: str) -> Callable[[], str | None]:
        def check() -> str | None:
            g = build(cr_file([f"100.9. See rules 100.1–{end}."]))
            lines = g.graph["dangling"] if g is not None else []
            return None if len(lines) == 1 and "more than" in lines[0]["reason"] else f"dangling: {lines!r}"[:160]
        return check

    long = "9" * 5000
    digits = [("5,000-digit rule number, CR", lambda: cr_file([f"100.{long}. A rule."])),
              ("5,000-digit rule number, FAQ question", lambda: faq_file(f"Is 100.{long} a rule?", f"See rule 100.{long}.")),
              ("5,000-digit rule number, FAQ rule line", lambda: f"100.{long}a A rule.\n702.19a Trample.\n\nQ: What?\nA: This.\n")]
    cases: list[Case] = [(f"grows linearly: {c.name}", growth(c)) for c in GROWTH]
    cases += [(f"range 100.1–{end[:12]}{'…' if len(end) > 12 else ''}", absurd(end)) for end in ("10000000", "999999", "100." + long)]
    cases += [(name, lambda make=make: None if build(make()) is not None else "refused") for name, make in digits]  # type: ignore[misc]
    return cases


def fuzz_cases(count: int, seed: int = 18) -> tuple[int, int, float]:
    """``count`` generated files up to 200 KB: (tried, clean, slowest seconds).  Clean: built or refused in one line,
    in under 2 s."""
    import math
    import random

    from rulesgraph.errors import SourceError

    rng = random.Random(seed)
    clean, slowest = 0, 0.0
    for i in range(count):
        _, text = generated_file(rng, int(math.exp(rng.uniform(math.log(200), math.log(200_000)))))
        start = time.perf_counter()
        try:
            build(text, f"fuzz-{i}.txt")
            ok = True
        except SourceError:
            ok = True
        except Exception:  # the point is to find any
            ok = False
        took = time.perf_counter() - start
        slowest = max(slowest, took)
        clean += ok and took < 2.0
    return count, clean, slowest


# --- output paths ----------------------------------------------------------------------------------------------

def output_cases(env: Env) -> list[Case]:
    base = env.base

    def graph_to_stdout(target: str) -> str | None:
        proc = env.shell(f"rg export graph {target} --format json | cat")
        try:
            json.loads(proc.stdout)
        except ValueError:
            return f"stdout is not the graph: {proc.stdout[:80]!r} {proc.stderr[:120]!r}"
        return one_line(proc, 0)

    def fifo() -> str | None:
        path = base / "pipe"
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        os.mkfifo(path)
        got: list[bytes] = []
        reader = threading.Thread(target=lambda: got.append(path.read_bytes()), daemon=True)
        reader.start()
        proc = env.run("export", "graph", str(path), "--format", "dot", timeout=60)
        reader.join(30)
        if not got or not got[0].startswith(b"digraph") or not stat.S_ISFIFO(path.stat().st_mode):
            return "the FIFO was not written as a stream, or was replaced"
        return one_line(proc, 0)

    def device(path: str, status: int, says: str = "") -> Callable[[], str | None]:
        def check() -> str | None:
            if not Path(path).is_char_device():
                return f"{path} is not a character device here"
            proc = env.run("export", "graph", path, "--format", "dot")
            problem = one_line(proc, status, says=says)
            return problem or (None if Path(path).is_char_device() else f"{path} was replaced")
        return check

    def refused(argv: list[str], guarded: Path, says: str = "refusing to write there") -> Callable[[], str | None]:
        def check() -> str | None:
            before = guarded.read_bytes() if guarded.is_file() else None
            problem = one_line(env.run(*argv), 2, says=says)
            after = guarded.read_bytes() if guarded.is_file() else None
            return problem or (None if before == after else f"{guarded.name} changed")
        return check

    def html_into_notes() -> str | None:
        mine = base / "notes"
        mine.mkdir(exist_ok=True)
        (mine / "notes.txt").write_text("mine")
        problem = one_line(env.run("export", "html", str(mine)), 2, says="will not replace this directory")
        return problem or (None if [p.name for p in mine.iterdir()] == ["notes.txt"] else "the directory changed")

    def html_symlink() -> str | None:
        site, victim = base / "site-link", base / "victim.txt"
        assert env.run("export", "html", str(site)).returncode == 0
        victim.write_text("precious")
        (site / "style.css").unlink()
        (site / "style.css").symlink_to(victim)
        problem = one_line(env.run("export", "html", str(site)), 2, says="will not replace")
        return problem or (None if victim.read_text() == "precious" else "the link was followed")

    def html_again() -> str | None:
        site = base / "site-again"
        assert env.run("export", "html", str(site)).returncode == 0
        (site / "stale.html").write_text("from an older export")
        listed = json.loads((site / ".rulesgraph-site.json").read_text())  # as the older export listed it
        listed["files"]["stale.html"] = __import__("hashlib").sha256(b"from an older export").hexdigest()
        (site / ".rulesgraph-site.json").write_text(json.dumps(listed))
        problem = one_line(env.run("export", "html", str(site)), 0)
        leftovers = [p.name for p in base.iterdir() if p.name.startswith(".site-again")]
        return problem or ("stale page kept" if (site / "stale.html").exists() else None) or (f"left {leftovers}" if leftovers else None)

    link = base / "link.json"
    with contextlib.suppress(FileNotFoundError):
        link.unlink()
    link.symlink_to(env.installed)
    (base / "afile").write_text("x")
    (base / "config-dir").mkdir(exist_ok=True)
    return [
        ("export graph - (stdout)", lambda: graph_to_stdout("-")),
        ("export graph /dev/stdout into a pipe", lambda: graph_to_stdout("/dev/stdout")),
        ("export graph FIFO", fifo),
        ("export graph /dev/full", device("/dev/full", 2, "No space left on device")),
        ("export graph /dev/null", device("/dev/null", 0)),
        ("export graph onto the --rules source",
         refused(["--rules", str(env.cr), "export", "graph", str(env.cr), "--format", "json"], env.cr)),
        ("export graph onto the installed CR", refused(["export", "graph", str(env.installed), "--format", "json"], env.installed)),
        ("export graph through a link to the installed CR", refused(["export", "graph", str(link)], env.installed)),
        ("export graph into the rules directory", refused(["export", "graph", str(env.installed.parent / "x.json")], env.installed)),
        ("export graph onto a directory",
         refused(["export", "graph", str(base / "config-dir"), "--format", "json"], env.cr, "is a directory")),
        ("export html into a directory of notes", html_into_notes),
        ("export html with a symlink inside", html_symlink),
        ("export html onto a file", refused(["export", "html", str(base / "afile")], base / "afile", "not a directory")),
        ("export html -", refused(["export", "html", "-"], env.cr, "not -")),
        ("export html into the data directory", refused(["export", "html", str(base / "data")], env.installed)),
        ("export html over an earlier site", html_again),
    ]


# --- update / download -------------------------------------------------------------------------------------------

def update_cases(env: Env) -> list[Case]:
    from rulesgraph.versions.update import update

    cr = make_cr("2026-06-19", filler=400).encode()
    txt = "/MagicCompRules%2020260619.txt"
    routes = {"/drip" + txt: answer_with(cr, drip=0.05), "/stall" + txt: answer_with(cr, stall=5), "/slow" + txt: answer_with(cr, delay=5),
              "/cut" + txt: answer_with(cr[:1000], length=len(cr)), "/html" + txt: answer_with(b"<!doctype html><p>hi", kind="text/html"),
              "/huge" + txt: answer_with(b"x", length=10**12), "/urls": answer_with(b"https://" * 131_072, kind="text/html"),
              "/href": answer_with(b'href="' * 100_000, kind="text/html")}

    def fails(path: str, says: str, limit: float = 3.0, timeout: float = 0.5) -> Callable[[], str | None]:
        def check() -> str | None:
            start = time.perf_counter()
            try:
                with serve(routes) as base:
                    update(base + path, timeout=timeout)
            except RulesgraphError as exc:
                took = time.perf_counter() - start
                if says not in str(exc) or "\n" in str(exc):
                    return f"said {str(exc)[:120]!r}"
                return None if took <= limit else f"took {took:.1f} s"
            return "installed"
        return check

    def refused_port() -> str | None:
        try:
            update("http://127.0.0.1:9/MagicCompRules.txt", timeout=2)
        except RulesgraphError as exc:
            return None if "\n" not in str(exc) else "two lines"
        return "installed"

    def timeout_value(value: str) -> Callable[[], str | None]:
        return lambda: one_line(env.run("update", "--url", "http://127.0.0.1:9/x.txt", "--timeout", value), 2, says="--timeout")

    return [
        ("a byte every 0.05 s (whole-download timeout)", fails("/drip" + txt, "not done within 0.5 s")),
        ("half the body, then silence", fails("/stall" + txt, "stalled")),
        ("no answer", fails("/slow" + txt, "no answer")),
        ("truncated body", fails("/cut" + txt, "truncated")),
        ("HTML instead of the rules", fails("/html" + txt, "HTML page")),
        ("Content-Length of 1 TB", fails("/huge" + txt, "too large")),
        ("page of 'https://' × 131,072 (1 MB)", fails("/urls", "no Comprehensive Rules .txt link", timeout=10)),
        ("page of 'href=\"' × 100,000", fails("/href", "no Comprehensive Rules .txt link", timeout=10)),
        ("connection refused", refused_port),
        *((f"--timeout {v}", timeout_value(v)) for v in ("-1", "nan", "inf", "1e308", "0", "ten")),
    ]


# --- config ------------------------------------------------------------------------------------------------------

def config_cases(env: Env) -> list[Case]:
    base = env.base

    def with_config(name: str, content: str | None, says: str, *, path: Path | None = None) -> Case:
        def check() -> str | None:
            target = path or base / f"{name}.toml"
            if content is not None:
                target.write_text(content)
            return one_line(env.run("--config", str(target), "rule", "100.1", timeout=30), 2, says=says)
        return name, check

    fifo = base / "config-fifo.toml"
    if not fifo.exists():
        os.mkfifo(fifo)
    (base / "config-dir").mkdir(exist_ok=True)
    return [
        with_config("url_template {number:d}", "url_template = 'https://x/{number:d}'\n", "alone"),
        with_config("url_template {number:>100000000}", "url_template = 'https://x/{number:>100000000}'\n", "alone"),
        with_config("url_template {anchor!r}", "url_template = 'https://x/{anchor!r}'\n", "alone"),
        with_config("url_template {rule}", "url_template = 'https://x/{rule}'\n", "only {number}"),
        with_config("5,000-deep nested array", "x = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply"),
        with_config("1 MB of comments", "# padding\n" * 100_000, "larger than"),
        with_config("not TOML", "citations = = 3\n", "not valid TOML"),
        with_config("unknown key", "colour = true\n", "unknown setting"),
        with_config("--config /dev/zero", None, "not a regular file", path=Path("/dev/zero")),
        with_config("--config a FIFO", None, "not a regular file", path=fifo),
        with_config("--config a directory", None, "cannot read the config file", path=base / "config-dir"),
        with_config("--config missing", None, "no such config file", path=base / "missing.toml"),
    ]


# --- streams -----------------------------------------------------------------------------------------------------

def stream_cases(env: Env) -> list[Case]:
    questions = b"trample\nhow does deathtouch work with trample when my creature is blocked\n" * 2000

    def piped(command: str) -> Callable[[], str | None]:
        def check() -> str | None:
            left, right = command.split(" | ")
            proc = env.shell(f"{{ {left}; echo status=$? >&2; }} | {right} > /dev/null", questions)
            err = proc.stderr.decode(errors="replace")
            return None if err.strip() == "status=0" else f"{err.strip()[-160:]!r}"
        return check

    def cache_entry(kind: str) -> Callable[[], str | None]:
        def check() -> str | None:
            cache = env.base / "cache"
            assert env.run("check").returncode == 0
            entries = sorted(cache.glob("build-*"))
            if not entries:
                return "no cache entry to replace"
            for path in entries:
                path.unlink()
                os.mkfifo(path) if kind == "fifo" else path.symlink_to("/dev/zero")
            try:
                proc = env.run("rule", "100.1", timeout=60)
            except subprocess.TimeoutExpired:
                return "hung"
            err = proc.stderr.decode(errors="replace")
            clean = proc.returncode == 0 and "rebuilding" in err and "Traceback" not in err
            return None if clean else f"exit {proc.returncode}: {err[:160]!r}"
        return check

    return [
        *((f"{c} | {r}", piped(f"rg {c} | {r}")) for c, r in (("ask --json -", "head -1"), ("ask -", "head -1"), ("check --all", "head -1"),
                                                              ("check --all --json", "head -c 10"), ("rule 1", "head -1"),
                                                              ("versions", "head -c 1"))),
        ("closed stdout (>&-)", lambda: one_line(env.shell("rg rule 100.1 >&-"), 2, says="standard output is closed")),
        ("closed stdin (<&-), ask -", lambda: one_line(env.shell("rg ask - <&-"), 0)),
        ("closed stdin (<&-), the REPL", lambda: one_line(env.shell("rg <&-"), 0)),
        *((f"{c} > /dev/full", lambda c=c: one_line(env.shell(f"rg {c} > /dev/full"), 2, says="No space left on device"))  # type: ignore[misc]
          for c in ("rule 100.1", "check --all --json", "ask --json trample", "ask trample")),
        ("a cache entry that is a FIFO", cache_entry("fifo")),
        ("a cache entry linked to /dev/zero", cache_entry("zero")),
    ]


# --- cards -------------------------------------------------------------------------------------------------------

def card_cases(env: Env) -> list[Case]:
    base = env.base

    def atomic(cards: dict[str, object]) -> bytes:
        return json.dumps({"meta": {"version": "5.2.2", "date": "2026-06-19"}, "data": cards}).encode()

    def card(name: str, rulings: int = 1) -> list[dict[str, object]]:
        return [{"name": name, "type": "Creature", "text": "Trample", "rulings": [{"date": "2020-01-01", "text": "A ruling."}] * rulings}]

    def installs(name: str, data: bytes, limit: float = 60.0) -> Case:
        def check() -> str | None:
            path = base / name
            path.write_bytes(data)
            start = time.perf_counter()
            proc = env.run("update", "cards", "--file", str(path), timeout=max(limit * 2, 120))
            took = time.perf_counter() - start
            err = proc.stderr.decode(errors="replace")
            if "Traceback" in err or proc.returncode not in (0, 2) or (proc.returncode == 2 and err.count("\n") != 1):
                return f"exit {proc.returncode}: {err.strip()[-160:]!r}"
            return None if took <= limit else f"took {took:.1f} s"
        return (name.split(".")[0].replace("-", " "), check)

    def long_question(size: int, limit: float = 3.0) -> Case:
        """A line of ``size`` bytes naming cards over and over, asked with cards installed (issue 31: the card-name
        finder was super-linear, 128 KB took 23 s): one JSON line, exit 0, within ``limit`` seconds."""
        def check() -> str | None:
            names = {n: card(n) for n in ("Kitchen Finks", "Tarmogoyf", "Jace, the Mind Sculptor", "Lightning Greaves", "Shock")}
            path = base / "few-cards.json"
            path.write_bytes(atomic(names))
            proc = env.run("update", "cards", "--file", str(path))
            if proc.returncode != 0:
                return f"could not install the cards: {proc.stderr.decode(errors='replace').strip()[-120:]!r}"
            said = "does my Kitchen Finks block a Tarmogoyf? [[Shock]] JTMS, lightning greves and Shock's damage "
            line = (said * (size // len(said) + 1))[:size].encode() + b"\n"
            start = time.perf_counter()
            proc = env.run("ask", "--json", "-", stdin=line, timeout=max(limit * 10, 60))
            took = time.perf_counter() - start
            problem = one_line(proc, 0)
            lines = proc.stdout.count(b"\n")
            if problem is None and lines != 1:
                problem = f"{lines} lines of output, not 1"
            return problem or (None if took <= limit else f"took {took:.1f} s")
        return (f"a {size // 1000:,} KB question naming cards, cards installed", check)

    bomb = lzma.compress(b" " * (600 * 1024 * 1024), preset=9)
    return [
        installs("a-million-rulings.json", atomic({"Aaa": card("Aaa", 1_000_000)})),
        installs("a-100-KB-name.json", atomic({"A" * 100_000: card("A" * 100_000)})),
        installs("nested-100000-deep.json", b'{"meta": {}, "data": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
        installs("xz-bomb-600-MB.json.xz", bomb),
        installs("bz2-bomb-600-MB.json.bz2", bz2.compress(b" " * (600 * 1024 * 1024), 9)),
        installs("a-million-cards.json", atomic({f"Card {i}": card(f"Card {i}") for i in range(1_000_000)}), limit=120.0),
        installs("not-json.json", b"\x00\x01 not json at all"),
        long_question(128_000),
        long_question(1_000_000),
    ]


def run_all(fuzz: int = 200, only: str | None = None) -> dict[str, list[tuple[str, str | None]]]:
    """Every category (``only="issue 31"``: those cases alone, and no generated files)."""
    results: dict[str, list[tuple[str, str | None]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = Env(Path(tmp))
        groups = {"parsers": parser_cases(), "output paths": output_cases(env), "update/download": update_cases(env),
                  "config": config_cases(env), "streams": stream_cases(env), "cards": card_cases(env)} if only is None else {}
        for category, cases in groups.items():
            out = results.setdefault(category, [])
            for name, check in cases:
                try:
                    problem = check()
                except Exception as exc:  # a case that breaks the bench is not clean either
                    problem = f"{exc.__class__.__name__}: {str(exc)[:120]}"
                out.append((name, problem))
        from _hostile31 import cases as issue31

        for name, measured in issue31(env):
            try:
                problem, seconds, mb = measured()
            except Exception as exc:  # a case that breaks the bench is not clean either
                problem, seconds, mb = f"{exc.__class__.__name__}: {str(exc)[:120]}", 0.0, 0.0
            results.setdefault("issue 31", []).append((name, problem))
            MEASURED[name] = (seconds, mb)
    if only is not None:
        return results
    tried, clean, slowest = fuzz_cases(fuzz)
    results["parsers: generated files"] = [(f"file {i}", None) for i in range(clean)] + \
        [(f"file {i}", f"exception or over 2 s (slowest {slowest:.2f} s)") for i in range(tried - clean)]
    return results

