"""Stage 4, cards: read MTGJSON card files, keep them in a store built once at install time, join each card to the
rules graph's keywords and each ruling to the rules it restates, and find cards by forgiving names.

Enters: an AtomicCards ``.json.xz`` file or address, and the loaded :class:`~rulesgraph.build.corpus.Rulebook` (its
keywords and rules).  Leaves: the card store (:func:`store_path`) and its name table, read through
:class:`~rulesgraph.cards.store.CardStore`, and a card joined to the rules (:mod:`~rulesgraph.cards.view`) for the
question, answer and export stages and the front end."""

from __future__ import annotations

from pathlib import Path

__all__ = ["DEFAULT_URL", "URL_ENV", "cards_dir", "store_path"]

DEFAULT_URL = "https://mtgjson.com/api/v5/AtomicCards.json.xz"
"""MTGJSON's every-card file, xz-compressed; its checksum is published beside it (``….xz.sha256``)."""
URL_ENV = "RULESGRAPH_CARDS_URL"
"""The environment variable that overrides the download address (the config file's ``cards_url`` does too)."""


def cards_dir() -> Path:
    from ..common.paths import data_dir

    return data_dir() / "cards"


def store_path() -> Path:
    """``<data dir>/cards/cards.sqlite`` (here, not in :mod:`.store`: whether cards are installed is asked at every
    start, and importing the store costs ~10 ms)."""
    return cards_dir() / "cards.sqlite"
