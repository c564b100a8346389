"""The banned and restricted lists of the installed Magic Tournament Rules, for a legality question the card data is older
than: "is Fury banned in Modern?" — the card data of 2022 says legal, the MTR of 2026 lists it banned.

The MTR's format sections say "The following cards are banned in Modern tournaments:" and list the cards, one bullet
each (``• Fury``); the restricted list of Vintage alike.  Read from the newest installed MTR (parsed once per process, as
:func:`rulesgraph.build.tbook.load` reads it), only when it is newer than the card data: the newer of the two says what
is banned today.  A list that bans by category ("All cards with the card type “Conspiracy”", Vintage's and Legacy's)
says of a card it does not name only that it is not named: such a card keeps the card data's standing there.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from ...cards.names import normalize
from ...common.lazyre import lazy

if TYPE_CHECKING:
    from ...parse.tdoc import TDocument, TSection

__all__ = ["Listed", "mtr_listed"]

_LIST = lazy(r"The following cards are (banned|restricted) in (.+?) tournaments:", re.IGNORECASE)


class Listed(NamedTuple):
    """What the MTR says of one card in one format: ``Banned``, ``Restricted`` or ``None`` (on neither list), where, and
    the words of the list that say it (``The following cards are banned in Modern tournaments: … • Fury …``)."""

    status: str | None
    section: TSection
    doc: TDocument
    said: str = ""


_Lists = dict[str, dict[str, tuple["TSection", frozenset[str], str]]]


def _lists(doc: TDocument) -> _Lists:
    """Format (MTGJSON's key: ``modern``) → status (``Banned``, ``Restricted``) → (its section, the names it lists, the
    sentence opening the list)."""
    out: _Lists = {}
    for section in doc.sections:
        found = list(_LIST.finditer(section.text))
        for at, m in enumerate(found):
            end = found[at + 1].start() if at + 1 < len(found) else len(section.text)
            names = frozenset(normalize(line.strip().lstrip("•")) for line in section.text[m.end():end].splitlines()
                              if line.strip().startswith("•"))
            fmt = "".join(m.group(2).casefold().split())
            out.setdefault(fmt, {})[m.group(1).capitalize()] = (section, names, " ".join(m.group(0).split()))
    return out


_READ: dict[str, _Lists] = {}


def mtr_listed(name: str, fmt: str, data_date: str | None) -> Listed | None:
    """Where the newest installed MTR puts card ``name`` in format ``fmt`` (an MTGJSON key), when that MTR is newer than
    the card data (``data_date``, ISO) and has a banned list for the format; ``None`` otherwise."""
    from ...build.tbook import load

    doc = next((d for d in load() if d.kind == "mtr"), None)
    if doc is None or not doc.effective or (data_date is not None and doc.effective <= data_date):
        return None
    if doc.sha256 not in _READ:
        _READ.clear()
        _READ[doc.sha256] = _lists(doc)
    lists = _READ[doc.sha256].get(fmt)
    if not lists or "Banned" not in lists:
        return None
    key = normalize(name)
    for status in ("Banned", "Restricted"):
        if status in lists and key in lists[status][1]:
            section, _, opening = lists[status]
            return Listed(status, section, doc, f"{opening} … • {name} …")
    if any(n.startswith("all cards") for _, names, _ in lists.values() for n in names):
        return None  # "All cards with the card type “Conspiracy”": a card on no list by name may still be banned
    section, _, opening = lists["Banned"]
    return Listed(None, section, doc, f"{opening} …")
