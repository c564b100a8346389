"""The memo of the values last looked up (:mod:`rulesgraph.common.recent`)."""

from __future__ import annotations

import pytest

from rulesgraph.common.recent import Recent


def test_it_keeps_at_most_twice_its_bound_and_what_is_looked_up_again_stays() -> None:
    memo: Recent[int, str] = Recent(3)
    memo.put(0, "0")
    for i in range(1, 10):
        memo.put(i, str(i))
        assert memo.get(0) == "0"  # looked up after every other value: it never goes
        assert len(memo) <= 6
    assert memo.get(1) is None  # not looked up again while more than its bound came
    assert memo.get(9) == "9"


def test_a_value_found_in_the_older_memo_moves_to_the_newer() -> None:
    memo: Recent[str, int] = Recent(2)
    memo.put("a", 1)
    memo.put("b", 2)
    memo.put("c", 3)  # the newer memo was full: a and b are the older now
    assert len(memo) == 3
    assert memo.get("a") == 1  # moved: it stays when the older memo goes
    memo.put("d", 4)  # the newer memo (c, a) is full: b goes
    memo.put("e", 5)
    assert memo.get("b") is None and memo.get("a") == 1 and memo.get("e") == 5
    assert len(memo) <= 4


def test_a_memo_keeps_at_least_one_value() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Recent(0)


def test_a_value_put_again_is_kept_once() -> None:
    memo: Recent[int, str] = Recent(2)
    memo.put(1, "a")
    memo.put(2, "b")
    memo.put(2, "c")  # already in the newer memo: replaced there, nothing moves
    assert len(memo) == 2 and memo.get(2) == "c"
    memo.put(3, "d")  # 1 and 2 are the older memo now
    memo.put(1, "e")  # put again from the older memo: kept once, in the newer
    assert len(memo) == 3 and memo.get(1) == "e"
