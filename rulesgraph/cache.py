"""Cache the built graph and index in the user cache directory.

An entry is two files: ``build-KEY.query``, what answering needs (the query-time graph and the index as
builtins — lists, dicts, strings, bytes — written with :mod:`marshal`: no pickled objects, read in one go),
and ``build-KEY.graph``, the networkx graph (pickled) that only ``check``, ``export`` and ``diff`` read.
Entries are keyed by the sources' content hashes, their display names and formats, the schema version,
the program version and the Python version (marshal's format is Python's own); files are written atomically
(temporary file + rename), so two processes building at once both leave a whole file.  Each file carries the
SHA-256 of its payload, checked before decoding: a damaged entry (truncated, a flipped bit) is rebuilt with a
one-line notice, never read as a different graph.  Old entries, and temporary files left by processes killed
while writing, are pruned.
"""

from __future__ import annotations

import gc
import hashlib
import marshal
import os
import pickle
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import platformdirs

__all__ = ["KEEP", "STALE", "cache_dir", "cache_key", "code_fingerprint", "encode", "read", "write"]

KEEP = 6
"""Cache entries kept; older ones are removed when a new one is written."""
STALE = 600.0
"""Seconds after which a temporary file is taken to be left by a killed process (younger ones may be in use)."""
_MAGIC = b"rulesgraph-cache 3\n"
_DIGEST = 32
"""Bytes of SHA-256 after the magic line, then the payload."""
PARTS = ("query", "graph", "names")
"""The files of an entry: ``query`` (marshal of builtins), ``graph`` (the networkx pickle) and, for the installed
cards, ``names`` (their name table, marshal of builtins)."""


def cache_dir() -> Path:
    """``$RULESGRAPH_CACHE_DIR`` or the platform's user cache directory."""
    return Path(os.environ.get("RULESGRAPH_CACHE_DIR") or platformdirs.user_cache_path("rulesgraph"))


def code_fingerprint() -> str:
    """Size and mtime of the library's own modules, so an edited install never reads a stale build."""
    package = Path(__file__).parent
    stats = sorted((str(p.relative_to(package)), p.stat().st_size, p.stat().st_mtime_ns) for p in package.rglob("*.py"))
    return hashlib.sha256(repr(stats).encode()).hexdigest()[:16]


def cache_key(parts: list[str], schema: int, version: str) -> str:
    python = ".".join(map(str, sys.version_info[:3]))
    h = hashlib.sha256(f"schema={schema};version={version};python={python};code={code_fingerprint()}".encode())
    for part in parts:
        h.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:32]


def _path(key: str, part: str) -> Path:
    return cache_dir() / f"build-{key}.{part}"


def read(key: str, part: str = "query") -> tuple[Any | None, str | None]:
    """The cached object for ``key`` (or ``None``) and a notice when an entry was unusable."""
    path = _path(key, part)
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return None, None
    except OSError as exc:
        return None, f"cache unreadable ({exc.strerror or exc}); rebuilding"
    if not data.startswith(_MAGIC):
        return None, f"cache file {path.name} is not a rulesgraph cache; rebuilding"
    payload = memoryview(data)[len(_MAGIC) + _DIGEST :]
    if hashlib.sha256(payload).digest() != data[len(_MAGIC) : len(_MAGIC) + _DIGEST]:
        return None, f"cache file {path.name} is damaged; rebuilding"
    gc.disable()  # decoding allocates ~10^5 objects; collecting between them triples the load time
    try:
        return (pickle.loads(payload) if part == "graph" else marshal.loads(payload)), None
    except Exception:  # any unpickling failure means a damaged file
        return None, f"cache file {path.name} is damaged; rebuilding"
    finally:
        gc.enable()


def encode(obj: Any, part: str = "query") -> bytes:
    """The bytes of a cache file holding ``obj``: the magic line, the payload's SHA-256, the payload
    (``obj`` marshalled for the ``query`` part — builtins only —, pickled for the ``graph`` part)."""
    payload = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL) if part == "graph" else marshal.dumps(obj)
    return _MAGIC + hashlib.sha256(payload).digest() + payload


def write(key: str, obj: Any, part: str = "query") -> str | None:
    """Store ``obj`` atomically; returns a notice instead of raising when the cache cannot be written."""
    directory = cache_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        data = encode(obj, part)
        fd, tmp = tempfile.mkstemp(prefix=".build-", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, _path(key, part))
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        return f"cache not written ({exc.strerror or exc}: {directory}); answers still work, start-up is slower"
    _prune(directory)
    return None


def _prune(directory: Path) -> None:
    try:
        for part in (*PARTS, "pickle"):  # build-*.pickle: entries of rulesgraph before the query part
            entries = sorted(directory.glob(f"build-*.{part}"), key=lambda p: p.stat().st_mtime, reverse=True)
            for old in entries[KEEP if part in PARTS else 0 :]:
                old.unlink(missing_ok=True)
        now = time.time()
        for tmp in directory.glob(".build-*.tmp"):
            if now - tmp.lstat().st_mtime > STALE:
                tmp.unlink(missing_ok=True)
    except OSError:
        pass
