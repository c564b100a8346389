"""Spelling correction: an unknown word of a question → the closest word of the corpus vocabulary.

Only a word that is neither in the rules' vocabulary (nor the alias table's, nor a stopword or framing word)
nor an ordinary English word is corrected (``tramlpe`` → ``trample``; ``volcanic`` is left alone), and only to
a word with the same first letter.  Used by :mod:`rulesgraph.question.analyze`, which keeps each word's result per index.
And the tournament documents' names of two words or more said misspelt ("outside assitance": :func:`misspelt_in`), which
route a question (:mod:`rulesgraph.question.policyroute`) and name an infraction.
"""

from __future__ import annotations

from collections.abc import Collection

from rapidfuzz import process
from rapidfuzz.distance import OSA

from ..build.index import Index
from ..common.text import STOPWORDS, stem
from .read import Question

__all__ = ["CORRECT", "MISSPELT", "correct", "misspelt_in"]

CORRECT = 0.7
"""Least similarity (OSA: a transposition counts as one edit) for an unknown word to be read as a known
one that starts with the same letter: ``clahs`` → ``clash``, ``barigan`` → ``bargain``."""


def correct(word: str, index: Index, framing: Collection[str] = ()) -> tuple[str, float] | None:
    """The vocabulary word closest to an unknown word, with its similarity; ``None`` if nothing is close (or the
    word is known: in the vocabulary, the alias table, the stopwords, ``framing``, or English)."""
    if len(word) < 4 or not word.isalpha():
        return None
    known = word in index.vocab or word in index.slang or word in STOPWORDS or word in framing or stem(word) in index.postings
    if known or word in index.english:  # "volcanic" is not a slip for "volcano"
        return None
    # slips keep the first letter ("unrelated" is not "related"): only words with the same one are compared
    best = process.extract(word, _by_first_letter(index).get(word[0], ()), scorer=OSA.normalized_similarity,
                           score_cutoff=CORRECT, limit=8)
    if not best:
        return None
    # the closest spelling; among equally close ones, the same letters reordered (a typing slip:
    # ``clahs`` → ``clash``, not ``class``), then the most common word
    letters = sorted(word)
    choice = max(best, key=lambda c: (round(c[1], 3), sorted(c[0]) == letters, index.vocab[c[0]]))
    return choice[0], choice[1]


_BY_LETTER = ("vocabulary", "by first letter")
"""Its key in ``Index.memo``: a tuple, so it cannot meet a name, which ``specificity`` keys the same memo by."""


def _by_first_letter(index: Index) -> dict[str, list[str]]:
    """The vocabulary grouped by first letter, in vocabulary order (made once per index)."""
    groups = index.memo.get(_BY_LETTER)
    if groups is None:
        groups = index.memo[_BY_LETTER] = {}
        for w in index.vocab:
            groups.setdefault(w[0], []).append(w)
    return groups


MISSPELT = 90
"""How alike (rapidfuzz's ratio) a run of words must be to an infraction's name of 2+ words to name it ("outside assitance")."""


_LONG_NAMES: list[tuple[dict[str, str], list[tuple[str, str, int]], dict[str, list[tuple[int, int]]]]] = []


def _long_names(named: dict[str, str]) -> tuple[list[tuple[str, str, int]], dict[str, list[tuple[int, int]]]]:
    """The names of two words or more (ten letters at least) with their section and number of words, and each of
    their words' first three letters → (the name, the word's place in it): made once per ``named`` (four kept)."""
    for known, long, begins in _LONG_NAMES:  # the router's names and the ranking's (with former names): two at most
        if known is named:
            return long, begins
    long = [(name, sid, len(name.split())) for name, sid in named.items() if len(name.split()) >= 2 and len(name) >= 10]
    begins = {}
    for n, (name, _, _) in enumerate(long):
        for j, part in enumerate(name.split()):
            begins.setdefault(part[:3], []).append((n, j))
    _LONG_NAMES[:] = [*_LONG_NAMES[-3:], (named, long, begins)]
    return long, begins


def misspelt_in(question: str | Question, named: dict[str, str]) -> list[tuple[str, str]]:
    """``(name, section id)`` for the names of ``named`` of two words or more that the question says misspelt: each run
    of as many words as the name has, compared whole (one or two letters wrong or missing in a long name).  Only the
    runs one word of which begins as the name's word in its place does are compared ("assitance" begins as
    "assistance"): a name misspelt keeps one word's first letters, and a rules question says few such runs."""
    from rapidfuzz.fuzz import ratio

    said = Question.of(question).words
    long, begins = _long_names(named)
    starts: dict[int, set[int]] = {}
    for i, w in enumerate(said):
        for n, j in begins.get(w[:3], ()):
            if 0 <= i - j <= len(said) - long[n][2]:
                starts.setdefault(n, set()).add(i - j)
    out = []
    for n in sorted(starts):
        name, sid, size = long[n]
        if any(ratio(name, " ".join(said[i : i + size]), score_cutoff=MISSPELT) for i in starts[n]):
            out.append((name, sid))
    return out
