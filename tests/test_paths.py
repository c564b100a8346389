"""The user directories (rulesgraph/common/paths.py): the environment's variable first; on Linux the XDG directories,
read as platformdirs reads them, without importing it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from rulesgraph.common.paths import XDG, user_dir

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG directories are read so on Linux only")


def test_the_variable_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "mine"))
    assert user_dir("RULESGRAPH_DATA_DIR", "data") == tmp_path / "mine"


@linux
@pytest.mark.parametrize("said", [None, "", "   ", "/an/absolute/dir", "/with trailing/"])
@pytest.mark.parametrize("kind", sorted(XDG))
def test_linux_directories_are_platformdirs_own(kind: str, said: str | None, monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    """Whatever the XDG variable says — unset, blank, absolute — the directory is the one platformdirs gives."""
    monkeypatch.delenv("ANDROID_DATA", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("RULESGRAPH_SOME_DIR", raising=False)
    name, _ = XDG[kind]
    if said is None:
        monkeypatch.delenv(name, raising=False)
    else:
        monkeypatch.setenv(name, said)
    expected = getattr(platformdirs, f"user_{kind}_path")("rulesgraph")
    assert user_dir("RULESGRAPH_SOME_DIR", kind) == expected


@linux
@pytest.mark.parametrize("kind", sorted(XDG))
def test_a_relative_xdg_directory_is_ignored(kind: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The specification: a relative path in an XDG variable is invalid and ignored (recent platformdirs releases read
    it so; older ones used it as it was)."""
    monkeypatch.delenv("ANDROID_DATA", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    name, default = XDG[kind]
    monkeypatch.setenv(name, "relative/dir")
    assert user_dir("RULESGRAPH_SOME_DIR", kind) == tmp_path / default.removeprefix("~/") / "rulesgraph"


@linux
@pytest.mark.parametrize("home", ["", "relative/home"])
def test_a_blank_or_relative_home_is_left_to_platformdirs(home: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """platformdirs reads a blank or relative HOME as none (the user's entry says where home is): so does this."""
    monkeypatch.delenv("ANDROID_DATA", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", home)
    found = user_dir("RULESGRAPH_SOME_DIR", "data")
    assert found.is_absolute() and found == platformdirs.user_data_path("rulesgraph")


@linux
def test_finding_the_directories_imports_no_platformdirs(tmp_path: Path) -> None:
    """A one-question process whose environment names no directory does not import platformdirs (its ``unix`` module
    imports tempfile, shutil, bz2, lzma and random: ~16 ms of the process's CPU)."""
    probe = ("import sys; from rulesgraph.common.paths import data_dir, user_dir; "
             "print(data_dir(), user_dir('RULESGRAPH_CACHE_DIR', 'cache'), user_dir('RULESGRAPH_CONFIG_DIR', 'config'), "
             "'platformdirs' in sys.modules, sep='\\n')")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RULESGRAPH_", "XDG_"))}
    env["HOME"] = str(tmp_path)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.splitlines() == [f"{tmp_path}/.local/share/rulesgraph", f"{tmp_path}/.cache/rulesgraph",
                                   f"{tmp_path}/.config/rulesgraph", "False"]
