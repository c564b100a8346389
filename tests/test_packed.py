"""The packed containers: every item reads back as it was put in, and a state of another shape is refused."""

from __future__ import annotations

import marshal
import pickle
from array import array

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesgraph.common.packed import Codes, Flags, Groups, Labels, Numbers, Spaced, Strings, Tuples, all_below

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


@given(st.lists(st.lists(st.text("abcé", min_size=1, max_size=6), min_size=1, max_size=4), max_size=30),
       st.integers(0, 30), st.integers(0, 30))
def test_spaced_sized_is_the_strings_of_those_lengths_in_order(rows: list[list[str]], least: int, most: int) -> None:
    spaced = Spaced(Tuples.of(rows))
    places, names = spaced.sized(least, most)
    assert places == [i for i, s in enumerate(spaced) if least <= len(s) <= most]
    assert names == [spaced[i] for i in places]
    assert spaced.sized(least, most) == (places, names)  # and again, from the places kept by length


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
                 Groups.of([(1, 2)])):
        assert pickle.loads(pickle.dumps(item)) == item


@given(st.lists(st.integers(0, 2**32 - 1) | st.integers(0, 70_000), max_size=60), st.integers(-2, 70_000) | st.integers(0, 2**33))
def test_all_below_says_what_max_says(numbers: list[int], bound: int) -> None:
    data = array("I", numbers).tobytes()
    assert all_below(data, memoryview(data).cast("I"), bound) == (not numbers or max(numbers) < bound)


def test_all_below_reads_the_numbers_near_the_bound_one_by_one() -> None:
    for numbers, bound in [([29999, 0, 5], 30000), ([30000], 30000), ([29952, 29951], 29952), ([256 * 117 + 48], 30000),
                           ([65535], 65535), ([65534], 65535), ([1 << 16], 65535), ([1 << 24], 300), ([], 0), ([0], 0)]:
        data = array("I", numbers).tobytes()
        assert all_below(data, memoryview(data).cast("I"), bound) == (not numbers or max(numbers) < bound), (numbers, bound)


def test_views_of_bytes_are_read_as_the_bytes() -> None:
    """A long byte string of a cache file is read where it lies (a view of the mapped file): every container takes one."""
    view = lambda b: memoryview(bytearray(b"..") + b)[2:].toreadonly()  # not a bytes object: a view inside other memory
    flags = Flags.from_state(view(Flags.of([True, False, True]).state()), 3)
    codes = Codes.from_state(view(Codes.of(["face", "name"], ("name", "face")).state()), ("name", "face"), 2)
    numbers = Numbers.from_state(view(Numbers.of([3, -1], "i").state()), "i", 2)
    values, offsets = Groups.of([(0,), (2, 1)]).state()
    groups = Groups.from_state((view(values), view(offsets)), 3, 2)
    assert [flags[i] for i in range(3)] == [True, False, True] and [codes[0], codes[1]] == ["face", "name"] and list(numbers) == [3, -1]
    assert [groups[0], groups[1]] == [(0,), (2, 1)] and flags == Flags.of([True, False, True])
    assert pickle.loads(pickle.dumps(flags)) == flags and pickle.loads(pickle.dumps(codes)) == codes
    with pytest.raises(ValueError):
        Flags.from_state(view(b"\0\2"), 2)
    with pytest.raises(ValueError):
        Flags.from_state(memoryview(b"\0\1\0\1")[::2], 2)  # not one piece of memory
    with pytest.raises(ValueError):
        Numbers.from_state(memoryview(array("i", [3, -1])), "i", 2)  # not bytes: numbers already
