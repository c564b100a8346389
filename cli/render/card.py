"""Render a card lookup: the card's faces (name, mana cost, type line, Oracle text, P/T), its keywords each
with its defining rule (``Persist → 702.79``), its dated rulings, the rules its type line points to and those of
the kind of card its layout makes it (``Adventurer Card → 715``); or
the candidates of an ambiguous name.  Pure, like :mod:`~rulesgraph_cli.render.core`: every text from the card
data goes through :func:`~rulesgraph_cli.render.core.text` (visible-safe, never markup)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rulesgraph.cards.model import Face
from rulesgraph.cards.view import CardResult, CardView, Linked

from .core import DIM, HEADING, INDEX, RenderOptions, rule_ref, text

__all__ = ["card_targets", "render_card", "render_card_result"]

_RELATIONS = (("has", "keywords"), ("grants", "grants"), ("action", "actions"))
RULINGS_SHOWN = 50_000
"""Characters of rulings one card shows (a real card has at most some 30 rulings, 10,000 characters in all; a card
file may give 2,000 of 10,000 characters each, which took seconds to lay out): the rest are counted, and --json has
them all."""


def _face(face: Face, *, heading: bool) -> list[RenderableType]:
    parts: list[RenderableType] = []
    if heading:
        head = text(face.name, HEADING, newlines=False)
        if face.mana_cost:
            head.append("  ").append_text(text(face.mana_cost, newlines=False))
        parts.append(head)
    parts.append(text(face.type_line, DIM, newlines=False))
    if face.text:
        parts.append(text(face.text))
    if stats := face.stats():
        parts.append(text(stats, newlines=False))
    return parts


def card_targets(view: CardView) -> list[str]:
    """The rule ids :func:`render_card` numbers ``[1]``, ``[2]`` …, in that order (typing K opens one)."""
    out: list[str] = []
    for linked in [*view.keywords, *view.types, *([view.layout] if view.layout is not None else [])]:
        for rule in linked.rules:
            if rule not in out:
                out.append(rule)
    return out


def _linked(items: Sequence[Linked], numbers: dict[str, int], opts: RenderOptions) -> Text:
    out = Text()
    for i, item in enumerate(items):  # one to a line: "Trample → 702.19" never breaks
        if i:
            out.append("\n")
        out.append_text(text(item.name, newlines=False))
        for j, rule in enumerate(item.rules):
            out.append(" → " if j == 0 else ", ")
            if opts.hints:  # in the REPL, where typing the number opens the rule
                out.append(f"[{numbers[rule]}] ", style=INDEX)
            out.append_text(rule_ref(rule, opts))
    return out


def render_card(view: CardView, opts: RenderOptions, note: str | None = None) -> RenderableType:
    card = view.card
    head = text(card.name, HEADING, newlines=False)
    one = len(card.faces) == 1
    if one and card.faces[0].mana_cost:
        head.append("  ").append_text(text(card.faces[0].mana_cost, newlines=False))
    if not one:
        head.append(f"  {card.layout}", style=DIM)
    parts: list[RenderableType] = [head]
    if note:
        parts.append(text(note, DIM, newlines=False))
    for i, face in enumerate(card.faces):
        if i and not one:
            parts.append(Text())
        parts += _face(face, heading=not one)
    if card.funny:
        parts.append(Text("from a joke set: its text need not follow the rules", style=DIM))
    numbers = {rule: i for i, rule in enumerate(card_targets(view), 1)}
    fields = Table.grid(padding=(0, 2))
    fields.add_column(no_wrap=True, style=DIM)
    fields.add_column(overflow="fold")  # a word longer than the column is broken, not cut
    for relation, title in _RELATIONS:
        items = [k for k in view.keywords if k.relation == relation]
        if items:
            fields.add_row(Text(title), _linked(items, numbers, opts))
    if fields.row_count:
        parts += [Text(), fields]
    if card.rulings:
        rulings = Table.grid(padding=(0, 2))
        rulings.add_column(no_wrap=True, style=DIM)
        rulings.add_column(overflow="fold")  # a word longer than the column is broken, not cut
        shown = 0
        for r in card.rulings:
            if shown and shown + len(r.text) > RULINGS_SHOWN:
                break
            rulings.add_row(text(r.date, newlines=False), text(r.text))
            shown += len(r.text)
        parts += [Text(), Text(f"rulings ({len(card.rulings)})", style=HEADING), rulings]
        if rulings.row_count < len(card.rulings):
            left = card.rulings[rulings.row_count :]
            parts.append(Text(f"… {len(left):,} more rulings ({sum(len(r.text) for r in left):,} characters) not shown; "
                              "'rulesgraph card --json' has them all", style=DIM))
    if view.types:
        line = Table.grid(padding=(0, 2))
        line.add_column(no_wrap=True, style=DIM)
        line.add_column(overflow="fold")  # a word longer than the column is broken, not cut
        line.add_row(Text("type line"), _linked(view.types, numbers, opts))
        if view.layout is not None:  # an adventurer, split, flip, leveler, double-faced … card: that kind of card's rules
            line.add_row(Text("layout"), _linked([view.layout], numbers, opts))
        parts += [Text(), line]
    if view.formats:
        parts += [Text(), _play(view)]
    if opts.hints and numbers:
        parts.append(Text("type a number in brackets to open that rule", style=DIM))
    return Group(*parts)


def _play(view: CardView) -> RenderableType:
    """Its legality per format, the formats it can be a commander in, its color identity, and the data's date."""
    from rulesgraph.cards.legality import by_status, colors_said, format_name, leads

    card = view.card
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style=DIM)
    grid.add_column(overflow="fold")  # a word longer than the column is broken, not cut
    groups = by_status(card, view.formats)
    for status, title in (("Legal", "legal in"), ("Restricted", "restricted in"), ("Banned", "banned in"), ("Not legal", "not legal in")):
        if groups.get(status):
            grid.add_row(Text(title), text(", ".join(format_name(f) for f in groups[status])))
    if groups.get("Unlisted"):  # no legality at all: newer than the data's lists, or a card no format admits
        grid.add_row(Text("legality"), Text("none listed in any format (newer than the data's lists, or a card no format admits)"))
    if said := leads(card, groups):  # Golos could lead a Commander deck, but is banned there: not "can be your commander"
        grid.add_row(Text("commander"), text("; ".join(said)))
    identity = card.color_identity
    letters = f" ({', '.join(c for c in 'WUBRG' if c in identity)})" if identity else ""
    grid.add_row(Text("color identity"), text(colors_said(identity) + letters))
    when = f"card data of {view.data_date}" if view.data_date else "the installed card data"
    return Group(Text(f"formats ({when}: ban lists change)", style=HEADING), grid)


def render_card_result(result: CardResult, opts: RenderOptions) -> RenderableType:
    """The card, or the candidates of an ambiguous name, numbered."""
    if result.view is not None:
        return render_card(result.view, opts, result.note)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, justify="right")
    grid.add_column(overflow="fold")  # a word longer than the column is broken, not cut
    for i, (name, line) in enumerate(result.candidates, 1):
        entry = text(name, HEADING, newlines=False).append("  ").append_text(text(line, DIM, newlines=False))
        grid.add_row(Text(f"[{i}]", style=INDEX), entry)
    more = "" if len(result.candidates) < 30 else " (the first 30)"
    head = Text(f"‘{result.found.query.strip()}’ could be {len(result.candidates)} cards{more}:", style=DIM)
    tail = Text("type a number to see that card" if opts.hints else "give more of the name", style=DIM)
    return Group(head, grid, tail)
