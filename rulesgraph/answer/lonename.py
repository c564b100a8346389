"""A question that is only a card's name — ``Tarmogoyf``, ``thalia?``, ``Lightning Bolt rulings``, ``how does humility
work`` — answered with the card: its Oracle text, its rulings cited (the first :data:`~rulesgraph.answer.cardanswer.SHOWN`,
oldest first), then ``k`` of the rules it runs on: its keywords' and layout's, then the rules its text is about (the
card's name ranked as a question: its Oracle text is all it asks), then its type line's (the rulings besides them, as
in every answer); or, when the name is a short name several cards share (``Thalia``: Thalia, Guardian of Thraben; Thalia, Heretic
Cathar), the cards it could be, most played first.  Never a rules-shaped answer to a card's name.  An ability word the
CR lists said alone, no card's name (``how does landfall work``), is answered with the rule on ability words.

Read against the installed cards' :class:`~rulesgraph.cards.nametable.NameTable` (the one :mod:`rulesgraph.question.mentions` reads
questions with, so nothing more is loaded): the words left once the framing words are gone must be one surface of the
table — a name, a face, the short name before a comma, a first or last word players say for a card, a short form —
or a long name misspelt.  A rules word or term stays the rules' ("Flash", "what does trample do", "overlaod" read as
overload), as in the REPL.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ..build.citing import citation
from ..build.index import name_key
from ..cards.nametable import TYPO_LETTERS, tokens
from ..common.lazyre import lazy
from ..model import Answer, Citation
from ..question.analyze import analyze
from ..rank.cardsteps.wording import ABILITY_WORDS_ARE, ability_word_rule
from .cardanswer import SHOWN, ruling_citation, shown_card

if TYPE_CHECKING:
    from ..build.corpus import Rulebook
    from ..model import NamedCard
    from ..question.conversation import Conversation
    from ..question.namedcards import CardDeck

__all__ = ["CHOICES", "CHOICES_CONFIDENCE", "LONE_WORDS", "PREFIX_LETTERS", "SURE", "TYPO_SURE", "LoneName", "card_answer",
           "lone_name", "whole_name"]

LONE_WORDS = 8
"""Most words of a name said alone (``Asmoranomardicadaistinaculdacar`` is one, ``Circle of Protection: Red`` four):
a longer question is a question."""
SURE = 0.9
"""Confidence of the answer to a card's name, said as the name table knows it: the card shown is the one named."""
TYPO_SURE = 0.7
"""Confidence when the name was read as a misspelt card name (``tarmogyof``)."""
PREFIX_LETTERS = 6
"""Least letters of the start of one card's name that a name alone is read as (as ``card`` reads ``kitchen fin``)."""
CHOICES = 8
"""Most cards listed, and shown, for a short name several cards share."""
CHOICES_CONFIDENCE = 0.0
"""Confidence of the answer to a name several cards share: it offers the cards, it answers nothing yet."""

_LEAD = lazy(r"^(?:how (?:does|do|is|are)|what (?:does|do|is|are|about)|what's|whats|explain|tell me about|show me|"
             r"rulings? (?:for|on|of|about)|oracle(?: text)? (?:for|of)|(?:the )?card)\s+", re.IGNORECASE)
_TAIL = lazy(r"\s+(?:work|works|do|does|mean|say|says|rulings?|oracle(?: text)?|text)$", re.IGNORECASE)
"""The words a question that only names a card wraps the name in ("how does X work", "X rulings")."""
_WRAP = " \t?!.:;,\"'“”‘’[]"


class LoneName(NamedTuple):
    """A question that is only a card's name."""

    said: str
    """The name as said, framing words and punctuation left out."""
    keys: tuple[str, ...]
    """The card meant (one key), or the cards a short name may be, most played first."""
    typo: bool = False
    """Read as a misspelt long name."""
    total: int = 0
    """How many cards the name may be, when more than :data:`CHOICES` (``keys`` holds the most played)."""
    ability: str | None = None
    """The rule listing the CR's ability words, when the words said are one and no card's name ("how does landfall
    work"): the answer is that rule (:func:`card_answer`), not lands rules found by the word's letters."""


def unframed(question: str) -> str:
    """``question`` without the framing words around a card's name (:data:`_LEAD`, :data:`_TAIL`) and punctuation."""
    said = question.strip(_WRAP)
    said = _TAIL.sub("", _LEAD.sub("", said, count=1), count=1)
    return said.strip(_WRAP)


def lone_name(book: Rulebook, question: str, deck: CardDeck | None) -> LoneName | None:
    """The card(s) ``question`` is only the name of, or ``None`` (more than a name, a rules word; without cards installed,
    only an ability word is read).
    Of several cards the words may be, a multi-face card they are a face of is the card (``Stomp`` is Bonecrusher
    Giant // Stomp, not Stomp and Howl, whose name only begins with it); a one-face card's whole name shared with far
    more played cards (a Vanguard ``Karn``) is one of the choices.  A token's name ("treasure": Treasure Token) is the
    rules'."""
    if len(question.split()) > 2 * LONE_WORDS:  # a long question is not a name: nothing more is read
        return None
    said = unframed(question)
    toks = tuple(tokens(said))
    if not toks or len(toks) > LONE_WORDS:
        return None
    rules_name = any(not n.startswith("card:") for key in (name_key(said), name_key(f"{said} token"))  # "treasure"
                     for n in book.index.names.get(key, ()))
    t = deck.table if deck is not None else None  # no cards installed: only an ability word is read
    g = t.exact.get(toks) if t is not None else None
    if t is not None and g is not None:
        if t.rules[g] or t.bracket_only[g] or rules_name or (t.kind[g] == "initials" and not said.isupper()):
            return None
        if t.sure[g]:
            return LoneName(said, t.keys[g][:1])
        faces = [k for k in t.keys[g] if " // " in k and any(tuple(tokens(n)) == toks for n in (k, *k.split(" // ")))]
        if len(faces) == 1:  # said whole as a face ("Stomp"), not only the beginning of another name
            return LoneName(said, tuple(faces))
        return LoneName(said, t.keys[g][:CHOICES], total=len(t.keys[g]) if len(t.keys[g]) > CHOICES else 0)
    if rules_name:
        return None
    if (rule := ability_word_rule(book.qg, book.index, said)) is not None:  # "landfall" is no Landfill misspelt: an ability word
        return LoneName(said, (), ability=rule)
    if t is None:
        return None
    hit = t.misspelt(" ".join(toks))
    if hit is not None and (t.rules[hit[0]] or t.bracket_only[hit[0]] or not t.sure[hit[0]]):
        return None
    table = t.keys[hit[0]][0] if hit is not None else None
    near = _as_card_finds(deck, said, toks)
    several = len(near) > 1 and (table is None or table in near)  # "lightnig blot": as near to Bolt, Blast and Blow
    key = None if several else _closer(said, table, near[0] if near else None)
    if key is None and not several:
        return None
    a = analyze(said, book.index)  # "overlaod" is a misspelt keyword before it is a card's name
    if any(m.kind in ("keyword", "glossary", "title") and m.said == " ".join(a.words) for m in a.matches):
        return None
    if several:  # the cards ``card`` lists for it, as it orders them
        from ..cards.view import played_first

        return LoneName(said, tuple(c.name for c in played_first(deck.store.cards(list(near))))[:CHOICES], typo=True)
    return LoneName(said, (key,), typo=True)


def whole_name(deck: CardDeck, said: str) -> bool:
    """Whether ``said`` is the whole name of a card (any case), not only a part or a short form of one ("warmonger" is
    Warmonger's; "rack" is no card's, only a word of Scroll Rack's and The Rack's)."""
    toks = tuple(tokens(said))
    group = deck.table.exact.get(toks)
    return group is not None and any(tuple(tokens(k)) == toks for k in deck.table.keys[group])


def _closer(said: str, table: str | None, card: str | None) -> str | None:
    """Of the card the name table reads a misspelt name as and the one ``card`` finds, the one fewer edits away (optimal
    string alignment over the folded names), ``card``'s when as near: "sol rign" is Sol Ring, as ``card sol rign`` says,
    not Solarion, which the table's reading of the letters alone found."""
    if table is None or card is None or table == card:
        return table or card
    from rapidfuzz.distance import OSA

    from ..cards.names import normalize

    said = normalize(said)
    return table if OSA.distance(said, normalize(table)) < OSA.distance(said, normalize(card)) else card


def _as_card_finds(deck: object, said: str, toks: tuple[str, ...]) -> tuple[str, ...]:
    """The cards the ``card`` command finds for ``said`` as a misspelling (one, or those as near: ``lightnig blot``) or the
    start of one name (:meth:`NameIndex.find <rulesgraph.cards.names.NameIndex.find>`: ``lightning greves``, ``swrod of
    fire and ice``, ``felidar umb``), so that ``ask`` of a name alone agrees with ``card``; none for anything else.  A
    slip in fewer than five letters is not read (a name alone is a name:
    ``sol rnig`` is Sol Ring, where a question's words need eight letters, the name table's rule), nor a start shorter
    than :data:`PREFIX_LETTERS` (``formati`` is Formation, ``form`` nothing)."""
    letters = sum(map(len, toks))
    if letters < PREFIX_LETTERS:
        return ()
    from ..cards.names import TYPO, normalize

    if not deck.names_read and not deck.store.could_find(normalize(said), TYPO):  # type: ignore[attr-defined]
        return ()  # neither a start nor a typo of any name ("Please explain how summoning sickness works with vehicles"):
        # the finder is not read for it (once read, it answers faster than the store could say so)
    found = deck.name_index().find(said)  # type: ignore[attr-defined]
    if found.how == "typo" and letters >= TYPO_LETTERS - 3:
        return found.keys
    return (found.key,) if found.how == "prefix" and found.key is not None else ()


def card_answer(book: Rulebook, deck: CardDeck | None, question: str, lone: LoneName, k: int, conversation: Conversation | None = None,
                ranked: Callable[[str], Answer] | None = None) -> Answer:
    """The answer to a question that is only a card's name: one card with its rulings and rules (it becomes the
    conversation's topic, as the ``card`` command makes it), or the cards a short name may be.  ``ranked`` answers a
    question as any other is answered (never as a card's name alone): given the card's name, it finds the rules the
    card's text is about (:func:`_rules_of`).  An ability word said alone is answered with the rule listing them
    (:func:`_ability_word`), with cards installed or not (``deck`` ``None``: :func:`lone_name` read nothing else)."""
    if lone.ability is not None:
        return _ability_word(book, question, lone.said, lone.ability)
    assert deck is not None  # without cards lone_name reads only an ability word
    cards = [c for key in lone.keys if (c := deck.card(key)) is not None]
    if len(cards) != 1:
        names = tuple(c.key for c in cards)
        shown = (f"the name of {lone.total} cards; the {len(names)} most played are shown below" if lone.total
                 else f"near the names of {len(names)} cards, shown below" if lone.typo
                 else f"the name of {len(names)} cards, shown below")
        why = "near several cards' names" if lone.typo else "only a name that several cards share"
        return Answer(question, f"‘{lone.said}’ is {shown}: ask with more of the name.",
                      (), (), CHOICES_CONFIDENCE, (f"‘{lone.said}’ is {why}",), names, cards=tuple(shown_card(c) for c in cards))
    card = cards[0]
    cited = [ruling_citation(card, date, text, 1.0, (f"a ruling of {card.key}",)) for date, text in card.rulings[:SHOWN]]
    cited += _rules_of(book, card, ranked)[:k]  # k of the rules, its rulings besides, as every answer cites them
    how = " (spelling corrected)" if lone.typo else ""
    why = (f"‘{lone.said}’ is only the name of card {card.key}{how}: its rulings and the rules it runs on",)
    rule = ability_word_rule(book.qg, book.index, lone.said)  # "void": the 2016 sorcery, and the word of Edge of Eternities
    also = (f"‘{lone.said}’ is also an ability word, which has no rules meaning of its own (rule {rule})",) if rule else ()
    if conversation is not None:
        conversation.about_card(card.key, [f"keyword:{name.lower()}" for name, rel, _ in card.keywords if rel in ("has", "grants")],
                                book.qg, named=card)
    return Answer(question, shown_card(card).said() or card.type_line, tuple(cited),
                  tuple(dict.fromkeys(name for name, rel, rules_ in card.keywords if rules_ and rel != "mentions")),
                  TYPO_SURE if lone.typo else SURE, (*also, *why), (), cards=(shown_card(card),), caveats=also)


def _ability_word(book: Rulebook, question: str, said: str, rule: str) -> Answer:
    """The answer to an ability word said alone: what the rule listing the ability words says of them, its list left out
    ("An ability word appears in italics at the beginning of some abilities. … they have no special rules meaning and no
    individual entries in the Comprehensive Rules."), and that rule cited."""
    text = book.qg.nodes[rule].get("text") or ""
    what = text.split(f" {ABILITY_WORDS_ARE}", 1)[0].strip()
    why = f"‘{said}’ is one of the ability words rule {rule} lists: words with no rules meaning of their own"
    return Answer(question, f"‘{said}’ is an ability word. {what}", (citation(book, rule, SURE, (why,)),), (), SURE, (why,), ())


def _rules_of(book: Rulebook, card: NamedCard, ranked: Callable[[str], Answer] | None = None) -> list[Citation]:
    """The rules ``card`` runs on, each once: its keywords' defining rules, its layout's, then the rules ``ranked`` cites for
    the card's name asked alone (the question is its Oracle text: Humility's layers, 613.4b; Defensive Formation's
    damage assignment, 510.1c — where its type line says only "enchantment", 303), then its type line's (a subtype's own
    rule, Aura → 303.4, not the type line's list of subtypes), and the types its effects set.  Measured by
    ``bench/lonecard.py`` on the real tuning questions, cross-fitted: of the 4,363 times one names a card, the rules
    answered for that card's name alone hold a rule that settles the question (rule level, as ``bench/real.py`` counts)
    1,152 times (the first rule 561), 410 (255) with the keywords', layout's and type line's only; on the blind part 670
    (335) against 249 (169) of 2,670.  (Counted with a rule's sibling subrules as hits, the ranked rules first instead
    of the keywords' made the first rule settle more often, 557 → 621, and fewer of the five, 1,234 → 1,222.)"""
    found: dict[str, str] = {}
    for name, rel, rules in card.keywords:
        if rules and rel != "mentions":
            found.setdefault(rules[0], f"the rule of its keyword {name}")
    for kind, _, rules in card.layout:
        if rules:
            found.setdefault(rules[0], f"the rule of {kind.lower()}")
    if ranked is not None and card.text.strip():  # a card with no rules text (Grizzly Bears) is its type line's
        for c in ranked(card.key).citations:
            if c.kind in ("rule", "subrule", "section"):  # the Comprehensive Rules'
                found.setdefault(c.id, "a rule its text is about")
    for word, kind, rules in card.types:
        if rules and not (kind == "subtype" and rules[0].startswith("205.")):
            found.setdefault(rules[0], f"the rule of its {kind} {word}")
    for word, rules in card.sets:
        if rules:
            found.setdefault(rules[0], f"the rule of {word}, a type it sets")
    return [citation(book, node, 0.9, (why,)) for node, why in found.items() if node in book.qg]
