"""What a card's words mean as the rules say them (rulesgraph/rank/cardsteps/wording.py): read from the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.rank.cardsteps.wording import SELF_WORD, meanings, sentences_of


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
