"""The code base stays ruff-clean, and the library never prints or imports the terminal front end."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import require_tool

ROOT = Path(__file__).resolve().parent.parent


def _imports(modules: str) -> re.Pattern[str]:
    """An import statement, at any indentation, of one of ``modules`` (a regex alternation) or a module inside it."""
    return re.compile(rf"^\s*(from\s+({modules})(\.[\w.]+)?\s+import\b|import\s+([\w.]+\s*,\s*)*({modules})\b)", re.M)


TERMINAL = _imports("rich|prompt_toolkit")
CLI = _imports("rulesgraph_cli")
PARSERS = re.compile(r"^\s*(from\s+rulesgraph\.parse\b|import\s+([\w.]+\s*,\s*)*rulesgraph\.parse\b"
                     r"|from\s+rulesgraph\s+import\s+(\(\s*)?([\w\s,]+,\s*)?parse\b)", re.M)
LAYERING = {"terminal": TERMINAL, "cli": CLI, "parsers": PARSERS}


def test_ruff_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        require_tool("ruff is not installed (pip install -e '.[test]')")
    proc = subprocess.run([ruff, "check", "--no-cache", str(ROOT)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_library_layering() -> None:
    """rulesgraph/ never imports prompt_toolkit, rich or the CLI (its __main__ shim excepted), and every module
    says what it is for in a docstring and stays small; the CLI never imports the parsers."""
    for path in sorted((ROOT / "rulesgraph").rglob("*.py")):
        text = path.read_text()
        assert not TERMINAL.search(text), f"{path} imports the terminal front end's libraries"
        if path.name != "__main__.py":
            assert not CLI.search(text), f"{path} imports the CLI"
        assert text.lstrip().startswith('"""'), f"{path} has no module docstring"
        assert text.count("\n") < 400, f"{path} is over 400 lines"
    for path in sorted((ROOT / "cli").rglob("*.py")):
        text = path.read_text()
        assert text.lstrip().startswith('"""'), f"{path} has no module docstring"
        assert not PARSERS.search(text), f"{path} parses rules text; that is the library's job"


@pytest.mark.parametrize(("layer", "line"), [
    ("terminal", "from rich.console import Console"), ("terminal", "import rich"), ("terminal", "    import prompt_toolkit.shortcuts"),
    ("terminal", "from prompt_toolkit import PromptSession"), ("terminal", "import os, rich.text"),
    ("cli", "from rulesgraph_cli.main import main"), ("cli", "import rulesgraph_cli"),
    ("parsers", "from rulesgraph.parse.cr import parse_cr"), ("parsers", "from rulesgraph import parse"),
    ("parsers", "from rulesgraph import store, parse"), ("parsers", "from rulesgraph import (\n    store,\n    parse,\n)"),
    ("parsers", "import rulesgraph.parse"),
])
def test_the_layering_patterns_see_imports(layer: str, line: str) -> None:
    """Every spelling of an import is caught, including ``from x.y import z`` (``import rich`` alone missed it)."""
    assert LAYERING[layer].search(f'"""A module."""\n\nimport re\n{line}\n')


@pytest.mark.parametrize("line", ["from richtext import x", "import prompt_toolkitx", "from rulesgraph.parser import y",
                                  "from rulesgraph import parsed", "# rich, prompt_toolkit and rulesgraph_cli are not imported"])
def test_the_layering_patterns_see_only_imports(line: str) -> None:
    assert not any(p.search(line) for p in LAYERING.values())
