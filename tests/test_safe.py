"""Control characters and escape sequences become visible symbols."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from rulesgraph_cli.safe import json_line, visible


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


def test_json_lines_escape_what_a_terminal_acts_on() -> None:
    """json.dumps(ensure_ascii=False) escapes C0 controls but writes C1 controls (CSI ``\\x9b``), bidirectional
    overrides and line separators raw: ``--json`` output read on a terminal could drive it."""
    data = {"text": "a\x9b2J b\u202ec \x85d\u2028e \x7f é “q” \x1b[31m", "lone": "\udcff"}
    line = json_line(data)
    assert json.loads(line) == data  # the same data
    assert line.isprintable() and "é “q”" in line and "\\u009b2J" in line and "\\u202e" in line


@given(st.recursive(st.text() | st.integers() | st.none(), lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner)))
def test_json_lines_round_trip_with_nothing_raw(obj: object) -> None:
    line = json_line(obj)
    assert json.loads(line) == obj and "\n" not in line
    assert not any(ord(ch) < 32 or 0x7F <= ord(ch) <= 0x9F or 0x202A <= ord(ch) <= 0x202E for ch in line)
