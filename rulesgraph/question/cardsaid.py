"""What a card the question names says, searched for as the question's own words are: its keywords and its Oracle text.

A card reaches the ranking through its rulings, type line and effects (:mod:`rulesgraph.rank.cardsteps.cards`), but the
words that settle a question about it are often its keywords: "what happens when my Kitchen Finks dies?" is about its
persist, "what happens when Wrath of God hits my Stuffy Doll" about the Doll's indestructible and Wrath's destroy.
:func:`card_subjects` makes a card's keywords subjects of the question, said by their own names, as strongly as the card
is meant and as far as their rules hold what the question asks (:func:`keyword_fit`); :func:`named_card_keywords` does so
for the cards a question names, :class:`rulesgraph.question.conversation.Conversation` for the cards a follow-up
carries, with the rare words of their Oracle text too (:func:`card_words`); :func:`around_own_card` says what a question says
before it names a card of its own, and whether it points back after.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from ..build.index import Index, doc_terms
from ..build.qgraph import QGraph
from ..common.ids import keyword_id
from ..common.lazyre import lazy
from ..common.text import words
from .analyze import FRAMING_TERMS as _FRAMING
from .analyze import Analysis, Match, analyze

if TYPE_CHECKING:
    from ..model import NamedCard

__all__ = ["CARD_IDF", "CARD_WORDS", "FORGET", "KEYWORD_USE", "KIND", "NAMED", "SAYS_MUCH", "TERMS", "around_own_card", "card_kin",
           "card_subjects", "card_words", "glossary_said", "keyword_fit", "kind_subjects", "named_card_keywords", "own_terms"]

FORGET = 0.2
"""A keyword weaker than this is not searched for; the conversation (:mod:`rulesgraph.question.conversation`) forgets a
subject or a card this faded."""
TERMS = 0.6
"""Search weight of a card's keyword's name, times its strength, against 1 for the question's own words (as a carried
subject's name, :data:`rulesgraph.question.conversation.CARRIED_TERMS`)."""
NAMED = 1.0
"""How strongly the keywords of a card the question names count, times how surely it was named (its confidence)."""


KEYWORD_USE = {"has": 1.0, "grants": 0.6, "action": 0.6}
"""How much a carried card's keyword is carried, by how the card uses it: its own, given to others (Lightning Greaves's
shroud), or done by it (Wrath of God's destroy); one its text only mentions ("can't be blocked by creatures with flying")
is not."""
CARD_WORDS = 0.25
"""Search weight of a rare word of a carried card's Oracle text (times the card's weight), against 1 for the question's
own words: "what if it reveals a land?" after Dark Confidant reads the card's "mana value"."""
CARD_IDF = 2.5
"""Only Oracle words at least this rare (idf) are carried ("creature", "target" are not)."""


KIND = 4.0
"""How strongly the question speaks of a kind of ability a named card has (:func:`kind_subjects`): the share of its own
words the card's abilities of that kind hold, times this, at most 1 (a quarter of its words makes it a whole subject).
Chosen on the real tuning questions (stop 55, card data installed, the learned step cross-fitted; 2,351 questions,
without kinds 814 rule first / 1,227 in the first three / 870 right first): 1 gives 816 / 1,229 / 872, 2 820 / 1,230
/ 877, 3 821 / 1,234 / 878, 4 820 / 1,235 / 877, 5 820 / 1,238 / 878, 10 817 / 1,240 / 875; 4 is the middle of the
plateau from 3 to 5.  (Weighing it by the share of the question's words that the rules the glossary entry cites hold,
113 and 603, which hold most words of any question, gave 812 / 1,249 / 877 but made "can my Stuffy Doll block a
creature with flying?" a question about triggers.)"""
_QUOTED = lazy(r"“(\w+)[,.]?”")
"""A word the glossary quotes ("begin with the word “when,” “whenever,” or “at.”")."""
_REMINDER = lazy(r"\([^()]*\)")
"""Reminder text, which explains a keyword and is no ability of its own ("(When this creature dies, …)")."""


SAYS_MUCH = 15.0
"""Idf-weighted sum of a follow-up's own words above which a carried keyword counts only as far as its rules hold them
(see :func:`keyword_fit`)."""


_SPELL_TYPES = frozenset(("Instant", "Sorcery"))
_PERMANENT_TYPES = frozenset(("Creature", "Artifact", "Enchantment", "Planeswalker", "Land", "Battle"))


def card_kin(card: NamedCard) -> frozenset[str]:
    """What sort of card it is, for "what about X?" to replace its kin: a spell (instant or sorcery), or its permanent
    types (Murder takes Wrath of God's place, not Stuffy Doll's)."""
    types = frozenset(card.type_line.replace("—", " ").replace("//", " ").split())
    return frozenset(("spell",)) if types & _SPELL_TYPES else types & _PERMANENT_TYPES


def keyword_fit(node: str, own: dict[str, float], g: QGraph) -> float:
    """How much a carried card's keyword ``node`` is what a follow-up asks: 1 when it says little of its own ("and if it's
    been dealt 10 damage?" of Stuffy Doll is about its indestructible), else the idf-weighted share of its own words
    (``own``: stem → idf) the keyword's defining rules hold, so an incidental keyword (the trample of Darksteel Colossus
    in "can my opponent destroy it?") hardly counts."""
    total = sum(own.values())
    says = min(1.0, total / SAYS_MUCH)
    if not says:
        return 1.0
    under: set[str] = set()
    for rule in g.sources(node, "defines"):
        i = g.num.get(rule)
        if i is not None and g.kind[i] != "glossary":
            under |= g.terms_under(i)
    share = sum(v for t, v in own.items() if t in under) / total
    return (1 - says) + says * share


def card_subjects(cards: list[tuple[NamedCard, float]], own: dict[str, float], g: QGraph) -> list[Match]:
    """The keywords of the cards a follow-up carries (``(card, weight)``), as subjects it carries: each said by its own
    name (so its rules are searched for), as strongly as the card is still meant, times :data:`KEYWORD_USE` and
    :func:`keyword_fit` (``own``: the follow-up's own words, stem → idf); a keyword two cards have, once, as its
    strongest."""
    out: dict[str, Match] = {}
    for card, w in cards:
        for name, relation, _rules in card.keywords:
            node = keyword_id(name)
            if node not in g or relation not in KEYWORD_USE:
                continue
            quality = w * KEYWORD_USE[relation] * keyword_fit(node, own, g)
            if quality >= FORGET and (node not in out or out[node].quality < quality):
                out[node] = Match(node, "keyword", name.lower(), quality, f"{card.key} has {name.lower()}", via="carried")
    return list(out.values())


def card_words(cards: list[tuple[NamedCard, float]], index: Index) -> dict[str, float]:
    """The rare words (:data:`CARD_IDF`) of the Oracle text of the cards a follow-up carries, their names left out, each
    weighed :data:`CARD_WORDS` times the card's weight: what the card says is part of what is asked of it."""
    out: dict[str, float] = {}
    for card, w in cards:
        names = set(card.name_terms)
        for term in doc_terms(card.text):
            if term not in names and index.idf.get(term, 0.0) >= CARD_IDF:
                out[term] = max(out.get(term, 0.0), CARD_WORDS * w)
    return out


def own_terms(a: Analysis, index: Index) -> dict[str, float]:
    """The question's own words (weight 1, framing words left out), stem → idf: what :func:`keyword_fit` weighs."""
    return {t: index.idf.get(t, 0.0) for t, w in a.terms if w == 1.0 and t not in _FRAMING}


def named_card_keywords(a: Analysis, index: Index, g: QGraph) -> Analysis:
    """The analysis of a question with the keywords of the cards it names itself (not those a follow-up carries) added as
    subjects (``via="card"``), each as strongly as the card was named times :data:`NAMED` and :func:`keyword_fit`, and
    their names as search words (:data:`TERMS`); a keyword the question already says, or a conversation carries, once."""
    own = [(c, c.confidence * NAMED) for c in a.cards if c.how != "carried"]
    if not own:
        return a
    said = {m.node for m in a.matches}
    asked = own_terms(a, index)
    extra = [m._replace(via="card") for m in card_subjects(own, asked, g) if m.node not in said]
    extra += [m for m in kind_subjects(own, asked, g) if m.node not in said]
    if not extra:
        return a
    terms = dict(a.terms)
    for m in extra:
        for term in doc_terms(m.said):
            terms.setdefault(term, TERMS * m.quality)
    return replace(a, matches=a.matches + tuple(extra), terms=tuple(terms.items()))


def _kind_starts(g: QGraph) -> dict[str, re.Pattern[str]]:
    """Glossary entries of a kind of ability that say which words such abilities begin with ("Triggered abilities begin
    with the word “when,” “whenever,” or “at.”"): entry → where an ability of that kind begins in a card's text (a line's
    start, or after an ability word's dash: "Landfall — Whenever …"), read from the rules, not listed here."""
    known = g.memo.get("ability kind starts")
    if known is None:
        known = {}
        for n in g.ids:
            text = g.nodes[n]["text"] if n.startswith("glossary:") and n.endswith(" Ability") else ""
            if (at := text.find("begin with")) >= 0 and (words := _QUOTED.findall(text[at:].split(".”")[0] + ".”")):
                known[n] = re.compile(r"(?:^|\n|[.:•—] )(?:" + "|".join(w.lower() for w in words) + r")\b", re.IGNORECASE)
        g.memo["ability kind starts"] = known
    return known


@lru_cache(maxsize=8)
def _kind_word(label: str) -> frozenset[str]:
    """The kind's own word ("trigger" of Triggered Ability), not every kind's ("ability"): stemmed once."""
    return frozenset(doc_terms(label)) - frozenset(doc_terms("ability"))


@lru_cache(maxsize=256)
def _kind_terms(begins: re.Pattern[str], text: str, name: frozenset[str]) -> frozenset[str] | None:
    """The stems of a card's abilities of a kind (each from where ``begins`` finds one to its line's end, reminder text
    left out), its name's left out; ``None`` when it has none.  Kept for the last cards asked about: a card is named
    question after question, and stemming its text is most of this step's time."""
    text = _REMINDER.sub("", text)
    said = [text[m.start():].lstrip(".:•— \n").split("\n")[0] for m in begins.finditer(text)]
    return frozenset(doc_terms(" ".join(said))) - name if said else None


def kind_subjects(cards: list[tuple[NamedCard, float]], own: dict[str, float], g: QGraph) -> list[Match]:
    """The kinds of ability the cards' Oracle text has, by the words the glossary says they begin with (Thragtusk's "When
    Thragtusk enters, you gain 5 life." is a triggered ability), as subjects like a keyword the card has (the glossary
    entry, so the rules it cites are raised: rule 4), as far as the question speaks of those abilities: the share of
    its own words (``own``: stem → idf) that the abilities' text or the kind's own word ("trigger") holds, times
    :data:`KIND`, at most 1, times how surely the card is meant.  "Does Torpor Orb stop my Thragtusk from gaining me
    life when it enters?" speaks of Thragtusk's; "can my Stuffy Doll block a creature with flying?" not of the Doll's.
    Reminder text is left out (it explains a keyword, which has its own rules); an ability an effect creates ("Exile
    target creature. At the beginning of the next end step, return it …": a delayed triggered ability, 603.7) counts,
    one a card grants in quotes or a Saga's chapters do not."""
    total = sum(own.values())
    if not total:
        return []
    out: dict[str, Match] = {}
    for node, begins in _kind_starts(g).items():
        label = g.nodes[node]["label"]
        named = _kind_word(label)
        for card, w in cards:
            held = _kind_terms(begins, card.text, card.name_terms)
            if held is None:
                continue
            held |= named
            quality = w * min(1.0, KIND * sum(v for t, v in own.items() if t in held) / total)
            if quality >= FORGET and (node not in out or out[node].quality < quality):
                out[node] = Match(node, "glossary", label.lower(), quality, f"{card.key} has a {label.lower()}", via="card")
    return list(out.values())


def glossary_said(index: Index, text: str, names: tuple[str, ...] = ()) -> tuple[tuple[str, float], ...]:
    """The glossary entries a card's Oracle ``text`` says, each once with its best match's quality, in the order said, as
    :func:`~rulesgraph.question.analyze.analyze` reads a question's (Wurmcoil Engine's "When Wurmcoil Engine dies" says
    ``glossary:Dies``; a negated one, "nontoken", says nothing); the card's own ``names`` (its name and its faces') are
    read as "this", not as terms (Wall of Omens says no Wall).  Read once per card (~0.2–0.3 ms), when it is read for a
    question."""
    for name in sorted(filter(None, names), key=len, reverse=True):
        text = text.replace(name, "this")
    best: dict[str, float] = {}
    for m in analyze(text, index).matches:
        if m.kind == "glossary" and not m.negated and m.quality > best.get(m.node, 0.0):
            best[m.node] = m.quality
    return tuple(best.items())


def around_own_card(text: str, cards: tuple[NamedCard, ...], held: dict[str, object]) -> tuple[str, bool]:
    """``text`` (the question's words) before it first names a card of its own — one no earlier turn named, said as a
    name, not as a verb taking an object ("ephemerate it") —, and whether the card is said doing something to what was
    said before (:data:`_BACK`)."""
    found, back = [], False
    for c in cards:
        if c.how in ("carried", "verb") or c.key in held:
            continue
        m = re.search(rf"\b{re.escape(' '.join(words(c.said)))}\b", text)
        if m is not None and not _OBJECT.match(text, m.end()):
            found.append(m.start())
            back = back or _BACK.match(text, m.end()) is not None
    at = min(found, default=len(text))
    return text[:at], back


_OBJECT = re.compile(r" (it|them|that|this|those|these|her|him)\b")
"""A pronoun right after a card's name: the card said as a verb of which it is the object ("can i ephemerate it")."""
_BACK = re.compile(r" (?:on|(?!(?:does|do|did|is|are|was|were|will|would|can|could|should|has|have|had|may|might|must|if|when|"
                   r"and|or|but|so|then|as|because|once|while|after|before|dies|died|enters|entered)\b)[\w']+) "
                   r"(?:it|them|its|their|that (?:creature|card|spell|permanent|token|ability|trigger))\b")
"""The card the question names doing something to what was said before: its verb (or "on") and a pronoun right after it
("does Swords to Plowshares exile it?", "can Stifle counter that trigger?", "cast Lightning Bolt on it"); not a pronoun
further on, which most often means the card itself ("Thassa's Oracle enters and my opponent kills it", "…, including
itself?"), nor one after a word asking of the card or opening a clause ("Stuffy Doll, does it trigger?", "Blood Artist.
If it dies …": a review of the stop's change)."""
