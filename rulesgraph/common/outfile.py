"""Where an export may write, and writing there without destroying anything.

* ``-`` (or a name for this process's standard output, ``/dev/stdout``) is written as a stream to the
  stream the caller gives; a character device or a FIFO (``/dev/null``, ``/dev/full``, ``>(gzip)``) as a
  stream too — never replaced by a temporary file renamed over it.  Block devices, sockets and directories
  are refused.
* A regular file is written to a temporary file beside its real location (symbolic links followed once,
  by name) and renamed into place, so a failure leaves the old file whole.
* A site (a directory of files) is built in a fresh directory beside the target and swapped in; an
  existing target is replaced only when it is empty or a site rulesgraph wrote, and nothing inside it
  is ever followed or written through.  A site lists the files it wrote, with their SHA-256, in
  :data:`MANIFEST`: a directory holding any other file (a page the user added, even ``notes.html``) or a file
  changed since is refused, never deleted.
* No path that is, or holds, a protected one (a loaded source, the installed rules) is written, and no folder is made:
  the directory a file or a site goes in must be there.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from ..errors import RulesgraphError
from .paths import temporary
from .sha import sha256
from .whole import WholeWriter

__all__ = ["MANIFEST", "STDOUT", "destination", "in_a_directory", "open_regular", "public", "site_target", "write_file", "write_site"]

STDOUT = "-"
SITE_MARK = "Made by rulesgraph"
"""What every page of an exported site says in its footer: a directory whose index.html says it may be replaced."""
_SITE_FILES = (".html", ".css", ".js")
MANIFEST = ".rulesgraph-site.json"
"""The list of files a site export wrote (name → SHA-256): only those are its own to replace."""
_MANIFEST_LIMIT = 4 << 20


def public(fd: int, mode: int = 0o666) -> None:
    """Give a file (or directory, ``mode`` 0o777) made by ``mkstemp``/``mkdtemp`` the permissions a normal one has."""
    if not hasattr(os, "fchmod"):  # Windows: the modes mean nothing there
        return
    umask = os.umask(0)
    os.umask(umask)
    os.fchmod(fd, mode & ~umask)


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _refuse_protected(target: Path, protected: Iterable[str | os.PathLike[str]], shown: str) -> None:
    real = Path(os.path.realpath(target))
    for p in protected:
        guarded = Path(os.path.realpath(p))
        if real == guarded or guarded in real.parents or real in guarded.parents:
            raise RulesgraphError(f"{shown}: refusing to write there: it is or holds {p}, which rulesgraph reads; choose another path")
        try:
            if target.exists() and Path(p).exists() and _same(target.stat(), Path(p).stat()):
                raise RulesgraphError(f"{shown}: refusing to write there: it is {p}, which rulesgraph reads; choose another path")
        except OSError:
            continue


def destination(path: str, protected: Iterable[str | os.PathLike[str]] = ()) -> str:
    """How ``path`` is written: ``stdout`` (``-`` or this process's standard output), ``stream`` (a character
    device or FIFO) or ``file`` (a regular file, new or replaced atomically).  Raises :class:`RulesgraphError`
    for a directory, a block device, a socket or a protected path."""
    if path == STDOUT:
        return "stdout"
    target = Path(path)
    _refuse_protected(target, protected, path)
    try:
        st = target.stat()
    except FileNotFoundError:
        return "file"
    except OSError as exc:
        raise RulesgraphError(f"{path}: cannot write it ({exc.strerror or exc})") from None
    try:
        if _same(st, os.fstat(1)) and not stat.S_ISREG(st.st_mode):
            return "stdout"
    except OSError:
        pass
    if stat.S_ISREG(st.st_mode):
        return "file"
    if stat.S_ISDIR(st.st_mode):
        raise RulesgraphError(f"{path}: is a directory; give a file name")
    if stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode):
        return "stream"
    raise RulesgraphError(f"{path}: is a block device or socket, not a file; give a file name or - for standard output")


def write_file(path: str, write: Callable[[BinaryIO], object], *, protected: Iterable[str | os.PathLike[str]] = (),
               stdout: BinaryIO | None = None) -> str:
    """Write ``path`` with ``write(binary file)``, as :func:`destination` says; returns that kind.
    ``stdout`` is the stream for ``-`` (standard output's own buffer when ``None``)."""
    kind = destination(path, protected)
    try:
        if kind == "stdout":
            out = stdout if stdout is not None else os.fdopen(os.dup(1), "wb")
            write(WholeWriter(out))
            out.flush()
        elif kind == "stream":
            with open(path, "wb") as fh:
                write(WholeWriter(fh))
        else:
            _atomic(Path(os.path.realpath(path)), write, path)
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            raise
        raise RulesgraphError(f"{path}: cannot write it ({exc.strerror or exc})") from None
    return kind


def _in_a_directory(target: Path, shown: str) -> None:
    """``target``'s directory must be there: a mistyped path ("/tmp/sitse/x.json") is refused, not made a tree of folders."""
    if not target.parent.is_dir():
        raise RulesgraphError(f"{shown}: no such directory {target.parent}; create it first or give another path")


def in_a_directory(path: str) -> None:
    """Refuse ``path`` now, before an export's work, when the directory it would go in is not there (``-`` goes to
    standard output); :func:`write_file` and :func:`write_site` check again as they write."""
    if path != STDOUT and path.strip():
        _in_a_directory(Path(os.path.realpath(path)), path)


def _atomic(target: Path, write: Callable[[BinaryIO], object], shown: str) -> None:
    _in_a_directory(target, shown)
    fd, tmp = temporary(target.parent, f".{target.name}.")
    try:
        public(fd)
        with os.fdopen(fd, "wb") as fh:
            write(WholeWriter(fh))
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def open_regular(path: Path) -> BinaryIO | None:
    """``path`` opened for reading when it is a regular file reached without a link (never a FIFO, a device or a link
    planted in its place), else ``None``."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    fh = os.fdopen(fd, "rb")
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        fh.close()
        return None
    return fh


def _sha256(path: Path) -> str | None:
    """The SHA-256 of a regular file (never through a link), or ``None`` when it cannot be read as one."""
    fh = open_regular(path)
    if fh is None:
        return None
    import hashlib  # not at import: OpenSSL is ~3.7 MB of an answering process (see .sha)

    with fh:
        digest = hashlib.sha256()
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _manifest(directory: Path) -> dict[str, str] | None:
    """The files an earlier export listed in ``directory`` (name → SHA-256), or ``None`` without a readable list."""
    path = directory / MANIFEST
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                return None
            data = json.loads(fh.read(_MANIFEST_LIMIT + 1)[:_MANIFEST_LIMIT])
    except (OSError, ValueError, RecursionError):
        return None
    files = data.get("files") if isinstance(data, dict) and data.get("made_by") == SITE_MARK else None
    if not isinstance(files, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
        return None
    return files


def _replaceable(directory: Path, names: Iterable[str] | None = ()) -> str | None:
    """Why an existing directory may not be replaced by a new site, or ``None`` when it may: it is empty, or holds
    only the files its :data:`MANIFEST` lists, unchanged (a site from before the list: only regular files this
    export writes again — ``names``; ``None``: any a site may hold —, with an index.html rulesgraph wrote)."""
    entries = list(os.scandir(directory))
    if not entries:
        return None
    listed = _manifest(directory)
    for e in entries:
        if e.name == MANIFEST and listed is not None:
            continue
        if e.is_symlink() or not e.is_file(follow_symlinks=False):
            return f"it holds {e.name!r}, which rulesgraph did not write"
        if listed is None:
            if not e.name.endswith(_SITE_FILES) or (names is not None and e.name not in set(names)):
                return f"it holds {e.name!r}, which rulesgraph did not write"
        elif e.name not in listed:
            return f"it holds {e.name!r}, which rulesgraph did not write (it is not in {MANIFEST})"
        elif _sha256(Path(e.path)) != listed[e.name]:
            return f"{e.name!r} was changed since rulesgraph wrote it"
    if listed is not None:
        return None
    index = directory / "index.html"
    try:
        with open(index, "rb") as fh:
            if SITE_MARK.encode() not in fh.read(4 << 20):
                return "its index.html was not written by rulesgraph"
    except OSError:
        return "it has no index.html written by rulesgraph"
    return None


def site_target(directory: str | os.PathLike[str], protected: Iterable[str | os.PathLike[str]] = (),
                names: Iterable[str] | None = None) -> Path:
    """Where a site named ``directory`` goes, or a one-line error saying why it may not go there (``-``, an empty name,
    a loaded source, the current directory, a file, a directory of other files — ``names``: the files the new site
    has; ``None``: any a site may have —, no such parent directory).  Asked before the site is made (``export html``
    built the whole site, 13 s with the cards, before it said the directory was the current one) and again as it is
    written."""
    shown = str(directory)
    if shown == STDOUT:
        raise RulesgraphError("export html writes a directory of pages; give its name, not -")
    if not shown.strip():
        raise RulesgraphError("export html: the directory name is empty; give the directory to write the site in")
    target = Path(os.path.abspath(directory))
    _refuse_protected(target, protected, shown)
    try:
        here: Path | None = Path(os.path.realpath(os.getcwd()))
    except OSError:  # the current directory was removed: nothing to keep the shell in
        here = None
    if here is not None and Path(os.path.realpath(target)) in (here, *here.parents):  # swapped away, the shell would stand nowhere
        raise RulesgraphError(f"{shown}: is the current directory or holds it; give a new directory (such as {shown.rstrip('/')}/site)")
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise RulesgraphError(f"{shown}: exists and is not a directory")
    if target.exists():
        why = _replaceable(target, names)
        if why:
            raise RulesgraphError(f"{shown}: will not replace this directory: {why}; give a new or empty directory")
    _in_a_directory(target, shown)
    return target


def write_site(directory: str | os.PathLike[str], files: dict[str, str], *,
               protected: Iterable[str | os.PathLike[str]] = ()) -> list[Path]:
    """Write ``files`` (name → text) as the directory ``directory``: built in a fresh directory beside it, then
    renamed into place (an old site is moved aside first and removed after).  Returns the paths written."""
    import tempfile  # here, as in :func:`~rulesgraph.common.paths.temporary`: only a site written needs it

    shown, target = str(directory), site_target(directory, protected, files)
    fresh = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".new", dir=target.parent))
    try:
        listed: dict[str, str] = {}
        for name, text in files.items():
            data = text.encode("utf-8")
            with open(fresh / name, "xb") as fh:  # a new file in a new directory: nothing to follow
                WholeWriter(fh).write(data)  # a short write on a full disk is an error, not a cut page
            listed[name] = sha256(data).hexdigest()
        with open(fresh / MANIFEST, "xb") as fh:
            WholeWriter(fh).write(json.dumps({"made_by": SITE_MARK, "files": listed}, indent=0, sort_keys=True).encode("utf-8"))
        fd = os.open(fresh, os.O_RDONLY)
        try:
            public(fd, 0o777)
        finally:
            os.close(fd)
        _swap(fresh, target)
    except OSError as exc:
        _remove(fresh)
        raise RulesgraphError(f"{shown}: cannot write the site ({exc.strerror or exc}); nothing there was changed") from None
    except BaseException:
        _remove(fresh)
        raise
    return [target / name for name in files]


def _swap(fresh: Path, target: Path) -> None:
    import tempfile

    if not target.exists():
        os.rename(fresh, target)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent))
    os.rmdir(old)
    os.rename(target, old)
    try:
        os.rename(fresh, target)
    except OSError:
        os.rename(old, target)
        raise
    _remove(old)


def _remove(tree: Path) -> None:
    """Remove a directory this module made, whatever is left of it.  :mod:`shutil` is imported here, not with the module:
    with :mod:`bz2` and :mod:`lzma`, which it imports, ~2 ms of every process that only reads the cache (which uses
    :func:`open_regular`)."""
    import shutil

    shutil.rmtree(tree, ignore_errors=True)
