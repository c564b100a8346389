"""The card steps (rules 20-25 and 27, rulesgraph/steps/cards.py): one test per rule, each docstring stating it (rule
26's are in tests/test_steps_meeting.py).

Cards are given to the ranking directly, as :class:`~rulesgraph.namedcards.NamedCard` records of invented
cards, over the miniature rules of tests/fixtures (and the full CR where a rule needs its types)."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook
from rulesgraph.analyze import analyze
from rulesgraph.index import doc_terms
from rulesgraph.namedcards import NamedCard, with_cards
from rulesgraph.rank import rank

from .test_rank import weight


def card(key: str, text: str = "", keywords: tuple = (), types: tuple = (), rulings: tuple = (), confidence: float = 0.95,
         type_line: str = "Creature — Elf") -> NamedCard:
    return NamedCard(key, key, 0, len(key), confidence, "exact", type_line, text, keywords, types, rulings, frozenset(doc_terms(key)))


def ranked(book: Rulebook, question: str, *cards: NamedCard) -> list[str]:
    a = replace(analyze(question, book.index), cards=cards)
    return [s.node for s in rank(book.index, book.qg, a)]


def scored(book: Rulebook, question: str, node: str, *cards: NamedCard) -> float:
    a = replace(analyze(question, book.index), cards=cards)
    return next((s.score for s in rank(book.index, book.qg, a) if s.node == node), 0.0)


def position(order: list[str], node: str) -> int:
    return order.index(node) if node in order else len(order)


DOLL = card("Stuffed Ogre", keywords=(("Deathtouch", "has", ("702.2",)),))


def test_rule_20_a_named_cards_keyword_leads_to_its_rule(mini_book: Rulebook) -> None:
    """Rule 20: a keyword a named card has leads to its defining rule as if the question had named it, though the
    question never says it ("I block with Stuffed Ogre, what happens?": deathtouch is on the card)."""
    question = "I block with Stuffed Ogre, what happens to the attacker?"
    assert position(ranked(mini_book, question, DOLL), "702.2") < position(ranked(mini_book, question), "702.2")
    assert position(ranked(mini_book, question, DOLL), "702.2") <= 2
    with weight("card_keyword", 0.0), weight("card_focus", 0.0), weight("card_text", 0.0):
        assert "702.2" not in ranked(mini_book, question, DOLL)[:3]


def test_rule_20_two_of_a_card_are_not_what_one_of_them_has(mini_book: Rulebook) -> None:
    """Rule 20, second part: a question speaking of more than one of a named card ("a second Stuffed Ogre") is about
    there being two of it: the card's keyword gets no direct boost, only rule 20's prior by fit."""
    question = "I block with a second Stuffed Ogre, what happens?"
    one, two = scored(mini_book, question, "702.2", DOLL), scored(mini_book, question, "702.2", replace(DOLL, many=True))
    assert two < one
    with weight("card_focus", 0.0):
        assert scored(mini_book, question, "702.2", DOLL) == two


def test_rule_20_an_incidental_keyword_counts_less(mini_book: Rulebook) -> None:
    """Rule 20: the keyword's rule counts by how much of the question's own words it holds: a question that says a
    lot about something else (a two-headed giant team's shared life) lifts a named card's deathtouch less than one
    that says nothing but the card."""
    short = "I block with Stuffed Ogre, what happens?"
    long = "In a two-headed giant game does my team share its life total when Stuffed Ogre deals damage to the team?"
    gain = lambda q: scored(mini_book, q, "702.2", DOLL) - scored(mini_book, q, "702.2")
    assert gain(short) > 2 * gain(long) > 0


def test_rule_20_grants_and_confidence_weigh(mini_book: Rulebook) -> None:
    """Rule 20: a keyword the card grants others counts less than one it has, and a card named less surely less."""
    has = scored(mini_book, "what happens when Ogre blocks?", "702.2", DOLL)
    grants = scored(mini_book, "what happens when Ogre blocks?", "702.2", replace(DOLL, keywords=(("Deathtouch", "grants", ("702.2",)),)))
    unsure = scored(mini_book, "what happens when Ogre blocks?", "702.2", replace(DOLL, confidence=0.5))
    assert has > grants and has > unsure


def test_rule_20_a_keyword_the_question_names_is_left_to_rule_2(mini_book: Rulebook) -> None:
    """Rule 20: a keyword the question names itself is raised by rule 2 alone: the card that has it adds no second
    prior (one keyword, one prior), though its other keywords still count."""
    question = "my Stuffed Ogre has deathtouch and blocks, how is its combat damage assigned?"
    with weight("card_focus", 0.0), weight("card_text", 0.0):
        assert scored(mini_book, question, "702.2", DOLL) == scored(mini_book, question, "702.2")
        both = replace(DOLL, keywords=(*DOLL.keywords, ("Trample", "has", ("702.19",))))
        assert scored(mini_book, question, "702.19b", both) > scored(mini_book, question, "702.19b")


def test_rule_21_the_type_line_leads_to_its_types_rules(full_book: Rulebook) -> None:
    """Rule 21: a word of a named card's type line raises the rules of that type (an Aura → 303.4) among those the
    question's words reach."""
    aura = card("Thorn Mantle", type_line="Enchantment — Aura", types=(("Aura", "subtype", ("303.4",)),))
    question = "Thorn Mantle is attached to my creature; what happens to it if the creature leaves the battlefield?"
    assert scored(full_book, question, "303.4", aura) > scored(full_book, question, "303.4")
    with weight("card_type", 0.0), weight("attached", 0.0):  # rule 65 reads the Aura too (704.5m)
        assert scored(full_book, question, "303.4", aura) == scored(full_book, question, "303.4")


def test_rule_21_the_layout_leads_to_its_kind_of_cards_rules(full_book: Rulebook) -> None:
    """Rule 21: the kind of card a named card's layout makes it (``layout``: an Adventurer Card, whose glossary entry
    cites 715) raises that kind's rules by its own weight (``card_layout``), among those the question's words reach."""
    giant = replace(card("Boulder Ogre // Crush", type_line="Creature — Giant // Instant — Adventure"),
                    layout=(("Adventurer Card", "layout", ("715",)),))
    plain = replace(giant, layout=())
    question = "my Boulder Ogre's Crush got countered, does it still go to exile so I can cast the ogre later?"
    assert scored(full_book, question, "715.3d", giant) > scored(full_book, question, "715.3d", plain)
    with weight("card_layout", 0.0):
        assert scored(full_book, question, "715.3d", giant) == scored(full_book, question, "715.3d", plain)


def test_rule_25_a_characteristic_defining_ability_brings_the_rule_its_layer_cites(full_book: Rulebook) -> None:
    """Rule 25: a card defining its own power (“Bog Ooze's power is equal to …”, layer 7a) makes the rule 7a's rule cites
    (604.3: characteristic-defining abilities, which work in every zone) a candidate too."""
    ooze = card("Bog Ooze", "Bog Ooze's power is equal to the number of creature cards in all graveyards and its toughness "
                "is equal to that number plus 1.")
    plain = card("Bog Ooze")
    question = "how big is Bog Ooze while it is in my hand?"
    assert position(ranked(full_book, question, ooze), "604.3") <= 3
    assert "604.3" not in ranked(full_book, question, plain)[:10]
    with weight("card_effects", 0.0):
        assert "604.3" not in ranked(full_book, question, ooze)[:10]


def test_rule_22_the_oracle_text_is_a_weaker_second_query(mini_book: Rulebook) -> None:
    """Rule 22: the rare words of a named card's Oracle text find the rules that share them (the card's shield),
    weaker than the question's own words: a rule only the card text finds rises, but not above what the question
    asks."""
    shield = card("Bulwark Elf", text="Prevent the first combat damage that would be dealt to Bulwark Elf. (Reminder text.)")
    question = "Bulwark Elf blocks a tapped creature, can it block?"
    assert scored(mini_book, question, "702.30a", shield) > scored(mini_book, question, "702.30a")
    assert ranked(mini_book, question, shield)[0] == ranked(mini_book, question)[0] == "509.1a"
    with weight("card_text", 0.0):
        assert scored(mini_book, question, "702.30a", shield) == scored(mini_book, question, "702.30a")


def test_rule_23_a_fitting_ruling_competes(mini_book: Rulebook) -> None:
    """Rule 23: a ruling of a named card holding most of the question's own words is a candidate answer (kept beside
    the ranking, with its card and date); one holding little of them is not."""
    rulings = (("2020-01-01", "If Bulwark Elf blocks a tapped attacker, the attacker still deals combat damage."),
               ("2021-01-01", "This is an unrelated note about mana."))
    elf = card("Bulwark Elf", rulings=rulings)
    a = replace(analyze("Bulwark Elf blocks a tapped attacker: does the attacker deal combat damage?", mini_book.index), cards=(elf,))
    found = rank(mini_book.index, mini_book.qg, a).rulings
    assert [(key, date) for _, key, date, _, _, _ in found] == [("Bulwark Elf", "2020-01-01")]
    with weight("ruling", 0.0):
        assert rank(mini_book.index, mini_book.qg, a).rulings[0][0] == 0.0


def test_rule_23_the_rules_a_fitting_ruling_was_linked_to_rise(mini_book: Rulebook) -> None:
    """Rule 23: the rules a fitting ruling was linked to when the cards were installed rise, by its fit; an unfitting
    ruling's links raise nothing."""
    rulings = (("2020-01-01", "If Bulwark Elf blocks a tapped attacker, the attacker still deals combat damage."),
               ("2021-01-01", "This is an unrelated note about mana."))
    question = "Bulwark Elf blocks a tapped attacker: does the attacker deal combat damage?"
    plain = card("Bulwark Elf", rulings=rulings)
    linked = replace(plain, links=(("702.2",), ("702.19",)))
    before, after = scored(mini_book, question, "702.2", plain), scored(mini_book, question, "702.2", linked)
    assert after > before
    assert scored(mini_book, question, "702.19", linked) == scored(mini_book, question, "702.19", plain)  # it does not fit
    with weight("ruling_link", 0.0):
        assert scored(mini_book, question, "702.2", linked) == before
    a = replace(analyze(question, mini_book.index), cards=(linked,))
    assert rank(mini_book.index, mini_book.qg, a).rulings[0][5] == ("702.2",)


def test_a_rules_term_said_only_in_a_cards_name_is_not_named(mini_book: Rulebook) -> None:
    """A card name is never read as a rules term: "Trample Sprite" does not name the keyword Trample, unless the
    question also says trample outside the name."""
    sprite = NamedCard("Trample Sprite", "Trample Sprite", 11, 25, 0.95, "exact", "Creature", "", (), (), (), frozenset())
    a = analyze("what does Trample Sprite do with lethal damage", mini_book.index)
    assert any(m.node == "keyword:trample" for m in a.matches)
    assert not any(m.node == "keyword:trample" for m in with_cards(a, (sprite,)).matches)
    b = analyze("does Trample Sprite have trample", mini_book.index)
    sprite_b = replace(sprite, start=5, end=19)
    assert any(m.node == "keyword:trample" for m in with_cards(b, (sprite_b,)).matches)


def test_rule_24_a_rule_explaining_the_cards_wording_is_a_candidate(full_book: Rulebook) -> None:
    """Rule 24: a rule that says what a wording on a named card means (614.1a: "Effects that use the word “instead”
    are replacement effects") becomes a candidate though the question never says it, by the weight; a card without
    the wording lifts nothing."""
    shroud = card("Ashen Shroud", text="If a creature would die, exile it instead.", type_line="Enchantment")
    plain = card("Ashen Shroud", text="Creatures you control get +1/+1.", type_line="Enchantment")
    question = "my creature dies while Ashen Shroud is out, where does it go?"
    assert scored(full_book, question, "614.1a", shroud) > scored(full_book, question, "614.1a", plain)
    assert position(ranked(full_book, question, shroud), "614.1a") < position(ranked(full_book, question, plain), "614.1a")
    with weight("card_wording", 0.0), weight("card_text", 0.0):  # rule 22 alone finds the rare word "instead" too
        assert scored(full_book, question, "614.1a", shroud) == scored(full_book, question, "614.1a", plain)


def test_rule_25_the_layer_rule_of_a_cards_effect_is_a_candidate(full_book: Rulebook) -> None:
    """Rule 25: a layer rule is a candidate when a named card's effect changes what the rule names (613.1b,
    "Control-changing effects": "You control enchanted creature"), though neither the question nor the card names
    the layer, by the weight; a card whose text only says whose creatures it means lifts nothing."""
    magic = card("Ashen Grasp", text="Enchant creature\nYou control enchanted creature.", type_line="Enchantment — Aura")
    plain = card("Ashen Grasp", text="Enchant creature\nCreatures you control get +1/+1.", type_line="Enchantment — Aura")
    question = "my opponent put Ashen Grasp on my creature and then I flickered it, who has it now?"
    assert scored(full_book, question, "613.1b", magic) > scored(full_book, question, "613.1b", plain)
    assert position(ranked(full_book, question, magic), "613.1b") < position(ranked(full_book, question, plain), "613.1b")
    with weight("card_effects", 0.0):
        assert scored(full_book, question, "613.1b", magic) == scored(full_book, question, "613.1b", plain)


def test_rule_27_a_kind_of_effect_on_the_card_counts_like_a_keyword(full_book: Rulebook) -> None:
    """Rule 27: a named card's effect of a kind the rules define by its wording (614.1a: "Effects that use the word
    “instead” are replacement effects") is to the card what a keyword is: a question saying little besides the
    cards' names gets 614.1a boosted, by the weight; a card without such an effect, or a question saying much of its
    own, gets nothing from it."""
    warden = card("Ashen Warden", text="If a creature would enter the battlefield, exile it instead.", type_line="Enchantment")
    plain = card("Ashen Warden", text="Creatures you control get +1/+1.", type_line="Enchantment")
    blink = card("Quick Blink", text="Exile target creature you control, then return it to the battlefield.", type_line="Instant")
    question = "I cast Quick Blink while my opponent has an Ashen Warden. What happens?"
    assert position(ranked(full_book, question, blink, warden), "614.1a") <= 2
    assert position(ranked(full_book, question, blink, warden), "614.1a") < position(ranked(full_book, question, blink, plain), "614.1a")
    with weight("card_kind", 0.0):
        lifted = scored(full_book, question, "614.1a", blink, warden)
    assert scored(full_book, question, "614.1a", blink, warden) > lifted
    wordy = ("my opponent has an Ashen Warden on the battlefield, in the two-headed giant game does my team share "
             "its life total and poison counters when my commander deals combat damage?")
    with weight("card_kind", 0.0):
        before = scored(full_book, wordy, "614.1a", warden)
    assert scored(full_book, wordy, "614.1a", warden) == before


def test_rule_24_a_keywords_meaning_is_worded_on_the_card(full_book: Rulebook) -> None:
    """Rule 24: what a keyword the card has means (evoke: "… rather than paying its mana cost", 702.74a) is the card's
    wording too: 118.9 (alternative costs) is a candidate for a card with evoke, not for the same card without it."""
    evoker = card("Ashen Fury", keywords=(("Evoke", "has", ("702.74",)),), type_line="Creature — Elemental")
    plain = replace(evoker, keywords=())
    question = "I cascade into Ashen Fury and cast it without paying its mana cost; can I choose to evoke it too?"
    with weight("card_wording", 0.0):
        without, plain_without = scored(full_book, question, "118.9", evoker), scored(full_book, question, "118.9", plain)
    assert scored(full_book, question, "118.9", evoker) > without
    assert scored(full_book, question, "118.9", plain) == plain_without


def test_rule_23_a_ruling_fits_the_situation_a_long_question_tells(mini_book: Rulebook) -> None:
    """Rule 23: the words of the sentences that only tell a long question's situation (weighed TOLD) count for a
    ruling's fit beside its own words: a ruling holding them is a candidate though the short question at the end says
    nothing of them; they do not make it speak for rules (that takes its own words)."""
    from rulesgraph.analyze import TOLD

    rulings = (("2020-01-01", "Tapped attackers still deal combat damage to Bulwark Elf."),)
    elf = card("Bulwark Elf", rulings=rulings)
    a = replace(analyze("what happens?", mini_book.index), cards=(elf,))
    assert rank(mini_book.index, mini_book.qg, a).rulings == []
    told = replace(a, terms=(*a.terms, *((t, TOLD) for t in ("tap", "attack", "combat", "damag"))))
    found = rank(mini_book.index, mini_book.qg, told).rulings
    assert [(key, date) for _, key, date, _, _, _ in found] == [("Bulwark Elf", "2020-01-01")] and found[0][4] > 0.5


def test_the_asking_sentence_is_what_a_ruling_must_answer() -> None:
    """Rule 23 weighs the words of the sentences ending in "?" (else the last sentence) ASKED times: they are read here."""
    from rulesgraph.steps.cards import _asked

    asked = _asked("How does Warp World interact with the commander replacement effect? It's unclear what you count.")
    assert "command" in asked and "unclear" not in asked and "count" not in asked
    assert _asked("I cast Lightning Bolt. It dies") == _asked("It dies")  # nothing asks: the last sentence
    both = _asked("Does it trigger? Or does it die?")
    assert {"trigger", "die"} <= both


def test_the_best_ruling_of_another_card_comes_second() -> None:
    """Rule 23 keeps the best ruling of another named card than the best's second (it is shown, however little it fits)."""
    from rulesgraph.steps.cards import _each_card

    found = [(0.9, 0.5, "Arashin Sovereign", "d", "a"), (0.8, 0.5, "Arashin Sovereign", "d", "b"),
             (0.3, 0.2, "Whip of Erebos", "d", "c"), (0.2, 0.2, "Whip of Erebos", "d", "e")]
    assert [f[4] for f in _each_card(found)] == ["a", "c", "b", "e"]
    one = [f for f in found if f[2] == "Arashin Sovereign"] + [(0.1, 0.1, "Arashin Sovereign", "d", "z")]
    assert _each_card(one) == one  # one card: by fit
    assert _each_card(found[:2]) == found[:2]
