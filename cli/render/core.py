"""Turn rule views, keyword profiles and reference lists into rich renderables, and the pieces an answer is made of
(:mod:`rulesgraph_cli.render.answer` lays out the answer).

Pure: no console, no printing, no terminal size; the console lays the renderables out at its
width.  Every text from a source goes through :func:`~rulesgraph_cli.safe.visible` into a
:class:`~rich.text.Text` (never a markup string), so ``[bold]`` prints as written and escape
sequences print as symbols.  Rule numbers are styled as citations and, with ``links`` on,
carry an OSC 8 hyperlink to ``url_template``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.style import Style
from rich.table import Table
from rich.text import Text

from rulesgraph.answer.profile import Related
from rulesgraph.build.citing import dated_source
from rulesgraph.build.lookup import Cites, RuleView, is_cr_id
from rulesgraph.model import Citation

from ..config import DEFAULT_URL
from ..safe import visible

__all__ = [
    "SHOWN",
    "RenderOptions",
    "cited",
    "group_of",
    "label",
    "listing",
    "render_cites",
    "render_entry",
    "render_error",
    "render_related",
    "render_rule",
    "rule_ref",
    "rule_url",
    "text",
]

NUMBER = Style(color="cyan", bold=True)
INDEX = Style(bold=True)
HEADING = Style(bold=True)
OPENING = 240
"""Most characters of a cited heading's first part shown under it (cut after a sentence)."""
DIM = Style(dim=True)
CRUMB = " › "


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """How to render, independent of the terminal's width."""

    url_template: str = DEFAULT_URL
    links: bool = False
    """Rule numbers carry OSC 8 hyperlinks (only when writing to a terminal with colour)."""
    rule_notes: Callable[[RuleView], Sequence[str]] | None = None
    """Extra lines shown under a rule's breadcrumb (the seam for "changed since …" notes)."""
    hints: bool = False
    """Say what to type next (in the REPL, where typing a citation's number opens it)."""


def rule_url(template: str, number: str) -> str:
    """The link of one rule number: ``{number}`` is ``702.19b``, ``{anchor}`` is ``70219b``."""
    return template.format(number=number, anchor=number.replace(".", ""))


SHOWN = 20_000
"""Characters of one text shown (the longest in the CR, 205.3m, has under 3,000): laying out a text with many
lines costs rich more than linear time, so a crafted file with a megabyte in one rule would stall the view;
``--json`` keeps the whole text."""


def text(value: str | None, style: Style | str = "", *, newlines: bool = True) -> Text:
    """Source or user text, made visible-safe, as a Text (never markup); cut after :data:`SHOWN` characters."""
    value = value or ""
    if len(value) > SHOWN:
        value = f"{value[:SHOWN]} … ({len(value) - SHOWN:,} more characters not shown; --json has them all)"
    return Text(visible(value, newlines=newlines), style=style)


def rule_ref(number: str, opts: RenderOptions, extra: str = "") -> Text:
    """A rule number styled as a citation (linked when links are on), then ``extra`` unstyled."""
    style = NUMBER + Style(link=rule_url(opts.url_template, number)) if opts.links and is_cr_id(number) else NUMBER
    out = Text(visible(number), style=style)
    if extra:
        out.append(" " + visible(extra, newlines=False))
    return out


def ruling_date(c: Citation) -> str:
    """The date of a card ruling's citation (its id is ``ruling:<card>:<date>:<n>``)."""
    return c.id.rsplit(":", 2)[1]


def label(c: Citation, opts: RenderOptions, *, title: bool = True, source: bool = True, kind: bool = True) -> Text:
    """How a node is named: ``702.19 Trample``, ``glossary: Trample``, ``FAQ annihilator-2``, ``ruling of Stuffy
    Doll, 2020-01-01`` …"""
    if is_cr_id(c.id):
        return rule_ref(c.id, opts, (c.title or "") if title else "")
    if c.kind == "ruling":  # a card's official ruling: not a node of the rules; its card and date say where it is from
        return Text("ruling of " * kind + visible(c.label, newlines=False), style=HEADING).append(f", {ruling_date(c)}", style=DIM)
    prefix = {"glossary": "glossary: ", "faq": "FAQ ", "card": "card: ", "keyword": ""}.get(c.kind)
    prefix = prefix if kind or prefix is None else ""
    if prefix is None:  # a rule of another document: its number or key, and where it is from
        out = Text(visible(c.label), style=HEADING)
        if title and c.title and c.title != c.label:
            out.append(" " + visible(c.title, newlines=False))
        return out.append(f" ({visible(c.source.rsplit(':', 1)[0])})", style=DIM) if source else out
    return Text(prefix + visible(c.label, newlines=False), style=HEADING)


def _heading_only(c: Citation) -> bool:
    return bool(c.title) and c.text == c.title


_CITED = re.compile(r"(?<![\w.])\d{3}\.\d+[a-z]?(?![\w])|(?:(?<=[Rr]ule )|(?<=[Rr]ules ))\d{3}(?![\w.])|(?<=[Ss]ection )\d(?![\w.])")
"""Rule numbers written in rules text: ``702.19b``, and ``rule 510`` / ``section 8`` by their number."""


def cited(t: Text, opts: RenderOptions) -> Text:
    """``t`` with the rule numbers written in it styled as citations (and linked when links are on)."""
    for m in _CITED.finditer(t.plain):
        number = m.group()
        style = Style(color="cyan") + Style(link=rule_url(opts.url_template, number)) if opts.links else Style(color="cyan")
        t.stylize(style, m.start(), m.end())
    return t


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][”\"’)])\s+")
"""Where a sentence ends: after its stop, or after the quotation mark or parenthesis closing it (``… specified.” Then``)."""


def _sentences(words: str, most: int) -> str:
    """The first whole sentences of ``words`` within ``most`` characters, never ending inside a quotation (“Entwine [cost]”
    means “… specified. If you do, …”); the first words of the first, when it is longer."""
    out = kept = ""
    for part in _SENTENCE_END.split(words):
        if len(out) + len(part) + 1 > most:
            break
        out = f"{out} {part}" if out else part
        if out.count("“") == out.count("”"):
            kept = out
    return kept or words[:most].rsplit(" ", 1)[0]


def _body(c: Citation, opts: RenderOptions) -> Text:
    """The words of a node: a FAQ entry's question and answer, a rule's text, a glossary definition."""
    if c.kind == "faq":
        question, _, answer = c.text.partition("\n\n")
        return cited(text(question, Style(italic=True)).append("\n").append_text(text(answer)), opts)
    return Text() if _heading_only(c) else cited(text(c.text), opts)


def _examples(c: Citation, opts: RenderOptions, indent: int = 2) -> list[RenderableType]:
    return [Padding(cited(text(ex, DIM), opts), (0, 0, 0, indent)) for ex in c.examples]


def entry(c: Citation, opts: RenderOptions, *, examples: bool = True, source: bool = False, opening: bool = False) -> Group:
    """A node in full: its label, its words after it, then its examples dimmed and indented; with ``opening``, a
    heading's first part under it (``702.85a Cascade is a triggered ability …`` under ``702.85 Cascade``)."""
    head = label(c, opts)
    body = _body(c, opts)
    if body.plain:
        head = head.append(" ").append_text(body)
    parts: list[RenderableType] = [head]
    if opening and c.opening and _heading_only(c):
        number, words = c.opening
        if len(words) > OPENING:  # its first sentences: the whole part is a citation's number away
            words = _sentences(words, OPENING) + " …"
        first = rule_ref(number, opts) if is_cr_id(number) else text(number, HEADING, newlines=False)
        parts.append(first.append(" ").append_text(cited(text(words), opts)))
    if examples:
        parts += _examples(c, opts)
    elif c.examples:
        parts.append(Text(f"  ({len(c.examples)} example{'s' * (len(c.examples) > 1)})", style=DIM))
    if source and not c.effective and c.kind != "ruling":  # a ruling's label already says its card and date
        parts.append(Text(f"  {visible(c.source)}", style=DIM))
    return Group(*parts)


def _numbered(rows: Sequence[tuple[int, RenderableType]]) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, justify="right")
    grid.add_column(overflow="fold")  # a word longer than the column is broken, not cut
    for i, body in rows:
        grid.add_row(Text(f"[{i}]", style=INDEX), body)
    return grid


def _fields(rows: Sequence[tuple[str, RenderableType]]) -> Table:
    """``name  value`` lines with the names dimmed and the values wrapped in their own column."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style=DIM)
    grid.add_column(overflow="fold")  # a word longer than the column is broken, not cut
    for name, value in rows:
        grid.add_row(Text(name), value)
    return grid


def joined(items: Sequence[Text], sep: str = " · ") -> Text:
    return Text(sep).join(items)


def breadcrumb(view: RuleView, opts: RenderOptions) -> Text:
    """``7 › 702 › 702.19 Trample › b``: ancestors by number, the parent with its title, then the node;
    text of another document starts with its file name."""
    rule = view.rule
    crumbs = [] if is_cr_id(rule.id) else [text(rule.source.rsplit(":", 1)[0], newlines=False)]
    crumbs += [rule_ref(t.id, opts) if is_cr_id(t.id) else text(t.label, newlines=False) for t in view.trail[:-1]]
    if view.trail:
        parent = view.trail[-1]
        crumbs.append(label(parent, opts) if is_cr_id(parent.id) else text(parent.title or parent.label, newlines=False))
    own = rule.label.removeprefix(view.trail[-1].label) if view.trail and view.level == "subrule" else ""
    if own.isalpha():
        crumbs.append(Text(own, style=NUMBER))
    else:
        crumbs.append(rule_ref(rule.id, opts, rule.title or "") if is_cr_id(rule.id) else text(rule.label, HEADING, newlines=False))
    return joined(crumbs, CRUMB)


def _outline(view: RuleView, opts: RenderOptions) -> Table:
    grid = Table.grid(padding=(0, 2), expand=True)
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column(no_wrap=True, style=DIM, justify="right")
    part = "rule" if view.level == "chapter" else "subrule"  # what the children contain
    for child, count in zip(view.children, view.counts, strict=True):
        words = child.title if child.title else child.text.split("\n", 1)[0]
        grid.add_row(rule_ref(child.id, opts) if is_cr_id(child.id) else text(child.label),
                     text(words, newlines=False), Text(f"{count} {part}{'s' * (count != 1)}" if count else ""))
    return grid


def _rules(nodes: Sequence[Citation], opts: RenderOptions) -> Table:
    """Rules in full, one row each: the number in its own column, the text wrapped beside it, examples under it."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")  # a word longer than the column is broken, not cut
    for node in nodes:
        name = rule_ref(node.id, opts) if is_cr_id(node.id) else text(node.label, HEADING)
        grid.add_row(name, Group(_body(node, opts) if not _heading_only(node) else text(node.title, HEADING), *_examples(node, opts)))
    return grid


def render_rule(view: RuleView, opts: RenderOptions) -> RenderableType:
    """A rule in full with its subrules and their examples; a section or chapter as an outline.
    The breadcrumb names the rule; notes say where text from another document comes from."""
    parts: list[RenderableType] = [breadcrumb(view, opts)]
    notes = list(view.notes) + (list(opts.rule_notes(view)) if opts.rule_notes else [])
    parts += [text(n, Style(italic=True, dim=True)) for n in notes]
    if view.today:
        parts.append(Text("today: ", style=DIM).append_text(joined([rule_ref(n, opts) for n in view.today], ", ")))
    if not _heading_only(view.rule):
        parts += [Text(), _rules([view.rule], opts)]
    if view.children:
        parts += [Text(), _outline(view, opts) if view.outline else _rules(view.children, opts)]
    return Group(*parts)


def render_rules(views: Sequence[RuleView], opts: RenderOptions) -> RenderableType:
    """A range of rules (``rule 702.19a-c``): each as :func:`render_rule` shows it, a blank line between."""
    parts: list[RenderableType] = []
    for n, view in enumerate(views):
        parts += ([Text()] if n else []) + [render_rule(view, opts)]
    return Group(*parts)


def listing(title: Text, rows: Sequence[tuple[Citation, Text]], opts: RenderOptions, start: int = 1, *,
            words: bool = True, kinds: bool = True, whole: bool = False) -> RenderableType:
    """A numbered one-line-per-node list: ``[3] 702.9b  Flying … → 509``; the node's words (when ``words``)
    are cut to fit the width (wrapped whole with ``whole``), the tail (dimmed) wraps.  ``kinds``: say ``glossary:``/``FAQ``
    before such nodes (not needed when the title says it)."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(no_wrap=True, justify="right", style=INDEX)
    grid.add_column(no_wrap=True)
    if words:
        grid.add_column(ratio=1, no_wrap=not whole, overflow="fold" if whole else "ellipsis")
    grid.add_column(style=DIM, ratio=None if words else 1)
    for i, (c, tail) in enumerate(rows, start):
        said = c.title if c.kind == "faq" else "" if _heading_only(c) or c.kind in ("keyword", "card") else c.text
        cells: list[RenderableType] = [Text(f"[{i}]"), label(c, opts, title=c.kind != "faq", source=kinds, kind=kinds)]
        if words:
            cells.append(text(said, newlines=False))
        grid.add_row(*cells, tail)
    return Group(title, grid)


def group_of(c: Citation) -> str:
    """Which group a node is listed under: ``rules`` (the CR's), ``glossary``, ``FAQ``, or another document's file."""
    if is_cr_id(c.id):
        return "rules"
    return {"glossary": "glossary", "faq": "FAQ"}.get(c.kind) or c.source.rsplit(":", 1)[0]


def _grouped(rows: Sequence[tuple[Citation, Text]], opts: RenderOptions, start: int = 1) -> list[RenderableType]:
    """Consecutive rows of one group under its name, numbered on from ``start``."""
    parts: list[RenderableType] = []
    i = 0
    while i < len(rows):
        name = group_of(rows[i][0])
        j = i
        while j < len(rows) and group_of(rows[j][0]) == name:
            j += 1
        parts += [Text(), listing(text(name, HEADING, newlines=False), rows[i:j], opts, start + i, kinds=name == "rules")]
        i = j
    return parts


def render_cites(result: Cites, opts: RenderOptions) -> RenderableType:
    """Every reference to a rule or its parts, numbered and grouped (rules, other documents, glossary, FAQ),
    each with what it points at."""
    n = len(result.references)
    head = label(result.rule, opts).append(f" — {n} reference{'s' * (n != 1)} to it or its parts", style=HEADING)
    named = " ".join(filter(None, (result.rule.label, result.rule.title)))
    said = () if result.corrected_from is None else (  # "tramlpe" read as Trample's rule: said, as kw says it
        Text("read ‘", style=DIM).append(visible(result.corrected_from, newlines=False)).append(f"’ as {visible(named)}"),)
    if not n:
        return Group(label(result.rule, opts), *said, Text("Nothing in the loaded rules refers to it.", style=DIM))
    rows = [(r.source, Text(("about " if r.relation == "about" else "→ ") + ", ".join(r.targets))) for r in result.references]
    return Group(head, *said, *_grouped(rows, opts))


def render_related(node: Citation, items: Sequence[Related], opts: RenderOptions) -> RenderableType:
    head = Text("related to ", style=HEADING).append_text(label(node, opts))
    if not items:
        return Group(head, Text("Nothing related was found.", style=DIM))
    return listing(head, [(r.node, text("; ".join(r.why), newlines=False)) for r in items], opts, words=False)


def render_entry(c: Citation, opts: RenderOptions) -> RenderableType:
    """One node in full (a FAQ entry opened from an answer): its label and words, examples, where it is from."""
    return Group(entry(c, opts), Text(visible(dated_source(c)), style=DIM))


def render_error(message: str) -> Text:
    return Text("error: ", style="bold red").append_text(text(message, newlines=False))
