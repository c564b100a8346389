"""Rules 28 and 50, two of one card and a card that copies (rulesgraph/rank/cardsteps/copies.py), over the full CR, with invented
cards."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook

from .test_cardsteps_cards import card, position, ranked
from .test_ranking import weight

MIRROR = card("Mirror Mimic", "You may have Mirror Mimic enter the battlefield as a copy of any creature on the battlefield.",
              type_line="Creature — Shapeshifter")
GLASS = card("Glass Double", "You may have Glass Double enter the battlefield as a copy of any creature on the battlefield, except "
             "it's a Spirit in addition to its other types.", type_line="Creature — Spirit")
SCOUT = replace(card("Dusk Scout // Night Stalker", "At the beginning of your upkeep, transform Dusk Scout.\n\nFlying"),
                layout=(("Transforming Double-Faced Cards", "layout", ("712.1",)),))


def test_rule_50_a_copy_effects_exception_brings_the_rule_on_exceptions(full_book: Rulebook) -> None:
    """Rule 50: a named card whose copy effect has an exception ("…, except it's a Spirit in addition to its other types")
    makes the copy rule on exceptions (707.9) a candidate; the same card without the exception does not."""
    question = "My opponent has Glass Double copying my angel. Can I kill it just by targeting it?"
    assert position(ranked(full_book, question, GLASS), "707.9") <= 2
    plain = replace(GLASS, text=MIRROR.text.replace("Mirror Mimic", "Glass Double"))
    assert position(ranked(full_book, question, plain), "707.9") > 2
    with weight("copy_effects", 0.0):
        assert position(ranked(full_book, question, GLASS), "707.9") > 2


def test_rule_50_copying_a_double_faced_card_or_a_copy(full_book: Rulebook) -> None:
    """Rule 50: a card that copies, named with a double-faced card (its layout), makes the rule on copying a
    double-faced permanent (707.8) a candidate; named with another card that copies, the rule on copying a copy
    (707.3)."""
    with weight("learned", 0.0):  # rule 68's learned words left out: this states the rule alone
        question = "My Dusk Scout transformed and my opponent's Mirror Mimic copies it. Does it get a flier?"
        assert position(ranked(full_book, question, SCOUT, MIRROR), "707.8") <= 2
        with weight("copy_effects", 0.0):
            assert position(ranked(full_book, question, SCOUT, MIRROR), "707.8") > 2
        twin = card("Twin Shade", "You may have Twin Shade enter the battlefield as a copy of any creature on the battlefield.")
        question = "Mirror Mimic copied a dragon. Now I cast Twin Shade copying the Mimic. What do I get?"
        assert position(ranked(full_book, question, MIRROR, twin), "707.3") <= 2
        with weight("copy_effects", 0.0):
            assert position(ranked(full_book, question, MIRROR, twin), "707.3") > 2
