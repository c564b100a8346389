"""The card store's tables and the one function that writes a complete store (:func:`build`).

Tables (``SCHEMA`` bumps when they change): ``meta`` (key → value: source, sha256, MTGJSON version and
date, counts, the keyword list's fingerprint), ``cards`` (key = full name, layout, funny, ascii name),
``faces``, ``rulings`` (and ``rulings_fts``), ``ruling_rules`` (ruling, seq, rule, weight: the CR rules each ruling
restates, linked once at install by :class:`~rulesgraph.cards.rulinglinks.Linker`; ``meta`` keeps its fingerprint),
``names`` (every name, face name and ASCII spelling with its card key and its folded form, for lookup and completion),
``card_keywords`` (card, keyword, relation, category), ``card_types`` (card, word, kind: supertype, type or subtype) and
``card_play`` (card → its legality per format, the formats it can lead, its color identity, each as JSON; ``meta``
``formats`` lists every format the data names).
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what writing a store needs is imported when one is written: reading one needs only SCHEMA
    from .keywords import KeywordList
    from .links import RulingLinker
    from .model import Card, CardFile

__all__ = ["SCHEMA", "build", "rows_keywords"]

SCHEMA = 5
DDL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cards (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, layout TEXT NOT NULL, funny INTEGER NOT NULL,
                    ascii TEXT, rank INTEGER NOT NULL);
CREATE TABLE faces (card INTEGER NOT NULL, seq INTEGER NOT NULL, name TEXT NOT NULL, mana_cost TEXT, type_line TEXT NOT NULL,
                    text TEXT NOT NULL, power TEXT, toughness TEXT, loyalty TEXT, defense TEXT, layout TEXT NOT NULL, side TEXT,
                    keywords TEXT NOT NULL, supertypes TEXT NOT NULL, types TEXT NOT NULL, subtypes TEXT NOT NULL,
                    PRIMARY KEY (card, seq)) WITHOUT ROWID;
CREATE TABLE rulings (id INTEGER PRIMARY KEY, card INTEGER NOT NULL, date TEXT NOT NULL, text TEXT NOT NULL);
CREATE TABLE names (name TEXT NOT NULL, card INTEGER NOT NULL, key TEXT NOT NULL, kind TEXT NOT NULL, folded TEXT NOT NULL);
CREATE TABLE card_keywords (card INTEGER NOT NULL, keyword TEXT NOT NULL, relation TEXT NOT NULL, category TEXT, seq INTEGER NOT NULL);
CREATE TABLE card_types (card INTEGER NOT NULL, word TEXT NOT NULL, kind TEXT NOT NULL);
CREATE TABLE card_play (card INTEGER PRIMARY KEY, legalities TEXT NOT NULL, leadership TEXT NOT NULL, identity TEXT NOT NULL);
CREATE TABLE ruling_rules (ruling INTEGER NOT NULL, seq INTEGER NOT NULL, rule TEXT NOT NULL, weight REAL NOT NULL,
                           PRIMARY KEY (ruling, seq)) WITHOUT ROWID;
"""
INDEXES = """
CREATE INDEX rulings_card ON rulings (card);
CREATE INDEX card_keywords_card ON card_keywords (card);
CREATE INDEX card_keywords_keyword ON card_keywords (keyword COLLATE NOCASE);
CREATE INDEX card_types_word ON card_types (word COLLATE NOCASE);
"""


def rows_keywords(cid: int, card: Card, keywords: KeywordList) -> list[tuple[int, str, str, str | None, int]]:
    from .keywords import join_keywords

    return [(cid, k.name, k.relation, k.category, i) for i, k in enumerate(join_keywords(card.faces, [card.name], keywords))]


def build(path: Path, cards: CardFile, keywords: KeywordList, linker: RulingLinker | None = None) -> None:
    """Write a complete store for ``cards`` at ``path`` (a new or empty file); with a ``linker``, each ruling linked to
    the rules it restates."""
    from .links import link_rows
    from .names import normalize

    db = sqlite3.connect(path)
    try:
        db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;" + DDL)
        faces, rulings, names, kws, types = [], [], [], [], []
        for cid, card in enumerate(cards.cards, 1):
            seen = {card.name}
            names.append((card.name, cid, card.name, "name", normalize(card.name)))
            for seq, f in enumerate(card.faces):
                faces.append((cid, seq, f.name, f.mana_cost, f.type_line, f.text, f.power, f.toughness, f.loyalty, f.defense, f.layout,
                              f.side, json.dumps(f.keywords), json.dumps(f.supertypes), json.dumps(f.types), json.dumps(f.subtypes)))
                if f.name not in seen:
                    seen.add(f.name)
                    names.append((f.name, cid, card.name, "face", normalize(f.name)))
            if card.ascii_name and card.ascii_name not in seen:
                names.append((card.ascii_name, cid, card.name, "ascii", normalize(card.ascii_name)))
            rulings.extend((cid, r.date, r.text) for r in card.rulings)
            kws.extend(rows_keywords(cid, card, keywords))
            for kind, words in (("supertype", card.supertypes), ("type", card.types), ("subtype", card.subtypes)):
                types.extend((cid, w, kind) for w in words)
        db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?)",
                       ((cid, c.name, c.layout, int(c.funny), c.ascii_name, c.rank) for cid, c in enumerate(cards.cards, 1)))
        db.executemany("INSERT INTO faces VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", faces)
        db.executemany("INSERT INTO rulings (id, card, date, text) VALUES (?, ?, ?, ?)", ((rid, *r) for rid, r in enumerate(rulings, 1)))
        if linker is not None:
            names_of = {cid: c.name for cid, c in enumerate(cards.cards, 1)}
            db.executemany("INSERT INTO ruling_rules VALUES (?, ?, ?, ?)", link_rows(rulings, names_of, linker))
        db.executemany("INSERT INTO names VALUES (?, ?, ?, ?, ?)", names)
        db.executemany("INSERT INTO card_keywords VALUES (?, ?, ?, ?, ?)", kws)
        db.executemany("INSERT INTO card_types VALUES (?, ?, ?)", types)
        db.executemany("INSERT INTO card_play VALUES (?, ?, ?, ?)", ((cid, json.dumps(c.legalities), json.dumps(c.leadership),
                                                                     json.dumps(c.color_identity)) for cid, c in enumerate(cards.cards, 1)))
        db.executescript(INDEXES)
        db.execute("CREATE VIRTUAL TABLE rulings_fts USING fts5(text, content='rulings', content_rowid='id')")
        db.execute("INSERT INTO rulings_fts (rowid, text) SELECT id, text FROM rulings")
        meta = {"schema": str(SCHEMA), "source": cards.source, "sha256": cards.sha256, "version": cards.version or "",
                "date": cards.date or "", "kind": cards.kind, "cards": str(len(cards.cards)), "faces": str(cards.faces),
                "rulings": str(cards.rulings), "keywords": keywords.fingerprint, "links": linker.fingerprint if linker else "",
                "formats": json.dumps(sorted({f for c in cards.cards for f, _ in c.legalities})),
                "installed": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        db.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
        db.commit()
    finally:
        db.close()
