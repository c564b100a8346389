"""The hash indexes: lookups find every key and nothing else, a state of another shape is refused, and damage the
checks let through (what the slots hold) never hangs or fails a lookup."""

from __future__ import annotations

import marshal
import pickle
import zlib
from array import array

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesgraph.common.hashed import REMEMBERED, SPREAD, Index, TupleIndex
from rulesgraph.common.packed import Strings, Tuples, joined


def _back(state: object) -> object:
    return marshal.loads(marshal.dumps(state))  # as the cache stores it


@given(st.lists(st.text(alphabet="abcdéß ", min_size=1, max_size=8), unique=True, max_size=200))
def test_an_index_finds_every_key_and_nothing_else(keys: list[str]) -> None:
    rows = [tuple(range(i % 3)) for i in range(len(keys))]
    m = Index.from_state(_back(Index.of(keys, rows).state()), 3)
    s = Index.from_state(_back(Index.of(keys).state()))
    for n, key in enumerate(keys):
        assert m.find(key) == n and m.get(key) == rows[n] and m[key] == rows[n] and key in s and key in s  # twice: remembered
    for absent in ("zz", "abcdéßab" + "x", ""):
        if absent not in keys:
            assert absent not in s and m.get(absent, ()) == () and m.find(absent) is None
    assert list(m) == keys and list(m.items()) == list(zip(keys, rows, strict=True)) and 3 not in s  # type: ignore[operator]


def test_an_index_of_another_shape_is_refused() -> None:
    keys, slots, values = Index.of(["a", "b"], [(0,), (1,)]).state()
    for bad in [None, (keys, slots), (keys, slots[:-1], values), (keys, slots[: len(slots) // 2], values), (keys, slots, None),
                (keys, b"\0" * 8, values)]:
        with pytest.raises(ValueError):
            Index.from_state(bad, 2)


def test_damaged_slots_never_hang_nor_fail_a_lookup() -> None:
    keys, slots, _ = Index.of(["a", "b", "c"]).state()
    size = len(slots) // 4
    with pytest.raises(ValueError):
        Index.from_state((keys, array("I", [1] * size).tobytes(), None))  # no slot empty: a search might not end
    for damaged in (array("I", [99] * (size - 1) + [0]), array("I", [3, 2, 1] + [0] * (size - 3)), array("I", [0] * size)):
        index = Index.from_state((keys, damaged.tobytes(), None))
        assert "zzz" not in index  # the search ends at the empty slot, past slots naming no key
        index.find("a")


def test_a_tuple_index_finds_word_tuples() -> None:
    rows = [("lightning", "bolt"), ("shock",), ("sword", "of", "fire", "and", "ice")]
    t = Tuples.of(rows)
    index = TupleIndex(Index.from_state(Index.slots_for(Strings.of(map(joined, rows))).tobytes(), keys=Strings(*t.state_views())))
    assert [index[r] for r in rows] == [0, 1, 2] and index.get(("lightning",)) is None and ("shock",) in index
    assert list(index) == rows and dict(index.items()) == {r: n for n, r in enumerate(rows)}
    with pytest.raises(KeyError):
        index[("bolt",)]


def test_an_index_pickles() -> None:
    for item in (Index.of(["a"], [(0,)]), Index.of(["a", "b"])):
        assert pickle.loads(pickle.dumps(item)) == item


def test_an_index_is_made_at_most_a_third_full_and_reads_one_half_full() -> None:
    keys = [f"w{n}" for n in range(200)]
    made = Index.of(keys, [(n,) for n in range(200)])
    assert len(made.state()[1]) // 4 >= SPREAD * len(keys)  # most misses end at their first slot
    size = 512  # half full at most: as a table made before SPREAD was, still read and found
    slots = array("I", [0] * size)
    for n, key in enumerate(keys, 1):
        h = zlib.crc32(key.encode()) & (size - 1)
        while slots[h]:
            h = (h + 1) & (size - 1)
        slots[h] = n
    half = Index.from_state((made.state()[0], slots.tobytes(), made.state()[2]), 200)
    assert all(half.get(k) == (n,) and k in half for n, k in enumerate(keys)) and half.get("w200") is None and "x" not in half


def test_remembered_lookups_answer_as_the_first_did() -> None:
    keys = [f"k{n}" for n in range(3 * REMEMBERED)]
    m, s = Index.of(keys, [(n,) for n in range(len(keys))]), Index.of(keys[::2])
    for _ in range(2):  # the second pass: some remembered, some forgotten (the memos hold 2 × REMEMBERED)
        for n, key in enumerate([*keys, "nope"]):
            assert m.get(key, "none") == ((n,) if key != "nope" else "none") and (key in s) == (key in keys[::2])
    assert m.get(3, "none") == "none" and 3 not in s  # type: ignore[arg-type,operator]


def test_a_map_asked_whether_it_holds_a_key_then_gives_its_row() -> None:
    """Both kinds of lookup share one memo of places: ``key in m`` first must not leave ``True`` where ``m.get(key)``
    reads a row (it did when each kept its own kind of answer there)."""
    m = Index.of(["a", "b"], [(1,), (2, 3)])
    assert "a" in m and m.get("a") == (1,) and m["a"] == (1,)
    assert m.get("b") == (2, 3) and "b" in m and "c" not in m and m.get("c", ()) == ()
