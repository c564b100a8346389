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


def test_rule_34_reads_each_steps_own_rule_on_priority(full_book: Rulebook) -> None:
    """Rule 34 reads, per step (a section titled "… Step"), its rule saying a player gets or receives priority in it:
    509.2's "Second, the active player gets priority", 502.4's "No player receives priority during the untap step"; a
    phase (the main phase's 505.6) is not a step, and subrules (509.2a, on triggers) are left out."""
    g = full_book.qg
    opens = {sec: [g.ids[i] for i in found] for sec, found in timing(g, full_book.index).opens.items()}
    assert opens["509"] == ["509.2"] and opens["508"] == ["508.2"] and opens["511"] == ["511.1"]
    assert opens["502"] == ["502.4"] and "505" not in opens


def test_rule_34_a_step_named_brings_its_rule_on_priority(full_book: Rulebook) -> None:
    """Rule 34: asking to act once a step's turn-based action is done ("once blockers are declared": the glossary's
    Declare Blockers, the words of the step's title) makes the step's rule on priority a candidate and raises it; a
    glossary term only citing a step's rule ("attack" → 508.1) names no step."""
    question = "when am I allowed to cast an instant once my opponent declares blockers?"
    with weight("step_priority", 0.0):
        off = order(full_book, question)
    on = order(full_book, question)
    assert "509.2" in on[:3] and ("509.2" not in off or off.index("509.2") > on.index("509.2"))
    plain = "can I cast an instant before I attack?"
    with weight("step_priority", 0.0):
        off_score = score(full_book, plain, "508.2")
    assert score(full_book, plain, "508.2") == off_score
