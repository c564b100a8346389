"""Rendering a diff: word runs marked in plain text, coloured on a terminal, long unchanged runs shortened."""

from __future__ import annotations

import io

from rich.console import Console

from rulesgraph.versions.diff import CrDiff, Entry, Moved, word_diff
from rulesgraph_cli.render.diff import diff_group, render_diff, render_words, summary


def test_plain_marks_and_context() -> None:
    words = word_diff("one two three four five six seven eight nine ten", "one two three four five SIX seven eight nine ten")
    assert render_words(words, plain=True).plain == "one two three four five [-six-] {+SIX+} seven eight nine ten"
    assert render_words(words, plain=True, context=2).plain == "… four five [-six-] {+SIX+} seven eight …"
    coloured = render_words(words, plain=False)
    assert "[-" not in coloured.plain and {str(span.style) for span in coloured.spans} == {"red strike", "green underline"}


def test_render_diff_plain_text() -> None:
    diff = CrDiff("2024-02-02", "2026-06-19", "a", "b", None, added=(Entry("701.5a", "To behold."),),
                  removed=(Entry("701.9", "Gone <b>."),), renumbered=(Moved("701.9", "701.5a", 91.2),), compared=(10, 10))
    out = io.StringIO()
    render_diff(Console(file=out, width=200, color_system=None), diff, plain=True)
    text = out.getvalue()
    assert text.startswith(summary(diff)) and "1 added, 1 removed, 0 changed" in text
    assert "701.9 → 701.5a  91.2" in text and "701.5a  (was 701.9) To behold." in text and "701.9  (now 701.5a) Gone <b>." in text
    # a number a moved rule took or left is counted so under its section (a trial: 131 of the 136 "removed" from 2024 to
    # 2026 were moves, which a judge studying took for rules gone)
    assert "added (1; 1 of them a moved rule's new number, marked (was …)):" in text
    assert "removed (1; 1 of them a moved rule's old number, marked (now …)):" in text


def test_the_repl_wraps_a_rules_text_under_itself() -> None:
    """``:diff`` in the REPL wraps at the terminal's width: each rule's text goes on under itself, not at the margin (it
    did at column 0); ``rulesgraph diff`` leaves the lines whole."""
    long = "Some older cards were printed with the ability totem armor or referenced that ability. " * 2
    diff = CrDiff("2024-02-02", "2026-06-19", "a", "b", "702.89", added=(Entry("702.89b", long.strip()),), compared=(2, 3))
    out = io.StringIO()
    Console(file=out, width=60, color_system=None).print(diff_group(diff, plain=True))
    shown = out.getvalue().splitlines()
    lines = shown[shown.index("added (1):") + 1:]
    assert lines[0].startswith("  702.89b  Some older") and len(lines) > 2
    assert all(line.startswith(" " * 11) and line[11] != " " for line in lines[1:])
    short = CrDiff("2024-02-02", "2026-06-19", "a", "b", None, added=(Entry("701.5a", "Gone."),), compared=(1, 1))
    out = io.StringIO()
    Console(file=out, width=60, color_system=None).print(diff_group(short, plain=True))
    assert "  701.5a  Gone." in out.getvalue().splitlines()  # not stretched to the margin with spaces
    whole = io.StringIO()
    render_diff(Console(file=whole, width=60, color_system=None, soft_wrap=True), diff, plain=True)
    assert f"  702.89b  {long.strip()}" in whole.getvalue().splitlines()
