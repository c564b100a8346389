"""rulesgraph.common.shapes: a table of builtins read back from the cache is trusted only in the shape its fields promise."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulesgraph.common.shapes import well_formed

EMPTY = {"words": [], "keys": [], "index": {}, "seen": frozenset(), "weights": []}
ALIGNED = ("words", "keys", "weights")


@st.composite
def tables(draw: st.DrawFn) -> dict[str, object]:
    n = draw(st.integers(0, 20))
    words = draw(st.lists(st.text(max_size=5), min_size=n, max_size=n))
    keys = [tuple(draw(st.lists(st.text(min_size=1, max_size=4), min_size=1, max_size=3))) for _ in range(n)]
    index = {w: [i] for i, w in enumerate(words)}
    weights = draw(st.lists(st.one_of(st.floats(allow_nan=False), st.integers(-5, 5)), min_size=n, max_size=n))
    return {"words": words, "keys": keys, "index": index, "seen": frozenset(words), "weights": weights}


@given(tables())
def test_a_whole_table_is_well_formed(table: dict[str, object]) -> None:
    assert well_formed(table, EMPTY, ALIGNED)


@given(tables(), st.sampled_from(sorted(EMPTY)), st.sampled_from([None, b"x", object(), 10**6, "text"]))
def test_a_foreign_value_anywhere_is_refused(table: dict[str, object], field: str, bad: object) -> None:
    value = table[field]
    if isinstance(value, list) and value:
        changed = list(value)
        changed[len(changed) // 2] = bad
    elif isinstance(value, dict) and value:
        changed = dict(value)
        changed[next(iter(changed))] = bad if bad != 10**6 else [10**6]  # type: ignore[assignment]
    elif isinstance(value, frozenset) and value:
        changed = frozenset([*value, bad])  # type: ignore[assignment]
    else:
        changed = bad  # type: ignore[assignment]
    table = {**table, field: changed}
    same_kind = (field == "weights" and isinstance(bad, int)) or (field in ("words", "seen") and isinstance(bad, str))
    if not same_kind:
        assert not well_formed(table, EMPTY, ALIGNED), (field, bad)


def test_lists_of_another_length_are_refused() -> None:
    table = {"words": ["a", "b"], "keys": [("a",)], "index": {"a": [0]}, "seen": frozenset(), "weights": [1.0, 2.0]}
    assert not well_formed(table, EMPTY, ALIGNED)
