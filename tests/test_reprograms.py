"""rulesgraph/common/reprograms.py: an expression compiled from a stored program is the one ``re.compile`` makes;
the store is authenticated, bounded, and anything unexpected leaves ``re.compile`` in charge."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesgraph.common import reprograms
from rulesgraph.common.lazyre import lazy

CASES = [(r"(?P<n>\d{3})\.(\d+)([a-z]?)", 0), (r"\b(?:banned|ban ?list)\b", re.IGNORECASE),
         (r"(?<![\w.])\d{3}\.\d+[a-z]?\b|(?<=rule )\d{3}", 0), (r"^\W*judges?\s*(?:[,!:]|(?=(?:he|she)\b))", re.MULTILINE),
         (r"[\x00-\x08\x0b-\x1f\u2028\u202a-\u202e\ud800-\udfff]", 0), (r"“([^“”]+)”|\bcast(?:s|ing)?\b", re.IGNORECASE | re.DOTALL)]
KEY = b"k" * 32


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
def test_a_program_made_then_stored_compiles_to_the_pattern_re_makes(fresh: None, tmp_path: Path, source: str,
                                                                     flags: int) -> None:
    reprograms.load(tmp_path, lambda: KEY)  # no store yet: programs are made and remembered
    made = reprograms.compile(source, flags)
    assert made == re.compile(source, flags)  # patterns are equal only when their engine code is
    assert (made.groupindex, made.groups, made.flags) == (re.compile(source, flags).groupindex, re.compile(source, flags).groups,
                                                          re.compile(source, flags).flags)
    reprograms.save(tmp_path, lambda: KEY)
    assert reprograms.store_path(tmp_path).is_file() and not reprograms._LEARNED
    reprograms._KNOWN.clear()
    reprograms.load(tmp_path, lambda: KEY)  # the next process
    assert (source, flags) in reprograms._KNOWN
    again = reprograms.compile(source, flags)
    assert again == re.compile(source, flags) and not reprograms._LEARNED
    text = "see rule 702 and 702.19b; Judge, he cast “Shock” BANNED \x01"
    assert [m.span() for m in again.finditer(text)] == [m.span() for m in re.compile(source, flags).finditer(text)]


def test_a_lazy_pattern_uses_the_store(fresh: None, tmp_path: Path) -> None:
    reprograms.load(tmp_path, lambda: KEY)
    p = lazy(r"\bstored (\w+)")
    assert p.search("a stored program").group(1) == "program"  # type: ignore[union-attr]
    assert (r"\bstored (\w+)", 0) in reprograms._LEARNED


def test_a_store_with_another_key_or_cut_or_bad_is_not_used(fresh: None, tmp_path: Path) -> None:
    reprograms.load(tmp_path, lambda: KEY)
    reprograms.compile(CASES[1][0], CASES[1][1])
    reprograms.save(tmp_path, lambda: KEY)
    path = reprograms.store_path(tmp_path)
    data = path.read_bytes()
    for stored, key in ((data, b"x" * 32), (data[:-5], KEY), (data[:10], KEY), (b"\0" * 40, KEY)):
        path.write_bytes(stored)
        reprograms._KNOWN.clear()
        reprograms.load(tmp_path, lambda k=key: k)  # type: ignore[misc]
        assert not reprograms._KNOWN
        assert reprograms.compile(CASES[1][0], CASES[1][1]) == re.compile(CASES[1][0], CASES[1][1])


def test_a_bad_stored_program_falls_back_to_re_compile(fresh: None, tmp_path: Path) -> None:
    reprograms.load(tmp_path, lambda: KEY)
    reprograms._KNOWN[("abc", 0)] = (32, [1, 2, 3], 0, {}, (None,))  # not a program the engine takes
    assert reprograms.compile("abc", 0) == re.compile("abc")


def test_bad_expressions_fail_as_re_compile_fails_and_debug_is_left_to_re(fresh: None, tmp_path: Path) -> None:
    reprograms.load(tmp_path, lambda: KEY)
    with pytest.raises(re.error):
        reprograms.compile("(unclosed")
    assert not reprograms._LEARNED
    assert reprograms._PLAIN & re.DEBUG  # re.compile prints the program for re.DEBUG: such an expression is left to it


def test_the_store_is_bounded(fresh: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reprograms, "LIMIT", 2)
    reprograms.load(tmp_path, lambda: KEY)
    for i in range(5):
        assert reprograms.compile(f"a{i}b") == re.compile(f"a{i}b")
    assert len(reprograms._LEARNED) == 2


def test_an_unwritable_store_is_no_failure(fresh: None, tmp_path: Path) -> None:
    reprograms.load(tmp_path, lambda: KEY)
    reprograms.compile("unwritten")
    blocker = tmp_path / "file"
    blocker.write_text("")
    reprograms.save(blocker / "sub", lambda: KEY)  # a directory under a file: cannot be made
    assert reprograms._LEARNED


def test_changed_internals_turn_it_off(fresh: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reprograms, "_program", lambda pattern, flags: (0, [0], 0, {}, (None,)))
    reprograms.load(tmp_path, lambda: KEY)
    assert not reprograms._ON[0]
    assert reprograms.compile("x+y") == re.compile("x+y")
