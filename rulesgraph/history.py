"""Whether and how one rule changed between the two newest installed CR versions — cheap enough for every rule shown.

The diff of the two newest installed versions is computed once (about half a second), then
kept in memory and in the user cache directory (keyed by both files' name, size and mtime and
the library's code), so a later process reads it in milliseconds and each look-up is a dict
access.  Front ends call :func:`rule_note` with the number of a rule they display.
"""

from __future__ import annotations

import os
import pickle
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from . import cache, store
from .diff import CrDiff, diff_files

__all__ = ["History", "RuleNote", "latest", "rule_note"]

_MAGIC = b"rulesgraph-diff\n"
_KEEP = 4

NoteKind = Literal["added", "changed", "examples", "renumbered", "removed"]


@dataclass(frozen=True, slots=True)
class RuleNote:
    """How rule ``number`` (of the ``side`` version) differs in the other of the two newest versions."""

    number: str
    kind: NoteKind
    side: Literal["old", "new"]
    old: str
    """Effective date of the older version."""
    new: str
    other: str | None = None
    """For ``renumbered``: the rule's number in the other version."""
    similarity: float | None = None
    words: tuple[tuple[str, str], ...] = ()
    """For ``changed``: the word-level diff, old → new."""

    def __str__(self) -> str:
        n, kind = self.number, self.kind
        alike = "" if self.similarity in (None, 100) else f" (reworded; {self.similarity:.1f}% alike)"
        if self.side == "new":
            if kind == "renumbered":
                return f"{n} was {self.other} in the {self.old} rules{alike}"
            if kind == "added":
                return f"{n} is new since the {self.old} rules"
            if kind == "examples":
                return f"the examples of {n} changed since the {self.old} rules"
            return f"{n} changed since the {self.old} rules"
        if kind == "renumbered":
            return f"{n} is {self.other} in the {self.new} rules{alike}"
        if kind == "removed":
            return f"{n} was removed in the {self.new} rules"
        if kind == "examples":
            return f"the examples of {n} changed in the {self.new} rules"
        return f"{n} changed in the {self.new} rules"


class History:
    """Notes for every rule that differs between two versions, by number on each side."""

    def __init__(self, diff: CrDiff) -> None:
        self.diff = diff
        old, new = diff.old or "?", diff.new or "?"
        self.new_side: dict[str, RuleNote] = {}
        self.old_side: dict[str, RuleNote] = {}
        for k in diff.examples_changed:
            self.new_side[k] = RuleNote(k, "examples", "new", old, new)
            self.old_side[k] = RuleNote(k, "examples", "old", old, new)
        for c in diff.changed:
            self.new_side[c.id] = RuleNote(c.id, "changed", "new", old, new, words=c.words)
            self.old_side[c.id] = RuleNote(c.id, "changed", "old", old, new, words=c.words)
        for e in diff.added:
            self.new_side[e.id] = RuleNote(e.id, "added", "new", old, new)
        for e in diff.removed:
            self.old_side[e.id] = RuleNote(e.id, "removed", "old", old, new)
        for m in diff.renumbered:  # the most telling note wins
            self.new_side[m.new] = RuleNote(m.new, "renumbered", "new", old, new, m.old, m.similarity)
            self.old_side[m.old] = RuleNote(m.old, "renumbered", "old", old, new, m.new, m.similarity)

    def note(self, number: str, effective: str | None = None) -> RuleNote | None:
        """The note for ``number`` as numbered in the version effective ``effective`` (default: the newer)."""
        if effective is None or effective == self.diff.new:
            return self.new_side.get(number)
        if effective == self.diff.old:
            return self.old_side.get(number)
        return None


_memory: dict[tuple[object, ...], History] = {}


def _stamp(path: Path) -> tuple[str, int, int]:
    st = path.stat()
    return (path.name, st.st_size, st.st_mtime_ns)


def _read(path: Path) -> CrDiff | None:
    try:
        data = cache.read_file(path)  # a regular file only: a FIFO or a link to /dev/zero there is not read
        if data.startswith(_MAGIC):
            diff = pickle.loads(data[len(_MAGIC) :])
            return diff if isinstance(diff, CrDiff) else None
    except Exception:  # missing, unreadable or damaged: computed again
        return None
    return None


def _write(path: Path, diff: CrDiff) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".diff-", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(_MAGIC)
                pickle.dump(diff, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        entries = sorted(path.parent.glob("diff-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[_KEEP:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # an unwritable cache only costs time


def latest(*, use_cache: bool = True, compute: bool = True) -> History | None:
    """The history of the two newest installed versions, or ``None`` when fewer than two are installed — or,
    unless ``compute``, when their diff has not been computed and stored yet (``update`` stores it)."""
    versions = store.installed()
    if len(versions) < 2:
        return None
    older, newer = versions[1].path, versions[0].path
    stamp = (_stamp(older), _stamp(newer))
    if use_cache and stamp in _memory:
        return _memory[stamp]
    key = cache.cache_key([repr(stamp)], 1, "diff")
    path = cache.cache_dir() / f"diff-{key}.pickle"
    diff = _read(path) if use_cache else None
    if diff is None:
        if not compute:
            return None
        diff = diff_files(older, newer)
        if use_cache:
            _write(path, diff)
    history = History(diff)
    if use_cache:
        _memory.clear()
        _memory[stamp] = history
    return history


def rule_note(number: str, effective: str | None = None) -> RuleNote | None:
    """How rule ``number`` changed between the two newest installed versions, or ``None`` (unchanged, fewer
    than two versions installed, or their diff not stored yet).  ``effective`` is the loaded CR's date; notes
    exist for either version.  Only a stored diff is read: showing a rule never computes one (``update``
    does, through :func:`latest`, when it installs a version)."""
    history = latest(compute=False)
    return history.note(number, effective) if history else None
