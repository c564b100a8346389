"""A question read once: its text as asked, cleaned (control characters out, spaces collapsed) and cut at
:data:`MAX_CHARS`, folded, split into words, and the words of what look like card names in it — one
:class:`Question` that ``ask`` makes at the start and the later stages read (the scope, the policy router, the
analysis, the cards it names) instead of splitting it into words again (``tests/test_read.py`` counts the splits).
Still reading the text itself: the card-name finder (:mod:`~rulesgraph.question.mentions`, its own tokens, with case
and offsets), the documents' search (:meth:`~rulesgraph.answer.policy.PolicyIndex.search` folds the text as asked) and
rule 23's sentence that asks (the text's own lines).
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate

from ..common.lazyre import lazy
from ..common.text import STOPWORDS, WORD, clean, fold

__all__ = ["ASKING", "MAX_CHARS", "Question", "card_words"]

_SENTENCE_RUN = lazy(r"[^.?!]*[.?!]*")
"""A sentence: a run ending in ``.``, ``?`` or ``!`` (or the text's end)."""

MAX_CHARS = 2000
"""Longer questions are cut here (the answer says so): nobody asks a rules question that long."""
ASKING = frozenset(
    "what whats does do how work works working mean means meaning explain explanation deal actually exactly tell "
    "question quick please pls help understand define definition happens happen wondering thanks thank thx cheers".split()
)
"""Words that only make a sentence a question ("how does X work") or thank for an answer: not searched for ("thanks!"
is no question about infect's FAQ, "thanks to infect")."""
_CASED = lazy(r"[A-Za-z0-9]+(?:'[A-Za-z]+)?")
_JOINERS = frozenset("of to the from in de a an".split())
_SENTENCE = STOPWORDS | ASKING
"""Capitalised, these begin a sentence, not a card name (``Can``, ``My``)."""


def card_words(text: str) -> set[str]:
    """Words of what look like card names: runs of Capitalised Words (``Swords to Plowshares``, ``Lab Man``),
    a single one only mid-sentence (``cast Overrun``).  Acronyms (``ETB``) and sentence words (``Can``, ``My``)
    are not names; a question typed in Title Case or capitals has none."""
    tokens = [(m.group(), m.start()) for m in _CASED.finditer(text)]
    alpha = [t for t, _ in tokens if t[0].isalpha()]
    def cap(t: str) -> bool:
        return t[0].isupper() and not t.isupper() and t.lower().replace("'", "") not in _SENTENCE
    if not alpha or sum(t[0].isupper() for t in alpha) > 0.5 * len(alpha) + 1:
        return set()
    out: set[str] = set()
    i = 0
    while i < len(tokens):
        if not cap(tokens[i][0]):
            i += 1
            continue
        j = i + 1
        while j < len(tokens) and (cap(tokens[j][0]) or (tokens[j][0] in _JOINERS and j + 1 < len(tokens) and cap(tokens[j + 1][0]))):
            j += 1
        before = text[: tokens[i][1]].rstrip()
        start = not before or before[-1] in ".?!:;"
        if j - i >= 2 or not start:
            out.update(t.lower().replace("'", "") for t, _ in tokens[i:j] if t not in _JOINERS)
        i = j
    return out


class Question:
    """One question, read: :attr:`text` as asked; :attr:`cleaned`, cut at :data:`MAX_CHARS` (:attr:`truncated` says
    whether it was); :attr:`folded`; :attr:`words`, its folded words (apostrophes dropped), found once, with where each
    begins; and, on first use, :attr:`names` (:func:`card_words`) and :attr:`sentences`.  A follow-up heard after the
    question it follows (:meth:`after`) holds both; :attr:`own_from` says where its own text begins in :attr:`cleaned`;
    :attr:`level`, the Rules Enforcement Level the asker set for a question saying none (the config's ``rel``)."""

    __slots__ = ("_ends", "_names", "_sentences", "_starts", "cleaned", "folded", "level", "own_from", "text", "truncated", "words")

    def __init__(self, text: str, own_from: int = 0, level: str | None = None) -> None:
        self.text = text
        self.own_from = own_from
        self.level = level
        cleaned = clean(text)
        self.truncated = len(cleaned) > MAX_CHARS
        self.cleaned = cleaned[:MAX_CHARS]
        parts = [fold(m.group()) for m in _SENTENCE_RUN.finditer(self.cleaned) if m.group()]  # folded sentence by sentence:
        self.folded = "".join(parts)  # where each sentence ends stays known though folding changes lengths ("…" → "...")
        self._ends = list(accumulate(map(len, parts)))
        found = list(WORD.finditer(self.folded))  # the one split into words
        self._starts = [m.start() for m in found]
        self.words: tuple[str, ...] = tuple(m.group().replace("'", "") for m in found)
        self._names: set[str] | None = None
        self._sentences: tuple[tuple[str, int], ...] | None = None

    @classmethod
    def of(cls, question: str | Question) -> Question:
        """``question`` itself when it is read already, else read now (a caller that has only the text)."""
        return question if isinstance(question, Question) else cls(question)

    @classmethod
    def after(cls, previous: str, text: str) -> Question:
        """``text`` heard after ``previous``, the question it follows: the two as one text, its own part beginning at
        :attr:`own_from`; too long together, the earlier one is cut at its end (it was read from its start), and a
        follow-up too long itself is cut, as it would be alone, and says so (:attr:`truncated`)."""
        own = clean(text)
        room = MAX_CHARS - min(len(own), MAX_CHARS) - 1
        before = clean(previous)[: max(0, room)].rstrip()
        heard = cls(f"{before} {own}", len(before) + 1) if before else cls(own)
        heard.truncated = len(own) > MAX_CHARS
        return heard

    def at(self, level: str | None) -> Question:
        """Itself, asked at ``level`` unless a level was set already (a follow-up heard after the question it follows keeps
        the asker's level)."""
        self.level = self.level or level
        return self

    @property
    def names(self) -> set[str]:
        """The words of what look like card names (:func:`card_words`), found once."""
        if self._names is None:
            self._names = card_words(self.cleaned)
        return self._names

    @property
    def sentences(self) -> tuple[tuple[str, int], ...]:
        """Its sentences (runs of the cleaned text ending in ``.``, ``?`` or ``!``), folded, each with how many of
        :attr:`words` it holds; those holding none left out."""
        if self._sentences is None:
            spans = ((self.folded[a:b], bisect_left(self._starts, b) - bisect_left(self._starts, a))
                     for a, b in zip([0, *self._ends], self._ends, strict=False))
            self._sentences = tuple((s, n) for s, n in spans if n)
        return self._sentences
