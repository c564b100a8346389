"""Rule 30, what brings a characteristic to zero (rulesgraph/steps/states.py), over the full CR, with invented cards."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook
from rulesgraph.analyze import analyze
from rulesgraph.pipeline import Query
from rulesgraph.rank import WEIGHTS
from rulesgraph.steps.states import SAID, at_zero, lowered

from .test_rank import weight
from .test_steps_cards import card, position, ranked, scored

WITHER = card("Blight Lash", text="Target creature gets -5/-5 until end of turn.", type_line="Instant")
COUNTERS = card("Grim Sprite", text="Flying\n(This creature deals damage to creatures in the form of -1/-1 counters.)")
WALKER = card("Vessa, the Hollow", text="[+1]: Each player discards a card.\n[−2]: Target player sacrifices a creature.",
              type_line="Legendary Planeswalker — Vessa")


def test_rule_30_reads_what_the_state_based_actions_check_at_zero(full_book: Rulebook) -> None:
    """Rule 30 reads from the rules which state-based action checks which characteristic at zero (704.5f "toughness 0
    or less", 704.5i "loyalty 0") and what the notation lowers (208.1's second number, 107.7's [-N])."""
    known = at_zero(full_book.qg, full_book.index)
    assert known["toughness"] == ("704.5f",) and known["loyalty"] == ("704.5i",) and "704.5a" in known["life"]
    assert known["by slash"] == ("toughness",) and known["by symbol"] == ("loyalty",)


def test_rule_30_a_card_giving_minus_toughness_makes_704_5f_a_candidate(full_book: Rulebook) -> None:
    """Rule 30: a named card whose effect gives -N/-N makes the state-based action on toughness 0 or less (704.5f) a
    candidate, by the weight; a -1/-1 counter only its reminder text speaks of does not."""
    question = "Can I kill my opponent's Stuffed Ogre with Blight Lash?"
    assert position(ranked(full_book, question, WITHER), "704.5f") <= 2
    assert position(ranked(full_book, question, COUNTERS), "704.5f") > 10
    with weight("card_states", 0.0):
        assert "704.5f" not in ranked(full_book, question, WITHER)[:3]


def test_rule_30_a_loyalty_cost_the_question_names_makes_704_5i_a_candidate(full_book: Rulebook) -> None:
    """Rule 30: a named planeswalker's negative loyalty cost that the question names ("her -2") makes the state-based
    action on loyalty 0 (704.5i) a candidate; the card's +1 named instead does not."""
    minus = "Vessa, the Hollow is at 2 and I use her -2. She goes to 0 - does the ability still resolve?"
    plus = "Vessa, the Hollow is at 2 and I use her +1. She goes to 3 - does the ability still resolve?"
    assert position(ranked(full_book, minus, WALKER), "704.5i") <= 2 < position(ranked(full_book, minus), "704.5i")
    with weight("card_states", 0.0):
        off = scored(full_book, minus, "704.5i", WALKER), scored(full_book, plus, "704.5i", WALKER)
    assert scored(full_book, minus, "704.5i", WALKER) > off[0]
    assert scored(full_book, plus, "704.5i", WALKER) == off[1]
    for sign in ("[−2]", "“−2”", "−2", "[-2]"):  # as Oracle text and players write the cost, Unicode minus included
        said = minus.replace("-2.", f"{sign}.")
        assert position(ranked(full_book, said, WALKER), "704.5i") <= 2, sign


def test_rule_30_a_minus_toughness_the_question_tells_of_counts_less(full_book: Rulebook) -> None:
    """Rule 30: a -N/-N the question itself tells of makes 704.5f a candidate too, less surely than a named card."""
    question = "My creature is indestructible - does it survive getting -4/-4?"
    assert scored(full_book, question, "704.5f") > 0
    with weight("card_states", 0.0):
        off = scored(full_book, question, "704.5f")
    assert scored(full_book, question, "704.5f") > off
    said = lowered(Query(full_book.index, full_book.qg, analyze(question, full_book.index), WEIGHTS))
    assert [(what, sure) for what, sure, _ in said] == [("toughness", SAID)] and SAID < 1.0
    shrink = card("Shrinking Ray", text="Target creature gets -5/-5 until end of turn.", type_line="Instant")
    a = replace(analyze("I cast Shrinking Ray on my creature. Does it survive?", full_book.index), cards=(shrink,))
    assert [(what, sure) for what, sure, _ in lowered(Query(full_book.index, full_book.qg, a, WEIGHTS))] == [
        ("toughness", shrink.confidence)]
    assert shrink.confidence > SAID
