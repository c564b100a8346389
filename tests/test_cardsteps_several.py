"""Rule 73, effects of the named cards meeting one another (rulesgraph/rank/cardsteps/several.py): over the full CR,
with invented cards."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook
from rulesgraph.model import NamedCard
from rulesgraph.rank.cardsteps.several import brings, forbids, several_rules

from .test_cardsteps_cards import card, scored
from .test_ranking import weight

FURNACE = card("Forge of Doubling", "If a source would deal damage to a permanent or player, it deals double that damage to "
               "that permanent or player instead.", type_line="Enchantment")
HEALER = card("Mending Acolyte", "{T}: Prevent the next 1 damage that would be dealt to any target this turn.")
ALARM = card("Waking Bell", "Whenever a creature enters, untap all creatures.", type_line="Enchantment")
HERALD = card("Thunder Herald", "Flying\nWhen Thunder Herald enters, it deals 1 damage to each other creature.")
DAMAGE = "I have Forge of Doubling and Mending Acolyte. If I bolt my own creature, how much damage is dealt?"
ORDER = "I control Waking Bell and cast Thunder Herald. Which happens first?"


def test_the_rules_on_several_of_a_kind_are_read_from_the_rules_phrasing(full_book: Rulebook) -> None:
    """"If two or more replacement and/or prevention effects …" (616.1, not the melded permanents' subrule 712.21d, a
    rule being more general than a subrule), "If multiple abilities have triggered …" (603.3b; Two-Headed Giant's
    805.7 is a variant's) and the “can't” effect taking precedence (101.2)."""
    ids = full_book.qg.ids
    found = {kind: [ids[i] for i in nodes] for kind, nodes in several_rules(full_book.qg, full_book.index).items()}
    assert found == {"replacing": ["616.1"], "triggered": ["603.3b"], "forbidding": ["101.2"]}  # 101.2, not 614.17d


def test_what_a_card_brings_is_read_from_its_oracle_text(full_book: Rulebook) -> None:
    g = full_book.qg
    assert brings(g, FURNACE, "replacing") and not brings(g, FURNACE, "triggered")
    assert brings(g, HEALER, "replacing")  # "prevent": a prevention effect
    assert brings(g, ALARM, "triggered") and brings(g, HERALD, "triggered") and not brings(g, ALARM, "replacing")
    reminder = card("Ashen Rider", "Flying (If this would die, exile it instead.)")
    assert not brings(g, reminder, "replacing")  # reminder text says nothing of the card's own


def raised(book: Rulebook, question: str, node: str, name: str, *cards: NamedCard) -> float:
    """What rule 73 adds to a rule's score: with the cards, the score less the score with the weight ``name`` at 0."""
    with weight(name, 0.0):
        without = scored(book, question, node, *cards)
    return scored(book, question, node, *cards) - without


def test_rule_73_two_replacement_effects_raise_the_rule_on_applying_them(full_book: Rulebook) -> None:
    """Two cards bringing a replacement and a prevention effect raise 616.1, more the surer the second-surest card is;
    one card alone does not, unless the question speaks of more than one of it."""
    both = raised(full_book, DAMAGE, "616.1", "several_replacing", FURNACE, HEALER)
    assert both > 0
    assert 0 < raised(full_book, DAMAGE, "616.1", "several_replacing", FURNACE, replace(HEALER, confidence=0.5)) < both
    assert raised(full_book, DAMAGE, "616.1", "several_replacing", FURNACE, card("Mending Acolyte")) == 0
    assert raised(full_book, DAMAGE, "616.1", "several_replacing", FURNACE) == 0
    assert raised(full_book, DAMAGE, "616.1", "several_replacing", replace(FURNACE, many=True)) > 0
    # naming one more card never lowers it: a card spoken of as two counts twice beside a card named unsurely
    two = raised(full_book, DAMAGE, "616.1", "several_replacing", replace(FURNACE, many=True))
    assert raised(full_book, DAMAGE, "616.1", "several_replacing", replace(FURNACE, many=True),
                  replace(HEALER, confidence=0.3)) >= two


def test_rule_73_two_triggered_abilities_raise_the_rule_on_putting_them_on_the_stack(full_book: Rulebook) -> None:
    """Two cards with triggered abilities raise 603.3b (APNAP order); a card with none beside one that has one does not."""
    assert raised(full_book, ORDER, "603.3b", "several_triggered", ALARM, HERALD) > 0
    assert raised(full_book, ORDER, "603.3b", "several_triggered", ALARM, card("Thunder Herald", "Flying")) == 0


WARD = card("Stubborn Rage", "This spell can't be countered.\nStubborn Rage deals 3 damage to any target.", type_line="Instant")
DRAIN = card("Mana Siphon", "Counter target spell. (Mana is drained.)", type_line="Instant")


def test_what_a_card_forbids_is_read_from_its_can_t() -> None:
    """A card saying "can't be countered" forbids what a counterspell does; not what a card says only in reminder text
    (on either side) or says itself can't happen; not a small word ("can't be the target" forbids no "the")."""
    assert forbids(WARD, DRAIN) and not forbids(DRAIN, WARD)
    assert not forbids(WARD, card("Quiet Siphon", "(Counter target spell.)"))
    assert not forbids(card("Quiet Rage", "Flying (This spell can't be countered.)"), DRAIN)
    assert not forbids(WARD, card("Other Rage", "This spell can't be countered."))
    assert not forbids(card("Hidden One", "Hidden One can't be the target of spells."), card("The Bolt", "the"))


def test_a_can_t_forbids_a_verb_said_as_one_with_its_object() -> None:
    """Every verb of a list is what can't happen ("can't attack or block": a card that can't be blocked does not do
    what it forbids); a word said as a thing is not done ("+1/+1 counters" counter nothing); a "can't" naming its
    object forbids that verb of that object only ("can't lose the game" and "loses the game", not "lose 3 life")."""
    jailed = card("Iron Shackles", "Enchant creature\nEnchanted creature can't attack or block.")
    assert not forbids(jailed, card("Phantom Runner", "Phantom Runner can't be blocked."))
    assert forbids(jailed, card("Eager Runner", "Eager Runner attacks each combat if able."))
    assert not forbids(WARD, card("Scaled Hide", "If one or more +1/+1 counters would be put on a creature you control, "
                                  "that many plus one +1/+1 counters are put on it instead."))
    angel = card("Gilded Angel", "Flying\nYou can't lose the game and your opponents can't win the game.")
    assert forbids(angel, card("Last Stand", "At the beginning of your upkeep, target opponent loses the game."))
    assert not forbids(angel, card("Blood Price", "You lose 3 life."))


def test_rule_73_a_can_t_meeting_what_another_card_does_raises_the_rule_that_can_t_wins(full_book: Rulebook) -> None:
    question = "My opponent casts Stubborn Rage at me and I respond with Mana Siphon. Do I take 3?"
    assert raised(full_book, question, "101.2", "several_forbidding", WARD, DRAIN) > 0
    assert raised(full_book, question, "101.2", "several_forbidding", WARD, card("Mana Siphon", "Draw a card.")) == 0
