"""Rule 72, a glossary term a named card's text says (rulesgraph/rank/cardsteps/terms.py), over the full CR, with an
invented card; and how a card's terms are read (rulesgraph/question/cardsaid.py, ``glossary_said``)."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook
from rulesgraph.question.cardsaid import glossary_said

from .test_cardsteps_cards import card, ranked, scored
from .test_ranking import weight

ENGINE = card("Brass Colossus", "When Brass Colossus dies, create two 3/3 colorless Golem artifact creature tokens.",
              type_line="Artifact Creature — Golem")
QUESTION = "Brass Colossus is put into my graveyard from my library. does its ability trigger?"


def test_a_cards_glossary_terms_are_read_once_each_with_their_best_quality(full_book: Rulebook) -> None:
    """Each term once, at its best match (Dies said exactly and as "died", read at 1.0); a negated term says nothing; the
    card's own name is read as "this" (Wall of Omens says no Wall)."""
    said = dict(glossary_said(full_book.index, ENGINE.text))
    assert said["glossary:Dies"] == 1.0 and "glossary:Token" in said
    twice = glossary_said(full_book.index, "When this creature died, it dies again.")
    assert [q for node, q in twice if node == "glossary:Dies"] == [1.0]
    assert "glossary:Token" not in dict(glossary_said(full_book.index, "Destroy target nontoken creature."))  # negated
    wall = "When Wall of Omens enters the battlefield, draw a card."
    assert "glossary:Wall" in dict(glossary_said(full_book.index, wall))
    assert "glossary:Wall" not in dict(glossary_said(full_book.index, wall, ("Wall of Omens",)))


def test_rule_72_a_term_the_cards_text_says_raises_the_rules_its_entry_cites(full_book: Rulebook) -> None:
    """Rule 72: the card's "dies" raises what the glossary's Dies cites (700.4, what dying is), by the weight × the card's
    sureness; the card without its terms, or the weight 0, does not; the question saying "dies" itself leaves it to rule 4
    (stated with rule 74's look-back raise off: its 603.10a among the first places reorders them by rules 69 and 71)."""
    engine = replace(ENGINE, terms=glossary_said(full_book.index, ENGINE.text))
    bare = replace(ENGINE, terms=())
    assert scored(full_book, QUESTION, "700.4", engine) > scored(full_book, QUESTION, "700.4", bare)
    assert scored(full_book, QUESTION, "700.4", engine) > scored(full_book, QUESTION, "700.4", replace(engine, confidence=0.5))
    with weight("card_term", 0.0):
        assert scored(full_book, QUESTION, "700.4", engine) == scored(full_book, QUESTION, "700.4", bare)
    said = "Brass Colossus is put into my graveyard from my library. does it trigger as if it died?"
    with weight("looks_back", 0.0):  # rule 74 raises 603.10a for the card's dies trigger: the first six then order by
        # rules 69 and 71, which read every candidate (the card's other terms' too), not by rule 72's raise of 700.4
        assert scored(full_book, said, "700.4", engine) == scored(full_book, said, "700.4", bare)


def test_rule_72_a_variants_rules_a_term_cites_in_passing_stay_the_variants(full_book: Rulebook) -> None:
    """"You can't lose the game": Lose the Game cites 104 and, in passing, Two-Headed Giant's 810.8; those stay a
    variant's rules the question does not name (rule 13 halves them), as rule 4 keeps them."""
    seraph = card("Golden Seraph", "Flying\nYou can't lose the game and your opponents can't win the game.",
                  type_line="Artifact Creature — Angel")
    seraph = replace(seraph, terms=glossary_said(full_book.index, seraph.text, (seraph.key,)))
    order = ranked(full_book, "If I'm at 0 life with Golden Seraph out, do I lose?", seraph)
    assert not [r for r in order[:30] if r.startswith("810")]
