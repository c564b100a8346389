"""Rendering a diff: word runs marked in plain text, coloured on a terminal, long unchanged runs shortened."""

from __future__ import annotations

import io

from rich.console import Console

from rulesgraph.versions.diff import CrDiff, Entry, Moved, word_diff
from rulesgraph_cli.render.diff import render_diff, render_words, summary


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
