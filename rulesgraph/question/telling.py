"""How a question is told: its older wordings said in today's rules words, whether it asks only if a retired term still
holds ("is mana burn still a thing?"), and which of its words only tell the situation (in sentences that ask nothing)
rather than ask.

Pure functions of a question's words; :mod:`rulesgraph.question.analyze` uses them to match the alias table and to weigh the
question's search words.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Protocol

from ..common.lazyre import lazy
from ..common.text import STOPWORDS

__all__ = ["STILL", "TELLING_SENTENCES", "in_todays_words", "retired_subject", "told_only"]


class _Said(Protocol):
    """What :func:`retired_subject` reads of a match (:class:`rulesgraph.question.analyze.Match`)."""

    node: str
    said: str
    negated: bool

_OLDER = (
    (lazy(r"\b(enters?|entered|entering) the battlefield\b"), r"\1"),
    (lazy(r"\bcome into play\b"), "enter"), (lazy(r"\bcomes into play\b"), "enters"),
    (lazy(r"\bcame into play\b"), "entered"), (lazy(r"\bcoming into play\b"), "entering"),
    (lazy(r"\binto play\b"), "onto the battlefield"), (lazy(r"\b(in|from) play\b"), r"\1 the battlefield"),
    (lazy(r"\bremoved from (?:the )?game\b"), "exiled"), (lazy(r"\bremove from (?:the )?game\b"), "exile"),
)
"""Older wordings and what the rules say today: "enters the battlefield" is now "enters" (the 2024 rules; rule 24's
:mod:`rulesgraph.rank.cardsteps.wording` reads older Oracle text alike); "in play", "into play" and "from play" refer to the
battlefield, and "remove from the game" is "exile" (the glossary's obsolete entries In Play and Remove from the Game)."""

_CUES = frozenset(("battlefield", "play", "game"))
"""Every older wording of :data:`_OLDER` has one of these words."""
TELLING_SENTENCES = 3
"""A question told in at least this many sentences has words that only tell the situation."""


def in_todays_words(said_words: list[str]) -> list[str]:
    """The question's words with its older wordings said as the rules say them today ("comes into play tapped" →
    "enters tapped"); the words themselves when it has none."""
    if _CUES.isdisjoint(said_words):  # most questions: none of the words every older wording has
        return said_words
    line = " ".join(said_words)
    for older, today in _OLDER:
        line = older.sub(today, line)
    return line.split() if line != " ".join(said_words) else said_words


def told_only(sentences: Sequence[tuple[str, int]], said_words: list[str], asking: Collection[str],
              terms: Callable[[list[str]], list[str]]) -> set[str]:
    """The search terms (``terms`` of the words) said only in the sentences of a question that ask nothing, when it is
    told in :data:`TELLING_SENTENCES` or more and what it asks (its sentences ending in "?") holds two terms or more:
    "I have Ragavan out. I cast a second one. Do I choose which one to keep?" tells with "ragavan" and asks with
    "choose", "keep".  ``sentences``: the question's sentences with how many words each has
    (:attr:`rulesgraph.question.read.Question.sentences`); ``said_words`` are its words after spelling correction, one
    for one; ``asking`` words ("what", "does", "work") are not terms."""
    if len(sentences) < TELLING_SENTENCES:  # most questions: their terms are not worked out again
        return set()
    asked: set[str] = set()
    told: set[str] = set()
    at = 0
    for sentence, n in sentences:
        said = [w for w in said_words[at : at + n] if w not in asking]
        at += n
        tail = sentence.rstrip()
        asks = "?" in tail[len(tail.rstrip(".?!")) :]  # "keep?", "keep?!"
        (asked if asks else told).update(terms(said))
    if len(asked) < 2:
        return set()
    return told - asked


STILL = frozenset("still anymore exist exists existed thing around removed gone longer retired obsolete nowadays magic mtg".split())
"""Words that ask whether something still holds ("is mana burn still a thing?", "does interrupt exist anymore?", "is
there mana burn in magic?"; not "game" or "today": "what counts as a game?", "what's in play today?")."""
_POINTING = frozenset("it its they them this that these those he she my your his her their".split())
"""Words pointing at an object of the game: "is it still in play?" asks about a permanent, not the old term."""


def retired_subject(said_words: Sequence[str], matches: Sequence[_Said], obsolete: Collection[str],
                    framing: Collection[str]) -> _Said | None:
    """The retired term (an ``obsolete`` glossary entry: Mana Burn, Damage Assignment Order) a question asks only whether
    it still holds: the question says a :data:`STILL` word and nothing else but the term, framing and small words ("is
    mana burn still a thing?"; not "if my creature is in play, is it still attacking?"); ``framing``: the words that only
    frame a question (:data:`rulesgraph.question.analyze.FRAMING`)."""
    said = [m for m in matches if m.node in obsolete and not m.negated and m.said]
    if len({m.node for m in said}) != 1 or not STILL & set(said_words) or _POINTING & set(said_words):
        return None
    term = {w for m in said for w in m.said.split()}
    rest = [w for w in said_words if w not in STOPWORDS and w not in framing and w not in term and w not in STILL]
    return said[0] if not rest else None
