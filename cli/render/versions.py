"""What is installed and loaded, as lines and a view: the card data's line, the tournament documents' lines (which
``rulesgraph versions`` prints) and the REPL's ``:sources``.

Enters: the loaded :class:`~rulesgraph.Rulebook`, the installed card store's info, the installed tournament documents.
Leaves: plain lines and one rich renderable, every path and name shown as text."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import RenderableType

    from rulesgraph import Rulebook
    from rulesgraph.cards.store import CardStore, StoreInfo

__all__ = ["card_build", "cards_line", "sources_view", "tournament_lines"]


def card_build(info: StoreInfo) -> str:
    """Which card data it is: ``MTGJSON 5.2.0+20220425 of 2022-04-25``, or ``card data`` when the file says no build."""
    return f"MTGJSON {info.version}" + (f" of {info.date}" if info.date else "") if info.version else "card data"


def cards_line(info: StoreInfo | None) -> str:
    from rulesgraph.cards import cards_dir, store_path

    if info is None and store_path().is_file():  # there, but not opened: damaged or of an older layout
        return f"the card data in {store_path()} could not be read; 'rulesgraph update cards' installs it again"
    if info is None:
        return f"no card data installed in {cards_dir()}; 'rulesgraph update cards' installs MTGJSON's AtomicCards"
    return (f"cards: {card_build(info)}, {info.cards:,} card names, {info.faces:,} faces, {info.rulings:,} rulings "
            f"(from {info.source}, installed {info.installed}): {info.path}")


def tournament_lines(documents: list) -> list[str]:  # type: ignore[type-arg]
    """One line per tournament document: its installed versions, newest (the one answers use) first; or how to install
    them.  The REPL's ``:sources`` says them too."""
    from rulesgraph.versions.tstore import KINDS

    if not documents:
        return ["no tournament documents installed; 'rulesgraph update tournament' installs the MTR, IPG and JAR"]
    lines = []
    for kind in KINDS:
        dates = [d.date for d in documents if d.kind == kind]
        if dates:
            lines.append(f"{KINDS[kind]} ({kind.upper()}): {dates[0]} (used)" + "".join(f", {d}" for d in dates[1:]))
    return lines


_COUNTED = (("rule", "rule", "rules"), ("subrule", "subrule", "subrules"), ("paragraph", "paragraph", "paragraphs"),
            ("glossary", "glossary entry", "glossary entries"), ("faq", "FAQ entry", "FAQ entries"))
"""What ``:sources`` counts of a loaded file: its key, and the words for one and for several."""


def sources_view(book: Rulebook, cards: CardStore | None) -> RenderableType:
    """The REPL's ``:sources``: each loaded file with its format, effective date and counts, where the rules were loaded
    from, then the card data and the tournament documents as ``versions`` says them."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from rulesgraph.build import tbook

    from .core import DIM, text

    grid = Table.grid(padding=(0, 2))
    for _ in range(3):
        grid.add_column(no_wrap=True)
    grid.add_column(style=DIM)  # the counts wrap in what the name, format and date leave (at 90 columns all were cut: "secti…")
    for doc in book.qg.graph["documents"]:
        counts = ", ".join(f"{doc[k]:,} {one if doc[k] == 1 else many}" for k, one, many in _COUNTED if doc[k])
        grid.add_row(text(doc["path"], newlines=False), Text(doc["format"]), Text(doc["effective"] or ""), text(counts))
    effective = (f"Comprehensive Rules effective {book.effective}" if book.effective
                 else "no Comprehensive Rules loaded (install them: rulesgraph update)")
    where = "from the cache" if book.from_cache else "built from the sources"
    others = [cards_line(cards.info if cards is not None else None), *tournament_lines(tbook.installed())]
    return Group(grid, Text(f"{effective}; loaded {where} in {book.seconds * 1000:.0f} ms", style=DIM),
                 *(text(line, newlines=False) for line in others))
