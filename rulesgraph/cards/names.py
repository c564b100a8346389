"""Find a card by a forgiving name, and complete card names as they are typed.

A :class:`NameIndex` holds every name a card can be found by (full names, face names, ASCII spellings:
``CardStore.names()``) in memory, folded for comparison: case, accents, typographic apostrophes and
quotes, ``[[Card Name]]`` brackets and spacing do not matter.  :meth:`NameIndex.find` tries, in order:

1. the exact name, face name or ASCII spelling (``Stomp`` is Bonecrusher Giant // Stomp);
2. the short name before a comma, or a name's first words (``Olivia`` lists the Olivia cards);
3. the start of a name (``kitchen fin``), when it is one card's;
4. a typo (``kitchen finx``, ``stuffy dol``): the most similar names by edit distance.

It never guesses between close candidates: several equally good ones are returned for the user to pick.
:meth:`NameIndex.complete` offers the names starting with what is typed, then those with a later word starting so, and,
asked to, those whose start is a typo or two away (``kitchn fi`` → Kitchen Finks).
"""

from __future__ import annotations

import bisect
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..common.lazyre import lazy
from .model import NameEntry

__all__ = ["TYPO", "Found", "NameIndex", "normalize"]

TYPO = 85.0
"""Least similarity (rapidfuzz ratio, 0–100) for a misspelt name to be read as a card."""
MARGIN = 4.0
"""A typo's best reading must beat the next card's by this much, or both are offered."""
NEAREST = 50.0
"""Least similarity of a name offered as one of the nearest to an unknown one."""
CANDIDATES = 30
"""Most candidates listed for an ambiguous name."""
_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "“": '"', "”": '"', "‐": "-", "‑": "-", "–": "-", "—": "-"})
_SPACE = lazy(r"\s+")
_WRAP = lazy(r"""^[\s\[\]"'(){}<>]+|[\s\[\]"'(){}<>?!.]+$""")
_SLASH = lazy(r"\s*/+\s*")
"""A split card's halves however they are typed apart: ``fire/ice``, ``Fire / Ice``, ``Fire//Ice`` → ``fire // ice``."""


def normalize(text: str) -> str:
    """The folded form names are compared in: ``[[Akroma’s Memorial]]`` → ``akroma's memorial``."""
    text = text.translate(_QUOTES)
    if not text.isascii():
        text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    text = _WRAP.sub("", _SPACE.sub(" ", text)).casefold()
    return _SLASH.sub(" // ", text).strip()


@dataclass(frozen=True, slots=True)
class Found:
    """What a name lookup found: one card (``keys`` has one key), several to choose from, or none."""

    query: str
    keys: tuple[str, ...]
    how: Literal["exact", "face", "short", "prefix", "typo", "shortened", "none"]
    matched: str | None = None
    """The name that matched (``Stomp``, ``Stuffy Doll``) when it is not the query itself."""
    nearest: tuple[str, ...] = ()
    """For no match: the most similar names."""

    @property
    def key(self) -> str | None:
        """The card's key when exactly one card was found."""
        return self.keys[0] if len(self.keys) == 1 else None


class NameIndex:
    """Every card name in memory, for lookup (≤ 5 ms among 25,000 names) and completion (≤ 20 ms a key)."""

    def __init__(self, entries: Iterable[NameEntry], folded: Iterable[str] | None = None) -> None:
        """``folded``: the entries' names already through :func:`normalize` (the store keeps them so)."""
        self.entries = list(entries)
        self.folded = list(folded) if folded is not None else [normalize(e.name) for e in self.entries]
        self._exact: dict[str, list[int]] = {}
        for i, f in enumerate(self.folded):
            self._exact.setdefault(f, []).append(i)
        self._spoken: dict[str, list[int]] = {}
        """A name said without what players leave out ("chain veil", "fire ice"), never another card's name."""
        for i, f in enumerate(self.folded):
            for said in {f.removeprefix("the "), f.replace(" // ", " ")} - {f}:
                if said not in self._exact:
                    self._spoken.setdefault(said, []).append(i)
        self._sorted = sorted(range(len(self.folded)), key=self.folded.__getitem__)
        self._keys = [self.folded[i] for i in self._sorted]
        self._blob = "\n".join(self.folded)  # searched with str.find (C speed) for words inside names
        self._offsets: list[int] = []
        at = 0
        for f in self.folded:
            self._offsets.append(at)
            at += len(f) + 1

    def __len__(self) -> int:
        return len(self.entries)

    def _distinct(self, indexes: Iterable[int]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.entries[i].key for i in indexes))

    def starting(self, prefix: str) -> list[int]:
        """Indexes of the names whose folded form starts with ``prefix`` (already folded), in name order."""
        lo = bisect.bisect_left(self._keys, prefix)
        hi = bisect.bisect_left(self._keys, prefix + "\U0010ffff")
        return self._sorted[lo:hi]

    def exact(self, text: str) -> str | None:
        """The key of the one card ``text`` names exactly (any case, brackets, apostrophes), else ``None``."""
        keys = self._distinct(self._exact.get(normalize(text), ()))
        return keys[0] if len(keys) == 1 else None

    def find(self, query: str) -> Found:
        q = normalize(query)
        if not q:
            return Found(query, (), "none")
        hit = self._exact.get(q)
        if hit:
            keys = self._distinct(hit)
            if len(keys) > 1:  # "Fire": Fire // Ice's front face before Start // Fire's back one
                front = [i for i in hit if self.entries[i].kind != "face" or normalize(self.entries[i].key).startswith(q + " //")]
                hit = front if len(self._distinct(front)) == 1 else hit
                keys = self._distinct(hit)
            entry = self.entries[hit[0]]
            how: Literal["exact", "face"] = "face" if entry.kind == "face" else "exact"
            return Found(query, keys, how, entry.name if entry.name != entry.key else None)
        # "Olivia" → "Olivia, Crimson Bride", "Olivia Voldaren": a name's leading words
        short = [i for i in self.starting(q) if self.folded[i][len(q):len(q) + 1] in (",", " ")]
        if short:
            keys = self._distinct(sorted(short, key=lambda i: (len(self.folded[i]), self.folded[i])))
            return Found(query, keys[:CANDIDATES], "short", self.entries[short[0]].name if len(keys) == 1 else None)
        prefixed = self.starting(q) if len(q) >= 4 else []
        keys = self._distinct(prefixed)
        if len(keys) == 1:
            return Found(query, keys, "prefix", self.entries[prefixed[0]].name)
        if not keys and (spoken := self._spoken.get(q)):  # only where no name starts so: "hunter" lists the Hunter cards
            return Found(query, self._distinct(spoken), "exact", self.entries[spoken[0]].name)
        return self._typo(query, q, keys)

    def _typo(self, query: str, q: str, prefixed: tuple[str, ...]) -> Found:
        from rapidfuzz import fuzz, process

        # only names close enough to matter are scored in full (rapidfuzz skips the rest by length): ~1 ms
        best = process.extract(q, self.folded, scorer=fuzz.ratio, limit=12, score_cutoff=TYPO - MARGIN)
        scored: dict[str, tuple[float, int]] = {}
        for _, score, i in best:
            key = self.entries[i].key
            if key not in scored:
                scored[key] = (score, i)
        ranked = sorted(scored.items(), key=lambda kv: -kv[1][0])
        if ranked and ranked[0][1][0] >= TYPO:
            top = ranked[0][1][0]
            close = [(k, i) for k, (s, i) in ranked if s > top - MARGIN]
            if len(close) == 1:
                return Found(query, (close[0][0],), "typo", self.entries[close[0][1]].name)
            return Found(query, tuple(k for k, _ in close), "typo")
        if prefixed:
            return Found(query, prefixed[:CANDIDATES], "prefix")
        near = process.extract(q, self.folded, scorer=fuzz.ratio, limit=12, score_cutoff=NEAREST)
        names = [self.entries[i].name for _, _, i in near]
        if len(q) >= 3:  # a name holding what was typed first ("goyf": Tarmogoyf before Glory), as alike as it is
            holding = [self.entries[i].name for i, f in enumerate(self.folded) if q in f]
            names = sorted(holding, key=lambda n: -fuzz.ratio(q, normalize(n)))[:5] + names
        return Found(query, (), "none", nearest=tuple(dict.fromkeys(names))[:5])

    def complete(self, typed: str, limit: int = 20, typos: bool = False) -> list[NameEntry]:
        """Names for what is being typed: those starting with it, then those with a later word starting with it;
        a card's ASCII spelling only when its own name did not come up.  ``typos``: when none does, the names whose
        start is a typo or two away (:func:`typo_starts`: "kitchn fi" → Kitchen Finks)."""
        q = normalize(typed)
        if len(q) < 2:
            return []
        out: list[NameEntry] = []
        seen: set[tuple[str, str]] = set()

        def add(i: int) -> bool:
            e = self.entries[i]
            shown = (e.key, e.key) if e.kind != "face" else (e.key, e.name)
            if shown not in seen:
                seen.add(shown)
                out.append(e)
            return len(out) >= limit

        for i in self.starting(q):
            if add(i):
                return out
        if len(q) >= 3:
            needle, blob, at = " " + q, self._blob, 0
            while (at := blob.find(needle, at)) >= 0:
                if add(bisect.bisect_right(self._offsets, at) - 1):
                    break
                at += 1
        if typos and not out:  # among the names with its first letter (a typo there is rare; searching them all, ~11 ms)
            among = self.starting(q[:1])
            for n in typo_starts(q, [self.folded[i] for i in among], limit):
                if add(among[n]):
                    break
        return out


TYPO_LETTERS = (5, 8)
"""Least letters typed for a start one typo away to be offered, and for one two typos away."""


def typo_starts(q: str, folded: Sequence[str], limit: int) -> list[int]:
    """The places in ``folded`` of the names whose first ``len(q)`` letters are a typo away from ``q`` (a letter wrong, missing, added or
    two swapped; two typos from :data:`TYPO_LETTERS`' second), fewest typos first, then in name order; none for fewer
    letters than its first."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    if len(q) < TYPO_LETTERS[0]:
        return []
    most = 2 if len(q) >= TYPO_LETTERS[1] else 1
    found: dict[int, int] = {}
    for size in (len(q), len(q) + 1, len(q) - 1):  # a letter left out of what was typed, or one too many
        starts = [f[:size] for f in folded]
        for _, d, i in process.extract(q, starts, scorer=OSA.distance, score_cutoff=most, limit=None):
            found[i] = min(d, found.get(i, d))
    return sorted(found, key=lambda i: (found[i], i))[:limit]
