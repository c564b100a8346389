"""Every dotted name of ours that the docs, docstrings, benches and tests mention (``rulesgraph.build.cache``,
``from rulesgraph.answer.compose import ask``, code in a string run by a subprocess) still names a module or an
attribute: a module moved to another stage leaves no reference behind that only fails when that line runs."""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOTTED = re.compile(r"\b(rulesgraph(?:_cli)?(?:\.[A-Za-z_]\w*)+)")
IMPORTED = re.compile(r"from (rulesgraph(?:_cli)?(?:\.\w+)*) import (?:\(([^)]*)\)|([\w, ]+))")
SUFFIXES = (".py", ".txt", ".json", ".jsonl", ".c", ".md", ".html", ".names")
SKIP = {"test_style.py", "test_references.py"}
"""Files that mention wrong names on purpose (the import-style test's refused lines, and this one's examples)."""


def texts() -> list[Path]:
    paths = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "bench").rglob("*.py"),
             *(ROOT / "bench").rglob("*.md"), *(ROOT / "tests").glob("*.py"), *(ROOT / "rulesgraph").rglob("*.py")]
    return [p for p in paths if p.is_file() and p.name not in SKIP]


def resolves(dotted: str) -> bool:
    """Whether ``dotted`` is a module, or a module's attribute path (a dataclass field or annotated attribute counts)."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for part in parts[i:]:
            fields = {f.name for f in dataclasses.fields(obj)} if dataclasses.is_dataclass(obj) else set()
            if hasattr(obj, part) or part in fields or part in getattr(obj, "__annotations__", {}):
                obj = getattr(obj, part, None)
            else:
                return False
        return True
    return False


def mentioned(text: str) -> set[str]:
    names = {m.group(1) for m in DOTTED.finditer(text) if not m.group(1).endswith(SUFFIXES)}
    for m in IMPORTED.finditer(text):
        listed = re.sub(r"\bas \w+|#.*", "", m.group(2) if m.group(2) is not None else m.group(3))
        names |= {f"{m.group(1)}.{name}" for name in re.split(r"[,\s]+", listed.strip()) if name}
    return names


def test_every_name_mentioned_exists() -> None:
    broken = sorted(f"{p.relative_to(ROOT)}: {name}" for p in texts()
                    for name in mentioned(p.read_text(encoding="utf-8")) if not resolves(name))
    assert not broken, "names that no longer exist:\n" + "\n".join(broken)


def test_a_moved_name_is_caught() -> None:
    assert mentioned('code = "import os; from rulesgraph import cache"') == {"rulesgraph.cache"}
    assert not resolves("rulesgraph.cache")
    assert resolves("rulesgraph.build.cache") and resolves("rulesgraph.question.read.MAX_CHARS")
    assert not resolves("rulesgraph.question.analyze.MAX_CHARS")
    assert resolves("rulesgraph.build.index.Index.names")  # a dataclass field
