"""The REPL's bottom toolbar: what is loaded (sources, the CR's effective date, counts) and the keys,
shortened to fit the terminal's width."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from prompt_toolkit.application import get_app_or_none
from prompt_toolkit.formatted_text import FormattedText

from rulesgraph import Rulebook

from ..safe import visible

__all__ = ["KEYS", "fit", "summary", "toolbar"]

KEYS = "Tab complete · ^R search · ^C clear · ^D quit"


def summary(book: Rulebook, *, counts: bool = True) -> str:
    """``5 sources · CR 2026-06-19 · 3,304 rules · 262 keywords · 735 glossary · 83 FAQ``."""
    docs = book.qg.graph["documents"]
    parts = [f"{len(docs)} source{'s' * (len(docs) != 1)}", f"CR {book.effective}" if book.effective else "no CR loaded"]
    if counts:
        kinds = Counter(book.qg.kind)
        rules = kinds["rule"] + kinds["subrule"] + kinds["paragraph"]
        parts += [f"{rules:,} rules", f"{kinds['keyword']:,} keywords", f"{kinds['glossary']:,} glossary", f"{kinds['faq']:,} FAQ"]
    return visible(" · ".join(parts), newlines=False)


def fit(long: str, short: str, width: int, topic: str = "") -> FormattedText:
    """The toolbar for ``width`` columns: the conversation's topic (when there is one), then everything,
    or the short summary, or only the keys."""
    lead = [("class:bottom-toolbar.topic", f" topic: {topic} │")] if topic else []
    room = width - (len(lead[0][1]) if lead else 0)
    for text in (long, short):
        line = f" {text} │ {KEYS} "
        if len(line) <= room:
            return FormattedText([*lead, ("class:bottom-toolbar.text", f" {text} "), ("class:bottom-toolbar.keys", f"│ {KEYS} ")])
    keys = f" {KEYS} "
    if lead and len(lead[0][1]) + len(keys) > width:  # the keys whole, "^D quit" last: the topic shortened to leave them room
        left = width - len(keys) - len(" topic:  │") - 1
        lead = [("class:bottom-toolbar.topic", f" topic: {topic[:left]}… │")] if left >= 8 else []
    return FormattedText([*lead, ("class:bottom-toolbar.keys", keys)])


def toolbar(book: Rulebook, topic: Callable[[], list[str]] | None = None) -> Callable[[], FormattedText]:
    """The toolbar as a function of the terminal's current width and the conversation's topic
    (plain strings in style tuples: nothing is markup)."""
    long, short = summary(book), summary(book, counts=False)

    def current() -> FormattedText:
        app = get_app_or_none()
        width = app.output.get_size().columns if app is not None else 200
        carried = visible(", ".join(topic()[:3]), newlines=False) if topic else ""
        return fit(long, short, width, carried)

    return current
