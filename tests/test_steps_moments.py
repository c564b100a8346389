"""Rule 62, a leaves-the-battlefield trigger told to fire (rulesgraph/steps/moments.py), over the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.steps.moments import look_back

from .test_rank import weight
from .test_steps_cards import card, position, ranked

HOMING = card("Homing Charm", "Enchant creature\nWhen Homing Charm is put into a graveyard from the battlefield, return "
              "Homing Charm to its owner's hand.", type_line="Enchantment — Aura")
SHATTER = card("Shatterbolt", "Destroy target enchantment.", type_line="Instant")


def test_the_look_back_rule_is_found_by_its_words(full_book: Rulebook) -> None:
    assert [full_book.qg.ids[i] for i in look_back(full_book.qg, full_book.index)] == ["603.10a"]


def test_rule_62_a_leaves_the_battlefield_trigger_told_to_fire(full_book: Rulebook) -> None:
    """Rule 62: a named card's own leaves-the-battlefield ability and a permanent told leaving (another named card's
    "Destroy") make 603.6c and 603.10a candidates; not when the question asks whether it triggers at all, nor for a
    keyword's leaves-the-battlefield ability (persist's reminder text)."""
    question = "My opponent Shatterbolts my Homing Charm. Does it go back to my hand?"
    best = lambda order: min(position(order, rule) for rule in ("603.6c", "603.10a"))
    assert best(ranked(full_book, question, SHATTER, HOMING)) <= 2
    with weight("left_trigger", 0.0):
        assert best(ranked(full_book, question, SHATTER, HOMING)) > 2
    with weight("left_trigger", 0.0):
        without = ranked(full_book, "My opponent Shatterbolts my Homing Charm. Does it trigger?", SHATTER, HOMING)
    assert ranked(full_book, "My opponent Shatterbolts my Homing Charm. Does it trigger?", SHATTER, HOMING) == without
    finks = card("Ever Finks", "Persist (When this creature dies, if it had no -1/-1 counters on it, return it to the "
                 "battlefield under its owner's control with a -1/-1 counter on it.)")
    with weight("left_trigger", 0.0):
        without = ranked(full_book, "I sacrifice Ever Finks. Does it come back?", finks)
    assert ranked(full_book, "I sacrifice Ever Finks. Does it come back?", finks) == without
