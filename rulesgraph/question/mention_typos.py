"""Misspelt card names in a question: the part of :mod:`rulesgraph.question.mentions` that reads a run of words as a long name
said with a slip (``Restoration Angle``, ``tarmogyof``, ``lightning greves``, ``swrod of fire and ice``), as the ``card``
command forgives one (a letter dropped, doubled or changed, two letters swapped: optimal string alignment).

Capitalised runs and long words no card name has are read against the :class:`~rulesgraph.cards.nametable.NameTable`'s long
names (:meth:`~rulesgraph.cards.nametable.NameTable.misspelt`); a lower-case phrase only when one edit from a name that, said
rightly in lower case, would be a card (its words rarely meet by chance, :data:`CHANCE`, or it is much played,
:data:`PLAYED`).  :class:`TypoReading` is mixed into the finder: it reads the finder's words (``toks``), what is taken
(``taken``) and its table (``t``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..cards.model import JOINERS
from ..cards.nametable import PLAYED, TYPO_LETTERS, WORDS_KEPT, dropped
from ..common.text import STOPWORDS
from .mention_words import bases, joined

if TYPE_CHECKING:
    from ..cards.nametable import NameTable
    from .mention_words import Word

__all__ = ["CHANCE", "CLIPPED", "LONG_NAME", "LOWER_TYPO_EDITS", "LOWER_TYPO_WORDS", "NEAR_LETTERS", "PLAYED", "TWO_SLIPS",
           "TypoReading"]

CHANCE = 1.0
"""A lower-case name of several words is a card when the zipf its content words would have together by chance
(sum of their zipfs − 9 per extra word) is below this: ``lightning bolt`` −0.7 is, ``hold the line`` 1.7 is not."""
LOWER_TYPO_WORDS = 5
"""Most words of a misspelt name said in lower case (``leyline of the viod``)."""
LOWER_TYPO_EDITS = 1
"""Most edits (a transposition is one) between a lower-case phrase and the name it misspells."""
NEAR_LETTERS = 6
"""Least letters of a word read as a much played name's first word or one slip from it (shorter words are too often
one slip from another word: "end", "main")."""
LONG_NAME = 16
"""Letters of a name long enough that a lower-case misspelling of it may have one edit more."""
TWO_SLIPS = 8
"""Least letters of a capitalised word alone read as a name two slips from it ("Tarmogyoff" as Tarmogoyf); a shorter
one two slips from a name is most often another name ("Wilson", two from Wildsong)."""
CLIPPED = 3
"""Least letters of each word of a name said cut short (``Lab Man``)."""


@lru_cache(maxsize=2)
def _near(rules_words: frozenset[str]) -> frozenset[str]:
    """The one-word rules words, each also with a letter dropped: a word a slip from one shares one of these."""
    return frozenset(d for w in rules_words for d in dropped(w)) | rules_words


def _content(surface: tuple[str, ...]) -> list[str]:
    return [w for w in surface if w not in JOINERS]


class TypoReading:
    """The finder's reading of misspelt names (mixed into :class:`rulesgraph.question.mentions._Finder`)."""

    text: str
    t: NameTable
    toks: list[Word]
    taken: list[bool]

    def played(self, g: int) -> bool:
        """The card of surface ``g`` is among the :data:`PLAYED` most played: a name of several words said in lower case
        may be one whose words meet more often by chance ("rest in peace", "force of will"), as an owner lets it."""
        return 0 < self.t.rank[g] <= PLAYED

    def typos(self) -> list[tuple[float, int, int, int, str]]:
        """Capitalised runs and long lower-case words with a word no card name has, read as misspelt long
        names: candidates like :meth:`candidates`' (a longer one beats the exact short name inside it)."""
        toks = self.toks
        spans: list[tuple[int, int]] = []
        i = 0
        while i < len(toks):  # maximal capitalised runs (small words inside), and long unknown lower-case words
            if self.taken[i] or not toks[i].cap or (toks[i].word in STOPWORDS and (toks[i].initial or toks[i].raw == "I")):
                if (not self.taken[i] and not toks[i].cap and len(toks[i].word) >= TYPO_LETTERS and self.unknown(toks[i].word)
                        and not self.rules_form(toks[i].word)):
                    spans.append((i, i))
                i += 1
                continue
            j = i
            while j + 1 < len(toks) and not self.taken[j + 1] and joined(self.text, toks, j, j + 1) and (
                    toks[j + 1].cap or self.small_then_cap(j + 1)):
                j += 1
            spans.append((i, j))
            i = j + 1
        out = []
        for a0, b0 in spans:
            several = sum(tk.word not in JOINERS for tk in toks[a0:b0 + 1]) >= 2  # "Folk of the Pies": a name, one slip
            if not several and not any(self.unknown(tk.word) for tk in toks[a0:b0 + 1]):
                continue
            for a in range(a0, b0 + 1):
                for b in range(a, min(b0, a + 5) + 1):
                    words = [tk.word for tk in toks[a:b + 1]]
                    if (words[0] in STOPWORDS and not toks[a].cap) or (words[-1] in STOPWORDS and not toks[b].cap):  # "Into the Notrh"
                        continue
                    known = not any(self.unknown(w) for w in words)
                    if known and sum(w not in JOINERS for w in words) < 2:
                        continue
                    if a == b and toks[a].initial and toks[a].cap and len(words[0]) < TYPO_LETTERS:
                        continue
                    hit = self.t.misspelt(" ".join(words))
                    if hit is not None and hit[1] > 1 and len(words) == 1 and len(words[0]) < TWO_SLIPS:
                        continue  # "Wilson" two slips from Wildsong (of Wildsong Howler): a short word, another name
                    if hit is not None and not (known and hit[1] > 1):  # a slip that is itself a word: one edit
                        out.append((0.8 if hit[1] == 1 else 0.7, hit[0], a, b, "typo"))
        return out + self.lower_typos() + self.clipped()

    def clipped(self) -> list[tuple[float, int, int, int, str]]:
        """Two capitalised words that begin the two words of one much played card's name, one of them cut short
        (``Lab Man`` for Laboratory Maniac): a short form players say, read as sure as :meth:`short_form` reads one.  The
        candidates are the long names of two words whose first begins with the first word's three letters (the table's
        :meth:`~rulesgraph.cards.nametable.NameTable.begun`), so the cost per pair is bounded; a pair that begins several
        names is none of them."""
        toks, out = self.toks, []
        for i in range(len(toks) - 1):
            a, b = toks[i], toks[i + 1]
            pair = (a.word, b.word)
            if (not (a.cap and b.cap) or self.taken[i] or self.taken[i + 1] or min(map(len, pair)) < CLIPPED
                    or not (a.word + b.word).isalpha() or STOPWORDS.intersection(pair) or not joined(self.text, toks, i, i + 1)):
                continue
            fits = self.t.begun(a.word, b.word)
            if len(fits) == 1 and self.played(g := fits.pop()) and self.t.sure[g]:
                out.append((0.7, g, i, i + 1, "short form"))
        return out

    def lower_typos(self) -> list[tuple[float, int, int, int, str]]:
        """Lower-case phrases with a word no card name has, read as a misspelt name that said rightly in lower case
        would be a card ("lightning greves", "swrod of fire and ice", "platnum angel"): the phrase is at most
        :data:`LOWER_TYPO_WORDS` words around the unknown word, its other words are words of card names, and it is one
        edit from the name (:data:`LOWER_TYPO_EDITS`: a letter dropped, doubled, changed or two swapped; two on a
        name of :data:`LONG_NAME` letters); the name's words must rarely meet by chance (:data:`CHANCE`), as a
        lower-case name's must.  A single word is read so by :meth:`typos` (long, unknown, 8+ letters)."""
        toks, t = self.toks, self.t
        out = []
        seen: set[tuple[int, int, int]] = set()
        for i, tok in enumerate(toks):
            if self.taken[i] or tok.cap or len(tok.word) < 3:
                continue
            if self.unknown(tok.word):
                starts = range(max(0, i - LOWER_TYPO_WORDS + 1), i + 1)
            elif self.near_played(tok.word):  # "phyrexian alter", "lightening bolt", "dark confidante": a word, and the
                starts = range(max(0, i - LOWER_TYPO_WORDS + 1), i + 1)  # first or last of a played card's name or one slip from it
            else:
                continue
            for a in starts:
                for b in range(max(i, a + 1), min(len(toks), a + LOWER_TYPO_WORDS)):
                    if (a, b, i) in seen or any(self.taken[a:b + 1]) or any(tk.cap for tk in toks[a + 1:b + 1]):
                        continue
                    seen.add((a, b, i))
                    words = [tk.word for tk in toks[a:b + 1]]
                    if words[0] in STOPWORDS or words[-1] in STOPWORDS or not joined(self.text, toks, a, b):
                        continue
                    if not all(w in t.name_words or w in STOPWORDS or k == i - a for k, w in enumerate(words)):
                        continue
                    hit = t.misspelt(" ".join(words), prefix=False)  # a word is the name's own: no need to look by letters
                    if hit is None or (not self.unknown(tok.word) and not self.played(hit[0])):
                        continue
                    g, edits = hit
                    letters = len(t.joined[g].replace(" ", ""))
                    if edits > (LOWER_TYPO_EDITS + (letters >= LONG_NAME)) or len(_content(t.surface[g])) < 2 or (
                            t.zipf[g] >= (CHANCE + 2 if self.played(g) else CHANCE)):
                        continue
                    out.append((0.75 if edits == 1 else 0.65, g, a, b, "typo"))
        return out

    def rules_form(self, word: str) -> bool:
        """``word`` is a rules word inflected, one slip from it ("overloded": overload's "overloaded"; "flahsed"): not a
        card's name misspelt (it read "Cyclonic Rift overloded" as Overloaded Mage-Ring, a trial)."""
        near = _near(self.t.rules_words)
        for ending in ("ing", "ed", "es", "s", "d"):
            base = word.removesuffix(ending)
            if base != word and len(base) >= 4 and (base in near or not dropped(base).isdisjoint(near)):
                return True
        return False

    def near_played(self, word: str) -> bool:
        """``word`` is the first or last word of a much played card's name, or one slip from it
        (:func:`~rulesgraph.cards.nametable.dropped`: ``lightening`` of Lightning Bolt, ``confidante`` of Dark Confidant)."""
        memo = self.t.near
        found = memo.get(word)
        if found is None:
            if len(memo) >= WORDS_KEPT:
                memo.clear()
            near = self.t.played_near
            found = memo[word] = len(word) >= NEAR_LETTERS and (word in near or any(d in near for d in dropped(word)))
        return found

    def small_then_cap(self, k: int) -> bool:
        """Small words from ``k`` on (at most two: "of the") and then a capitalised word: inside a name."""
        toks = self.toks
        for n in (k, k + 1):
            if n >= len(toks) or toks[n].word not in JOINERS:
                return False
            if n + 1 < len(toks) and toks[n + 1].cap:
                return True
        return False

    def unknown(self, word: str) -> bool:
        """No card name has the word (nor its base: ``sheoldreds``), and it is not a long English or rules word."""
        t = self.t
        memo = t.said
        found = memo.get(word)
        if found is None:  # worked out once a process (kept in the table's ``said``)
            if len(memo) >= WORDS_KEPT:
                memo.clear()
            found = memo[word] = (word.isalpha() and word not in STOPWORDS and word not in t.known_long
                                  and not any(v in t.name_words for v in bases(word)))
        return found
