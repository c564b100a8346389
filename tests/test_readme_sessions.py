"""README's REPL sessions shown whole are what the program prints: each is typed again into ``rulesgraph --plain`` through
a pipe at 90 columns, the way README says they were captured (the 2026 CR and the stand-in card data installed, and the
options its "Captured with `… | rulesgraph --plain …`" line gives), and must come out line for line.  A session README
abridges (a line "…") is left out.  A change of ranking or rendering that moves one of them fails here, not in front of
a reader."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SESSION = re.compile(r"```\n(rules> .*?)```", re.DOTALL)
CAPTURED = re.compile(r"Captured with `printf '[^']*' \|\s+rulesgraph --plain([^`]*)`")
"""The line before a session that says how it was captured, and the options it gives."""


def sessions(readme: str) -> list[tuple[list[str], list[str], str]]:
    """Each whole session of ``readme``: the options it was captured with, the lines typed, and what it shows."""
    out = []
    for m in SESSION.finditer(readme):
        shown = m.group(1)
        if any(line.strip() == "…" for line in shown.splitlines()):
            continue
        before = readme[max(0, m.start() - 400):m.start()]
        said = CAPTURED.findall(before)
        options = shlex.split(said[-1]) if said else []
        typed = [line.removeprefix("rules> ") for line in shown.splitlines() if line.startswith("rules> ")]
        out.append((options, typed, shown))
    return out


def test_the_whole_sessions_are_found() -> None:
    """The parser above finds README's whole sessions (six when this was written), the first as typed and one with the
    options said before it."""
    found = sessions((ROOT / "README.md").read_text(encoding="utf-8"))
    assert [typed for _, typed, _ in found][:1] == [["can I block with a creature I sacrificed to annihilator?", "2"]]
    assert any(options == ["-k", "2"] and typed[0] == ":card stuffy dol" for options, typed, _ in found)


@pytest.mark.full_cr
def test_readme_sessions_are_what_the_program_prints(cr2026: Path, full_cards: Path, tmp_path: Path) -> None:
    """Each whole session of README, typed again into the program as README says it was captured."""
    data, cache, config = tmp_path / "data", tmp_path / "cache", tmp_path / "config"
    (data / "rules").mkdir(parents=True)
    (data / "cards").mkdir()
    shutil.copyfile(cr2026, data / "rules" / cr2026.name)
    (data / "cards" / "cards.sqlite").symlink_to(full_cards)
    env = {k: v for k, v in os.environ.items() if not k.startswith("RULESGRAPH_")}
    env.update(RULESGRAPH_DATA_DIR=str(data), RULESGRAPH_CACHE_DIR=str(cache), RULESGRAPH_CONFIG_DIR=str(config), COLUMNS="90",
               HOME=str(tmp_path), NO_COLOR="1", PYTHONIOENCODING="utf-8")
    for options, typed, shown in sessions((ROOT / "README.md").read_text(encoding="utf-8")):
        done = subprocess.run([sys.executable, "-m", "rulesgraph", "--plain", *options], input="\n".join(typed) + "\n",
                              capture_output=True, text=True, encoding="utf-8", env=env, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        assert done.stdout.rstrip("\n") == shown.rstrip("\n"), f"README's session of {typed[0]!r} is not what the program prints"
