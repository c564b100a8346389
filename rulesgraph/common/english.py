"""Ordinary English words, so that spelling correction leaves them alone ("volcanic", "wearing").

The list is the `wordfreq <https://pypi.org/project/wordfreq/>`_ package's English "small" word list:
every word seen at least once per million words of its sources (Zipf frequency ≥ 3, about 28,000 words).
A word that common is something the player meant to type, even when the rules never use it; a slip
("tramlpe", "recieve") is far rarer.  The list is read once, when the index is built, and kept in the
cache with it as one newline-delimited string: a question never imports wordfreq, and loading the
cache costs one string, not a set of 28,000.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .text import words

__all__ = ["WORDLIST", "EnglishWords", "english_words", "english_zipf"]

WORDLIST = "small"
"""wordfreq's list of words with a frequency of at least 1 per million (``large`` goes down to 1 per 100 million,
which takes in common misspellings such as "recieve")."""


class EnglishWords:
    """A set of folded words, stored as ``"\\nword\\nword\\n"`` (cheap to pickle and unpickle)."""

    __slots__ = ("_text",)

    def __init__(self, ws: set[str] | frozenset[str]) -> None:
        self._text = "\n" + "\n".join(sorted(ws)) + "\n" if ws else "\n"

    def __contains__(self, word: object) -> bool:
        """Binary search over the sorted lines (about 15 steps; scanning the 250 kB string took ~50 µs a word)."""
        if not isinstance(word, str) or not word.isalpha():
            return False
        text = self._text
        lo, hi = 0, len(text) - 1  # newlines bounding the lines still to search
        while lo < hi:
            start = text.rfind("\n", lo, (lo + hi) // 2 + 1)  # the line around the middle
            end = text.index("\n", start + 1)
            line = text[start + 1 : end]
            if line == word:
                return True
            if line < word:
                lo = end
            else:
                hi = start
        return False

    def __len__(self) -> int:
        return self._text.count("\n") - 1

    def __getstate__(self) -> str:
        return self._text

    def __setstate__(self, state: str) -> None:
        self._text = state


def english_words(leave_out: frozenset[str] | set[str] = frozenset()) -> EnglishWords:
    """The ordinary English words as :func:`~rulesgraph.common.text.words` folds them (``don't`` → ``dont``),
    alphabetic only, without ``leave_out`` (the rules' own vocabulary, which is known anyway)."""
    from wordfreq import iter_wordlist  # only when an index is built: importing wordfreq costs ~70 ms

    found = {w for entry in iter_wordlist("en", WORDLIST) for w in words(entry)}
    return EnglishWords({w for w in found if w.isalpha() and w not in leave_out})


def english_zipf(long_letters: int) -> tuple[Callable[[str], float], set[str]]:
    """The English zipf frequency of a folded word (7 for "the", 0 for a word never seen), and the words of
    ``long_letters`` letters or more common enough (zipf ≥ 2) never to be misspelt card names; from ``wordfreq``'s
    "best" list (imported only here: building the card name table, :mod:`rulesgraph.cards.nametable`)."""
    from wordfreq import get_frequency_dict

    freq = get_frequency_dict("en", wordlist="best")
    long = {w.replace("'", "") for w, f in freq.items() if len(w) >= long_letters and f >= 1e-7 and w.replace("'", "").isalpha()}
    return (lambda w: round(math.log10(freq[w] * 1e9), 2) if freq.get(w) else 0.0), long
