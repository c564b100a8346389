"""rulesgraph/common/reprograms.py: an expression compiled from a stored program is the one ``re.compile`` makes;
the table is bounded, kept as the rules cache keeps its entries (authenticated), and anything unexpected leaves
``re.compile`` in charge."""

from __future__ import annotations

import marshal
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesgraph.build import cache
from rulesgraph.common import reprograms
from rulesgraph.common.lazyre import lazy

CASES = [(r"(?P<n>\d{3})\.(\d+)([a-z]?)", 0), (r"\b(?:banned|ban ?list)\b", re.IGNORECASE),
         (r"(?<![\w.])\d{3}\.\d+[a-z]?\b|(?<=rule )\d{3}", 0), (r"^\W*judges?\s*(?:[,!:]|(?=(?:he|she)\b))", re.MULTILINE),
         (r"[\x00-\x08\x0b-\x1f\u2028\u202a-\u202e\ud800-\udfff]", 0), (r"“([^“”]+)”|\bcast(?:s|ing)?\b", re.IGNORECASE | re.DOTALL)]


@pytest.fixture
def fresh() -> Iterator[None]:
    """The module's process-wide state as a process that never loaded a store, restored after."""
    saved = (dict(reprograms._KNOWN), dict(reprograms._LEARNED), reprograms._ON[0])
    reprograms._KNOWN.clear()
    reprograms._LEARNED.clear()
    reprograms._ON[0] = False
    yield
    reprograms._KNOWN.clear()
    reprograms._KNOWN.update(saved[0])
    reprograms._LEARNED.clear()
    reprograms._LEARNED.update(saved[1])
    reprograms._ON[0] = saved[2]


def test_without_a_store_it_is_re_compile(fresh: None) -> None:
    assert reprograms.compile(CASES[0][0]) is re.compile(CASES[0][0])  # re's own cache: the very same object
    assert not reprograms._LEARNED


@pytest.mark.parametrize(("source", "flags"), CASES)
def test_a_program_made_then_kept_compiles_to_the_pattern_re_makes(fresh: None, source: str, flags: int) -> None:
    reprograms.use(None)  # no table yet: programs are made and remembered
    made = reprograms.compile(source, flags)
    assert made == re.compile(source, flags)  # patterns are equal only when their engine code is
    assert (made.groupindex, made.groups, made.flags) == (re.compile(source, flags).groupindex, re.compile(source, flags).groups,
                                                          re.compile(source, flags).flags)
    table = reprograms.learned()
    assert table is not None and isinstance(table[(source, flags)][1], bytes)  # code words as bytes
    reprograms.kept()
    assert not reprograms._LEARNED and reprograms.learned() is None  # nothing new: nothing to write
    reprograms._KNOWN.clear()
    reprograms.use(marshal.loads(marshal.dumps(table)))  # the next process
    again = reprograms.compile(source, flags)
    assert again == re.compile(source, flags) and not reprograms._LEARNED
    assert isinstance(reprograms._KNOWN[(source, flags)][1], list)  # made a list once, when first used
    text = "see rule 702 and 702.19b; Judge, he cast “Shock” BANNED \x01"
    assert [m.span() for m in again.finditer(text)] == [m.span() for m in re.compile(source, flags).finditer(text)]


def test_a_lazy_pattern_uses_the_table(fresh: None) -> None:
    reprograms.use(None)
    p = lazy(r"\bstored (\w+)")
    assert p.search("a stored program").group(1) == "program"  # type: ignore[union-attr]
    assert (r"\bstored (\w+)", 0) in reprograms._LEARNED


@pytest.fixture
def cache_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache directory of the test's own, with no key or checked files remembered from another."""
    monkeypatch.setenv("RULESGRAPH_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(cache, "_secret", {})
    monkeypatch.setattr(cache, "_checked", {})
    return tmp_path


def test_the_table_is_a_cache_entry_another_key_or_a_cut_file_is_not_used(fresh: None, cache_in: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    reprograms.use(None)
    reprograms.compile(CASES[1][0], CASES[1][1])
    assert cache.write(reprograms.NAME, reprograms.learned(), "regex") is None
    path = cache_in / f"build-{reprograms.NAME}.regex"
    assert (CASES[1][0], CASES[1][1]) in cache.read(reprograms.NAME, "regex")[0]
    monkeypatch.setattr(cache, "_secret", {str(cache_in / cache.SECRET): b"x" * 32})  # another user's key
    assert cache.read(reprograms.NAME, "regex")[0] is None
    monkeypatch.setattr(cache, "_secret", {})
    data = path.read_bytes()
    for stored in (data[:-5], data[:10], data[:40] + bytes([data[40] ^ 1]) + data[41:]):
        path.write_bytes(stored)
        assert cache.read(reprograms.NAME, "regex")[0] is None  # damaged: read as no table


def test_the_command_keeps_the_table_and_reads_it_back(fresh: None, cache_in: Path) -> None:
    from rulesgraph_cli.main import _programs

    _programs("load")  # none yet
    assert reprograms._ON[0] and not reprograms._KNOWN
    reprograms.compile(CASES[3][0], CASES[3][1])
    _programs("save")
    assert not reprograms._LEARNED and (cache_in / f"build-{reprograms.NAME}.regex").is_file()
    reprograms._KNOWN.clear()
    _programs("load")  # the next process
    assert (CASES[3][0], CASES[3][1]) in reprograms._KNOWN
    assert reprograms.compile(CASES[3][0], CASES[3][1]) == re.compile(CASES[3][0], CASES[3][1]) and not reprograms._LEARNED


def test_a_table_that_cannot_be_written_is_kept_to_learn_again(fresh: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rulesgraph_cli.main import _programs

    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("RULESGRAPH_CACHE_DIR", str(blocker / "sub"))  # a directory under a file: cannot be made
    monkeypatch.setattr(cache, "_secret", {})
    reprograms.use(None)
    reprograms.compile("unwritten")
    _programs("save")
    assert ("unwritten", 0) in reprograms._LEARNED


def test_a_long_program_is_read_where_it_lies_and_kept_again(fresh: None, cache_in: Path) -> None:
    long = "|".join(f"w{i:05d}x" for i in range(6000))  # its code is over marshalled.LONG bytes: a view of the mapped file
    reprograms.use(None)
    reprograms.compile(long)
    assert cache.write(reprograms.NAME, reprograms.learned(), "regex") is None
    reprograms.kept()
    reprograms._KNOWN.clear()
    reprograms.use(cache.read(reprograms.NAME, "regex")[0])
    assert not isinstance(reprograms._KNOWN[(long, 0)][1], bytes)  # not copied when read
    reprograms.compile("another")  # something new: the whole table is written again, the long one as it was read
    table = reprograms.learned()
    assert table is not None and cache.write(reprograms.NAME, table, "regex") is None
    reprograms.kept()
    reprograms._KNOWN.clear()
    reprograms.use(cache.read(reprograms.NAME, "regex")[0])
    assert reprograms.compile(long) == re.compile(long) and reprograms.compile(long).match("w05999x")


def test_the_old_store_file_is_removed(cache_in: Path) -> None:
    old = cache_in / "regex-cpython-311-20220615.bin"
    old.write_bytes(b"\0" * 64)
    assert cache.write("anything", {"a": 1}) is None
    assert not old.exists()


def test_a_table_that_is_not_one_is_none(fresh: None) -> None:
    reprograms.use(["not", "a", "table"])
    assert reprograms._ON[0] and not reprograms._KNOWN
    assert reprograms.compile(CASES[2][0]) == re.compile(CASES[2][0])


def test_entries_not_shaped_as_programs_are_left_out(fresh: None) -> None:
    good = (0, b"\0" * 8, 0, {}, (None,))
    reprograms.use({("a", 0): 5, ("b", 0): (0, b"\0" * 7, 0, {}, (None,)), ("c",): good, ("d", 0): good[:4], ("e", 0): good})
    assert list(reprograms._KNOWN) == [("e", 0)]
    reprograms.compile("f")  # something new: what is kept can be written
    assert set(reprograms.learned() or ()) == {("e", 0), ("f", 0)}


def test_a_bad_stored_program_falls_back_to_re_compile(fresh: None) -> None:
    refused = (32, bytes([1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]), 0, {}, (None,))  # shaped as a program; not code the engine takes
    reprograms.use({("abc", 0): refused})
    assert ("abc", 0) in reprograms._KNOWN
    assert reprograms.compile("abc", 0) == re.compile("abc")
    assert ("abc", 0) not in reprograms._KNOWN  # refused: made again next time, then kept right
    assert reprograms.compile("abc", 0) == re.compile("abc") and ("abc", 0) in reprograms._LEARNED


def test_bad_expressions_fail_as_re_compile_fails_and_debug_is_left_to_re(fresh: None) -> None:
    reprograms.use(None)
    with pytest.raises(re.error):
        reprograms.compile("(unclosed")
    assert not reprograms._LEARNED
    assert reprograms._PLAIN & re.DEBUG  # re.compile prints the program for re.DEBUG: such an expression is left to it


def test_the_table_is_bounded(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reprograms, "LIMIT", 2)
    reprograms.use(None)
    for i in range(5):
        assert reprograms.compile(f"a{i}b") == re.compile(f"a{i}b")
    assert len(reprograms._LEARNED) == 2


def test_changed_internals_turn_it_off(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reprograms, "_program", lambda pattern, flags: (0, [0], 0, {}, (None,)))
    reprograms.use({("x+y", 0): (0, b"\0\0\0\0", 0, {}, (None,))})
    assert not reprograms._ON[0]
    assert reprograms.compile("x+y") == re.compile("x+y")
