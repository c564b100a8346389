"""Shared fixtures: an isolated cache, the full CR files (skipped when ../shared is absent,
required when RULESGRAPH_REQUIRE_FULL_CR=1 as in CI), the external tools some tests drive (tmux, chromium,
Graphviz, ruff: skipped when missing, required when RULESGRAPH_REQUIRE_TOOLS=1 as in CI), and parsed/built
corpora reused across tests.

Property-based tests run under a hypothesis profile: ``ci`` by default (few examples, the same ones every
run), ``long`` with ``HYPOTHESIS_PROFILE=long`` (by hand: see the README's Reliability section)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import pytest
from hypothesis import HealthCheck, settings

from rulesgraph import Rulebook, SourceSpec, bundled_sources, load

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("long", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parent.parent
CR_DIR = ROOT.parent / "shared" / "data" / "cr"
CR_2026 = CR_DIR / "MagicCompRules-20260619.txt"
CR_2024 = CR_DIR / "MagicCompRules-20240202.txt"
FIXTURES = Path(__file__).parent / "fixtures"


def require_cr(path: Path) -> Path:
    """The path of a full CR file, or skip (fail in CI, where RULESGRAPH_REQUIRE_FULL_CR=1)."""
    if path.is_file():
        return path
    if os.environ.get("RULESGRAPH_REQUIRE_FULL_CR") == "1":
        pytest.fail(f"{path} is missing, and RULESGRAPH_REQUIRE_FULL_CR=1 says the full-CR tests must run")
    pytest.skip(f"{path} not present (the full Comprehensive Rules live in ../shared/data/cr)")


def require_tool(name_or_reason: str) -> NoReturn:
    """Give up on a test because an external tool it drives is missing: skip, saying why (fail in CI, where
    RULESGRAPH_REQUIRE_TOOLS=1 says every such test must run).  A bare tool name says it is not installed."""
    reason = name_or_reason if " " in name_or_reason.strip() else f"{name_or_reason} is not installed"
    if os.environ.get("RULESGRAPH_REQUIRE_TOOLS") == "1":
        pytest.fail(f"{reason}, and RULESGRAPH_REQUIRE_TOOLS=1 says the tests that need it must run")
    pytest.skip(reason, allow_module_level=True)


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never touch the user's real cache, data or config directories."""
    base = tmp_path_factory.getbasetemp()
    monkeypatch.setenv("RULESGRAPH_CACHE_DIR", str(base / "cache"))
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(base / "userdata"))
    monkeypatch.setenv("RULESGRAPH_CONFIG_DIR", str(base / "config"))


@pytest.fixture(scope="session")
def cr2026() -> Path:
    return require_cr(CR_2026)


@pytest.fixture(scope="session")
def cr2024() -> Path:
    return require_cr(CR_2024)


@pytest.fixture(scope="session")
def seeds_book() -> Rulebook:
    """The bundled seeds only, built without the cache."""
    return load(bundled_sources(), use_cache=False)


@pytest.fixture(scope="session")
def full_book(cr2026: Path) -> Rulebook:
    """The bundled seeds plus the 2026 CR, built without the cache."""
    return load([*bundled_sources(), SourceSpec(str(cr2026), None, cr2026.name)], use_cache=False)


@pytest.fixture(scope="session")
def mini_book() -> Rulebook:
    """A miniature CR and FAQ written for the tests (tests/fixtures/mini_*.txt): small enough to reason about."""
    return load([SourceSpec(str(FIXTURES / "mini_cr.txt")), SourceSpec(str(FIXTURES / "mini_faq.txt"))], use_cache=False)


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], cr2026: Path):  # type: ignore[no-untyped-def]
    """Run the command line with the 2026 CR added: ``run("rule", "702.19")`` → (status, stdout, stderr)."""
    from rulesgraph_cli.main import main

    def go(*argv: str) -> tuple[int, str, str]:
        code = main(["--rules", str(cr2026), *argv])
        out, err = capsys.readouterr()
        return code, out, err

    return go
