"""The table of card names that :mod:`rulesgraph.question.mentions` reads questions against: every card name, face
name and short name (``Sheoldred`` of ``Sheoldred, the Apocalypse``) as folded words, grouped by what they say,
with what the finder needs to weigh a match: is it a rules word or phrase, how common are its words in English.

Built once from the card store's names (see :class:`CardName`) and the rules' vocabulary; how common an English
word is comes from ``wordfreq`` (zipf scale: 7 for "the", 0 for a word it has never seen), read only while the
table is built and kept in it, so finding costs no English word list at query time.  Built as plain lists, dicts and
sets, then packed (:mod:`rulesgraph.common.packed`: texts and arrays, a lookup a few hundred ns): the full card data's
table is a 6.5 MB cache file read back in ~15 ms and held as such, instead of 25 MB of objects decoded in ~50 ms.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from rapidfuzz import process
from rapidfuzz.distance import OSA

from ..common.english import english_zipf
from ..common.hashed import Index, TupleIndex
from ..common.lazyre import lazy
from ..common.packed import SEP, Codes, Flags, Groups, Labels, Numbers, Spaced, Strings, Tuples
from ..common.packed import joined as joined_words
from .model import BRACKET_ONLY, JOINERS
from .shortforms import PART_CARDS, ShortForms, abbreviations, named_parts, short_name

if TYPE_CHECKING:  # a type hint only: the table is built from names, never from the records themselves here
    from .model import CardName

__all__ = ["KINDS", "PART_CARDS", "PLAYED", "POPULAR", "TAIL_LETTERS", "TAIL_MORE", "TYPO_EDITS", "TYPO_LETTERS", "WORD", "WORDS_KEPT",
           "NameTable", "dropped", "fold_token", "rules_vocabulary", "tokens"]

PLAYED = 1500
"""EDHREC rank within which a card's name of several words, said in lower case, needs less evidence
(:data:`rulesgraph.question.mention_typos.CHANCE`); lower-case misspellings of their first words are looked for."""
TYPO_LETTERS = 8
"""Least letters (spaces not counted) of a name that a misspelling may be read as."""
TYPO_EDITS = 2
"""Most edits between what was said and a long name (optimal string alignment: two letters swapped, ``tarmogyof``, are one
edit, as a letter dropped, doubled or changed is)."""
WORDS_KEPT = 1 << 14
"""Most entries each memo of a :class:`NameTable` keeps, then it starts again (~2,000 questions' words; a few MB at most)."""
TAIL_LETTERS = 4
"""Letters of a one-word name's tail the table indexes it by (:attr:`NameTable.tails`): the least of a word said for the
name (``goyf`` of Tarmogoyf; :mod:`rulesgraph.question.mention_context`)."""
TAIL_MORE = 3
"""Least letters a one-word name has before the word said for it (``tarmo`` of Tarmogoyf for ``Goyf``): the word is its
tail, not the name with an ending."""
POPULAR = 10
"""A surface that is one card's name but the short name of a card this many times more played (EDHREC rank)
names either: ``Urborg`` (rank 8,089) or Urborg, Tomb of Yawgmoth (rank 58).  Not another card's whole face: "Ancestral
Recall" (unranked, banned in Commander) is the card, not Emeritus of Ideation // Ancestral Recall (7,519), whose
face is named after it.  A card with no rank is not thereby less
played: ``Stomp`` (the face of Bonecrusher Giant // Stomp, an adventure card the card data leaves unranked) stays its
card, though Stomp and Howl (rank 16,565) begins with the word."""
KINDS = ("name", "face", "short", "part", "short form", "initials")
"""What a surface is of its card, best evidence first: its name, a face's name, the short name before a comma, a
first or last word English hardly knows (``Snapcaster``, ``Finks``), a word English knows said for a far more
played card than any other it fits (``Bolt``), the name's initials (``JTMS``): see :mod:`rulesgraph.cards.shortforms`."""
WORD = lazy(r"[^\W_]+(?:['’][^\W_]+)*")
"""A word of a name or a question: letters and digits, apostrophes inside (``Urza's``, ``Magic'd``)."""
_ABBREVIATION = lazy(r"([^\W_]+)\.(?=[ \w])")  # a word and the period after it inside a name ("Mr. House"), not at its end
_LOWER = lazy(r"(?<![\w'’-])[a-z]+(?![\w'’])")
_LIGATURES = str.maketrans({"æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ß": "ss", "ø": "o", "Ø": "O"})


def fold_token(token: str) -> str:
    """Matching form of one word: lower case, accents and ligatures off, apostrophes dropped (``Lim-Dûl's`` → ``duls``)."""
    if token.isascii():
        return token.lower().replace("'", "")
    token = token.translate(_LIGATURES)
    token = "".join(c for c in unicodedata.normalize("NFKD", token) if not unicodedata.combining(c))
    return token.lower().replace("'", "").replace("’", "")


def tokens(text: str) -> list[str]:
    """The folded words of a name or phrase."""
    return [fold_token(m.group()) for m in WORD.finditer(text)]


def rules_vocabulary(index: object, graph: object = None, min_docs: int = 3) -> set[str]:
    """The rules words and phrases of a rulebook: the keyword, glossary and title names of its
    :class:`~rulesgraph.build.index.Index`, and the words at least ``min_docs`` nodes of its ``graph`` write in lower
    case (``exile``, ``return``, ``response``; ``Clone`` and ``Karn`` are capitalised in examples: cards).
    Without the graph, the index's words used by ``min_docs`` + 1 documents (case unknown)."""
    out = {s for nid, ss in index.surface.items() if not nid.startswith("card:") for s in ss}  # type: ignore[attr-defined]
    if graph is None:
        out.update(w for w, n in index.vocab.items() if n > min_docs and w.isalpha())  # type: ignore[attr-defined]
        return out
    counts: dict[str, int] = {}
    for _, data in graph.nodes(data=True):  # type: ignore[attr-defined]
        text = " ".join(str(data.get(k) or "") for k in ("text", "question", "answer")) + " " + " ".join(data.get("examples") or ())
        for w in set(_LOWER.findall(text)):
            counts[w] = counts.get(w, 0) + 1
    out.update(w for w, n in counts.items() if n >= min_docs)
    return out


def dropped(word: str) -> set[str]:
    """``word`` with one of its letters dropped, each way (``lightning`` → ``ightning``, …, ``lightnin``): two words one
    slip apart (a letter dropped, added, changed or two swapped) share one of these or are one of the other's."""
    return {word[:k] + word[k + 1:] for k in range(len(word))}


def _content(toks: tuple[str, ...]) -> list[str]:
    return [t for t in toks if t not in JOINERS]


class NameTable:
    """Every card name, face name and short name as folded word tuples, grouped by surface, with what the
    finder needs to weigh them; each field a sequence by surface, a map or a set, packed once built."""

    def __init__(self) -> None:
        self.surface: list[tuple[str, ...]] = []
        self.keys: list[tuple[str, ...]] = []
        self.sure: list[bool] = []
        """Exactly one card has this surface as its best evidence (its name, else a face, else a short name):
        it is the card meant, the others are still candidates (``Urborg``: the card, and Urborg, Tomb of Yawgmoth)."""
        self.kind: list[str] = []
        """One of :data:`KINDS`: the best evidence among the cards with this surface."""
        self.bracket_only: list[bool] = []
        self.rules: list[bool] = []
        """The surface is a rules word or phrase (``Flash``, ``Island``, ``Double Strike``)."""
        self.typename: list[bool] = []
        """The surface is a card type, subtype or supertype (``Juggernaut``, ``Illusion``): a card unless said as
        the type ("an Illusion", "Goblin tokens")."""
        self.rank: list[int] = []
        """The EDHREC rank of the surface's first card (1 the most played, 0 unknown)."""
        self.zipf: list[float] = []
        """Single content word: its zipf; several: their chance zipf (see :data:`CHANCE`)."""
        self.joined: list[str] = []
        """Each surface's words joined by spaces, for fuzzy comparison."""
        self.exact: dict[tuple[str, ...], int] = {}
        self.by_first: dict[str, list[int]] = {}
        """Word → the one-word surfaces it is; ``first second`` → longer surfaces that start with those words."""
        self.by_word: dict[str, list[int]] = {}
        """Word of a long name → the long names (≥ :data:`TYPO_LETTERS` letters) that have it, for typos."""
        self.by_prefix: dict[str, list[int]] = {}
        """First two letters → long names, for typos in a name's only or first word."""
        self.by_pair: dict[str, list[int]] = {}
        """First three letters → the long names of two words whose first word begins so (:meth:`begun`)."""
        self.rules_words: frozenset[str] = frozenset()
        """The one-word rules words: never read as a card's name made a verb ("Flying" is not Fly)."""
        self.rules_long: list[str] = []
        """Rules words and phrases of 6+ letters: a misspelling as close to one of them is not a card's."""
        self.rules_by_length: dict[int, list[str]] = {}
        """:attr:`rules_long` by length, made when read (an edit changes a length by one at most: :meth:`misspelt`)."""
        self.name_words: frozenset[str] = frozenset()
        self.played_near: frozenset[str] = frozenset()
        """First and last words of the names of several words and 8+ letters of the most played cards (:data:`PLAYED`), and each
        with one letter dropped: where a lower-case misspelling made of words may be ("phyrexian alter", "laboratory manic";
        "lightening bolt", one letter from "lightning"; "dark confidante", one from "confidant")."""
        self.periods: frozenset[str] = frozenset()
        """Folded words a period follows inside a card's name (``mr`` of Mr. House, ``no`` of Black Waltz No. 3, the letters
        of S.H.I.E.L.D.): a name's words in a question may be parted so (:func:`rulesgraph.question.mention_words.joined`)."""
        self.known_long: frozenset[str] = frozenset()
        """Long words (8+ letters) English or the rules know: never read as a misspelt card name."""
        self.fits: dict[tuple[str, int], tuple[int, ...]] = {}
        """(First two letters, letters of the joined name) → the long names of :attr:`by_prefix` that are no rules words:
        what :meth:`misspelt` reads for ``said`` give or take :data:`TYPO_EDITS` letters (packed: keys by :func:`_fit_key`)."""
        self.tails: dict[str, list[int]] = {}
        """Last :data:`TAIL_LETTERS` letters → the one-word names, faces and words said alone of at least
        :data:`TAIL_LETTERS` + :data:`TAIL_MORE` letters that end with them (``goyf``: Tarmogoyf, Lhurgoyf …), made with
        the table (a pass over every surface, ~15 ms, was paid by each process whose question had a tail to read)."""
        self.cards: Sequence[str] = []
        """Packed: every card key :attr:`keys` names, once (its rows are places in this list)."""
        self.said: dict[str, bool] = {}
        self.near: dict[str, bool] = {}
        self.typos: dict[tuple[str, bool], tuple[int, int] | None] = {}
        """Kept for the process: words read by :mod:`rulesgraph.question.mention_typos` (~2,400 a stream asks ~17,000 times), typos."""

    @classmethod
    def build(cls, cards: Iterable[CardName], rules_words: Iterable[str], zipf: Callable[[str], float] | None = None,
              long_words: Iterable[str] = (), packed: bool = True) -> NameTable:
        """The table for ``cards``.  ``rules_words``: rules words and phrases (keyword names, glossary terms,
        rule titles, common rules words: see :func:`rules_vocabulary`).  ``zipf``: English word frequency
        and long words never to read as typos (default: both from ``common.english.english_zipf``).  ``packed=False``: left as
        plain lists, dicts and sets (what the packed table must agree with; only :meth:`misspelt` reads packed fields)."""
        if zipf is None:
            zipf, english_long = english_zipf(TYPO_LETTERS)
            long_words = [*long_words, *english_long]
        rule_phrases: set[tuple[str, ...]] = set()
        for w in rules_words:  # a rules phrase and the phrases inside it ("two headed giant" in "… giant variant")
            toks = tokens(w)
            rule_phrases.update(tuple(toks[a:b]) for a in range(len(toks)) for b in range(a + 2, len(toks) + 1))
            rule_phrases.add(tuple(toks))
        entries: dict[tuple[str, ...], dict[str, object]] = {}
        order = {k: n for n, k in enumerate(KINDS)}

        def add(surface: str, card: CardName, kind: str) -> None:
            toks = tuple(tokens(surface))
            if not toks:
                return
            e = entries.setdefault(toks, {"cards": {}, "only": True})
            cards_: dict[str, tuple[int, int]] = e["cards"]  # type: ignore[assignment]
            best = min(cards_.get(card.key, (9, 0))[0], order[kind])
            cards_[card.key] = (best, card.rank or 10**7)
            only = card.funny or card.layout in BRACKET_ONLY or (card.layout == "planar" and len(toks) == 1)
            e["only"] = bool(e["only"]) and only

        cards = list(cards)
        faced = {card.key for card in cards if len(card.faces) > 1}
        type_words = {tuple(tokens(t)) for card in cards for t in card.types}
        for card in cards:
            add(card.key, card, "name")
            for face in card.faces:
                add(face, card, "face")
            for name in (card.key, *card.faces):
                short = short_name(name)
                if short:
                    add(short, card, "short")
        words: dict[str, float] = {}

        def common(word: str) -> float:
            if word not in words:
                words[word] = zipf(word)
            return words[word]

        for word, card, kind in named_parts(cards, type_words, tokens, common):
            add(word, card, kind)
        one_words = {p[0] for p in rule_phrases if len(p) == 1}
        shorts = ShortForms(cards, tokens)
        for form, card, kind in shorts.forms(taken=set(entries), rules_words=one_words, type_words=type_words,
                                             abbrev=abbreviations(rule_phrases)):
            add(form, card, kind)
        table = cls()
        for toks, e in entries.items():
            cards_ = e["cards"]  # type: ignore[assignment]
            best = min(k for k, _ in cards_.values())
            tier = lambda k: min(k, 2)  # short names and parts are one tier: "Edgar" is either Edgar
            keys = tuple(sorted(cards_, key=lambda c: (tier(cards_[c][0]) != tier(best), cards_[c][1], c)))
            sure = sum(tier(k) == tier(best) for k, _ in cards_.values()) == 1
            known = cards_[keys[0]][1] < 10**7 or keys[0] not in faced  # an unranked multi-face card (every adventure
            # card of some data) is not thereby unplayed; an unranked one-face card (a Vanguard "Squee") is
            shortened = [r for k, r in cards_.values() if tier(k) == 2]  # another card's short name, not its face
            if sure and known and any(r * POPULAR < cards_[keys[0]][1] for r in shortened):  # "Urborg" said is mostly
                sure, keys = False, tuple(sorted(cards_, key=lambda c: (cards_[c][1], c)))  # Urborg, Tomb of Yawgmoth
            popular = shorts.word(toks[0]) if not sure and best == KINDS.index("part") and len(toks) == 1 else None
            if popular is not None and popular.key in cards_ and toks[0] not in one_words:  # "Wrath" is Wrath of God
                sure, keys = True, (popular.key, *(k for k in keys if k != popular.key))
            content = _content(toks) or list(toks)
            for w in content:
                if w not in words:
                    words[w] = zipf(w)
            z = words[content[0]] if len(content) == 1 else sum(words[w] for w in content) - 9 * (len(content) - 1)
            is_rules = toks in rule_phrases or tuple(content) in rule_phrases
            i = len(table.surface)
            table.surface.append(toks)
            table.keys.append(keys)
            table.sure.append(sure)
            table.kind.append(KINDS[best])
            table.bracket_only.append(bool(e["only"]))
            table.rules.append(is_rules)
            table.typename.append(toks in type_words)
            table.zipf.append(z)
            table.rank.append(cards_[keys[0]][1] % 10**7)
            table.joined.append(" ".join(toks))
            table.exact[toks] = i
            table.by_first.setdefault(" ".join(toks[:2]), []).append(i)
            if sum(map(len, toks)) >= TYPO_LETTERS and not e["only"]:
                for w in set(content):
                    if len(w) >= 3:
                        table.by_word.setdefault(w, []).append(i)
                table.by_prefix.setdefault(toks[0][:2], []).append(i)
                if len(toks) == 2:
                    table.by_pair.setdefault(toks[0][:3], []).append(i)
            if len(toks) == 1 and KINDS[best] in ("name", "face", "part") and toks[0].isalpha() \
                    and len(toks[0]) >= TAIL_LETTERS + TAIL_MORE:
                table.tails.setdefault(toks[0][-TAIL_LETTERS:], []).append(i)
        for index in (table.by_first, table.by_word, table.by_prefix, table.by_pair, table.tails):  # tuples of ints: the garbage collector
            for k, v in index.items():  # stops tracking them, and a full collection no longer walks 40,000 lists
                index[k] = tuple(v)  # type: ignore[assignment]
        table.name_words = frozenset(words)
        table.periods = frozenset(fold_token(m.group(1)) for card in cards if not card.funny
                                  for name in (card.key, *card.faces) for m in _ABBREVIATION.finditer(name))
        ends = {w for s, r in zip(table.surface, table.rank, strict=True)
                if len(s) >= 2 and 0 < r <= PLAYED and sum(map(len, s)) >= TYPO_LETTERS for w in (s[0], s[-1]) if w not in JOINERS}
        table.played_near = frozenset(ends) | frozenset(d for w in ends for d in dropped(w))
        table.rules_words = frozenset(p[0] for p in rule_phrases if len(p) == 1)
        table.rules_long = sorted({" ".join(p) for p in rule_phrases if sum(map(len, p)) >= TYPO_LETTERS - TYPO_EDITS})
        table.known_long = frozenset(w for p in rule_phrases for w in p if len(w) >= TYPO_LETTERS) | frozenset(
            w for w in long_words if len(w) >= TYPO_LETTERS)
        for head, ids in table.by_prefix.items():
            for c in ids:
                if not table.rules[c]:
                    table.fits.setdefault((head, len(table.joined[c])), []).append(c)  # type: ignore[attr-defined]
        table.fits = {k: tuple(v) for k, v in table.fits.items()}
        return table._packed() if packed else table

    def _packed(self) -> NameTable:
        """This table with its fields packed (:mod:`rulesgraph.common.packed`)."""
        cards = list(dict.fromkeys(k for keys in self.keys for k in keys))
        place = {k: n for n, k in enumerate(cards)}
        fits = {_fit_key(head, size): ids for (head, size), ids in self.fits.items()}
        return NameTable._from_state({
            "surface": Tuples.of(self.surface).state(), "cards": Strings.of(cards).state(),
            "keys": Groups.of([place[k] for k in keys] for keys in self.keys).state(),
            **{f: Flags.of(getattr(self, f)).state() for f in _FLAGS}, "kind": Codes.of(self.kind, KINDS).state(),
            "rank": Numbers.of(self.rank, "i").state(), "zipf": Numbers.of(self.zipf, "d").state(),
            "exact": Index.slots_for(Strings.of(map(joined_words, self.surface))).tobytes(),
            **{f: Index.mapping(getattr(self, f)).state() for f in _MAPS},
            "fits": Index.mapping(fits).state(), "rules_words": sorted(self.rules_words), "rules_long": list(self.rules_long),
            **{f: Index.of(sorted(getattr(self, f))).state() for f in _SETS}})

    def misspelt(self, said: str, prefix: bool = True) -> tuple[int, int] | None:
        """``(surface, edits)`` of the long name within :data:`TYPO_EDITS` of ``said`` (folded words joined by
        spaces), looked up by a word they share or the first two letters; none if two different cards' names are
        as close, or a rules word is (kept: :attr:`typos`)."""
        if (said, prefix) not in self.typos:
            self.typos = self.typos if len(self.typos) < WORDS_KEPT else {}
            self.typos[said, prefix] = self._misspelt(said, prefix)
        return self.typos[said, prefix]

    def _misspelt(self, said: str, prefix: bool) -> tuple[int, int] | None:
        t = self
        if len(said.replace(" ", "")) < TYPO_LETTERS - TYPO_EDITS:
            return None
        n = len(said)
        fits, head = t.fits, said[:2]  # without ``prefix``: only names sharing a word with ``said``
        cands = {c for m in range(n - TYPO_EDITS, n + TYPO_EDITS + 1) for c in fits.get(_fit_key(head, m), ())} if prefix else set()
        shared = {c for w in said.split() for c in t.by_word.get(w, ())}
        text, o = t.surface.state_views()  # type: ignore[attr-defined]  # each name's words joined by a separator, not a space
        rules = t.rules.state()  # type: ignore[attr-defined]  # a byte a surface: read at C speed here, where thousands are
        cands.update(c for c in shared if -TYPO_EDITS <= o[c + 1] - o[c] - n <= TYPO_EDITS and not rules[c])
        if not cands:
            return None
        order = sorted(cands)  # the names as stored, against ``said`` with the same separator: the same edits
        hits = process.extract(joined_words(said.split(" ")), [text[o[c] : o[c + 1]] for c in order], scorer=OSA.distance,
                               score_cutoff=TYPO_EDITS, limit=3)
        if not hits:
            return None
        best = min(d for _, d, _ in hits)
        top = [order[k] for _, d, k in hits if d == best]
        if best == 0 or len({t.keys[c] for c in top}) > 1:
            return None
        near = [w for size in range(n - int(best), n + int(best) + 1) for w in t.rules_by_length.get(size, ())]  # no other is as close
        if process.extractOne(said, near, scorer=OSA.distance, score_cutoff=int(best)) is not None:
            return None  # as close to a rules word ("comander" is a misspelt commander, not Commandeer)
        return top[0], int(best)

    def begun(self, first: str, second: str) -> set[int]:
        """The long two-word names begun by ``first`` (3+ letters) and ``second``, but not them (``Lab Man``)."""
        surface = self.surface
        return {g for g in self.by_pair.get(first[:3], ()) if (s := surface[g]) != (first, second) and s[0].startswith(first)
                and s[1].startswith(second)}

    def __len__(self) -> int:
        return len(self.surface)

    def parts(self) -> dict[str, object]:
        """The packed table as builtins (texts, bytes, lists), for the cache's marshal file."""
        return dict(self._state)

    @classmethod
    def from_parts(cls, parts: object) -> NameTable | None:
        """The table :meth:`parts` gave, or ``None`` when ``parts`` is not one (other fields, a null where a text was, a
        place past the end): a cache file that passed its checksum is still only data, checked before a finder trusts it."""
        if not isinstance(parts, dict) or set(parts) != set(_FIELDS):
            return None
        try:
            return cls._from_state(parts)
        except (ValueError, TypeError, IndexError):
            return None

    @classmethod
    def _from_state(cls, state: dict[str, object]) -> NameTable:
        table = cls()
        surface = Tuples.from_state(state["surface"])
        n = len(surface)
        cards = Strings.from_state(state["cards"])
        rules_words, rules_long = state["rules_words"], state["rules_long"]
        if type(rules_words) is not list or type(rules_long) is not list or not all(type(w) is str for w in [*rules_words, *rules_long]):
            raise ValueError("rules words: not lists of texts")
        vars(table).update(
            surface=surface, joined=Spaced(surface), cards=cards, keys=Labels(Groups.from_state(state["keys"], len(cards), n), cards),
            kind=Codes.from_state(state["kind"], KINDS, n), rank=Numbers.from_state(state["rank"], "i", n),
            zipf=Numbers.from_state(state["zipf"], "d", n),
            exact=TupleIndex(Index.from_state(state["exact"], keys=Strings(*surface.state_views()))),
            rules_words=frozenset(rules_words), rules_long=rules_long,
            **{f: Flags.from_state(state[f], n) for f in _FLAGS},
            **{f: Index.from_state(state[f], n) for f in (*_MAPS, "fits")},
            **{f: Index.from_state(state[f]) for f in _SETS})
        table._state = dict(state)
        for word in rules_long:
            table.rules_by_length.setdefault(len(word), []).append(word)
        return table


def _fit_key(head: str, size: int) -> str:  # :attr:`NameTable.fits`' key, packed: the first two letters and a length
    return f"{head}{SEP}{size}"


_FLAGS = ("sure", "bracket_only", "rules", "typename")
_SETS = ("name_words", "played_near", "known_long", "periods")
_MAPS = ("by_first", "by_word", "by_prefix", "by_pair", "tails")
_FIELDS = ("surface", "cards", "keys", "kind", "rank", "zipf", "exact", *_MAPS, "fits", "rules_words", "rules_long", *_FLAGS, *_SETS)
"""The packed table's fields, as :meth:`NameTable.parts` gives them (``joined`` is made from ``surface``)."""
