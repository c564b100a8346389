"""Builtins as bytes and back (the cache's payload): :mod:`marshal`, with each long byte string kept apart, after the
marshalled rest, and read back as a view of the bytes it was read from.

Why: the cache files an answering process reads (the card name table, the rules' node attributes) are mostly a few
dozen long byte strings (~6.5 MB).  Decoded by :mod:`marshal`, each was copied into fresh memory, which the system
must hand over page by page: ~1,600 page faults, ~4 ms of every one-question process.  Kept apart, they are read where
they lie: in a mapped file (:func:`rulesgraph.build.cache.read`), the system's own pages, never copied.

The layout: the length of the marshalled part (8 bytes, little-endian), the marshalled part — the object with each
byte string of :data:`LONG` bytes or more left empty, and where each goes: its path (the keys and positions that lead
to it) and its span —, then the byte strings, each at a multiple of :data:`ALIGN` from the start of the file (arrays
are read from them in place).  Only the items of lists, tuples and dict values are set apart (nothing that must be
hashable), and only there are they put back.  Equal texts and tuples of texts are written once (:func:`shared`).
"""

from __future__ import annotations

import marshal
from typing import Any

__all__ = ["ALIGN", "LONG", "apart", "dumps", "loads", "shared"]

LONG = 64 * 1024
"""Byte strings at least this long are kept apart (shorter ones cost less to copy than to find)."""
ALIGN = 8
"""Where each byte string kept apart begins: a multiple of this from the start of the file (the widest array item)."""
_SIZE = 8


def shared(obj: Any) -> Any:
    """``obj`` with each text and each tuple of texts that occurs more than once made one object: marshal
    writes an object met again as a reference to the first, so reading it back makes one object, not one per place.
    (The rules' query file holds every stem and rule number many times over: ~1 ms of every load, ~50 KB.)"""
    memo: dict[Any, Any] = {}

    def one(o: Any) -> Any:
        t = type(o)
        if t is str:
            return memo.setdefault(o, o)
        if t is tuple:
            o = tuple(one(x) for x in o)  # only texts compared: 1 == 1.0 == True, but they are not one value
            return memo.setdefault(o, o) if all(type(x) is str for x in o) else o
        if t is list:
            return [one(x) for x in o]
        if t is dict:
            return {one(k): one(v) for k, v in o.items()}
        if t is set or t is frozenset:
            return t(one(x) for x in o)
        return o

    return one(obj)


def dumps(obj: Any, at: int = 0) -> bytes:
    """``obj`` (builtins) as bytes that will begin ``at`` bytes into their file."""
    apart: list[tuple[tuple[Any, ...], bytes | memoryview]] = []

    def split(o: Any, path: tuple[Any, ...]) -> Any:  # the same object where nothing is set apart (shared ones stay one)
        t = type(o)
        if (t is bytes or t is memoryview) and len(o) >= LONG:
            apart.append((path, o))
            return b""
        if t is list or t is tuple:
            items = [split(x, (*path, k)) for k, x in enumerate(o)]
            return o if all(a is b for a, b in zip(items, o, strict=True)) else t(items)
        if t is dict:
            values = {k: split(v, (*path, k)) for k, v in o.items()}
            return o if all(values[k] is v for k, v in o.items()) else values
        return o

    rest = split(obj, ())
    places, end = [], 0
    for path, data in apart:  # offsets from where the byte strings begin, each a multiple of ALIGN
        start = end + -end % ALIGN
        places.append((path, start, start + len(data)))
        end = start + len(data)
    head = marshal.dumps((rest, places))
    out = bytearray(len(head).to_bytes(_SIZE, "little") + head)
    out += bytes(_base(at, len(head)) - len(out))
    base = len(out)
    for (_, data), (_, a, _) in zip(apart, places, strict=True):
        out += bytes(base + a - len(out))
        out += data
    return bytes(out)


def _base(at: int, size: int) -> int:
    """Where the byte strings kept apart begin: after the marshalled part of ``size`` bytes, at a multiple of
    :data:`ALIGN` from the start of the file (``at`` bytes before the payload)."""
    base = _SIZE + size
    return base + -(at + base) % ALIGN


def apart(data: bytes | memoryview, at: int = 0) -> int:
    """Where in ``data`` (as :func:`loads` takes it) the byte strings kept apart begin: all before is the marshalled part."""
    return _base(at, int.from_bytes(memoryview(data)[:_SIZE], "little"))


def loads(data: bytes | memoryview, at: int = 0) -> Any:
    """The object :func:`dumps` wrote (``at`` as given to it); its long byte strings are views of ``data`` (which they
    keep alive).  Raises ValueError, TypeError, IndexError, KeyError or EOFError for bytes it did not write."""
    view = memoryview(data)
    size = int.from_bytes(view[:_SIZE], "little")
    rest, places = marshal.loads(view[_SIZE : _SIZE + size])
    base = _base(at, size)
    for path, a, b in places:
        if not (type(a) is int and type(b) is int and 0 <= a <= b <= len(view) - base):
            raise ValueError("a byte string out of place")
        rest = _put(rest, tuple(path), view[base + a : base + b])
    return rest


def _put(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    """``obj`` with ``value`` where ``path`` leads (lists and dicts changed in place, tuples made anew)."""
    if not path:
        return value
    key, rest = path[0], path[1:]
    t = type(obj)
    if t is tuple:
        return (*obj[:key], _put(obj[key], rest, value), *obj[key + 1 :])
    if t is list or t is dict:
        obj[key] = _put(obj[key], rest, value)
        return obj
    raise TypeError("no place for a byte string")
