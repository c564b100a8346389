"""Check that a table of builtins read back from the cache has the shape its fields promise, before anything trusts
it: a file that passed its checksum is still only data (a null where a list was, an index past the end, a list of
mixed types would be a traceback far from here).  Linear, at C speed per level of nesting."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

__all__ = ["well_formed"]

_CONTAINERS = (list, tuple, frozenset, set)


def _uniform(values: Iterable[object], depth: int = 0) -> type | None:
    """The one type of every item of ``values`` (int and float are one: numbers), checked level by level inside the
    containers among them; raises ValueError for a null, a type no table holds, or items of several types.  Linear,
    at C speed per level (``set(map(type, …))``): 40,000 names are checked in about 15 ms."""
    items = values if isinstance(values, list) else list(values)
    kinds = set(map(type, items))
    if not kinds:
        return None
    if kinds <= {int, float}:
        return float if float in kinds else int
    if len(kinds) > 1:
        raise ValueError("items of several types")
    (kind,) = kinds
    if kind is str or kind is bool:
        return kind
    if depth < 4 and kind in _CONTAINERS:
        _uniform(list(itertools.chain.from_iterable(items)), depth + 1)  # type: ignore[arg-type]
        return kind
    if depth < 4 and kind is dict:
        _uniform(list(itertools.chain.from_iterable(v.keys() for v in items)), depth + 1)  # type: ignore[attr-defined]
        _uniform(list(itertools.chain.from_iterable(v.values() for v in items)), depth + 1)  # type: ignore[attr-defined]
        return kind
    raise ValueError(f"a {kind.__name__} in the table")


def well_formed(parts: dict[str, object], empty: dict[str, object], aligned: Iterable[str] = ()) -> bool:
    """Every field of the container type ``empty`` (the same table, new) gives it, each container's items of one type
    and never null, the ``aligned`` lists as long as the first of them, and every integer in a dict's values an index
    into that first list."""
    try:
        for name, value in parts.items():
            if type(value) is not type(empty[name]):
                return False
            _uniform([value])
        aligned = [name for name in aligned if name in parts]
        count = len(parts[aligned[0]]) if aligned else 0  # type: ignore[arg-type]
        if any(len(parts[name]) != count for name in aligned):  # type: ignore[arg-type]
            return False
        for value in parts.values():
            if isinstance(value, dict) and value:
                found = list(value.values())
                if isinstance(found[0], list):
                    found = list(itertools.chain.from_iterable(found))
                if aligned and found and _uniform(found) is int and not (min(found) >= 0 and max(found) < count):  # type: ignore[type-var]
                    return False
        return True
    except (ValueError, TypeError, RecursionError):
        return False
