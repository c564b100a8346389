"""Rule 74, the kind of a named card's ability: an ability of a kind the rules treat apart is settled by the rule on
that kind, though the question seldom names the kind.  Five kinds, each rule found by its own phrasing and each
card's ability read from its Oracle text (reminder text left out), for every card alike (:data:`KINDS`):

- a trigger with an intervening "if" — "When/Whenever/At [trigger event], if [condition], [effect]" (Ebony Owl
  Netsuke, Call to the Grave): the rule quoting that template (603.4: the ability triggers only if the condition is
  true when the event happens, and does nothing if it is false when it resolves); questions ask "does it still
  trigger?" and "what if the count changes before it resolves?";
- a trigger on leaving — "When … dies", "Whenever … is put into a graveyard from the battlefield", "leaves",
  "Whenever you sacrifice", "is returned to … hand" (Rotlung Reanimator, Vengeful Dead, Skullclamp, Worldgorger
  Dragon): the rule saying leaves-the-battlefield abilities "look back in time" (603.10a: the game checks the object
  as it last existed on the battlefield); questions tell a board wipe, creatures dying together, a card changed
  before it left;
- a trigger on entering — "When … enters", "Whenever a [type] enters" (Eternal Witness, Noxious Ghoul, Warp World's
  lands): the rule on enters-the-battlefield abilities (603.6a: every permanent on the battlefield, the newcomers
  included, is checked for them each time permanents enter);
- a copy effect — "enter as a copy of", "becomes a copy of", "a token that's a copy of" (Clone, Sculpting Steel,
  Dimir Doppelganger, Kiki-Jiki): the rule on what a copy acquires (707.2: the copiable values, not counters, not
  other effects); questions ask what the copy has, what it is after the original changed;
- a copy of a spell — "Copy target instant or sorcery spell", "copy that spell", "you may copy this spell" (Twincast,
  Chain of Plasma, Mirari): the rule on copying a spell or ability (707.10: the copy is put on the stack, it was not
  cast); questions ask what the copy's targets, modes and X are, whether it triggers "whenever you cast".

Of the real tuning questions whose first expected rule is one of these, the answer's first rule was an expected one,
before stop 66, for 3 of the 30 of 603.10a, 11 of the 38 of 603.6a, 8 of the 29 of 707.2, 30 of the 44 of 707.10, and
(with the intervening "if" read since stop 65) 9 of the 16 of 603.4.  Abilities a keyword gives are left out with its
reminder text (persist, storm, casualty): the keyword's own rule says what they do.  A prior-stage step (it adds text
relevance), run with the card steps.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ...common.lazyre import lazy
from ..pipeline import Query
from .replaced import TRIGGER_LINE
from .wording import REMINDER, TEXTS_KEPT, cr_rules_saying

if TYPE_CHECKING:
    from ...build.index import Index
    from ...build.qgraph import QGraph

__all__ = ["COPIES", "COPIES_SPELL", "ENTERS", "INTERVENING", "KINDS", "LOOKS_BACK", "WEIGHTS", "Kind", "ability_kinds", "kinds_of",
           "rules_on"]

WEIGHTS = {
    "intervening_if": 1.0,  # rule 74: text relevance given to the rule on the intervening "if" clause (603.4)
    "looks_back": 0.7,  # rule 74: … to the rule saying leaves-the-battlefield abilities look back in time (603.10a)
    "enters": 0.7,  # rule 74: … to the rule on enters-the-battlefield abilities (603.6a)
    "copies": 1.0,  # rule 74: … to the rule on what a copy acquires (707.2)
    "copies_spell": 1.0,  # rule 74: … to the rule on copying a spell or ability (707.10)
}
INTERVENING = lazy(TRIGGER_LINE + r"[^.\n]*?, if\b", re.MULTILINE)
"""A triggered ability with an intervening "if" clause: a line opening a trigger as the other card steps read one
(:data:`~rulesgraph.rank.cardsteps.replaced.TRIGGER_LINE`: "When", "Whenever" or "At", perhaps after an ability word:
"Raid — At the beginning of your end step, if you attacked this turn, …"), saying
", if" before its first full stop (603.4's template: "When/Whenever/At [trigger event], if [condition], [effect]")."""
_EVENT = r"\b(?:When|Whenever)\b[^,.\n\"“”]*?\b"
"""A trigger event: "When" or "Whenever" and what follows it within the clause, wherever it opens one — not only at a
line's start (:data:`~rulesgraph.rank.cardsteps.replaced.TRIGGER_LINE`), so an ability granted in quotes counts too:
"Each creature has “When this creature dies, …”"."""
LOOKS_BACK = lazy(_EVENT + r"(?:dies|(?<!\ba )(?<!\bthe )(?<!planar )(?<!-sided )die|leaves?|sacrifices?|returned to|"
                          r"put into (?![^,.\n]*\bfrom (?:anywhere|\w+(?:'s)? library)))\b")
"""A trigger on leaving, the events 603.10a lists: leaving the battlefield ("dies", "leaves the battlefield", "is put into
a graveyard from the battlefield"), a player sacrificing a permanent ("Whenever you sacrifice"), a card leaving a
graveyard ("leaves your graveyard"), an object put into a hand or library ("is returned to its owner's hand").  Not
a die rolled ("Whenever you roll a die"), nor a card put into a graveyard "from anywhere" or "from your library", which
603.6c says is no leaves-the-battlefield ability."""
ENTERS = lazy(_EVENT + r"enters?\b")
"""A trigger on entering: "When [this object] enters", "Whenever a [type] enters" (603.6a's templates; the Oracle
text of 2024 and before says "enters the battlefield")."""
COPIES = lazy(r"\b(?:as (?:a copy|copies) of|becomes? (?:a copy|copies) of|that's a copy of|that are copies of|is a copy of)")
"""A copy effect making a permanent or token a copy of an object: "enter as a copy of", "enter as copies of", "becomes a
copy of", "become copies of", "create a token that's a copy of", "is a copy of"; not copying a spell
(:data:`COPIES_SPELL`)."""
COPIES_SPELL = lazy(r"\b[Cc]op(?:y|ies) (?:target|that|it|the|each|this)\b[^.,;]{0,25}?\b(?:spell|ability)\b|"
                    r"\b[Cc]op(?:y|ies) it\b")
"""A copy of a spell or ability put on the stack: "Copy target instant or sorcery spell", "copies that spell", "you may
copy this spell and may choose new targets for the copy", "copy it" (a card copied to be cast, as Chandra,
Pyromaster's, reads the same); the spell or ability said within a few words, so "doesn't copy that creature's
color … ability" is none."""


class Kind(NamedTuple):
    """A kind of ability the rules treat apart: the weight raising its rule, what the rule says (``saying``,
    phrases for :meth:`~rulesgraph.build.index.Index.saying`, all of which its text holds), how a card's Oracle text
    words one (``card``, searched; compiled on first use, as :mod:`rulesgraph.common.lazyre` puts off every pattern),
    and why the rule was raised, as ``why matched`` says it (``reason``)."""

    weight: str
    saying: tuple[str, ...]
    card: re.Pattern[str]
    reason: str


KINDS = (
    Kind("intervening_if", ("[trigger event]", "if [condition]"), INTERVENING,
         "a named card's triggered ability has an intervening 'if' clause"),
    Kind("looks_back", ("look back in time", "leaves-the-battlefield abilities"), LOOKS_BACK,
         "a named card's ability triggers on leaving: it looks back in time"),
    Kind("enters", ("Enters-the-battlefield abilities trigger when",), ENTERS,
         "a named card's ability triggers on entering"),
    Kind("copies", ("When copying an object", "copiable values"), COPIES,
         "a named card makes a copy of an object"),
    Kind("copies_spell", ("To copy a spell, activated ability, or triggered ability",), COPIES_SPELL,
         "a named card copies a spell or ability"),
)
"""The kinds, in the order they are raised."""


def rules_on(kind: Kind, g: QGraph, index: Index) -> tuple[int, ...]:
    """The CR rules (no variant's) saying all of ``kind.saying``, once per graph: 603.4 quotes the intervening "if"
    template; 603.10a says leaves-the-battlefield abilities look back in time; 603.6a opens "Enters-the-battlefield
    abilities trigger when"; 707.2, "When copying an object, the copy acquires the copiable values"; 707.10, "To copy a
    spell, activated ability, or triggered ability means …"."""
    key = f"ability kind rules {kind.weight}"
    if key not in g.memo:
        g.memo[key] = tuple(i for i in cr_rules_saying(g, index, kind.saying[0])
                            if all(s in (g.attrs[i].get("text") or "") for s in kind.saying))
    return g.memo[key]


@lru_cache(maxsize=TEXTS_KEPT)
def kinds_of(text: str) -> tuple[Kind, ...]:
    """The kinds of ability a card's Oracle text (reminder text left out) words, once per text: the same few
    cards are named question after question."""
    said = REMINDER.sub(" ", text)
    return tuple(k for k in KINDS if k.card.search(said))


def ability_kinds(q: Query) -> None:
    """Rule 74: for each kind of ability a named card words (:func:`kinds_of`), the rule on that kind
    (:func:`rules_on`) is a candidate as if the question matched it, by the kind's weight times how surely the surest
    card wording one was named.
    Step ``ability_kinds``; weights: ``intervening_if`` = 1.0, ``looks_back`` = 0.7, ``enters`` = 0.7, ``copies`` = 1.0,
    ``copies_spell`` = 1.0 (``bench/fit.py --only looks_back,enters,intervening_if,copies,copies_spell``, stop 66: held
    out, the folds' values did worse, 42.0% / 62.2% of 2,347, than these, 42.4% / 62.3%; every fold would raise
    ``copies_spell`` to 3.5 and four of five ``intervening_if`` to 1.3–2.7, neither gaining held out).
    Earns its place on the real tuning questions (``bench/ablate.py --halves``: :mod:`rulesgraph.rank.ranking` has its
    figures)."""
    if not q.a.cards:
        return
    sure: dict[Kind, float] = {}
    for card in q.a.cards:
        for kind in kinds_of(card.text):
            sure[kind] = max(sure.get(kind, 0.0), card.confidence)
    for kind, confidence in sure.items():
        weight = q.w[kind.weight]
        for i in rules_on(kind, q.g, q.index) if weight > 0 else ():
            q.relevant(i, weight * confidence, kind.reason)
