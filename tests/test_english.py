"""The ordinary English word list that spelling correction leaves alone."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from rulesgraph.common.english import EnglishWords, english_words, english_zipf


def test_common_words_are_in_and_slips_are_not() -> None:
    english = english_words()
    for word in ("volcanic", "wearing", "unrelated", "dont"):  # folded as questions are: "don't" → "dont"
        assert word in english, word
    for slip in ("tramlpe", "deathtuch", "recieve", "weirding"):  # "weirding" is rarer than once per million words
        assert slip not in english, slip
    assert 20_000 < len(english) < 40_000


def test_left_out_words_and_non_words() -> None:
    english = english_words(frozenset({"volcanic"}))
    assert "volcanic" not in english and "wearing" in english
    assert "" not in english and "a\nb" not in english and 3 not in english and "don't" not in english


def test_it_pickles_as_one_string() -> None:
    words = EnglishWords({"alpha", "beta"})
    again = pickle.loads(pickle.dumps(words))
    assert "alpha" in again and "beta" in again and "gamma" not in again and len(again) == 2
    assert len(EnglishWords(set())) == 0 and "x" not in EnglishWords(set())


@given(st.sets(st.text("abcz", min_size=1, max_size=4), max_size=30), st.text("abcz", min_size=1, max_size=4))
def test_a_word_is_in_exactly_when_it_was_given(given_words: set[str], word: str) -> None:
    """The binary search over the sorted lines finds every word given and no other (first, last, between)."""
    english = EnglishWords(given_words)
    assert all(w in english for w in given_words)
    assert (word in english) == (word in given_words)


def test_english_zipf_gives_a_words_frequency_and_the_long_common_words() -> None:
    zipf, long = english_zipf(8)
    assert zipf("the") > 6 > zipf("creature") > 3 and zipf("tarmogoyf") == 0.0
    assert "creatures" in long and "creature" in long and "tarmogoyf" not in long and "the" not in long
