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
