"""``rulesgraph_cli.start``: the installed command imports the front end with the cyclic collector off, freezes what that made,
then runs it."""

from __future__ import annotations

import gc
import sys
import tomllib
from pathlib import Path

import pytest

from rulesgraph_cli import start


def test_the_installed_command_is_start_entry() -> None:
    pyproject = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["scripts"]["rulesgraph"] == "rulesgraph_cli.start:entry"


def test_entry_imports_the_front_end_with_the_collector_off_and_runs_it_with_it_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import rulesgraph_cli.main as main

    seen: dict[str, bool] = {}
    real_import = __import__

    def spy(name: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        if name == "main" or name.endswith(".main"):
            seen.setdefault("importing", gc.isenabled())
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr("builtins.__import__", spy)
    monkeypatch.setattr(main, "entry", lambda: seen.setdefault("running", gc.isenabled()) and 7)
    gc.unfreeze()
    try:
        assert gc.isenabled() and start.entry() == 7
        assert seen == {"importing": False, "running": True} and gc.isenabled()
        assert gc.get_freeze_count() > 0  # what importing made is kept out of the collector's generations
    finally:
        gc.unfreeze()


def test_entry_leaves_a_collector_that_was_off_off(monkeypatch: pytest.MonkeyPatch) -> None:
    import rulesgraph_cli.main as main

    monkeypatch.setattr(main, "entry", lambda: 0)
    gc.disable()
    try:
        assert start.entry() == 0 and not gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()
    assert "rulesgraph_cli.main" in sys.modules


def test_ctrl_c_before_or_after_the_command_is_status_130_without_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    import rulesgraph_cli.main as main

    def interrupted() -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(main, "entry", interrupted)
    assert start.entry() == start.INTERRUPTED == 130
    assert gc.isenabled()
