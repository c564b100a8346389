"""Compact read-only containers kept in a few strings and byte arrays: a sequence of strings, of numbers, of flags,
of groups of numbers, and a hash index of strings (a set, or a map to groups).

Why: a table of some 30,000 card names held as Python lists, tuples, dicts and sets is about 25 MB of objects that
every process builds again when it reads the table from the cache (~50 ms, and most of the memory an answering process
holds).  Kept as one text and a few arrays, the same table is a few MB, reads back (``marshal``) as a handful of objects,
and a lookup costs a few hundred nanoseconds: a string is a slice of the text, a number an item of a ``memoryview``, and a
string is found by its CRC-32 (stable across processes, unlike ``hash``) in an open-addressing table of slots.

Each container gives its :meth:`state` as builtins (strings, bytes) for the cache, and is made again from one by
``from_state``, which checks it (types, lengths, offsets in order and within the text, numbers below their bound) and
raises :class:`ValueError` otherwise: a cache file that passed its checksum is still only data.  The arrays are in the
machine's own byte order and sizes, as the cache is the machine's own.
"""

from __future__ import annotations

import itertools
import zlib
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

__all__ = ["Codes", "Flags", "Groups", "Index", "Labels", "Numbers", "Spaced", "Strings", "TupleIndex", "Tuples", "joined"]

_U32 = "I"
"""Offsets, ids and slots: unsigned 32-bit (``array('I')`` is four bytes wherever CPython runs)."""
_SEP = "\x1f"
"""The unit separator: never inside a word (words are letters and digits), so it can join a tuple of words."""


def _array(data: object, code: str, what: str) -> memoryview:
    """``data`` (bytes) read as an array of ``code`` items; ValueError when it cannot be one."""
    if type(data) is not bytes:
        raise ValueError(f"{what}: not bytes")
    size = array(code).itemsize
    if len(data) % size:
        raise ValueError(f"{what}: not a whole number of items")
    return memoryview(data).cast(code)


class Strings(Sequence[str]):
    """Strings kept as one text and the offsets where each begins (and, last, the text's end)."""

    __slots__ = ("_offsets", "_text")

    def __init__(self, text: str, offsets: memoryview) -> None:
        self._text, self._offsets = text, offsets

    @classmethod
    def of(cls, items: Iterable[str]) -> Strings:
        items = list(items)
        offsets, at = array(_U32, [0]), 0
        for item in items:
            at += len(item)
            offsets.append(at)
        return cls("".join(items), memoryview(offsets.tobytes()).cast(_U32))

    @classmethod
    def from_state(cls, state: Any) -> Strings:
        if type(state) is not tuple or len(state) != 2 or type(state[0]) is not str:
            raise ValueError("strings: not a text and its offsets")
        text, offsets = state[0], _array(state[1], _U32, "strings")
        if not len(offsets) or offsets[0] != 0 or offsets[-1] != len(text):
            raise ValueError("strings: offsets do not span the text")
        return cls(text, offsets)  # offsets out of order would slice wrong strings, never fail: not checked (1 ms)

    def state(self) -> tuple[str, bytes]:
        return self._text, self._offsets.tobytes()

    def state_views(self) -> tuple[str, memoryview]:
        return self._text, self._offsets

    def __len__(self) -> int:
        return len(self._offsets) - 1

    def __getitem__(self, i: int) -> str:  # type: ignore[override]
        o = self._offsets
        if i < 0:
            i += len(o) - 1
            if i < 0:
                raise IndexError(i)
        return self._text[o[i] : o[i + 1]]

    def __iter__(self) -> Iterator[str]:
        text, o = self._text, self._offsets
        return (text[a:b] for a, b in itertools.pairwise(o))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Strings) and self.state() == other.state()

    def __hash__(self) -> int:
        return hash(self._text)

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self).from_state, (self.state(),)


class Numbers(Sequence[Any]):
    """Numbers of one machine type (``i`` int, ``d`` float, ``B`` byte): an item is the number it was, exactly."""

    __slots__ = ("_code", "_values")

    def __init__(self, values: memoryview, code: str) -> None:
        self._values, self._code = values, code

    @classmethod
    def of(cls, items: Iterable[float], code: str) -> Numbers:
        return cls(memoryview(array(code, items).tobytes()).cast(code), code)

    @classmethod
    def from_state(cls, state: Any, code: str, length: int) -> Numbers:
        values = _array(state, code, "numbers")
        if len(values) != length:
            raise ValueError("numbers: not one a row")
        return cls(values, code)

    def state(self) -> bytes:
        return self._values.tobytes()

    def __len__(self) -> int:
        return len(self._values)

    def __getitem__(self, i: int) -> Any:  # type: ignore[override]
        return self._values[i]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values.tolist())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Numbers) and self._code == other._code and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return Numbers.from_state, (self.state(), self._code, len(self))


class Flags(Sequence[bool]):
    """Booleans, a byte each."""

    __slots__ = ("_values",)

    def __init__(self, values: bytes) -> None:
        self._values = values

    @classmethod
    def of(cls, items: Iterable[bool]) -> Flags:
        return cls(bytes(map(bool, items)))

    @classmethod
    def from_state(cls, state: Any, length: int) -> Flags:
        if type(state) is not bytes or len(state) != length or state.strip(b"\0\1"):
            raise ValueError("flags: not one 0 or 1 a row")
        return cls(state)

    def state(self) -> bytes:
        return self._values

    def __len__(self) -> int:
        return len(self._values)

    def __getitem__(self, i: int) -> bool:  # type: ignore[override]
        return self._values[i] == 1

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Flags) and self._values == other._values

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return Flags.from_state, (self._values, len(self))


class Codes(Sequence[str]):
    """One of a few strings a row, kept as its place among them (a byte)."""

    __slots__ = ("_names", "_values")

    def __init__(self, values: bytes, names: tuple[str, ...]) -> None:
        self._values, self._names = values, names

    @classmethod
    def of(cls, items: Iterable[str], names: tuple[str, ...]) -> Codes:
        place = {n: k for k, n in enumerate(names)}
        return cls(bytes(place[i] for i in items), names)

    @classmethod
    def from_state(cls, state: Any, names: tuple[str, ...], length: int) -> Codes:
        if type(state) is not bytes or len(state) != length or (state and max(state) >= len(names)):
            raise ValueError("codes: not one known code a row")
        return cls(state, names)

    def state(self) -> bytes:
        return self._values

    def __len__(self) -> int:
        return len(self._values)

    def __getitem__(self, i: int) -> str:  # type: ignore[override]
        return self._names[self._values[i]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Codes) and (self._values, self._names) == (other._values, other._names)

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return Codes.from_state, (self._values, self._names, len(self))


class Groups(Sequence[tuple[int, ...]]):
    """A tuple of whole numbers (each below a bound) a row, kept as one array and where each row begins."""

    __slots__ = ("_offsets", "_values")

    def __init__(self, values: memoryview, offsets: memoryview) -> None:
        self._values, self._offsets = values, offsets

    @classmethod
    def of(cls, rows: Iterable[Iterable[int]]) -> Groups:
        values, offsets = array(_U32), array(_U32, [0])
        for row in rows:
            values.extend(row)
            offsets.append(len(values))
        return cls(memoryview(values.tobytes()).cast(_U32), memoryview(offsets.tobytes()).cast(_U32))

    @classmethod
    def from_state(cls, state: Any, bound: int, length: int | None = None) -> Groups:
        if type(state) is not tuple or len(state) != 2:
            raise ValueError("groups: not values and offsets")
        values, offsets = _array(state[0], _U32, "groups"), _array(state[1], _U32, "groups")
        if not len(offsets) or offsets[0] != 0 or offsets[-1] != len(values) or (length is not None and len(offsets) != length + 1):
            raise ValueError("groups: offsets do not span the values")
        if len(values) and max(values) >= bound:  # a place past the end would fail where it is read
            raise ValueError("groups: a value past the end")
        return cls(values, offsets)

    def state(self) -> tuple[bytes, bytes]:
        return self._values.tobytes(), self._offsets.tobytes()

    def __len__(self) -> int:
        return len(self._offsets) - 1

    def __getitem__(self, i: int) -> tuple[int, ...]:  # type: ignore[override]
        o = self._offsets
        if i < 0:
            i += len(o) - 1
            if i < 0:
                raise IndexError(i)
        a, b = o[i], o[i + 1]
        return (self._values[a],) if b - a == 1 else tuple(self._values[a:b])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Groups) and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return Groups.from_state, (self.state(), 2**32)


REMEMBERED = 512
"""Lookups an :class:`Index` remembers (then forgets them all and starts again): a few tens of KB each."""
_UNSEEN = object()


def _crc(key: str) -> int:
    return zlib.crc32(key.encode("utf-8", "surrogatepass"))


class Index:
    """Where each of some distinct strings is (:class:`Strings`), found by its CRC-32 in a table of slots (open
    addressing, linear probing, at most half full): a set of strings, and with :class:`Groups` beside it, a map."""

    __slots__ = ("_count", "_mask", "_offsets", "_seen", "_slots", "_text", "keys", "values")

    def __init__(self, keys: Strings, slots: memoryview, values: Groups | None = None) -> None:
        self.keys, self._slots, self.values = keys, slots, values
        self._mask = len(slots) - 1
        self._text, self._offsets = keys.state_views()
        self._count = len(keys)
        self._seen: dict[str, Any] = {}
        """What the last lookups found (at most :data:`REMEMBERED`): a question's words are looked up again and again."""

    @staticmethod
    def slots_for(keys: Sequence[str]) -> memoryview:
        size = 8
        while size < 2 * len(keys):
            size *= 2
        slots, mask = array(_U32, bytes(4 * size)), size - 1
        for n, key in enumerate(keys, 1):
            h = _crc(key) & mask
            while slots[h]:
                h = (h + 1) & mask
            slots[h] = n
        return memoryview(slots.tobytes()).cast(_U32)

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
        slots = _array(slots_state, _U32, "index")
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

    def __contains__(self, key: object) -> bool:
        seen = self._seen
        found = seen.get(key, _UNSEEN)  # type: ignore[call-overload]
        if found is _UNSEEN:
            if type(key) is not str:
                return False
            slots, mask, text, o, count = self._slots, self._mask, self._text, self._offsets, self._count
            try:  # find(), inlined: a question asks the word sets some 200 times
                h = zlib.crc32(key.encode()) & mask
            except UnicodeEncodeError:
                h = zlib.crc32(key.encode("utf-8", "surrogatepass")) & mask
            while True:
                n = slots[h]
                if not n:
                    found = False
                    break
                if n <= count and text[o[n - 1] : o[n]] == key:
                    found = True
                    break
                h = (h + 1) & mask
            if len(seen) >= REMEMBERED:
                seen.clear()
            seen[key] = found
        return found  # type: ignore[no-any-return]

    def get(self, key: str, default: Any = None) -> Any:
        """A map's row for ``key`` (a tuple), or ``default``."""
        seen = self._seen
        row = seen.get(key, _UNSEEN)
        if row is _UNSEEN:
            n = self.find(key) if type(key) is str else None
            row = None if n is None else self.values[n]  # type: ignore[index]
            if len(seen) >= REMEMBERED:
                seen.clear()
            seen[key] = row
        return default if row is None else row

    def __getitem__(self, key: str) -> tuple[int, ...]:
        n = self.find(key) if type(key) is str else None
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


def joined(words: Sequence[str]) -> str:
    """A tuple of words as one string (:data:`_SEP` between them): how :class:`Tuples` and :class:`TupleIndex` keep it."""
    return _SEP.join(words)


class Tuples(Strings):
    """Tuples of words, each kept as its words joined by :data:`_SEP`."""

    __slots__ = ()

    @classmethod
    def of(cls, items: Iterable[Sequence[str]]) -> Tuples:  # type: ignore[override]
        return cls(*Strings.of(map(joined, items)).state_views())

    def __getitem__(self, i: int) -> tuple[str, ...]:  # type: ignore[override]
        o = self._offsets
        if i < 0:
            i += len(o) - 1
            if i < 0:
                raise IndexError(i)
        return tuple(self._text[o[i] : o[i + 1]].split(_SEP))

    def __iter__(self) -> Iterator[tuple[str, ...]]:  # type: ignore[override]
        return (tuple(s.split(_SEP)) for s in Strings.__iter__(self))


class Spaced(Sequence[str]):
    """The tuples of a :class:`Tuples`, each as its words joined by spaces (made when read: a fuzzy search over all of
    them, rare, makes 30,000 strings and lets them go)."""

    __slots__ = ("_offsets", "_text", "_tuples")

    def __init__(self, tuples: Tuples) -> None:
        self._tuples = tuples
        self._text, self._offsets = tuples.state_views()

    def __len__(self) -> int:
        return len(self._tuples)

    def __getitem__(self, i: int) -> str:  # type: ignore[override]
        o = self._offsets
        if i < 0:
            i += len(o) - 1
            if i < 0:
                raise IndexError(i)
        return self._text[o[i] : o[i + 1]].replace(_SEP, " ")

    def __iter__(self) -> Iterator[str]:
        text = self._text.replace(_SEP, " ")  # one pass over the text, then slices: 30,000 names in ~2 ms
        return iter([text[a:b] for a, b in itertools.pairwise(self._offsets)])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Spaced) and self._tuples == other._tuples

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return Spaced, (self._tuples,)


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

    def __len__(self) -> int:
        return len(self.index)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TupleIndex) and self.index == other.index

    __hash__ = None  # type: ignore[assignment]


class Labels(Sequence[tuple[str, ...]]):
    """A row of :class:`Groups` read as the strings its numbers are the places of."""

    __slots__ = ("_groups", "_names")

    def __init__(self, groups: Groups, names: Strings) -> None:
        self._groups, self._names = groups, names

    def __len__(self) -> int:
        return len(self._groups)

    def __getitem__(self, i: int) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(map(self._names.__getitem__, self._groups[i]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Labels) and (self._groups, self._names) == (other._groups, other._names)

    __hash__ = None  # type: ignore[assignment]
