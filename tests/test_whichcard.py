"""rulesgraph/question/whichcard.py: of several cards a name they share may be, the one whose card the question describes."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesgraph import Rulebook
from rulesgraph.cards.store import open_store
from rulesgraph.question.namedcards import open_deck
from rulesgraph.question.whichcard import described

from .minicards import CARDS, face, install_cards

TWO = {**CARDS,
       "Olwen, the Bright": [face("Olwen, the Bright", "Whenever a creature you control attacks, scry 1.",
                                  type_line="Legendary Creature — Elf")],
       "Olwen, the Dark": [face("Olwen, the Dark", "Deathtouch", type_line="Legendary Creature — Elf", keywords=["Deathtouch"])]}


@pytest.fixture
def stocked(mini_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Rulebook:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    install_cards(mini_book, TWO)
    return mini_book


def test_the_candidate_the_question_describes(stocked: Rulebook) -> None:
    store = open_store()
    assert store is not None
    both = ("Olwen, the Bright", "Olwen, the Dark")
    q = "Olwen has deathtouch and is blocked by two creatures, what happens?"
    assert described(q, 0, 5, both, store, stocked.index) == "Olwen, the Dark"
    assert described("Olwen is out, what happens?", 0, 5, both, store, stocked.index) is None  # nothing said of either


def test_a_question_naming_a_shared_short_name_reads_the_card_it_describes(stocked: Rulebook) -> None:
    deck, _ = open_deck(stocked)
    assert deck is not None
    assert [c.key for c in deck.named("Olwen has deathtouch, is she blocked by two creatures?")] == ["Olwen, the Dark"]
    assert deck.named("Olwen is out, what happens?") == ()


def test_a_shared_name_nothing_decides_is_told_once_and_read_as_no_card(stocked: Rulebook) -> None:
    """``shared`` gets a name several cards share that the question does not decide between, once however often it is
    said; a name the question decides is not in it.  ``ask`` says so in its why lines."""
    from rulesgraph.answer.compose import ask

    deck, _ = open_deck(stocked)
    assert deck is not None
    shared: list[tuple[str, tuple[str, ...]]] = []
    assert deck.named("Olwen is out and another Olwen comes in, what happens?", shared=shared) == ()
    assert shared == [("Olwen", ("Olwen, the Bright", "Olwen, the Dark"))] or \
        shared == [("Olwen", ("Olwen, the Dark", "Olwen, the Bright"))]
    again: list[tuple[str, tuple[str, ...]]] = []  # the same cards said two ways: told once
    deck.named("I have an Olwen and my friend has two Olwens, what happens?", shared=again)
    assert len(again) == 1 and again[0][0] == "Olwen"
    decided: list[tuple[str, tuple[str, ...]]] = []
    assert [c.key for c in deck.named("Olwen has deathtouch, is she blocked by two creatures?", shared=decided)] == ["Olwen, the Dark"]
    assert decided == []
    why = ask(stocked, "Olwen is out and another Olwen comes in, what happens?", deck=deck).why
    told = [w for w in why if w.startswith("‘Olwen’ may be any of 2 cards (")]
    assert len(told) == 1 and told[0].endswith("the answer reads none of them; name the card for its text and rulings")


def test_a_shared_name_said_again_is_decided_once(stocked: Rulebook, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long question saying one shared name many times reads its candidates' cards once, not once a mention."""
    import rulesgraph.question.whichcard as whichcard

    deck, _ = open_deck(stocked)
    assert deck is not None
    calls: list[str] = []

    def counted(question: str, *args: object) -> str | None:
        calls.append(question)
        return described(question, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(whichcard, "described", counted)
    q = "Olwen has deathtouch. " + "Olwen is big, Olwen is green. " * 20 + "Is Olwen dead?"
    assert [c.key for c in deck.named(q)] == ["Olwen, the Dark"]
    assert len(calls) == 1
