"""Look things up by number: a rule with its subrules and breadcrumb, a section's outline, a range of rules
(``702.19a-c``), and every node that refers to a rule (``cites``).  Pure functions of a Rulebook; nothing is ranked.

Rule numbers are CR identities (``702.19b``); when no CR rule has the number, the numbered
lines of other documents (old FAQ excerpts, ``<doc>:702.84a``) are looked up instead, with a
note saying where they come from and what CR rule they are today.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Any

from ..common.ids import CR_NUMBER, is_cr_id, nearest_numbers
from ..common.lazyre import lazy
from ..errors import Misused, NotFound, RulesgraphError, echoed, quoted
from ..model import Citation
from ..parse.numbers import RANGE_LIMIT, expand_range, parent_of, rule_of, sort_key
from .citing import citation
from .corpus import Rulebook

__all__ = [
    "CR_NUMBER",
    "Cites",
    "NotFound",
    "Reference",
    "RuleView",
    "Vocabulary",
    "as_number",
    "as_range",
    "cites",
    "cites_json",
    "cites_of",
    "each_given",
    "is_cr_id",
    "node_json",
    "parse_number",
    "range_misuse",
    "rule_json",
    "rule_view",
    "rule_views",
    "said_range",
    "view_node",
    "vocabulary",
]

_WRITTEN = lazy(r"^(?:(?:cr|rule|rules|section)\s*|§\s*)?(\d+)(?:[.,](\d+)(?:(?:\s?|\.)([a-z])|\s?\(([a-z])\))?)?[.?!]*$",
               re.IGNORECASE)
"""A rule number as people write it: ``702.19b``, ``rule 702.19b``, ``CR702.19b``, ``§ 702.19``, ``702.19 b``, ``702.19.b``,
``702.19(b)``, ``702,19``, ``704.5j?``."""
_RANGE = lazy(r"^(?:(?:cr|rules?)\s*|§\s*)?(\d{3}\.\d+[a-z]?)\s*(?:[-‐‑–—−]|\s(?:to|through|thru)\s)\s*"
             r"(?:(?:cr|rules?)\s*)?(\d{3}\.\d+[a-z]?|[a-z]|\d+)[.?!]*$", re.IGNORECASE)
"""A range of rules as people write it: ``702.19a-c`` (any dash: hyphen, non-breaking hyphen, en and em dash, minus
sign), ``601.2a–601.2f``, ``rules 119.7 to 8``."""
_SECTIONS = lazy(r"^(?:(?:cr|rules?|sections?)\s*|§\s*)?(\d{3})\s*(?:[-‐‑–—−]|\s(?:to|through|thru)\s)\s*"
                 r"(?:(?:cr|rules?)\s*)?(\d{3})[.?!]*$", re.IGNORECASE)
"""A range of whole sections (``509-510``): more than one page of rules, never shown as a range."""
_OUTLINE = frozenset({"chapter", "section"})
_ORDER = {"glossary": 2, "faq": 3}


def _plain(text: str) -> str:
    """``text`` with its whitespace runs one space, every decimal digit an ASCII one and full-width forms ASCII:
    ``７０２.１９b`` (as a Japanese keyboard types it) and ``٧٠٢.١٩b`` are ``702.19b``, as ``ask`` reads them."""
    plain = " ".join(text.split())
    if plain.isascii():
        return plain
    return "".join(str(unicodedata.decimal(c)) if c.isdecimal() else unicodedata.normalize("NFKC", c) if "\uff01" <= c <= "\uff5e"
                   else c for c in plain)  # not NFKC throughout: "①" is no 1, "702²" no 7022


def as_number(text: str) -> str | None:
    """``702.19B``, ``rule 702.19b``, ``CR 702.19b.``, ``§702.19 b`` → ``702.19b``; ``None`` when ``text`` is not a rule number."""
    m = _WRITTEN.match(_plain(text))
    number = (m.group(1) + (f".{m.group(2)}{m.group(3) or m.group(4) or ''}" if m.group(2) else "")).lower() if m else ""
    return number if CR_NUMBER.fullmatch(number) else None


def as_range(text: str) -> list[str] | None:
    """``702.19a-c`` → ``["702.19a", "702.19b", "702.19c"]``: the numbers of a range of rules, in order; ``None`` when
    ``text`` is not one, or is one that runs backwards or spans more than :data:`~rulesgraph.parse.numbers.RANGE_LIMIT`
    rules (:func:`said_range` tells those apart)."""
    m = _RANGE.match(_plain(text))
    if m is None:
        return None
    return expand_range(m.group(1).lower(), m.group(2).lower()) or None


def said_range(text: str) -> str | None:
    """The rule a range of rules is said to start at, when ``text`` is written as one, one :func:`as_range` reads or
    not (``702.19c-a``, ``702.1-702.200``), or the first section of a range of sections (``509-510``); else ``None``."""
    plain = _plain(text)
    m = _RANGE.match(plain) or _SECTIONS.match(plain)
    return m.group(1).lower() if m else None


def each_given(parts: list[str]) -> list[str]:
    """The rule numbers or ranges that words given apart each are, to show in turn ("702.19b 509.1a" → both), or the
    words as one when they are not each one ("702.19 b", "rule 702.19b", "MTR 4.3")."""
    if len(parts) > 1 and all(as_number(p) is not None or said_range(p) is not None for p in parts):
        return parts
    return [" ".join(parts)]


def range_misuse(text: str) -> RulesgraphError | None:
    """What to say of a range of rules where one rule is wanted, or of a range that cannot be shown; else ``None``."""
    sections = _SECTIONS.match(_plain(text))
    if sections is not None:
        first, last = sections.groups()
        if first == last:
            return RulesgraphError(f"{quoted(text)} is one section: ask for {first}")
        return RulesgraphError(f"{quoted(text)} is a range of sections: ask for one section at a time (like {first}), or "
                               f"for rules within one (like {first}.1-{first}.3)")
    if said_range(text) is None:
        return None
    said = echoed(text)
    if as_range(text) is None:
        return RulesgraphError(f"{said!r} runs backwards or spans more than {RANGE_LIMIT} rules: ask for a shorter range, "
                               "or for the rule or section holding them")
    return RulesgraphError(f"{said!r} is a range: this takes one rule number (like 702.19 or 702.19b)")


def parse_number(text: str) -> str:
    """Like :func:`as_number`, but raises RulesgraphError (a misuse) for anything that is not a rule number."""
    number = as_number(text)
    if number is None:
        if not text.strip():
            raise RulesgraphError("no rule number given (like 7, 702, 702.19 or 702.19b)")
        misuse = range_misuse(text)
        if misuse is not None:
            raise misuse
        raise RulesgraphError(f"{quoted(text)} is not a rule number (like 7, 702, 702.19 or 702.19b)")
    return number


@dataclass(frozen=True, slots=True)
class RuleView:
    """A rule as a reader sees it: the rule, where it sits, and what it contains."""

    rule: Citation
    level: str
    """The node's kind in the graph: ``chapter``, ``section``, ``rule``, ``subrule`` or ``paragraph``."""
    trail: tuple[Citation, ...]
    """Its ancestors, outermost first (``7``, ``702``, ``702.19`` for ``702.19b``)."""
    children: tuple[Citation, ...]
    """What it contains, in document order: subrules of a rule, rules of a section, sections of a chapter."""
    outline: bool
    """Children are listed one line each (sections and chapters) rather than in full."""
    counts: tuple[int, ...] = ()
    """For an outline, how many parts each child has (subrules of a rule, rules of a section)."""
    notes: tuple[str, ...] = ()
    """What a reader should know about where the text comes from (another document, an older numbering)."""
    today: tuple[str, ...] = ()
    """For text from another document: the CR rules it is today (``current`` edges)."""


def _trail(book: Rulebook, node: str) -> tuple[Citation, ...]:
    g = book.qg
    out: list[Citation] = []
    seen = {node}
    while True:
        parent = next((src for src, _, k in g.in_edges(node, keys=True) if k == "contains"), None)
        if parent is None or parent in seen:
            break
        seen.add(parent)
        out.append(citation(book, parent))
        node = parent
    return tuple(reversed(out))


def view_node(book: Rulebook, node: str) -> RuleView:
    """The view of any rule-like node (CR or another document's), by node id."""
    g = book.qg
    data = g.nodes[node]
    children = g.targets(node, "contains")
    outline = data["kind"] in _OUTLINE
    notes: list[str] = []
    today = tuple(g.targets(node, "current"))
    if data.get("numbering") != "cr":
        where = f"from {data['file']}, not the Comprehensive Rules"
        if data.get("numbering") == "excerpt":
            where += "; numbered for the edition of the rules it quotes"
        notes.append(where)
    return RuleView(
        rule=citation(book, node),
        level=data["kind"],
        trail=_trail(book, node),
        children=tuple(citation(book, c) for c in children),
        outline=outline,
        counts=tuple(len(g.targets(c, "contains")) for c in children) if outline else (),
        notes=tuple(notes),
        today=today,
    )


def _documents_with(book: Rulebook, number: str) -> list[str]:
    return [f"{doc['id']}:{number}" for doc in book.qg.graph["documents"] if f"{doc['id']}:{number}" in book.qg]


def _not_loaded(book: Rulebook, number: str) -> NotFound:
    """What to say of a rule number the loaded rules lack (and, when only the bundled seeds are loaded, how to get the rest)."""
    hint = "" if book.effective else " (the full Comprehensive Rules are not installed: run 'rulesgraph update')"
    return NotFound(f"no rule {number} in the loaded rules{hint}")


def rule_view(book: Rulebook, text: str, nearest: bool = True) -> RuleView:
    """The rule a number names (see :func:`parse_number`); raises :class:`NotFound` when it is not loaded, :class:`Misused`
    when it is no number.  Either names the nearest numbers the loaded rules have, when some are a slip away
    (:func:`nearest_numbers`; not for a range, nor with ``nearest`` false: a range's numbers are looked up one by one)."""
    g = book.qg
    try:
        number = parse_number(text)
    except RulesgraphError as e:
        near = _nearest(book, text) if nearest and range_misuse(text) is None else ()
        raise Misused(f"{e}{_said(near)}", near) from None
    if number in g and g.nodes[number].get("numbering") == "cr":
        return view_node(book, number)
    others = _documents_with(book, number)
    if others:
        view = view_node(book, others[0])
        extra = tuple(f"also numbered {number} in {g.nodes[o]['file']}" for o in others[1:])
        return replace(view, notes=view.notes + extra)
    near = _nearest(book, number) if nearest else ()
    raise NotFound(f"{_not_loaded(book, number)}{_said(near)}", near)


def _nearest(book: Rulebook, said: str) -> tuple[str, ...]:
    return tuple(nearest_numbers(said, [n for n in book.qg.num if is_cr_id(n)])) if book.effective else ()


def _said(nearest: tuple[str, ...]) -> str:
    return f"; nearest: {', '.join(nearest)}" if nearest else ""


def rule_views(book: Rulebook, text: str) -> list[RuleView]:
    """The rules a number or a range of numbers names (``702.19b``, ``702.19a-c``: see :func:`as_range`; ``509.1i-509.2a``,
    into the next rule: :func:`_across`), each as :func:`rule_view` shows it; the numbers of a range the loaded rules lack
    are left out, and only a range none of whose rules is loaded — or one into the next rule with an end not loaded — is
    :class:`NotFound`."""
    numbers = as_range(text) or _across(book, text)
    if numbers is None:
        misuse = range_misuse(text)  # written as a range, but backwards or too long to show
        if misuse is not None:
            raise misuse
        return [rule_view(book, text)]
    views = []
    for number in numbers:
        try:
            views.append(rule_view(book, number, nearest=False))
        except NotFound:
            continue
    if not views:
        raise NotFound(f"no rule from {numbers[0]} to {numbers[-1]} in the loaded rules")
    return views


def _across(book: Rulebook, text: str) -> list[str] | None:
    """The loaded rules of a range that runs from one rule into the next (``509.1i-509.2a``, ``702.19b-702.20``: which
    subrules lie between is the loaded rules' to say, not the numbers'), in order; ``None`` when ``text`` is no such range
    or it runs backwards or over more than :data:`~rulesgraph.parse.numbers.RANGE_LIMIT` rules; :class:`NotFound` for an
    end the loaded rules lack."""
    m = _RANGE.match(_plain(text))
    if m is None or "." not in m.group(2):  # "702.19a-c", "119.7 to 8": within one rule (as_range's)
        return None
    start, end = m.group(1).lower(), m.group(2).lower()
    if not (start[-1].isalpha() or end[-1].isalpha()) or rule_of(start) == rule_of(end):
        return None  # whole rules ("702.1-702.200") or one rule's subrules: as_range's to read, or to refuse
    section = start.split(".")[0]
    g = book.qg
    if end.split(".")[0] != section:
        return None
    if missing := [n for n in (start, end) if n not in g]:  # said as a range, but an end the loaded rules lack
        raise _not_loaded(book, missing[0])
    ids = sorted((n for n in g.ids if n.startswith(section + ".") and g.nodes[n].get("numbering") == "cr"), key=sort_key)
    i, j = ids.index(start), ids.index(end)
    if i > j or j - i >= RANGE_LIMIT:
        return None
    listed = ids[i : j + 1]
    shown = set(listed)
    return [n for n in listed if parent_of(n) not in shown]  # a rule's view holds its subrules: each once


@dataclass(frozen=True, slots=True)
class Reference:
    """A node that refers to the looked-up rule or one of its parts."""

    source: Citation
    targets: tuple[str, ...]
    """What it refers to: the rule itself and/or its parts, each range already expanded."""
    relation: str
    """``cites`` (its text names the rule) or ``about`` (a FAQ entry about the rule's keyword or rule lines)."""


@dataclass(frozen=True, slots=True)
class Cites:
    """Everything that refers to a rule or any part of it."""

    rule: Citation
    references: tuple[Reference, ...]
    """CR rules in rule order, then other documents' text (by file and line), glossary entries, FAQ entries."""
    corrected_from: str | None = None
    """What was typed, when the rule was found by correcting it into a keyword or term's name ("tramlpe")."""


def cites(book: Rulebook, text: str) -> Cites:
    """Every rule, glossary entry, FAQ entry and other document's text that refers to the rule
    ``text`` names or to anything under it (``cites`` and ``about`` edges; ranges like
    ``509.1a–c`` were expanded into one edge per rule when the graph was built)."""
    return cites_of(book, rule_view(book, text).rule.id)


def cites_of(book: Rulebook, node: str) -> Cites:
    """:func:`cites` by node id."""
    g = book.qg
    parts = g.subtree(node)
    inside = set(parts)
    found: dict[tuple[str, str], list[str]] = {}
    for target in parts:
        for src, _, kind in g.in_edges(target, keys=True):
            if kind in ("cites", "about") and src not in inside:
                found.setdefault((src, kind), []).append(target)

    def order(item: tuple[tuple[str, str], list[str]]) -> tuple[Any, ...]:
        (src, _), _ = item
        data = g.nodes[src]
        if is_cr_id(src):
            return (0, "", sort_key(src), 0)
        if data["kind"] in ("glossary", "faq"):
            return (_ORDER[data["kind"]], "", (0, 0, 0, 0), src)
        return (1, data["file"], (0, 0, 0, 0), data["line"])  # other documents' text, by file and line

    refs = tuple(Reference(citation(book, src), tuple(dict.fromkeys(t)), kind) for (src, kind), t in sorted(found.items(), key=order))
    return Cites(citation(book, node), refs)


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """What a front end offers as completions: names and rule numbers with what they are."""

    names: tuple[tuple[str, str], ...]
    """``(name, kind)``: keywords (current names first), glossary terms, cards; each name once."""
    numbers: dict[str, str]
    """Rule number → a short description (its title, or its rule's title and its first words), in rule order."""


def _describe(g: Any, node: str, data: dict[str, Any], width: int = 60) -> str:
    if data.get("title"):
        return str(data["title"])
    parent = next((src for src, _, k in g.in_edges(node, keys=True) if k == "contains"), None)
    head = f"{g.nodes[parent]['title']}: " if parent and g.nodes[parent].get("title") else ""
    words = " ".join((data.get("text") or "").split())
    out = head + words
    return out if len(out) <= width else out[: width - 1].rsplit(" ", 1)[0] + "…"


def vocabulary(book: Rulebook) -> Vocabulary:
    """Every name and rule number of the loaded rules (CR numbers first; other documents' numbers
    only where the CR has none)."""
    g = book.qg
    order = {"keyword": 0, "glossary": 1, "card": 2}
    named: dict[str, tuple[int, str, str]] = {}
    numbers: dict[str, str] = {}
    extra: dict[str, str] = {}
    for node, data in g.nodes(data=True):
        kind = data["kind"]
        if kind in order:
            name = str(data["label"])
            rank = order[kind] + (0.5 if kind == "keyword" and g.targets(node, "renamed_to") else 0)
            if name.lower() not in named or rank < named[name.lower()][0]:
                named[name.lower()] = (rank, name, kind)  # type: ignore[assignment]
        elif data.get("numbering") == "cr":
            numbers[node] = _describe(g, node, data)
        elif data.get("number") and data.get("numbering") == "excerpt":
            extra.setdefault(data["number"], f"{_describe(g, node, data)} ({data['file']})")
    for number, what in extra.items():
        numbers.setdefault(number, what)
    ordered = dict(sorted(numbers.items(), key=lambda kv: sort_key(kv[0])))
    names = tuple((name, kind) for _, name, kind in sorted(named.values(), key=lambda v: (v[0], v[1].lower())))
    return Vocabulary(names, ordered)


def node_json(c: Citation) -> dict[str, Any]:
    """The stable JSON shape of one node in ``rule``, ``kw`` and ``cites`` output."""
    return {"id": c.id, "kind": c.kind, "label": c.label, "title": c.title, "text": c.text, "examples": list(c.examples),
            "source": c.source, "effective": c.effective}


def rule_json(view: RuleView) -> dict[str, Any]:
    """``rulesgraph rule --json``: the node, its breadcrumb, its children, notes and today's CR rules."""
    return {**node_json(view.rule), "breadcrumb": [{"id": t.id, "label": t.label, "title": t.title} for t in view.trail],
            "children": [node_json(c) for c in view.children], "notes": list(view.notes), "today": list(view.today)}


def cites_json(result: Cites) -> dict[str, Any]:
    """``rulesgraph cites --json``: the rule and every reference to it or its parts."""
    return {"id": result.rule.id, "label": result.rule.label, "title": result.rule.title, "corrected_from": result.corrected_from,
            "references": [{**node_json(r.source), "relation": r.relation, "targets": list(r.targets)} for r in result.references]}
