"""Find cross-references in rules text: ``See rule 509``, ``rules 601.2b and 601.2e–g``,
``section 8``, glossary ``See Active Player, Nonactive Player Order.`` and ``See also X.``

References are only *found* here; the graph resolves them and reports the ones it cannot.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate

from ..model import Origin, Ref
from .numbers import range_bounds

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
    """A written item as targets: ``601.2e–g`` → ``("601.2e–601.2g",)``, a range the graph expands to the
    numbers present (see :func:`~rulesgraph.build.link.link_documents`); two ends that make no range stay two targets."""
    m = _ITEM_PARTS.fullmatch(item)
    if not m:
        return (item,)
    start, end = m.group("start"), m.group("end")
    if end is None:
        return (start,)
    bounds = range_bounds(start, end)
    return (f"{bounds[0]}\u2013{bounds[1]}",) if bounds else (start, end)


def _items(text: str) -> list[str]:
    return [i for i in re.split(_SEP, text) if i]


class _Spans:
    """Text spans already read as references; ``covers(p)`` in O(log n) (a list scan per number was quadratic)."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        spans.sort()
        self.starts = [a for a, _ in spans]
        self.reach = list(accumulate((b for _, b in spans), max))

    def covers(self, at: int) -> bool:
        i = bisect_right(self.starts, at) - 1
        return i >= 0 and self.reach[i] > at


def find_refs(text: str, origin: Origin) -> tuple[Ref, ...]:
    """Every numbered reference in ``text``, in order (ranges as their two ends, see :func:`_expand`)."""
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
    spans = _Spans(covered)
    for m in _BARE.finditer(text):
        if not _DOTTED.match(m.group(0)) or spans.covers(m.start()):
            continue
        refs.append((m.start(), Ref(m.group(0), _expand(m.group(0)), "rule", origin)))
    refs.sort(key=lambda pair: pair[0])
    return tuple(ref for _, ref in refs)


# "See X." / "See also X, Y.": the term list runs to the first period followed by a space or the end, on its line.
_SEE_START = re.compile(r"\bSee (also )?(?!rules?\b|section)(?=[A-Z\"\u201c])")
_SEE_STOP = re.compile(r"\.(?=\s|$)")


def find_term_refs(text: str, origin: Origin) -> tuple[Ref, ...]:
    """Glossary-style references to other entries: ``See X.`` and ``See also X, Y.``

    The written list is kept whole as one target; the graph splits it at commas only
    when the whole string is not itself a term (``Active Player, Nonactive Player Order``).
    Each ``See`` finds its period by bisection, so a line of ``See`` with no period is read once,
    not once per ``See`` (a lazy ``.*?`` was quadratic).
    """
    stops = [m.start() for m in _SEE_STOP.finditer(text)]
    newlines = [i for i, ch in enumerate(text) if ch == "\n"]
    out = []
    pos = 0
    while (m := _SEE_START.search(text, pos)) is not None:
        at = bisect_right(stops, m.end())  # the first period after the term's first character
        nl = bisect_right(newlines, m.end() - 1)
        line_end = newlines[nl] if nl < len(newlines) else len(text)
        if at == len(stops) or stops[at] > line_end:  # nothing ends a term on this line: no later See on it can
            pos = line_end + 1
            continue
        stop = stops[at]
        out.append(Ref(text[m.start() : stop + 1], (text[m.end() : stop].strip("\"\u201c\u201d "),), "term", origin,
                       see_also=bool(m.group(1))))
        pos = stop + 1
    return tuple(out)
