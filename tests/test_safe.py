"""Control characters and escape sequences become visible symbols."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulesgraph_cli.safe import visible


def test_escapes_become_symbols() -> None:
    assert visible("a\x1b[31mb\x1b]8;;http://x\x07c") == "a␛[31mb␛]8;;http://x␇c"
    assert visible("\x9b2J\x7f\x00") == "<U+009B>2J␡␀"
    assert visible("abc\u202edef") == "abc<U+202E>def"  # a right-to-left override cannot reorder what is shown


def test_newlines_and_tabs() -> None:
    assert visible("a\r\nb\tc") == "a\nb    c"
    assert visible("a\nb", newlines=False) == "a b"


def test_ordinary_text_is_unchanged() -> None:
    text = "“Trample” — 702.19b [bold]x[/bold] ∞ é"
    assert visible(text) is text


@given(st.text())
def test_nothing_left_that_drives_a_terminal(text: str) -> None:
    out = visible(text)
    assert not any(ord(ch) < 32 and ch != "\n" for ch in out)
    assert not any(0x7F <= ord(ch) <= 0x9F for ch in out)
