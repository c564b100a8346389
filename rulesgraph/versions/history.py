"""Whether and how one rule changed between the two newest installed CR versions — cheap enough for every rule shown.

The diff of the two newest installed versions is computed once (about half a second), then
kept in memory and in the user cache directory (keyed by both files' name, size and mtime and
:data:`SCHEMA`), so a later process reads it in milliseconds and each look-up is a dict
access.  The stored diff is data (builtins, authenticated as every cache file is: see
:func:`rulesgraph.build.cache.encode`), never a pickle: a planted ``diff-*`` file is computed again, not run.
Front ends call :func:`rule_note` with the number of a rule they display.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..build import cache
from ..common.paths import temporary
from ..common.sha import sha256
from . import store
from .diff import Changed, CrDiff, Entry, Moved, diff_files

__all__ = ["SCHEMA", "History", "RuleNote", "latest", "rule_note"]

_KEEP = 4
_SUFFIX = ".diff"
SCHEMA = 1
"""The stored diff's shape and meaning: raise it when :func:`~rulesgraph.versions.diff.diff_files`, or the parser it reads
the files with (:func:`~rulesgraph.parse.cr.parse_cr`), changes what it finds in the official files.
The key is this and the two files' stamps, not the library's code as the rules' cache is: :func:`rule_note` only reads a
stored diff (``update`` computes it), so keyed by the code the notes vanished after every upgrade until the next
``update`` (new-user helper, stop 75)."""

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


def _to_data(diff: CrDiff) -> dict[str, object]:
    return {"old": diff.old, "new": diff.new, "old_path": diff.old_path, "new_path": diff.new_path, "scope": diff.scope,
            "added": [(e.id, e.text) for e in diff.added], "removed": [(e.id, e.text) for e in diff.removed],
            "changed": [(c.id, c.old, c.new, c.words, c.examples) for c in diff.changed],
            "examples_changed": list(diff.examples_changed), "renumbered": [(m.old, m.new, m.similarity) for m in diff.renumbered],
            "compared": diff.compared, "headings": diff.headings}


def _refuse(value: object) -> float:
    raise TypeError(f"not a number: {type(value).__name__}")


def _text(value: object, optional: bool = False) -> str | None:
    if isinstance(value, str) or (optional and value is None):
        return value
    raise TypeError("not text")


def _from_data(data: object) -> CrDiff:
    """The diff :func:`_to_data` gave; raises TypeError, ValueError or KeyError for anything else."""
    if not isinstance(data, dict):
        raise TypeError("not a diff")
    t = _text
    words = lambda ws: tuple((t(a), t(b)) for a, b in ws)  # type: ignore[misc]
    compared = tuple(int(n) for n in data["compared"])
    headings = {t(k): int(v) for k, v in data["headings"].items()}
    similarity = lambda v: float(v) if isinstance(v, int | float) and not isinstance(v, bool) else _refuse(v)  # type: ignore[misc]
    return CrDiff(t(data["old"], True), t(data["new"], True), t(data["old_path"]), t(data["new_path"]),  # type: ignore[arg-type]
                  t(data["scope"], True), tuple(Entry(t(i), t(x)) for i, x in data["added"]),  # type: ignore[arg-type]
                  tuple(Entry(t(i), t(x)) for i, x in data["removed"]),  # type: ignore[arg-type]
                  tuple(Changed(t(i), t(o), t(n), words(w), bool(e)) for i, o, n, w, e in data["changed"]),  # type: ignore[arg-type]
                  tuple(t(x) for x in data["examples_changed"]),  # type: ignore[misc]
                  tuple(Moved(t(o), t(n), similarity(s)) for o, n, s in data["renumbered"]),  # type: ignore[arg-type]
                  (compared[0], compared[1]), headings)  # type: ignore[arg-type]


def _read(path: Path) -> CrDiff | None:
    try:
        data = cache.read_file(path)  # a regular file only: a FIFO or a link to /dev/zero there is not read
        stored = cache.decode(data)  # None unless written with this user's key
        return _from_data(stored) if stored is not None else None
    except Exception:  # missing, unreadable, damaged or of another shape: computed again
        return None


def _write(path: Path, diff: CrDiff) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = temporary(path.parent, ".diff-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(cache.encode(_to_data(diff), "diff"))
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        entries = sorted(path.parent.glob(f"diff-*{_SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in [*entries[_KEEP:], *path.parent.glob("diff-*.pickle")]:  # pickles of older versions: never read
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
    key = sha256(repr(("diff", SCHEMA, stamp)).encode()).hexdigest()[:32]  # not the code's fingerprint: see SCHEMA
    path = cache.cache_dir() / f"diff-{key}{_SUFFIX}"
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
