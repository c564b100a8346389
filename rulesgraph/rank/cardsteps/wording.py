"""What a card's words mean as the rules say them: a keyword's meaning quoted by its rule (“Flashback [cost]” means “You
may cast this card … rather than paying its mana cost”, 702.34a), a card's Oracle text cut into sentences (reminder text
left out, older "enters the battlefield" read as today's "enters"), the names a card's text calls itself by
(:func:`self_names`) and the word they become, and the CR rules saying a phrase (:func:`cr_rules_saying`). Read by the
card steps (:mod:`rulesgraph.rank.cardsteps.cards`, :mod:`~rulesgraph.rank.cardsteps.abilitykinds`,
:mod:`~rulesgraph.rank.cardsteps.learnedcards` …). The matching of the rules' quoted card wordings (rules 24 and 29) was
deleted in stop 26: it earned nothing on the real tuning questions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from ...build.qgraph import QGraph
from ...common.lazyre import lazy
from ...common.text import stem, words

if TYPE_CHECKING:
    from ...build.index import Index

__all__ = ["ABILITY_WORDS_ARE", "REMINDER", "SELF_WORD", "TEXTS_KEPT", "ability_word_rule", "ability_words", "cr_rules_saying",
           "meanings", "self_names", "sentences_of"]

_ENTERS = lazy(r"\b(enters?|entering) the battlefield\b", re.IGNORECASE)
"""Older Oracle text says "enters the battlefield" where the rules now say "enters"."""
REMINDER = lazy(r"\([^()]*\)")
"""Reminder text in a card's Oracle text (a parenthesised aside), left out of what the card says."""
_MEANS = lazy(r"” means “([^“”]+)”")
"""What a keyword's rule says the keyword means: “Flashback [cost]” means “You may cast this card … rather than paying
its mana cost” (702.34a)."""
SELF_WORD = "thiscard"
"""What a card's own name becomes in its stemmed text (``[this object]`` in the rules' templates)."""


TEXTS_KEPT = 256
"""How many card texts and rulings each reading of them keeps for the next question (:func:`sentences_of`, rule 75's
card words, rules 22 and 23's stems in :mod:`rulesgraph.rank.cardsteps.cards`, one cache for the cards' texts and rulings
alike): as many as the cards a deck keeps (:data:`rulesgraph.question.namedcards.CARDS_KEPT`), though a card brings its
text and each of its rulings, so fewer cards' than that (stop 68 kept 512); a text no longer kept is read again.  4,096
each held ~4 MB more at the end of a stream of the 1,172 real questions (``bench/latency.py``'s peak RSS); on the
stream of the 3,763 real questions 512 held ~1.4 MB more than 256, with which the five readings read ~4,000 texts more
again (rule 23's stems 8,713 of 13,227 instead of 7,195; ~10–40 µs each: ~0.1 s over the stream, ~0.03 ms a
question)."""


@lru_cache(maxsize=TEXTS_KEPT)
def sentences_of(text: str, names: tuple[str, ...], unit: Callable[[str], str] = stem) -> tuple[str, ...]:
    """A card's Oracle text (reminder text left out) as the words of each sentence, each made a ``unit`` (its stem),
    its names as ``thiscard``."""
    plain = _ENTERS.sub(lambda m: m.group(1), REMINDER.sub(" ", text))
    for name in sorted(names, key=len, reverse=True):
        plain = _named(plain, name, f" {SELF_WORD} ")
    out = []
    for line in plain.splitlines():
        for sentence in re.split(r"(?<=[.:])\s+|\s[—•]\s", line):
            stems = " ".join(unit(w) for w in words(sentence))
            if stems:
                out.append(stems)
    return tuple(out)


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"  # what ``\w`` matches in a str pattern


def _named(text: str, name: str, said: str) -> str:
    r"""``re.sub(rf"\b{re.escape(name)}\b", said, text)`` (``said`` holding no backslash) without compiling an expression
    for every card's name (~0.1 ms each, most of a card question's time in this module): each place ``name`` stands,
    from the left, not overlapping, taken where a word boundary is on both sides of it."""
    if not name:
        return re.sub(r"\b\b", said, text)
    out, at, start, end = [], 0, text.find(name), len(text)
    while start >= 0:
        stop = start + len(name)
        if (start > 0 and _is_word(text[start - 1])) != _is_word(name[0]) and (
                stop < end and _is_word(text[stop])) != _is_word(name[-1]):
            out += (text[at:start], said)
            at = stop
            start = text.find(name, stop)
        else:
            start = text.find(name, start + 1)
    return "".join(out) + text[at:] if out else text


def meanings(g: QGraph, rule: str) -> tuple[str, ...]:
    """What the keyword defined by ``rule`` (``702.34``) means, as its rules quote it (“Flashback [cost]” means “You may
    cast this card from your graveyard … by paying [cost] rather than paying its mana cost”, 702.34a): the text a card
    with the keyword has, though its Oracle text says only the keyword (once per graph and rule)."""
    key = ("meanings", rule)
    if key not in g.memo:
        i = g.num.get(rule)
        g.memo[key] = () if i is None else tuple(m for j in range(i, g.end[i]) for m in _MEANS.findall(g.attrs[j].get("text") or ""))
    return g.memo[key]


def cr_rules_saying(g: QGraph, index: Index, *phrases: str) -> Iterator[int]:
    """The CR rules and subrules, no variant's, among the documents that may say one of ``phrases``
    (:meth:`~rulesgraph.build.index.Index.saying`), in order: where the card steps look for the rule on a kind of
    ability (rules 73 and 74)."""
    for i in index.saying(*phrases):
        if g.kind[i] in ("rule", "subrule") and g.attrs[i].get("numbering") == "cr" and not g.variant[i]:
            yield i


ABILITY_WORDS_ARE = "The ability words are"
"""How the CR's rule listing the ability words opens its list (207.2c)."""
_ABILITY_WORDS = lazy(rf"\b{ABILITY_WORDS_ARE} ([^.]+)\.")


def ability_words(g: QGraph, index: Index) -> tuple[frozenset[str], str | None]:
    """The ability words the CR lists ("The ability words are adamant, addendum, …, and will of the council."), folded, and
    the rule listing them, once per graph: words with no rules meaning that cards print in italics (landfall, void, flurry)."""
    if "ability words" not in g.memo:
        listed = [(g.ids[i], m.group(1)) for i in cr_rules_saying(g, index, ABILITY_WORDS_ARE)
                  if (m := _ABILITY_WORDS.search(g.attrs[i].get("text") or ""))]
        said = frozenset(w.strip().removeprefix("and ").lower() for _, line in listed for w in line.split(","))
        g.memo["ability words"] = (said, listed[0][0] if listed else None)
    return g.memo["ability words"]


def ability_word_rule(g: QGraph, index: Index, said: str) -> str | None:
    """The rule listing the ability words when ``said`` (its words, as a card's name is read) is one of them ("landfall",
    "How does Landfall work" unframed), else ``None``: what ``ask``, ``kw`` and the REPL's ``:kw`` read a lone word with."""
    from ...cards.nametable import tokens

    listed, rule = ability_words(g, index)
    return rule if " ".join(tokens(said)) in listed else None


def self_names(key: str) -> tuple[str, ...]:
    """The names a card's text calls itself by: its full name, each face's, and the short name before a comma."""
    faces = key.split(" // ")
    return tuple(dict.fromkeys([key, *faces, *(f.split(",")[0] for f in faces)]))
