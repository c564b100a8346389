"""Rule 28, two of one card (rulesgraph/steps/copies.py), over the full CR, with invented cards."""

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
