"""Rules 43, 46, 47, 56 and 57, named cards' effects in the layers of rule 613 (rulesgraph/steps/layers.py), over the full CR, with
invented cards."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.effects import card_layers, group_effects, spell_types, within

from .test_rank import weight
from .test_steps_cards import card, scored


def test_rule_43_two_cards_in_two_sublayers_make_the_rule_ordering_them_a_candidate(full_book: Rulebook) -> None:
    """Rule 43: one named card setting base power and toughness (7b) and another giving +3/+3 (7c) make the rule
    ordering layer 7's sublayers (613.4) a candidate, by the weight; either card alone does not."""
    meek = card("Meek Shroud", "All creatures lose all abilities and have base power and toughness 1/1.", type_line="Enchantment")
    surge = card("Wild Surge", "Target creature gets +3/+3 until end of turn.", type_line="Instant")
    question = "With Meek Shroud out I cast Wild Surge on my creature. How big is it?"
    both = scored(full_book, question, "613.4", meek, surge)
    assert both > scored(full_book, question, "613.4", meek) and both > scored(full_book, question, "613.4", surge)
    with weight("card_sublayers", 0.0):
        alone = scored(full_book, question, "613.4", meek, surge)
    assert both > alone


FROG = card("Bog Curse", "Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and"
            " toughness 1/1.", type_line="Instant")
BOOTS = card("Swift Greaves", "Equipped creature has hexproof and haste.\nEquip {1}", type_line="Artifact — Equipment",
             keywords=(("Equip", "has", ("702.6",)), ("Hexproof", "grants", ("702.11",)), ("Haste", "grants", ("702.10",))),
             types=(("Artifact", "type", ("301.1",)), ("Equipment", "subtype", ("301.5",))))


def test_rule_46_two_cards_in_one_layer_make_the_rules_on_order_within_it_candidates(full_book: Rulebook) -> None:
    """Rule 46: one named card removing abilities and another granting keywords (both layer 6) make the rules layer 6's
    ordering rule (613.3) sends the reader to, timestamps (613.7) and dependency (613.8), candidates, and the subrule of
    timestamps naming the Equipment's type (613.7e); either card alone does not, nor do two signed changes (they add)."""
    question = "I move Swift Greaves onto my creature after they cast Bog Curse on it. What does it have?"
    for node in ("613.7", "613.8", "613.7e"):
        both = scored(full_book, question, node, FROG, BOOTS)
        assert both > scored(full_book, question, node, FROG) and both > scored(full_book, question, node, BOOTS), node
        with weight("card_timestamps", 0.0):
            assert both > scored(full_book, question, node, FROG, BOOTS), node
    pump = card("Wild Surge", "Target creature gets +3/+3 until end of turn.", type_line="Instant")
    rush = card("Wild Rush", "Target creature gets +2/+2 until end of turn.", type_line="Instant")
    with weight("card_timestamps", 0.0):
        alone = scored(full_book, "I cast Wild Surge and Wild Rush on my creature.", "613.7", pump, rush)
    assert scored(full_book, "I cast Wild Surge and Wild Rush on my creature.", "613.7", pump, rush) == alone


def test_rule_46_reads_the_order_within_a_layer_from_the_rules(full_book: Rulebook) -> None:
    """Rule 46: 613.3 ("Within layers 2–6, … (see rule 613.7) … (See rule 613.8.)") orders layer 6, and 613.4
    ("Within layer 7, …") layer 7b; its citation of another section (604.3) is not about the order; an effect setting a
    type is a type-changing effect (layer 4), a keyword granted an ability-adding one (layer 6)."""
    g = full_book.qg
    assert [g.ids[j] for j in within(g, g.num["613.1f"])] == ["613.7", "613.8"]
    assert [g.ids[j] for j in within(g, g.num["613.4b"])] == ["613.7", "613.8"]
    assert within(g, g.num["613.7"]) == ()
    assert {g.ids[j] for j in card_layers(g, "Equipped creature has hexproof.", ("Swift Greaves",), grants=True)} == {"613.1f"}
    assert {g.ids[j] for j in card_layers(g, "Nonbasic lands are Mountains.", ("Moon",), sets=True)} == {"613.1d"}
    assert card_layers(g, "Target creature gets +3/+3 until end of turn.", ("Wild Surge",)) == frozenset()


def test_rule_47_a_spell_changing_a_group_makes_the_rule_fixing_which_objects_it_changes_a_candidate(full_book: Rulebook) -> None:
    """Rule 47: an instant giving "Creatures you control" +3/+3 and trample until end of turn makes 611.2c ("the set
    of objects it affects is determined when that continuous effect begins") a candidate; one giving a target creature
    the same does not, nor does a permanent's static ability, nor a one-shot effect naming a layer's word ("Exile each
    permanent that's one or more colors": no duration)."""
    question = "I cast Big Stampede, then I cast another creature. Does the new one get +3/+3 and trample?"
    herd = card("Big Stampede", "Creatures you control get +3/+3 and gain trample until end of turn.", type_line="Sorcery",
                types=(("Sorcery", "type", ("307.1",)),))
    aimed = card("Big Stampede", "Target creature you control gets +3/+3 and gains trample until end of turn.",
                 type_line="Sorcery", types=(("Sorcery", "type", ("307.1",)),))
    anthem = card("Big Stampede", "Creatures you control get +3/+3 and have trample.", type_line="Enchantment",
                  types=(("Enchantment", "type", ("303.1",)),))
    herd_score = scored(full_book, question, "611.2c", herd)
    assert herd_score > scored(full_book, question, "611.2c", aimed)
    assert herd_score > scored(full_book, question, "611.2c", anthem)
    assert herd_score > scored(full_book, question, "611.2c")
    with weight("card_locked", 0.0):
        assert herd_score > scored(full_book, question, "611.2c", herd)
    g = full_book.qg
    assert spell_types(g, lambda: full_book.index.saying("spell is resolving")) == {"instant", "sorcery"}
    assert not group_effects(g, "Exile each permanent with mana value X or less that's one or more colors.", ("Ugin",), True)
    assert group_effects(g, "{2}{G}: Creatures you control get +1/+1 until end of turn.", ("Elf Lord",), False)


def test_rule_56_an_effect_on_abilities_meeting_a_card_with_a_keyword_raises_its_layer(full_book: Rulebook) -> None:
    """Rule 56: a named card whose effect removes abilities (layer 6) and another named card that has a keyword raise
    613.1f above what rule 25 gives the one card; a card with no keyword beside it does not, nor a card granting one."""
    finks = card("Kin Thorn", "Persist", keywords=(("Persist", "has", ("702.79",)),))
    plain = card("Kin Thorn", "Kin Thorn can't block.")
    meek = card("Meek Shroud", "All creatures lose all abilities and have base power and toughness 1/1.", type_line="Enchantment")
    question = "Meek Shroud is out and my Kin Thorn dies. Does it come back?"
    met = scored(full_book, question, "613.1f", meek, finks)
    assert met > scored(full_book, question, "613.1f", meek, plain)
    image = card("Meek Shroud", "Meek Shroud has “When this creature becomes the target of a spell or ability, sacrifice it.”")
    with weight("card_abilities_met", 0.0):
        granted = scored(full_book, question, "613.1f", image, finks)
    assert scored(full_book, question, "613.1f", image, finks) == granted  # granting an ability removes none
    with weight("card_abilities_met", 0.0):
        assert met > scored(full_book, question, "613.1f", meek, finks)


def test_rule_57_a_question_about_effects_is_read_as_a_cards_text(full_book: Rulebook) -> None:
    """Rule 57: a question about effects saying what they change ("a different color", "removes abilities") makes those
    layer rules candidates; the same words in a question not about effects do not, nor does a term of several words the
    question names ("characteristic defining ability" changes no ability)."""
    question = "two different effects make my creature a different color, which one wins"
    on = scored(full_book, question, "613.1e")
    with weight("asked_layers", 0.0):
        assert on > scored(full_book, question, "613.1e")
    off = "my creature is a different color, which one wins"
    with weight("asked_layers", 0.0):
        alone = scored(full_book, off, "613.1e")
    assert scored(full_book, off, "613.1e") == alone
    cda = "what's a characteristic defining ability and when does it get applied vs other effects"
    with weight("asked_layers", 0.0):
        alone = scored(full_book, cda, "613.1f")
    assert scored(full_book, cda, "613.1f") == alone


def test_rule_57_keeps_no_question_in_the_graphs_memo(full_book: Rulebook) -> None:
    """Rule 57 reads a question's words as a card's text without keeping them: the graph's memo, which lives as long as
    the process (a REPL, ``ask -``), does not grow with each question asked about effects."""
    g = full_book.qg
    scored(full_book, "two effects make my creature a different color, which one wins", "613.1e")
    kept = [k for k in g.memo if isinstance(k, tuple) and any(isinstance(p, str) and "different color" in p for p in k)]
    assert kept == []
