"""The records read from the source files: a rules file's (:mod:`.rules`: :class:`Document`, its rules, glossary and FAQ
entries …, which the graph is built from) and a card file's (:mod:`.cards`: :class:`Card` with its faces, rulings and
keywords, :class:`CardFile`, and :class:`CardName`, the little of a card the name table reads questions against).

Why apart from :mod:`rulesgraph.model` and :mod:`rulesgraph.cards.model` (which name them, as they always did), and in
two modules: defining these frozen dataclasses costs ~0.45 ms each, and a process seldom needs both kinds.  One that
loads the rules from the cache and answers a question naming no card makes none; one answering a question naming a
card makes card records only.  Each module is imported the first time one of its records is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card, CardFile, CardKeyword, CardName, Face, NamedCard, Relation, Ruling
    from .rules import Anomaly, Document, Example, FaqEntry, GlossaryEntry, Origin, Ref, Rule, RuleLevel, Skipped

__all__ = ["Anomaly", "Card", "CardFile", "CardKeyword", "CardName", "Document", "Example", "Face", "FaqEntry", "GlossaryEntry",
           "NamedCard", "Origin", "Ref", "Relation", "Rule", "RuleLevel", "Ruling", "Skipped"]

_CARDS = frozenset({"Card", "CardFile", "CardKeyword", "CardName", "Face", "NamedCard", "Relation", "Ruling"})


def __getattr__(name: str) -> object:
    """A record, from :mod:`.cards` or :mod:`.rules`, imported the first time one of that module's is asked for."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name in _CARDS:
        from . import cards as records
    else:
        from . import rules as records
    value = globals()[name] = getattr(records, name)
    return value
