"""Join cards to the rules graph's keywords: which keywords a card has, grants other objects, or performs.

The keyword list is the rules graph's own (every ``keyword`` node: its name, ``ability``/``action``
and, for an old name, the name it has today), passed in as plain data so the card store needs no
graph.  Detection is generic, from the Oracle text:

* ``has``: an ability line that is a keyword list (``Flying, first strike``, ``Persist``, ``Equip {2}``,
  ``Protection from red``), or a keyword the card file lists for the card;
* ``grants``: a keyword after *have*, *has*, *gain(s)* or *with* in the same sentence
  (``Creatures you control have flying, first strike, …``, ``All Sliver creatures have absorb 1``,
  ``create a 1/1 Spirit creature token with flying``);
* ``mentions``: any other use (``target creature loses flying``: *lose*, *without*, *can't* come
  after the last *have*/*gain*/*with* before the keyword);
* ``action``: a keyword action the card file lists (Scry, Proliferate); actions are not looked for in
  the text, where *counter*, *double* and *play* are mostly ordinary words.

Reminder text in parentheses is left out, and so is the card's own name (``Ward of Bones``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from ..common.lazyre import lazy
from ..common.sha import sha256
from .model import CardKeyword, Face, Relation

__all__ = ["KeywordList", "join_keywords"]

_REMINDER = lazy(r"\([^()]*\)")
_SENTENCE = lazy(r"(?<=[.!?])\s+|\n")
_GIVE = lazy(r"\b(?:have|has|gains?|with)\b", re.IGNORECASE)
_TAKE = lazy(r"\b(?:loses?|without|can't|cannot|don't|doesn't|lack)\b", re.IGNORECASE)
_PART = lazy(r"\s*[,;]\s*|\s+and\s+")
_VERB = lazy(r"\b(?:can't|cannot|can|gets?|gains?|have|has|deals?|is|are|may|must|don't|doesn't|loses?|attacks?|blocks?)\b",
                   re.IGNORECASE)
"""A verb after a line's first keyword makes it a sentence about the keyword (``Flying creatures can't block``),
not a keyword list (``Flying``, ``Enchant creature you control``, ``Protection from red``)."""


@dataclass(frozen=True)
class KeywordList:
    """The rules graph's keywords: ``(name, category, current name)`` each; the current name is the
    name itself unless the keyword was renamed (``Totem armor`` → ``Umbra Armor``)."""

    entries: tuple[tuple[str, str | None, str], ...]
    _pattern: re.Pattern[str] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, entries: Iterable[tuple[str, str | None, str]]) -> KeywordList:
        return cls(tuple(sorted(set(entries), key=lambda e: e[0].lower())))

    def state(self) -> tuple[tuple[str, str | None, str], ...]:
        """The entries as builtins, for the cache (:meth:`from_state`)."""
        return self.entries

    @classmethod
    def from_state(cls, state: object) -> KeywordList:
        """The list :meth:`state` gave; ValueError for anything else (a cache file that passed its checksum is still only
        data)."""
        if type(state) is not tuple or not all(type(e) is tuple and len(e) == 3 and type(e[0]) is str and type(e[2]) is str
                                                and (e[1] is None or type(e[1]) is str) for e in state):
            raise ValueError("keywords: not (name, category, current name) rows")
        return cls(state)

    @cached_property
    def fingerprint(self) -> str:
        """Changes whenever the list does: stored with a join, so a join made with other rules is noticed.  Worked out
        once per list (every card read compares it with the store's: ~75 µs each time, 40% of reading a card)."""
        text = "\n".join(f"{n}|{c or ''}|{cur}" for n, c, cur in self.entries)
        return sha256(text.encode()).hexdigest()[:16]

    @cached_property
    def by_name(self) -> dict[str, tuple[str, str | None]]:
        """Lower-case name → (current name, its category): worked out once per list, not once per card joined (a
        card store's install joined 23,711 cards, each building it again: ~3 s); shared, so read it, never change it."""
        cats = {n: c for n, c, _ in self.entries}
        return {n.lower(): (cur, cats.get(cur, c)) for n, c, cur in self.entries}

    @cached_property
    def categories(self) -> dict[str, str | None]:
        """Current name → its category (shared, as :attr:`by_name`)."""
        return {cur: cat for cur, cat in self.by_name.values()}

    def pattern(self) -> re.Pattern[str]:
        """One alternation of every ability name, longest first (``Double Strike`` before ``Double``)."""
        if self._pattern is None:
            names = sorted((n for n, c, _ in self.entries if c != "action"), key=len, reverse=True)
            body = "|".join(re.escape(n) for n in names) or r"(?!x)x"
            object.__setattr__(self, "_pattern", re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.IGNORECASE))
        return self._pattern  # type: ignore[return-value]


def _own_name(text: str, names: Iterable[str]) -> str:
    for name in sorted(set(names), key=len, reverse=True):
        if name and len(name) > 2:
            text = text.replace(name, "CARDNAME")
    return text


def _is_keyword_line(line: str, pattern: re.Pattern[str]) -> list[str]:
    """The keywords of a line that is a keyword list: it starts with a keyword, and every later part starts
    with one too or continues the one before in lower case (``Protection from red and from blue``)."""
    if _VERB.search(line):
        return []
    parts = [p for p in _PART.split(line.strip().rstrip(".")) if p]
    found = []
    for i, p in enumerate(parts):
        m = pattern.match(p)
        if m:
            found.append(m.group())
        elif i == 0 or not p[:1].islower():
            return []
    return found


def join_keywords(faces: Iterable[Face], card_names: Iterable[str], keywords: KeywordList) -> tuple[CardKeyword, ...]:
    """The keywords of a card's faces, each once (the strongest relation wins: has > grants > action > mentions)."""
    faces = tuple(faces)
    known = keywords.by_name
    pattern = keywords.pattern()
    found: dict[str, Relation] = {}
    rank = {"has": 0, "grants": 1, "action": 2, "mentions": 3}

    def add(name: str, relation: Relation) -> None:
        current, category = known.get(name.lower(), (name, None))
        if category == "action":
            relation = "action"
        if current not in found or rank[relation] < rank[found[current]]:
            found[current] = relation

    names = [*card_names, *(f.name for f in faces)]
    for face in faces:
        text = _own_name(_REMINDER.sub("", face.text), names)
        for line in text.split("\n"):
            head = _is_keyword_line(line, pattern)
            for kw in head:
                add(kw, "has")
            if head:
                continue
            for sentence in _SENTENCE.split(line):
                for m in pattern.finditer(sentence):
                    before = sentence[: m.start()]
                    give = [g.end() for g in _GIVE.finditer(before)]
                    take = [t.end() for t in _TAKE.finditer(before)]
                    granted = give and (not take or give[-1] > take[-1])
                    add(m.group(), "grants" if granted else "mentions")
        for kw in face.keywords:  # the card file's list: what the text did not place is the card's own
            current = known.get(kw.lower(), (kw, None))[0]
            if found.get(current, "mentions") == "mentions":
                found.pop(current, None)
                add(kw, "has")
    cats = keywords.categories
    return tuple(CardKeyword(name, rel, cats.get(name)) for name, rel in sorted(found.items(), key=lambda kv: rank[kv[1]]))
