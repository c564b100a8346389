"""The words of a question as :mod:`rulesgraph.question.mentions` reads them: each with its span, its folded form, and the
evidence its spelling gives (a capital, a sentence's first word, a possessive), and the words a card's name may
be said as (plurals, possessives, names made verbs); and what the finder returns for each card found
(:class:`CardMention`), which every reader of mentions shares.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..cards.nametable import WORD, fold_token
from ..common.lazyre import lazy
from ..common.text import STOPWORDS

__all__ = ["ABBREVIATIONS", "ASKS", "DOES", "DOES_VERBS", "KEYWORD_CAST", "CardMention", "Word", "bases", "in_sorted", "joined",
           "scan", "title_case", "variants"]

_VERBED = lazy(r"['’](?:d|ed|ing)$", re.IGNORECASE)
_BOUNDARY = frozenset(".?!:;\n")
_GAP = frozenset(" \t,-/'’\"“”–—&:")
"""What may stand between the words of one name (``Fire // Ice``, ``Sheoldred, Whispering One``)."""


@dataclass(slots=True)
class Word:
    """One word of a question."""

    word: str
    """Folded: ``sheoldreds`` for ``Sheoldred's``."""
    raw: str
    start: int
    end: int
    cap: bool
    """Capitalised, and capitals are evidence in this text (not all caps, not Title Case throughout)."""
    initial: bool
    """First word of a sentence (or of the text, a line, a quotation)."""
    possessive: bool


DOES = frozenset({"stop", "stops", "prevent", "prevents"})
"""Words after a lower-case word English knows that ask whether it stops something, as a card does ("does solemnity stop
undying?", "does humility stop persist?"): evidence like an owner's word (``mentions.OWNER``) for a card's whole name of one
word not after an article; never for a rules word ("does regeneration stop it" asks the keyword action, not the card
Regeneration), nor a word of a longer name ("does blink stop …" is no Blink of an Eye).  Not "work" or "affect": players
say "how does flicker work", "the reset", of effects, not of the cards Flicker and Reset."""
KEYWORD_CAST = frozenset("evoke evokes evoked evoking dash dashes dashed dashing foretell foretells foretold unearth unearths unearthed"
                         .split())
"""Keywords' verbs only a card takes, read as "cast" is (:data:`rulesgraph.question.mentions.CUE`, ``CAST``): "evoking fury",
"dashed ragavan" (a trial).  Blind forum sets' recall 75.3% → 76.3% and 82.5% → 83.5%, precision unchanged everywhere
(``bench/mentions.py``)."""
ASKS = frozenset({"does", "do", "can", "will", "would", "did", "could"})
DOES_VERBS = frozenset({"let", "make", "hit", "return", "remove", "tap", "untap", "counter", "destroy", "exile", "copy", "kill",
                        "give", "stop", "prevent"})
"""A lower-case one-word name between an asking word (:data:`ASKS`) and a game verb is the question's subject, a card
("does humility make my creatures 1/1?", "does duress hit planeswalkers?", "can brainstorm let me …"): evidence as
:data:`DOES` is; not "work" or "affect" ("how does flicker work" asks of the effect)."""
ABBREVIATIONS = frozenset({"vs", "etc", "cf", "approx", "e", "g"})
"""Words whose period ends no sentence ("good vs. Bolt", "e.g. Shock", "i.e. Bolt": the word before the last period is
"g" or "e"): the word after one is not a sentence's first."""


def scan(text: str) -> list[Word]:
    """The words of ``text``; in Title Case or capitals throughout, no word counts as capitalised."""
    out: list[Word] = []
    end = 0
    lower = text.lower() if text.isascii() else None  # one call for the text, not one per word
    for m in WORD.finditer(text):
        raw = m.group()
        word = lower[m.start() : m.end()].replace("'", "") if lower is not None else fold_token(raw)
        gap = text[end : m.start()].rstrip(" \t\"'“‘(*-")
        initial = not out or (bool(gap) and gap[-1] in _BOUNDARY and not (gap == "." and out[-1].word in ABBREVIATIONS))
        end = m.end()
        possessive = raw.endswith(("'s", "’s", "'S"))
        cap = raw[0].isupper() and not (len(raw) > 1 and raw.isupper())
        out.append(Word(word, raw, m.start(), m.end(), cap, initial, possessive))
    if title_case(out):  # capitals that every word has say nothing about names
        for t in out:
            t.cap = False
    return out


def title_case(toks: list[Word]) -> bool:
    """Typed in Title Case or in capitals: most small words inside sentences (``In The``) have a capital, or
    most words are all capitals."""
    small = [t for t in toks if not t.initial and t.word in STOPWORDS and t.raw.isalpha() and len(t.raw) > 1]
    alpha = [t for t in toks if t.raw.isalpha() and len(t.raw) > 1]
    if alpha and sum(t.raw.isupper() for t in alpha) > 0.6 * len(alpha):
        return True
    return len(small) >= 2 and sum(t.raw[0].isupper() for t in small) > 0.5 * len(small)


def variants(tok: Word, rules_word: bool = False) -> list[tuple[str, str]]:
    """``(word, how)``: the word itself, then its bases: ``Magic'd`` → ``magic``, possessive ``sheoldreds`` →
    ``sheoldred``, plural ``finkses`` → ``finks``."""
    out = [(tok.word, "exact")]
    if _VERBED.search(tok.raw):  # "Control Magic'd", "Bolt'ed": the name made a verb
        out.append((fold_token(_VERBED.sub("", tok.raw)), "verb"))
    elif tok.cap and len(tok.word) > 5 and not rules_word:  # "I Shocked it", "he Stifled the trigger"; not "Flying"
        w = tok.word
        if w.endswith("ed"):
            out += [(w[:-2], "verb"), (w[:-1], "verb")]
        elif w.endswith("ing"):
            out += [(w[:-3], "verb"), (w[:-3] + "e", "verb")]
    w = tok.word
    if tok.possessive and w.endswith("s"):
        w = w[:-1]
        out.append((w, "possessive"))
    out += [(b, "plural") for b in bases(w)[1:]]
    return out


def bases(w: str) -> list[str]:
    """The word and the words it may be the plural of (``finkses`` → ``finks``, ``fairies`` → ``fairy``)."""
    out = [w]
    if len(w) >= 4 and w.endswith("s"):
        if w.endswith("ies"):
            out.append(w[:-3] + "y")
        if w.endswith("ves"):
            out += [w[:-3] + "f", w[:-3] + "fe"]
        if w.endswith("es"):
            out.append(w[:-2])
        out.append(w[:-1])
    return out


def joined(text: str, toks: list[Word], i: int, j: int, periods: Container[str] = ()) -> bool:
    """The words ``i..j`` are one phrase: only spaces and name punctuation between them, or the period after a word
    of ``periods`` said with a capital: the words a period follows inside a card's name
    (the name table's ``periods``: ``Mr. House``, ``J. Jonah Jameson``, ``S.H.I.E.L.D.``,
    ``Black Waltz No. 3``); a sentence's end is none ("Fire // Ice. Sheoldred")."""
    for k in range(i, j):
        gap = text[toks[k].end : toks[k + 1].start]
        if "\n" in gap or not (set(gap) <= _GAP or (gap in _PERIOD and toks[k].word in periods and toks[k].raw[0].isupper())):
            return False
    return True


_PERIOD = frozenset({".", ". "})
"""What stands after an abbreviation inside a name."""


def in_sorted(ordered: Sequence[str], item: str) -> bool:
    """Whether sorted ``ordered`` holds ``item`` (the name table's rules phrases, :attr:`NameTable.rules_long
    <rulesgraph.cards.nametable.NameTable>`)."""
    at = bisect.bisect_left(ordered, item)
    return at < len(ordered) and ordered[at] == item


class CardMention(NamedTuple):
    """A card named in a question."""

    key: str | None
    """The card, or ``None`` when the words name several as well (``Olivia``): see :attr:`candidates`."""
    candidates: tuple[str, ...]
    """Every card the words may name: :attr:`key` first, then the others most played first (``Urborg`` is a
    card, and also the short name of Urborg, Tomb of Yawgmoth)."""
    start: int
    end: int
    """Character span in the question (``text[start:end] == said``), possessive ``'s`` included."""
    said: str
    how: str
    """``bracket``, ``exact``, ``possessive``, ``plural``, ``verb`` (``Control Magic'd``, ``Shocked``), ``short``
    (the name before its comma, or a card named in full elsewhere in the text said by one word), ``part`` (a
    name's first or last word said alone: ``Snapcaster``, ``Finks``), ``short form`` (a word English knows said
    for a far more played card than any other: ``Bolt``), ``initials`` (``JTMS``), ``face`` or ``typo``."""
    confidence: float
    """0–1: brackets 1.0; Capitalised multi-word names 0.95; lower-case or sentence-initial evidence less."""
