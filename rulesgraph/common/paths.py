"""The user data directory every installed thing lives under, and writing there safely: a file replaced whole through
a temporary file and a rename, and the temporary files of killed processes swept away.  Used by the CR's and the
tournament documents' version stores and by the card store alike, so none of them borrows it from another."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import platformdirs

from ..errors import RulesgraphError
from .whole import WholeWriter

__all__ = ["STALE", "data_dir", "files_in", "sweep", "write_atomically"]

STALE = 600.0
"""Seconds after which a temporary file is taken for one a killed process left (younger ones may be being written)."""


def data_dir() -> Path:
    """``$RULESGRAPH_DATA_DIR`` or the platform's user data directory."""
    return Path(os.environ.get("RULESGRAPH_DATA_DIR") or platformdirs.user_data_path("rulesgraph"))


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
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            WholeWriter(fh).write(data)  # a full disk's short write is an error, never a cut file installed
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
