"""Turn an answer into rich renderables: what to know first, the unsure line, the first paragraph, the numbered citations
(a cited heading with its first part), the cards under it as printed, why it matched; and a ruling opened from it.

Pure, as :mod:`rulesgraph_cli.render.core` is, whose pieces it uses: every text from a source goes through
:func:`~rulesgraph_cli.render.core.text` (never markup; escapes made visible)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.style import Style
from rich.text import Text

from rulesgraph.answer.confidence import level as confidence_level
from rulesgraph.model import Answer, Citation, ShownCard

from .core import DIM, HEADING, RenderOptions, _fields, _numbered, cited, entry, joined, label, text

if TYPE_CHECKING:
    from rulesgraph.records.cards import Face

__all__ = ["UNSURE", "render_answer", "render_card", "render_cards", "render_ruling"]

UNSURE = "unsure (confidence {confidence:.2f}): the nearest answer found, which may not settle it —"
"""Said above the first paragraph of an answer with citations and low confidence (:func:`rulesgraph.answer.confidence.level`):
on the real tuning questions about two answers in three, whose first paragraph settles the question one time in four
(the others' more than half the time). Not above a message that cites nothing (several cards share a name)."""
def render_card(card: ShownCard, said: bool = False) -> Group:
    """A card as an answer shows it: its name, mana cost, type line and power/toughness (or loyalty), then its Oracle
    text indented (not when the answer has ``said`` it); a card of several faces (split, adventure, double-faced) its
    name, then each face so (card data is untrusted: shown literally, escapes made visible, like every source text)."""
    if len(card.faces) == 1:
        return _face(replace(card.faces[0], text="") if said else card.faces[0], HEADING, 0)
    if not card.faces:  # made without its faces: the name and type line
        head = text(card.name, HEADING, newlines=False).append("  ").append_text(text(card.type, DIM, newlines=False))
        return Group(head, Padding(text(card.text), (0, 0, 0, 4))) if card.text else Group(head)
    return Group(text(card.name, HEADING, newlines=False), *(_face(replace(f, text="") if said else f, "", 2) for f in card.faces))


def _face(face: Face, style: Style | str, indent: int) -> Group:
    """One face: ``Name  {cost}  Type line  P/T`` and its text under it."""
    head = text(face.name, style, newlines=False)
    for part, part_style in ((face.mana_cost, ""), (face.type_line, DIM), (face.stats(), "")):
        if part:
            head.append("  ").append_text(text(part, part_style, newlines=False))
    line = Padding(head, (0, 0, 0, indent)) if indent else head
    return Group(line, Padding(text(face.text), (0, 0, 0, 4))) if face.text else Group(line)


def render_cards(cards: Sequence[ShownCard], said: str = "") -> Group:
    """The cards a question names, under its answer; a card whose Oracle text the answer's first paragraph (``said``) is
    already ("what does The One Ring do?") by its printed line alone."""
    return Group(Text("cards", style=DIM), *(render_card(c, bool(c.text) and _squeezed(c.said()) == said) for c in cards))


def _squeezed(words: str) -> str:
    return " ".join(words.replace("…", " ").split())


def _quoted(c: Citation, said: str, ids: set[str]) -> bool:
    """The answer already says the heading's first part: cited in full, or quoted by its first paragraph."""
    if not c.opening:
        return False
    words = _squeezed(c.opening[1])
    return c.opening[0] in ids or (len(said) >= QUOTED and (said[:60] in words or words[:60] in said))


QUOTED = 20
"""Least characters of a first paragraph that count as quoting a heading's first part ("No." quotes nothing)."""


def render_answer(answer: Answer, opts: RenderOptions, see_also: Sequence[Citation] = ()) -> RenderableType:
    """What to know before reading it (:attr:`~rulesgraph.model.Answer.caveats`, dimmed), the direct answer first, then
    the numbered citations, the cards the question names, why they matched, and
    what to read next."""
    parts: list[RenderableType] = [text(f"note: {c}", DIM) for c in answer.caveats]
    if not answer.in_rules and not answer.citations:  # a question no rules document covers: one honest line, no rules
        why = " ".join(w for w in answer.why if w not in answer.caveats)  # the caveats are said above it
        cards = [render_cards(answer.cards), Text()] if answer.cards else []  # "which is better, Bolt or StP?": shown
        return Group(*parts, text(answer.answer or "", HEADING), Text(), *cards, _fields([("why", text(why, newlines=False)),
                                                                                   ("confidence", Text(f"low ({answer.confidence:.2f})"))]))
    if not answer.citations and not answer.answer:
        parts.append(Text("Nothing in the loaded rules matches that question.", style=HEADING))
        if answer.alternatives:
            parts.append(_fields([("did you mean", text("; ".join(answer.alternatives), newlines=False))]))
        more = ", or :help" if opts.hints else " (rulesgraph rule N), or a keyword (rulesgraph kw NAME)"
        parts.append(Text(f"Ask it in other words, try a rule number{more}.", style=DIM))
        return Group(*parts)
    if answer.answer:
        if answer.citations and confidence_level(answer.confidence) == "low":  # a guess says so before it is read
            parts.append(Text(UNSURE.format(confidence=answer.confidence), style=DIM))
        parts += [text(answer.answer, HEADING), Text()]
    if answer.citations:  # none when the question only named a card several cards share: those cards are shown
        said, ids = _squeezed(answer.answer or ""), {c.id for c in answer.citations}
        parts += [_numbered([(i, entry(c, opts, examples=False, source=True, opening=not _quoted(c, said, ids)))
                             for i, c in enumerate(answer.citations, 1)]), Text()]
    if answer.cards:
        parts += [render_cards(answer.cards, _squeezed(answer.answer or "")), Text()]
    rows: list[tuple[str, RenderableType]] = []
    why = [w for w in answer.why if w not in answer.caveats]  # said above the answer already
    if why:
        shown = [text(w, newlines=False) for w in why[:6]]
        if len(why) > 6:
            shown.append(Text(f"… {len(why) - 6} more"))
        rows.append(("why matched", Text("\n").join(shown)))
    if see_also:
        rows.append(("see also", joined([label(c, opts) for c in see_also])))
    if answer.keywords:
        rows.append(("keywords", text(", ".join(answer.keywords), newlines=False)))
    level = confidence_level(answer.confidence)
    rows.append(("confidence", Text(f"{level} ({answer.confidence:.2f})")))
    if answer.alternatives:
        rows.append(("did you mean", text("; ".join(answer.alternatives), newlines=False)))
    parts.append(_fields(rows))
    if opts.hints:
        parts.append(Text("type a citation's number to open it", style=DIM))
    return Group(*parts)


def render_ruling(c: Citation, card: ShownCard | None, opts: RenderOptions) -> RenderableType:
    """A card's ruling opened from an answer: the ruling with its date, then the card it is about."""
    parts: list[RenderableType] = [label(c, opts), cited(text(c.text), opts)]
    if card is not None:
        parts += [Text(), render_card(card)]
    return Group(*parts)
