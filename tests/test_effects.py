"""Effect kinds the rules name by what an effect changes (rulesgraph/rank/cardsteps/effects.py): the layers read from the full CR,
matched against Oracle text (invented cards)."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.rank.cardsteps.effects import card_kinds, kinds, singular


def layers(book: Rulebook, text: str, name: str = "Ashen Shroud") -> dict[str, set[str]]:
    return {book.qg.ids[k.node]: set(what) for k, what in card_kinds(book.qg, text, (name,))}


def test_the_layer_rules_say_what_their_effects_change(full_book: Rulebook) -> None:
    """A rule opening "Layer N:" names what its effects change: by its compound ("Control-changing"), by what it says
    they change ("an object's card type, subtype, and/or supertype") or refer to ("the base power and/or toughness")."""
    found = {full_book.qg.ids[k.node]: k for k in kinds(full_book.qg)[0]}
    assert found["613.1b"].names == (frozenset({"control"}),) and found["613.1b"].layer == "2"
    assert frozenset({"type"}) in found["613.1d"].names
    assert frozenset({"card", "type", "subtype", "supertype"}) in found["613.1d"].names
    assert found["613.1e"].names == (frozenset({"color"}),)
    assert found["613.1f"].names == (frozenset({"ability"}),)
    assert frozenset({"base", "power", "toughness"}) in found["613.4b"].names and found["613.4b"].layer == "7b"
    assert "613.7" not in found  # timestamps: not a layer


def test_a_cards_effect_has_the_kind_its_words_name(full_book: Rulebook) -> None:
    """A sentence holding every word of one of a kind's names has that kind; of layer 7 and 7b, whose words 7b's
    hold, the sentence has only 7b."""
    assert set(layers(full_book, "All creatures lose all abilities and have base power and toughness 1/1.")) == {"613.1f", "613.4b"}
    assert set(layers(full_book, "You control enchanted creature.")) == {"613.1b"}
    assert set(layers(full_book, "Gain control of target creature until end of turn.")) == {"613.1b"}
    assert set(layers(full_book, "All permanents are the chosen color in addition to their other colors.")) == {"613.1e"}
    assert layers(full_book, "Draw two cards.") == {}


def test_a_sentence_adding_mana_changes_no_object(full_book: Rulebook) -> None:
    """A sentence adding mana ("Add one mana of any color", 106.4: an effect instructs a player to add mana) has no
    kind, though it says "color"; a cost before it was never the effect."""
    assert layers(full_book, "{T}: Add one mana of any color.") == {}
    assert layers(full_book, "Add two mana in any combination of colors.") == {}
    assert set(layers(full_book, "{T}: Target creature becomes the color of your choice until end of turn.")) == {"613.1e"}


def test_a_line_of_keyword_abilities_changes_nothing_its_words_name(full_book: Rulebook) -> None:
    """"Flying, protection from spells that are one or more colors, annihilator 6" (Emrakul, the Aeons Torn) lists
    keyword abilities: no color-changing effect (613.1e was a candidate, and said so in "why matched"); a sentence
    that only opens with a keyword's word is still read."""
    assert layers(full_book, "Flying, protection from spells that are one or more colors, annihilator 6") == {}
    assert layers(full_book, "Protection from all colors") == {}
    assert layers(full_book, "Flying, protection from white (This creature can't be blocked, targeted, dealt damage, "
                             "enchanted, or equipped by anything white.)") == {}  # reminder text with commas (review)
    assert set(layers(full_book, "Flying\nAll permanents are the chosen color in addition to their other colors.")) == {"613.1e"}


def test_an_ability_named_by_its_kind_is_a_thing_acted_on_not_a_characteristic(full_book: Rulebook) -> None:
    """"Counter target activated or triggered ability" (Stifle) counters an ability; it adds or removes none (613.1f,
    layer 6, led Stifle questions): the glossary's kinds of ability ("Activated Ability", "Mana Ability" …) name
    abilities as things.  Losing all abilities is still layer 6."""
    assert layers(full_book, "Counter target activated or triggered ability. (Mana abilities can't be targeted.)") == {}
    assert layers(full_book, "Activated abilities of sources with the chosen name can't be activated.") == {}
    assert set(layers(full_book, "Target creature loses all abilities until end of turn.")) == {"613.1f"}
    # with a verb of having, a kind of ability is what is added or removed (Necrotic Ooze; review of stop 54)
    assert set(layers(full_book, "Ashen Shroud has all activated abilities of all creature cards in all graveyards.")) == {"613.1f"}
    assert set(layers(full_book, "Target creature loses all activated abilities.")) == {"613.1f"}


def test_a_card_defining_its_own_power_has_the_layer_of_characteristic_defining_abilities(full_book: Rulebook) -> None:
    """Rule 25: layer 7a's rule says its abilities "define power and/or toughness"; a sentence opening with the card's
    own power or toughness ("Ashen Shroud's power is equal to …") is such an ability, of layer 7a alone (not layer 4
    for the "card types" it counts, nor layer 7); the same words about other creatures are not."""
    found = {full_book.qg.ids[k.node]: k for k in kinds(full_book.qg)[0]}
    assert found["613.4a"].defines == frozenset({"power", "toughness"}) and not found["613.4b"].defines
    counts = ("Ashen Shroud's power is equal to the number of card types among cards in all graveyards and its toughness"
              " is equal to that number plus 1.")
    assert layers(full_book, counts) == {"613.4a": {"power"}}
    assert "613.4a" not in layers(full_book, "Other creatures' power is equal to the number of card types among cards in all graveyards.")


def test_words_saying_whose_objects_are_meant_are_not_what_is_changed(full_book: Rulebook) -> None:
    """"Creatures you control", "you don't control", "its controller": whose objects, not a control-changing effect;
    a cost or a trigger condition (the CR's templates "[Cost]: [Effect.]", "[When/Whenever/At] …, [effect]") is not
    the effect."""
    assert layers(full_book, "Creatures you control get +1/+1.") == {}
    assert layers(full_book, "Target creature you don't control gets -1/-1.") == {}
    assert layers(full_book, "Its controller gains 3 life.") == {}
    assert layers(full_book, "Whenever a creature you control dies, draw a card.") == {}
    assert layers(full_book, "Sacrifice a creature you control: Draw a card.") == {}
    assert set(layers(full_book, "Whenever Ashen Shroud attacks, gain control of target artifact.")) == {"613.1b"}


def test_a_word_is_read_as_the_rules_name_a_characteristic() -> None:
    """Singular and lower case, not stemmed: "controller" is not "control"."""
    assert [singular(w) for w in ("Abilities", "types", "toughness", "controller", "colors")] == [
        "ability", "type", "toughness", "controller", "color"]


def test_a_layer_named_by_what_its_effects_do_and_a_signed_change_to_power_and_toughness(full_book: Rulebook) -> None:
    """Layer 7c's rule says its effects "modify power and/or toughness"; 7d's that they "switch a creature's power and
    toughness", the verb among its words (a card says "Switch"), so a switch is 7d, not 7 or 7c."""
    found = {full_book.qg.ids[k.node]: k for k in kinds(full_book.qg)[0]}
    assert frozenset({"power", "toughness"}) in found["613.4c"].names
    assert frozenset({"switch", "power", "toughness"}) in found["613.4d"].names
    assert set(layers(full_book, "Switch target creature's power and toughness until end of turn.")) == {"613.4d"}
