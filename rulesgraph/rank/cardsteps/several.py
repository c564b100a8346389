"""Rule 73, effects of the named cards meeting one another: two replacement or prevention effects meeting one event
("two Furnace of Rath and a Lightning Bolt: doubled, tripled or quadrupled?", Samite Healer against Gratuitous
Violence) are settled by the rule saying how two or more of them apply (616.1: the affected player or controller
chooses one, then the next); two triggered abilities waiting for one event (Intruder Alarm and Thundermare, two
Mindmoils) by the rule saying how abilities that triggered together go on the stack (603.3b: APNAP order, each player
choosing their own order); a card saying something can't happen beside one that does it (Urza's Rage "can't be
countered" against Mana Drain, Platinum Angel against Coalition Victory) by the rule saying the "can't" effect takes
precedence (101.2).  The question's words seldom say any of them ("which happens first?", "how much damage do I
take?", "do I still win?").

Everything is read from the rules' own phrasing and the cards' Oracle text, once per graph and per card:

- the rules are those opening "If two or more …" or "If multiple …" and naming the kind (:data:`_SEVERAL`: "If two or
  more replacement and/or prevention effects are attempting …", "If multiple abilities have triggered since …") and
  those speaking of the “can't” effect in quotes (:data:`_CANT_RULE`); of a kind the most general of them (a rule before
  a subrule: 616.1, not the melded permanents' 712.21d; 101.2, not 614.17d), a variant's never (Two-Headed Giant's
  805.7);
- a card brings an effect of a kind when its Oracle text (reminder text left out) words one as the rules say it is
  worded: a replacement effect says "would" and "instead" (614.1a), a prevention effect "prevent" (615.1a), a
  triggered ability opens a line with "When", "Whenever" or "At" (603.1);
- a card counts twice when the question speaks of more than one of it (``NamedCard.many``: "two Force Bubbles", "each
  copy of Doubling Season"), and with two or more of a kind those rules are candidates as if the question matched them
  by the kind's weight, times how surely the second-surest of those cards was named;
- a card forbids what another does when its text says "can't" (or "can't be") of a verb the other's text says as a
  verb, with the object the "can't" names in the same sentence (:func:`forbids`: "can't be countered" and "Counter
  target spell", not "+1/+1 counters"; "can't lose the game" and "… loses the game", not "lose 3 life"), the two named
  as surely as the less sure of them.

A prior-stage step (it adds text relevance), run with the card steps.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ...build.qgraph import QGraph
from ...common.lazyre import lazy
from ...common.text import STOPWORDS, stem, words
from ..pipeline import Query
from .replaced import TRIGGER, replacing
from .wording import REMINDER, TEXTS_KEPT, cr_rules_saying

if TYPE_CHECKING:
    from ...build.index import Index
    from ...model import NamedCard

__all__ = ["KINDS", "WEIGHTS", "brings", "forbids", "several", "several_rules"]

WEIGHTS = {
    "several_replacing": 3.0,  # rule 73: text relevance given to the rule on two or more replacement/prevention effects
    "several_triggered": 1.0,  # rule 73: … and to the rule on abilities that triggered together
    "several_forbidding": 2.0,  # rule 73: … and to the rule on a "can't" effect meeting one that allows or directs
}
KINDS = {"replacing": "several_replacing", "triggered": "several_triggered", "forbidding": "several_forbidding"}
"""The kinds of effect rule 73 weighs, each with its weight's name."""
_SAID = {"replacing": "the named cards bring two or more replacement or prevention effects",
         "triggered": "the named cards bring two or more triggered abilities",
         "forbidding": "a named card says what another named card does can't happen"}
"""Why a rule of each kind was raised, as ``why matched`` says it."""
_SEVERAL = lazy(r"^If (?:two or more|multiple) (replacement|prevention|triggered|abilities have triggered)\b")
"""A rule on how several effects of one kind apply, by its opening words, and the word naming the kind."""
_KIND = {"replacement": "replacing", "prevention": "replacing", "triggered": "triggered", "abilities have triggered": "triggered"}
_CANT_RULE = lazy(r"[“\"]can[’']t[”\"]")
"""A rule speaking of the "can't" effect as one ("the “can’t” effect takes precedence", 101.2)."""
_CANT = lazy(r"\bcan[’']t ((?:be )?[a-z]+(?:,? (?:or|and) (?:be )?[a-z]+)*)((?: (?:the|a|an|your|their))? [a-z]+)?", re.IGNORECASE)
"""What a card's text says can't happen: its verbs ("can't be countered", "can't attack or block") and the word after
them, the object of an active verb ("can't lose the game", "can't gain life"; none for "can't be blocked")."""
_NOUN = frozenset(("a", "an", "loyalty", "additional", "another"))
"""A word said after these, or after a number ("+1/+1 counters"), is a thing, not what a card does."""
_PREVENT = lazy(r"\bprevent\b", re.IGNORECASE)
"""A prevention effect's word (615.1a: "Effects that use the word “prevent” are prevention effects")."""


_SAYING = ("two or more replacement", "multiple replacement", "two or more prevention", "multiple prevention",
           "two or more triggered", "multiple triggered", "multiple abilities have triggered", "can't effect")
"""What the rules :data:`_SEVERAL` and :data:`_CANT_RULE` find say: only the documents that may say one are read."""


def several_rules(g: QGraph, index: Index) -> dict[str, tuple[int, ...]]:
    """Each kind's rules on how two or more of it apply (:data:`_SEVERAL`; of a kind, the most general: rules before
    subrules; no variant's), once per graph; only the documents that may say :data:`_SAYING` are read
    (:meth:`~rulesgraph.build.index.Index.saying`, as rule 59 finds its kinds), not every node."""
    if "several rules" not in g.memo:
        found: dict[str, list[int]] = {}
        for i in cr_rules_saying(g, index, *_SAYING):
            text = g.attrs[i].get("text") or ""
            if m := _SEVERAL.match(text):
                found.setdefault(_KIND[m.group(1)], []).append(i)
            elif _CANT_RULE.search(text):
                found.setdefault("forbidding", []).append(i)
        general = {kind: min(g.kind[i] != "rule" for i in nodes) for kind, nodes in found.items()}  # False: a rule is among them
        g.memo["several rules"] = {kind: tuple(i for i in nodes if (g.kind[i] != "rule") == general[kind])
                                   for kind, nodes in found.items()}
    return g.memo["several rules"]


def brings(g: QGraph, card: NamedCard, kind: str) -> bool:
    """Whether the card's Oracle text (reminder text left out) words an effect of the kind: ``replacing`` ("would" …
    "instead": :func:`~rulesgraph.rank.cardsteps.replaced.replacing`, or "prevent"), ``triggered`` (a line opening
    "When", "Whenever" or "At")."""
    read = _read(card.text)
    if kind == "triggered":
        return read.triggered
    return read.prevents or bool(replacing(g, card.text))


def forbids(card: NamedCard, other: NamedCard) -> bool:
    """Whether ``card``'s text says can't (:data:`_CANT`) of what ``other``'s text does: one of the verbs, said as a verb
    (not after a number, "a", "an" or :data:`_NOUN`'s other words: "+1/+1 counters" counter nothing), in a sentence
    saying the verb's object too when the "can't" names one ("can't lose the game" forbids no "lose 3 life"); reminder
    text left out in both, and what ``other`` itself says can't happen is not what it does."""
    does = _read(other.text).does
    return any(verb in sentence and (not what or what in sentence[verb]) for verb, what in _read(card.text).cant
               for sentence in does)


class _Read(NamedTuple):
    """What rule 73 reads of a card's text (reminder text left out)."""

    triggered: bool
    prevents: bool
    cant: frozenset[tuple[str, str]]
    """What it says can't happen: ``(verb, object)`` stems, the object ``""`` when none is said."""
    does: tuple[dict[str, frozenset[str]], ...]
    """The rest of it, sentence by sentence: each verb it says (a word said as a verb) with the other stems of its
    sentence."""


@cache
def _small() -> frozenset[str]:
    """The stems of the small words: "can't be the target" says no "the" can't happen (stemmed once, when first needed)."""
    return frozenset(stem(w) for w in STOPWORDS)


@lru_cache(maxsize=TEXTS_KEPT)
def _read(text: str) -> _Read:
    """:class:`_Read` of a card's text, once per text (the same few cards are named question after question)."""
    said = REMINDER.sub(" ", text)
    small = _small()
    cant = set()
    for m in _CANT.finditer(said):
        what = next((stem(w) for w in words(m.group(2) or "") if stem(w) not in small), "") if "be " not in m.group(1) else ""
        cant |= {(verb, what) for w in words(m.group(1)) if (verb := stem(w)) not in small}
    does = []
    for sentence in re.split(r"[.\n]", _CANT.sub(" ", said)):
        said_words = words(sentence)
        stems = frozenset(stem(w) for w in said_words)
        verbs = {stem(w) for k, w in enumerate(said_words) if not k or not (said_words[k - 1] in _NOUN or said_words[k - 1].isdigit())}
        if verbs:
            does.append(dict.fromkeys(verbs - small, stems))
    return _Read(TRIGGER.search(said) is not None, _PREVENT.search(said) is not None, frozenset(cant), tuple(does))


def several(q: Query) -> None:
    """Rule 73: when the named cards bring two or more effects of one kind (:func:`brings`, a card spoken of as more than
    one counting twice), the rules on how two or more of that kind apply (:func:`several_rules`) are candidates by the
    kind's weight (:data:`KINDS`) times how surely the second-surest of those cards was named (a card spoken of as more
    than one counting twice); when one forbids what another does (:func:`forbids`), the rule that the "can't"
    wins, by its weight times the less sure of the two.
    Step ``several``; weights: ``several_replacing`` = 3.0, ``several_triggered`` = 1.0, ``several_forbidding`` = 2.0
    (``bench/fit.py --only NAME``, stop 64: 3.0 kept in four folds of five; the folds moved ``several_triggered`` every
    way, 0.75 to 2, and three of five moved ``several_forbidding`` up, 2.66–4, each held out below the values kept).
    Earns its place on the real tuning questions (``bench/ablate.py --halves``: :mod:`rulesgraph.rank.ranking` has
    its figures)."""
    if not q.a.cards or (len(q.a.cards) < 2 and not q.a.cards[0].many):
        return
    rules = several_rules(q.g, q.index)
    for kind, name in KINDS.items():
        weight = q.w[name]
        if weight <= 0 or kind not in rules:
            continue
        if kind == "forbidding":
            sure = max((min(a.confidence, b.confidence) for a in q.a.cards for b in q.a.cards if a is not b and forbids(b, a)),
                       default=0.0)
        else:
            each = sorted((c.confidence for c in q.a.cards if brings(q.g, c, kind) for _ in range(2 if c.many else 1)), reverse=True)
            if len(each) < 2:
                continue
            sure = each[1]  # the second-surest of them, a card spoken of as more than one counting twice
        for i in rules[kind] if sure else ():
            q.relevant(i, weight * sure, _SAID[kind])
