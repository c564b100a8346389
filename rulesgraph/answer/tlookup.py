"""Look up a passage of the installed tournament documents by what a judge types: ``MTR 4.3``, ``ipg 2.1``,
``ipg 2.1 philosophy``, ``ipg grv``, ``mtr appendix b``, ``jar 3``, or an infraction's name (``missed trigger``); after
a document's name, a term it defines too (``mtr free information``, ``ipg backing up``).

The view carries its breadcrumb (document › chapter › section), its penalty for an IPG infraction, and its
children (a chapter's sections, an infraction's parts).  Pure functions of the installed documents.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..common.text import words
from ..errors import NotFound, RulesgraphError, quoted
from ..model import Citation
from ..parse.tdoc import heading
from ..parse.tournament import KINDS
from .policy import policy_index
from .tanswer import section_citation

__all__ = ["TView", "heading", "is_ref", "named_infraction", "tournament_view", "tview_json"]

_REF = re.compile(r"^(?P<doc>mtr|ipg|jar)\b\s*(?P<rest>.*)$", re.IGNORECASE)
_NUMBER = re.compile(r"^(?:section\s+)?(?P<num>\d{1,2}(?:\.\d{1,2})?)\.?(?:\s+(?P<part>.+))?$", re.IGNORECASE)
_APPENDIX = re.compile(r"^appendix\s+(?P<letter>[a-z])$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class TView:
    """A passage as a reader sees it."""

    section: Citation
    document: str
    """The document's name and effective date (``Infraction Procedure Guide, effective 2024-09-23``)."""
    trail: tuple[Citation, ...]
    children: tuple[Citation, ...]
    penalty: str | None
    cites: tuple[tuple[str, str | None], ...] = ()
    """What its text refers to (``MTR 4.3``, ``CR 103.4``), with their titles: the graph's ``cites`` edges."""
    cited_by: tuple[tuple[str, str | None], ...] = ()
    defines: tuple[str, ...] = ()
    """The terms it defines (the graph's ``defines`` edges): its title, an infraction's name, "Free information" …"""
    read_as: str | None = None
    """The former name it was asked by, said back (``read ‘drawing extra cards’ as Hidden Card Error, its name today``)."""


def is_ref(text: str) -> bool:
    """Whether ``text`` names a tournament document first (``MTR 4.3``, ``ipg grv``)."""
    return _REF.match(" ".join(text.split())) is not None


def named_infraction(text: str) -> str | None:
    """The section an infraction's whole name or abbreviation names (``missed trigger``, ``GRV``), or a passage's initials
    (``OoOS``), if installed."""
    from .trelevance import names

    named = names()
    if not named or len(text) > 200:  # no documents, or a paste no infraction's name is
        return None
    return named.get(" ".join(words(text)))


def _former(text: str) -> str | None:
    """The IPG section an infraction's name, former ones included, names (``drawing extra cards`` → Hidden Card Error's):
    the former names are looked up only after a document's name ("ipg drawing extra cards"), never in a question, where
    the words are the rules' too."""
    index = policy_index()
    return None if index is None or len(text) > 200 else index.lead.get(" ".join(words(text)))


def _shown(text: str) -> str:
    """What the user typed, as an error line quotes it: one line, at most 40 characters."""
    return quoted(text, 40)


def _resolve(text: str) -> tuple[str, str | None]:
    """The passage ``text`` names, and the former name it said (:func:`_former`) if that is how it named it."""
    m = _REF.match(" ".join(text.split()))
    if m is None:
        sid = named_infraction(text)
        if sid is None:
            raise NotFound(f"no tournament document passage named {_shown(text)}")
        return sid, None
    prefix, rest = m.group("doc").upper(), m.group("rest").strip()
    if not rest:
        raise RulesgraphError(f"say which part of the {KINDS[prefix.lower()]}: e.g. '{prefix} 2', '{prefix} 2.1'"
                              + (", 'IPG GRV'" if prefix == "IPG" else ""))
    said = rest.split()
    if len(said) == 2 and len(said[1]) == 1 and said[1].isalpha() and _near(said[0], ("appendix",)):
        rest = f"appendix {said[1]}"  # "appendx e", "apendix b": a slip of the word
    if a := _APPENDIX.match(rest):
        return f"{prefix} Appendix {a.group('letter').upper()}", None
    if n := _NUMBER.match(re.sub(r"^(\d{1,2}),(\d{1,2})\b", r"\1.\2", rest)):  # "mtr 4,3" as a comma-decimal keyboard types it
        part = n.group("part")
        return f"{prefix} {n.group('num')}" + (f" {part.strip().title()}" if part else ""), None
    sid = named_infraction(rest)
    if sid is None and len(said) > 1 and _near(said[-1], _PARTS) and (named := named_infraction(" ".join(said[:-1]))):
        return f"{named} {said[-1].title()}", None  # "ipg grv remedy": an infraction's abbreviation or name, then a part
    if sid is None and (sid := _former(rest)) is not None and sid.startswith(prefix):
        return sid, " ".join(rest.split())
    if sid is None or not sid.startswith(prefix):
        from ..build.tgraph import defined_by

        sid = next((d for d in defined_by(" ".join(words(rest))) if d.startswith(prefix + " ")), None)
        if sid is None:  # else a part by words of its heading ("jar missed trigger")
            sid = _by_heading(prefix, rest)
    if sid is None and re.fullmatch(r"\d[\d.]*", rest):  # a number no part has ("mtr 999"): worded as "ipg 7" is
        raise NotFound(f"no {prefix} {rest} in the installed {KINDS[prefix.lower()]}")
    if sid is None:
        from ..build.tgraph import defined_by

        other = named_infraction(rest) or next(iter(defined_by(" ".join(words(rest)))), None)  # "mtr tardiness": the IPG's
        if other is not None:
            kind = other.split(" ", 1)[0].lower()
            raise NotFound(f"nothing in the {KINDS[prefix.lower()]} is called {_shown(rest)}; the {KINDS[kind]} has it: "
                           f"'rulesgraph {other.lower()}'", (other,))
        nearest = _nearest_titles(prefix, rest)
        raise NotFound(f"nothing in the {KINDS[prefix.lower()]} is called {_shown(rest)}"
                       + (f"; nearest: {', '.join(nearest)}" if nearest else ""), nearest)
    return sid, None


_PARTS = ("definition", "examples", "philosophy", "remedy", "additional remedy", "upgrade", "downgrade")
"""What an infraction's parts are called, as a judge types them after its number or name."""
NEAR = 75
"""Least rapidfuzz ratio (0-100) for a word typed to be read as the word it is near ("philosphy", "appendx")."""


def _near(word: str, known: tuple[str, ...]) -> str | None:
    """The word of ``known`` that ``word`` is, or is a slip of (:data:`NEAR`), else ``None``."""
    from rapidfuzz import fuzz, process

    got = process.extractOne(word.lower(), known, scorer=fuzz.ratio, score_cutoff=NEAR)
    return got[0] if got else None


def _nearest_titles(prefix: str, rest: str, most: int = 3) -> tuple[str, ...]:
    """The passages of one document whose headings are nearest what was typed (rapidfuzz's WRatio), as ids with titles."""
    from rapidfuzz import fuzz, process

    index = policy_index()
    doc = next((d for d in index.docs if d.prefix == prefix), None) if index is not None else None
    if doc is None or len(rest) > 200:
        return ()
    heads = {s.id: s.title for s in doc.sections if s.kind in ("chapter", "section", "appendix", "heading") and s.title}
    shared = [sid for sid in index.shared.get(" ".join(words(rest)), ()) if sid in heads]  # "ipg dp": both infractions
    found = shared or [sid for _, _, sid in process.extract(rest, heads, scorer=fuzz.WRatio, limit=most, score_cutoff=60)]
    return tuple(f"{sid} {heads[sid]}" for sid in found)


def _by_heading(prefix: str, rest: str) -> str | None:
    """The passage of one document whose heading shares the rarest words with ``rest`` (``jar missed trigger`` → the
    JAR's "A player forgets a triggered ability"): each shared word weighs by how few of the document's headings
    use it.  :class:`NotFound` naming the candidates when several headings share them equally."""
    import math

    from .policywords import terms as _terms

    index = policy_index()
    if index is None or len(rest) > 200:
        return None
    doc = next((d for d in index.docs if d.prefix == prefix), None)
    if doc is None:
        return None
    heads = [(s.id, set(_terms(s.title))) for s in doc.sections if s.kind in ("front", "chapter", "section", "appendix", "heading")]
    df: dict[str, int] = {}
    for _, said in heads:
        for t in said:
            df[t] = df.get(t, 0) + 1
    asked = set(_terms(rest))
    scored = [(sum(math.log(1 + len(heads) / df[t]) for t in asked & said), sid) for sid, said in heads]
    best = max((score for score, _ in scored), default=0.0)
    if best <= 0:
        return None
    top = [sid for score, sid in scored if math.isclose(score, best)]
    if len(top) > 1:
        titled = {s.id: s.title for s in doc.sections}
        raise NotFound(f"{_shown(rest)} matches the headings of {', '.join(top[:5])}{' …' if len(top) > 5 else ''} equally: say which",
                       tuple(f"{sid} {titled[sid]}" for sid in top[:5]))  # offered, as nearest headings are (--json's 'nearest')
    return top[0]


def tournament_view(text: str) -> TView:
    """The view of the passage ``text`` names; :class:`NotFound` when it names none, with how to install when none is."""
    index = policy_index()
    if index is None:
        from ..build.tbook import INSTALL_HOW

        raise NotFound(f"no tournament documents are installed: {INSTALL_HOW}")
    sid, former = _resolve(text)
    found = index.section(sid)
    if found is None and sid.count(" ") >= 2:  # "IPG 2.1 remedy": the part whose name starts so
        base, _, part = sid.partition(" ")[2].partition(" ")
        head = f"{sid.split()[0]} {base}"
        parts = [(s, d) for d in index.docs for s in d.sections if s.parent == head and s.kind == "part"]
        found = next(((s, d) for s, d in parts if s.title.lower().startswith(part.lower()) or part.lower() in s.title.lower()), None)
        if found is None and (near := _near(part, (*(s.title.lower() for s, _ in parts), "remedy"))):  # "philosphy"
            found = next(((s, d) for s, d in parts if near in s.title.lower()), None)
    if found is None:
        kind = sid.split()[0].lower()
        if not any(d.kind == kind for d in index.docs):  # the IPG installed, not the MTR: the document is what is missing
            from ..build.tbook import INSTALL_HOW

            raise NotFound(f"no {kind.upper()} ({KINDS[kind]}) is installed: {INSTALL_HOW}")
        raise NotFound(f"no {sid} in the installed {KINDS[kind]}")
    section, doc = found
    trail = []
    parent = section.parent
    while parent:
        got = index.section(parent)
        if got is None:
            break
        trail.append(section_citation(*got))
        parent = got[0].parent
    children = tuple(section_citation(s, doc) for s in doc.sections if s.parent == section.id)
    penalty = section.penalty or (index.section(section.parent)[0].penalty if section.parent and index.section(section.parent) else None)
    from ..build.tgraph import cited_by, cites, defines, tournament_graph

    g = tournament_graph()
    own = section.parent if section.kind == "part" else section.id  # a part's references are its section's
    out = tuple((t, g.nodes[t].get("title")) for t in cites(own or section.id))
    back = tuple((t, g.nodes[t].get("title")) for t in cited_by(own or section.id))
    read_as = f"read ‘{former}’ as {section.name or section.title}, its name today" if former else None
    return TView(section_citation(section, doc), f"{KINDS[doc.kind]}, effective {doc.effective}", tuple(reversed(trail)), children,
                 penalty, out, back, tuple(defines(own or section.id)), read_as)


def _cite_json(c: Citation) -> dict[str, Any]:
    return {"id": c.id, "kind": c.kind, "title": c.title, "source": c.source, "effective": c.effective}


def tview_json(view: TView) -> dict[str, Any]:
    return {
        **_cite_json(view.section), "text": view.section.text, "document": view.document, "penalty": view.penalty,
        "trail": [_cite_json(c) for c in view.trail], "children": [_cite_json(c) for c in view.children],
        "cites": [i for i, _ in view.cites], "cited_by": [i for i, _ in view.cited_by], "defines": list(view.defines),
        "read_as": view.read_as,
    }
