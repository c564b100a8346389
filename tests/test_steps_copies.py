"""Rules 28 and 50, two of one card and a card that copies (rulesgraph/steps/copies.py), over the full CR, with invented
cards."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook

from .test_rank import weight
from .test_steps_cards import card, position, ranked, scored


def test_rule_28_two_of_one_legendary_card_make_the_legend_rule_a_candidate(full_book: Rulebook) -> None:
    """Rule 28: a question speaking of two of one named legendary card ("a second Ashen Queen") makes the rule of its
    type on permanents with the same name (704.5j, the legend rule) a candidate, by the weight; the same question about
    one of it, or about two of a card whose type's rules say nothing of the same name, does not."""
    legendary = (("Legendary", "supertype", ("205.4d", "704.5j")), ("Creature", "type", ("302",)))
    queen = replace(card("Ashen Queen", type_line="Legendary Creature — Human", types=legendary), many=True)
    question = "I cast a second Ashen Queen. Do I have to sacrifice one? Does it count as sacrificing?"
    assert position(ranked(full_book, question, queen), "704.5j") <= 2
    assert "704.5j" not in ranked(full_book, question, replace(queen, many=False))[:10]
    plain = replace(queen, types=(("Creature", "type", ("302",)),))
    assert "704.5j" not in ranked(full_book, question, plain)[:10]
    with weight("card_copies", 0.0):
        assert scored(full_book, question, "704.5j", queen) == scored(full_book, question, "704.5j", replace(queen, many=False))



def test_rule_28_two_named_cards_of_one_type_make_its_rule_on_two_or_more_a_candidate(full_book: Rulebook) -> None:
    """Rule 28, second part: two named cards sharing a type-line word (two World enchantments) make each rule of that
    type on two or more such permanents that is not about the same name (704.5k, the world rule) a candidate, by the
    weight; one of them alone does not, nor two cards sharing only a type whose such rule is about the same name."""
    world = (("World", "supertype", ("205.4f", "704.5k")), ("Enchantment", "type", ("303",)))
    dome = card("Glass Dome", type_line="World Enchantment", types=world)
    bell = card("Iron Bell", type_line="World Enchantment", types=world)
    question = "I resolve Glass Dome while my opponent has Iron Bell. What happens?"
    assert position(ranked(full_book, question, dome, bell), "704.5k") <= 2
    assert "704.5k" not in ranked(full_book, question, dome)[:10]
    legendary = (("Legendary", "supertype", ("205.4d", "704.5j")),)
    lords = (replace(dome, types=legendary), replace(bell, types=legendary))
    assert "704.5j" not in ranked(full_book, question, *lords)[:10]
    with weight("card_copies", 0.0):
        assert scored(full_book, question, "704.5k", dome, bell) == scored(full_book, question, "704.5k", dome)


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
    question = "My Dusk Scout transformed and my opponent's Mirror Mimic copies it. Does it get a flier?"
    assert position(ranked(full_book, question, SCOUT, MIRROR), "707.8") <= 2
    with weight("copy_effects", 0.0):
        assert position(ranked(full_book, question, SCOUT, MIRROR), "707.8") > 2
    twin = card("Twin Shade", "You may have Twin Shade enter the battlefield as a copy of any creature on the battlefield.")
    question = "Mirror Mimic copied a dragon. Now I cast Twin Shade copying the Mimic. What do I get?"
    assert position(ranked(full_book, question, MIRROR, twin), "707.3") <= 2
    with weight("copy_effects", 0.0):
        assert position(ranked(full_book, question, MIRROR, twin), "707.3") > 2
