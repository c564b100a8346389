"""The packed containers: every item reads back as it was put in, lookups find every key and nothing else, a state
of another shape is refused, and damage the checks let through (slots, offsets) never hangs or fails a lookup."""

from __future__ import annotations

import marshal
import pickle
from array import array

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesgraph.common.packed import Codes, Flags, Groups, Index, Labels, Numbers, Spaced, Strings, TupleIndex, Tuples, joined

WORDS = ["lightning", "bolt", "", "Æther", "vial", "urzas", "lim", "duls", "vault", "ß", "x" * 300]


def _back(state: object) -> object:
    return marshal.loads(marshal.dumps(state))  # as the cache stores it


def test_strings_read_back_in_order() -> None:
    s = Strings.from_state(_back(Strings.of(WORDS).state()))
    assert list(s) == WORDS and [s[i] for i in range(len(WORDS))] == WORDS and s[-1] == WORDS[-1] and len(s) == len(WORDS)
    with pytest.raises(IndexError):
        s[len(WORDS)]
    with pytest.raises(IndexError):
        s[-len(WORDS) - 1]


@given(st.lists(st.text(alphabet=st.characters(blacklist_characters="\x1f"), max_size=12), max_size=40))
def test_any_strings_read_back(items: list[str]) -> None:
    assert list(Strings.from_state(_back(Strings.of(items).state()))) == items


def test_tuples_and_their_spaced_form() -> None:
    rows = [("lightning", "bolt"), ("shock",), ("sword", "of", "fire", "and", "ice")]
    t = Tuples.from_state(_back(Tuples.of(rows).state()))
    spaced = Spaced(t)
    assert [t[i] for i in range(3)] == rows and list(t) == rows
    assert [spaced[i] for i in range(3)] == [" ".join(r) for r in rows] == list(spaced)
    index = TupleIndex(Index.from_state(Index.slots_for(Strings.of(map(joined, rows))).tobytes(), keys=Strings(*t.state_views())))
    assert [index[r] for r in rows] == [0, 1, 2] and index.get(("lightning",)) is None and ("shock",) in index


def test_numbers_flags_and_codes_are_exact() -> None:
    zipf = [4.5, 5.0 + 4.8 - 9, -0.7, 0.0, 1e-9]
    assert list(Numbers.from_state(_back(Numbers.of(zipf, "d").state()), "d", 5)) == zipf
    assert list(Numbers.from_state(Numbers.of([0, 1, 10**7, -3], "i").state(), "i", 4)) == [0, 1, 10**7, -3]
    flags = Flags.from_state(Flags.of([True, False, True]).state(), 3)
    assert [flags[i] for i in range(3)] == [True, False, True] and all(type(flags[i]) is bool for i in range(3))
    codes = Codes.from_state(Codes.of(["face", "name", "face"], ("name", "face")).state(), ("name", "face"), 3)
    assert [codes[i] for i in range(3)] == ["face", "name", "face"]


def test_groups_and_labels() -> None:
    rows = [(0,), (2, 1), (), (1, 1, 0)]
    g = Groups.from_state(_back(Groups.of(rows).state()), 3, 4)
    assert [g[i] for i in range(4)] == rows and g[-1] == rows[-1]
    names = Strings.of(["Shock", "Fire // Ice", "Urborg"])
    assert Labels(g, names)[1] == ("Urborg", "Fire // Ice")
    with pytest.raises(ValueError):
        Groups.from_state(g.state(), 2)  # a place past the end


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


def test_other_states_are_refused() -> None:
    for bad in [None, ("text",), ("abc", b"\0\0\0"), ("abc", array("I", [0, 2]).tobytes()), (b"abc", array("I", [0, 3]).tobytes())]:
        with pytest.raises(ValueError):
            Strings.from_state(bad)
    with pytest.raises(ValueError):
        Flags.from_state(b"\0\2", 2)
    with pytest.raises(ValueError):
        Flags.from_state(b"\0\1", 3)
    with pytest.raises(ValueError):
        Codes.from_state(b"\0\5", ("a", "b"), 2)
    with pytest.raises(ValueError):
        Numbers.from_state(b"\0" * 7, "d", 1)


def test_they_pickle() -> None:
    t = Tuples.of([("a", "b"), ("c",)])
    for item in (Strings.of(WORDS), t, Spaced(t), Numbers.of([1.5], "d"), Flags.of([True]), Codes.of(["x"], ("x",)),
                 Groups.of([(1, 2)]), Index.of(["a"], [(0,)])):
        assert pickle.loads(pickle.dumps(item)) == item
