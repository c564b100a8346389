"""cli/context.py: the width plain output wraps at — $COLUMNS, else the terminal's, else 80."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import termios

import pytest

from rulesgraph_cli.context import _width


def test_a_terminal_without_columns_gives_its_own_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """README: plain text wraps to the terminal's width; a 120-column terminal without $COLUMNS got 80."""
    monkeypatch.delenv("COLUMNS", raising=False)
    main, side = pty.openpty()
    try:
        fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        with os.fdopen(side, "w", closefd=False) as stream:
            assert _width(stream) == 120
            monkeypatch.setenv("COLUMNS", "100")
            assert _width(stream) == 100
            monkeypatch.setenv("COLUMNS", "wide")  # not a number: the terminal's
            assert _width(stream) == 120
    finally:
        os.close(main)
        os.close(side)


def test_a_pipe_without_columns_gives_80(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    read, write = os.pipe()
    try:
        with os.fdopen(write, "w", closefd=False) as stream:
            assert _width(stream) == 80
    finally:
        os.close(read)
        os.close(write)
