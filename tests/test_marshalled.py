"""The cache's payload: builtins read back as written, long byte strings as views of the bytes read, in place."""

from __future__ import annotations

import ctypes
import marshal

import pytest

from rulesgraph.common.marshalled import ALIGN, LONG, dumps, loads, shared


def test_builtins_read_back_as_written_and_long_byte_strings_as_views() -> None:
    long, other = bytes(range(256)) * (LONG // 256), b"\1" * (LONG + 3)
    obj = {"a": [long, (1, other, "x")], "b": b"short", "c": {"d": (long,)}, "e": {long}, 7: [None, 1.5]}
    for at in (0, 3, 51):
        data = bytearray(at) + dumps(obj, at)  # as the payload lies in its file, ``at`` bytes in
        back = loads(memoryview(data)[at:], at)
        assert back == obj
        assert type(back["b"]) is bytes and type(next(iter(back["e"]))) is bytes  # short, or in a set: marshalled
        start = ctypes.addressof(ctypes.c_char.from_buffer(data))
        for got in (back["a"][0], back["a"][1][1], back["c"]["d"][0]):
            assert type(got) is memoryview and got.obj is data  # where it lies, not a copy
            assert (ctypes.addressof(ctypes.c_char.from_buffer(got)) - start) % ALIGN == 0


def test_what_is_not_set_apart_stays_one_object() -> None:
    words = ("tram", "ple")
    obj = shared([words, ("tram", "ple"), [b"\0" * LONG, words]])
    back = loads(dumps(obj))
    assert back[0] is back[1] is back[2][1]  # tuples of texts written once, and not made anew by setting bytes apart


def test_bytes_it_did_not_write_are_refused() -> None:
    data = dumps({"a": b"\0" * LONG})
    head = int.from_bytes(data[:8], "little")
    rest, _ = marshal.loads(data[8 : 8 + head])
    for bad in [(rest, [(("a",), 0, len(data))]), (rest, [(("b", 0), 0, 1)]), (rest, [(("a",), -1, 1)]), ([1], [((0, 0), 0, 1)])]:
        head = marshal.dumps(bad)
        with pytest.raises((ValueError, TypeError, IndexError, KeyError)):
            loads(len(head).to_bytes(8, "little") + head + b"\0" * 16)
    with pytest.raises((ValueError, EOFError)):
        loads(data[:20])
