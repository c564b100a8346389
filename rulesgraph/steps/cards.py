"""The card steps: what a card the question names says leads to the rules it runs on (issue 15).

The words that settle a question about cards are usually on the cards ("I Murder my opponent's Stuffy Doll":
*indestructible* is on the Doll), so each named card (``q.a.cards``, found by :mod:`rulesgraph.namedcards`)
speaks through the graph, weighed by how surely the card was named and as coming through the card, never as
strongly as the question's own words:

- ``card_keywords`` (rule 20): its keywords, and the keywords it grants, raise their defining rules like a named
  keyword (rule 2) does;
- ``card_types`` (rule 21): the words of its type line raise the rules of those types (Aura → 303.4, Saga → 714),
  by how specific the type is (``Creature`` hardly);
- ``card_text`` (rule 22): its Oracle text is a second, weaker query: the rules sharing its rare words rise
  ("Nonbasic lands are Mountains." → 305.7), the question's own words keeping the lead;
- ``card_rulings`` (rule 23): its official rulings compete like FAQ entries: a ruling holding most of what the
  question asks is a candidate answer (cited as kind ``ruling``), and the rules sharing its words rise;
- ``card_wording`` (rule 24): a rule that says what a wording on the card means ("Effects that use the word
  “instead” are replacement effects", read from the rules by :mod:`rulesgraph.wording`), or in what a keyword it has
  means (evoke's "… rather than paying its mana cost" → 118.9), is a candidate;
- ``card_effects`` (rule 25): the layer rule of an effect the card has ("Layer 2: Control-changing effects":
  Control Magic's "You control enchanted creature", read from the rules by :mod:`rulesgraph.effects`) is a candidate;
- ``card_meeting`` (rule 26, in :mod:`rulesgraph.steps.meeting` with rule 53): two cards with effects of one kind (two
  replacement effects) make the rule on how such effects interact (616.1) a candidate, and so does a keyword one card
  grants worded like another card's text (two alternative costs, 118.9);
- ``card_kind`` (rule 27): an effect of a kind the rules define by its wording (a replacement effect: "instead") is to
  the card what a keyword is: when the question says little besides the cards' names, the defining rule (614.1a) is
  boosted like rule 20's keyword rules.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from ..analyze import TOLD
from ..effects import card_kinds
from ..ids import keyword_id
from ..index import doc_terms
from ..pipeline import Query
from ..relations import current_keyword, definers, faq_about
from ..relevance import specificity, text_relevance
from ..wording import REMINDER, card_wordings, meanings
from .named import _FRAMING, own_words

if TYPE_CHECKING:
    from ..namedcards import NamedCard
    from ..wording import Wording

__all__ = ["RELATION", "RULING_FLOOR", "TEXT_IDF", "WEIGHTS", "a_or_an", "card_effects", "card_focus", "card_keywords",
           "card_kind", "card_rulings", "card_text", "card_types", "card_wording", "named_rules",
           "named_wordings", "self_names", "worded_text"]

WEIGHTS = {
    "card_keyword": 2.0,  # rule 20: prior of the keyword's defining rule (its subrules and FAQ entries half of it), as rule 2's …
    "card_focus": 3.0,  # … and a boost of that rule relative to the best score,
    "card_type": 0.3,  # rule 21
    "card_layout": 4.0,  # rule 21: prior of the rules of the kind of card a named card's layout makes it
    "card_text": 0.1,  # rule 22: share of the card text's relevance added to a document's text relevance
    "ruling": 1.0,  # rule 23: a ruling's score, times its fit, relative to the best score
    "ruling_rule": 0.3,  # rule 23: prior of the rules a fitting ruling's words lead to
    "ruling_link": 0.25,  # rule 23: … and a boost, relative to the best score, of the rules it was linked to at install
    "card_wording": 0.5,  # rule 24: text relevance given to a rule explaining a wording the card uses
    "card_effects": 1.0,  # rule 25: text relevance given to the layer rule of an effect the card has
    "card_kind": 2.0,  # rule 27: a boost of the rule defining a kind of effect the card has, relative to the best score
}
RELATION = {"has": 1.0, "grants": 0.6, "action": 0.6}
"""Rule 20: how much a keyword counts by how the card uses it; a keyword it only mentions ("creatures with
flying can't block it") counts through its text (rule 22), not here."""
TEXT_IDF = 2.5
"""Rule 22: only card words at least this rare (idf) make the second query ("creature", "target" do not)."""
TEXT_TERMS = 12
"""Rule 22: at most this many of a card's rarest words are searched."""
TEXT_WORD = 0.5
"""Rule 22: weight of a card's text word in the second query, against 1 for the name of a keyword it has."""
SAYS_MUCH = 15.0
"""Idf-weighted sum of a question's own words above which a card-led rule must share them to count (see :func:`fit`):
about three rare words, or five ordinary ones."""
RULING_FLOOR = 0.4
"""Rule 23: a ruling holding less than this (idf-weighted) share of the question's own words raises no rule."""
RULING_WORDS = 15
"""Rule 23: a ruling's fit is its share of the question's words times (this / its number of different words) to the
power :data:`RULING_LENGTH`, as BM25 weighs a long document's matches less: a long ruling holds more of any question's
words by chance (on the real tuning questions this put the ruling that settles the question first in 10 of 27, against 8
by the share alone)."""
RULING_LENGTH = 0.25
"""Rule 23: the power of the length's weight above (0.5 before the asking sentence counted more, :data:`ASKED`; chosen
with it by cross-validation, ``bench/rulingcv.py``)."""
RULING_SHOWN = 0.1
"""Rule 23: a ruling holding less than this share of the question's own words is not a candidate answer (nor shown)."""
RULINGS = 3
"""Rule 23: at most this many rulings per question become candidates."""
ASKED = 2.0
"""Rule 23: a word of the sentence that asks (the question's sentences ending in "?", else its last) counts this many
times as much in a ruling's fit as a word that only sets the scene: "How does Warp World interact with the commander
replacement effect? It's unclear whether you're counting …" is answered by the ruling about a commander.  Chosen with
:data:`RULING_LENGTH` and the lead's thresholds (:data:`rulesgraph.cardanswer.LEAD_SHARE`, ``AHEAD``) by
leave-one-source-out cross-validation on the real tuning questions (``bench/rulingcv.py``): this setting in 98 of 102
folds."""
_ASKS = re.compile(r"[^.?!\n]*\?+")
_SAYS = re.compile(r"[^.?!\n]*[.?!]*")


def _own(q: Query) -> dict[str, float]:
    """The question's own words (:func:`~rulesgraph.steps.named.own_words`) less the cards' names: what a card-led
    rule or a ruling must hold to be what the question is about."""
    if "card_own" not in q.memo:
        names = {t for c in q.a.cards for t in c.name_terms}
        q.memo["card_own"] = {t: v for t, v in own_words(q).items() if t not in names}
    return q.memo["card_own"]


@lru_cache(maxsize=4096)
def _stems(text: str) -> frozenset[str]:
    """The stems of a card's Oracle text or of one ruling: the same few cards are named question after question,
    so each text is stemmed once per process."""
    return frozenset(doc_terms(text))


def fit(q: Query, i: int) -> float:
    """How much a rule a card leads to (node ``i`` and what is under it) is what the question turns on: 1 when
    the question says little besides the cards' names ("I Murder my opponent's Stuffy Doll, what happens?":
    what the cards say is the question), else the (idf-weighted) share of the question's own words that the
    rule's subtree holds, so an incidental keyword (the haste Act of Treason grants, in a question about who
    controls the creature) hardly counts."""
    said = _says(q)
    if not said:
        return 1.0
    own = _own(q)
    under = q.g.terms_under(i)
    share = sum(v for t, v in own.items() if t in under) / sum(own.values())
    return (1 - said) + said * share


def _says(q: Query) -> float:
    """How much the question says of its own, from 0 (nothing but the cards' names) to 1 (:data:`SAYS_MUCH` or more)."""
    return min(1.0, sum(_own(q).values()) / SAYS_MUCH)


def named_rules(q: Query) -> set[str]:
    """The defining rules of the keywords the named cards have or grant: a keyword's own rules do not count as
    unnamed (rule 12) when a card the question names has it."""
    if "card_rules" not in q.memo:
        q.memo["card_rules"] = {r for c in q.a.cards for name, rel, rules in c.keywords if rel in RELATION for r in rules}
    return q.memo["card_rules"]


def card_keywords(q: Query) -> None:
    """Rule 20: a keyword a named card has (or grants, or performs) raises the prior of its defining rule,
    half as much its subrules and the FAQ entries about it, in proportion to how surely the card was named,
    how specific the keyword is, how the card uses it and how much of the question's words its rules hold
    ("Stuffy Doll has indestructible" → 702.12); a keyword the question names itself is left to rule 2 (one
    keyword, one prior: "Kitchen Finks … does persist bring it back?" names persist twice)."""
    g, w = q.g, q.w["card_keyword"]
    said = {current_keyword(g, m.node) for m in q.a.of_kind("keyword")}
    for card in q.a.cards:
        for name, relation, rules in card.keywords:
            if relation not in RELATION or (keyword_id(name) in g and current_keyword(g, keyword_id(name)) in said):
                continue
            strength = w * card.confidence * RELATION[relation] * specificity(q.index, name)
            if strength <= 0:  # a raise of nothing still says the section is mentioned (rule 13)
                continue
            verb = {"has": "has", "grants": "grants", "action": "can"}[relation]
            reason = f"{card.key} {verb} {name.lower()}"
            node = keyword_id(name)
            for rule in [*rules, *(r for r in (definers(g, node) if node in g else ()) if r not in rules)]:
                i = g.num.get(rule)
                if i is None:
                    continue
                amount = strength * fit(q, i)
                q.raise_(i, i + 1, amount, reason)
                if g.end[i] > i + 1:
                    q.raise_(i + 1, g.end[i], amount / 2, reason)
            for faq in faq_about(g, node) if node in g else ():
                i = g.num[faq]
                q.raise_(i, i + 1, strength / 2, reason)


def card_types(q: Query) -> None:
    """Rule 21: a word of a named card's type line raises the prior of the rules of that type (an Aura → 303.4, a
    Saga → 714, Equipment → 301.5) and what is under them, by how specific the word is (``Creature`` hardly) and
    how much of the question's own words they hold: of the rules the question's words reach, its type's rise.  So does
    the kind of card its layout makes it (a Transforming Double-Faced Card → 712, an Adventurer Card → 715: the card
    data's layout as the glossary names it, :attr:`~rulesgraph.namedcards.NamedCard.layout`)."""
    g, w = q.g, q.w["card_type"]
    for card in q.a.cards:
        for word, kind, rules in [*card.types, *card.layout]:
            strength = (q.w["card_layout"] if kind == "layout" else w) * card.confidence * specificity(q.index, word)
            if strength <= 0.01:
                continue
            reason = f"{card.key} is one of the {word}" if kind == "layout" else f"{card.key} is {a_or_an(word)} {word}"
            for rule in rules:
                i = g.num.get(rule)
                if i is not None:
                    q.raise_(i, g.end[i], strength * fit(q, i), reason)


def _text_terms(q: Query) -> list[tuple[str, float]]:
    """Rule 22's query: the names of the keywords the named cards have or grant (weight 1, as if the question
    had said them), and the rarest words of their Oracle text (reminder text left out; weight :data:`TEXT_WORD`),
    not the question's own words nor the cards' names, each once, times how surely the card was named."""
    own = {t for t, _ in q.a.terms}
    idf = q.index.idf
    out: dict[str, float] = {}
    for card in q.a.cards:
        for name, relation, _ in card.keywords:
            if relation in RELATION:
                for t in doc_terms(name):
                    out[t] = max(out.get(t, 0.0), card.confidence * RELATION[relation])
        stems = {t for t in _stems(REMINDER.sub(" ", card.text)) if t not in own and t not in card.name_terms}
        rare = sorted((t for t in stems if idf.get(t, 0.0) >= TEXT_IDF), key=lambda t: (-idf[t], t))[:TEXT_TERMS]
        for t in rare:
            out[t] = max(out.get(t, 0.0), card.confidence * TEXT_WORD)
    return sorted(out.items())


def card_text(q: Query) -> None:
    """Rule 22: the named cards' Oracle text is a second, weaker query: each document's text relevance to it,
    times the weight, is added to its relevance to the question (a document only the card text finds becomes
    a candidate, but with at most the weight's share of a question match)."""
    terms = _text_terms(q)
    if not terms or q.w["card_text"] <= 0:
        return
    w = q.w["card_text"]
    text = q.text
    for node, rel in text_relevance(q.index, terms).items():
        text[node] = text.get(node, 0.0) + w * rel


def _told(q: Query) -> dict[str, float]:
    """What a ruling must hold to fit the question: its own words (:func:`_own`) and also the words of its sentences that
    ask nothing (:data:`rulesgraph.analyze.TOLD`, weighed so), with their idf: a ruling answers the situation a long
    question tells as much as the short question it ends with; the words of the sentence that asks count
    :data:`ASKED` times as much."""
    if "card_told" not in q.memo:
        names = {t for c in q.a.cards for t in c.name_terms}
        told = dict(_own(q))
        for t, weight in q.a.terms:
            if TOLD <= weight < 1.0 and t not in names and t not in told and t not in _FRAMING:
                told[t] = q.index.idf.get(t, 0.0) * weight
        asked = _asked(q.a.question)
        q.memo["card_told"] = {t: v * ASKED if t in asked else v for t, v in told.items()}
    return q.memo["card_told"]


def _asked(question: str) -> frozenset[str]:
    """The stems of the sentences of ``question`` that ask (end in "?"), or of its last sentence when none does."""
    asking = [m.group() for m in _ASKS.finditer(question)]
    if not asking:
        said = [m.group() for m in _SAYS.finditer(question) if m.group().strip()]
        asking = said[-1:]
    return frozenset(doc_terms(" ".join(asking)))


def card_rulings(q: Query) -> None:
    """Rule 23: the official rulings of the named cards compete like FAQ entries: a ruling holding at least
    :data:`RULING_SHOWN` of the question's words (idf-weighted: its own, and those of the sentences telling its situation,
    :func:`_told`) is a candidate answer, scored by that share (less for a long ruling, :data:`RULING_WORDS`) relative to
    the best score (kept in ``q.memo["rulings"]`` as ``(score, card, date, text, share, links)``); and the rulings holding
    at least :data:`RULING_FLOOR` of its own words speak for rules: the rules sharing their words rise (what they rest
    on), the rules they were linked to when the cards were installed (:mod:`rulesgraph.rulinglinks`) most, by that share,
    relative to the best score."""
    told, own = _told(q), _own(q)
    total, own_total = sum(told.values()), sum(own.values())
    if not total or not q.a.cards:
        return
    found, speaking = [], []
    for card in q.a.cards:
        for j, (date, text) in enumerate(card.rulings):
            stems = _stems(text)
            share = sum(v for t, v in told.items() if t in stems) / total
            links = card.links[j] if j < len(card.links) else ()
            if share >= RULING_SHOWN:
                fit = share * card.confidence * (RULING_WORDS / max(len(stems), 1)) ** RULING_LENGTH
                found.append((fit, share, card.key, date, text, links))
            held = sum(v for t, v in own.items() if t in stems) / own_total if own_total else 0.0
            if held >= RULING_FLOOR:
                speaking.append((held * card.confidence, card.key, date, stems, links))
    found.sort(key=lambda f: -f[0])
    best = q.best(1.0)
    q.memo["rulings"] = [(q.w["ruling"] * fit * best, key, date, text, share, links)
                         for fit, share, key, date, text, links in _each_card(found)[:RULINGS]]
    speaking.sort(key=lambda f: -f[0])
    for fit, key, date, stems, links in speaking[:RULINGS]:
        terms = [(t, 1.0) for t in stems if q.index.idf.get(t, 0.0) >= TEXT_IDF]
        for node, rel in text_relevance(q.index, terms).items():
            if node in q.score and rel >= 0.5:
                q.add(node, q.w["ruling_rule"] * fit * rel * best, f"what the {key} ruling of {date} rests on")
        for place, rule in enumerate(links):
            i = q.g.num.get(rule)
            if i is not None:
                q.add(i, q.w["ruling_link"] * fit * best / (1 + place), f"restated by the {key} ruling of {date}")


def _each_card(found: list[tuple]) -> list[tuple]:
    """The rulings ``found`` (``(fit, share, card, …)``, best first) with the best one of another card than the best's
    moved second: a question naming two cards is often settled by a ruling of the one it says less of (Whip of
    Erebos's, not Arashin Sovereign's, in "If I use Whip of Erebos to reanimate Arashin Sovereign …, do I get to put the
    Sovereign on top of my library?"), and the second is shown however little it fits (on the real tuning questions the
    settling ruling was then among the two shown in 16 of 33, against 14 for the two best)."""
    if len(found) < 3:
        return found
    other = next((f for f in found[1:] if f[2] != found[0][2]), None)
    if other is None or other is found[1]:
        return found
    return [found[0], other, *(f for f in found[1:] if f is not other)]


def card_focus(q: Query) -> None:
    """Rule 20, second part: when the question says little besides the cards' names ("I Murder my opponent's
    Stuffy Doll, what happens?"), what the cards say is the question: the defining rule of each keyword a named
    card has is boosted directly, relative to the best score (as rule 3 does for a keyword the question is only
    about), by how surely the card was named and how specific the keyword is, less for each other keyword the
    card has (one of Akroma's six says less than Stuffy Doll's one), and not at all when the question says much
    of its own (then rule 20's prior, by fit, is all the keyword gets), nor for a card the question speaks of more than one
    of ("I cast a second Thalia": the question is about the two of it, not about what one of them has)."""
    g = q.g
    alone = 1.0 - _says(q)
    if alone <= 0:
        return
    best = q.best(1.0)
    for card in q.a.cards:
        if card.many:
            continue
        keywords = [(name, rel, rules) for name, rel, rules in card.keywords if rel in RELATION and rules]
        for name, relation, rules in keywords:
            i = g.num.get(rules[0])
            if i is None:
                continue
            amount = q.w["card_focus"] * card.confidence * RELATION[relation] * specificity(q.index, name) * alone
            q.add(i, amount * best / len(keywords) ** 0.5, f"{card.key} {'has' if relation == 'has' else 'grants'} {name.lower()}")


def _kinds(q: Query, card: NamedCard) -> dict[int, tuple[str, str]]:
    """Rule 27: the rules defining a kind of effect the card's wordings make (614.1a for "instead"), each with the
    kind and the wording: ``node → (kind, quote)``."""
    out: dict[int, tuple[str, str]] = {}
    for wording in card_wordings(q.g, q.index, card.text, self_names(card.key)):
        if wording.effect:
            out.setdefault(wording.node, (wording.effect, wording.quote))
    return out


def card_kind(q: Query) -> None:
    """Rule 27: an effect of a kind the rules define by its wording ("Effects that use the word “instead” are
    replacement effects": a card that says "exile it instead"; "prevent" for prevention effects, read by
    :mod:`rulesgraph.wording`) is to a card what a keyword is: when the question says little besides the cards'
    names, the rule defining that kind is boosted directly, relative to the best score, by how surely the card was
    named and how little the question says of its own, shared among the card's keywords and kinds of effect (divided
    by the square root of how many there are; rule 20's second part divides by the keywords' number alone)."""
    alone = 1.0 - _says(q)
    w = q.w["card_kind"]
    if alone <= 0 or w <= 0:
        return
    best = q.best(1.0)
    for card in q.a.cards:
        kinds = _kinds(q, card)
        if not kinds:
            continue
        shared = (len(kinds) + sum(1 for _, rel, rules in card.keywords if rel in RELATION and rules)) ** 0.5
        for node, (kind, quote) in kinds.items():
            q.add(node, w * card.confidence * alone * best / shared, f"{card.key} has a {kind} effect (“{quote}”)")


def a_or_an(word: str) -> str:
    """The article before a type-line word in a reason ("an Aura", "a Saga")."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def self_names(key: str) -> tuple[str, ...]:
    """The names a card's text calls itself by: its full name, each face's, and the short name before a comma."""
    faces = key.split(" // ")
    return tuple(dict.fromkeys([key, *faces, *(f.split(",")[0] for f in faces)]))


def worded_text(q: Query, card: NamedCard, relations: tuple[str, ...] = ("has", "grants")) -> str:
    """The card's Oracle text and what each keyword it has (or grants) means, as the keyword's rules quote it: Fury's
    evoke "You may cast this card by paying [cost] rather than paying its mana cost" (702.74a)."""
    said = [meaning for _name, rel, rules in card.keywords if rel in relations and rules for meaning in meanings(q.g, rules[0])]
    return "\n".join([card.text, *said]) if said else card.text


def named_wordings(q: Query, card: NamedCard) -> tuple[Wording, ...]:
    """The wordings of :func:`worded_text`'s text (rules 24 and 26 both read them: once per question and card)."""
    key = ("wordings", card.key)
    if key not in q.memo:
        q.memo[key] = card_wordings(q.g, q.index, worded_text(q, card), self_names(card.key))
    return q.memo[key]


def card_wording(q: Query) -> None:
    """Rule 24: a rule that explains a wording a named card's Oracle text uses ("Effects that use the word
    “instead” are replacement effects": Rest in Peace's "exile it instead"; "Some effects state that damage
    “can't be prevented.”": Skullcrack's "Damage can't be prevented this turn"), or the text a keyword it has or grants
    means (Fury's evoke: "… rather than paying its mana cost" → 118.9, alternative costs), is a candidate as if the
    question matched it by the weight's share of a full match, times how surely the card was named and how specific the
    wording is (``target`` hardly)."""
    w = q.w["card_wording"]
    if w <= 0:
        return
    text = q.text
    for card in q.a.cards:
        for wording in named_wordings(q, card):
            amount = w * card.confidence * specificity(q.index, wording.rarest)
            if amount > 0:
                text[wording.node] = text.get(wording.node, 0.0) + amount
                q.note(wording.node, f"{card.key} says “{wording.quote}”")



def card_effects(q: Query) -> None:
    """Rule 25: a layer rule saying which effects apply in it is a candidate when a named card's effect changes what
    the rule names ("Layer 2: Control-changing effects": Control Magic's "You control enchanted creature"; "Layer 7b:
    … base power and/or toughness": Humility's "have base power and toughness 1/1", read by
    :mod:`rulesgraph.effects`; a sentence defining the card's own power or toughness, “Tarmogoyf's power is equal to …”,
    is a characteristic-defining ability: "Layer 7a: … abilities that define power and/or toughness", and so are the
    rules that layer rule cites: "See rule 604.3", what such abilities are and that they work in every zone), as if the
    question matched it by the weight's share of a full match, times how surely the card was named: the card's text
    never names the layer its effect applies in."""
    w = q.w["card_effects"]
    if w <= 0:
        return
    text = q.text
    for card in q.a.cards:
        for kind, what in card_kinds(q.g, card.text, self_names(card.key)):
            text[kind.node] = text.get(kind.node, 0.0) + w * card.confidence
            q.note(kind.node, f"{card.key} changes {', '.join(sorted(what))} (layer {kind.layer})")
            if what <= kind.defines:  # a characteristic-defining ability: what its layer rule cites defines them (604.3)
                for j in q.g.out(kind.node, "cites"):
                    text[j] = text.get(j, 0.0) + w * card.confidence
                    q.note(j, f"{card.key} has a characteristic-defining ability ({', '.join(sorted(what))})")
