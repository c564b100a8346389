"""Find cross-references in rules text: ``See rule 509``, ``rules 601.2b and 601.2e–g``,
``section 8``, glossary ``See Active Player, Nonactive Player Order.`` and ``See also X.``

References are only *found* here; the graph resolves them and reports the ones it cannot.
"""

from __future__ import annotations

import re

from ..model import Origin, Ref
from .numbers import expand_range

__all__ = ["find_refs", "find_term_refs"]

_NUM = r"\d{3}(?:\.\d+[a-z]?)?"
_DASH = r"[\u2013-]"
_ITEM = rf"(?:{_NUM}(?:{_DASH}(?:{_NUM}|\d+|[a-z]))?(?![\w.]\w))"
_SEP = r"(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)"
_TITLE = r"(?:,?\s*[\u201c\"](?P<title>[^\u201d\"]{1,80}?)[.,]?[\u201d\"])?"
# "rule(s) 601.2b and 601.2e–g", "see 702.19": a list; bare three-digit numbers count here.
_HEADED = re.compile(
    rf"\b(?P<head>rules?|see(?:\s+also)?(?:\s+rules?)?)\s+(?P<items>{_ITEM}(?:{_SEP}{_ITEM})*){_TITLE}",
    re.IGNORECASE,
)
# "section 8, “Multiplayer Rules.”": a chapter (sections of the CR are "rule 509").
_CHAPTER = re.compile(rf"\bsections?\s+(?P<items>\d(?:{_SEP}\d)*)(?!\d|\.\d){_TITLE}", re.IGNORECASE)
# A dotted number anywhere else ("This is an exception to 613.10.").
_BARE = re.compile(rf"(?<![\w.]){_NUM}(?:{_DASH}(?:{_NUM}|\d+|[a-z]))?(?!\w)")
_DOTTED = re.compile(r"\d{3}\.\d+")
_ITEM_PARTS = re.compile(rf"(?P<start>{_NUM})(?:{_DASH}(?P<end>{_NUM}|\d+|[a-z]))?")


def _expand(item: str) -> tuple[str, ...]:
    m = _ITEM_PARTS.fullmatch(item)
    if not m:
        return (item,)
    start, end = m.group("start"), m.group("end")
    if end is None:
        return (start,)
    members = expand_range(start, end)
    return tuple(members) if members else (start, end)


def _items(text: str) -> list[str]:
    return [i for i in re.split(_SEP, text) if i]


def find_refs(text: str, origin: Origin) -> tuple[Ref, ...]:
    """Every numbered reference in ``text``, in order, ranges expanded."""
    refs: list[tuple[int, Ref]] = []
    covered: list[tuple[int, int]] = []
    for m in _HEADED.finditer(text):
        targets = tuple(t for item in _items(m.group("items")) for t in _expand(item))
        see_also = "also" in m.group("head").lower()
        refs.append((m.start(), Ref(m.group(0).strip(), targets, "rule", origin, m.group("title"), see_also)))
        covered.append(m.span())
    for m in _CHAPTER.finditer(text):
        targets = tuple(_items(m.group("items")))
        refs.append((m.start(), Ref(m.group(0).strip(), targets, "rule", origin, m.group("title"))))
        covered.append(m.span())
    for m in _BARE.finditer(text):
        if not _DOTTED.match(m.group(0)) or any(a <= m.start() < b for a, b in covered):
            continue
        refs.append((m.start(), Ref(m.group(0), _expand(m.group(0)), "rule", origin)))
    refs.sort(key=lambda pair: pair[0])
    return tuple(ref for _, ref in refs)


_SEE_TERMS = re.compile(r"\bSee (also )?(?!rules?\b|section)([A-Z\"\u201c].*?)\.(?=\s|$)")


def find_term_refs(text: str, origin: Origin) -> tuple[Ref, ...]:
    """Glossary-style references to other entries: ``See X.`` and ``See also X, Y.``

    The written list is kept whole as one target; the graph splits it at commas only
    when the whole string is not itself a term (``Active Player, Nonactive Player Order``).
    """
    out = []
    for m in _SEE_TERMS.finditer(text):
        out.append(Ref(m.group(0), (m.group(2).strip("\"\u201c\u201d "),), "term", origin, see_also=bool(m.group(1))))
    return tuple(out)
