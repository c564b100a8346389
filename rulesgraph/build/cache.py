"""Cache the built graph and index in the user cache directory.

An entry is two files: ``build-KEY.query``, what answering needs (the query-time graph and the index as
builtins — lists, dicts, strings, bytes — written with :mod:`marshal`: no pickled objects, read in one go),
and ``build-KEY.graph``, the networkx graph that only ``check``, ``export`` and ``diff`` read (its graph, node and
edge attributes as builtins, marshalled too, and built into a graph again when read).  A cache holds data, never
code: nothing read back is unpickled.
Entries are keyed by the sources' content hashes, their display names and formats, the schema version,
the program version and the Python version (marshal's format is Python's own); files are written atomically
(temporary file + rename), so two processes building at once both leave a whole file.  Each file carries the
HMAC-SHA-256 of its payload, keyed with a secret of the user's own (:func:`secret`, private to them), checked
before decoding: a damaged entry (truncated, a flipped bit) or one planted by someone else (a payload with a plain
checksum) is rebuilt with a one-line notice, never read as a different graph.  A file once checked is not hashed again
while it is the same file, unchanged (:data:`CHECKED`: its inode, size, modification and change times, kept in a table
authenticated with the same key): checking the 12 MB the rules and the card names read was ~10 ms of every
one-question process.  Any write to a file or a file put in its place changes its change time, which no one but the
system sets; a check is remembered only once the file's last change is :data:`SETTLED` seconds old, so that a write
within the same tick of the file system's clock cannot keep the stamp.  Old entries, and temporary files left by
processes killed while writing, are pruned.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import gc
import mmap
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from ..common import marshalled
from ..common.outfile import open_regular
from ..common.paths import sweep, temporary, user_dir
from ..common.sha import compare_digest, hmac_sha256, sha256
from ..common.whole import WholeWriter

__all__ = ["KEEP", "MAX_ENTRY", "cache_dir", "cache_key", "code_fingerprint", "encode", "read", "read_file", "remembered_digest",
           "write"]

KEEP = 6
"""Cache entries kept; older ones are removed when a new one is written."""
MAX_ENTRY = 512 * 1024 * 1024
"""A cache file larger than this is not read (an entry of the full rules is about 10 MB)."""
_MAGIC = b"rulesgraph-cache 5\n"
_DIGEST = 32
"""Bytes of HMAC-SHA-256 after the magic line, then the payload."""
_HEAD = len(_MAGIC) + _DIGEST
SECRET = "cache.key"
"""The file in the data directory holding the key every cache file is authenticated with (32 random bytes)."""
_secret: dict[str, bytes] = {}
CHECKED = "checked.bin"
"""The file in the cache directory listing the files whose HMAC was checked, each with its stamp then (:func:`_stamp`),
and the sources whose SHA-256 was taken, with their stamp and digest (:func:`remembered_digest`); a cache file itself
(:func:`encode`: authenticated, marshalled builtins)."""
CHECKED_KEPT = 128
"""Files :data:`CHECKED` remembers (the latest checked); a file forgotten is only checked again."""
SETTLED = 2.0
"""Seconds since a file's last change before its check is remembered (the clock file times are read from moves by
ticks of a few ms; git treats a file changed in the same tick as its index the same way)."""
_checked: dict[str, dict[str, list[Any]]] = {}
PARTS = ("query", "graph", "names", "tdoc", "regex")
"""The files of an entry: ``query`` (marshal of builtins), ``graph`` (the networkx pickle) and, for the installed
cards, ``names`` (their name table, marshal of builtins); ``tdoc``, a parsed tournament document (marshal of builtins,
:mod:`rulesgraph.build.tbook`); ``regex``, the compiled expressions' programs (:mod:`rulesgraph.common.reprograms`)."""


def cache_dir() -> Path:
    """``$RULESGRAPH_CACHE_DIR`` or the platform's user cache directory."""
    return user_dir("RULESGRAPH_CACHE_DIR", "cache")


@functools.cache
def code_fingerprint() -> str:
    """Size and mtime of the library's own modules, so an edited install never reads a stale build.  Taken once per
    process (~0.7 ms; every cache key asks for it): the code a process runs is the code it imported.  Walked with
    ``os.walk`` and one ``stat`` a file (``Path.rglob`` and two ``stat`` calls took ~2.5 ms of every process); the same
    list, so the same fingerprint."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the rulesgraph package, every stage's folder
    start = len(package) + 1
    stats = []
    for folder, folders, files in os.walk(package):
        folders[:] = [f for f in folders if f != "__pycache__"]  # compiled files: never listed (~0.3 ms of listing them)
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                st = os.stat(path)
                stats.append((path[start:], st.st_size, st.st_mtime_ns))
    return sha256(repr(sorted(stats)).encode()).hexdigest()[:16]


def cache_key(parts: list[str], schema: int, version: str) -> str:
    python = ".".join(map(str, sys.version_info[:3]))
    h = sha256(f"schema={schema};version={version};python={python};code={code_fingerprint()}".encode())
    for part in parts:
        h.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:32]


def secret() -> bytes:
    """The key cache files are authenticated with: ``cache.key`` in the cache directory, read if this user owns it
    and no one else may read or write it (mode 0600), else made anew; where none can be kept, one for this process
    alone (its entries are then trusted by no other).  Someone else able to write into the cache directory can
    neither read the key nor make one this user owns."""
    path = cache_dir() / SECRET
    if str(path) in _secret:
        return _secret[str(path)]
    key = _read_secret(path) or _make_secret(path) or _read_secret(path)  # none yet: ours, or the one another process
    if key is None:  # made first (a missing key was taken for a bad one and removed: two processes kept two keys)
        with contextlib.suppress(OSError):
            if path.is_symlink() or path.exists():
                path.unlink()  # not ours, or not private: replaced
        key = _make_secret(path) or _read_secret(path) or os.urandom(32)
    _secret[str(path)] = key
    return key


def _read_secret(path: Path) -> bytes | None:
    fh = open_regular(path)
    if fh is None:
        return None
    with fh:
        st = os.fstat(fh.fileno())
        mine = not hasattr(os, "getuid") or st.st_uid == os.getuid()
        if not mine or st.st_mode & 0o077:
            return None
        data = fh.read(64)
    return data if len(data) == 32 else None


def _make_secret(path: Path) -> bytes | None:
    """A new key at ``path`` (mode 0600), linked into place only if none is there (two processes agree on one)."""
    key = os.urandom(32)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = temporary(path.parent, ".cache-key-", "")  # mode 0600
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(key)
            os.link(tmp, path)
        finally:
            os.unlink(tmp)
    except OSError:
        return None
    return key


def _digest(payload: bytes | memoryview) -> bytes:
    return hmac_sha256(secret(), payload)


def graph_parts(graph: Any) -> dict[str, Any]:
    """A networkx multigraph as builtins: its attributes, nodes and edges in order, and each node's predecessors in
    order (what rebuilding from the edges alone would order otherwise)."""
    return {"graph": graph.graph, "nodes": list(graph.nodes(data=True)), "edges": list(graph.edges(keys=True, data=True)),
            "pred": [list(graph.pred[n]) for n in graph]}


def graph_from_parts(parts: Any) -> Any:
    """The graph :func:`graph_parts` gave; raises ValueError, TypeError or KeyError for anything else."""
    import networkx as nx

    if not isinstance(parts, dict) or not isinstance(parts.get("graph"), dict):
        raise ValueError("not a graph")
    graph = nx.MultiDiGraph()
    graph.graph.update(parts["graph"])
    graph.add_nodes_from(parts["nodes"])
    graph.add_edges_from(parts["edges"])
    pred = graph._pred  # the order of each node's predecessors, as built
    for node, order in zip(graph, parts["pred"], strict=True):
        pred[node] = {p: pred[node][p] for p in order}
    return graph


def _path(key: str, part: str) -> Path:
    return cache_dir() / f"build-{key}.{part}"


def read_file(path: Path, limit: int = MAX_ENTRY) -> bytes:
    """The bytes of a cache file.  Only a regular file rulesgraph could have written is read: a FIFO (which
    would block), a device (``/dev/zero`` never ends), a symbolic link or a file over ``limit`` bytes raises
    :class:`ValueError`; a missing one ``FileNotFoundError``."""
    with _opened(path, limit) as (fh, _):
        return fh.read(limit + 1)


@contextlib.contextmanager
def _opened(path: Path, limit: int = MAX_ENTRY) -> Iterator[tuple[BinaryIO, os.stat_result]]:
    """The cache file at ``path`` open for reading, and its status as it was opened (what :func:`read_file` reads)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ValueError("a symbolic link") from None
        raise
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise ValueError("not a regular file")
        if st.st_size > limit:
            raise ValueError(f"over {limit:,} bytes")
        yield fh, st


def read(key: str, part: str = "query") -> tuple[Any | None, str | None]:
    """The cached object for ``key`` (or ``None``) and a notice when an entry was unusable.  The file is mapped, not
    read: :mod:`marshal` decodes from the system's own pages, and the 12 MB the rules and the card names take are not
    copied into a bytes object first (~4 ms of every one-question process)."""
    path = _path(key, part)
    try:
        with _opened(path) as (fh, st):
            stamp = _stamp(st)
            checked = _checked_files(path.parent).get(path.name) == stamp
            data = _mapped(fh, st.st_size)
            if data[: len(_MAGIC)] != _MAGIC:
                return None, f"cache file {path.name} is not a rulesgraph cache; rebuilding"
            obj = decode(data, checked=checked)  # its long byte strings keep the file mapped
            if obj is not None:
                _forget_decoded(data)
    except (FileNotFoundError, NotADirectoryError):
        return None, None
    except ValueError as exc:
        return None, f"cache file {path.name} cannot be a cache entry ({exc}); rebuilding"
    except OSError as exc:
        return None, f"cache unreadable ({exc.strerror or exc}); rebuilding"
    if obj is None:
        return None, f"cache file {path.name} is damaged; rebuilding"
    if not checked and time.time() - st.st_ctime > SETTLED:
        _remember(path.parent, path.name, stamp)
    if part != "graph":
        return obj, None
    try:
        return graph_from_parts(obj), None
    except Exception:  # any shape but a graph's: damaged
        return None, f"cache file {path.name} is damaged; rebuilding"


def _mapped(fh: BinaryIO, size: int) -> memoryview:
    """The ``size`` bytes of the open file ``fh``, mapped read-only (read, where the file system cannot map them); unmapped
    when the last view of them goes.  Cache files are only ever replaced whole (:func:`write`), never rewritten in place."""
    try:
        return memoryview(mmap.mmap(fh.fileno(), size, access=mmap.ACCESS_READ))
    except (OSError, ValueError):  # an empty file, a file system without mmap
        return memoryview(fh.read(size + 1))


def _forget_decoded(data: memoryview) -> None:
    """Hand back the pages of a mapped file's marshalled part: decoded, it is never read again; only the byte strings
    kept apart after it are read where they lie (kept, those pages made a stream's peak memory ~3 MB larger)."""
    madvise = getattr(data.obj, "madvise", None)  # a mapped file's (not bytes read where it could not be mapped)
    if madvise is not None and hasattr(mmap, "MADV_DONTNEED"):
        end = _HEAD + marshalled.apart(data[_HEAD:], _HEAD)
        end -= end % mmap.PAGESIZE
        if end > 0:
            with contextlib.suppress(OSError, ValueError):
                madvise(mmap.MADV_DONTNEED, 0, end)


def decode(data: bytes | memoryview, *, checked: bool = False) -> Any | None:
    """The builtins a cache file (:func:`encode`) holds, or ``None`` when it is not one, is damaged, or was not
    written with this user's key.  ``checked``: these bytes are a file already checked and unchanged since (:func:`read`).
    Its long byte strings are views of ``data`` (a mapped file stays mapped while they are kept)."""
    view = memoryview(data)
    payload = view[_HEAD:]
    if view[: len(_MAGIC)] != _MAGIC or not (checked or compare_digest(_digest(payload), view[len(_MAGIC) : len(_MAGIC) + _DIGEST])):
        return None
    collecting = gc.isenabled()
    gc.disable()  # decoding allocates ~10^5 objects; collecting between them triples the load time
    try:
        return marshalled.loads(payload, _HEAD)
    except Exception:  # bad marshal data, a byte string out of place
        return None
    finally:
        if collecting:  # a caller that had the collector off keeps it off
            gc.enable()


def _stamp(st: os.stat_result) -> list[int]:
    """What changes when a file is written or another is put in its place: its device and inode, size, modification
    and change times (the change time is the system's to set: ``os.utime`` cannot take it back)."""
    return [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


def remembered_digest(path: str, digest: Callable[[], str]) -> str:
    """``digest()`` — the SHA-256 of the regular file at ``path``, read whole — remembered in :data:`CHECKED` while the
    file is unchanged (its stamp, as for cache files): reading and hashing the rules' sources (1.2 MB) to find their
    cache entry was ~2 ms of every process.  Anything but a regular file is always read."""
    try:
        st = os.stat(path)
    except OSError:
        return digest()  # it says what is wrong in its own words
    if not stat.S_ISREG(st.st_mode):
        return digest()
    name, stamp, directory = f"source:{os.path.abspath(path)}", _stamp(st), cache_dir()
    known = _checked_files(directory).get(name)
    if isinstance(known, list) and known[:-1] == stamp and isinstance(known[-1], str):
        return known[-1]
    value = digest()
    if time.time() - st.st_ctime > SETTLED:
        _remember(directory, name, [*stamp, value])
    return value


def _checked_files(directory: Path) -> dict[str, list[Any]]:
    """:data:`CHECKED` of ``directory``, read once per process: file name → its stamp when its HMAC was checked.  Empty
    when missing, damaged or not written with this user's key."""
    where = str(directory)
    if where not in _checked:
        try:
            table = decode(read_file(directory / CHECKED, 1 << 20))
        except (OSError, ValueError):
            table = None
        _checked[where] = table if isinstance(table, dict) else {}
    return _checked[where]


def _remember(directory: Path, name: str, stamp: list[Any]) -> None:
    """Add ``name`` with ``stamp`` to :data:`CHECKED` (the :data:`CHECKED_KEPT` latest kept); a cache that cannot be
    written only means checking again."""
    table = {k: v for k, v in _checked_files(directory).items() if k != name}
    table[name] = stamp
    table = dict(list(table.items())[-CHECKED_KEPT:])
    _checked[str(directory)] = table
    try:
        fd, tmp = temporary(directory, ".checked-")
        try:
            with os.fdopen(fd, "wb") as fh:
                WholeWriter(fh).write(encode(table, "checked"))
            os.replace(tmp, directory / CHECKED)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass


def encode(obj: Any, part: str = "query") -> bytes:
    """The bytes of a cache file holding ``obj``: the magic line, the payload's HMAC-SHA-256, the payload (``obj``
    marshalled — builtins only —, equal texts and tuples written once, long byte strings kept apart:
    :mod:`rulesgraph.common.marshalled`; the ``graph`` part's networkx graph as :func:`graph_parts`)."""
    payload = marshalled.dumps(marshalled.shared(graph_parts(obj) if part == "graph" else obj), _HEAD)
    return _MAGIC + _digest(payload) + payload


def write(key: str, obj: Any, part: str = "query") -> str | None:
    """Store ``obj`` atomically; returns a notice instead of raising when the cache cannot be written."""
    directory = cache_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        data = encode(obj, part)
        fd, tmp = temporary(directory, ".build-")
        try:
            with os.fdopen(fd, "wb") as fh:
                WholeWriter(fh).write(data)
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
        for old in directory.glob("regex-*.bin"):  # the expressions' programs before they were a cache entry
            old.unlink(missing_ok=True)
    except OSError:
        pass
    sweep(directory, ".build-*.tmp")
    sweep(directory, ".checked-*.tmp")
