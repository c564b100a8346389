"""Printing: paging only when taller than the terminal, trailing spaces trimmed for pipes."""

from __future__ import annotations

import io
import os

import pytest
from rich.console import Console
from rich.text import Text

from rulesgraph_cli import output
from rulesgraph_cli.output import SystemPager, TrimmedWriter, plain_text, show


def test_trimmed_writer() -> None:
    sink = io.StringIO()
    w = TrimmedWriter(sink)
    w.write("a  \nb ")
    w.write(" c   \n")
    w.write("tail ")
    w.flush()
    assert sink.getvalue() == "a\nb  c\ntail "


def test_plain_text_has_no_trailing_spaces() -> None:
    assert plain_text(Text("x" * 10 + " " * 5)) == "x" * 10 + "\n"


@pytest.mark.parametrize(("lines", "paged"), [(5, False), (50, True)])
def test_pages_only_when_taller_than_the_terminal(monkeypatch: pytest.MonkeyPatch, lines: int, paged: bool) -> None:
    shown: list[str] = []
    monkeypatch.setattr(output.SystemPager, "show", lambda self, content: shown.append(content))
    console = Console(file=io.StringIO(), force_terminal=True, width=40, height=24)
    show(console, Text("\n".join(f"line {i}" for i in range(lines))), page=True)
    assert bool(shown) is paged
    shown.clear()
    show(console, Text("\n".join(f"line {i}" for i in range(lines))), page=False)
    assert not shown


def test_never_pages_into_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(output.SystemPager, "show", lambda self, content: pytest.fail("paged into a pipe"))
    show(Console(file=io.StringIO(), width=40, height=5), Text("\n".join("x" * 50)), page=True)


def test_pager_falls_back_to_printing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAGER", "no-such-pager-program")
    sink = io.StringIO()
    SystemPager(sink).show("hello\n")
    assert sink.getvalue() == "hello\n"


def test_pager_runs_the_pager(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "paged.txt"
    monkeypatch.setenv("PAGER", f"tee {target}")
    SystemPager(io.StringIO()).show("page me\n")
    assert target.read_text() == "page me\n"


def test_less_keeps_the_answer_on_screen_unless_the_user_set_its_options(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``less`` runs with git's ``FRX``: quitting it leaves the answer above the next prompt; a user's ``$LESS`` stands."""
    seen = tmp_path / "less-options.txt"
    fake = tmp_path / "less"
    fake.write_text(f'#!/bin/sh\nprintf "%s" "$LESS" > {seen}\ncat > /dev/null\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}:{os.environ['PATH']}")
    monkeypatch.delenv("PAGER", raising=False)
    monkeypatch.delenv("LESS", raising=False)
    SystemPager(io.StringIO()).show("page me\n")
    assert seen.read_text() == "FRX"
    SystemPager(io.StringIO(), "q: back to the question prompt").show("page me\n")  # the REPL's foot line, its colon escaped
    assert seen.read_text() == "FRX-Psq\\: back to the question prompt$"
    monkeypatch.setenv("LESS", "-S")
    SystemPager(io.StringIO(), "q: back").show("page me\n")
    assert seen.read_text() == "-S"
