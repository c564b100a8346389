"""The "no text lost" oracle for the fuzz tests: every non-blank line of a source must be found in
what loading it produced — a graph node (rule text, title, examples, glossary definition, FAQ
question and answer), the document's front matter or credits, or the ``check`` report (skipped
lines, anomalies with their text).

Lines are compared as sequences of word tokens, so what parsers do on purpose does not count as a
loss: splitting ``702.19b`` off its text, joining wrapped lines, dropping ``Q:``/``A:`` and forum
markup (FAQ pages), ``(Obsolete)`` (glossary), the headings that divide a CR file into its parts.
A line with no word characters must appear verbatim.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import networkx as nx

from rulesgraph.model import Document
from rulesgraph.parse.faq import strip_markup

__all__ = ["DIVISIONS", "graph_units", "report_units", "tokens", "unaccounted"]

DIVISIONS = frozenset({"Contents", "Glossary", "Credits"})
"""The headings that divide a Comprehensive Rules file into its parts: structure, not text."""

_TOKEN = re.compile(r"\w+")


def tokens(text: str) -> str:
    """The word tokens of ``text``, space-separated and padded: ``" 702 19b The controller "``."""
    return " " + " ".join(_TOKEN.findall(text)) + " "


WINDOW = 200
"""A line must be found in a unit that starts at most this many lines above it (a rule with its examples,
a glossary entry, a FAQ entry is much shorter): a short line cannot hide behind the same words elsewhere."""

Unit = tuple[int, str]
"""``(first line, text)``; line 0 for text kept without a line number (front matter, credits)."""


def graph_units(g: nx.MultiDiGraph) -> list[Unit]:
    """Every text a node keeps, each with the name it was written under and the line it starts on."""
    units: list[Unit] = []
    for _, d in g.nodes(data=True):
        kind, line = d["kind"], d.get("line") or 0
        if kind == "faq":
            units.append((line, f"Q {d['question']} A {d['answer']}"))
            continue
        if kind == "glossary":
            units.append((line, f"{d['label']}{' Obsolete' if d.get('obsolete') else ''} {d['text']}"))
            continue
        name = d.get("number") or ""
        units.append((line, f"{name} {d.get('text') or ''}"))
        if d.get("title"):
            units.append((line, f"{name} {d['title']}"))
        units.extend((line, example) for example in d.get("examples") or ())
    return units


def report_units(g: nx.MultiDiGraph) -> list[Unit]:
    """What the ``check`` report keeps of a graph's documents: skipped lines, and anomalies with their text."""
    units: list[Unit] = []
    for doc in g.graph["documents"]:
        units += [(s["origin"]["line"], s["text"]) for s in doc["skipped"]]
        units += [(a["origin"]["line"], a.get("text") or a["message"]) for a in doc["anomalies"]]
    units += [(a["line"], a.get("text") or a["message"]) for a in g.graph["link_anomalies"]]
    return units


def unaccounted(lines: Sequence[str], documents: Iterable[Document], g: nx.MultiDiGraph) -> list[tuple[int, str]]:
    """``(line number, line)`` of every non-blank line found in no unit starting at or up to :data:`WINDOW`
    lines above it (nor in the front matter or credits)."""
    docs = list(documents)
    units = graph_units(g) + report_units(g)
    for doc in docs:
        units += [(0, text) for text in (*doc.front, *doc.credits)]
    cr = any(doc.format == "cr" for doc in docs)
    faq = any(doc.format in ("faq", "excerpt") for doc in docs)
    starts: dict[int, list[tuple[str, str]]] = {}
    for line, text in units:
        starts.setdefault(line, []).append((tokens(text), " ".join(text.split())))
    unplaced = starts.pop(0, [])
    missing = []
    for number, line in enumerate(lines, start=1):
        if not line.strip() or (cr and line.strip() in DIVISIONS):
            continue
        near = unplaced + [u for start in range(max(number - WINDOW, 1), number + 1) for u in starts.get(start, ())]
        forms = (line, strip_markup(line)) if faq else (line,)
        if not any(_found(form, near) for form in forms):
            missing.append((number, line))
    return missing


def _found(line: str, units: list[tuple[str, str]]) -> bool:
    words = tokens(line)
    if words.strip():
        return any(words in unit_words for unit_words, _ in units)
    raw = " ".join(line.split())
    return any(raw in unit_raw for _, unit_raw in units)
