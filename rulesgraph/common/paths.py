"""The user data directory every installed thing lives under, and writing there safely: a file replaced whole through
a temporary file and a rename, and the temporary files of killed processes swept away.  ``tempfile`` is imported where
it is used, and platformdirs only where the platform's directories cannot be read from the environment: on Linux they
are the XDG Base Directory specification's (:data:`XDG`), read as platformdirs reads them, so a one-question process
that writes nothing imports neither (platformdirs' ``unix`` module imports ``tempfile``, ``shutil``, ``bz2``, ``lzma``
and ``random``: ~16 ms of such a process's CPU, 223 → 207 ms on a slow day, stop 85; stop 45 had made both imports
lazy, which spared them only to a user whose environment names rulesgraph's directories).  Used by the CR's and the
tournament documents' version stores and by the card store alike, so none of them borrows it from another."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from ..errors import RulesgraphError
from .whole import WholeWriter

__all__ = ["STALE", "XDG", "data_dir", "files_in", "sweep", "temporary", "user_dir", "write_atomically"]

STALE = 600.0
"""Seconds after which a temporary file is taken for one a killed process left (younger ones may be being written)."""


XDG = {"data": ("XDG_DATA_HOME", "~/.local/share"), "cache": ("XDG_CACHE_HOME", "~/.cache"),
       "config": ("XDG_CONFIG_HOME", "~/.config")}
"""On Linux, each kind of user directory's variable and its default when it is unset or not an absolute path (the XDG
Base Directory specification, as recent platformdirs releases read it; older ones took a relative path as it was).
``tests/test_paths.py`` compares the two."""


def user_dir(variable: str, kind: str) -> Path:
    """``$variable`` or the platform's user ``kind`` directory for rulesgraph (``data``, ``cache``, ``config``)."""
    if said := os.environ.get(variable):
        return Path(said)
    if sys.platform.startswith("linux") and not _android() and os.path.isabs(os.environ.get("HOME", "/")):
        name, default = XDG[kind]  # (a blank or relative HOME, platformdirs reads as none: it says where to look)
        said = os.environ.get(name, "")  # the specification: a relative path is to be ignored
        base = said if os.path.isabs(said) else os.path.expanduser(default)
        if os.path.isabs(base):  # else no HOME and no user entry: platformdirs says what is wrong
            return Path(base) / "rulesgraph"
    import platformdirs

    return Path(getattr(platformdirs, f"user_{kind}_path")("rulesgraph"))


def _android() -> bool:
    """Whether this Linux is Android's, whose directories are platformdirs' own (as it tells them)."""
    return hasattr(sys, "getandroidapilevel") or "ANDROID_DATA" in os.environ


def data_dir() -> Path:
    """``$RULESGRAPH_DATA_DIR`` or the platform's user data directory."""
    return user_dir("RULESGRAPH_DATA_DIR", "data")


def temporary(directory: Path, prefix: str, suffix: str = ".tmp") -> tuple[int, str]:
    """A new temporary file in ``directory`` (mode 0600), open: its descriptor and path (:func:`tempfile.mkstemp`)."""
    import tempfile

    return tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=directory)


def files_in(directory: Path, what: str) -> list[Path]:
    """The files of an install directory (none when it does not exist yet); one line naming ``what`` when it cannot be
    listed."""
    try:
        return [p for p in directory.iterdir() if p.is_file()]
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError as exc:
        raise RulesgraphError(f"cannot list {what} in {directory}: {exc.strerror or exc}") from None


def sweep(directory: Path, pattern: str, age: float = STALE) -> None:
    """Remove files matching ``pattern`` older than ``age`` seconds: temporary files of processes killed before
    their rename (younger ones may belong to a process still writing)."""
    now = time.time()
    try:
        for p in directory.glob(pattern):
            if now - p.lstat().st_mtime > age:
                p.unlink(missing_ok=True)
    except OSError:
        pass  # a cleanup that cannot run is no reason to fail


def write_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` through a temporary file in the same directory and a rename."""
    target.parent.mkdir(parents=True, exist_ok=True)
    sweep(target.parent, ".*.tmp")
    fd, tmp = temporary(target.parent, f".{target.name}.")
    try:
        with os.fdopen(fd, "wb") as fh:
            WholeWriter(fh).write(data)  # a full disk's short write is an error, never a cut file installed
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
