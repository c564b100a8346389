"""What the card data says about playing a card in a format: its legality per format, the formats it can be a commander
in, its color identity — and the Comprehensive Rules that define those words, found by the words of the rules.

The facts are MTGJSON's (``legalities``, ``leadershipSkills``, ``colorIdentity``, kept by the card store); a format the
data names for some cards but leaves out of a card's legalities is one that card is not legal in.  Ban lists change, so
every statement carries the card data's date.  The rules that define the terms (a commander, color identity, the
tournament rules that limit cards) are found from the loaded CR's glossary entry for the term and the rule under it
whose words say the fact best, never by a number written here, so a renumbered CR is still cited right.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from ..build.index import doc_terms
from ..common.ids import glossary_id
from ..common.lazyre import lazy
from ..parse.numbers import sort_key

if TYPE_CHECKING:
    from ..build.corpus import Rulebook
    from .model import Card

__all__ = ["COLORS", "FORMAT_NAMES", "FUTURE", "Standing", "about_bans_to_come", "by_status", "colors_said", "defining_rule", "format_name",
           "is_background", "is_doctor", "leads", "partner_abilities", "standing"]

FUTURE = lazy(r"\b(?:will|going to|gonna|get(?:ting)? banned|next|predict\w*|expect\w*|rumou?r\w*|should (?:be|get)|"
                     r"why (?:was|is|were|did)|when (?:was|is|will|did))\b", re.IGNORECASE)
"""Words of a question about bans to come or the reasons for a ban: news and opinion, not the card data."""
_BAN_WORD = lazy(r"\b(?:un)?bann?(?:ed|ing|s)?\b|\bban ?list\b|\bb ?& ?r\b", re.IGNORECASE)


def about_bans_to_come(question: str) -> bool:
    """Whether ``question`` asks about bans to come or the reasons for one ("will Sol Ring get banned in Commander?",
    "what's getting banned next in Modern?"): news and opinion, which neither the card data nor the tournament
    documents answer (they list today's bans)."""
    return bool(_BAN_WORD.search(question) and FUTURE.search(question))


FORMAT_NAMES = {
    "standard": "Standard", "pioneer": "Pioneer", "modern": "Modern", "legacy": "Legacy", "vintage": "Vintage", "pauper": "Pauper",
    "commander": "Commander", "duel": "Duel Commander", "paupercommander": "Pauper Commander", "brawl": "Brawl",
    "historicbrawl": "Historic Brawl", "standardbrawl": "Standard Brawl", "historic": "Historic", "explorer": "Explorer",
    "alchemy": "Alchemy", "timeless": "Timeless", "gladiator": "Gladiator", "penny": "Penny Dreadful", "premodern": "Premodern",
    "oldschool": "Old School", "future": "Future Standard", "oathbreaker": "Oathbreaker", "predh": "PreDH",
}
"""MTGJSON's format keys as players write the formats' names."""
COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
"""Color letters as the card data writes them, in the order cards print them."""


def format_name(key: str) -> str:
    return FORMAT_NAMES.get(key, key.title())


def colors_said(letters: tuple[str, ...] | frozenset[str]) -> str:
    """``("G", "W")`` → ``white and green``; none → ``colorless``."""
    names = [COLORS[c] for c in COLORS if c in letters]
    if not names:
        return "colorless"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class Standing(NamedTuple):
    """A card in one format, as the card data says."""

    format: str
    status: str
    """``Legal``, ``Banned``, ``Restricted``, ``Not legal`` (the data names the format, not for this card), ``Unlisted``
    (the data names no legality in any format for this card: newer than the data's lists, or a card no format admits) or
    ``Unknown`` (the data names no legality in that format for any card)."""
    leads: bool
    """The data says it can be a commander in that format (``leadershipSkills``)."""


def standing(card: Card, fmt: str, formats: tuple[str, ...]) -> Standing:
    """``card``'s standing in ``fmt`` (an MTGJSON format key); ``formats``: every format the installed data names."""
    status = dict(card.legalities).get(fmt)
    if status is None:
        status = ("Not legal" if card.legalities else "Unlisted") if fmt in formats else "Unknown"
    return Standing(fmt, status, fmt in card.leadership)


def by_status(card: Card, formats: tuple[str, ...]) -> dict[str, list[str]]:
    """The formats of the data grouped by the card's status there (``Legal``, ``Banned``, ``Restricted``, ``Not legal``,
    ``Unlisted``),
    each list in the order of :data:`FORMAT_NAMES`."""
    order = {k: i for i, k in enumerate(FORMAT_NAMES)}
    out: dict[str, list[str]] = {}
    for fmt in sorted(formats, key=lambda f: (order.get(f, len(order)), f)):
        out.setdefault(standing(card, fmt, formats).status, []).append(fmt)
    return out


_LEADS = {"Banned": "could lead a deck in {}, but is banned there", "Not legal": "could lead a deck in {}, but is not legal there",
          "Unlisted": "could lead a deck in {} (the data lists no legality for it)"}
"""How a card that can lead a deck in a format (its leadership skill) is said there when it may not be played there."""


def leads(card: Card, groups: dict[str, list[str]]) -> list[str]:
    """What a card's leadership says, format by format, beside its standing (``groups``: :func:`by_status`'s): "can be
    your commander in Commander", or, banned or not legal there, that it could lead a deck there but is not allowed
    (`card golos` said "banned in Commander" and "can be your commander in Commander"; ``ask`` answers "No")."""
    status = {f: s for s, fmts in groups.items() for f in fmts}
    can = [f for f in card.leadership if status.get(f, "Legal") in ("Legal", "Restricted")]
    said = [f"can be your commander in {', '.join(format_name(f) for f in can)}"] if can else []
    for kind, line in _LEADS.items():
        if not_allowed := [f for f in card.leadership if status.get(f) == kind]:
            said.append(line.format(", ".join(format_name(f) for f in not_allowed)))
    return said


def defining_rule(book: Rulebook, term: str, said: str) -> str | None:
    """The CR rule that says ``said`` best among those the glossary entry ``term`` cites and the rules under them
    (``Commander`` cites 903; "a card can be included in a deck only if every color in its color identity" is 903.5c):
    the most of ``said``'s words, a rule before a subrule and the earlier on a tie.  ``None`` when the loaded rules have no such
    entry.  Once per graph, term and words."""
    g = book.qg
    key = ("defining rule", term, said)
    if key not in g.memo:
        node = glossary_id(term)
        if node not in g:  # an entry naming its variants too: "Partner, “Partner—[text],” “Partner with [name]”"
            node = next((n for n in g.nodes if n.startswith(f"{node},")), node)
        found = None
        if node in g:
            roots = [t for t in g.targets(node, "cites") if g.nodes[t].get("numbering") == "cr"]
            seen: list[str] = []
            todo = sorted(dict.fromkeys(roots), key=sort_key)
            while todo and len(seen) < 400:
                n = todo.pop(0)
                if n in seen:
                    continue
                seen.append(n)
                todo.extend(t for t in g.targets(n, "contains") if g.nodes[t].get("numbering") == "cr")
            want = set(doc_terms(said))
            best: tuple[int, bool, tuple[object, ...], str] | None = None
            for n in seen:
                have = doc_terms(str(g.nodes[n].get("text") or ""))
                shared = len(want & set(have))
                if not shared:
                    continue
                rank = (-shared, n[-1:].isalpha(), sort_key(n), n)
                if best is None or rank < best:
                    best = rank
            found = best[3] if best is not None else (roots[0] if roots else None)
        g.memo[key] = found
    return g.memo[key]


_PARTNER = lazy(r"^(?:partner with ([^(\n]+?)|partner(?:\s*[—–-]\s*([^(\n]+?))?|(friends forever)|(choose a background)|"
                r"(doctor['’]s companion))\s*(?:\(.*)?$", re.IGNORECASE | re.MULTILINE)
"""A partner ability as Oracle text prints it, one line: "Partner", "Partner with NAME", "Partner—Friends forever" (the older
printing "Friends forever"), "Choose a Background", "Doctor's companion" — each with its reminder text, if any."""


def partner_abilities(card: Card) -> list[tuple[str, str]]:
    """The partner abilities of ``card`` (CR 702.124), each as ``(kind, name)``: ``("partner", "")``, ``("partner—friends
    forever", "")``, ``("partner with", "Pir, Imaginative Rascal")``, ``("choose a background", "")``, ``("doctor's companion", "")``."""
    out: list[tuple[str, str]] = []
    for face in card.faces:
        for m in _PARTNER.finditer(face.text):
            if m.group(1):
                out.append(("partner with", m.group(1).strip()))
            elif m.group(3):
                out.append(("partner—friends forever", ""))
            elif m.group(4) or m.group(5):
                out.append(((m.group(4) or m.group(5)).lower().replace("’", "'"), ""))
            else:
                out.append(("partner" + (f"—{m.group(2).strip().lower()}" if m.group(2) else ""), ""))
    return out


def is_background(card: Card) -> bool:
    """A legendary Background enchantment card: the other half of "Choose a Background" (CR 702.124k)."""
    return any("Legendary" in f.supertypes and "Enchantment" in f.types and "Background" in f.subtypes for f in card.faces)


def is_doctor(card: Card) -> bool:
    """A legendary Time Lord Doctor creature card with no other creature types: the other half of "Doctor's companion"."""
    return any("Legendary" in f.supertypes and "Creature" in f.types and set(f.subtypes) == {"Time Lord", "Doctor"}
               for f in card.faces)
