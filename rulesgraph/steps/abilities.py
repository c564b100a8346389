"""Rule 31, a named card's abilities: a card whose Oracle text has an ability written in one of the CR's ability
templates ("[Cost]: [Effect.]", 113.3b and 602.1; "[Trigger condition], [effect]" opening with "when", "whenever" or
"at", 113.3c and 603.1) brings in the section of the rules that gives every template — 113, "Abilities": what an
ability is, its source, that once activated or triggered it exists on the stack independently of that source (113.7a)
— however the question puts it ("they kill Prodigal Pyromancer in response to its ping"; Liliana's -3).  The sections
giving one kind's template alone (602, 603) are not raised: their rules share the words players use for that kind
("trigger", "activate") already, and raising them too put their rules over the deciding ones as often as not.
A card step (:mod:`rulesgraph.steps.cards` has the others) and itself a prior, run after rule 21's.

Rule 42, a kind of triggered ability on a named card: a wording whose rule names the kind of ability it makes (603.6c,
"Leaves-the-battlefield abilities trigger when …") names that kind's glossary term, whose cited rules rise as rule 4
raises a term the question names (:func:`kind_terms`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..effects import TEMPLATE
from ..pipeline import Query
from ..qgraph import QGraph
from ..relevance import specificity
from .cards import fit, named_wordings

if TYPE_CHECKING:
    from ..namedcards import NamedCard

__all__ = ["WEIGHTS", "card_abilities", "glossary_terms", "kind_term", "kind_terms", "raise_kinds", "templates", "trigger_templates"]

WEIGHTS = {
    "card_ability": 3.0,  # rule 31: prior of a rule of the abilities section, times its fit, for a card with an ability
    "kind_term": 0.8,  # rule 42: prior of the rules a kind's glossary entry cites (rule 4's "term_cited"), times its fit
}
_OPENS = re.compile(r"begin with\)? the word “([a-z]+),” “([a-z]+),” or “([a-z]+)\.?”|\[([A-Za-z]+(?:/[A-Za-z]+)+)\]")
"""The words a triggered ability's template opens with: "[When/Whenever/At]" (603.1), "(and usually begin with) the word
“when,” “whenever,” or “at.”" (113.3c)."""


def templates(g: QGraph) -> tuple[tuple[re.Pattern[str], ...], tuple[str, ...]]:
    """The ability templates of the loaded rules, each as the pattern a line of Oracle text with such an ability opens
    with, and the sections giving every one of them (``("113",)``); built once per graph, kept in its memo."""
    known = g.memo.get("ability templates")
    if known is None:
        found: dict[str, set[str]] = {}
        for i in range(len(g.ids)):
            section = g.section[i]
            if g.kind[i] not in ("rule", "subrule") or section is None or " written as " not in g.word_line(i):
                continue  # read without decoding the rule: a template is "written as “…”"
            if g.attrs[i].get("numbering") != "cr":
                continue
            text = g.attrs[i].get("text") or ""
            for m in TEMPLATE.finditer(text):
                opens = _OPENS.search(text)
                if m.group(2) == ":":
                    head = r"[^:\n]*:"
                elif opens:
                    said = opens.group(4).split("/") if opens.group(4) else opens.group(1, 2, 3)
                    head = rf"(?:{'|'.join(re.escape(w.capitalize()) for w in said)})\b[^,\n]*,"
                else:
                    continue
                found.setdefault(head, set()).add(section)
        common = set.intersection(*found.values()) if found else set()
        known = g.memo["ability templates"] = (
            tuple(re.compile(rf"^{head}", re.MULTILINE) for head in found), tuple(sorted(common)))
    return known


def card_abilities(q: Query) -> None:
    """Rule 31: when a named card's Oracle text has a line in one of the ability templates (:func:`templates`), each
    rule and subrule of the section giving every template (113) has its prior raised by the weight times how surely
    the card was named and how much of the question's own words it holds (rule 21's fit): of the abilities rules, the
    ones the question's words reach rise."""
    w = q.w["card_ability"]
    if w <= 0 or not q.a.cards:
        return
    g = q.g
    patterns, sections = templates(g)
    sure, key = max(((c.confidence, c.key) for c in q.a.cards if any(p.search(c.text) for p in patterns)), default=(0.0, ""))
    if not sure:
        return
    for s in sections:
        i = g.num.get(s)
        if i is None:
            continue
        for j in range(i + 1, g.end[i]):
            q.raise_(j, j + 1, w * sure * fit(q, j), f"{key} has an ability (rule {s})")


def trigger_templates(g: QGraph) -> tuple[re.Pattern[str], ...]:
    """Of :func:`templates`' patterns, those of triggered abilities: they open with a trigger word ("When", "Whenever",
    "At", 603.1), where an activated ability's runs to its colon (602.1)."""
    return tuple(p for p in templates(g)[0] if not p.pattern.endswith(":"))


def glossary_terms(g: QGraph) -> dict[str, int]:
    """The glossary entries by their terms in lower case (read from the nodes' ids, once per graph)."""
    known = g.memo.get("glossary by term")
    if known is None:
        known = g.memo["glossary by term"] = {n[len("glossary:"):].lower(): i for i, n in enumerate(g.ids) if n.startswith("glossary:")}
    return known


def kind_term(g: QGraph, kind: str) -> int | None:
    """The glossary entry naming a kind of effect or ability the rules define by its wording (:mod:`rulesgraph.wording`:
    "replacement" → Replacement Effect, "leaves-the-battlefield" → Leaves the Battlefield), if the glossary has one."""
    terms = glossary_terms(g)
    name = kind.replace("-", " ")
    for said in (f"{name} effect", f"{name} ability", name):
        if said in terms:
            return terms[said]
    return None


def kind_terms(q: Query) -> None:
    """Rule 42: a wording on a named card of a kind of effect or ability the rules define by its wording (603.6c:
    "Leaves-the-battlefield abilities trigger when … These are written as … “Whenever [something] is put into a
    graveyard from the battlefield, . . .”", Rancor's "When Rancor is put into a graveyard from the battlefield";
    614.1a's "instead") names that kind's glossary term (Leaves the Battlefield, "See rules 603.6c and 603.10"), and
    raises the rules its entry cites as rule 4 raises a term the question names: by the weight, how surely the card was
    named, how specific the term is and how much of the question's own words the rules hold (rule 21's fit)."""
    w = q.w["kind_term"]
    if w <= 0 or not q.a.cards:
        return
    raise_kinds(q, w, ((card, wording.ability) for card in q.a.cards for wording in named_wordings(q, card) if wording.ability),
                "has a")


def raise_kinds(q: Query, w: float, found: Iterable[tuple[NamedCard, str]], verb: str) -> None:
    """Rule 42's raise, for each ``(card, kind)`` found (the first card of each kind's glossary term): the rules that term's
    entry cites, by ``w``, how surely the card was named, how specific the term is and how much of the question's own
    words the rules hold (rule 21's fit); the reason says the card ``verb`` ("has a", "makes a") that kind of ability."""
    g = q.g
    raised: set[int] = set()
    for card, kind in found:
        i = kind_term(g, kind)
        if i is None or i in raised:
            continue
        raised.add(i)
        label = g.ids[i][len("glossary:"):]
        strength = w * card.confidence * specificity(q.index, label)
        for rule in g.out(i, "cites"):
            q.raise_(rule, g.end[rule], strength * fit(q, rule), f"{card.key} {verb} {kind} ability ({label})")
