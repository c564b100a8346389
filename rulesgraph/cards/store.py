"""The card store: one SQLite file in the user data directory, built once when cards are installed.

Why SQLite (the standard library's ``sqlite3``): the store is written once at install time and read
by key at run time, so a start-up opens a file and reads nothing until a card is asked for — no JSON
parse of 30 MB, no pickle of 24,000 records held in memory.  Indexes make a lookup by name, keyword
or type one B-tree search; FTS5 keeps the rulings' text searchable with BM25 for the answer layer.

Tables: see :mod:`rulesgraph.cards.schema`, which writes them.

Installing, and keeping an installed store current when the rules change, is :mod:`rulesgraph.cards.install`'s.
The keyword join records the fingerprint of the keyword list it was made with: :meth:`CardStore.card` joins one card
again on the fly when the caller's list differs (cheap: one card's text).
"""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import RulesgraphError
from . import store_path
from .model import CardSummary, NameEntry
from .opening import DAMAGE as _DAMAGE
from .opening import connect_ro as _connect_ro
from .opening import damaged
from .opening import guarded as _guarded
from .opening import recover as _recover
from .opening import typed as _typed
from .schema import SCHEMA

if TYPE_CHECKING:  # the name finder is imported when a command looks a card up by name: answering reads the name table
    from .keywords import KeywordList
    from .model import Card, Ruling
    from .names import NameIndex

__all__ = ["SCHEMA", "CardStore", "StoreInfo", "open_store", "stored_words"]


class StoreInfo(NamedTuple):
    """What the installed card data is: shown by ``versions`` (a named tuple: defined in every process opening the
    cards, ~0.06 ms where a frozen dataclass took ~0.5)."""

    path: Path
    source: str
    sha256: str
    version: str | None
    date: str | None
    kind: str
    cards: int
    faces: int
    rulings: int
    keywords: str
    """The fingerprint of the keyword list the join was made with."""
    installed: str
    """When (UTC, ISO)."""
    links: str = ""
    """The fingerprint of the rules the rulings were linked to (:attr:`rulesgraph.cards.rulinglinks.Linker.fingerprint`;
    empty when they were not linked)."""


def stored_words(text: str) -> tuple[str, ...]:
    """A column holding a JSON list of words (a face's keywords, types), checked to be one."""
    words = json.loads(text)
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise TypeError("a list of words is not a JSON list of texts")
    return tuple(words)


class CardStore:
    """An open, read-only card store.  Cheap to open; every method reads what it needs."""

    def __init__(self, path: Path, db: sqlite3.Connection, info: StoreInfo) -> None:
        self.path = path
        self._db = db
        self.info = info
        self._ids: dict[str, int] = {}
        """The row ids of the cards :meth:`card` read: :meth:`ruling_links`, asked next for the same card, need not look
        it up again."""

    def close(self) -> None:
        self._db.close()

    @_guarded
    def names(self) -> list[NameEntry]:
        """Every name a card can be found by — full names, face names, ASCII spellings — with its card key,
        in card order (about 25,000 for the full data; one query, ~20 ms)."""
        rows = _typed(self._db.execute("SELECT name, key, kind FROM names ORDER BY rowid"), "sss")
        return [NameEntry(name, key, kind) for name, key, kind in rows]

    @_guarded
    def name_index(self) -> NameIndex:
        """A :class:`~rulesgraph.cards.names.NameIndex` of :meth:`names`, from the folded forms stored at install
        time (about 40 ms for the full data)."""
        from .names import NameIndex

        rows = list(_typed(self._db.execute("SELECT name, key, kind, folded FROM names ORDER BY rowid"), "ssss"))
        one = {}.setdefault  # one object per distinct string: most keys are their names, and kinds are three words
        entries = [NameEntry(one(name, name), one(key, key), one(kind, kind)) for name, key, kind, _ in rows]
        folded = [one(f, f) for *_, f in rows]
        del rows, one  # the rows' own strings go before the index is built
        return NameIndex(entries, folded)

    @_guarded
    def could_find(self, folded: str, least: float) -> bool:
        """Whether the finder of :meth:`name_index` could read ``folded`` (a name already through
        :func:`~rulesgraph.cards.names.normalize`) as the start of a name or as a name misspelt, scoring ``least`` or
        more (rapidfuzz ``fuzz.ratio``): some name starts with it, or some name of a length that could score so does.
        Asked of the store (two scans of one column and the names of those lengths, a few ms), so that a sentence of a
        few words that can be no card's name costs neither the finder's 25,000 names in memory nor building it.  A
        ratio is at most 200·min(a, b)/(a + b) for lengths a and b: names outside that window cannot score ``least``."""
        n = len(folded)
        if not n or self._db.execute("SELECT 1 FROM names WHERE substr(folded, 1, ?) = ? LIMIT 1", (n, folded)).fetchone():
            return bool(n)
        lo, hi = int(n * least / (200 - least)), -int(-n * (200 - least) // least)
        rows = _typed(self._db.execute("SELECT folded FROM names WHERE length(folded) BETWEEN ? AND ?", (lo, hi)), "s")
        from rapidfuzz import fuzz, process

        return process.extractOne(folded, [f for (f,) in rows], scorer=fuzz.ratio, score_cutoff=least) is not None

    def iter_names(self) -> Iterator[NameEntry]:
        yield from self.names()

    def __len__(self) -> int:
        return self.info.cards

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._id(key) is not None

    @_guarded
    def _id(self, key: str) -> int | None:
        known = self._ids.get(key)
        if known is not None:
            return known
        row = self._db.execute("SELECT id FROM cards WHERE name = ?", (key,)).fetchone()
        return next(_typed([row], "i"))[0] if row else None

    @_guarded
    def card(self, key: str, keywords: KeywordList | None = None) -> Card | None:
        """The card whose full name is ``key``, with faces, rulings and keywords; ``None`` if there is none.

        With ``keywords`` (the loaded rules' list) differing from the one the store was joined with, the
        card's keywords are joined again from its text, so they always match the rules in use."""
        row = self._db.execute("SELECT id, name, layout, funny, ascii, rank FROM cards WHERE name = ?", (key,)).fetchone()
        if row is None:
            return None
        cid, name, layout, funny, ascii_name, rank = next(_typed([row], "issiSi"))
        self._ids[key] = cid
        from .model import Card, CardKeyword, Face, Ruling  # the records are made only once a card is read
        faces = tuple(
            Face(n, mc, tl, tx, p, t, lo, de, la, si, stored_words(kw), stored_words(su), stored_words(ty), stored_words(sb))
            for n, mc, tl, tx, p, t, lo, de, la, si, kw, su, ty, sb in _typed(self._db.execute(
                "SELECT name, mana_cost, type_line, text, power, toughness, loyalty, defense, layout, side, keywords, supertypes,"
                " types, subtypes FROM faces WHERE card = ? ORDER BY seq", (cid,)), "sSssSSSSsSssss")
        )
        if not faces:
            raise ValueError(f"card {name!r} has no faces")
        rulings = tuple(Ruling(d, t) for d, t in _typed(self._db.execute(
            "SELECT date, text FROM rulings WHERE card = ? ORDER BY id", (cid,)), "ss"))
        if keywords is not None and keywords.fingerprint != self.info.keywords:
            from .keywords import join_keywords  # a card joined again: its keywords' module is read only then

            joined = join_keywords(faces, [name], keywords)
        else:
            joined = tuple(CardKeyword(k, r, c) for k, r, c in _typed(self._db.execute(
                "SELECT keyword, relation, category FROM card_keywords WHERE card = ? ORDER BY seq", (cid,)), "ssS"))
        play = self._db.execute("SELECT legalities, leadership, identity FROM card_play WHERE card = ?", (cid,)).fetchone()
        legal, leads, identity = (json.loads(p) for p in play) if play else ({}, [], [])
        # MTGJSON names a format's leadership "pauper_commander", its legality "paupercommander": one key, as legalities write it
        return Card(name, layout, faces, rulings, joined, bool(funny), ascii_name, rank, tuple((str(f), str(s)) for f, s in legal),
                    tuple(str(f).replace("_", "") for f in leads), tuple(map(str, identity)))

    @_guarded
    def formats(self) -> tuple[str, ...]:
        """Every format the card data gives a legality in (MTGJSON's keys, sorted): a format missing from a card's
        legalities is one it is not legal in only when the data names it."""
        row = self._db.execute("SELECT value FROM meta WHERE key = 'formats'").fetchone()
        return tuple(map(str, json.loads(row[0]))) if row else ()

    @_guarded
    def ruling_links(self, key: str) -> list[tuple[tuple[str, float], ...]]:
        """The rules each ruling of the card ``key`` restates, ``(rule, weight)`` best first, in the order of its
        rulings (as :meth:`card` gives them); empty tuples when the rulings were not linked, ``[]`` for no such card."""
        cid = self._id(key)
        if cid is None:
            return []
        out: dict[int, list[tuple[str, float]]] = {rid: [] for (rid,) in
                                                   self._db.execute("SELECT id FROM rulings WHERE card = ? ORDER BY id", (cid,))}
        for rid, rule, weight in _typed(self._db.execute(
                "SELECT l.ruling, l.rule, l.weight FROM ruling_rules l JOIN rulings r ON r.id = l.ruling WHERE r.card = ?"
                " ORDER BY l.ruling, l.seq", (cid,)), "isf"):
            out[rid].append((rule, weight))
        return [tuple(v) for v in out.values()]

    @_guarded
    def summaries(self) -> list[CardSummary]:
        """Every card's key, face names, joke-set flag, layout, popularity rank and type-line words, in card
        order: what a finder of card names in questions needs (three queries, ~60 ms for the full data)."""
        faces: dict[int, list[str]] = {}
        # a face named otherwise than its card (Stomp of Bonecrusher Giant // Stomp; one meld or reversible face too)
        for cid, name in _typed(self._db.execute("SELECT f.card, f.name FROM faces f JOIN cards c ON c.id = f.card"
                                                 " WHERE f.name != c.name ORDER BY f.card, f.seq"), "is"):
            faces.setdefault(cid, []).append(name)
        types: dict[int, list[str]] = {}
        for cid, word in _typed(self._db.execute("SELECT card, word FROM card_types ORDER BY rowid"), "is"):
            types.setdefault(cid, []).append(word)
        return [CardSummary(name, tuple(faces.get(cid, ())), bool(funny), layout, rank, tuple(types.get(cid, ())))
                for cid, name, layout, funny, rank in _typed(self._db.execute(
                    "SELECT id, name, layout, funny, rank FROM cards ORDER BY id"), "issii")]

    def cards(self, keys: list[str], keywords: KeywordList | None = None) -> list[Card]:
        """The cards of ``keys`` that exist, in that order."""
        return [c for k in keys if (c := self.card(k, keywords)) is not None]

    @_guarded
    def with_keyword(self, keyword: str, *relations: str) -> list[str]:
        """Keys of the cards joined to ``keyword`` (any case), optionally only with the given relations."""
        rows = self._db.execute("SELECT c.name, k.relation FROM card_keywords k JOIN cards c ON c.id = k.card"
                                " WHERE k.keyword = ? COLLATE NOCASE ORDER BY c.name", (keyword,))
        return [n for n, r in _typed(rows, "ss") if not relations or r in relations]

    @_guarded
    def with_type(self, word: str) -> list[str]:
        """Keys of the cards with ``word`` (any case) among their supertypes, types or subtypes."""
        rows = self._db.execute("SELECT DISTINCT c.name FROM card_types t JOIN cards c ON c.id = t.card"
                                " WHERE t.word = ? COLLATE NOCASE ORDER BY c.name", (word,))
        return [n for (n,) in _typed(rows, "s")]

    @_guarded
    def search_rulings(self, query: str, limit: int = 20) -> list[tuple[str, Ruling, float]]:
        """Rulings matching an FTS5 query (words are ANDed), best first by BM25: ``(card key, ruling, score)``
        with larger scores better.  A query FTS5 cannot parse matches nothing."""
        words = " ".join(f'"{w}"' for w in query.replace('"', " ").split())
        if not words:
            return []
        try:
            rows = self._db.execute(
                "SELECT c.name, r.date, r.text, -bm25(rulings_fts) FROM rulings_fts JOIN rulings r ON r.id = rulings_fts.rowid"
                " JOIN cards c ON c.id = r.card WHERE rulings_fts MATCH ? ORDER BY bm25(rulings_fts) LIMIT ?", (words, limit)).fetchall()
        except sqlite3.OperationalError as exc:
            if "no such" in str(exc):  # a table dropped, not a query FTS5 cannot parse
                raise
            return []
        from .model import Ruling

        return [(n, Ruling(d, t), s) for n, d, t, s in _typed(rows, "sssf")]


def _meta_text(meta: dict[Any, Any], key: str) -> str:
    value = meta[key]
    if not isinstance(value, str):
        raise TypeError(f"meta {key!r} is not text")
    return value


def _info(path: Path, db: sqlite3.Connection) -> StoreInfo:
    meta = dict(db.execute("SELECT key, value FROM meta"))
    if meta.get("schema") != str(SCHEMA):
        raise RulesgraphError(f"{path}: card data from another version of rulesgraph; run 'rulesgraph update cards' again")
    text = functools.partial(_meta_text, meta)
    return StoreInfo(path, text("source"), text("sha256"), meta.get("version") or None, meta.get("date") or None, text("kind"),
                     int(text("cards")), int(text("faces")), int(text("rulings")), text("keywords"), text("installed"),
                     str(meta.get("links", "")))


def _open(path: Path) -> CardStore:
    db = _connect_ro(path)
    try:
        return CardStore(path, db, _info(path, db))
    except BaseException:
        db.close()
        raise


def open_store(path: Path | None = None) -> CardStore | None:
    """The installed card store, or ``None`` when no cards are installed.  A file that is not a card store
    (damaged, tampered with, from another version) is a one-line :class:`RulesgraphError` naming
    ``rulesgraph update cards``.  A journal left by a writer killed mid-transaction is rolled back first (SQLite's
    own recovery; a read-only open cannot do it)."""
    path = path or store_path()
    if not path.is_file():
        return None
    try:
        return _open(path)
    except _DAMAGE as exc:
        if not path.with_name(path.name + "-journal").exists():
            raise damaged(path, exc) from None
    try:
        _recover(path)
        return _open(path)
    except _DAMAGE as exc:
        raise damaged(path, exc) from None


