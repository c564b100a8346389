"""What a card's words mean as the rules say them (rulesgraph/rank/cardsteps/wording.py): read from the full CR."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from rulesgraph import Rulebook
from rulesgraph.rank.cardsteps.wording import SELF_WORD, _named, meanings, sentences_of


def test_a_keywords_meaning_is_read_from_its_rules(full_book: Rulebook) -> None:
    """What a keyword means, as its rules quote it (“Evoke [cost]” means “You may cast this card by paying [cost] rather
    than paying its mana cost”, 702.74a)."""
    evoke = meanings(full_book.qg, "702.74")
    assert evoke and "rather than paying its mana cost" in evoke[0]
    assert meanings(full_book.qg, "999.99") == ()


def test_a_cards_text_is_read_sentence_by_sentence_without_reminder_text() -> None:
    """Reminder text is left out, the card's own name is :data:`SELF_WORD`, and older "enters the battlefield" is read as
    today's "enters"."""
    said = sentences_of("When Ashen Gull enters the battlefield, draw a card. (It's a trigger.) Flying", ("Ashen Gull",))
    assert said and not any("trigger" in s for s in said)
    assert any(SELF_WORD in s for s in said)
    assert not any("battlefield" in s for s in said)


@given(st.text(alphabet="ab _-,.'!éß1\n", max_size=30), st.text(alphabet="ab _-'!é1", min_size=1, max_size=5))
def test_a_name_is_replaced_where_a_word_boundary_pattern_finds_it(text: str, name: str) -> None:
    """The card's own name found without compiling an expression for it: where ``\\bNAME\\b`` would be, and nowhere else
    ("Gull" in "Ashen Gull's", not in "Gullet"; names beginning or ending with no letter, "+2 Mace", "Ach! Hans, Run!")."""
    assert _named(text, name, " x ") == re.sub(rf"\b{re.escape(name)}\b", " x ", text)


def test_names_with_punctuation_at_their_ends_are_replaced_as_the_pattern_did() -> None:
    for text, name in [("Gullet and Ashen Gull's wings", "Ashen Gull"), ("Ach! Hans, Run! is cast", "Ach! Hans, Run!"),
                       ("a +2 Mace, +2 Mace", "+2 Mace"), ("aaa", "aa"), ("_a a_ a", "a")]:
        assert _named(text, name, " x ") == re.sub(rf"\b{re.escape(name)}\b", " x ", text)


def test_a_card_calls_itself_by_its_name_each_faces_and_a_legends_short_name() -> None:
    from rulesgraph.rank.cardsteps.wording import self_names

    assert self_names("Tarmogoyf") == ("Tarmogoyf",)
    assert self_names("Thalia, Guardian of Thraben") == ("Thalia, Guardian of Thraben", "Thalia")
    assert self_names("Bonecrusher Giant // Stomp") == ("Bonecrusher Giant // Stomp", "Bonecrusher Giant", "Stomp")
