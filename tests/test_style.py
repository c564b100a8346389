"""The code base stays ruff-clean, and the library never prints or imports the terminal front end."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (pip install -e '.[test]')")
    proc = subprocess.run([ruff, "check", "--no-cache", str(ROOT)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_library_layering() -> None:
    """rulesgraph/ never imports prompt_toolkit, rich or the CLI (its __main__ shim excepted), and every module
    says what it is for in a docstring and stays small."""
    for path in sorted((ROOT / "rulesgraph").rglob("*.py")):
        text = path.read_text()
        if path.name != "__main__.py":
            assert "prompt_toolkit" not in text and "rulesgraph_cli" not in text and "import rich" not in text, path
        assert text.lstrip().startswith('"""'), f"{path} has no module docstring"
        assert text.count("\n") < 400, f"{path} is over 400 lines"
    for path in sorted((ROOT / "cli").rglob("*.py")):
        assert path.read_text().lstrip().startswith('"""'), f"{path} has no module docstring"
        assert "rulesgraph.parse" not in path.read_text(), f"{path} parses rules text; that is the library's job"
