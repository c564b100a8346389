"""The cards a question names, read from the installed card data and joined to the loaded rules: the part of
question analysis that needs the cards (after :mod:`rulesgraph.question.analyze`, before ranking).

:class:`CardDeck` is the installed cards as answering reads them: the card store (read on demand) and its
:class:`~rulesgraph.cards.nametable.NameTable` (built once per card data and rules, then cached).
:meth:`CardDeck.named` finds the cards a question names (:func:`rulesgraph.question.mentions.find_cards`) and gives each
as a :class:`NamedCard`: its type line, Oracle text, rulings, and its keywords and type-line words each with the
rules they run on (:func:`rulesgraph.cards.view.card_view`).  :func:`without_names` blanks the names out of the
question; :func:`with_cards` adds the cards to the question's analysis and drops the rules terms said only inside
a card's name, so that a card's name is never read as a rules term ("Path to Exile" does not name the keyword
Exile); :meth:`CardDeck.names_word` tells which words a question writes as a card's name writes them, which spelling
correction leaves alone ("the Arcbound creatures" are not "around"); what the card says reaches the ranking through
the card steps (:mod:`rulesgraph.rank.cardsteps.cards`).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from ..build import cache
from ..build.index import doc_terms
from ..common.ids import keyword_id
from ..common.lazyre import lazy
from ..common.sha import sha256
from ..common.text import words
from .mention_context import more_than_one, unknown_runs

if TYPE_CHECKING:
    from ..build.corpus import Rulebook
    from ..cards.keywords import KeywordList
    from ..cards.nametable import NameTable
    from ..cards.store import CardStore
    from ..model import NamedCard
    from .analyze import Analysis
    from .mention_words import CardMention
    from .read import Question

__all__ = ["MIN_CONFIDENCE", "CardDeck", "open_deck", "with_cards", "without_names"]

MIN_CONFIDENCE = 0.5
"""Mentions found with less confidence than this are not read as cards."""
MAX_CARDS = 6
"""At most this many cards of one question are read (a decklist pasted as a question names dozens)."""
CARDS_KEPT = 256
"""The most cards a deck keeps read (the last named): see :meth:`CardDeck.card`."""
_SCHEMA = 12
_NEXT = lazy(r"[ \t]+([A-Za-z]+)\b")
"""The word right after a card's name, spaces only between (not "humility, is it …")."""
_BEFORE = lazy(r"\b([A-Za-z]+)[ \t]+$")  # the word right before it ("manifest" of "Manifest dread")


def __getattr__(name: str) -> object:
    """:class:`NamedCard`, the record this module makes, named here as before (it is defined with the card records, the
    first time a question names a card)."""
    if name == "NamedCard":
        from ..model import NamedCard

        return NamedCard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_SIBILANT_ES = lazy(r"(?:[sxz]|ch|sh)es$")
"""A plural made with "-es": after s, x, z, ch or sh ("Foxes", "Moxes"), never "Tokes" from a name word "tok"."""


def without_names(question: str, cards: tuple[NamedCard, ...]) -> str:
    """``question`` with the words that named cards replaced by spaces (offsets kept)."""
    chars = list(question)
    for c in cards:
        chars[c.start : c.end] = " " * (c.end - c.start)
    return "".join(chars)


def with_cards(a: Analysis, cards: tuple[NamedCard, ...], absent: Sequence[str] = ()) -> Analysis:
    """The analysis ``a`` of a question naming ``cards``: the cards added, and the rules terms the question only
    said inside a card's name left out ("Path to Exile" does not name the keyword Exile, "Blood Moon" not the
    glossary term Moon), so a card name is never presented as a spelling of a rules term (nor as a misspelling:
    the corrections of words said only inside a card's name go too; and a word of a named card's name said again
    with a capital, as names are written, is the name, not a misspelling: "… a 1/1 Delver" names Delver of Secrets, not
    the keyword delve, so what the corrected word named and its search term go).  Players' words
    about a card (the alias table's) stay, but not a keyword they name that the card data says none of the named
    cards has, grants or mentions (were "finks" an alias for persist and undying, Kitchen Finks would keep persist only),
    nor that keyword's glossary entry: what a card does comes from the card data.  ``absent``: the names the question
    says of cards the installed data lacks (:meth:`CardDeck.named`): no word of them is presented as a misspelling either
    ("Elesh Norn, Mother of Machines" with the cards of 2022 is not "read ‘norn’ as ‘nor’")."""
    if absent:
        said_absent = {w for name in absent for w in words(name)}
        a = replace(a, corrections=tuple((said, fixed) for said, fixed in a.corrections if not set(words(said)) & said_absent))
    if not cards:
        return a
    from .mentions import bounded

    question = bounded(a.question)  # what the finder read, and no more: a 1 MB question costs what 8,000 characters do
    rest = f" {' '.join(words(without_names(question, cards)))} "
    named = [f" {' '.join(words(c.said))} " for c in cards]
    split: dict[str, list[str]] = {}  # the matches say the same few phrases again and again: each split into words once

    def words_of(said: str) -> list[str]:
        got = split.get(said)
        if got is None:
            got = split[said] = words(said)
        return got

    def in_a_name(said: str) -> bool:  # said inside a card's name, and nowhere else
        phrase = f" {' '.join(words_of(said))} "
        return any(phrase in name for name in named) and phrase not in rest

    outside, name_words = without_names(question, cards), {w for c in cards for w in words(c.key)}

    def as_name(said: str) -> bool:  # a word of a named card's name, written as a name wherever it is said again
        again = re.findall(rf"(?<!\w){re.escape(said)}(?!\w)", outside, re.IGNORECASE)
        return set(words(said)) <= name_words and all(w[:1].isupper() for w in again)

    def says(word: str) -> bool:  # the question says ``word`` itself outside the card names ("does delve work with …")
        return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", outside, re.IGNORECASE) is not None

    fixed_in_name = {fixed: said for said, fixed in a.corrections if as_name(said) and not says(fixed)}  # "1/1 Delver"

    def as_said(said: str) -> str:  # a match's words as the question said them, before spelling correction
        return " ".join(fixed_in_name.get(w, w) for w in words_of(said))

    outside_terms = frozenset(doc_terms(outside))  # what the question says outside the names, by stem ("revealing")
    misspelt = {fixed: said for said, fixed in a.corrections  # "teferi time raveller": not the question's "reveal"
                if in_a_name(said) and not frozenset(doc_terms(fixed)) & outside_terms}

    def unfixed(said: str) -> str:  # a match's words with those corrected inside a card's misspelt name as typed
        return " ".join(misspelt.get(w, w) for w in words_of(said))

    kept = tuple(m for m in a.matches if m.kind in ("alias", "rule") or m.via in ("alias", "carried")
                 or not (in_a_name(m.said) or (misspelt and in_a_name(unfixed(m.said)))
                         or (fixed_in_name and as_said(m.said) != " ".join(words_of(m.said)))))
    on_cards = {keyword_id(name) for c in cards for name, _, _ in c.keywords}
    unfounded = {(m.said, m.node.split(":", 1)[1]) for m in kept
                 if m.kind == "keyword" and m.via == "alias" and m.node not in on_cards and in_a_name(m.said)}
    if unfounded:  # the alias's keyword and its glossary entry ("glossary:Undying" beside "keyword:undying")
        kept = tuple(m for m in kept if m.kind not in ("keyword", "glossary") or (m.said, m.node.split(":", 1)[1].lower()) not in unfounded)
    fixes = tuple((said, fixed) for said, fixed in a.corrections
                  if not in_a_name(said) and fixed not in fixed_in_name)  # "StPs" is a card, not "steps"
    gone = {t for fixed in (*fixed_in_name, *misspelt) for t in doc_terms(fixed)} - outside_terms
    terms = tuple(t for t in a.terms if t[0] not in gone) if gone else a.terms  # nor is the corrected word searched for
    return replace(a, matches=kept, corrections=fixes, cards=cards, terms=terms)


class CardDeck:
    """The installed cards as answering reads them."""

    def __init__(self, store: CardStore, table: NameTable, book: Rulebook, keywords: object = None) -> None:
        self.store = store
        self.table = table
        self.book = book
        self._cards: OrderedDict[str, NamedCard | None] = OrderedDict()
        self._keywords: KeywordList | None = None
        self._keyword_state = keywords
        """The loaded rules' keyword list as cached with the name table (:meth:`KeywordList.state`), or ``None``."""
        self._names = None

    @property
    def names_read(self) -> bool:
        """Whether :meth:`name_index` has been read (asking the store whether it could find a name then costs more than
        finding it: ~40 ms a question that is only a misspelt name)."""
        return self._names is not None

    def name_index(self):  # type: ignore[no-untyped-def]
        """The ``card`` command's finder (:class:`~rulesgraph.cards.names.NameIndex`), read from the store once (about
        40 ms), for a question that is only a name the name table does not know as said (``lightning greves``)."""
        if self._names is None:
            self._names = self.store.name_index()
        return self._names

    def named(self, question: str, prefer: tuple[str, ...] = (), said: Sequence[str] | None = None,
              absent: list[str] | None = None, shared: list[tuple[str, tuple[str, ...]]] | None = None) -> tuple[NamedCard, ...]:
        """The cards ``question`` names, in the order it names them, each once (its first mention).  ``prefer``: the
        cards a conversation is about, which a name several cards share means when it is one of them ("Thalia" after
        Thalia, Guardian of Thraben was named).  ``said``: its words, when it was read already.  ``absent`` gets the
        names it says of cards the installed data lacks (:func:`~rulesgraph.question.mentions.find_cards`); ``shared``
        gets each name it says that several cards share and nothing in it decides between (as said, and those cards,
        each name once): "two Thalias" is no card's text."""
        from .mentions import bounded, find_cards

        question = bounded(question)  # what the finder reads; "a second Thalia" is looked for there too
        out: list[NamedCard] = []
        seen: set[str] = set()
        which: dict[tuple[tuple[str, ...], str], str | None] = {}  # a shared name said again is decided once
        mentions = [self._which(question, m, which, prefer) for m in find_cards(question, self.table, weak=True, absent=absent)
                    if m.confidence >= MIN_CONFIDENCE or self._does(question, m)]
        if shared is not None:  # each set of cards once ("a Thalia … two Thalias"); none of which one is read anyway
            told = {cards for _, cards in shared}
            read = {m.key for m in mentions if m.key is not None}
            for m in mentions:
                cards = tuple(m.candidates)
                if m.key is None and cards and cards not in told and not read.intersection(cards):
                    told.add(cards)
                    shared.append((m.said, cards))
        slips = [(m.start, m.end) for m in mentions if m.how == "typo"]
        if absent is not None or slips:  # "Delney, Streetwise Lookout" with the cards of 2022: a newer card, no slip inside it
            runs = unknown_runs(question, [(m.start, m.end) for m in mentions], slips)
            if absent is not None:
                absent.extend(n for *_, n in runs if n not in absent)
            mentions = [m for m in mentions if not any(a <= m.start and m.end <= b for a, b, _ in runs)]
        mentions = [m for m in mentions if m.key is not None]
        for m in mentions:
            if m.key in seen:
                continue
            base = self.card(m.key)
            if base is None:
                continue
            seen.add(m.key)
            many = more_than_one(question, [(o.start, o.end, o.how) for o in mentions if o.key == m.key], said)
            out.append(replace(base, said=m.said, start=m.start, end=m.end, confidence=m.confidence, how=m.how, many=many))
            if len(out) >= MAX_CARDS:
                break
        return tuple(out)

    def names_word(self, word: str, read: Question) -> bool:
        """Whether ``read`` writes the folded ``word`` as a name is written (:attr:`Question.names`: capitalised mid-sentence,
        or in a run of capitalised words) and it is a word of an installed card's name, as it is or in the plural or the
        possessive without its apostrophe ("the Arcbound creatures", "two Phages", "the Sakuras ability"; a base of four
        letters or more, "-es" only after s, x, z, ch or sh): a card's word, not a slip for a rules word.  A slip in
        lower case is still one ("how many targes can it have" is "targets", whatever name words "targ" may be)."""
        if word not in read.names:
            return False
        known = self.table.name_words
        bases = [word, *([word[:-1]] if word.endswith("s") else []), *([word[:-2]] if _SIBILANT_ES.search(word) else [])]
        return any(b in known for b in bases if len(b) >= 4)

    def card_words(self, read: Question) -> Callable[[str], bool]:
        """:meth:`names_word` for the words of ``read``: the predicate :func:`~rulesgraph.question.analyze.analyze` is given."""
        return partial(self.names_word, read=read)

    def said_words(self, read: Question) -> frozenset[str]:
        """The folded words of the cards a question names or may name: those it names, and any words said together that
        are a card's whole name of two words or more, whatever the case.  What the routing asks when a tournament word is
        said ("I cast bribery on my opponent", "I played spectator seating": the finder wants more evidence for a card,
        the routing only whether the word is a card's)."""
        from ..cards.nametable import tokens

        said = {w for c in self.named(read.text, (), read.words) for w in words(c.said)}
        toks, exact = tokens(read.text), self.table.exact
        for n in (2, 3, 4):
            for i in range(len(toks) - n + 1):
                if tuple(toks[i : i + n]) in exact:
                    said.update(toks[i : i + n])
        return frozenset(said)

    def _does(self, question: str, m: CardMention) -> bool:
        """A weak mention (a lower-case word English knows, :data:`rulesgraph.question.mentions.WEAK`) is the card when the word
        after it says what the card does in the card's own words: "clone copies a creature", "clone enters copying …"
        (Clone: "… enter the battlefield as a copy …"), or what it is by its type line ("the humility enchantment");
        not when it and a word beside it are a rules term ("finality counter", "manifest dread")."""
        from .mention_words import in_sorted

        after, before = _NEXT.match(question, m.end), _BEFORE.search(question, 0, m.start)
        if m.key is None or after is None:
            return False
        verb, said = doc_terms(after.group(1)), m.said.lower()
        if not verb or any(in_sorted(self.table.rules_long, p) for p in (f"{said} {after.group(1).lower()}",
                                                                          f"{before.group(1).lower()} {said}" if before else "")):
            return False
        card = self.store.card(m.key)
        own = " ".join(f"{f.text or ''} {f.type_line}" for f in card.faces) if card is not None else ""
        return verb[0] in set(doc_terms(own)) - set(doc_terms(m.key))

    def _which(self, question: str, m: CardMention, which: dict[tuple[tuple[str, ...], str], str | None],
               prefer: tuple[str, ...] = ()) -> CardMention:
        """A mention naming several cards (``Edgar``) as the one of them the conversation is about (``prefer``), else
        the one the question describes (:func:`rulesgraph.question.whichcard.described`), else as it is.  ``which`` keeps what
        was decided for a name said before in the same question (a long question naming "Jace" twenty times reads the
        candidates once)."""
        if m.key is not None:
            return m
        known = next((key for key in prefer if key in m.candidates), None)
        if known is not None:
            return m._replace(key=known)
        from ..cards.shortforms import PART_CARDS
        from .whichcard import described

        candidates = tuple(m.candidates[:PART_CARDS])
        memo = (candidates, question[m.start : m.end].lower())
        if memo not in which:
            which[memo] = described(question, m.start, m.end, candidates, self.store, self.book.index)
        key = which[memo]
        return m if key is None else m._replace(key=key)

    def shortened(self, said: str) -> str | None:
        """The card a player's short form ``said`` alone stands for, as a question is read (``bolt`` Lightning Bolt,
        ``JTMS``, ``Snapcaster``; :mod:`rulesgraph.cards.shortforms`), or ``None``: what ``card`` takes when no name is."""
        from ..cards.nametable import tokens
        from .mention_context import SAID_SHORT

        t = self.table
        g = t.exact.get(tuple(tokens(said)))
        return t.keys[g][0] if g is not None and t.sure[g] and t.kind[g] in SAID_SHORT else None

    def card(self, key: str) -> NamedCard | None:
        """The card ``key`` read from the store and joined to the rules: kept for the next question, the
        :data:`CARDS_KEPT` last named (a conversation names the same few cards again; a stream of a thousand
        questions names a thousand cards, a few KB each with its rulings and links)."""
        if key in self._cards:
            self._cards.move_to_end(key)
        else:
            if len(self._cards) >= CARDS_KEPT:
                self._cards.popitem(last=False)
            from ..cards.view import card_view, layout_kind, set_types
            from ..model import NamedCard  # a card record: defined once a question names a card
            from .cardsaid import glossary_said

            if self._keywords is None:
                self._keywords = self._keyword_list()
            card = self.store.card(key, self._keywords)
            if card is None:
                self._cards[key] = None
            else:
                view = card_view(self.book, card)
                names = " ".join([card.name, *(f.name for f in card.faces)])
                text = "\n\n".join(f.text for f in card.faces if f.text)
                self._cards[key] = NamedCard(
                    card.name, card.name, 0, 0, 1.0, "key",
                    " // ".join(f.type_line for f in card.faces),
                    text,
                    tuple((k.name, k.relation, k.rules) for k in view.keywords),
                    tuple((t.name, t.relation, t.rules) for t in view.types),
                    tuple((r.date, r.text) for r in card.rulings),
                    frozenset(doc_terms(names)),
                    tuple((t.name, t.rules) for f in card.faces for t in set_types(self.book, f.text)),
                    tuple((k.name, k.relation, k.rules) for k in [layout_kind(self.book, card.layout)] if k is not None),
                    links=self._links(key, len(card.rulings)),
                    faces=card.faces,
                    terms=glossary_said(self.book.index, text, (card.name, *(f.name for f in card.faces))),
                )
        return self._cards[key]

    def _keyword_list(self) -> KeywordList:
        """The loaded rules' keyword list, which a card read from the store is checked against: as cached with the name
        table, else worked out from the rules (~6 ms, which every process reading a card spent)."""
        from ..cards.keywords import KeywordList
        from ..cards.view import keyword_list

        try:
            return KeywordList.from_state(self._keyword_state)
        except ValueError:
            return keyword_list(self.book)

    def _links(self, key: str, count: int) -> tuple[tuple[str, ...], ...]:
        """The rules each of the card's ``count`` rulings restates that the loaded rules have (links made with other
        rules keep the numbers that still exist until ``update`` links them again)."""
        links = self.store.ruling_links(key)
        if len(links) != count:
            return ()
        g = self.book.qg
        return tuple(tuple(rule for rule, _ in ruling if rule in g) for ruling in links)


def _table_key(store: CardStore, book: Rulebook) -> str:
    info = store.info
    parts = [f"names={_SCHEMA}", info.sha256, info.installed, book.key]
    return "names-" + sha256("\0".join(parts).encode()).hexdigest()[:32]


def open_deck(book: Rulebook, *, use_cache: bool = True) -> tuple[CardDeck | None, list[str]]:
    """The installed cards for answering, or ``None`` when none are installed; and one-line notices (damaged card
    data, a name table that could not be cached).  The name table is read from the cache, or built (about a
    second) and cached; with ``use_cache=False`` (``--no-cache``) it is built and the cache left alone."""
    from ..cards import store_path

    if not store_path().is_file():  # no cards installed: nothing of the store is imported
        return None, []
    from ..cards.model import names_from_summaries
    from ..cards.nametable import NameTable
    from ..cards.store import open_store
    from ..errors import RulesgraphError

    notices: list[str] = []
    try:
        store = open_store()
    except RulesgraphError as exc:
        return None, [str(exc)]
    if store is None:
        return None, []
    key = _table_key(store, book)
    parts, notice = cache.read(key, "names") if use_cache else (None, None)
    if notice:
        notices.append(notice)
    table, keywords = (NameTable.from_parts(parts.get("table")), parts.get("keywords")) if isinstance(parts, dict) else (None, None)
    if table is None:
        from ..cards.nametable import rules_vocabulary
        from ..cards.view import keyword_list

        table = NameTable.build(names_from_summaries(store.summaries()), rules_vocabulary(book.index, book.qg))
        keywords = keyword_list(book).state()  # cached with the table: a process reading a card need not work it out
        notice = cache.write(key, {"table": table.parts(), "keywords": keywords}, "names") if use_cache else None
        if notice:
            notices.append(notice)
    return CardDeck(store, table, book, keywords), notices
