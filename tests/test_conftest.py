"""The suite's own behaviour (tests/conftest.py): without the full CR files, the tests that need them skip and
pytest says why in one line; RULESGRAPH_TEST_CR_DIR points the suite at a directory holding them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .conftest import CR_DIR_ENV, ROOT


def _pytest(tmp_path: Path, cr_dir: str, *tests: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("RULESGRAPH_REQUIRE_FULL_CR", "PYTEST_ADDOPTS")}
    env[CR_DIR_ENV] = cr_dir
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_skipped_tests_are_explained_in_one_line(tmp_path: Path) -> None:
    done = _pytest(tmp_path, str(tmp_path / "nowhere"), "tests/test_lookup.py")
    assert done.returncode == 0, done.stdout[-2000:]
    lines = [line for line in done.stdout.splitlines() if "skipped:" in line]
    assert len(lines) == 1, done.stdout[-2000:]
    assert "need the full Comprehensive Rules files" in lines[0] and CR_DIR_ENV in lines[0] and str(tmp_path / "nowhere") in lines[0]
    assert "SKIPPED [" not in done.stdout  # no line per skipped test


def test_the_variable_points_the_suite_at_the_rules(tmp_path: Path, cr2026: Path) -> None:
    done = _pytest(tmp_path, str(cr2026.parent), "tests/test_lookup.py")
    assert done.returncode == 0 and "skipped" not in done.stdout, done.stdout[-2000:]
