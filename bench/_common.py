"""Helpers shared by the benchmark scripts: locating the full CR and the card data, timing, tables."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulesgraph import Rulebook
    from rulesgraph.question.namedcards import CardDeck

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CR = ROOT.parent / "shared" / "data" / "cr" / "MagicCompRules-20260619.txt"
DEFAULT_CARDS = ROOT.parent / "shared" / "data" / "cards" / "AtomicCards-20220425.json.xz"
"""The stand-in card data (MTGJSON AtomicCards of 2022-04-25)."""


def cr_path(given: str | None) -> Path:
    path = Path(given) if given else DEFAULT_CR
    if not path.is_file():
        sys.exit(f"bench: {path} not found; pass --cr PATH to a Comprehensive Rules text file")
    return path


def rules_book(cr: Path) -> Rulebook:
    """The bundled seeds and the CR file ``cr``, loaded as every benchmark reads them (through the cache)."""
    from rulesgraph import SourceSpec, bundled_sources, load

    return load([*bundled_sources(), SourceSpec(str(cr), None, cr.name)])


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def median(values: list[float]) -> float:
    return statistics.median(values)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def table(rows: list[tuple[str, ...]], header: tuple[str, ...]) -> str:
    """A Markdown table (pastes into README as is)."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = lambda r: "| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)) + " |"
    return "\n".join([line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *map(line, rows)])


def with_cards(book: Rulebook, cards_file: Path) -> tuple[CardDeck, str, tempfile.TemporaryDirectory[str] | None]:
    """The installed card data joined to ``book``; when none is installed, ``cards_file`` installed into a temporary
    data directory (removed at the end of the run).  Also one line saying which, and the directory to clean up."""
    from rulesgraph.question.namedcards import open_deck

    deck, notices = open_deck(book)
    if deck is not None:
        info = deck.store.info
        return deck, f"card data: the installed cards ({info.cards:,} cards, MTGJSON {info.version or '?'}, {info.path})", None
    from rulesgraph.cards.install import install
    from rulesgraph.cards.read import read_card_file
    from rulesgraph.cards.view import keyword_list

    if not cards_file.is_file():
        sys.exit(f"bench: no card data installed and {cards_file} not found; pass --cards PATH to an MTGJSON AtomicCards file")
    tmp = tempfile.TemporaryDirectory(prefix="rulesgraph-bench-")
    os.environ["RULESGRAPH_DATA_DIR"] = tmp.name
    start = time.perf_counter()
    from rulesgraph.cards.rulinglinks import Linker

    install(read_card_file(cards_file), keyword_list(book), linker=Linker(book))
    deck, notices = open_deck(book)
    if deck is None:
        sys.exit(f"bench: the cards of {cards_file} could not be opened: {'; '.join(notices)}")
    said = (f"card data: none installed, so {cards_file.name} ({deck.store.info.cards:,} cards) was installed into a temporary "
            f"data directory for this run ({time.perf_counter() - start:.0f} s, name table included)")
    return deck, said, tmp


def card_options(ap: argparse.ArgumentParser) -> None:
    """``--cr`` and ``--cards``, as every benchmark that answers with the card data takes them."""
    ap.add_argument("--cr", help="Comprehensive Rules file (default: the 2026-06-19 file in ../shared)")
    ap.add_argument("--cards", type=Path, default=DEFAULT_CARDS, help="MTGJSON AtomicCards file installed when no card data is")


def rules_and_cards(args: argparse.Namespace) -> tuple[Path, Rulebook, CardDeck, str, tempfile.TemporaryDirectory[str] | None]:
    """The CR file of ``--cr``, the rules loaded with it, and the card data of :func:`with_cards` (``--cards``)."""
    cr = cr_path(args.cr)
    book = rules_book(cr)
    return (cr, book, *with_cards(book, args.cards))
