"""Compact read-only containers kept in a few strings and byte arrays: a sequence of strings, of word tuples, of
numbers, of flags, of codes and of groups of numbers (the hash indexes over them are :mod:`.hashed`).

Why: a table of some 30,000 card names held as Python lists, tuples, dicts and sets is about 25 MB of objects that
every process builds again when it reads the table from the cache (~50 ms, and most of the memory an answering process
holds).  Kept as one text and a few arrays, the same table is a few MB, reads back (``marshal``) as a handful of objects,
and a lookup costs a few hundred nanoseconds: a string is a slice of the text, a number an item of a ``memoryview``, and a
string is found by its CRC-32 (stable across processes, unlike ``hash``) in an open-addressing table of slots.

Each container gives its :meth:`state` as builtins (strings, bytes) for the cache, and is made again from one by
``from_state``, which checks what a read relies on (types, lengths, offsets spanning the text, numbers below their
bound) and raises :class:`ValueError` otherwise: a cache file that passed its checksum is still only data (offsets out
of order would only slice wrong strings).  The arrays are in the
machine's own byte order and sizes, as the cache is the machine's own.
"""

from __future__ import annotations

import itertools
import operator
import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeGuard

__all__ = ["SEP", "U32", "Codes", "Flags", "Groups", "Labels", "Numbers", "Spaced", "Strings", "Tuples", "all_below", "as_array",
           "is_bytes", "joined"]

U32 = "I"
"""Offsets, ids and slots: unsigned 32-bit (``array('I')`` is four bytes wherever CPython runs)."""
SEP = "\x1f"
"""The unit separator: never inside a word (words are letters and digits), so it can join a tuple of words."""


def is_bytes(data: object) -> TypeGuard[bytes | memoryview]:
    """``data`` is bytes, or a view of some (a long byte string of a cache file is read as one where it lies:
    :mod:`.marshalled`)."""
    return type(data) is bytes or (type(data) is memoryview and data.format == "B" and data.ndim == 1 and data.c_contiguous)


def as_array(data: object, code: str, what: str) -> memoryview:
    """``data`` (bytes or a view of some) read as an array of ``code`` items; ValueError when it cannot be one."""
    if not is_bytes(data):
        raise ValueError(f"{what}: not bytes")
    size = array(code).itemsize
    if len(data) % size:
        raise ValueError(f"{what}: not a whole number of items")
    return memoryview(data).cast(code)


def all_below(data: bytes | memoryview, values: memoryview, bound: int) -> bool:
    """Every number of ``values`` (unsigned 32-bit, ``data`` its bytes) is below ``bound``: what ``max(values) < bound``
    says, read at C speed where it can be.  ``max`` makes an int of every number (~4 ms for the card name table's
    arrays, in every process opening the cards); on a little-endian machine, with a bound below 2**16, the two high
    bytes of each number are checked to be zero, no low-high byte above the bound's is left (``bytes.translate``
    deleting every allowed one), and only the numbers whose high byte is the bound's (few: the last 256 below a bound)
    are read one by one."""
    if not len(values):
        return True
    if bound >= 1 << 16 or sys.byteorder != "little" or values.itemsize != 4:
        return max(values) < bound
    data = bytes(data)  # a view's every fourth byte is read ~15 times slower than a copy's
    if data[2::4].strip(b"\0") or data[3::4].strip(b"\0"):
        return False
    top, low = divmod(bound, 256)
    high = data[1::4]
    if high.translate(None, bytes(range(top + 1))):  # a high byte above the bound's
        return False
    at = high.find(top)
    while at >= 0:
        if data[4 * at] >= low:
            return False
        at = high.find(top, at + 1)
    return True


class Strings(Sequence[str]):
    """Strings kept as one text and the offsets where each begins (and, last, the text's end)."""

    __slots__ = ("_offsets", "_text")

    def __init__(self, text: str, offsets: memoryview) -> None:
        self._text, self._offsets = text, offsets

    @classmethod
    def of(cls, items: Iterable[str]) -> Strings:
        items = list(items)
        offsets, at = array(U32, [0]), 0
        for item in items:
            at += len(item)
            offsets.append(at)
        return cls("".join(items), memoryview(offsets.tobytes()).cast(U32))

    @classmethod
    def from_state(cls, state: Any) -> Strings:
        if type(state) is not tuple or len(state) != 2 or type(state[0]) is not str:
            raise ValueError("strings: not a text and its offsets")
        text, offsets = state[0], as_array(state[1], U32, "strings")
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
        values = as_array(state, code, "numbers")
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

    def __init__(self, values: bytes | memoryview) -> None:
        self._values = values

    @classmethod
    def of(cls, items: Iterable[bool]) -> Flags:
        return cls(bytes(map(bool, items)))

    @classmethod
    def from_state(cls, state: Any, length: int) -> Flags:
        if not is_bytes(state) or len(state) != length or bytes(state).strip(b"\0\1"):
            raise ValueError("flags: not one 0 or 1 a row")
        return cls(state)

    def state(self) -> bytes | memoryview:
        return self._values

    def __len__(self) -> int:
        return len(self._values)

    def __getitem__(self, i: int) -> bool:  # type: ignore[override]
        return self._values[i] == 1

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Flags) and self._values == other._values

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return Flags.from_state, (bytes(self._values), len(self))


class Codes(Sequence[str]):
    """One of a few strings a row, kept as its place among them (a byte)."""

    __slots__ = ("_names", "_values")

    def __init__(self, values: bytes | memoryview, names: tuple[str, ...]) -> None:
        self._values, self._names = values, names

    @classmethod
    def of(cls, items: Iterable[str], names: tuple[str, ...]) -> Codes:
        place = {n: k for k, n in enumerate(names)}
        return cls(bytes(place[i] for i in items), names)

    @classmethod
    def from_state(cls, state: Any, names: tuple[str, ...], length: int) -> Codes:
        """The codes of ``state``; ValueError unless each is the place of one of ``names`` (a byte deleted for each known
        place leaves none: read at C speed, where ``max`` made an int of each of 32,000)."""
        if not is_bytes(state) or len(state) != length or bytes(state).translate(None, bytes(range(min(len(names), 256)))):
            raise ValueError("codes: not one known code a row")
        return cls(state, names)

    def state(self) -> bytes | memoryview:
        return self._values

    def __len__(self) -> int:
        return len(self._values)

    def __getitem__(self, i: int) -> str:  # type: ignore[override]
        return self._names[self._values[i]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Codes) and (self._values, self._names) == (other._values, other._names)

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return Codes.from_state, (bytes(self._values), self._names, len(self))


class Groups(Sequence[tuple[int, ...]]):
    """A tuple of whole numbers (each below a bound) a row, kept as one array and where each row begins."""

    __slots__ = ("_offsets", "_values")

    def __init__(self, values: memoryview, offsets: memoryview) -> None:
        self._values, self._offsets = values, offsets

    @classmethod
    def of(cls, rows: Iterable[Iterable[int]]) -> Groups:
        values, offsets = array(U32), array(U32, [0])
        for row in rows:
            values.extend(row)
            offsets.append(len(values))
        return cls(memoryview(values.tobytes()).cast(U32), memoryview(offsets.tobytes()).cast(U32))

    @classmethod
    def from_state(cls, state: Any, bound: int, length: int | None = None) -> Groups:
        if type(state) is not tuple or len(state) != 2:
            raise ValueError("groups: not values and offsets")
        values, offsets = as_array(state[0], U32, "groups"), as_array(state[1], U32, "groups")
        if not len(offsets) or offsets[0] != 0 or offsets[-1] != len(values) or (length is not None and len(offsets) != length + 1):
            raise ValueError("groups: offsets do not span the values")
        if not all_below(state[0], values, bound):  # a place past the end would fail where it is read
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


def joined(words: Sequence[str]) -> str:
    """A tuple of words as one string (:data:`SEP` between them): how :class:`Tuples` and :class:`TupleIndex` keep it."""
    return SEP.join(words)


class Tuples(Strings):
    """Tuples of words, each kept as its words joined by :data:`SEP`."""

    __slots__ = ()

    @classmethod
    def of(cls, items: Iterable[Sequence[str]]) -> Tuples:  # type: ignore[override]
        return cls(*Strings.of(map(joined, items)).state_views())

    def __getitem__(self, i: int) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(Strings.__getitem__(self, i).split(SEP))

    def __iter__(self) -> Iterator[tuple[str, ...]]:  # type: ignore[override]
        return (tuple(s.split(SEP)) for s in Strings.__iter__(self))


class Spaced(Sequence[str]):
    """The tuples of a :class:`Tuples`, each as its words joined by spaces (made when read: a fuzzy search over all of
    them, rare, makes 30,000 strings and lets them go; :meth:`sized` makes only those of some lengths)."""

    __slots__ = ("_by_size", "_offsets", "_text", "_tuples")

    def __init__(self, tuples: Tuples) -> None:
        self._tuples = tuples
        self._text, self._offsets = tuples.state_views()
        self._by_size: dict[int, array[int]] | None = None

    def sized(self, least: int, most: int) -> tuple[list[int], list[str]]:
        """The places of the strings of ``least`` to ``most`` characters, in order, and those strings: what a fuzzy
        search needs whose cutoff no string of another length can reach (a name in brackets the table does not know as
        said: ~10 ms over all 30,000, a few over those of a length that could match).  The places of each length are
        made on first use (arrays: ~0.1 MB)."""
        o = self._offsets
        if self._by_size is None:
            self._by_size = {}
            for place, size in enumerate(map(operator.sub, o[1:], o[:-1])):
                self._by_size.setdefault(size, array(U32)).append(place)
        places = sorted(itertools.chain.from_iterable(self._by_size.get(size, ()) for size in range(least, most + 1)))
        text = self._text
        return places, [text[o[i] : o[i + 1]].replace(SEP, " ") for i in places]

    def __len__(self) -> int:
        return len(self._tuples)

    def __getitem__(self, i: int) -> str:  # type: ignore[override]
        return Strings.__getitem__(self._tuples, i).replace(SEP, " ")

    def __iter__(self) -> Iterator[str]:
        text = self._text.replace(SEP, " ")  # one pass over the text, then slices: 30,000 names in ~2 ms
        return iter([text[a:b] for a, b in itertools.pairwise(self._offsets)])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Spaced) and self._tuples == other._tuples

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return Spaced, (self._tuples,)


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
