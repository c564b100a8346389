"""The card store's links from each ruling to the CR rules it restates (table ``ruling_rules``): written when the cards
are installed (:func:`link_rows`, called by :func:`rulesgraph.cards.schema.build`) and again when new rules are
(:func:`rulesgraph.cards.install.relink`).  Which rules a ruling restates is :class:`rulesgraph.cards.rulinglinks.Linker`'s to say.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["RulingLinker", "link_rows"]


class RulingLinker(Protocol):
    """What links rulings to rules (:class:`rulesgraph.cards.rulinglinks.Linker`)."""

    @property
    def fingerprint(self) -> str: ...

    def links(self, text: str, card: str) -> tuple[tuple[str, float], ...]: ...


def link_rows(rulings: list[tuple[int, str, str]], names: dict[int, str], linker: RulingLinker) -> list[tuple[int, int, str, float]]:
    """``ruling_rules`` rows for ``rulings`` (``(card id, date, text)``, their ids 1, 2, … in this order)."""
    return [(rid, seq, rule, weight) for rid, (cid, _, text) in enumerate(rulings, 1)
            for seq, (rule, weight) in enumerate(linker.links(text, names[cid]))]
