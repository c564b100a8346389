"""Rules 52, out of combat, and 64, which combat damage comes first (rulesgraph/steps/combat.py), over the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.steps.combat import ORDER, SIMULTANEOUS, _declared, removal_rules
from rulesgraph.steps.control import rules_saying

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


def test_rule_64_reads_the_simultaneous_rule_and_order_words(full_book: Rulebook) -> None:
    g = full_book.qg
    assert [g.ids[i] for i in rules_saying(g, full_book.index, SIMULTANEOUS)] == ["510.2"]
    assert ORDER.search("does the attacker hit first?") and ORDER.search("do I die before the lifelink?")
    assert ORDER.search("is it all at the same time?")
    assert not ORDER.search("does my first striker kill it?") and not ORDER.search("the first creature it was on?")


def test_rule_64_asked_which_combat_damage_comes_first(full_book: Rulebook) -> None:
    """Rule 64: a question about attacking or blocking creatures asking which comes first makes 510.2 (combat damage is
    dealt simultaneously) a candidate; not when first strike is named (two damage steps), nor when nothing is asked."""
    question = "my 3/3 blocks their 3/3 attacker. who dies first, or do both go down?"
    pos = lambda q: order(full_book, q).index("510.2") if "510.2" in order(full_book, q) else 99
    assert pos(question) <= 2
    with weight("damage_order", 0.0), weight("damage_order_prior", 0.0):
        assert pos(question) > 2
    striker = "my 3/3 first strike creature blocks their 3/3 attacker. who dies first, or do both go down?"
    with weight("damage_order", 0.0), weight("damage_order_prior", 0.0):
        without = order(full_book, striker)
    assert order(full_book, striker) == without
