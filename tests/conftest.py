"""Shared fixtures: an isolated cache, the full CR files (from ../shared/data/cr, or the directory
$RULESGRAPH_TEST_CR_DIR names; skipped when absent, required when RULESGRAPH_REQUIRE_FULL_CR=1 as in CI), the
external tools some tests drive (tmux, chromium, Graphviz, ruff: skipped when missing, required when
RULESGRAPH_REQUIRE_TOOLS=1 as in CI), parsed/built corpora reused across tests, and one line at the end
saying why tests were skipped.

Property-based tests run under a hypothesis profile: ``ci`` by default (few examples, the same ones every
run), ``long`` with ``HYPOTHESIS_PROFILE=long`` (by hand: see the README's Reliability section)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import pytest
from hypothesis import HealthCheck, settings

from rulesgraph import Rulebook, SourceSpec, bundled_sources, load

if TYPE_CHECKING:
    from rulesgraph.question.namedcards import CardDeck

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("long", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parent.parent
CR_DIR_ENV = "RULESGRAPH_TEST_CR_DIR"
"""Names the directory holding the full CR files (``rulesgraph update --file`` installs them under these names in
``~/.local/share/rulesgraph/rules``); default ``../shared/data/cr`` beside the project."""
CR_DIR = Path(os.environ.get(CR_DIR_ENV) or ROOT.parent / "shared" / "data" / "cr")
CR_2026 = CR_DIR / "MagicCompRules-20260619.txt"
CR_2024 = CR_DIR / "MagicCompRules-20240202.txt"
FIXTURES = Path(__file__).parent / "fixtures"
CARDS_XZ = ROOT.parent / "shared" / "data" / "cards" / "AtomicCards-20220425.json.xz"
M21 = ROOT.parent / "shared" / "data" / "rulings" / "M21.json"
TOURNAMENT_DIR = CR_DIR.parent / "tournament"
"""The tournament documents (MTR, IPG, JAR) as text and PDF, for the tests that parse the real ones."""


def require_cr(path: Path) -> Path:
    """The path of a full CR file, or skip (fail in CI, where RULESGRAPH_REQUIRE_FULL_CR=1)."""
    if path.is_file():
        return path
    if os.environ.get("RULESGRAPH_REQUIRE_FULL_CR") == "1":
        pytest.fail(f"{path} is missing, and RULESGRAPH_REQUIRE_FULL_CR=1 says the full-CR tests must run")
    pytest.skip(f"{path} not present ({FULL_CR_MISSING})")


def require_cards(path: Path = CARDS_XZ) -> Path:
    """The path of a stand-in card file (../shared/data/cards, ../shared/data/rulings), or skip (fail in CI)."""
    if path.is_file():
        return path
    if os.environ.get("RULESGRAPH_REQUIRE_FULL_CR") == "1":
        pytest.fail(f"{path} is missing, and RULESGRAPH_REQUIRE_FULL_CR=1 says the tests that need it must run")
    pytest.skip(f"{path} not present (the stand-in card data lives in ../shared/data)")


def require_tournament(name: str) -> Path:
    """A tournament document of ../shared/data/tournament by file name, or skip (fail in CI)."""
    path = TOURNAMENT_DIR / name
    if path.is_file():
        return path
    if os.environ.get("RULESGRAPH_REQUIRE_FULL_CR") == "1":
        pytest.fail(f"{path} is missing, and RULESGRAPH_REQUIRE_FULL_CR=1 says the tests that need it must run")
    pytest.skip(f"{path} not present (the tournament documents live in ../shared/data/tournament)")


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The real MTR 2026-02-27, IPG 2024-09-23 and JAR 2024-09-23 installed into a fresh data directory (or skip)."""
    from rulesgraph.build import tbook
    from rulesgraph.versions import tstore

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    tbook.load.cache_clear()
    for name in ("MTR-20260227.txt", "IPG-20240923.txt", "JAR-20240923.txt"):
        tstore.install_file(require_tournament(name))
    yield
    tbook.load.cache_clear()


FULL_CR_MISSING = "the full Comprehensive Rules files are not there"
"""The reason every test needing the full CR files gives when it skips (the summary line counts them by it)."""


def require_tool(name_or_reason: str) -> NoReturn:
    """Give up on a test because an external tool it drives is missing: skip, saying why (fail in CI, where
    RULESGRAPH_REQUIRE_TOOLS=1 says every such test must run).  A bare tool name says it is not installed."""
    reason = name_or_reason if " " in name_or_reason.strip() else f"{name_or_reason} is not installed"
    if os.environ.get("RULESGRAPH_REQUIRE_TOOLS") == "1":
        pytest.fail(f"{reason}, and RULESGRAPH_REQUIRE_TOOLS=1 says the tests that need it must run")
    pytest.skip(reason, allow_module_level=True)


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never touch the user's real cache, data or config directories, nor download the tournament documents from the
    internet (a bare ``update`` and the first start fetch them: by default from a port nothing listens on)."""
    base = tmp_path_factory.getbasetemp()
    monkeypatch.setenv("RULESGRAPH_TOURNAMENT_URL", "http://127.0.0.1:9")
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


@pytest.fixture
def rule_70_off() -> Iterator[None]:
    """Rule 70 (learned candidates, stated in test_steps_learned.py) off: a test stating another step alone, with and
    without what that step reads, or over the miniature rules the bundled learned words were not learned for, would
    see rule 70 bring rules by the question's words whichever way."""
    from .test_ranking import weight

    with weight("learned_text", 0.0):
        yield


@pytest.fixture
def rule_75_off() -> Iterator[None]:
    """Rule 75 (learned cards, stated in test_cardsteps_learnedcards.py) off: a test stating another card step, with and
    without what that step reads of a card, would see rule 75 bring the rules questions about such cards rest on
    whichever way."""
    from .test_ranking import weight

    with weight("learned_card", 0.0):
        yield


@pytest.fixture(autouse=True)
def _mini_without_rule_70(request: pytest.FixtureRequest) -> None:
    """The miniature rules are not the rules the bundled learned words were learned for: rule 70 is off over them."""
    if "mini_book" in request.fixturenames:
        request.getfixturevalue("rule_70_off")


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


@pytest.fixture(scope="session")
def full_cards(tmp_path_factory: pytest.TempPathFactory, full_book: Rulebook) -> Path:
    """The card store of the whole stand-in AtomicCards file, joined to the 2026 CR's keywords: built once
    per session (about 12 s, the rulings linked to the rules) at a path of its own; tests open it or link it into their data directory."""
    from rulesgraph.cards.install import install
    from rulesgraph.cards.read import read_card_file
    from rulesgraph.cards.rulinglinks import Linker
    from rulesgraph.cards.view import keyword_list

    path = tmp_path_factory.mktemp("cards") / "cards.sqlite"
    install(read_card_file(require_cards()), keyword_list(full_book), path=path, linker=Linker(full_book))
    return path


@pytest.fixture
def installed_cards(full_cards: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The session's full card store, linked in as the installed card data of a data directory of this test's own
    (other tests never see it)."""
    from rulesgraph.cards import store_path

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "userdata"))
    target = store_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.unlink(missing_ok=True)
    target.symlink_to(full_cards)
    return target


@pytest.fixture(scope="session")
def session_deck(full_book: Rulebook, full_cards: Path, tmp_path_factory: pytest.TempPathFactory) -> CardDeck:
    """The session's full card store opened once, as ``ask`` reads it, from a data and cache directory of its own:
    opening it builds the card-name table (~2 s), which each test opening it again paid."""
    from rulesgraph.cards import store_path
    from rulesgraph.question.namedcards import open_deck

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("RULESGRAPH_DATA_DIR", str(tmp_path_factory.mktemp("deck-data")))
        mp.setenv("RULESGRAPH_CACHE_DIR", str(tmp_path_factory.mktemp("deck-cache")))
        target = store_path()
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(full_cards)
        deck = open_deck(full_book)[0]
    assert deck is not None
    return deck


@pytest.fixture
def deck(session_deck: CardDeck, installed_cards: Path) -> CardDeck:
    """The stand-in card data installed (for what reads it by its path) and opened (the session's, :func:`session_deck`;
    a test module with a smaller deck of its own defines its own ``deck``)."""
    return session_deck


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line saying why tests were skipped, when they were (counted by reason)."""
    skipped = terminalreporter.stats.get("skipped", [])
    if not skipped:
        return
    reasons: dict[str, int] = {}
    for report in skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason.removeprefix("Skipped: ")
        if FULL_CR_MISSING in reason:
            reason = (f"need the full Comprehensive Rules files ({CR_2026.name}, {CR_2024.name}), not found in {CR_DIR}: "
                      f"set {CR_DIR_ENV} to a directory holding them (see README, Run the tests)")
        reasons[reason] = reasons.get(reason, 0) + 1
    said = "; ".join(f"{n} {why}" for why, n in sorted(reasons.items(), key=lambda item: -item[1]))
    terminalreporter.write_line(f"{len(skipped)} skipped: {said}", yellow=True)
