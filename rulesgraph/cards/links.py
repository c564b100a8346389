"""The card store's links from each ruling to the CR rules it restates (table ``ruling_rules``): written when the cards
are installed (:func:`link_rows`, called by :func:`rulesgraph.cards.store.build`) and again when new rules are
(:func:`relink`).  Which rules a ruling restates is :class:`rulesgraph.cards.rulinglinks.Linker`'s to say.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Protocol

from ..errors import RulesgraphError

__all__ = ["RulingLinker", "link_rows", "relink"]


class RulingLinker(Protocol):
    """What links rulings to rules (:class:`rulesgraph.cards.rulinglinks.Linker`)."""

    @property
    def fingerprint(self) -> str: ...

    def links(self, text: str, card: str) -> tuple[tuple[str, float], ...]: ...


def link_rows(rulings: list[tuple[int, str, str]], names: dict[int, str], linker: RulingLinker) -> list[tuple[int, int, str, float]]:
    """``ruling_rules`` rows for ``rulings`` (``(card id, date, text)``, their ids 1, 2, … in this order)."""
    return [(rid, seq, rule, weight) for rid, (cid, _, text) in enumerate(rulings, 1)
            for seq, (rule, weight) in enumerate(linker.links(text, names[cid]))]


def relink(linker: RulingLinker, path: Path | None = None) -> bool:
    """Link every installed ruling to ``linker``'s rules again (after the rules changed); ``False`` when nothing needed
    doing (no cards, or already linked to these rules).  Written in one transaction."""
    from .store import open_store, store_path

    target = path or store_path()
    store = open_store(target)
    if store is None:
        return False
    store.close()
    if store.info.links == linker.fingerprint:
        return False
    db = sqlite3.connect(target)
    try:
        rulings = db.execute("SELECT card, date, text FROM rulings ORDER BY id").fetchall()
        ids = [rid for (rid,) in db.execute("SELECT id FROM rulings ORDER BY id")]
        names = dict(db.execute("SELECT id, name FROM cards"))
        rows = [(ids[rid - 1], seq, rule, weight) for rid, seq, rule, weight in link_rows(rulings, names, linker)]
        with db:
            db.execute("DELETE FROM ruling_rules")
            db.executemany("INSERT INTO ruling_rules VALUES (?, ?, ?, ?)", rows)
            db.execute("INSERT OR REPLACE INTO meta VALUES ('links', ?)", (linker.fingerprint,))
    except sqlite3.Error as exc:
        raise RulesgraphError(f"{target}: cannot link the card rulings to the rules ({exc})") from None
    finally:
        db.close()
    return True
