"""Rule 35, a loyalty ability said by its symbol (rulesgraph/steps/loyalty.py), over the full CR, with an invented card."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook
from rulesgraph.analyze import analyze
from rulesgraph.pipeline import Pipeline
from rulesgraph.rank import STEPS, rank
from rulesgraph.steps.loyalty import symbols

from .test_steps_cards import card, position
from .test_steps_states import WALKER

WITHOUT = Pipeline([s for s in STEPS.steps if s.name != "loyalty_said"])


def ranked(book: Rulebook, question: str, *cards: object, steps: Pipeline = STEPS) -> list[str]:
    a = replace(analyze(question, book.index), cards=cards)
    return [s.node for s in rank(book.index, book.qg, a, steps)]


def test_rule_35_reads_the_symbol_and_its_term_from_the_rules(full_book: Rulebook) -> None:
    """Rule 35 reads from 107.7 which type's activated abilities have which symbol in their cost, and from the glossary
    the term defined by that symbol."""
    assert symbols(full_book.qg, full_book.index) == ("planeswalker", "loyalty", "glossary:Loyalty Ability")


def test_rule_35_a_symbol_said_of_a_planeswalker_names_a_loyalty_ability(full_book: Rulebook) -> None:
    """Rule 35: "+2" said of a planeswalker, a named card's "[+1]:" said as "+1", and a planeswalker's abilities name a
    loyalty ability: the rules of 606 rise, as if the question had said "loyalty ability"."""
    for question, cards in (("Can I use the +2 of my planeswalker twice in one turn?", ()),
                            ("Can I activate Vessa's +1 on my opponent's turn?", (WALKER,)),
                            ("can my planeswalker's abilities be used during combat?", ())):
        on, off = ranked(full_book, question, *cards), ranked(full_book, question, *cards, steps=WITHOUT)
        best = min(position(on, r) for r in ("606.3", "606.2", "606.5"))
        assert best < min(position(off, r) for r in ("606.3", "606.2", "606.5")) and best < 10, question
    assert position(ranked(full_book, "Can I activate Vessa's +1 on my opponent's turn?", WALKER), "606.3") < 3


def test_rule_35_a_counter_or_a_power_change_is_not_a_symbol(full_book: Rulebook) -> None:
    """Rule 35 leaves alone a "+1/+1 counter" or a "-2/-2" told of a planeswalker, and a "+1" of a card without that
    cost."""
    for question, cards in (("I put a +1/+1 counter on my planeswalker, what happens?", ()),
                            ("my planeswalker turned into a creature and got -2/-2, does it die?", ()),
                            ("Does Rusty Golem's +1 work on my turn?", (card("Rusty Golem", text="Trample"),))):
        assert ranked(full_book, question, *cards) == ranked(full_book, question, *cards, steps=WITHOUT), question


def test_rule_35_the_terms_words_are_a_second_weaker_query(full_book: Rulebook) -> None:
    """Rule 35's ``loyalty_words``: the named term's words ("loyalty ability") are searched too, at that weight; at 0
    the best ten are not the same, and the best score or 606.3's place is no better."""
    from .test_rank import weight

    question = "Can I use the +2 of my planeswalker twice in one turn?"
    on = rank(full_book.index, full_book.qg, analyze(question, full_book.index), STEPS)
    with weight("loyalty_words", 0.0):
        off = rank(full_book.index, full_book.qg, analyze(question, full_book.index), STEPS)
    assert [s.node for s in on][:10] != [s.node for s in off][:10]
    assert on[0].score > off[0].score or position([s.node for s in on], "606.3") < position([s.node for s in off], "606.3")
