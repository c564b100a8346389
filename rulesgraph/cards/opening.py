"""Opening the card store and reading it safely: what a killed writer, a damaged disk or a hand-edited file can leave
must cost one line naming ``rulesgraph update cards``, never a traceback, and ``update cards`` must mend it.

* A rollback journal beside the store (a writer killed inside a transaction, a power cut) makes every read-only
  open fail with "attempt to write a readonly database": :func:`recover` lets SQLite roll it back first.
* Every SQLite, JSON and type error of a read (damaged pages, a dropped table, a keyword column that is not JSON, a
  BLOB or NULL text, a rank that is text) is :func:`damaged`: the store's methods are :func:`guarded`, and the rows
  they read are :func:`typed`.
* :func:`problem` says why a store cannot be kept as it is, so that installing the same file again replaces it.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..errors import CardDataError

__all__ = ["DAMAGE", "connect_ro", "damaged", "guarded", "recover", "side_files", "typed"]

_KINDS: dict[str, tuple[type, ...]] = {"s": (str,), "S": (str, type(None)), "i": (int,), "f": (float, int)}


def typed(rows: Iterable[tuple[Any, ...]], kinds: str) -> Iterator[tuple[Any, ...]]:
    """``rows`` as they are, each value checked against ``kinds`` (``s`` text, ``S`` text or NULL, ``i`` integer,
    ``f`` number): a store changed by hand (a BLOB or NULL name, a rank that is text) is damaged, said in one line,
    not a ``TypeError`` far from here."""
    wanted = [_KINDS[k] for k in kinds]
    rows = rows if isinstance(rows, list) else list(rows)
    if _plainly(rows, kinds):  # every value of its column's exact type, checked a column at a time at C speed
        yield from rows
        return
    for row in rows:  # some value is not: the first row that is wrong says what (a subclass of a type passes here)
        if len(row) != len(wanted) or not all(isinstance(v, w) and not isinstance(v, bool) for v, w in zip(row, wanted, strict=True)):
            raise TypeError(f"a value of the wrong type ({', '.join(type(v).__name__ for v in row)}; expected {kinds})")
        yield row


_EXACT: dict[str, frozenset[type]] = {"s": frozenset((str,)), "S": frozenset((str, type(None))), "i": frozenset((int,)),
                                      "f": frozenset((float, int))}


def _plainly(rows: list[tuple[Any, ...]], kinds: str) -> bool:
    """Every row of ``rows`` as long as ``kinds`` and each value of exactly a type its kind allows (a bool is not an
    int: its type is bool): what :func:`typed` checks row by row, checked a column at a time.  (A name index reads
    25,000 rows; row by row took a quarter of its time.)  A few rows (a card's faces, rulings, keywords: most reads of a
    question's cards) are checked value by value, without the columns' sets (~4 times faster there)."""
    if not rows:
        return True
    if len(rows) <= _FEW:
        exact = _ROWS.get(kinds)
        if exact is None:
            exact = _ROWS[kinds] = tuple(_EXACT[k] for k in kinds)
        width = len(exact)
        for row in rows:
            if len(row) != width:
                return False
            for value, allowed in zip(row, exact):  # noqa: B905 - the lengths were just compared
                if type(value) not in allowed:
                    return False
        return True
    if set(map(len, rows)) != {len(kinds)}:
        return False
    return all(set(map(type, column)) <= _EXACT[k] for column, k in zip(zip(*rows, strict=True), kinds, strict=True))


_FEW = 4
_ROWS: dict[str, tuple[frozenset[type], ...]] = {}
"""Each row shape's allowed types, column by column (:func:`_plainly`)."""


DAMAGE = (sqlite3.Error, ValueError, TypeError, KeyError, IndexError, OverflowError, RecursionError, MemoryError)
"""What reading a damaged or tampered store raises: damaged pages (``DatabaseError``), a dropped table
(``OperationalError``), a column that is not JSON (``JSONDecodeError``), a value of the wrong type."""


def damaged(path: Path, exc: BaseException) -> CardDataError:
    """The one line for a card store that cannot be read."""
    reason = " ".join(str(exc).split())[:160] or exc.__class__.__name__
    return CardDataError(f"{path}: the card data is damaged or not a card store ({reason}); "
                           "run 'rulesgraph update cards' to install the cards again")


_R = TypeVar("_R")


class _Stored(Protocol):
    """What :func:`guarded` reads of the store whose method it guards (:class:`rulesgraph.cards.store.CardStore`)."""

    path: Path


def guarded(method: Callable[..., _R]) -> Callable[..., _R]:
    """A :class:`CardStore` method whose every SQLite, JSON or type error is :func:`damaged`."""

    @functools.wraps(method)
    def read(self: _Stored, *args: Any, **kwargs: Any) -> _R:
        try:
            return method(self, *args, **kwargs)
        except DAMAGE as exc:
            raise damaged(self.path, exc) from None

    return read


def connect_ro(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
    db.execute("PRAGMA cache_size = -256")
    return db


SIDE_FILES = ("-journal", "-wal", "-shm")
"""SQLite's files beside a database: a rollback journal left by a writer killed inside a transaction (``rejoin``)
makes every read-only open fail with "attempt to write a readonly database" until it is rolled back."""


def side_files(path: Path) -> list[Path]:
    return [p for suffix in SIDE_FILES if (p := path.with_name(path.name + suffix)).exists()]


def recover(path: Path) -> None:
    """Roll back what a killed writer left: opened for writing, SQLite replays a hot journal into the store (and
    removes it) before the first read.  Raises what SQLite raises (a read-only directory, say)."""
    db = sqlite3.connect(path, timeout=5)
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    finally:
        db.close()
