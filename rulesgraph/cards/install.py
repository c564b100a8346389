"""Installing the card store and keeping it current: build a new store beside the installed one and rename it into
place (until it is complete, the old one is what every reader sees, and a failure leaves it untouched); whether an
installed store can be kept (:func:`problem`); and, when the rules change after cards were installed, joining every
card to the new keyword list again (:func:`rejoin`, about 2 s: ``update`` calls it after installing a CR) and linking
the rulings to the new rules again (:func:`relink`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..common.paths import temporary
from ..errors import RulesgraphError
from . import store_path
from .keywords import KeywordList, join_keywords
from .links import RulingLinker, link_rows
from .model import CardFile, Face
from .opening import DAMAGE as _DAMAGE
from .opening import side_files as _side_files
from .schema import build
from .store import StoreInfo, open_store, stored_words

__all__ = ["Installed", "install", "problem", "rejoin", "relink"]


@dataclass(frozen=True, slots=True)
class Installed:
    info: StoreInfo
    status: Literal["installed", "replaced", "unchanged", "checked"]


def _sweep(directory: Path) -> None:
    from ..common.paths import sweep

    sweep(directory, ".cards-*.tmp")


def install(cards: CardFile, keywords: KeywordList, *, path: Path | None = None, dry_run: bool = False,
            linker: RulingLinker | None = None) -> Installed:
    """Build a store for ``cards`` beside the installed one and rename it into place (atomically); with a ``linker``,
    the rulings are linked to the rules (:mod:`rulesgraph.cards.rulinglinks`)."""
    target = path or store_path()
    current = None
    with contextlib.suppress(RulesgraphError):
        current = open_store(target)
    if current is not None:
        same = current.info.sha256 == cards.sha256 and current.info.links == (linker.fingerprint if linker else "")
        current.close()
        if same and not dry_run and problem(target, keywords) is None:  # the same file, and the store is whole
            return Installed(current.info, "unchanged")
    replacing = current is not None or target.exists()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        _sweep(target.parent)
        fd, tmp = temporary(target.parent, ".cards-")
        os.close(fd)  # SQLite takes an empty file as an empty database
    except OSError as exc:
        raise RulesgraphError(f"cannot install cards into {target.parent}: {exc.strerror or exc}") from None
    try:
        build(Path(tmp), cards, keywords, linker)
        if dry_run:
            store = open_store(Path(tmp))
            assert store is not None
            info = store.info
            store.close()
            return Installed(StoreInfo(target, *_fields(info)[1:]), "checked")
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        for stale in _side_files(target):  # the old store's journal must never be rolled back into the new one
            shutil.rmtree(stale) if stale.is_dir() and not stale.is_symlink() else stale.unlink()
        os.replace(tmp, target)
    except (OSError, sqlite3.Error) as exc:
        raise RulesgraphError(f"cannot install cards into {target.parent}: {getattr(exc, 'strerror', None) or exc}") from None
    finally:
        Path(tmp).unlink(missing_ok=True)
    store = open_store(target)
    assert store is not None
    store.close()
    return Installed(store.info, "replaced" if replacing else "installed")


def _fields(info: StoreInfo) -> tuple[object, ...]:
    return tuple(info)


def _outdated(path: Path | None, field: str, fingerprint: str) -> Path | None:
    """The installed store when its ``field`` (``keywords``, ``links``) was made for other rules than ``fingerprint``'s;
    ``None`` when there is nothing to redo: no store, or a damaged one (every card command says so, and
    ``update cards`` replaces it whole)."""
    target = path or store_path()
    try:
        store = open_store(target)
    except RulesgraphError:
        return None
    if store is None:
        return None
    store.close()
    return None if getattr(store.info, field) == fingerprint else target


def rejoin(keywords: KeywordList, path: Path | None = None) -> bool:
    """Join every installed card to ``keywords`` again (after the rules changed); ``False`` when nothing
    needed doing (no cards, or already joined with this list).  Written in one transaction."""
    target = _outdated(path, "keywords", keywords.fingerprint)
    if target is None:
        return False
    db = sqlite3.connect(target)
    try:
        rows = []
        for cid, name in db.execute("SELECT id, name FROM cards").fetchall():
            faces = tuple(Face(n, None, "", t, keywords=stored_words(k)) for n, t, k in
                          db.execute("SELECT name, text, keywords FROM faces WHERE card = ? ORDER BY seq", (cid,)))
            rows.extend((cid, k.name, k.relation, k.category, i) for i, k in enumerate(join_keywords(faces, [name], keywords)))
        with db:
            db.execute("DELETE FROM card_keywords")
            db.executemany("INSERT INTO card_keywords VALUES (?, ?, ?, ?, ?)", rows)
            db.execute("UPDATE meta SET value = ? WHERE key = 'keywords'", (keywords.fingerprint,))
    except _DAMAGE as exc:
        raise RulesgraphError(f"{target}: cannot update the card data's keywords ({exc}); "
                              "run 'rulesgraph update cards' to install the cards again") from None
    finally:
        db.close()
    return True


def relink(linker: RulingLinker, path: Path | None = None) -> bool:
    """Link every installed ruling to ``linker``'s rules again (after the rules changed); ``False`` when nothing needed
    doing (no cards, or already linked to these rules).  Written in one transaction."""
    target = _outdated(path, "links", linker.fingerprint)
    if target is None:
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


def problem(path: Path, keywords: KeywordList) -> str | None:
    """Why the store at ``path`` cannot be kept as it is (``None``: whole and current): it does not open, another
    schema, another keyword list, a failed integrity check, or a value of the wrong type in any column."""
    try:
        store = open_store(path)
    except RulesgraphError as exc:
        return str(exc)
    if store is None:
        return "none installed"
    try:
        if store.info.keywords != keywords.fingerprint:
            return "joined to other keywords"
        db = store._db
        if db.execute("PRAGMA quick_check").fetchone() != ("ok",):
            return "damaged pages"
        store.summaries()
        store.names()
        store.search_rulings("rulings")
        for (name,) in db.execute("SELECT name FROM cards"):
            store.card(name)
    except RulesgraphError as exc:
        return str(exc)
    except _DAMAGE as exc:
        return str(exc)
    finally:
        store.close()
    return None
