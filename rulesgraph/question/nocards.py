"""Without card data installed: does a question name what looks like a card?  Then the front ends say, once, how to
install the cards, instead of leaving "Nothing in the loaded rules matches" unexplained.

A card looks like a run of Capitalised Words (:func:`rulesgraph.question.read.card_words`: ``Kitchen Finks``, ``cast
Overrun``) holding a word the loaded rules do not name as a keyword, a glossary term or a section title ("How does
Flying work?" names the rules' Flying, not a card).  Cheap: a few dictionary look-ups.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..build.index import STOPWORDS, name_key
from ..common.text import words
from .read import card_words

if TYPE_CHECKING:
    from ..build.corpus import Rulebook

__all__ = ["HINT", "names_a_card"]

HINT = ("that looks like a card's name, but no card data is installed: 'rulesgraph update cards' installs it "
        "(offline: 'rulesgraph update cards --file PATH' with MTGJSON's AtomicCards.json.xz)")
"""The one line said when a question names what looks like a card and no card data is installed."""


def names_a_card(book: Rulebook, question: str) -> bool:
    """Whether ``question`` names what looks like a card that the loaded rules don't name (a word of a run of
    Capitalised Words not inside a rules name of one to three words: "the Cleanup Step" is the rules')."""
    names = book.index.names

    def rules_name(phrase: list[str]) -> bool:
        return any(n.startswith(("keyword:", "glossary:")) or n[:1].isdigit() for n in names.get(name_key(" ".join(phrase)), ()))

    said = [w.lower().replace("'", "") for w in words(question)]
    ruled: set[str] = set()
    for i in range(len(said)):
        for n in (3, 2, 1):
            if i + n <= len(said) and rules_name(said[i : i + n]):
                ruled.update(said[i : i + n])
                break
    return any(w not in STOPWORDS and w not in ruled for w in card_words(question))
