"""rulesgraph/answer/cardanswer.py: rulings cited among the rules by score, the direct answer from a settling ruling, the
why-lines through a card and the cards shown under an answer."""

from __future__ import annotations

from rulesgraph.answer.cardanswer import card_why, shown_cards, with_rulings
from rulesgraph.model import Citation
from rulesgraph.question.analyze import Analysis
from rulesgraph.question.namedcards import NamedCard

ELF = NamedCard("Bulwark Elf", "bulwark elfs", 0, 12, 0.9, "plural", "Creature — Elf", "Prevent all damage.",
                (("Shield", "has", ("702.30",)),),
                (("Elf", "subtype", ("205.3m",)), ("Aura", "subtype", ("303.4",)), ("Creature", "type", ("302",))),
                (("2020-01-01", "First ruling."), ("2020-01-01", "Second ruling, same day.")), frozenset({"bulwark", "elf"}))
A = Analysis("q", (), (), (), (), (), 0.0, cards=(ELF,))


def rule(number: str, score: float) -> Citation:
    return Citation(number, "rule", number, None, "text", "cr.txt:1", "2026-06-19", score)


def test_a_ruling_that_settles_leads_quoted_with_card_and_date_and_its_rule_follows() -> None:
    ruling = (2.0, "Bulwark Elf", "2020-01-01", "Second ruling, same day.", 0.8, ("509.1", "702.30"))
    cited, direct = with_rulings(A, [rule("702.30", 3.0), rule("601.2", 2.5), rule("509.1", 1.0)], [ruling], 3, 0.2,
                                 place={"702.30": 0, "601.2": 1, "509.1": 2})
    # of the rules it restates, the one the ranking placed best comes right after it
    assert [c.id for c in cited] == ["ruling:Bulwark Elf:2020-01-01:2", "702.30", "601.2"]
    assert cited[0].kind == "ruling" and cited[0].label == "Bulwark Elf" and cited[0].source == "Bulwark Elf ruling, 2020-01-01"
    assert direct == "Bulwark Elf ruling, 2020-01-01: Second ruling, same day."


def test_a_leading_ruling_moves_only_a_rule_the_rules_cite_among_their_first() -> None:
    """The rule a leading ruling restates follows it only when the rules cite it among their first RESTS_WITHIN; else the
    rules keep their order (a linked rule they placed lower, or not at all, is not put first)."""
    rules = [rule("702.30", 3.0), rule("509.1", 2.0), rule("601.2", 1.5), rule("615.1", 1.0)]
    low = (0.5, "Bulwark Elf", "2020-01-01", "First ruling.", 0.9, ("615.1", "999.9"))
    cited, direct = with_rulings(A, rules, [low], 5, 0.2, place={"702.30": 0, "509.1": 1, "601.2": 2, "615.1": 3})
    assert [c.id for c in cited] == ["ruling:Bulwark Elf:2020-01-01:1", "702.30", "509.1", "601.2", "615.1"]
    assert direct is not None and direct.startswith("Bulwark Elf ruling, 2020-01-01: ")
    cited, _ = with_rulings(A, [rule("702.30", 3.0)], [(0.5, "Bulwark Elf", "2020-01-01", "First ruling.", 0.9, ())], 3, 0.2)
    assert [c.id for c in cited] == ["ruling:Bulwark Elf:2020-01-01:1", "702.30"]  # linked to no rule: the rules follow


def test_a_ruling_that_fits_less_is_shown_among_the_rules_but_does_not_answer() -> None:
    """Not AHEAD times as much as the next ruling, the best two are shown fourth and fifth at the latest; holding
    LEAD_SHARE and AHEAD times as much as any other, the best leads."""
    rules = [rule("702.30", 3.0), rule("509.1", 2.5), rule("601.2", 2.4), rule("117.1", 2.3)]
    both = [(1.0, "Bulwark Elf", "2020-01-01", "First ruling.", 0.45, ()),
            (0.9, "Bulwark Elf", "2020-01-01", "Second ruling, same day.", 0.4, ())]
    cited, direct = with_rulings(A, rules, both, 5, 0.2)
    assert [c.kind for c in cited] == ["rule", "rule", "rule", "ruling", "ruling"] and direct is None  # by fifth place
    ahead = [both[0], (0.5, "Bulwark Elf", "2020-01-01", "Second ruling, same day.", 0.25, ())]
    cited, direct = with_rulings(A, rules, ahead, 4, 0.2)
    assert cited[0].kind == "ruling" and direct == "Bulwark Elf ruling, 2020-01-01: First ruling."


def test_a_weak_or_late_ruling_is_not_cited_and_does_not_answer() -> None:
    rules = [rule("702.30", 3.0), rule("509.1", 2.5)]
    assert with_rulings(A, rules, [(0.1, "Bulwark Elf", "2020-01-01", "First ruling.", 0.9, ())], 3, 0.2) == (rules, None)
    cited, direct = with_rulings(A, rules, [(1.0, "Bulwark Elf", "2020-01-01", "First ruling.", 0.05, ())], 2, 0.2)
    assert cited == rules and direct is None  # it holds too little to be shown before the rules that outscore it
    cited, direct = with_rulings(A, rules, [(2.6, "Bulwark Elf", "2020-01-01", "First ruling.", 0.05, ())], 3, 0.2)
    assert [c.kind for c in cited] == ["rule", "ruling", "rule"] and direct is None  # by score


def test_why_lines_and_shown_cards() -> None:
    assert card_why(A) == ["‘bulwark elfs’ names card Bulwark Elf (plural): shield → 702.30, Aura → 303.4"]
    assert [(c.name, c.type, c.text) for c in shown_cards(A)] == [("Bulwark Elf", "Creature — Elf", "Prevent all damage.")]


def test_only_a_leading_ruling_is_cited_first() -> None:
    """A ruling that outscores every rule but does not settle the question (two rulings fit alike) comes second."""
    tie = [(9.0, "Bulwark Elf", "2020-01-01", "First ruling.", 0.5, ()),
           (8.9, "Bulwark Elf", "2020-01-01", "Second ruling, same day.", 0.5, ())]
    cited, direct = with_rulings(A, [rule("702.30", 3.0), rule("509.1", 2.0)], tie, 4, 0.2)
    assert [c.kind for c in cited] == ["rule", "ruling", "ruling", "rule"] and direct is None


def test_the_leading_ruling_must_fit_ahead_of_the_next_by_its_fit_not_its_share() -> None:
    """A long ruling holding as much of the question (equal shares) but fitting less (its length) lets the best lead
    when the best fits AHEAD times as well; fitting less than that, neither leads."""
    rules = [rule("702.30", 3.0), rule("509.1", 2.5)]
    ahead = [(1.6, "Bulwark Elf", "2020-01-01", "First ruling.", 0.5, ()),
             (1.0, "Bulwark Elf", "2020-01-01", "Second ruling, same day.", 0.5, ())]
    _, direct = with_rulings(A, rules, ahead, 4, 0.2)
    assert direct == "Bulwark Elf ruling, 2020-01-01: First ruling."
    close = [ahead[0], (1.2, *ahead[1][1:])]
    _, direct = with_rulings(A, rules, close, 4, 0.2)
    assert direct is None


def test_a_ruling_past_the_shown_two_never_goes_before_them() -> None:
    """The third ruling outscores the second shown one (kept second as another card's best) but comes after it."""
    rules = [rule("702.30", 3.0), rule("509.1", 2.5), rule("601.2", 2.4), rule("117.1", 2.3), rule("100.1", 0.1)]
    three = [(0.7, "Bulwark Elf", "2020-01-01", "First ruling.", 0.3, ()),
             (0.3, "Bulwark Elf", "2020-01-01", "Second ruling, same day.", 0.2, ()),
             (0.6, "Bulwark Elf", "2020-01-01", "First ruling.", 0.3, ())]
    cited, direct = with_rulings(A, rules, three, 7, 0.2)
    assert direct is None
    assert [c.id for c in cited[3:6]] == ["ruling:Bulwark Elf:2020-01-01:1", "ruling:Bulwark Elf:2020-01-01:2",
                                          "ruling:Bulwark Elf:2020-01-01:1"]


def test_a_ruling_restating_the_rules_first_rule_leads_holding_less() -> None:
    """Below LEAD_SHARE but at least AGREES, the best ruling leads when the rule the rules cite first is one it restates."""
    rules = [rule("702.30", 3.0), rule("509.1", 2.5)]
    agreeing = [(1.0, "Bulwark Elf", "2020-01-01", "First ruling.", 0.25, ("702.30",)),
                (0.9, "Bulwark Elf", "2020-01-01", "Second ruling, same day.", 0.2, ())]
    cited, direct = with_rulings(A, rules, agreeing, 4, 0.2, place={"702.30": 0, "509.1": 1})
    assert direct == "Bulwark Elf ruling, 2020-01-01: First ruling." and [c.id for c in cited][1] == "702.30"
    elsewhere = [(1.0, *agreeing[0][1:5], ("509.1",)), agreeing[1]]
    assert with_rulings(A, rules, elsewhere, 4, 0.2)[1] is None  # it restates the second rule: no lead
    little = [(1.0, *agreeing[0][1:4], 0.15, ("702.30",)), agreeing[1]]
    assert with_rulings(A, rules, little, 4, 0.2)[1] is None  # holding less than AGREES
