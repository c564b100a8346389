"""Rules 34 and 36, when in the turn: what a question asks of a time in the turn is often settled by rules its words
hardly reach.

- Rule 34, when a player may act: "can I activate my planeswalker's abilities on my opponent's turn?", "can I cast a
  creature while something is on the stack in my main phase?" turn on the rules saying when a player may do what —
  "A player may activate a loyalty ability … any time they have priority and the stack is empty during a main phase of
  their turn" (606.3), 117.1a, 505.6b — more than on the many rules on what those acts are;
- Rule 36, mana between steps: "can I float mana from my upkeep into my draw step?" turns on the rules saying mana
  empties as a step or phase ends (500.5, 106.4).

The rules' own phrasing says which rules those are (a rule saying a player "may" or "can", and priority; a rule saying
a mana pool "empties" at the end of a step and phase), what a player does with priority (117.1: "The player with
priority may cast spells, activate abilities, and take special actions") and which sections are the turn's steps and
phases (their titles, "Untap Step", "Main Phase"; the chapter holding them, "Turn Structure").  Both run before the
priors; what they read is read once per graph (:func:`timing`).
"""

from __future__ import annotations

import re

from ..analyze import Match
from ..index import Index, doc_terms
from ..pipeline import Query
from ..qgraph import QGraph
from .named import terms_of

__all__ = ["WEIGHTS", "Timing", "mana_empties", "steps_said", "timing", "when_to_act"]

WEIGHTS = {
    "when_to_act": 1.0,  # rule 34: prior of the rules saying when a player may act
    "step_priority": 0.5,  # rule 34: text relevance given to a named step's rule on when priority is given in it
    "mana_empties": 0.5,  # rule 36: text relevance given to the rules saying mana empties as steps and phases end
}
_STEP_TITLE = re.compile(r"\b(Step|Phase)$")
"""A section of the turn structure, by the CR's naming of them: "Untap Step", "Main Phase"."""
_WITH_PRIORITY = re.compile(r"player with priority may (.+?)\.")
"""117.1: "The player with priority may cast spells, activate abilities, and take special actions."."""
_PRIORITY = frozenset(doc_terms("priority"))
_MANA = frozenset(doc_terms("mana"))
_STEP_WORDS = frozenset(doc_terms("step phase"))
"""What the steps' titles call them (:data:`_STEP_TITLE`)."""


class Timing:
    """What rules 34 and 36 read from the rules, once per graph (:func:`timing`)."""

    __slots__ = ("acts", "empties", "naming", "opens", "rules", "steps", "turn")

    def __init__(self, rules: tuple[int, ...], acts: frozenset[frozenset[str]], steps: frozenset[str], turn: frozenset[str],
                 empties: tuple[int, ...], opens: dict[str, tuple[int, ...]], naming: dict[str, str]) -> None:
        self.rules = rules
        """The rules saying when a player may act: their text says a player may or can, and priority."""
        self.acts = acts
        """What a player does with priority: the stems of 117.1's verbs ({"cast"}, {"activ"}) and of its longer
        objects ({"special", "action"})."""
        self.steps = steps
        """The sections titled "… Step" or "… Phase"."""
        self.turn = turn
        """The stems of the title of the chapter holding them ("turn", "structur")."""
        self.empties = empties
        """The rules saying mana pools empty as steps and phases end (106.4, 500.5, 703.4q)."""
        self.opens = opens
        """Each step's own rule on priority in it (section → rules): a rule, not a subrule, of a section titled "… Step"
        saying a player gets or receives priority ("Second, the active player gets priority", 509.2; "No player
        receives priority during the untap step", 502.4) — when, in that step, players may act."""
        self.naming = naming
        """What names each of those steps as such (node id → its section): :func:`_naming`."""


def _acts(text: str) -> set[frozenset[str]]:
    """The stems of what 117.1 says a player with priority may do: a verb before a one-word object ("cast spells"), the
    object of a longer clause ("take special actions" → "special action")."""
    out: set[frozenset[str]] = set()
    for clause in re.split(r",\s*(?:and\s+)?|\s+and\s+", text):
        words = clause.split()
        if len(words) >= 2:
            out.add(frozenset(doc_terms(words[0] if len(words) == 2 else " ".join(words[1:]))))
    return out


def timing(g: QGraph, index: Index) -> Timing:
    """What rules 34 and 36 read from the rules (see :class:`Timing`), read once per graph: the rules are the ones whose
    words the index has for "priority" or "empties", told apart by their word lines and decoded only when those hold
    the words the rules need; the steps are read from the sections' titles."""
    known = g.memo.get("timing")
    if known is None:
        rules: list[int] = []
        empties: list[int] = []
        acts: set[frozenset[str]] = set()
        steps: set[str] = set()
        opens: dict[str, list[int]] = {}
        chapters: set[int] = set()
        for i, kind in enumerate(g.kind):
            if kind == "section" and _STEP_TITLE.search(g.attrs[i].get("title") or ""):
                steps.add(g.ids[i])
                chapters.add(g.num.get(g.ids[i][0], -1))
        for i in index.saying("priority", "empties"):
            if g.kind[i] not in ("rule", "subrule"):
                continue
            line = g.word_line(i)
            says_when = " priority " in line and (" may " in line or " can " in line)
            if g.kind[i] == "rule" and (" gets priority " in line or " receives priority " in line):
                opens.setdefault(g.section[i] or "", []).append(i)
            says_empties = " mana pool " in line and " empties " in line and " step " in line and " phase " in line
            if not (says_when or says_empties) or g.attrs[i].get("numbering") != "cr":
                continue
            if says_empties:
                empties.append(i)
            if says_when:
                rules.append(i)
                m = _WITH_PRIORITY.search(g.attrs[i].get("text") or "") if not acts else None
                if m:
                    acts = _acts(m.group(1))
        turn = {t for c in chapters if c >= 0 for t in doc_terms(g.attrs[c].get("title") or "")}
        given = {sec: tuple(found) for sec, found in opens.items()
                 if sec in steps and (g.attrs[g.num[sec]].get("title") or "").endswith("Step")}
        known = g.memo["timing"] = Timing(tuple(rules), frozenset(acts), frozenset(steps), frozenset(turn), tuple(empties), given,
                                          _naming(g, given))
    return known


def _naming(g: QGraph, opens: dict[str, tuple[int, ...]]) -> dict[str, str]:
    """What names each step of ``opens`` as such (node id → the step's section): its section (by its title), and a
    glossary entry citing a rule of it and saying the words of its title but "step" (Declare Blockers → 509, Declare
    Blockers Step; not Attack → 508.1, nor Assign Combat Damage → 510.1)."""
    words = {sec: frozenset(doc_terms(g.attrs[g.num[sec]].get("title") or "")) - _STEP_WORDS for sec in opens}
    out = {sec: sec for sec in opens}
    for i, kind in enumerate(g.kind):
        if kind != "glossary" or not any(g.section[j] in words for j in g.out(i, "cites")):  # decoded only if it may name one
            continue
        label = frozenset(doc_terms(g.attrs[i].get("label") or "")) - _STEP_WORDS
        for j in g.out(i, "cites"):
            sec = g.section[j]
            if sec in words and words[sec] == label:
                out[g.ids[i]] = sec
    return out


def _steps_named(q: Query, t: Timing) -> set[str]:
    """The steps and phases the question names: a step's title, or a glossary term whose entry cites a step or a rule
    of one ("Declare Blockers" → 509.1)."""
    g = q.g
    cited = {g.section[j] for m in q.a.of_kind("title", "glossary")
             for j in ((g.num[m.node],) if m.kind == "title" else g.out(g.num[m.node], "cites"))}
    return cited & t.steps


def steps_said(q: Query, t: Timing) -> set[str]:
    """The steps the question names as such (of those with a rule on priority in them, :attr:`Timing.opens`): a step's
    title, or a glossary term saying the words of a step's title but "step" ("Declare Blockers" → 509, Declare Blockers
    Step), not one whose entry only cites a step's rule ("Attack" → 508.1, "Assign Combat Damage" → 510.1):
    :attr:`Timing.naming`."""
    naming = t.naming
    return {naming[m.node] for m in q.a.of_kind("title", "glossary") if m.node in naming}


def _acts_said(q: Query, t: Timing, m: Match) -> bool:
    """Whether a match says something a player does with priority: its words hold an act of 117.1 ("can I activate"),
    or it names the glossary term of one ("Special Action"); kept per index (the same words are said in many
    questions)."""
    key = ("act said", m.node, m.said)
    found = q.index.memo.get(key)
    if found is None:
        said = terms_of(q, m.said)
        found = q.index.memo[key] = any(act <= said for act in t.acts) or (
            m.kind == "glossary" and terms_of(q, q.g.nodes[m.node]["label"]) in t.acts)
    return found


def when_to_act(q: Query) -> None:
    """Rule 34: when the question asks of something a player does with priority (117.1's "cast", "activate", said as
    what it asks, not to set the scene: "can I activate …", not "I cast …"; a special action, named as such or through
    an alias: "play a land"; a loyalty ability, rule 35) at a time in the turn (a step or phase it names, or the word
    "turn"), the rules saying when a player may act (a player "may" or "can", and priority: 117.1a, 305.1, 505.6b,
    606.3) have their prior raised by the weight: the ones the question's words reach rise; and the rule of each step it
    names as such (:func:`steps_said`) on priority in that step (509.2) is a candidate by ``step_priority``'s share of a
    full match, its prior raised alike.  A question saying
    "priority" is left alone: its words reach those rules already, and the ones on who gets priority when (117.3b)."""
    w = q.w["when_to_act"]
    if w <= 0:
        return
    g, a = q.g, q.a
    stems = {s for s, weight in a.terms if weight == 1.0}
    if stems & _PRIORITY:
        return
    t = timing(g, q.index)
    if "loyalty said" not in q.memo and not any(_acts_said(q, t, m) for m in a.matches if not m.negated and m.via != "scene"):
        return
    if not (stems & t.turn or _steps_named(q, t)):
        return
    text = q.text
    for i in t.rules:
        if i in text:  # a prior multiplies text relevance: the others would gain nothing
            q.raise_(i, i + 1, w, "says when a player may act")
    given = q.w["step_priority"]
    for sec in steps_said(q, t) if given > 0 and t.opens else ():
        for i in t.opens.get(sec, ()):
            text[i] = text.get(i, 0.0) + given
            q.raise_(i, i + 1, w, "says when players get priority in the step named")


def mana_empties(q: Query) -> None:
    """Rule 36: a question about mana (its words, or the words its terms add: "float" → mana pool) in a step or phase
    (one it names, or the words "step", "phase") turns on the rules saying mana pools empty as steps and phases end
    (106.4, 500.5, 703.4q): they are candidates as if the question matched them by the weight's share of a full match."""
    w = q.w["mana_empties"]
    if w <= 0 or not any(s in _MANA for s, _ in q.a.terms):
        return
    t = timing(q.g, q.index)
    if not (_STEP_WORDS.intersection(s for s, weight in q.a.terms if weight == 1.0) or _steps_named(q, t)):
        return
    text = q.text
    for i in t.empties:
        text[i] = text.get(i, 0.0) + w
        q.note(i, "mana empties as a step or phase ends")
