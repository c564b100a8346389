"""Effects of one kind meeting (rules 26 and 53, rulesgraph/steps/meeting.py): one test per rule, each docstring stating
it, with invented cards over the full CR."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook

from .test_rank import weight
from .test_steps_cards import card, position, ranked, scored

DOUBLER = card("Ashen Furnace", type_line="Enchantment",
               text="If a source would deal damage to a permanent or player, it deals double that damage instead.")
SHIELD = card("Ashen Ward", type_line="Enchantment", text="If a card would be put into a graveyard from anywhere, exile it instead.")
CHOOSING = ("Ashen Furnace and Ashen Ward are out. Ashen Furnace says double the damage instead, Ashen Ward says exile it "
            "instead. My creature dies to the damage: who chooses which replacement is applied?")


def test_rule_26_two_cards_effects_of_one_kind_raise_the_rule_on_their_interaction(full_book: Rulebook) -> None:
    """Rule 26: two named cards that both use a replacement effect's wording (614.1a's "instead") make 616.1 (how
    replacement effects interact) a candidate, by the weight; one such card, or two of which one has none, does not."""
    first = card("Ashen Doubler", type_line="Enchantment",
                 text="If one or more tokens would be created under your control, twice that many are created instead.")
    second = card("Ashen Scales", type_line="Enchantment",
                  text="If one or more +1/+1 counters would be put on a creature you control, that many plus one are put on it"
                       " instead.")
    plain = card("Ashen Scales", text="Creatures you control get +1/+1.", type_line="Enchantment")
    question = "I have Ashen Doubler and Ashen Scales out and make a token with a counter, how many do I get?"
    both = scored(full_book, question, "616.1", first, second)
    alone = scored(full_book, question, "616.1", first, plain)
    assert both > alone
    with weight("card_meeting", 0.0):
        assert scored(full_book, question, "616.1", first, second) < both
        assert scored(full_book, question, "616.1", first, plain) == alone


def test_rule_26_two_of_one_card_meet_as_two_cards_do(full_book: Rulebook) -> None:
    """Rule 26: two of one named card with a replacement effect ("I have two Ashen Furnaces", :attr:`NamedCard.many`)
    are two effects of one kind, and make 616.1 a candidate as two different cards do; one of the card does not."""
    furnace = card("Ashen Furnace", type_line="Enchantment",
                   text="If a source would deal damage to a permanent or player, it deals double that damage instead.")
    question = "I have two Ashen Furnace out. If I deal 2 damage to my opponent, how much damage is dealt?"
    two = scored(full_book, question, "616.1", replace(furnace, many=True))
    one = scored(full_book, question, "616.1", furnace)
    assert two > one
    with weight("card_meeting", 0.0), weight("effects_meet", 0.0):
        assert scored(full_book, question, "616.1", replace(furnace, many=True)) == one


def test_rule_26_a_granted_keyword_meets_the_other_cards_wording(full_book: Rulebook) -> None:
    """Rule 26: a keyword one named card grants (flashback: "… rather than paying its mana cost") whose meaning uses a
    wording of the rule another named card's text uses ("… rather than pay this spell's mana cost": both 118.9) makes
    that rule a candidate, by the weight; the keyword had (not granted) by that card does not."""
    granter = card("Ashen Mage", keywords=(("Flashback", "grants", ("702.34",)),))
    pitch = card("Ashen Will", type_line="Instant",
                 text="You may pay 2 life and exile a green card from your hand rather than pay this spell's mana cost.")
    question = "Ashen Mage gives my Ashen Will flashback. Can I cast it back by exiling a green card?"
    both = scored(full_book, question, "118.9", granter, pitch)
    with weight("card_meeting", 0.0):
        assert scored(full_book, question, "118.9", granter, pitch) < both
    had = replace(granter, keywords=(("Flashback", "has", ("702.34",)),))
    with weight("card_meeting", 0.0):
        had_alone = scored(full_book, question, "118.9", had, pitch)
    assert scored(full_book, question, "118.9", had, pitch) == had_alone



def test_rule_53_effects_of_one_kind_meeting_raise_their_interaction_rule_by_fit(full_book: Rulebook) -> None:
    """Rule 53: two named cards with replacement effects ("instead", 614.1a) and a question asking in the words of the
    rule on their interaction ("who chooses which replacement is applied": 616.1, "… chooses one to apply") put 616.1
    in the first three, by the weight, though the glossary's "instead" raises every replacement rule; with one of the
    cards plain, nothing meets and nothing is raised."""
    plain = replace(SHIELD, text="Creatures you control get +1/+1.")
    assert position(ranked(full_book, CHOOSING, DOUBLER, SHIELD), "616.1") <= 2
    with weight("effects_meet", 0.0):
        without = scored(full_book, CHOOSING, "616.1", DOUBLER, SHIELD)
        assert position(ranked(full_book, CHOOSING, DOUBLER, SHIELD), "616.1") > 2
        alone = scored(full_book, CHOOSING, "616.1", DOUBLER, plain)
    assert scored(full_book, CHOOSING, "616.1", DOUBLER, SHIELD) > without
    assert scored(full_book, CHOOSING, "616.1", DOUBLER, plain) == alone


def test_rule_53_a_keyword_the_question_names_brings_its_meaning(full_book: Rulebook) -> None:
    """Rule 53: a keyword the question names whose meaning uses the wording of a kind of effect (madness: "… exiles it
    instead of putting it into their graveyard", 702.35a) meets a named card's effect of that kind: 616.1 is raised
    for one named card with "instead" and madness named, not for the card alone."""
    question = "Ashen Ward is out and my opponent discards a card with madness. Who chooses which one applies?"
    bare = "Ashen Ward is out and my opponent discards a card. Who chooses which one applies?"
    with weight("effects_meet", 0.0):
        without, bare_without = scored(full_book, question, "616.1", SHIELD), scored(full_book, bare, "616.1", SHIELD)
    assert scored(full_book, question, "616.1", SHIELD) > without
    assert scored(full_book, bare, "616.1", SHIELD) == bare_without


def test_rule_53_only_a_kinds_defining_wording_makes_an_effect(full_book: Rulebook) -> None:
    """Rule 53: a wording of the replacement section that does not define the kind — a trigger's "When … enters the
    battlefield", read as 614.1d's "[Objects] enter [the battlefield]" — brings no replacement effect to meet another."""
    trigger = card("Ashen Herald", text="When Ashen Herald enters the battlefield, draw a card.")
    with weight("effects_meet", 0.0):
        without = scored(full_book, CHOOSING, "616.1", DOUBLER, trigger)
    assert scored(full_book, CHOOSING, "616.1", DOUBLER, trigger) == without
