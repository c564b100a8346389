"""Faults: a damaged, stale, unreadable or unwritable cache, processes building it at once or killed while
writing it, an update killed mid-download or mid-install, and a history file that cannot be kept — the
program still answers, says so in one line, and never loses the installed rules."""

from __future__ import annotations

import errno
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from rulesgraph import bundled_sources, load
from rulesgraph.build import cache as cache_mod
from rulesgraph.build.graph import SCHEMA
from rulesgraph.common.paths import STALE
from rulesgraph.versions import store
from rulesgraph.versions.store import NOT_INSTALLED
from rulesgraph_cli.main import main

from .minicr import make_cr

FORK = multiprocessing.get_context("fork")
QUESTION = ["ask", "what does deathtouch do"]


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULESGRAPH_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def entry(cache_dir: Path) -> Path:
    (path,) = cache_dir.glob("build-*.query")
    return path


def answers(capsys: pytest.CaptureFixture[str]) -> tuple[str, list[str]]:
    """Ask through the command line: it must answer; returns the answer and the notice lines (but the one saying the
    full rules are not installed: these questions are asked of the bundled data alone)."""
    assert main(QUESTION) == 0
    out, err = capsys.readouterr()
    assert "Deathtouch" in out and "Traceback" not in err
    return out, [line for line in err.splitlines() if line != f"rulesgraph: {NOT_INSTALLED}"]


def _truncate(at: Callable[[int], int]) -> Callable[[Path], None]:
    return lambda p: p.write_bytes(p.read_bytes()[: at(p.stat().st_size)])


def _flip(at: Callable[[int], int]) -> Callable[[Path], None]:
    def damage(p: Path) -> None:
        data = bytearray(p.read_bytes())
        data[at(len(data))] ^= 0x10
        p.write_bytes(bytes(data))
    return damage


def _other_schema(p: Path) -> None:
    entry = cache_mod.decode(p.read_bytes())
    entry["schema"] = SCHEMA - 1  # what an older program left under a colliding key
    p.write_bytes(cache_mod.encode(entry))


DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "empty": (lambda p: p.write_bytes(b""), "is not a rulesgraph cache"),
    "magic line only": (_truncate(lambda n: len(cache_mod._MAGIC)), "is damaged"),
    "truncated in the checksum": (_truncate(lambda n: len(cache_mod._MAGIC) + 7), "is damaged"),
    "truncated after 10%": (_truncate(lambda n: n // 10), "is damaged"),
    "truncated at half": (_truncate(lambda n: n // 2), "is damaged"),
    "last byte missing": (_truncate(lambda n: n - 1), "is damaged"),
    "a bit flipped in the magic": (_flip(lambda n: 3), "is not a rulesgraph cache"),
    "a bit flipped in the checksum": (_flip(lambda n: len(cache_mod._MAGIC) + 1), "is damaged"),
    "a bit flipped in the middle": (_flip(lambda n: n // 2), "is damaged"),
    "a bit flipped at the end": (_flip(lambda n: n - 1), "is damaged"),
    "old cache format (no checksum)": (lambda p: p.write_bytes(b"rulesgraph-cache\n" + p.read_bytes()[50:]), "is not a rulesgraph cache"),
    "another program's pickle": (lambda p: p.write_bytes(cache_mod.encode({"schema": 0})), "another version"),
    "an older schema": (_other_schema, "another version"),
    "a directory in its place": (lambda p: (p.unlink(), p.mkdir()), "cache unreadable"),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_cache_is_rebuilt_and_the_question_answered(damage: str, cache_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reference, notices = answers(capsys)
    assert notices == []
    apply, notice = DAMAGE[damage]
    apply(entry(cache_dir))
    out, notices = answers(capsys)
    assert out == reference and 1 <= len(notices) <= 2 and notice in notices[0], notices
    if damage != "a directory in its place":  # repaired: the next run reads the cache again, silently
        assert answers(capsys) == (reference, []) and load(bundled_sources()).from_cache


def test_an_unreadable_cache_file_is_rebuilt(cache_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    answers(capsys)
    real = os.open

    def denied(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:  # tests run as root: simulate the EACCES a user gets
        if Path(path).parent == cache_dir and not flags & os.O_CREAT:  # reading; writing still works
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    _, notices = answers(capsys)
    assert notices == ["rulesgraph: cache unreadable (Permission denied); rebuilding"]


@pytest.mark.parametrize(("code", "reason"), [(errno.EACCES, "Permission denied"), (errno.EROFS, "Read-only file system"),
                                              (errno.ENOSPC, "No space left on device")],
                         ids=["read-only dir", "read-only fs", "disk full"])
def test_an_unwritable_cache_still_answers(code: int, reason: str, cache_dir: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:  # as root, chmod cannot make a directory unwritable
        raise OSError(code, reason)

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    for _ in range(2):  # every run answers, and says why it is slower
        _, notices = answers(capsys)
        assert len(notices) == 1 and notices[0].startswith(f"rulesgraph: cache not written ({reason}:")
    assert not list(cache_dir.glob("*"))


def _build(barrier: multiprocessing.synchronize.Barrier, results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    barrier.wait()
    book = load(bundled_sources())
    results.put((book.qg.number_of_nodes(), book.notices))


def test_four_processes_building_at_once_leave_one_whole_entry(cache_dir: Path) -> None:
    barrier, results = FORK.Barrier(4), FORK.Queue()
    procs = [FORK.Process(target=_build, args=(barrier, results)) for _ in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    outcomes = [results.get(timeout=5) for _ in procs]
    assert all(p.exitcode == 0 for p in procs) and len({n for n, _ in outcomes}) == 1
    assert all(notices == [] for _, notices in outcomes)  # nobody read a half-written file
    assert len(list(cache_dir.glob("build-*.query"))) == 1 and not list(cache_dir.glob(".build-*.tmp"))
    book = load(bundled_sources())
    assert book.from_cache and book.qg.number_of_nodes() == outcomes[0][0]


def _rewrite(key: str, obj: object, stop: multiprocessing.synchronize.Event) -> None:  # type: ignore[type-arg]
    while not stop.is_set():
        assert cache_mod.write(key, obj) is None


def test_a_reader_never_sees_a_half_written_entry(cache_dir: Path) -> None:
    """One process rewrites an entry as fast as it can while this one reads it: every read is whole."""
    book = load(bundled_sources())
    key = entry(cache_dir).name.removeprefix("build-").removesuffix(".query")
    stop = FORK.Event()
    writer = FORK.Process(target=_rewrite, args=(key, {"qgraph": book.qg.parts(), "index": book.index.parts()}, stop))
    writer.start()
    try:
        reads = [cache_mod.read(key) for _ in range(150)]
    finally:
        stop.set()
        writer.join(30)
    assert writer.exitcode == 0
    assert all(obj is not None and notice is None for obj, notice in reads)


def _killed_while_writing_the_cache() -> None:
    os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)  # type: ignore[assignment]
    load(bundled_sources())


def test_a_build_killed_while_writing_the_cache(cache_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    child = FORK.Process(target=_killed_while_writing_the_cache)
    child.start()
    child.join(60)
    assert child.exitcode == -signal.SIGKILL
    (left,) = cache_dir.glob(".build-*.tmp")  # the whole entry, never renamed into place
    assert not list(cache_dir.glob("build-*.query"))
    assert answers(capsys)[1] == []  # a miss, built and written: no notice
    assert left.exists()  # young: it might be another process's file in the middle of being written
    old = time.time() - STALE - 60
    os.utime(left, (old, old))
    cache_mod.write("another-key", {"x": 1})
    assert not left.exists()  # left by a killed process: removed


class _Stalling(BaseHTTPRequestHandler):
    """Sends the headers and half the rules, then nothing more until the test ends."""

    body = make_cr("2026-06-19", filler=400).encode()
    half_sent = threading.Event()
    release = threading.Event()

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body[: len(self.body) // 2])
        self.wfile.flush()
        self.half_sent.set()
        self.release.wait(30)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def stalling_url() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Stalling)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    _Stalling.half_sent.clear()
    _Stalling.release.clear()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/MagicCompRules%2020260619.txt"
    finally:
        _Stalling.release.set()
        httpd.shutdown()
        httpd.server_close()


def rules_files(data_dir: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((data_dir / "rules").iterdir())}


def test_an_update_killed_mid_download_leaves_the_installed_rules(data_dir: Path, stalling_url: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    store.install(make_cr("2024-02-02").encode(), "earlier.txt")
    before = rules_files(data_dir)
    child = FORK.Process(target=main, args=(["update", "--url", stalling_url, "--timeout", "20"],))
    child.start()
    assert _Stalling.half_sent.wait(30), "the download never started"
    time.sleep(0.2)
    os.kill(child.pid, signal.SIGKILL)
    child.join(10)
    assert child.exitcode == -signal.SIGKILL
    assert rules_files(data_dir) == before
    assert main(["versions"]) == 0 and "2024-02-02  MagicCompRules-20240202.txt" in capsys.readouterr().out
    assert main(["--version"]) == 0 and "rules effective 2024-02-02" in capsys.readouterr().out


def _killed_while_installing() -> None:
    os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)  # the bytes are in the temporary file, not yet renamed
    store.install(make_cr("2026-06-19", extra="The newer words.").encode(), "newer.txt")


def test_an_update_killed_while_installing_leaves_the_installed_rules(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = make_cr("2026-06-19").encode()
    store.install(good, "good.txt")
    child = FORK.Process(target=_killed_while_installing)
    child.start()
    child.join(30)
    assert child.exitcode == -signal.SIGKILL
    rules = data_dir / "rules"
    (left,) = rules.glob(".MagicCompRules-*.tmp")
    assert store.path_for("2026-06-19").read_bytes() == good and [v.date for v in store.installed()] == ["2026-06-19"]
    assert main(["--version"]) == 0 and "rules effective 2026-06-19" in capsys.readouterr().out
    old = time.time() - STALE - 60
    os.utime(left, (old, old))
    store.install(make_cr("2025-01-01").encode(), "another.txt")
    assert sorted(p.name for p in rules.iterdir()) == ["MagicCompRules-20250101.txt", "MagicCompRules-20260619.txt"]


# --- the REPL's history -------------------------------------------------------------------------------------

_REPL = """
import io, os, sys
from prompt_toolkit.history import FileHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console
from rulesgraph import bundled_sources, load
from rulesgraph_cli.repl import loop as R
from rulesgraph_cli.repl.commands import Shell
from rulesgraph_cli.render.core import RenderOptions

def fail(*args):
    raise OSError({errno}, "{reason}")

for name in {failing}:
    setattr(FileHistory, name, fail)
book = load(bundled_sources())
history = R._history(lambda message: print("rulesgraph:", message, file=sys.stderr, flush=True))
out = io.StringIO()
with create_pipe_input() as pipe:
    pipe.send_text("deathtouch\\n:kw flying\\n\\x04")
    session = R.make_session(book, input=pipe, output=DummyOutput(), history=history)
    code = R.repl(Shell(book, RenderOptions()), session, Console(file=out, width=80, color_system=None))
print(code, "Deathtouch" in out.getvalue(), "Flying" in out.getvalue(), flush=True)
"""


def repl_child(failing: list[str], errno_: int = errno.EACCES, reason: str = "Permission denied", *,
               timeout: float = 30.0) -> tuple[str, str]:
    """Run the REPL on pipe input in a child process (the user data dir is this test's); stop it as soon as it
    prints a traceback (prompt_toolkit then loops on "Press ENTER to continue" at the pipe's end).  Returns the
    child's last line (exit status, whether each line was answered) and everything else it printed."""
    script = _REPL.format(failing=failing, errno=errno_, reason=reason)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")), daemon=True)  # type: ignore[union-attr]
    reader.start()
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline and not any("Traceback" in x or "Unhandled exception" in x for x in lines):
        time.sleep(0.05)
    if proc.poll() is None:
        proc.kill()
    proc.wait()
    reader.join(5)
    result = lines.pop() if lines and lines[-1][:1].isdigit() else "(no result: stopped)\n"
    return result, "".join(lines)


def test_a_history_of_binary_garbage_is_no_trouble(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "history").write_bytes(bytes(range(256)) * 64 + b"\n+\xff\xfe\x1b[31m\n")
    out, err = repl_child([])
    assert out == "0 True True\n" and err == ""


def test_a_data_dir_that_cannot_be_made_keeps_history_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("not a directory")
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "file" / "data"))
    out, err = repl_child([])
    assert out == "0 True True\n" and err.startswith("rulesgraph: history not kept (Not a directory")


def test_a_history_path_that_is_a_directory(data_dir: Path) -> None:
    (data_dir / "history").mkdir(parents=True)  # touch() succeeds on it; opening it to append does not
    out, err = repl_child([])
    assert out == "0 True True\n" and "Traceback" not in err and "history not kept" in err


@pytest.mark.parametrize(("errno_", "reason"), [(errno.EACCES, "Permission denied"), (errno.ENOSPC, "No space left on device")],
                         ids=["read-only history file", "disk full"])
def test_a_history_file_that_cannot_be_appended_to(data_dir: Path, errno_: int, reason: str) -> None:
    out, err = repl_child(["store_string"], errno_, reason)
    assert out == "0 True True\n" and "Traceback" not in err and "history not kept" in err


def test_a_history_file_that_cannot_be_read(data_dir: Path) -> None:
    out, err = repl_child(["load_history_strings"])
    assert out == "0 True True\n" and "Traceback" not in err and "Unhandled exception" not in err
