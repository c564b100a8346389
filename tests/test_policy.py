"""Ranking the tournament documents for a policy question: players' words read as the documents' own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesgraph import tstore
from rulesgraph.policy import _terms, policy_index
from rulesgraph.text import stem

from .conftest import require_tournament


def test_players_words_read_as_the_documents_words() -> None:
    assert {stem("intentionally"), stem("knowingly")} <= set(_terms("he let it happen on purpose"))
    assert stem("issue") in _terms("can a floor judge hand out a game loss")
    assert "hand" not in _terms("can a floor judge hand out a game loss")
    assert stem("insufficient") in _terms("my deck has too few cards")
    assert stem("tear") in _terms("he ripped up my card") and stem("aggressive") in _terms("in anger")
    assert stem("assist") in _terms("my buddy wants to help me")
    assert _terms("He said it") == _terms("he says it")  # irregular forms still joined; case folded first


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    tstore.load.cache_clear()
    for name in ("MTR-20260227.txt", "IPG-20240923.txt", "JAR-20240923.txt"):
        tstore.install_file(require_tournament(name))
    yield
    tstore.load.cache_clear()


@pytest.mark.parametrize(("question", "expected"), [
    ("player ripped up his opponent's card in anger after losing. penalty?", "IPG 4.5"),
    ("at fnm a guy let his opponent put a creature in the graveyard that wasn't dead, on purpose. what happens to him", "JAR 8"),
])
def test_synonyms_reach_the_section(documents: None, question: str, expected: str) -> None:
    index = policy_index()
    assert index is not None
    assert expected in [h.section.id for h in index.search(question, 3)]
