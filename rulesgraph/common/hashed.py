"""Hash indexes of strings kept in a text and byte arrays (:mod:`.packed`): a set of strings, a map from a string to a
row of whole numbers, and an index of word tuples.  A string is found by its CRC-32 (stable across processes, unlike
``hash``) in a table of slots (open addressing, linear probing, at most a third full): a few hundred nanoseconds, and what
the last lookups found is remembered, since a question looks its words up again and again.

Read back from the cache by ``from_state``, which checks what a lookup relies on (the slots a power of two, at least
twice the keys, one empty at least, so that a search ends) and raises :class:`ValueError` otherwise; what else the
slots hold cannot make a lookup fail or hang, only miss.
"""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .packed import SEP, U32, Groups, Strings, as_array, joined

__all__ = ["REMEMBERED", "SPREAD", "Index", "TupleIndex"]

REMEMBERED = 512
"""Lookups an :class:`Index` remembers in each of its two memos (the last ones, and the ones before): a few tens of KB."""
SPREAD = 3
"""Slots made per key, at least (then the next power of two): at most a third full, most lookups of a word no key is
(most of a question's words and word pairs) end at their first slot; half full, a miss probes ~2.5 slots, and
``find_cards`` over long questions new to the memos took ~15% longer.  (Four a key gives most of the card name table's
indexes the same slots, but its largest twice as many, already a third full: 1 MB more to read and authenticate, no
faster.)  A table read back must only be at most half full (:meth:`Index.from_state`)."""
_UNSEEN = object()


def _crc(key: str) -> int:
    return zlib.crc32(key.encode("utf-8", "surrogatepass"))


class Index:
    """Where each of some distinct strings is (:class:`Strings`), found by its CRC-32 in a table of slots (open
    addressing, linear probing, at most a third full): a set of strings, and with :class:`Groups` beside it, a map."""

    __slots__ = ("_count", "_mask", "_offsets", "_old", "_seen", "_slots", "_text", "keys", "values")

    def __init__(self, keys: Strings, slots: memoryview, values: Groups | None = None) -> None:
        self.keys, self._slots, self.values = keys, slots, values
        self._mask = len(slots) - 1
        self._text, self._offsets = keys.state_views()
        self._count = len(keys)
        self._seen: dict[str, Any] = {}
        """What the last lookups found (at most :data:`REMEMBERED`, then they become :attr:`_old` and this starts
        again): a question's words are looked up again and again."""
        self._old: dict[str, Any] = {}

    @staticmethod
    def slots_for(keys: Sequence[str]) -> memoryview:
        size = 8
        while size < SPREAD * len(keys):
            size *= 2
        slots, mask = array(U32, bytes(4 * size)), size - 1
        for n, key in enumerate(keys, 1):
            h = _crc(key) & mask
            while slots[h]:
                h = (h + 1) & mask
            slots[h] = n
        return memoryview(slots.tobytes()).cast(U32)

    @classmethod
    def of(cls, keys: Iterable[str], values: Iterable[Iterable[int]] | None = None) -> Index:
        """An index of ``keys`` (distinct), each with its row of ``values`` when given (a map)."""
        strings = Strings.of(keys)
        return cls(strings, cls.slots_for(strings), None if values is None else Groups.of(values))

    @classmethod
    def mapping(cls, items: dict[str, Iterable[int]]) -> Index:
        return cls.of(items, items.values())

    @classmethod
    def from_state(cls, state: Any, bound: int | None = None, keys: Strings | None = None) -> Index:
        """The index of ``state``; ``bound``: the values' (a map's) bound; ``keys``: strings kept elsewhere (the state
        then holds only the slots)."""
        if keys is not None:
            slots_state, key_state, value_state = state, None, None
        elif type(state) is tuple and len(state) == 3:
            key_state, slots_state, value_state = state
        else:
            raise ValueError("index: not keys, slots and values")
        strings = keys if keys is not None else Strings.from_state(key_state)
        slots = as_array(slots_state, U32, "index")
        if len(slots) < 8 or len(slots) & (len(slots) - 1) or len(slots) < 2 * len(strings) or 0 not in slots:
            raise ValueError("index: slots of another shape")  # (what else they hold is not checked: :meth:`find` bears any)
        if (value_state is None) != (bound is None):
            raise ValueError("index: values where none belong, or none where they do")
        values = None if value_state is None else Groups.from_state(value_state, bound, len(strings))  # type: ignore[arg-type]
        return cls(strings, slots, values)

    def state(self, with_keys: bool = True) -> Any:
        if not with_keys:
            return self._slots.tobytes()
        return self.keys.state(), self._slots.tobytes(), None if self.values is None else self.values.state()

    def find(self, key: str) -> int | None:
        """The place of ``key`` among the keys, or ``None``.  Whatever the slots hold (a damaged cache), it ends: one
        slot at least is empty (:meth:`from_state`), and a slot naming no key is passed over."""
        slots, mask, text, o, count = self._slots, self._mask, self._text, self._offsets, self._count
        try:
            h = zlib.crc32(key.encode()) & mask
        except UnicodeEncodeError:  # a lone surrogate (a byte of an undecodable argument): as the slots were made
            h = zlib.crc32(key.encode("utf-8", "surrogatepass")) & mask
        while True:
            n = slots[h]
            if not n:
                return None
            if n <= count and text[o[n - 1] : o[n]] == key:
                return n - 1
            h = (h + 1) & mask

    def place(self, key: object) -> int | None:
        """:meth:`find`, remembered: what the last :data:`REMEMBERED` lookups found is kept, and the ones before them
        (a question asks the word sets some 200 times, the finder ~130 words and pairs, most of them again)."""
        if type(key) is not str:
            return None
        seen = self._seen
        n = seen.get(key, _UNSEEN)
        if n is _UNSEEN:
            n = self._old.get(key, _UNSEEN)
            if n is _UNSEEN:
                n = self.find(key)
            if len(seen) >= REMEMBERED:
                self._old, self._seen = seen, {}
                seen = self._seen
            seen[key] = n
        return n  # type: ignore[no-any-return]

    def __contains__(self, key: object) -> bool:
        return self.place(key) is not None

    def get(self, key: str, default: Any = None) -> Any:
        """A map's row for ``key`` (a tuple), or ``default``."""
        n = self.place(key)
        return default if n is None else self.values[n]  # type: ignore[index]

    def __getitem__(self, key: str) -> tuple[int, ...]:
        n = self.place(key)
        if n is None:
            raise KeyError(key)
        return self.values[n]  # type: ignore[index]

    def __len__(self) -> int:
        return len(self.keys)

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys)

    def items(self) -> Iterator[tuple[str, tuple[int, ...]]]:
        return zip(self.keys, self.values or (), strict=True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Index) and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return Index.from_state, (self.state(), None if self.values is None else 2**32)


class TupleIndex:
    """Where each tuple of a :class:`Tuples` is, found as :class:`Index` finds a string: ``get(words)``, ``[words]``."""

    __slots__ = ("index",)

    def __init__(self, index: Index) -> None:
        self.index = index

    def get(self, words: tuple[str, ...], default: Any = None) -> Any:
        found = self.index.find(joined(words)) if type(words) is tuple else None
        return default if found is None else found

    def __getitem__(self, words: tuple[str, ...]) -> int:
        found = self.get(words)
        if found is None:
            raise KeyError(words)
        return found  # type: ignore[no-any-return]

    def __contains__(self, words: object) -> bool:
        return self.get(words) is not None  # type: ignore[arg-type]

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        return (tuple(key.split(SEP)) for key in self.index.keys)

    def items(self) -> Iterator[tuple[tuple[str, ...], int]]:
        """Each tuple and its place, as a dict of them would give them."""
        return ((words, n) for n, words in enumerate(self))

    def __len__(self) -> int:
        return len(self.index)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TupleIndex) and self.index == other.index

    __hash__ = None  # type: ignore[assignment]
