"""Rule 54, a triggered ability a named card's effect creates for later (rulesgraph/steps/later.py), over the full CR, with
invented cards."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.steps.later import later_kinds

from .test_rank import weight
from .test_steps_cards import card, position, ranked

RAID = card("Quick Raid", text="{R}: You may put a creature card from your hand onto the battlefield. That creature gains "
            "haste. Sacrifice the creature at the beginning of the next end step.", type_line="Enchantment")


def test_rule_54_the_kinds_of_later_triggers_are_read_from_the_wording(full_book: Rulebook) -> None:
    """Rule 54: a trigger word that does not begin the ability makes a delayed triggered ability (603.7), "when you do"
    a reflexive one (603.12); a trigger condition's own "or at the beginning of", reminder text and a quoted ability
    the card grants make neither."""
    g = full_book.qg
    assert later_kinds(g, RAID.text) == ("delayed triggered",)
    assert later_kinds(g, "You may sacrifice a creature. When you do, draw two cards.") == ("reflexive triggered",)
    assert later_kinds(g, "When Odd Fugue enters or at the beginning of your upkeep, tap target creature.") == ()
    assert later_kinds(g, "Persist (When this creature dies, if it had no -1/-1 counters on it, return it.)") == ()
    assert later_kinds(g, "Enchanted creature has \u201cWhenever this creature attacks, draw a card.\u201d") == ()


def test_rule_54_a_delayed_trigger_on_a_card_leads_to_the_delayed_trigger_rules(full_book: Rulebook) -> None:
    """Rule 54: a named card whose effect creates a delayed triggered ability raises what the glossary entry Delayed
    Triggered Ability cites (603.7): 603.7c (an object that left its zone and came back is a new object) reaches the
    top five for a question about one, from below ten with the weight at 0 or for a card making none."""
    question = "I used Quick Raid to put Griselbrand in, then blinked it. Does it stay?"
    assert position(ranked(full_book, question, RAID), "603.7c") < 5
    with weight("later_term", 0.0):
        assert position(ranked(full_book, question, RAID), "603.7c") >= 10
    plain = card("Quick Raid", text="{R}: You may put a creature card from your hand onto the battlefield.",
                 type_line="Enchantment")
    assert position(ranked(full_book, question, plain), "603.7c") >= 10
