"""Render a tournament-document passage (``rulesgraph mtr 4.3``, ``ipg 2.1``): breadcrumb, penalty, text, numbered parts."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from rulesgraph.answer.tlookup import TView, heading

from .core import CRUMB, DIM, HEADING, RenderOptions, _fields, _numbered, joined, text


def render_tview(view: TView, opts: RenderOptions) -> RenderableType:
    c = view.section
    crumbs = [text(view.document, DIM, newlines=False)]
    crumbs += [text(heading(t.label, t.title), newlines=False) for t in view.trail]
    name = heading(c.label, c.title)
    parts: list[RenderableType] = [joined(crumbs, CRUMB), text(name, HEADING, newlines=False)]
    if view.read_as:
        parts.append(text(view.read_as, DIM, newlines=False))
    if view.penalty:
        parts.append(_fields([("penalty", text(view.penalty, HEADING, newlines=False))]))
    if c.text:
        parts += [Text(), text(c.text)]
    if view.children:  # numbered as the REPL opens them ("4" after ":rule IPG 2.1": its Additional Remedy)
        rows = [(i, text(heading(ch.label, ch.title, "  "), newlines=False)) for i, ch in enumerate(view.children, 1)]
        parts += [Text(), Text("contains", style=DIM), _numbered(rows)]
    rows = [(name, text("; ".join(f"{i} {t}" if t else i for i, t in refs), newlines=False))
            for name, refs in (("cites", view.cites), ("cited by", view.cited_by)) if refs]
    if view.defines:
        rows.insert(0, ("defines", text("; ".join(view.defines), newlines=False)))
    if rows:
        parts += [Text(), _fields(rows)]
    parts += [Text(), text(f"{c.source}", DIM, newlines=False)]
    del opts
    return Group(*parts)


def render_tviews(views: list[TView], opts: RenderOptions) -> RenderableType:
    """Several passages asked at once (``ipg 2.2 2.3``), one after another, a blank line between."""
    parts: list[RenderableType] = []
    for view in views:
        parts += [*([Text("")] if parts else []), render_tview(view, opts)]
    return Group(*parts)
