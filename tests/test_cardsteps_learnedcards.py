"""Rule 75, learned cards (rulesgraph/rank/cardsteps/learnedcards.py): a named card's Oracle words join the question's in
the learned match, over the full CR."""

from __future__ import annotations

import pytest

from rulesgraph import Rulebook
from rulesgraph.model import NamedCard
from rulesgraph.rank.cardsteps.learnedcards import card_words, learned_cards
from rulesgraph.rank.ranking import WEIGHTS
from rulesgraph.rank.steps.learned import learned_candidates

from .test_steps_learned import _query

WURMCOIL = NamedCard("Wurmcoil Engine", "Wurmcoil Engine", 0, 15, 0.8, "exact", "Artifact Creature — Phyrexian Wurm",
                     "Deathtouch, lifelink (Deathtouch: any damage it deals is enough.)\nWhen Wurmcoil Engine dies, create a "
                     "3/3 colorless Phyrexian Wurm artifact creature token with deathtouch.", (), (), (),
                     frozenset({"wurmcoil", "engin"}))


def test_rule_75_a_cards_words_are_its_oracle_stems_without_its_names_or_reminder_text() -> None:
    """Each stem once, prefixed ``c:``; the card's own name ("Wurmcoil Engine", its words) and the reminder text in
    parentheses left out; only the words ``keep`` keeps."""
    said = card_words(WURMCOIL.key, WURMCOIL.text)
    assert {"c:die", "c:deathtouch", "c:lifelink", "c:token", "c:creat"} <= said
    assert not {"c:wurmcoil", "c:engin", "c:damag", "c:enough", "c:thiscard"} & said
    assert all(t.startswith("c:") for t in said)
    assert card_words(WURMCOIL.key, WURMCOIL.text, keep=lambda w: w != "dies") == said - {"c:die"}
    old, new = "When Ashen Gull enters the battlefield, draw a card.", "When Ashen Gull enters, draw a card."
    assert card_words("Ashen Gull", old) == card_words("Ashen Gull", new) == {"c:enter", "c:draw", "c:card"}


def test_rule_75_a_named_cards_words_join_the_learned_match_by_how_surely_it_was_named(full_book: Rulebook) -> None:
    """A rule whose learned card words are those of the named card matches though the question says none of its
    words ("what do I get?"); each card word weighs the weight × the card's confidence; without a card, or at weight 0,
    rule 75 adds nothing and the rule does not match."""
    g = full_book.qg
    table = {"700.4": {"c:die": 6, "c:token": 2}, "608.2b": {"fizzl": 4}}
    question = "when Wurmcoil Engine goes, what do I get?"
    q = _query(full_book, question, {}, table, cards=(WURMCOIL,), focus=0.0)
    learned_cards(q)
    words = q.memo["learned cards"]
    assert words["c:die"] == pytest.approx(WEIGHTS["learned_card"] * 0.8)
    learned_candidates(q)
    assert g.num["700.4"] in q.memo["learned"] and g.num["700.4"] in q.text
    unnamed = _query(full_book, question, {}, table, focus=0.0)
    unweighted = _query(full_book, question, {}, table, cards=(WURMCOIL,), focus=0.0)
    unweighted.w = {**unweighted.w, "learned_card": 0.0}
    for q in (unnamed, unweighted):
        learned_cards(q)
        learned_candidates(q)
        assert "learned cards" not in q.memo and g.num["700.4"] not in q.memo["learned"]
