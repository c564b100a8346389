"""Rule 72, a glossary term a named card's text says (rulesgraph/rank/cardsteps/terms.py), over the full CR, with an
invented card; and how a card's terms are read (rulesgraph/question/cardsaid.py, ``glossary_said``)."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook
from rulesgraph.question.cardsaid import glossary_said

from .test_cardsteps_cards import card, scored
from .test_ranking import weight

ENGINE = card("Brass Colossus", "When Brass Colossus dies, create two 3/3 colorless Golem artifact creature tokens.",
              type_line="Artifact Creature — Golem")
QUESTION = "Brass Colossus is put into my graveyard from my library. does its ability trigger?"


def test_a_cards_glossary_terms_are_read_once_each_with_their_best_quality(full_book: Rulebook) -> None:
    said = dict(glossary_said(full_book.index, ENGINE.text))
    assert said["glossary:Dies"] == 1.0 and "glossary:Token" in said
    assert len(said) == len(glossary_said(full_book.index, ENGINE.text))  # each term once
    assert "glossary:Token" not in dict(glossary_said(full_book.index, "Destroy target nontoken creature."))  # negated


def test_rule_72_a_term_the_cards_text_says_raises_the_rules_its_entry_cites(full_book: Rulebook) -> None:
    """Rule 72: the card's "dies" raises what the glossary's Dies cites (700.4, what dying is), by the weight × the card's
    sureness; the card without its terms, or the weight 0, does not; the question saying "dies" itself leaves it to rule 4."""
    engine = replace(ENGINE, terms=glossary_said(full_book.index, ENGINE.text))
    bare = replace(ENGINE, terms=())
    assert scored(full_book, QUESTION, "700.4", engine) > scored(full_book, QUESTION, "700.4", bare)
    assert scored(full_book, QUESTION, "700.4", engine) > scored(full_book, QUESTION, "700.4", replace(engine, confidence=0.5))
    with weight("card_term", 0.0):
        assert scored(full_book, QUESTION, "700.4", engine) == scored(full_book, QUESTION, "700.4", bare)
    said = "Brass Colossus is put into my graveyard from my library. does it trigger as if it died?"
    assert scored(full_book, said, "700.4", engine) == scored(full_book, said, "700.4", bare)
