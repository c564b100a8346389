"""rulesgraph/cardanswer.py: rulings cited among the rules by score, the direct answer from a settling ruling, the
why-lines through a card and the cards shown under an answer."""

from __future__ import annotations

from rulesgraph.analyze import Analysis
from rulesgraph.cardanswer import card_why, shown_cards, with_rulings
from rulesgraph.model import Citation
from rulesgraph.namedcards import NamedCard

ELF = NamedCard("Bulwark Elf", "bulwark elfs", 0, 12, 0.9, "plural", "Creature — Elf", "Prevent all damage.",
                (("Shield", "has", ("702.30",)),),
                (("Elf", "subtype", ("205.3m",)), ("Aura", "subtype", ("303.4",)), ("Creature", "type", ("302",))),
                (("2020-01-01", "First ruling."), ("2020-01-01", "Second ruling, same day.")), frozenset({"bulwark", "elf"}))
A = Analysis("q", (), (), (), (), (), 0.0, cards=(ELF,))


def rule(number: str, score: float) -> Citation:
    return Citation(number, "rule", number, None, "text", "cr.txt:1", "2026-06-19", score)


def test_a_ruling_takes_its_place_by_score_and_settles_when_it_leads() -> None:
    ruling = (2.0, "Bulwark Elf", "2020-01-01", "Second ruling, same day.", 0.8)
    cited, direct = with_rulings(A, [rule("702.30", 3.0), rule("509.1", 1.0)], [ruling], 3, 0.2)
    assert [c.id for c in cited] == ["702.30", "ruling:Bulwark Elf:2020-01-01:2", "509.1"]
    assert cited[1].kind == "ruling" and cited[1].label == "Bulwark Elf" and cited[1].source == "Bulwark Elf ruling, 2020-01-01"
    assert direct == "Second ruling, same day."


def test_a_weak_or_late_ruling_is_not_cited_and_does_not_answer() -> None:
    rules = [rule("702.30", 3.0), rule("509.1", 2.5)]
    assert with_rulings(A, rules, [(0.1, "Bulwark Elf", "2020-01-01", "First ruling.", 0.9)], 3, 0.2) == (rules, None)
    cited, direct = with_rulings(A, rules, [(1.0, "Bulwark Elf", "2020-01-01", "First ruling.", 0.9)], 2, 0.2)
    assert cited == rules and direct is None  # it would come third of two
    cited, direct = with_rulings(A, rules, [(2.0, "Bulwark Elf", "2020-01-01", "First ruling.", 0.45)], 3, 0.2)
    assert cited[2].kind == "ruling" and direct is None  # cited, but it holds too little of the question to answer it


def test_why_lines_and_shown_cards() -> None:
    assert card_why(A) == ["‘bulwark elfs’ names card Bulwark Elf (plural): shield → 702.30, Aura → 303.4"]
    assert [(c.name, c.type, c.text) for c in shown_cards(A)] == [("Bulwark Elf", "Creature — Elf", "Prevent all damage.")]
