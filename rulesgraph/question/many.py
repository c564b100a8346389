"""Whether a question speaks of more than one of a card it names: "a second Thalia", "two Jaces", "a copy of Kokusho",
"are they both there?" — read for each card :class:`~rulesgraph.question.namedcards.CardDeck` finds (``NamedCard.many``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..common.text import words

__all__ = ["more_than_one"]

_MORE = frozenset(("another", "second", "third", "fourth", "two", "three", "four", "2nd", "3rd", "4th"))
"""A word right before a card's name saying the question speaks of more than one of it ("a second Thalia")."""
_COPY = frozenset(("copy", "copies", "copying", "copied", "clone", "clones", "token", "tokens"))
"""A word right before a card's name (not its possessive: "I copy Kokusho's trigger" copies the trigger), after "copy
of", or right after its name ("a Thalia token") saying the question speaks of a copy of it: two of it."""
_OBJECT = frozenset(("it", "me", "him", "her", "them", "us", "my", "your", "his", "their", "its", "our", "the", "a", "an",
                     "that", "this", "each", "every", "all", "target"))
"""After a card's name said as a plural, a word opening its object says it is a verb ("Murders the Angel", "Clones it",
"Lightning Bolts me"), not two of the card ("two Blood Artists. One of them …")."""
_BOTH = (" they both ", " both of them ", " them both ", " both of ")
"""Said in a question naming a card twice, these say the two are two of it ("are they both there?"); "both" alone does
not ("do both players pay Thalia's tax?")."""


def more_than_one(question: str, spans: list[tuple[int, int, str]], said: Sequence[str] | None = None) -> bool:
    """Whether ``question`` speaks of more than one of a card it names at ``spans`` (each mention's start, end and how
    it was found): a plural of its name, a number or "another" right before a mention ("a second Thalia", "two
    Jaces"), a copy of it (:data:`_COPY`), or the card named twice in a question saying "they both" (:data:`_BOTH`).
    ``said``: the question's words, when it was read already (:class:`~rulesgraph.question.read.Question`)."""
    for _, end, how in spans:
        if how == "plural" and next((w.lower() for w in words(question[end : end + 12])), "") not in _OBJECT:
            return True
    for start, end, _ in spans:
        before = [w.lower() for w in words(question[max(0, start - 24) : start])]
        after = [w.lower() for w in words(question[end : end + 16])]
        possessive = question[start:end].endswith(("'s", "’s"))
        if before and before[-1] in _MORE:
            return True
        if not possessive and before and (before[-1] in _COPY or (before[-1] == "of" and before[-2:-1] and before[-2] in _COPY)):
            return True
        if after and after[0] in _COPY:
            return True
    if len(spans) < 2:
        return False
    line = f" {' '.join(w.lower() for w in (words(question) if said is None else said))} "
    return any(phrase in line for phrase in _BOTH)
