"""The REPL's bottom toolbar: what is loaded (sources, the CR's effective date, counts) and the keys."""

from __future__ import annotations

from collections import Counter

from prompt_toolkit.formatted_text import FormattedText

from rulesgraph import Rulebook

from .safe import visible

__all__ = ["KEYS", "summary", "toolbar"]

KEYS = "Tab complete · ↑ history · Ctrl-R search · Ctrl-C clear · Ctrl-D quit · :help"


def summary(book: Rulebook) -> str:
    """``4 sources · CR 2026-06-19 · 3,225 rules · 262 keywords · 735 glossary · 83 FAQ``."""
    kinds = Counter(d["kind"] for _, d in book.graph.nodes(data=True))
    docs = book.graph.graph["documents"]
    cr = f"CR {book.effective}" if book.effective else "no CR loaded"
    rules = kinds["rule"] + kinds["subrule"] + kinds["paragraph"]
    parts = [f"{len(docs)} source{'s' * (len(docs) != 1)}", cr, f"{rules:,} rules", f"{kinds['keyword']:,} keywords",
             f"{kinds['glossary']:,} glossary", f"{kinds['faq']:,} FAQ"]
    return visible(" · ".join(parts), newlines=False)


def toolbar(book: Rulebook) -> FormattedText:
    """The toolbar as formatted text (plain strings in style tuples: nothing in it is parsed as markup)."""
    return FormattedText([("class:bottom-toolbar.text", f" {summary(book)} "), ("class:bottom-toolbar.keys", f"│ {KEYS} ")])
