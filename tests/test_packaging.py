"""pyproject.toml lists every package of the library, so a plain (non-editable) install has all of them
(``rulesgraph.cards`` was once left out: the editable install found it, the packaged one did not)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_library_package_is_listed() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "rulesgraph").rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
    front = {".".join(("rulesgraph_cli", *p.parent.relative_to(ROOT / "cli").parts)) for p in (ROOT / "cli").rglob("__init__.py")}
    assert {"rulesgraph_cli", "rulesgraph_cli.cmd", "rulesgraph_cli.repl"} <= front  # the front end's folders (cli/ is rulesgraph_cli)
    assert front <= listed, sorted(front - listed)


def test_every_bundled_data_file_is_packaged() -> None:
    """Each file of ``data/`` (the ``rulesgraph_data`` package: seeds, the alias table, the learned rule words) matches
    a package-data pattern, so a plain install carries it (``learned.tsv`` joined in stop 34)."""
    from fnmatch import fnmatch

    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    kept = patterns["rulesgraph_data"]
    files = [p.name for p in (ROOT / "data").iterdir() if p.is_file() and p.suffix != ".py"]
    assert "learned.tsv" in files and "aliases.toml" in files
    assert all(any(fnmatch(name, pattern) for pattern in kept) for name in files), files
