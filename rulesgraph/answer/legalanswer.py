"""Questions about playing a named card in a format, answered from the card data: "is Sol Ring legal in Commander?", "is Oko
banned in Modern?", "can Grist be my commander?", "can Kitchen Finks go in a mono-green Commander deck?", "what is Kitchen
Finks's color identity?", "can I run 2 copies of Sol Ring in Commander?" (the deck rules and the card's own text).

A question is one of these when it names a card (with card data installed) and says what it asks in the words such
questions use: a format beside "legal", "banned", "restricted" or "play … in"; "be my commander"; a deck's colors or its
commander's name beside "deck"; "color identity".  The answer states the fact from the card data
(:mod:`rulesgraph.cards.legality`), with its date (ban lists change), and cites the rules that define the term.  A question
about bans to come ("will X get banned?") is not one: it stays out of the rules' scope (:mod:`rulesgraph.question.scope`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..build.citing import citation
from ..cards.legality import FUTURE as _FUTURE
from ..common.lazyre import lazy
from ..model import Answer
from .cardanswer import absent_why, shown_card
from .legalfacts import CANNOT_SAY, COPIES, DECK_LIMITS, Asked, absent_card, decide, names_said, terms, with_copies

if TYPE_CHECKING:
    from ..build.corpus import Rulebook
    from ..cards.model import Card
    from ..model import NamedCard
    from ..question.namedcards import CardDeck
    from .mtrlists import Listed

__all__ = ["LOOSE", "LOOSE_SURE", "MAX_WORDS", "SURE", "Asked", "legality_answer", "read_question", "unabbreviated"]

MAX_WORDS = 50
"""A longer question tells a game and asks about it: that it names a format and a card is the scene, not the question."""
SURE = 0.95  # confidence of an answer read off the card data: the fact is the data's; only the reading can err
LOOSE = frozenset({"short", "part", "initials", "prefix"})
"""How a card may be named by less than its name (:class:`~rulesgraph.question.mentions.CardMention`): when the words the
question asks about say more than those ("is Minsc and Boo legal": Minsc, Beloved Ranger), the answer starts by saying which
card it read, as for a misspelt name ("Read ‘Hullbreacher’ as Hullbreaker Horror: …") and a short name cards share ("Oko")."""
LOOSE_SURE = 0.6  # confidence of an answer about a card named loosely: the fact is sure, the card less so (medium)

_FORMAT_WORDS = [
    (r"pauper commander|pdh|pauper edh", "paupercommander"), (r"duel commander|french commander", "duel"),
    (r"historic brawl", "historicbrawl"), (r"standard brawl", "standardbrawl"), (r"penny dreadful|penny", "penny"),
    (r"old ?school|93/94", "oldschool"), (r"pre-?modern", "premodern"), (r"pre-?dh", "predh"),
    (r"commander|edh|cedh", "commander"), (r"brawl", "brawl"), (r"oathbreaker", "oathbreaker"), (r"standard", "standard"),
    (r"pioneer", "pioneer"), (r"modern", "modern"), (r"legacy", "legacy"), (r"vintage", "vintage"), (r"pauper", "pauper"),
    (r"historic", "historic"), (r"explorer", "explorer"), (r"alchemy", "alchemy"), (r"timeless", "timeless"),
    (r"gladiator", "gladiator"),
]
"""Players' names of formats, the longer first, with MTGJSON's key."""
_FORMAT = lazy(r"(?<![\w-])(" + "|".join(f"(?:{w})" for w, _ in _FORMAT_WORDS) + r")(?![\w-])", re.IGNORECASE)
_KEYS = [(lazy(rf"^(?:{w})$", re.IGNORECASE), k) for w, k in _FORMAT_WORDS]

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_GROUPS = {
    "azorius": "WU", "dimir": "UB", "rakdos": "BR", "gruul": "RG", "selesnya": "GW", "orzhov": "WB", "izzet": "UR",
    "golgari": "BG", "boros": "RW", "simic": "GU", "bant": "GWU", "esper": "WUB", "grixis": "UBR", "jund": "BRG",
    "naya": "RGW", "abzan": "WBG", "jeskai": "URW", "sultai": "BGU", "mardu": "RWB", "temur": "GUR",
    "five-color": "WUBRG", "five color": "WUBRG", "5-color": "WUBRG", "5 color": "WUBRG", "5c": "WUBRG", "wubrg": "WUBRG",
    "rainbow": "WUBRG",
}
"""Players' names for sets of colors (guilds, shards, wedges, all five)."""
_COLORS = lazy(r"(?<![\w-])(mono[- ]?(?:white|blue|black|red|green)|colorless|colourless|white|blue|black|red|green|"
                     + "|".join(sorted(map(re.escape, _GROUPS), key=len, reverse=True)) + r")(?![\w-])", re.IGNORECASE)

_FORMATS = "|".join(f"(?:{w})" for w, _ in _FORMAT_WORDS)
_ARTICLE = r"(?:(?:a|an|the|my|our|your) )?"
_STATUS = r"(?:legal|illegal|banned|restricted|allowed|permitted|playable|unbanned)"
_LEGAL = [
    lazy(rf"\b{_STATUS} (?:in|for) {_ARTICLE}(?P<f>{_FORMATS})(?![\w-])", re.IGNORECASE),  # "legal in Modern"
    lazy(rf"(?<![\w-])(?P<f>{_FORMATS})[- ](?:legal|illegal|banned|restricted|legality|ban ?list|banlist|b ?& ?r)\b",
               re.IGNORECASE),  # "pauper legal", "the Modern ban list"
    lazy(rf"\b(?:can|could|may) (?:(?:i|we|you) (?:still )?(?:play|run|use) [^?.!]{{1,60}}?|[^?.!]{{1,60}}? be (?:played|run|"
               rf"used|included)) in {_ARTICLE}(?P<f>{_FORMATS})(?![\w-])", re.IGNORECASE),  # "can I play X in Vintage"
    lazy(rf"\bhow many (?:copies of )?[^?.!]{{1,60}}? (?:can|could|may) (?:i|we|you) (?:play|run|use|have|include)"
               rf"(?: [^?.!]{{1,30}}?)? in {_ARTICLE}(?P<f>{_FORMATS})(?![\w-])", re.IGNORECASE),  # "how many X can I run in Modern"
    lazy(rf"\b(?:can|could|may) (?:a|an|my|your|one) (?P<f>{_FORMATS}) (?:deck|list)s? (?:have|run|play|include|contain|hold)\b",
         re.IGNORECASE),  # "can a Modern deck have 9 Seven Dwarves"
    lazy(rf"\b(?:go|goes|be|put|include|run|play|use|allowed)\b(?: [^ ?.!]+){{0,8}}? (?:in|into) {_ARTICLE}(?P<f>{_FORMATS})"
               r" (?:deck|list|build)s?\b", re.IGNORECASE),  # "can Bolt go in my Modern deck"
    lazy(r"\b(?:is|are|was|were) [^?.!]{1,60}? (?:still )?(?:banned|restricted|unbanned|on (?:the|any|a) (?:banned|ban|"
               r"restricted) ?list|legal(?= ?(?:[?!.]|$| anywhere| everywhere)))\b", re.IGNORECASE),  # "is X banned?"
]
"""How a question asks whether a card may be played in a format: a status word right before the format, the format
before a status word, "can I play X in FORMAT" (or "can X be played in it"), "how many X can I run in FORMAT", "can X
go in a FORMAT deck", or "is X banned / on the banned list" (any format; the last, whose card must be said between its
words)."""
_CONDITION = lazy(r"\b(?:if|when|whenever|while|as long as|once|after|unless)\b[^?.!]*$", re.IGNORECASE)
"""Before a cue in its sentence: a condition of a rules question ("if Thalia is my commander, …"), not its question."""
_LEADER = lazy(r"\b(?:(?:can|could|may|is|are)\b[^?.!]{0,80}?\b(?:be|as) (?:my|a|your|the|our|their|an) |(?:an? |my )?"
                     r"(?:legal|eligible|valid|allowed) (?:as |to be )?(?:an? |my )?)(?:(?:legal|eligible|valid) )?"
                     r"(?:(?:commander|edh|brawl|oathbreaker|pdh|pauper commander) )?(?:commander|general|oathbreaker)\b"
                     r"(?! (?:damage|tax|zone|ninjutsu|deck|format|game))", re.IGNORECASE)
"""Asking whether a card can lead a deck: "can X be my commander", "can I use X as my commander", "X a legal commander"."""
_DECK = lazy(r"\b(?:go|goes|be|put|include|run|play|use|add|legal|allowed|permitted|fit|fits)\b(?: [^ ?.!]+){0,8}? "
                   r"(?:in|into|to|for) (?:a|an|my|the|your|our|their) ((?:[\w,'’-]+ ){0,6}?)(?:(?:commander|edh|cedh|brawl|"
                   r"pdh|oathbreaker) )?deck\b|\bwith ((?:[\w,'’-]+ ){0,6}?)as (?:my|the|a|our|their|your) (?:commander|general)\b",
                   re.IGNORECASE)
_ASKS = [(lazy(r"\b(?:illegal|not (?:legal|allowed|permitted|playable))\b", re.IGNORECASE), "illegal"),
         (lazy(r"\b(?:banned|ban ?list|banlist)\b", re.IGNORECASE), "banned"),
         (lazy(r"\brestricted\b", re.IGNORECASE), "restricted"),
         (lazy(r"\b(?:legality|b ?& ?r)\b", re.IGNORECASE), None)]
"""The status a legality question asks about, by its words (the first that its words say); else whether it is legal
("legal", "allowed", "can I play", "unbanned")."""
_EITHER = lazy(r"\b(?:legal|allowed|banned|restricted|ban ?list|banlist)\b[^?.!]*\bor\b[^?.!]*\b(?:legal|allowed|banned|"
                     r"restricted|ban ?list|banlist)\b", re.IGNORECASE)  # two statuses offered: the fact answers, no yes or no
_IDENTITY = lazy(r"\bcolou?r identit(?:y|ies)\b", re.IGNORECASE)


def _format(question: str, start: int = 0, end: int | None = None) -> str | None:
    m = _FORMAT.search(question, start, len(question) if end is None else end)
    if m is None:
        return None
    return next(k for p, k in _KEYS if p.match(m.group(1)))


def _colors(words: str) -> frozenset[str] | None:
    """The colors ``words`` name (``mono-green`` → G, ``Golgari`` → B G, ``green and white`` → G W), ``None`` if none."""
    found: set[str] = set()
    said = False
    for m in _COLORS.finditer(words):
        w = m.group(1).lower().replace(" ", "-")
        said = True
        if w.startswith("mono"):
            found.add(_COLOR_WORDS[w.removeprefix("mono").strip("-")])
        elif w in _COLOR_WORDS:
            found.add(_COLOR_WORDS[w])
        elif w.replace("-", " ") in _GROUPS or w in _GROUPS:
            found.update(_GROUPS.get(w, _GROUPS.get(w.replace("-", " "), "")))
    return frozenset(found) if said else None


def read_question(question: str) -> Asked | None:
    """What a question naming a card asks about playing it, or ``None`` when it asks something else."""
    q = " ".join(question.split())
    if len(q.split()) > MAX_WORDS or _FUTURE.search(q):
        return None
    for m in _LEADER.finditer(q):
        if not _CONDITION.search(q[: m.start()]):
            said = m.group(0).lower()
            fmt = "brawl" if "brawl" in said else "oathbreaker" if "oathbreaker" in said else "paupercommander" if (
                "pdh" in said or "pauper" in said) else (_format(q) if _format(q) in ("brawl", "oathbreaker", "paupercommander",
                                                                                     "historicbrawl", "duel") else "commander")
            within = _sentence(q, m.start(), m.end())
            banned = next((st for p, st in _ASKS if p.search(q[slice(*within)])), None) in ("banned", "illegal")
            return Asked("leader", fmt, within=within, status="banned" if banned else "legal")
    for m in _DECK.finditer(q):
        if _CONDITION.search(q[: m.start()]):
            continue
        words = m.group(1) if m.group(1) is not None else m.group(2) or ""
        start = m.start(1) if m.group(1) is not None else m.start(2)
        colors = _colors(words)
        fmt = _format(q, m.start(), m.end()) or ("commander" if m.group(2) is not None else None)
        if colors is not None:
            return Asked("deck", fmt or "commander", colors, deck=" ".join(_COLORS.findall(words)).lower(),
                         within=(_sentence(q, m.start(), m.end())[0], m.start(1) if m.group(1) is not None else m.end()))
        if words.strip() and fmt in (None, "commander", "brawl", "duel", "paupercommander") and _format(words) is None:
            return Asked("deck", fmt or "commander", None, (start, start + len(words.rstrip())),
                         within=_sentence(q, m.start(), m.end()))
    m = _IDENTITY.search(q)
    if m is not None:
        return Asked("identity", None, within=_sentence(q, m.start(), m.end()))
    for i, pattern in enumerate(_LEGAL):
        m = pattern.search(q)
        if m is not None and not _CONDITION.search(q[: m.start()]):
            f = m.groupdict().get("f")
            within = (m.start(), m.end()) if i == len(_LEGAL) - 1 else _sentence(q, m.start(), m.end())
            sentence = q[slice(*_sentence(q, m.start(), m.end()))]
            status = None if _EITHER.search(sentence) else next((st for p, st in _ASKS if p.search(m.group(0))), "legal")
            return Asked("legal", _format(f) if f else _format(q), within=within, status=status,
                         copies=bool(COPIES.search(sentence)))
    return None


_ABBREVIATION = lazy(r"(?<!\w)[A-Z][A-Za-z]{0,2}\.")  # a capitalised word of 3 letters or fewer and a period: "Mr."
_KEPT = "\u2024"  # what stands for such a period while the question is read: a one-dot leader, which ends no sentence
_GOES_ON = lazy(r" ?[a-z]")  # after a period that ends a name, not the sentence: "Is Agents of S.H.I.E.L.D. legal in Modern?"


def _kept(m: re.Match[str]) -> str:
    """An :data:`_ABBREVIATION` with its period kept from ending a sentence."""
    return m.group()[:-1] + _KEPT


def unabbreviated(q: str, names: Iterable[tuple[int, int]]) -> str:
    """``q`` with the periods inside the cards it names (``names``: their spans) made a character that ends no sentence,
    and the one right after such a name when the sentence goes on in lower case, the offsets kept: "Is Mr. House, President
    and CEO legal in Commander?" asks about one card, in one sentence; "… and so do I. Is Mana Crypt legal?" is two."""
    chars = list(q)
    for start, end in names:
        dotted = "." in q[start:end]  # only a name with periods inside may end on one ("I run Ponder and Opt. is Brainstorm …")
        for i in range(start, min(end + 1, len(q))):
            if q[i] == "." and (i < end or (dotted and _GOES_ON.match(q, i + 1))):
                chars[i] = _KEPT
    return "".join(chars)


def _sentence(q: str, start: int, end: int) -> tuple[int, int]:
    """The span of the sentence of ``q`` holding ``start``–``end`` (ended by ``.``, ``?`` or ``!`` and a space)."""
    before = max(q.rfind(". ", 0, start), q.rfind("? ", 0, start), q.rfind("! ", 0, start))
    after = [i for i in (q.find(". ", end), q.find("? ", end), q.find("! ", end)) if i >= 0]
    return before + 1, min(after) + 1 if after else len(q)


def _subject(cards: tuple[NamedCard, ...], asked: Asked, q: str = "") -> tuple[NamedCard | None, NamedCard | None]:
    """The card asked about and, for "in my Atraxa deck", the deck's commander.  A card is named once, where it is first
    said: one said again in the sentence that asks (``q``, the question) is asked about there when it names a format ("I
    love Sol Ring, it's great. Is Sol Ring legal in Pauper?")."""
    leader = None
    if asked.leader_span is not None:
        a, b = asked.leader_span
        leader = next((c for c in cards if c.start >= a and c.end <= b + 2), None)
    lo, hi = asked.within
    subject = next((c for c in cards if c is not leader and lo <= c.start and c.end <= hi), None)
    if subject is None and q and asked.format is not None:  # a format said: "is the Nefashu restricted to blocking?" is none
        asking = q[lo:hi]
        subject = next((c for c in cards if c is not leader and c.said
                        and re.search(rf"(?<!\w){re.escape(c.said)}(?!\w)", asking, re.IGNORECASE)), None)
    before = {c.key: c for c in cards if c is not leader and c.end <= lo}  # "is golos legal in commander? can it be my
    if subject is None and q and len(before) == 1 and _POINTS_BACK.search(q[lo:hi]):  # commander": the one card before
        subject = next(iter(before.values()))
    return subject, leader


_POINTS_BACK = lazy(r"^\W*(?:(?:and|so|but)\s+)?(?:is|can|could|may|would)\s+(?:it|this card|that card)\b(?!\s+(?:true|ok|okay|fine|"
                    r"possible|that)\b)|\b(?:play|run|use|include)\s+(?:it|this card|that card)\b", re.IGNORECASE)  # it, as the card


def _said_as_words(card: NamedCard) -> bool:
    """A mention that is only a format's or colors' name ("Legacy", "Green"), not the card it could be."""
    return bool(_FORMAT.fullmatch(card.said.strip()) or _COLORS.fullmatch(card.said.strip()))


def legality_answer(book: Rulebook, deck: CardDeck | None, question: str, k: int = 5, carried: tuple[NamedCard, ...] = ()) -> Answer | None:
    """The answer to a question about playing a named card in a format, from the card data; ``None`` for any other
    question (no card data, no card named, not asked in such words).  ``carried``: the cards of the conversation a
    question that points back at one ("is it legal in Modern?", "can this card be my commander?") is about, the
    strongest first — the first is the card asked about when the question names none of its own."""
    if deck is None:
        return None
    said = " ".join(question.split())  # the question as read_question reads it: the offsets agree
    named_all = None
    read = said
    if _ABBREVIATION.search(said):  # a period that may be a name's ("Mr. House"): read with the names' periods kept
        if read_question(said) is None and read_question(_ABBREVIATION.sub(_kept, said)) is None:
            return None  # no legality question however its periods are read: no card is looked for
        named_all = deck.named(said)
        read = unabbreviated(said, [(c.start, c.end) for c in named_all])
    asked = read_question(read)
    if asked is None:
        return None
    cards = tuple(c for c in (deck.named(said) if named_all is None else named_all) if not _said_as_words(c))
    read_as = None
    if not cards and not carried:  # "brainstorm legal in legacy?": the words the question asks about, as a name said alone
        cards = _said_alone(book, deck, said)
    if not cards and not carried:  # "is Oko banned in Modern?": a short name several cards share: the most played
        cards, read_as = _shared(deck, said)
    named, leader = _subject(cards, asked, said)
    shared = read_as is not None  # the most played of the cards a short name fits: said first (a carried "it" is not)
    if named is None and carried:  # "sol ring" then "is it legal in modern?": the card the conversation is about
        named, read_as = carried[0], f"read as {carried[0].key}, the card the conversation is about (the question points back at it)"
    if named is None and not cards:  # "is Sheoldred, the Apocalypse legal in Standard?" with the cards of 2022
        absent: list[str] = []
        deck.named(said, (), None, absent)
        listed = None
        if not absent and asked.format:  # a run in capitals is a card only when the newer MTR's list names it ("The One Ring")
            from .mtrlists import mtr_listed

            found = [(n, got) for n in names_said(said) if (got := mtr_listed(n, asked.format, deck.store.info.date)) and got.status]
            absent, listed = [n for n, _ in found[:1]], (found[0][1] if found else None)
        if absent:
            date = deck.store.info.date
            return absent_card(question, asked, absent[0], date, absent_why(absent[:1], date)[0], SURE, listed)
    if named is None or (named.many and asked.kind != "legal"):
        return None
    store = deck.store
    card = store.card(named.key)
    if card is None:
        return None
    formats = store.formats()
    info = store.info
    data = f"MTGJSON {info.version}" if info.version else "the card data"
    dated = f"{data} of {info.date}" if info.date else data
    since = f"card data of {info.date}" if info.date else "the installed card data"
    leader_card = store.card(leader.key) if leader is not None else None
    card, newer = _as_the_mtr_lists(card, asked, formats, info.date)
    if (asked := with_copies(asked, said, named)) is None:  # "two Thalias in play": the game's rules, not the deck's
        return None
    text, rules = decide(book, card, asked, formats, leader_card, named.many or asked.copies)
    if text is None:
        return None
    if newer is not None:  # the MTR is newer than the card data, and lists it otherwise
        listed, old = newer
        where = f"{listed.section.id} of the Magic Tournament Rules effective {listed.doc.effective}"
        says = f"lists it as {listed.status.lower()}" if listed.status else "no longer lists it"
        text += f" ({where} {says}; the {since} says {old.lower()}.)"
    else:
        text += f" ({since})" if asked.kind == "identity" else f" ({since}: ban lists change, so check the current list before an event.)"
    loose = shared or named.how == "typo" or (named.how in LOOSE and _says_more(said, named.said))
    if loose:  # "Hullbreacher" read as Hullbreaker Horror: said first, not only among the reasons
        text = f"Read ‘{named.said}’ as {card.name}: {text}"
    cited = [citation(book, node, SURE, (why,)) for node, why in rules if node is not None and node in book.qg]
    cited = list({c.id: c for c in cited}.values())[:k]
    if newer is not None:
        from .tanswer import section_citation

        status = newer[0].status
        why_listed = f"the newer MTR lists it as {status.lower()}" if status else "the newer MTR's banned list does not name it"
        listed_at = section_citation(newer[0].section, newer[0].doc, SURE, (why_listed,), short=True)
        cited = [replace(listed_at, text=newer[0].said or listed_at.text), *cited][:k]  # the list, not the section's opening
    why = [read_as or f"‘{named.said}’ names card {card.name}", f"a question about playing a card, answered from {dated}"]
    if leader_card is not None and leader is not None:
        why.insert(1, f"‘{leader.said}’ names card {leader_card.name}, the deck's commander")
    shown = [shown_card(c) for c in (named, leader) if c is not None]
    # a format's card pool is tournament policy, not the Comprehensive Rules (in_rules false: the card data answers it); who
    # may lead a deck, what a deck may hold by color identity (903) and how many copies (100.2a, 903.5b) are the CR's own
    sure = (LOOSE_SURE if loose else SURE) if cited and CANNOT_SAY not in text else 0.5  # the data cannot settle it
    return Answer(question, text, tuple(cited), terms(asked), sure, tuple(why), (), cards=tuple(shown),
                  in_rules=asked.kind != "legal" or any(said in DECK_LIMITS for _, said in rules))


def _as_the_mtr_lists(card: Card, asked: Asked, formats: tuple[str, ...], data_date: str | None) -> tuple[Card, tuple[Listed, str] | None]:
    """``card`` with its standing in the asked format as the installed Magic Tournament Rules list it, when they are newer
    than the card data and say otherwise (:func:`rulesgraph.answer.mtrlists.mtr_listed`: "Fury", legal in the card data of
    2022, banned in Modern by the MTR of 2026), and what they say with the status the card data gave; else ``card`` as
    it is and ``None``."""
    if asked.kind != "legal" or asked.format is None:
        return card, None
    from ..cards.legality import standing
    from .mtrlists import mtr_listed

    fmt = asked.format
    front = card.name.split(" // ")[0]
    listed = mtr_listed(card.name, fmt, data_date) or (mtr_listed(front, fmt, data_date) if front != card.name else None)
    if listed is None:
        return card, None
    old = standing(card, fmt, formats).status
    new = listed.status or ("Legal" if old in ("Banned", "Restricted") else old)
    if new == old:
        return card, None
    legal = tuple((f, new if f == fmt else st) for f, st in card.legalities)
    return replace(card, legalities=legal if fmt in dict(card.legalities) else (*legal, (fmt, new))), (listed, old)


_ASKED_OF = lazy(r"^(?:(?:is|are|was|can|could|may) (?:i |we |you )?(?:still )?(?:(?:play|run|use|include|put) )?)?(?:an? |the )?"
                       r"(.+?)(?:'s| still)? (?:legal|illegal|banned|restricted|allowed|permitted|playable|be|go|on the|in|as)\b",
                       re.IGNORECASE)
"""The words a legality question asks about: "is X legal …", "X banned in …", "can I play X in …", "can X be …"."""


def _says_more(question: str, said: str) -> bool:
    """Whether the words the question asks about (:data:`_ASKED_OF`) hold more than the words that named the card."""
    from ..common.text import STOPWORDS, words

    m = _ASKED_OF.match(" ".join(question.split()).strip(" ?!."))
    return m is not None and bool(set(words(m.group(1))) - set(words(said)) - STOPWORDS)


def _said_alone(book: Rulebook, deck: CardDeck, question: str) -> tuple[NamedCard, ...]:
    """The card the words :data:`_ASKED_OF` finds are the name of, read as a name said alone
    (:func:`rulesgraph.answer.lonename.lone_name`: any case; not a misspelling, which such loose words too often are), or
    nothing."""
    from .lonename import lone_name, whole_name

    m = _ASKED_OF.match(" ".join(question.split()).strip(" ?!."))
    if m is None:
        return ()
    start, said = m.start(1), m.group(1)
    lone = None
    if m.string[max(0, start - 4) : start].lower() == "the " and not whole_name(deck, said):  # "the rack": The Rack, not
        # Scroll Rack; "the warmonger" is Warmonger, a card's whole name with an article before it, not The Warmonger
        lone = lone_name(book, m.string[start - 4 : m.end(1)], deck)
        if lone is not None and len(lone.keys) == 1 and not lone.typo:
            start, said = start - 4, m.string[start - 4 : m.end(1)]
        else:
            lone = None
    lone = lone or lone_name(book, said, deck)
    if lone is None or lone.typo or len(lone.keys) != 1:  # "a green card" is not Green Ward
        return ()
    card = deck.card(lone.keys[0])
    return () if card is None else (replace(card, said=said, start=start, end=m.end(1)),)


def _shared(deck: CardDeck, question: str) -> tuple[tuple[NamedCard, ...], str | None]:
    """The most played card of the first short name the question says that several cards share, and a line saying so."""
    from ..question.mentions import find_cards
    from ..question.namedcards import MIN_CONFIDENCE

    for m in find_cards(question, deck.table, weak=True):
        if m.key is None and m.candidates and m.confidence >= MIN_CONFIDENCE and not _FORMAT.fullmatch(m.said.strip()):
            card = deck.card(m.candidates[0])
            if card is not None:
                others = ", ".join(m.candidates[1:4])
                return ((replace(card, said=m.said, start=m.start, end=m.end),),
                        f"‘{m.said}’ read as {card.key}, the most played of {len(m.candidates)} cards named so (also {others})")
    return (), None
