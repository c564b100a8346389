"""Spelling correction: an unknown word of a question → the closest word of the corpus vocabulary.

Only a word that is neither in the rules' vocabulary (nor the alias table's, nor a stopword or framing word)
nor an ordinary English word is corrected (``tramlpe`` → ``trample``; ``volcanic`` is left alone), and only to
a word with the same first letter.  Used by :mod:`rulesgraph.question.analyze`, which keeps each word's result per index.
"""

from __future__ import annotations

from collections.abc import Collection

from rapidfuzz import process
from rapidfuzz.distance import OSA

from ..build.index import Index
from ..common.text import STOPWORDS, stem

__all__ = ["CORRECT", "correct"]

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
