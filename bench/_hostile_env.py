"""What the hostile benches share (``bench/_hostile.py`` and ``bench/_hostile31.py``): a throw-away home with its own
data, cache and config directories and a small installed CR (:class:`Env`), the one-line-error check, and a local HTTP
server whose routes answer slowly, partly or not at all.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from _common import ROOT

sys.path.insert(0, str(ROOT))

from tests.minicr import make_cr

__all__ = ["MINI", "Case", "Env", "answer_with", "one_line", "serve"]

Case = tuple[str, Callable[[], str | None]]
MINI = ROOT / "tests" / "fixtures" / "mini_cr.txt"


class Env:
    """A throw-away home for one bench run: data, cache and config directories, a small installed CR."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.env = {**os.environ, "RULESGRAPH_DATA_DIR": str(base / "data"), "RULESGRAPH_CACHE_DIR": str(base / "cache"),
                    "RULESGRAPH_CONFIG_DIR": str(base / "config"), "NO_COLOR": "1"}
        self.cr = base / "mycr.txt"
        self.cr.write_text(make_cr(), encoding="utf-8")
        proc = self.run("update", "--file", str(self.cr))
        assert proc.returncode == 0, proc.stderr
        (self.installed,) = (base / "data" / "rules").glob("*.txt")

    def run(self, *argv: str, stdin: bytes = b"", timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([sys.executable, "-m", "rulesgraph", *argv], input=stdin, capture_output=True, env=self.env,
                              timeout=timeout, cwd=self.base)

    def shell(self, command: str, stdin: bytes = b"", timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
        rg = f"{sys.executable} -m rulesgraph"
        return subprocess.run(["sh", "-c", command.replace("rg ", rg + " ")], input=stdin, capture_output=True, env=self.env,
                              timeout=timeout, cwd=self.base)


def one_line(proc: subprocess.CompletedProcess[bytes], status: int = 2, *, says: str = "") -> str | None:
    """``None`` when ``proc`` ended with ``status`` and (for an error) exactly one line on stderr saying ``says``."""
    err = proc.stderr.decode(errors="replace")
    if "Traceback" in err:
        return "traceback: " + err.strip().splitlines()[-1][:120]
    if proc.returncode != status:
        return f"exit {proc.returncode}, not {status}: {err.strip()[:120]!r}"
    if status and (err.count("\n") != 1 or says not in err):
        return f"stderr is not one line saying {says!r}: {err[:160]!r}"
    return None


@contextlib.contextmanager
def serve(routes: dict[str, Callable[[BaseHTTPRequestHandler], None]]) -> Iterator[str]:
    stop = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            route = routes.get(self.path)
            if route is None:
                self.send_error(404)
                return
            with contextlib.suppress(OSError):
                route(self)

        def log_message(self, *args: object) -> None:
            pass

    Handler.stop = stop  # type: ignore[attr-defined]
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        stop.set()
        httpd.shutdown()
        httpd.server_close()


def answer_with(body: bytes, *, length: int | None = None, kind: str = "text/plain", drip: float = 0, stall: float = 0,
            delay: float = 0) -> Callable[[BaseHTTPRequestHandler], None]:
    def handle(h: BaseHTTPRequestHandler) -> None:
        stop: threading.Event = h.stop  # type: ignore[attr-defined]
        if delay and stop.wait(delay):
            return
        h.send_response(200)
        h.send_header("Content-Type", kind)
        h.send_header("Content-Length", str(len(body) if length is None else length))
        h.end_headers()
        if drip:
            for i in range(len(body)):
                if stop.wait(drip):
                    return
                h.wfile.write(body[i : i + 1])
                h.wfile.flush()
        elif stall:
            h.wfile.write(body[: len(body) // 2])
            h.wfile.flush()
            stop.wait(stall)
        else:
            h.wfile.write(body)
    return handle
