"""rulesgraph/common/lazyre.py: a lazy expression is not compiled until used, then matches as the compiled one does."""

from __future__ import annotations

import re

import pytest

from rulesgraph.common.lazyre import Lazy, lazy

CASES = [(r"\b(?:banned|ban ?list)\b", re.IGNORECASE, "Is it on the BAN LIST? banned!"),
         (r"(?P<n>\d{3})\.(\d+)([a-z]?)", 0, "see 702.19b and 101.1"), (r"^(?:modern)$", re.IGNORECASE, "Modern")]


def _span(m: re.Match[str] | None) -> tuple[int, int] | None:
    return None if m is None else m.span()


@pytest.mark.parametrize(("source", "flags", "text"), CASES)
def test_a_lazy_pattern_answers_as_the_compiled_one(source: str, flags: int, text: str) -> None:
    p, c = lazy(source, flags), re.compile(source, flags)
    assert isinstance(p, Lazy) and "search" not in vars(p)  # nothing compiled yet
    for _ in range(2):  # the first use compiles; the second reads the kept methods
        assert [m.span() for m in p.finditer(text)] == [m.span() for m in c.finditer(text)]
        assert p.findall(text) == c.findall(text) and p.sub("_", text) == c.sub("_", text) and p.split(text) == c.split(text)
        assert _span(p.match(text)) == _span(c.match(text)) and _span(p.fullmatch(text)) == _span(c.fullmatch(text))
        assert (p.pattern, p.flags, p.groups, p.groupindex) == (c.pattern, c.flags, c.groups, c.groupindex)
    assert "search" in vars(p)


def test_a_bad_expression_fails_when_first_used_and_unknown_names_are_no_attributes() -> None:
    p = lazy("(unclosed")
    with pytest.raises(re.error):
        p.search("x")
    with pytest.raises(AttributeError):
        p.__wrapped__  # type: ignore[attr-defined]  # noqa: B018
