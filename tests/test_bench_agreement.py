"""bench/agreement.py: each card name `card` resolves is counted in its class, so the table says which names `ask`
finds by design only in brackets (or not at all) and which it should find as said."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from agreement import kind  # noqa: E402

from rulesgraph.cards.model import CardName, CardSummary  # noqa: E402
from rulesgraph.cards.nametable import NameTable, tokens  # noqa: E402


def test_names_are_counted_by_what_ask_may_make_of_them() -> None:
    zipf = {"massacre": 3.4}
    cards = [CardName("Lightning Bolt", rank=159), CardName("Flash"), CardName("Massacre"), CardName("Urborg", rank=8089),
             CardName("Urborg, Tomb of Yawgmoth", rank=58), CardName("Pick Your Poison", funny=True),
             CardName("Squee", layout="vanguard"), CardName("A-Blood Artist")]
    t = NameTable.build(cards, ["flash"], zipf=lambda w: zipf.get(w, 0.0))
    summary = lambda c: CardSummary(c.key, c.faces, c.funny, c.layout, c.rank, ())
    got = {c.key: kind(summary(c), t, tuple(tokens(c.key))) for c in cards}
    assert got["Lightning Bolt"] == "playable"
    assert got["Flash"] == got["Massacre"] == "playable, a rules word or common English word"
    assert got["Urborg"] == "playable, also a far more played card's short name"
    assert got["Pick Your Poison"] == got["Squee"] == "Un-card, playtest card, Vanguard or plane: brackets only"
    assert got["A-Blood Artist"] == "digital rebalance (A-), read as its paper card"
