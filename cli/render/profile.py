"""Rendering a profile (``kw NAME``, ``:kw``, a keyword's or glossary term's name typed alone): what the name is,
then its numbered defining rules, glossary entries, FAQ entries, related keywords and what cites it."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from rulesgraph.answer.profile import Profile
from rulesgraph.build.lookup import is_cr_id
from rulesgraph.model import Citation

from ..safe import visible
from .core import DIM, HEADING, RenderOptions, entry, joined, listing, rule_ref, text

CITED_BY_SHOWN = 10
"""A profile lists this many of the references to its rule; ``:cites`` lists them all."""
WHOLE_DEFINING = 3
"""A profile with at most this many defining rules shows each whole, wrapped (``kw "legend rule"`` cut 704.5j at
"… are controll…", the rule it is about); more are listed a line each."""


def _profile_sections(p: Profile) -> list[tuple[str, list[tuple[Citation, str]]]]:
    cited = [(r.source, ("about " if r.relation == "about" else "→ ") + ", ".join(r.targets)) for r in p.cited_by]
    return [
        ("defining rules", [(c, "") for c in p.defining]),
        ("glossary", [(c, "") for c in p.glossary]),
        ("FAQ", [(c, "" if rel == "about" else "mentions it") for c, rel in p.faq]),
        ("related", [(r.node, "; ".join(r.why[:2])) for r in p.related]),
        (f"cited by ({len(cited)})", cited[:CITED_BY_SHOWN]),
    ]


def profile_targets(p: Profile) -> list[str]:
    """The node ids a profile numbers, in the order :func:`render_profile` numbers them."""
    return [c.id for _, rows in _profile_sections(p) for c, _ in rows]


def render_profile(p: Profile, opts: RenderOptions) -> RenderableType:
    """A keyword, glossary term or card: what it is, then numbered defining rules, glossary entries,
    FAQ entries, related keywords and what cites it."""
    kind = {"keyword": f"keyword {p.category}" if p.category else "keyword", "glossary": "glossary term", "card": "card"}[p.kind]
    head = text(p.name, HEADING, newlines=False).append(f"  {kind}", style=DIM)
    defining = [c for c in p.defining if is_cr_id(c.id)]
    if defining:
        head.append(" · ", style=DIM).append_text(joined([rule_ref(c.id, opts) for c in defining], ", "))
    parts: list[RenderableType] = [head]
    if p.corrected_from:
        parts.append(Text("read ‘", style=DIM).append(visible(p.corrected_from, newlines=False)).append(f"’ as ‘{visible(p.name)}’"))
    if p.formerly:
        parts.append(Text("formerly ", style=DIM).append_text(text(", ".join(p.formerly), newlines=False)))
    if p.summary:
        parts += [Text(), entry(p.summary, opts, examples=False)]
    start = 1
    for title, rows in _profile_sections(p):
        if not rows:
            continue
        rendered = [(c, text(tail, newlines=False)) for c, tail in rows]
        parts += [Text(), listing(Text(title, style=HEADING), rendered, opts, start, words=title != "related",
                                  kinds=title not in ("glossary", "FAQ"), whole=title == "defining rules" and len(rows) <= WHOLE_DEFINING)]
        start += len(rows)
    if len(p.cited_by) > CITED_BY_SHOWN and p.defining:
        parts.append(Text(f"… {len(p.cited_by) - CITED_BY_SHOWN} more: :cites {visible(p.defining[0].label)}", style=DIM))
    return Group(*parts)
