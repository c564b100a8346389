"""Conversation state: follow-up questions inherit what earlier turns were about.

A plain object the front end holds (never global). Each turn, :meth:`Conversation.resolve` decides whether the new question is a
follow-up ("and with deathtouch?", "what if it's a token?", "same question for planeswalkers") or a new subject ("ok, different
question: how does ward work?"), and for a follow-up adds the recent subjects to the question's analysis, with weights that decay turn
by turn, and the cards earlier turns named when it points back at them ("does exiling it work though", "her tax"), with their keywords,
as far as their rules hold what the follow-up asks, and the rare words of their Oracle text; after a policy answer,
:meth:`Conversation.policy_turn`. :meth:`Conversation.record` remembers the answer."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..build.index import Index, doc_terms
from ..build.qgraph import QGraph
from ..build.relevance import specificity
from ..common.text import STOPWORDS, fold, stem, words
from .analyze import Analysis, Match, defined_subject
from .cardsaid import FORGET, around_own_card, card_kin, card_subjects, card_words, own_terms
from .mention_context import SHORT_LETTERS, shortened
from .policyroute import ERROR, PERSONS, asks_judge, asks_remedy, at_level, level_only
from .read import ASKING, MAX_CHARS, Question

if TYPE_CHECKING:
    from ..model import NamedCard

__all__ = ["DECAY", "SAYS_ENOUGH", "Conversation", "substitutes"]

DECAY = 0.6
"""How much a subject still counts one turn later (it is forgotten below :data:`FORGET`)."""
CARRIED_DECAY = 0.85  # a subject a follow-up relied on stays the topic: it fades this slowly
ADDED = 0.8
"""Weight of a subject a follow-up adds ("and with deathtouch?")."""
CARRIED_TERMS = 0.6
"""Search weight of a carried subject's name, against 1 for the question's own words."""
SAYS_ENOUGH = 4
"""A follow-up with more words of its own than this leans on the subjects it carries less: their weights times
``SAYS_ENOUGH / its own words`` ("later it has three +1/+1 counters on it and gets hit with a -1/-1 counter. what happens
to the counters?" after Walking Ballista and Hardened Scales tells its own situation; "and with deathtouch?" is all
carried).  The cards it carries keep their weight, and so do a looked-up card's keywords: they are what its pronouns
name.  Stop 56 measured 3 to 8 on the chain sets of the time (299 turns after the first): 4 gained most (228 → 232)."""

_SWITCH = re.compile(
    r"\b(different|new|another|unrelated|separate|other) (question|q|topic|thing|subject)\b|\bchanging (the )?(topic|subject|gears)\b"
    r"|\bswitching\b|\bnext question\b|\bforget (that|it|about)\b"
    r"|\b(quick|random|side|general) (one|question|q)\b|\bone more (question|thing)\b"
    r"|^\s*((ok|okay|so|alright|right|now|and|but|also)\s+)*((totally|completely|entirely|kinda|somewhat)\s+)?"
    r"(unrelated|off topic|anyway|anyways|moving on|new one|on another note)\b"
)
_ASIDE = re.compile(r"\b(unrelated|off[- ]topic)( question)?\s*[:;,!-]")
"""Matched against the question with its punctuation: "… totally unrelated: …" opens a new subject."""
_FOLLOW = re.compile(
    r"^\s*(and|but|also|so|then|plus|\+|ok(ay)? and|what about|how about|what if|same (question|thing|for)|does (that|it|this)"
    r"|is (that|it|this)|can (it|i|they|you) still|even if|unless|with)\b"
    r"|\b(it|its|it's|that|this|they|them|those|these|same|one|ones|there|then|too|either|instead|as well|still)\b"
)
_HER, _HIM = re.compile(r"\b(she|her|hers|herself)\b"), re.compile(r"\bhim\b")
"""A character's pronouns (:meth:`Conversation._her`); "him" only in a rules follow-up (after a policy answer, a person)."""
_DUMMY_IT = re.compile(r"\b(does|did|will|would|do) it take\b|\bis it (possible|legal|allowed|true|ok|okay)( that)?\b|^its my\b")
"""An "it" that refers to nothing ("how much damage does it take", "is it true that …", "it's my first game …")."""
_SAME = re.compile(r"\bsame (question|thing) (for|with|about)\b")
"""A follow-up that names its own subject in place of the last one's ("what about X" may add X instead)."""
_SUBSTITUTE = re.compile(rf"^\s*(what|how) about\b|{_SAME.pattern}|^\s*and for\b")
"""The last question asked again, of what follows."""
_REFERS = re.compile(
    r"\b(it|its|it's|itself|they|them|their|themselves|he|him|his|she|her|hers|herself|himself|that|this|those|these)\b"
    r"|\b(the|that|this|those|these)\s+(creature|creatures|card|cards|spell|spells|equipment|aura|artifact|enchantment"
    r"|planeswalker|walker|land|lands|permanent|token|tokens|guy|one|ability|trigger|legend)\b"
)
"""Words pointing back at something named ("it", "her tax", "that creature"): a follow-up carries the earlier cards
only when it says one or goes on from the last question (:data:`_GOES_ON`), not "what is the stack?"."""
_GOES_ON = re.compile(r"^\s*(and|but|also|plus|\+|ok(ay)? and|what about|how about|what if|even if|unless|with|same)\b")
"""A question that begins by going on from the last one ("and with Path to Exile?", "what if …")."""
_DETERMINERS = frozenset("the that this those these my your his her their our".split())
_DEFINITE = frozenset("the that this those these".split())
"""Determiners that point back at something named before ("the creature"), unlike an owner ("my creature")."""
_CARD_TYPES = frozenset("creature artifact enchantment planeswalker land battle instant sorcery".split())
_INTRODUCES = re.compile(r"\b(?:a|an|another)\b|\b\d+/\d+\b")
"""A question bringing objects of its own ("I block a 3/3 with a 2/2 and the creature has first strike …", "… while an
aura is attached"): its "the creature" is one of them, not a held card."""
_INSIDE_CAPITAL = re.compile(r"(?<=[\w,;:)] )[A-Z][\w'’]*")
"""A word with a capital inside a sentence (after a word, not after a full stop): a name ("does Finks come back?")."""
_CAPS = re.compile(r"\b[A-Z]{3,}\b")
"""A word in capitals: perhaps a name's initials ("RIP")."""


def substitutes(text: str) -> bool:
    """Whether ``text`` asks the last question again of something else ("what about Shock?", "same question for X")."""
    return _SUBSTITUTE.search(text.lower()) is not None


_SUBJECTS = ("keyword", "glossary", "title", "card", "rule")
CONTINUITY = 1.0
"""How much a follow-up favours the sections the previous answer came from; one carrying a card favours none: the card
(its text, keywords, rulings) goes on, while the last sections were about the last situation, which a follow-up about
the card changes ("what if it reveals a land?" after Dark Confidant revealed a split card: mana value, 202.3, not 709.4)."""
SPECIFIC = 0.4
"""A common-word term is carried when at least this specific (``planeswalker``, ``token``: yes; ``creature``, ``spell``: no)."""


def _specific(m: Match, index: Index) -> bool:
    """Worth carrying to the next turn: a keyword, card or rule number, a term players' words led to (SBA → State-Based
    Actions), or a term that is not common vocabulary (``layer``, not ``creature``); never an obsolete term."""
    if m.node in index.obsolete:
        return False
    return m.kind in ("keyword", "card", "rule") or m.via == "alias" or specificity(index, m.said) >= SPECIFIC


def _kin(g: QGraph, m: Match) -> tuple[str, str]:
    """What sort of subject a match is: its kind and the CR chapter it belongs to (a glossary entry's: that of
    the first rule it cites).  Planeswalkers and battles are kin (card types, chapter 3); damage is not."""
    node = next(iter(g.targets(m.node, "cites")), m.node) if m.kind == "glossary" else m.node
    number = g.nodes[node].get("number") or ""
    return m.kind, number[:1]


@dataclass
class Conversation:
    """The subjects of recent turns, with weights, and the last answer's citations."""

    subjects: dict[str, tuple[Match, float]] = field(default_factory=dict)
    """Node → (how it was matched, current weight)."""
    frame: tuple[str, ...] = ()
    """The last question's own words other than its subjects ("how much damage goes through")."""
    last_citations: tuple[str, ...] = ()
    turns: int = 0
    repeated: bool = False
    """The question being answered asks the last one again, of a new subject ("what about double strike?")."""

    card: str | None = None
    """The card looked up last, while follow-up questions are about it."""
    policy: str | None = None
    """The last question, when the tournament documents answered it: a follow-up saying only another Rules Enforcement
    Level asks it again there ("what about at FNM?", :func:`rulesgraph.question.policyroute.level_only`)."""
    policy_before: str = ""
    """What :attr:`policy` followed up, when it was heard after an earlier question (:meth:`policy_turn`)."""
    told: str | None = None
    """The last question, when the rules answered it and it told an error (:data:`~rulesgraph.question.policyroute.ERROR`: "drew
    an extra card"): "whats the fix?" is heard after it, a level alone ("same thing at FNM") asks it there (:meth:`policy_turn`)."""
    legal: str | None = None
    """The last question, when the card data answered it about playing a card: "what about Legacy?" asks it again of
    another format (:func:`rulesgraph.answer.compose.legality_again`)."""
    cards: dict[str, tuple[NamedCard, float]] = field(default_factory=dict)
    """The cards earlier turns named (or looked up), with weights that fade as subjects' do: a follow-up naming no card
    ("does exiling it work though", "her tax") is about them, their text, keywords and rulings reaching its ranking as
    its own cards' would, weighed by what is left, their keywords carried as subjects (:func:`card_subjects`: the Doll's
    indestructible in "and if it's been dealt 10 damage?") and the rare words of their text searched (:func:`card_words`)."""

    def topic(self) -> list[str]:
        """What is being carried, strongest first: the words the subjects were said with (a card looked up first)."""
        ordered = sorted(self.subjects.values(), key=lambda mw: -mw[1])
        cards = sorted(self.cards, key=lambda key: -self.cards[key][1])
        policy = [f"{self.policy_before} {self.policy}".strip()] if self.policy else []  # a policy question follow-ups hear
        return list(dict.fromkeys([*([self.card] if self.card else []), *cards, *(m.said for m, _ in ordered), *policy]))

    def about_card(self, name: str, keywords: list[str], g: QGraph, named: NamedCard | None = None) -> None:
        """A card was looked up: it is the topic now, and follow-up questions ("what if it's blocked by a 2/2?") carry its keywords
        (those the graph has), said as the card's name, and the card itself (``named``) as a card the question names."""
        self.reset()
        self.card = name
        if named is not None:
            self.cards[named.key] = (named, 1.0)
        for node in keywords:
            if node in g:
                self.subjects[node] = (Match(node, "keyword", name, 1.0, f"the card {name} has {g.nodes[node]['label']}"), 1.0)

    def cards_referred(self, question: str) -> tuple[NamedCard, ...]:
        """The earlier cards, the strongest first, when ``question`` points back at something (:data:`_REFERS`: "is it
        legal in Modern?", "can this card be my commander?", "and that one?"): what a question that names no card of its
        own is about, for an answer read off the card data (:mod:`rulesgraph.answer.legal.answer`) before any ranking."""
        if not self.cards or not _REFERS.search(" ".join(words(question))):
            return ()
        return tuple(c for c, _ in sorted(self.cards.values(), key=lambda cw: -cw[1]))

    def about_named(self, named: NamedCard, g: QGraph) -> None:
        """A card an answer read off the card data was about ("is Sol Ring legal in Modern?"): what follows is about it."""
        if self.card == named.key and named.key in self.cards:
            return
        self.about_card(named.key, [f"keyword:{name.lower()}" for name, rel, _ in named.keywords if rel in ("has", "grants")], g,
                        named=named)

    def policy_turn(self, question: str, game: Callable[[], int], alone: Callable[[], bool],
                    theirs: Callable[[str], bool] = lambda w: True) -> tuple[Question, tuple[str, str]] | None:
        """After a policy answer: how the documents hear this question and what to remember, or ``None``.  A level alone re-asks the
        last question ("what about at FNM?"); one pointing back ("what if he did it on purpose?"), short ("what's the fix?") or naming
        a judge's remedy (:func:`asks_judge`; no new question said) is heard after it unless it tells a game (``game``, cards held,
        "her") and names no remedy, routes alone short or of :data:`SAYS_ENOUGH` words (unless it says nothing but a remedy and a
        person: "whats the penalty"), or says none of ``theirs``.  After the rules' answer to an error told (:attr:`told`), a level
        alone asks it there, one asking a remedy (:func:`asks_remedy`) in few words and no game's is heard after it."""
        previous, before, told, self.told, text = self.policy, self.policy_before, self.told, None, " ".join(words(question))
        said = [w for w in text.split() if w not in STOPWORDS and w not in ASKING]
        judge = not _SWITCH.search(text) and asks_judge(text)  # "what's the fix?": the documents', whatever game it tells
        if previous is None:  # after the rules' answer to an error told, "whats the fix?" asks its fix, "same thing at FNM" it there
            if told and level_only(question):
                return Question(again := at_level(told[: max(0, MAX_CHARS - len(question) - 2)], question)), (again, "")
            heard = told and judge and len(said) <= SAYS_ENOUGH and asks_remedy(question) and not game()  # "does Misdirection fix that?"
            return (Question.after(told, question), (question, told)) if heard else None
        points_back, short = bool(_FOLLOW.search(text) or _REFERS.search(text)), len(said) <= 2 and any(map(theirs, said))
        card = points_back and (bool(self.cards) and not re.search(r"\b(he|him|his|opponents?)\b", text)) + 2 * self._her(text)
        bare = judge and all(asks_judge(w) or w in PERSONS for w in said)  # "whats the penalty": no case of its own to route alone
        follows = level_only(question) or (said and (points_back or short or judge) and (judge or game() + card < (2 if points_back else 1))
                                           and (bare or not ((not points_back or len(said) >= SAYS_ENOUGH) and alone())))
        self.policy, self.policy_before = None, ""  # kept while the documents answer (and if ``game`` raised); heard after
        if not follows:
            return None
        if level_only(question):  # what was asked last, asked there (and so remembered), after what it followed
            before = at_level(before, "").strip() if before else ""
            asked = " ".join(s for s, _ in Question(previous).sentences if not level_only(s))  # not "what about at X?"
            again = at_level(asked[: max(0, MAX_CHARS - len(question) - 2)], question)
            return (Question.after(before, again) if before else Question(again)), (again, before)
        return Question.after(f"{before} {previous}".strip(), question), (question, before or previous)  # the first and last

    def reset(self) -> None:
        """Start a fresh conversation."""
        self.card, self.policy, self.legal, self.policy_before, self.told = None, None, None, "", None
        self.subjects.clear()
        self.cards.clear()
        self.frame, self.repeated, self.last_citations, self.turns = (), False, (), 0

    def resolve(self, a: Analysis, index: Index, g: QGraph) -> tuple[Analysis, list[str]]:
        """The analysis to rank with (carried subjects added for a follow-up) and notes for ``why``.  A new
        subject resets the topic; "same question for X" drops X's kin from it for good; a follow-up asking a matter of its
        own of a card held ("does her ability affect adventure spells?" after Thalia and flashback), not going on from
        the last question ("and if …"), carries the card, not the last question's matters."""
        if not self.subjects and not self.cards:
            return a, []
        text = " ".join(words(a.question))  # as typed: spelling correction must not turn "unrelated" into "related"
        if text and not (a.matches or a.cards or a.corrections) and not any(w in STOPWORDS or stem(w) in index.idf for w in text.split()):
            return a, []  # "asdfqwer zxcv", "hmm": nothing the rules' words, aliases ("ETB?") or names read; kept for the next
        own = [m for m in a.matches if m.kind in _SUBJECTS and not m.negated]
        specific = [m for m in own if m.kind in ("keyword", "card", "rule") or (m.kind == "glossary" and len(m.said) > 5)]
        asked = defined_subject(list(words(a.question)), list(a.matches))
        said_switch = bool(_SWITCH.search(text) or _ASIDE.search(fold(a.question)))
        if said_switch or (asked is not None and asked.node not in self.subjects and not _SUBSTITUTE.search(text)):
            # "ok, unrelated: …" or "how does persist work?" after talk of infect: a new subject
            self.reset()
            return a, ["new subject: nothing carried over"]
        own_words = [t for t, w in a.terms if w == 1.0]
        before, acts = around_own_card(text, a.cards, self.cards)  # "Blood Artist …, including itself?": its own card
        points_back = bool(_FOLLOW.search(_DUMMY_IT.sub(" ", before)) or acts) or self._names_held(a, text, index) or self._her(text, True)
        follow = points_back or not specific or len(own_words) <= 3
        if not follow or (not points_back and any(c.how != "carried" and c.key not in self.cards for c in a.cards)):
            # "Does Rest in Peace stop Kitchen Finks from persisting?" after Lightning Greaves: cards of its own, and
            # nothing that points back at what was said: a new subject, however few its other words
            self.reset()
            return a, ["new subject: nothing carried over"] if follow else []
        own_nodes = {m.node for m in own}
        carried = [(m, w) for node, (m, w) in self.subjects.items() if node not in own_nodes]
        if _SAME.search(text):  # "same question for battles": battles take the place of planeswalkers, their kin
            kin = {_kin(g, m) for m in own}
            replaced = {m.node for m, _ in carried if _kin(g, m) in kin}
            said = {m.node: set(doc_terms(m.said)) for m, _ in carried}
            gone = set().union(*(said[node] for node in replaced))  # and what was said of them goes too:
            dropped = replaced | {node for node, terms in said.items() if terms & gone}  # "attacking a planeswalker"
            for node in dropped:
                del self.subjects[node]
            carried = [(m, w) for m, w in carried if m.node not in dropped]
        substitute = _SUBSTITUTE.search(text)
        cards = self._cards_carried(a, text, bool(substitute), index)
        if cards and specific and not substitute and not _GOES_ON.search(text):  # a matter of its own, of the card held:
            carried = [(m, w) for m, w in carried if m.said in self.cards or m.said == self.card]  # no earlier matters carried
        if not carried and not substitute and not cards:
            return a, []
        lean = min(1.0, SAYS_ENOUGH / max(len(own_words), 1))
        carried = [(m, w if m.said in self.cards or m.said == self.card else w * lean) for m, w in carried]
        extra = [m._replace(quality=m.quality * w, why=f"following up on ‘{m.said}’", via="carried") for m, w in carried]
        said_nodes = own_nodes | {m.node for m in extra}
        kept_cards = [(c, w) for c, w in cards if c.key not in {o.key for o in a.cards}]
        extra += [m for m in card_subjects(kept_cards, own_terms(a, index), g) if m.node not in said_nodes]
        terms = dict(a.terms)
        if substitute:  # "same question for …" only says how to read the rest: "same" is no search word
            for term in doc_terms(substitute.group(0)):
                terms.pop(term, None)
        for m, w in carried:
            for term in doc_terms(m.said):
                terms.setdefault(term, CARRIED_TERMS * w)
        for m in extra[len(carried):]:  # a carried card's keywords, said by their names
            for term in doc_terms(m.said):
                terms.setdefault(term, CARRIED_TERMS * m.quality)
        for term, weight in card_words(kept_cards, index).items():  # and what its Oracle text says, more weakly
            terms.setdefault(term, weight)
        if substitute:  # "what about double strike?": the last question, asked of a new subject
            for term in doc_terms(" ".join(self.frame)):
                terms.setdefault(term, CARRIED_TERMS)
        if carried or cards:
            shown = {m.said for m, _ in carried} - {c.key for c, _ in cards}
            said = [c.key for c, _ in cards] + sorted(shown, key=lambda s: (len(s), s))  # not in the set's (hash-seeded) order
            notes = [f"following up on: {', '.join(said)}"]
        else:
            again = " ".join(w for w in self.frame if w not in STOPWORDS)
            notes = [f"asking the last question again{': ' * bool(again)}{again}"]
        self.repeated = bool(substitute)
        # the question's own subjects come first: they lead, carried ones support
        focus = max(a.focus, 0.5) if any(m.kind == "keyword" for m, _ in carried) else a.focus
        sections = () if cards else tuple(  # a card carried is the thread (see :data:`CONTINUITY`)
            (sec, CONTINUITY) for sec in dict.fromkeys(index.section[c] for c in self.last_citations if c in index.section))
        kept = a.cards + tuple(replace(c, said=c.key, start=0, end=0, how="carried", confidence=round(c.confidence * w, 3))
                               for c, w in cards)  # no span: the card is not in this question's words
        resolved = replace(a, matches=a.matches + tuple(extra), terms=tuple(terms.items()), focus=focus, sections=sections, cards=kept)
        return resolved, notes

    def _cards_carried(self, a: Analysis, text: str, substitute: bool, index: Index) -> list[tuple[NamedCard, float]]:
        """The earlier cards a follow-up is about: those it says a word of the name of ("does the bogle die?", "can I equip
        greaves to …", "does RIP stop …": :meth:`_said_cards`), else all but its own when it points back at something
        (:data:`_REFERS`, a word of a card's type line: "my construct"), goes on from the last question
        (:data:`_GOES_ON`) or asks it again; "what about Murder?" drops the card Murder takes the place of (the last named
        of its kin: a spell for a spell, a creature for a creature) for good."""
        own = {c.key for c in a.cards}
        for named in a.cards if substitute else ():  # each takes the place of the last named of its kin, not of all of them:
            kin = card_kin(named)  # after Tarmogoyf, then Ambush Viper, Wall of Roots "instead" takes the Viper's place alone
            if same := [k for k, (c, _) in self.cards.items() if k not in own and card_kin(c) & kin]:
                del self.cards[same[-1]]
        by_name, by_type = self._said_cards(a, text, index)
        if by_name - own:
            return [(c, w) for key, (c, w) in self.cards.items() if key in by_name and key not in own]
        if not (substitute or by_type or _GOES_ON.search(text) or _REFERS.search(_DUMMY_IT.sub(" ", text))):
            return []
        return [(c, w) for key, (c, w) in self.cards.items() if key not in own]

    def _her(self, text: str, him: bool = False) -> bool:
        """``text`` says "she" or "her" (or ``him``: "him") while the conversation holds a legendary creature or planeswalker
        ("Thalia, Guardian of Thraben" then "does her ability affect …?"; Teferi, Time Raveler then "my opponent controls
        him").  Not "he" or "his": players say those of their opponent ("can my opponent respond when he draws his card?")."""
        return bool(_HER.search(text) or (him and _HIM.search(text))) and any(c.type_line.startswith("Legendary") and
                                                ("Creature" in c.type_line or "Planeswalker" in c.type_line)
                                                for c, _ in self.cards.values())

    def _names_held(self, a: Analysis, text: str, index: Index) -> bool:
        """``text`` speaks of a card held by a word of its name (:meth:`_said_cards`), by a word of its subtypes after a determiner or
        an owner ("can I move the equipment …" after Lightning Greaves, "does the doll survive?"), or by one of its card types after a
        definite determiner ("can the creature come back twice?" after Kitchen Finks, "if the enchantment leaves …" after Rest in Peace)
        in a question bringing no object of its own (:data:`_INTRODUCES`): a follow-up, however much it says of its own.  A card type
        after an owner ("my artifact") is any card's: no sign."""
        by_name, _ = self._said_cards(a, text, index)
        if by_name:
            return True
        said = text.split()
        after = {said[k + 1].removesuffix("s") for k in range(len(said) - 1) if said[k] in _DETERMINERS}
        subtypes = {w.removesuffix("s") for c, _ in self.cards.values() for face in c.type_line.split("//")
                    for w in words(face.partition("—")[2])}
        definite = {said[k + 1].removesuffix("s") for k in range(len(said) - 1) if said[k] in _DEFINITE}
        types = {w.removesuffix("s") for c, _ in self.cards.values() for face in c.type_line.split("//")
                 for w in words(face.partition("—")[0])} & _CARD_TYPES
        return bool(after & subtypes or (definite & types and not _INTRODUCES.search(text)))

    def _said_cards(self, a: Analysis, text: str, index: Index) -> tuple[set[str], bool]:
        """The earlier cards ``text`` speaks of by a word of their name (and whether it says a word of one's type line after a
        determiner or an owner: "can my construct block?").  A word of a held card's name, or a player's shortening of one
        (:func:`~rulesgraph.question.mention_context.shortened`: ``goyf``), names it after a determiner or an owner ("does the doll
        survive?"), said with a capital inside the question ("does Finks come back?"), or when the rules never use the word ("can I
        equip greaves to …"; not "the rest of my library" after Rest in Peace); the initials of its name in capitals name it too ("does
        RIP stop dies triggers?").  Words of a card the question names itself are that card's."""
        said = text.split()
        after = {said[k + 1].removesuffix("s") for k in range(len(said) - 1) if said[k] in _DETERMINERS} - STOPWORDS
        own = {w for c in a.cards if c.how != "carried" for w in words(c.said)}
        capital = {fold(m.group(0)) for m in _INSIDE_CAPITAL.finditer(a.question)}
        loose = {w.removesuffix("s") for w in said if len(w) >= SHORT_LETTERS and w not in STOPWORDS and w not in own
                 and (w in capital or stem(w) not in index.idf)}
        caps = {fold(m.group(0)) for m in _CAPS.finditer(a.question)}
        by_name = set()
        for key in self.cards:
            names = [w.removesuffix("s") for w in words(key)]
            content = [w for w in names if w not in STOPWORDS]
            initials = {"".join(w[:1] for w in names), "".join(w[:1] for w in content)} if len(names) >= 3 else set()
            if after & set(names) or caps & initials or any(shortened(w, n) for w in loose for n in content if len(n) >= SHORT_LETTERS):
                by_name.add(key)
        by_type = bool(after) and any(after & {w.removesuffix("s") for w in words(c.type_line)} for c, _ in self.cards.values())
        return by_name, by_type

    def record(self, a: Analysis, citations: tuple[str, ...], index: Index) -> None:
        """Remember this turn: its own subjects at full weight (a follow-up's new subjects a little less: "and with deathtouch?" adds to
        the topic rather than replacing it); subjects it carried fade slowly, the others quickly."""
        self.turns += 1
        self.told = a.question if ERROR.search(fold(a.question)) else None
        carried = {m.node for m in a.matches if m.via == "carried"}
        follow_up = bool(carried)
        kept = {}
        for node, (m, w) in self.subjects.items():
            weight = w * (CARRIED_DECAY if node in carried else DECAY)
            if weight >= FORGET:
                kept[node] = (m, weight)
        self.subjects = kept
        relied = {c.key for c in a.cards if c.how == "carried"}
        own = {c.key: c for c in a.cards if c.how != "carried"}  # subjects now, as its own keywords are, and the last named
        self.cards = {key: (c, w * (CARRIED_DECAY if key in relied else DECAY)) for key, (c, w) in self.cards.items()}
        self.cards = {key: cw for key, cw in self.cards.items() if cw[1] >= FORGET and key not in own}
        self.cards.update((key, (c, ADDED if follow_up or relied else 1.0)) for key, c in own.items())
        if self.card and not any(m.said == self.card for m, _ in kept.values()) and self.card not in self.cards:
            self.card = None  # its keywords and the card have faded: the card is no longer the topic
        for m in a.matches:
            if m.kind in _SUBJECTS and not m.negated and m.via not in ("scene", "card") and m.node not in carried and _specific(m, index):
                self.subjects[m.node] = (m, ADDED if follow_up else 1.0)
        if not self.repeated:  # "same question for battles" asks the last question again: its frame stays
            subject_words = {w for m in a.matches if m.node in self.subjects for w in m.said.split()}  # the rest is the frame
            self.frame = tuple(w for w in a.words if w not in subject_words)
        self.repeated = False
        self.last_citations = citations
