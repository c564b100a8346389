"""Rule 35, a loyalty ability said by its symbol: "can I +1 and then -2 the same planeswalker in one turn?" and "can I
activate my planeswalker's abilities on my opponent's turn?" ask about loyalty abilities without naming them.  The
rules say how: 107.7, "Each activated ability of a planeswalker has a loyalty symbol in its cost. Positive loyalty
symbols … feature a plus sign followed by a number"; the glossary defines the term by that symbol ("Loyalty Ability:
An activated ability with a loyalty symbol in its cost. See rule 606").  So a sign followed by a number said of that
type (a question naming the type, or a named card whose costs have that symbol), or that type's abilities, names the
term as surely as its name would: its rules are raised as rule 4 raises a named glossary term's.
A step run before the priors (beside rule 4).
"""

from __future__ import annotations

import re

from ..analyze import Match
from ..index import Index, doc_terms
from ..pipeline import Query
from ..qgraph import QGraph
from ..relevance import text_relevance
from .named import raise_term
from .states import MINUS

__all__ = ["WEIGHTS", "loyalty_said", "symbols"]

WEIGHTS = {
    "loyalty_words": 0.4,  # rule 35: the term's words as a second, weaker query (an alias's words weigh 0.4, EXPANSION)
}
_OF_TYPE = re.compile(r"Each activated ability of an? (\w+) has an? (\w+) symbol in its cost")
"""107.7: "Each activated ability of a planeswalker has a loyalty symbol in its cost"."""
_SAID = re.compile(rf"(?<![\w/+{MINUS}])[+{MINUS}](\d+|X)\b(?!/|\s*counter)", re.IGNORECASE)
"""A symbol as a question says it: "+1", "her -3", "Ugin's −X" — not a power/toughness change ("+2/+2") or a counter
("a +1/+1 counter", "-1 counter")."""
_ABILITIES = frozenset(("ability", "abilities"))
"""What 107.7 calls them ("Each activated ability of a planeswalker")."""
_COST = re.compile(rf"^\[?[+{MINUS}](\d+|X)\]?:", re.MULTILINE)
"""A card's ability opening with such a symbol as its cost: "[+1]: Each player discards a card."."""


def symbols(g: QGraph, index: Index) -> tuple[str, str, str] | None:
    """``(type, symbol, glossary entry)``: the type whose activated abilities have a symbol in their cost and the term the
    glossary defines by it (``("planeswalker", "loyalty", "glossary:Loyalty Ability")``), read once per graph from the
    documents the index has for "symbol"."""
    if "symbols" not in g.memo:
        found = None
        said = index.saying("symbol")
        for i in said:
            if g.kind[i] == "rule" and " symbol in its cost " in g.word_line(i) and g.attrs[i].get("numbering") == "cr":
                m = _OF_TYPE.search(g.attrs[i].get("text") or "")
                if m:
                    kind, symbol = m.group(1).lower(), m.group(2).lower()
                    entry = next((g.ids[j] for j in said if g.kind[j] == "glossary"
                                  and f"with a {symbol} symbol in its cost" in (g.attrs[j].get("text") or "")), None)
                    found = (kind, symbol, entry) if entry else None
                    break
        g.memo["symbols"] = found
    return g.memo["symbols"]


def _said_of(q: Query, kind: str) -> str | None:
    """What of the question says a loyalty ability: the type's abilities ("planeswalker ability", "planeswalkers
    abilities": 107.7's "activated ability of a planeswalker"), or a symbol said of the type (a question naming the
    type, or a named card with that symbol as a cost)."""
    a = q.a
    words = list(a.words)
    for j, word in enumerate(words):
        if word.startswith(kind) and not _ABILITIES.isdisjoint(words[j + 1 : j + 3]):
            return f"{kind} abilities"
    said = {m.group(1).upper() for m in _SAID.finditer(a.question)}
    if not said:
        return None
    if any(w.startswith(kind) for w in words):
        return f"a {kind}'s symbol"
    for card in a.cards:
        if said & {m.group(1).upper() for m in _COST.finditer(card.text)}:
            return f"{card.key}'s symbol"
    return None


def loyalty_said(q: Query) -> None:
    """Rule 35: a loyalty symbol said of a planeswalker ("+1", "her -2" of a card with "[−2]:"), or a planeswalker's
    abilities, name the glossary term Loyalty Ability (read from 107.7 and the glossary, :func:`symbols`): its words
    are a second, weaker query (as an alias's words are) and the rules it cites (606) are raised as rule 4 raises a
    named term's.  A question naming the term itself has rule 4's raise already; either way rule 34 counts it as
    something a player does with priority (an ability activated)."""
    a = q.a
    if _ABILITIES.isdisjoint(a.words) and not _SAID.search(a.question):
        return  # most questions: neither a symbol nor abilities, and the rules are not read
    found = symbols(q.g, q.index)
    if found is None:
        return
    kind, _, entry = found
    if any(m.node == entry for m in a.matches):
        q.memo["loyalty said"] = entry
        return
    said = _said_of(q, kind)
    if said is None:
        return
    q.memo["loyalty said"] = said
    label = q.g.nodes[entry]["label"]
    text = q.text
    for node, rel in text_relevance(q.index, [(t, 1.0) for t in doc_terms(label)]).items():
        text[node] = text.get(node, 0.0) + q.w["loyalty_words"] * rel
    raise_term(q, Match(entry, "glossary", said, 1.0, f"‘{said}’ says a {label.lower()}"))
