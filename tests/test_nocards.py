"""rulesgraph/question/nocards.py: without card data, whether a question names what looks like a card (a run of Capitalised
Words holding a word no rules name of one to three words holds)."""

from __future__ import annotations

import pytest

from rulesgraph import Rulebook
from rulesgraph.question.nocards import names_a_card


@pytest.mark.parametrize(("question", "card"), [
    ("Kitchen Finks", True), ("I cast Lightning Bolt at my opponent", True), ("Can my Sol Ring tap for mana?", True),
    ("How does Flying work?", False), ("what does trample do?", False), ("when does the Cleanup Step happen", False),
    ("What is a Planeswalker?", False), ("kitchen finks", False),
])
def test_what_looks_like_a_card(full_book: Rulebook, question: str, card: bool) -> None:
    assert names_a_card(full_book, question) is card
