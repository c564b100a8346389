"""Rule 73, several effects of one kind among the named cards: two replacement or prevention effects meeting one event
("two Furnace of Rath and a Lightning Bolt: doubled, tripled or quadrupled?", Samite Healer against Gratuitous
Violence) are settled by the rule saying how two or more of them apply (616.1: the affected player or controller
chooses one, then the next); two triggered abilities waiting for one event (Intruder Alarm and Thundermare, two
Mindmoils) by the rule saying how abilities that triggered together go on the stack (603.3b: APNAP order, each player
choosing their own order).  The question's words seldom say either ("which happens first?", "how much damage do I
take?").

Everything is read from the rules' own phrasing and the cards' Oracle text, once per graph and per card:

- the rules are those opening "If two or more …" or "If multiple …" and naming the kind (:data:`_SEVERAL`: "If two or
  more replacement and/or prevention effects are attempting …", "If multiple abilities have triggered since …"), of a
  kind the most general of them (a rule before a subrule: 616.1, not the melded permanents' 712.21d), a variant's
  never (Two-Headed Giant's 805.7);
- a card brings an effect of a kind when its Oracle text (reminder text left out) words one as the rules say it is
  worded: a replacement effect says "would" and "instead" (614.1a), a prevention effect "prevent" (615.1a), a
  triggered ability opens a line with "When", "Whenever" or "At" (603.1);
- a card counts twice when the question speaks of more than one of it (``NamedCard.many``: "two Force Bubbles", "each
  copy of Doubling Season"), and with two or more of a kind those rules are candidates as if the question matched them
  by the kind's weight, times how surely the second-surest of those cards was named.

A prior-stage step (it adds text relevance), run with the card steps.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...build.qgraph import QGraph
from ...common.lazyre import lazy
from ..pipeline import Query
from .replaced import TRIGGER, replacing
from .wording import REMINDER

if TYPE_CHECKING:
    from ...model import NamedCard

__all__ = ["KINDS", "WEIGHTS", "brings", "several", "several_rules"]

WEIGHTS = {
    "several_replacing": 3.0,  # rule 73: text relevance given to the rule on two or more replacement/prevention effects
    "several_triggered": 1.0,  # rule 73: … and to the rule on abilities that triggered together
}
KINDS = {"replacing": "several_replacing", "triggered": "several_triggered"}
"""The kinds of effect rule 73 counts, each with its weight's name."""
_SAID = {"replacing": "replacement or prevention effects", "triggered": "triggered abilities"}
_SEVERAL = lazy(r"^If (?:two or more|multiple) (replacement|prevention|triggered|abilities have triggered)\b")
"""A rule on how several effects of one kind apply, by its opening words, and the word naming the kind."""
_KIND = {"replacement": "replacing", "prevention": "replacing", "triggered": "triggered", "abilities have triggered": "triggered"}
_PREVENT = lazy(r"\bprevent\b", re.IGNORECASE)
"""A prevention effect's word (615.1a: "Effects that use the word “prevent” are prevention effects")."""


def several_rules(g: QGraph) -> dict[str, tuple[int, ...]]:
    """Each kind's rules on how two or more of it apply (:data:`_SEVERAL`; of a kind, the most general: rules before
    subrules; no variant's), once per graph."""
    if "several rules" not in g.memo:
        found: dict[str, list[int]] = {}
        for i, attrs in enumerate(g.attrs):
            cr = g.kind[i] in ("rule", "subrule") and attrs.get("numbering") == "cr" and not g.variant[i]
            if cr and (m := _SEVERAL.match(attrs.get("text") or "")):
                found.setdefault(_KIND[m.group(1)], []).append(i)
        general = {kind: min(g.kind[i] != "rule" for i in nodes) for kind, nodes in found.items()}  # False: a rule is among them
        g.memo["several rules"] = {kind: tuple(i for i in nodes if (g.kind[i] != "rule") == general[kind])
                                   for kind, nodes in found.items()}
    return g.memo["several rules"]


def brings(g: QGraph, card: NamedCard, kind: str) -> bool:
    """Whether the card's Oracle text (reminder text left out) words an effect of the kind: ``replacing`` ("would" …
    "instead": :func:`~rulesgraph.rank.cardsteps.replaced.replacing`, or "prevent"), ``triggered`` (a line opening
    "When", "Whenever" or "At")."""
    if kind == "triggered":
        return TRIGGER.search(REMINDER.sub(" ", card.text)) is not None
    return bool(replacing(g, card.text)) or _PREVENT.search(REMINDER.sub(" ", card.text)) is not None


def several(q: Query) -> None:
    """Rule 73: when the named cards bring two or more effects of one kind (:func:`brings`, a card spoken of as more than
    one counting twice), the rules on how two or more of that kind apply (:func:`several_rules`) are candidates by the
    kind's weight (:data:`KINDS`) times how surely the second-surest of those cards was named (the card's own sureness
    when it alone counts twice).
    Step ``several``; weights: ``several_replacing`` = 3.0, ``several_triggered`` = 1.0 (``bench/fit.py --only
    several_replacing,several_triggered``, stop 64: 3.0 kept in four folds of five; the folds moved the other every way,
    0.75 to 2, held out 40.5% / 60.3% against 40.4% / 60.5% kept).  Earns its place on the real tuning questions: removing
    it loses 5 / 10 and 4 / 13 at hit@1 / hit@3 on the two halves (``bench/ablate.py --halves``, stop 64)."""
    if not q.a.cards or (len(q.a.cards) < 2 and not q.a.cards[0].many):
        return
    rules = several_rules(q.g)
    for kind, name in KINDS.items():
        weight = q.w[name]
        if weight <= 0 or kind not in rules:
            continue
        bringing = [c for c in q.a.cards if brings(q.g, c, kind)]
        if sum(2 if c.many else 1 for c in bringing) < 2:
            continue
        sure = sorted((c.confidence for c in bringing), reverse=True)[min(1, len(bringing) - 1)]
        for i in rules[kind]:
            q.relevant(i, weight * sure, f"the named cards bring two or more {_SAID[kind]}")
