"""Players' short forms of card names, derived from the card data alone: a name's initials (``JTMS`` for Jace,
the Mind Sculptor, ``StP`` for Swords to Plowshares, ``LED`` for Lion's Eye Diamond) and one word of a name said
for the whole of it (``Bolt`` for Lightning Bolt, ``Wrath`` for Wrath of God, ``Birds`` for Birds of Paradise); and the
shorter surfaces every name has, which the table weighs as any other: the short name before a comma
(:func:`short_name`) and the words that begin or end a name (:func:`said_alone`: ``Snapcaster``, ``Finks``).

Nothing here knows a particular card: a short form stands for a card only when that card is by far the most
played (EDHREC rank, :data:`SHORT_POPULAR`) of every card the form fits, and played a lot (:data:`SHORT_RANK`,
:data:`INITIALS_RANK`).  Words the rules use (``Exile`` of Path to Exile, ``Protection``), type names, and
abbreviations of rules phrases (``ETB``, ``SBA``, ``CMC``) are never short forms.  The forms
are computed once, while :class:`~rulesgraph.cards.nametable.NameTable` is built; :mod:`rulesgraph.question.mentions` weighs them
as weaker evidence than a name (capitals are required: ``Bolt`` mid-sentence, ``JTMS`` in capitals).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import CardName

__all__ = ["FAMILY", "INITIALS_LETTERS", "INITIALS_RANK", "PART_CARDS", "PART_FIRST", "PART_LAST", "PART_PLAYED", "PART_RARE",
           "SHORT_LETTERS", "SHORT_POPULAR", "SHORT_RANK", "ShortForms", "abbreviations", "cased_as_initials", "epithet_named",
           "initials", "named_parts", "parts", "said_alone", "short_name"]

PART_CARDS = 12
"""Most cards one first word may stand for (``Olivia`` for Olivia Voldaren among the Olivias; not ``Sol``'s
dozens): beyond that it names no card."""
PART_FIRST = 4.0
"""A name's first word said alone stands for it when rarer in English than this (``Snapcaster``, ``Delver``,
``Lurrus``, ``Olivia``; not ``Kitchen``, ``Birds``)."""
PART_LAST = 2.5
"""A name's last word stands for it when one card ends with it and English hardly knows it (``Finks``, ``Bogle``)."""
PART_RARE = 2.0
"""A name's first word rarer in English than this (Zipf) stands for it whoever plays the card (``Delver``) …"""
PART_PLAYED = 6000
"""… a commoner one only for a card among this many most played (EDHREC rank; unranked is not thereby unplayed):
players shorten what they play (``Chalice``, 4,495; ``Piledriver``, 3,859); "the rulings on Gatherer" is no Gatherer of
Graces (17,431), nor "Beasts" Beasts of Bogardan (22,538).  Of the 12 such readings in the real tuning questions 9 were
words, 8 of which this drops, keeping the 3 right ones."""

SHORT_POPULAR = 2.5
"""A short form stands for the most played card it fits only when the next is this many times less played (EDHREC
rank): ``Bolt`` is Lightning Bolt (rank 398; Bolt Bend 1,655), ``JTMS`` Jace, the Mind Sculptor (1,481; Junji,
the Midnight Sky 3,931); ``Path`` names none (Path to Exile 33, Path of Ancestry 56)."""
SHORT_RANK = 1500
"""A word of a name stands for the card only when the card is among the this-many most played."""
INITIALS_RANK = 2000
"""Initials stand for a card only when it is among the this-many most played (``LED`` 895, ``JTMS`` 1,481)."""
FAMILY = (3, 20)
"""A word that begins more than this many names is a family's, not one card's (``Sword`` of the Swords of …,
``Azorius``, ``Leyline``); one that ends more than the second many names of two words is a kind of card
(``Charm``; not ``Bolt``, which ends 17)."""
SHORT_LETTERS = 4
"""Least letters of a word said for its card."""
INITIALS_LETTERS = 3
"""Least letters (words) of initials; a name of fewer words has none."""


def initials(toks: Iterable[str]) -> str:
    """The first letters of a name's folded words, small words included (``jtms``, ``stp``, ``led``)."""
    return "".join(t[0] for t in toks if t)


def cased_as_initials(said: str, words: Sequence[str]) -> bool:
    """Whether initials said in mixed case put their small letters where the name's small words (``words``, folded) are:
    ``StP`` for Swords to Plowshares, ``MoM`` for Mask of Memory; not ``Mom`` (a player's Mother of Runes)."""
    from .model import JOINERS

    return len(said) == len(words) and all(c.islower() == (w in JOINERS) for c, w in zip(said, words, strict=True))


def abbreviations(rule_phrases: Iterable[tuple[str, ...]]) -> set[str]:
    """Words that are rules abbreviations, never a card's initials: each rules word, and the initials of each
    rules phrase of several words, with and without its small words (``etb`` of "enters the battlefield",
    ``eot`` of "end of turn", ``sba`` of "state based actions", ``cmc`` of "converted mana cost")."""
    from .model import JOINERS

    out: set[str] = set()
    for p in rule_phrases:
        out.add(initials(p))
        if len(p) > 1:
            out.add(initials(w for w in p if w not in JOINERS))
    return out


def short_name(name: str) -> str | None:
    """The short name before a comma: ``Sheoldred, the Apocalypse`` → ``Sheoldred``."""
    head, sep, _ = name.partition(", ")
    return head if sep and head and not head.endswith(("!", "?")) else None


def epithet_named(card: CardName) -> bool:
    """A legendary character's name told with its epithet where no comma parts them (``Tymna the Weaver``, ``Jhoira of
    the Ghitu``): its first word is the character's name, as the name before a comma is (:func:`short_name`).  One face
    only: a multi-face card's types are its faces' together (Halvar's Sword of the Realms is no character)."""
    words = card.key.split()
    character = "Legendary" in card.types and ("Creature" in card.types or "Planeswalker" in card.types)
    return character and not card.faces and words[1:2] in (["the"], ["of"])


def said_alone(cards: list[CardName], type_words: set[tuple[str, ...]],
               tokens: Callable[[str], list[str]]) -> dict[str, tuple[list[CardName], list[CardName]]]:
    """Each word that begins or ends a several-word name without a comma (``snapcaster`` of Snapcaster Mage,
    ``finks`` of Kitchen Finks) → the cards whose names it begins, and those it ends.  Type words are left out.
    ``tokens``: a name's folded words (:func:`rulesgraph.cards.nametable.tokens`)."""
    from .model import BRACKET_ONLY, JOINERS

    out: dict[str, tuple[list[CardName], list[CardName]]] = {}
    for card in cards:
        if card.funny or card.layout in BRACKET_ONLY:
            continue
        for name in card.faces or (card.key,):  # a multi-face card's words are its faces' ("Delver of Secrets")
            toks = tokens(name)
            if len(toks) < 2 or ", " in name:
                continue
            raw = name.split()
            ends = [(0, toks[0], raw[0])] + ([(1, toks[-1], raw[-1])] if len(toks) == 2 else [])  # "Kitchen Finks"
            for pos, word, said in ends:  # not "Thalia's" (of Thalia's Lieutenant), "What's", "Goyf" of Altar of the Goyf
                if word not in JOINERS and (word,) not in type_words and len(word) >= 4 and "'" not in said and "’" not in said:
                    group = out.setdefault(word, ([], []))[pos]
                    if not group or group[-1] is not card:  # a card's faces come together: no list search (was quadratic)
                        group.append(card)
    return out


def parts(cards: list[CardName], type_words: set[tuple[str, ...]], tokens: Callable[[str], list[str]],
          zipf: Callable[[str], float]) -> Iterator[tuple[str, CardName]]:
    """The words said alone (:func:`said_alone`) that stand for a card, each with its card: a first word rarer in English
    (``zipf``) than :data:`PART_FIRST`, of at most :data:`PART_CARDS` cards, of a played card unless rarer than
    :data:`PART_RARE`; a last word of one card rarer than :data:`PART_LAST`."""
    for word, (first, last) in said_alone(cards, type_words, tokens).items():
        common = zipf(word)
        if first and len(first) <= PART_CARDS and common < PART_FIRST:
            yield from ((word, card) for card in first if common < PART_RARE or not card.rank or card.rank <= PART_PLAYED)
        if len(last) == 1 and common < PART_LAST:
            yield word, last[0]


def named_parts(cards: list[CardName], type_words: set[tuple[str, ...]], tokens: Callable[[str], list[str]],
                zipf: Callable[[str], float]) -> Iterator[tuple[str, CardName, str]]:
    """The :func:`parts`, each with its kind: ``short`` for a character's name said before its epithet
    (:func:`epithet_named`) that English never writes (:data:`PART_RARE`) and no other card's part is — "is tymna a
    partner with thrasios?" read Thrasios, a comma's short name, but not Tymna the Weaver: a part needs an owner's word in
    lower case, a short name no more —, else ``part``."""
    said = list(parts(cards, type_words, tokens, zipf))
    begins = Counter(word for word, _ in said)
    for word, card in said:
        yield word, card, "short" if begins[word] == 1 and zipf(word) <= PART_RARE and epithet_named(card) else "part"


def _ranked(cards: Iterable[CardName]) -> list[CardName]:
    return sorted({c.key: c for c in cards}.values(), key=lambda c: (c.rank or 10**7, c.key))


def _dominant(cards: list[CardName], most: int) -> CardName | None:
    """The most played of ``cards`` when it is played a lot (rank ≤ ``most``) and far more than the next."""
    ranked = _ranked(cards)
    top = ranked[0]
    if not top.rank or top.rank > most:
        return None
    if len(ranked) > 1 and (ranked[1].rank or 10**7) < top.rank * SHORT_POPULAR:
        return None
    return top


class ShortForms:
    """The short forms of a list of cards: which card a word or initials stand for, if any."""

    def __init__(self, cards: Iterable[CardName], tokens: Callable[[str], list[str]]) -> None:
        from .model import BRACKET_ONLY, JOINERS

        self.by_word: dict[str, list[CardName]] = {}
        """Every word of a name → the cards with it (the competitors of a word said alone)."""
        self.by_initials: dict[str, list[CardName]] = {}
        self.ends: dict[str, list[tuple[CardName, int]]] = {}
        """The words that begin a name, or end a name of two words (``Bolt``), → the cards they begin or end."""
        self.family: dict[tuple[str, int], int] = {}
        """``(word, 0)`` → how many names it begins; ``(word, 1)`` → how many names of two words it ends."""
        for card in cards:
            if card.funny or card.layout in BRACKET_ONLY:
                continue
            for name in card.faces or (card.key,):
                toks = tokens(name)
                for w in set(toks) - JOINERS:
                    self.by_word.setdefault(w, []).append(card)
                if len(toks) >= INITIALS_LETTERS:
                    self.by_initials.setdefault(initials(toks), []).append(card)
                if len(toks) >= 2 and ", " not in name:
                    raw = name.split()
                    for pos, word, said in [(0, toks[0], raw[0])] + ([(1, toks[-1], raw[-1])] if len(toks) == 2 else []):
                        self.family[word, pos] = self.family.get((word, pos), 0) + 1
                        if "'" not in said and "’" not in said and "-" not in said:
                            self.ends.setdefault(word, []).append((card, pos))

    def word(self, word: str) -> CardName | None:
        """The card ``word`` said alone stands for: the far most played card it begins (or ends, of two words),
        among every card whose name has the word."""
        owners = self.ends.get(word)
        if not owners or word not in self.by_word or len(word) < SHORT_LETTERS or not word.isalpha():
            return None
        top = _dominant(self.by_word[word], SHORT_RANK)
        pos = next((p for c, p in owners if c == top), None)
        if pos is None or self.family[word, pos] > FAMILY[pos]:
            return None
        return top

    def forms(self, *, taken: set[tuple[str, ...]], rules_words: set[str], type_words: set[tuple[str, ...]],
              abbrev: set[str]) -> Iterator[tuple[str, CardName, str]]:
        """``(form, card, kind)`` for every short form that stands for one card: kind ``short form`` (a word) or
        ``initials``.  ``taken``: surfaces the table already has (a name, face, short name or part is better
        evidence, and is left as it is); ``rules_words``, ``type_words``: what a word may not be; ``abbrev``: what
        initials may not be (:func:`abbreviations`)."""
        from .model import JOINERS

        for word in self.ends:
            if (word,) in taken or word in JOINERS or word in rules_words or (word,) in type_words:
                continue
            top = self.word(word)
            if top is not None:
                yield word, top, "short form"
        for form, owners in self.by_initials.items():
            if (form,) in taken or form in abbrev or form in rules_words or not form.isalpha():
                continue
            top = _dominant(owners, INITIALS_RANK)
            if top is not None:
                yield form, top, "initials"
