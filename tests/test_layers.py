"""The house by stage (issue 29): the stages import only the stages before them and no modules import each other in
a circle — import-linter's contracts in pyproject.toml, TYPE_CHECKING imports included — and the tree stays small
enough to read: at most six modules at the package's root, about fifteen in a folder."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rulesgraph"


def _lint(*args: str) -> subprocess.CompletedProcess[str]:
    code = (f"import sys; sys.argv = ['lint-imports', *{list(args)!r}]; "
            "from importlinter.cli import lint_imports_command; lint_imports_command()")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_import_contracts_hold() -> None:
    """``lint-imports`` reads the contracts from pyproject.toml; its report is shown when one is broken."""
    run = _lint()
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "Contracts: 3 kept, 0 broken." in run.stdout


def test_the_checker_reads_the_real_imports(tmp_path: Path) -> None:
    """Not vacuous: the same checker, told the answer stage lies below the common one, finds the imports that say
    otherwise."""
    config = tmp_path / "upside-down.ini"
    config.write_text("[importlinter]\nroot_package = rulesgraph\n\n[importlinter:contract:upside-down]\nname = upside down\n"
                      "type = layers\nlayers =\n    rulesgraph.common\n    rulesgraph.answer\n", encoding="utf-8")
    run = _lint("--config", str(config))
    assert run.returncode != 0 and "rulesgraph.answer" in run.stdout and "BROKEN" in run.stdout


def test_every_stage_is_in_the_layers() -> None:
    """The layers contract checks only the packages it names: a stage folder or a root module left out of its list
    may import any stage unseen (and be imported by any).  Every folder of the package and every root module but the
    public face (``__init__``, ``__main__``) is one of the layers."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in config if c["type"] == "layers")
    named = {part.strip() for layer in layers for part in layer.split("|")}
    children = {f"rulesgraph.{p.name}" for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    children |= {f"rulesgraph.{p.stem}" for p in PACKAGE.glob("*.py") if p.stem not in ("__init__", "__main__")}
    assert children <= named, sorted(children - named)
    assert "rulesgraph_cli" in named
    front = next(c["layers"] for c in config if c.get("id") == "front-end")
    named_front = {part.strip() for layer in front for part in layer.split("|")}
    cli = ROOT / "cli"
    parts = {f"rulesgraph_cli.{p.name}" for p in cli.iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    parts |= {f"rulesgraph_cli.{p.stem}" for p in cli.glob("*.py") if p.stem != "__init__"}
    assert parts == named_front, (sorted(parts - named_front), sorted(named_front - parts))  # the front end, every part placed
    circles = next(c for c in config if c["type"] == "acyclic_siblings")
    assert {"rulesgraph", "rulesgraph_cli"} <= set(circles["ancestors"]), "the front end's modules must not form circles either"


def test_the_tree_stays_readable() -> None:
    root = [p.name for p in PACKAGE.glob("*.py")]
    assert len(root) <= 6, root
    front = [p.name for p in (ROOT / "cli").glob("*.py")]  # the front end: commands, renderers and the REPL in folders
    assert len(front) <= 9, front
    folders = [p for top in (PACKAGE, ROOT / "cli") for p in (top, *top.rglob("*")) if p.is_dir() and p.name != "__pycache__"]
    for folder in (p for p in folders if any(p.glob("*.py"))):  # not a stale __pycache__ alone
        modules = [p.name for p in folder.glob("*.py") if p.name != "__init__.py"]
        assert len(modules) <= 15, (folder, modules)
        assert (folder / "__init__.py").is_file(), folder
        assert (folder / "__init__.py").read_text(encoding="utf-8").startswith('"""'), f"{folder}: say what enters and leaves"
