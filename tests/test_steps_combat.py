"""Rule 52, out of combat (rulesgraph/steps/combat.py), over the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.steps.combat import _declared, removal_rules

from .test_rank import order, score, weight


def test_rule_52_reads_the_removal_rules_and_the_steps_after_declaring(full_book: Rulebook) -> None:
    """Rule 52 reads from the rules the rule saying what "is removed from combat if" (506.4) with its subrules, and the
    steps of its phase from the declaration of attackers on (the "… Step" sections after it but the first)."""
    g = full_book.qg
    nodes, stems = removal_rules(g, full_book.index)
    assert g.ids[nodes.start] == "506.4" and g.ids[nodes.stop - 1] == "506.4e"
    assert "tap" in stems and "attack" not in stems
    assert _declared(g, nodes) == {"508", "509", "510", "511"}


def test_rule_52_a_creature_tapped_in_a_combat_step_raises_the_removal_rules(full_book: Rulebook) -> None:
    """Rule 52: a blocker tapped after blockers are declared ("does it still deal damage?") is what 506.4b settles:
    tapping a creature already declared doesn't remove it from combat."""
    question = "my blocker got tapped after blockers were declared. does it still deal combat damage?"
    with weight("out_of_combat", 0.0):
        off = order(full_book, question)
    on = order(full_book, question)
    assert {"506.4", "506.4b"} & set(on[:3]) and not {"506.4", "506.4b"} & set(off[:3])


def test_rule_52_leaves_a_question_naming_no_combat_step(full_book: Rulebook) -> None:
    """Rule 52 raises nothing for a creature destroyed with no combat step named (it may have died to combat damage, or
    before combat), nor for one tapped in a question about no attacking or blocking creature."""
    for question in ("my attacker got destroyed, does my opponent still take the damage?",
                     "my creature got tapped during the declare blockers step, can I still activate its ability?"):
        with weight("out_of_combat", 0.0):
            off = score(full_book, question, "506.4")
        assert score(full_book, question, "506.4") == off, question
