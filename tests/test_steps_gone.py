"""Rule 32, a waiting spell or ability whose object has changed (rulesgraph/steps/gone.py), over the full CR."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook
from rulesgraph.analyze import analyze
from rulesgraph.namedcards import NamedCard
from rulesgraph.pipeline import Query
from rulesgraph.rank import WEIGHTS
from rulesgraph.steps.gone import changed, resolving_rules

from .test_rank import weight
from .test_steps_cards import card, position, ranked, scored

SACRIFICED = "If my opponent sacrifices the creature in response to my spell, does my spell still do anything?"
DESTROYED = "They destroyed the creature in response to its triggered ability. Does the ability still happen?"


def told(book: Rulebook, question: str) -> tuple[float, float]:
    left, out, _ = changed(Query(book.index, book.qg, analyze(question, book.index), WEIGHTS))
    return left, out


def test_the_rules_on_how_a_waiting_spell_resolves_are_read_from_their_words(full_book: Rulebook) -> None:
    """The rules checking that targets are "still legal" are 608.2b and 608.3b; those on an object "no longer in the
    zone" include 113.7a (an ability's source), 603.7c (a delayed trigger's object) and 608.2b."""
    g = full_book.qg
    checked, left = ([g.ids[i] for i in nodes] for nodes in resolving_rules(g, full_book.index))
    assert checked == ["608.2b", "608.3b"]
    assert {"113.7a", "603.7c", "608.2b"} <= set(left)


def test_what_is_told_of_a_response_and_a_change(full_book: Rulebook) -> None:
    """A response and a zone change (sacrifice, destroy, exile, dies: read from their glossary entries), or a response
    and a keyword whose rules say it "can't be the target" (shroud), are told; a change without a response is not."""
    assert told(full_book, SACRIFICED)[0] > 0
    assert told(full_book, DESTROYED)[0] > 0
    assert told(full_book, "My opponent gave it shroud in response to my spell. What happens to my spell?") == (0.0, 1.0)
    assert told(full_book, "If my opponent sacrifices the creature, does my spell still do anything?") == (0.0, 0.0)
    assert told(full_book, "Can I respond to my opponent's spell with an instant?") == (0.0, 0.0)


def test_rule_32_a_response_that_removes_what_a_spell_needs_leads_to_how_it_resolves(full_book: Rulebook) -> None:
    """Rule 32: told that the creature was sacrificed or destroyed in response, 608.2b (a target no longer in its zone
    is illegal) rises into the top three; with the weight at 0 it does not (rule 40, which then puts the procedure of
    its steps, 608.2, just above it, left out)."""
    with weight("procedure", 0.0):
        assert position(ranked(full_book, SACRIFICED), "608.2b") < 3
        assert position(ranked(full_book, DESTROYED), "608.2b") < 3
        with weight("gone", 0.0):
            assert position(ranked(full_book, SACRIFICED), "608.2b") >= 3
            assert position(ranked(full_book, DESTROYED), "608.2b") >= 3


def test_rule_32_a_named_card_says_the_object_left(full_book: Rulebook) -> None:
    """Rule 32: the response a named card makes ("in response they cast Shimmer Step on it", the card's "Exile target creature
    you control") tells of an object leaving its zone as the question's own "sacrifices" does, as surely as the card was
    named; a card saying nothing of leaving does not, nor does a card without a response told."""
    blink = card("Shimmer Step", text="Exile target creature you control, then return it to the battlefield under its owner's control.")
    plain = card("Shimmer Step", text="Target creature gets +1/+1 until end of turn.")
    question = "I cast a burn spell on their creature. In response they cast Shimmer Step on it. What happens to my spell?"

    def left(q: str, *cards: NamedCard) -> float:
        a = replace(analyze(q, full_book.index), cards=cards)
        return changed(Query(full_book.index, full_book.qg, a, WEIGHTS))[0]

    assert left(question) == 0.0
    assert left(question, blink) > 0.0
    assert left(question, plain) == 0.0
    assert left("I cast a burn spell on their creature. Then they cast Shimmer Step on it. What happens?", blink) == 0.0
    with weight("procedure", 0.0):
        assert scored(full_book, question, "608.2b", blink) > scored(full_book, question, "608.2b", plain)
