"""Rules 34 and 36, when in the turn (rulesgraph/steps/turn.py), over the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.steps.turn import timing

from .test_rank import order, score, weight


def test_rule_34_reads_when_a_player_may_act_from_the_rules(full_book: Rulebook) -> None:
    """Rule 34 reads from the rules what a player does with priority (117.1's "cast spells, activate abilities, and take
    special actions"), which sections are steps and phases (by their titles) and which rules say when a player may act."""
    g = full_book.qg
    t = timing(g, full_book.index)
    assert t.acts == {frozenset({"cast"}), frozenset({"activ"}), frozenset({"special", "action"})}
    assert {"502", "503", "505", "509", "514"} <= t.steps and "500" not in t.steps and "117" not in t.steps
    assert "turn" in t.turn
    said = {g.ids[i] for i in t.rules}
    assert {"117.1a", "305.1", "502.4", "505.6b", "606.3", "307.1"} <= said and "117.3b" not in said


def test_rule_34_asking_to_act_in_a_step_raises_the_rules_on_when(full_book: Rulebook) -> None:
    """Rule 34: a question asking whether a player may act in a step it names raises the rules saying when a player may
    act: "No player receives priority during the untap step, so … no abilities can be activated" (502.4)."""
    question = "can I activate an ability during my opponent's untap step?"
    assert order(full_book, question)[0] == "502.4"
    with weight("when_to_act", 0.0):
        off = score(full_book, question, "502.4")
    assert score(full_book, question, "502.4") > off
    land = "Am I allowed to play a land in my upkeep?"
    with weight("when_to_act", 0.0):
        off = score(full_book, land, "305.1")
    assert score(full_book, land, "305.1") > off


def test_rule_34_leaves_a_told_act_and_a_question_saying_priority_alone(full_book: Rulebook) -> None:
    """Rule 34 raises nothing for an act the question only tells of ("I cast …", setting the scene), nor for a question
    saying "priority" (its words reach those rules already, and the ones on who gets priority when)."""
    for question in ("I cast a creature during my upkeep. Does it have summoning sickness on my turn?",
                     "who gets priority after my spell resolves in my main phase?"):
        with weight("when_to_act", 0.0):
            off = [score(full_book, question, n) for n in ("117.1a", "302.1")]
        assert [score(full_book, question, n) for n in ("117.1a", "302.1")] == off, question


def test_rule_36_mana_in_a_step_makes_the_rules_on_mana_emptying_candidates(full_book: Rulebook) -> None:
    """Rule 36: a question about mana in a step or phase makes the rules saying mana pools empty as steps and phases end
    (500.5, 106.4, 703.4q, read from the rules) candidates; a question about mana in no step leaves them alone."""
    g = full_book.qg
    assert [g.ids[i] for i in timing(g, full_book.index).empties] == ["106.4", "500.5", "703.4q"]
    question = "Is the mana I made in my end step still there in the cleanup step?"
    assert "500.5" in order(full_book, question)[:3]
    with weight("mana_empties", 0.0):
        assert "500.5" not in order(full_book, question)[:3]
    plain = "How much mana does a Treasure token make?"
    with weight("mana_empties", 0.0):
        off = score(full_book, plain, "500.5")
    assert score(full_book, plain, "500.5") == off
