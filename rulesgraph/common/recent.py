"""A memo for an endless stream of questions: the values last looked up, at most twice a bound, nothing more."""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["Recent"]

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most ``2 × kept`` values: those put or found since the newer memo started, and the ones before.  When the newer
    memo holds ``kept`` it becomes the older one and a new one starts, so a value looked up again stays and one not
    looked up while ``kept`` to ``2 × kept`` others were kept goes (an LRU's order, roughly, without its bookkeeping on
    every hit: a hit in the newer memo is one dict lookup).  A value is never ``None`` (:meth:`get`'s "not kept").  Kept
    whole, the memos of what a question reads grew with every new question a process answered."""

    __slots__ = ("_kept", "_new", "_old")

    def __init__(self, kept: int) -> None:
        if kept < 1:
            raise ValueError("a Recent memo keeps at least one value")
        self._kept = kept
        self._new: dict[K, V] = {}
        self._old: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (found in the older memo, it moves to the newer), else ``None``."""
        value = self._new.get(key)
        if value is None:
            value = self._old.pop(key, None)
            if value is not None:
                self.put(key, value)
        return value

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` (not ``None``) for ``key``, in the newer memo only (the older memo is let go when the newer is
        full)."""
        if key not in self._new and len(self._new) >= self._kept:
            self._old, self._new = self._new, {}
        self._old.pop(key, None)
        self._new[key] = value

    def __len__(self) -> int:
        """How many values are kept (a key is in one memo only: :meth:`get` moves it)."""
        return len(self._new) + len(self._old)
