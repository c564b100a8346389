"""Questions about playing a named card in a format, answered from the card data: "is Sol Ring legal in Commander?", "is Oko
banned in Modern?", "can Grist be my commander?", "can Kitchen Finks go in a mono-green Commander deck?", "my commander is
Atraxa. can I run Lightning Bolt?", "can I have Thrasios and Kenrith as commanders?" (:mod:`.pairs`), "what is Kitchen
Finks's color identity?", "can I run 2 copies of Sol Ring in Commander?" (the deck rules and the card's own text); each card
a question lists or asks about again answered in turn ("… What about Jace, the Mind Sculptor?").

A question is one of these when it names a card (with card data installed) and says what it asks in the words such
questions use: a format beside "legal", "banned", "restricted" or "play … in"; "be my commander"; a deck's colors or its
commander's name beside "deck"; "color identity".  The answer states the fact from the card data
(:mod:`rulesgraph.cards.legality`), with its date (ban lists change), and cites the rules that define the term.  A question
about bans to come ("will X get banned?") is not one: it stays out of the rules' scope (:mod:`rulesgraph.question.scope`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ...build.citing import citation
from ...common.lazyre import lazy
from ...model import Answer
from ...question.mention_context import names_said
from ...question.namedcards import MAX_CARDS
from ..cardanswer import absent_why, shown_card
from .facts import CANNOT_SAY, DECK_LIMITS, Asked, absent_card, decide, terms, with_copies
from .read import ABBREVIATION, COLORS, FORMAT, MAX_WORDS, kept, read_question, sentence_span, unabbreviated

if TYPE_CHECKING:
    from ...build.corpus import Rulebook
    from ...cards.model import Card
    from ...cards.store import CardStore
    from ...model import NamedCard
    from ...question.namedcards import CardDeck
    from .lists import Listed

__all__ = ["LOOSE", "LOOSE_SURE", "MAX_WORDS", "SURE", "Asked", "legality_answer", "read_question", "unabbreviated"]

SURE = 0.95  # confidence of an answer read off the card data: the fact is the data's; only the reading can err
LOOSE = frozenset({"short", "part", "initials", "prefix"})
"""How a card may be named by less than its name (:class:`~rulesgraph.question.mentions.CardMention`): when the words the
question asks about say more than those ("is Minsc and Boo legal": Minsc, Beloved Ranger), the answer starts by saying which
card it read, as for a misspelt name ("Read ‘Hullbreacher’ as Hullbreaker Horror: …") and a short name cards share ("Oko")."""
LOOSE_SURE = 0.6  # confidence of an answer about a card named loosely: the fact is sure, the card less so (medium)


def _subject(cards: tuple[NamedCard, ...], asked: Asked, q: str = "",
             can_lead: Callable[[NamedCard], bool] = lambda c: True) -> tuple[NamedCard | None, list[NamedCard]]:
    """The card asked about and, for "in my Atraxa deck" or "my commanders are Thrasios and Tymna", the deck's commanders:
    the cards said where the question names them that can lead a deck (``can_lead``: "Sol Ring aside, Atraxa is my
    commander" names Atraxa).  A card is named once, where it is first said: one said again in the sentence that asks
    (``q``, the question) is asked about there when it names a format ("I love Sol Ring, it's great. Is Sol Ring legal in
    Pauper?").  For "can I run …" (:attr:`Asked.last`) the card asked about, or the last of a list of them, ends the
    words asked about: "can I play Path to Exile on her?" asks about no card's place in a deck."""
    leaders: list[NamedCard] = []
    if asked.leader_span is not None:
        a, b = asked.leader_span
        leaders = [c for c in cards if c.start >= a and c.end <= b + 2 and can_lead(c)]
    lo, hi = asked.within
    subject = next((c for c in cards if c not in leaders and lo <= c.start and c.end <= hi), None)
    if asked.last and (subject is None or max(c.end for c in cards if lo <= c.start and c.end <= hi) < hi - 1):
        return None, leaders
    if subject is None and q and asked.format is not None:  # a format said: "is the Nefashu restricted to blocking?" is none
        asking = q[lo:hi]
        subject = next((c for c in cards if c not in leaders and c.said
                        and re.search(rf"(?<!\w){re.escape(c.said)}(?!\w)", asking, re.IGNORECASE)), None)
    before = {c.key: c for c in cards if c not in leaders and c.end <= lo}  # "is golos legal in commander? can it be my
    if subject is None and q and len(before) == 1 and _POINTS_BACK.search(q[lo:hi]):  # commander": the one card before
        subject = next(iter(before.values()))
    return subject, leaders


_POINTS_BACK = lazy(r"^\W*(?:(?:and|so|but)\s+)?(?:is|can|could|may|would)\s+(?:it|this card|that card)\b(?!\s+(?:true|ok|okay|fine|"
                    r"possible|that)\b)|\b(?:play|run|use|include)\s+(?:it|this card|that card)\b", re.IGNORECASE)  # it, as the card


def _said_as_words(card: NamedCard) -> bool:
    """A mention that is only a format's or colors' name ("Legacy", "Green"), not the card it could be."""
    return bool(FORMAT.fullmatch(card.said.strip()) or COLORS.fullmatch(card.said.strip()))


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
    if ABBREVIATION.search(said):  # a period that may be a name's ("Mr. House"): read with the names' periods kept
        if read_question(said) is None and read_question(ABBREVIATION.sub(kept, said)) is None:
            return None  # no legality question however its periods are read: no card is looked for
        named_all = deck.named(said)
        read = unabbreviated(said, [(c.start, c.end) for c in named_all])
    asked = read_question(read)
    if asked is None and _WILL.search(read):  # "are Rowan Kenrith and Will Kenrith partners?": "Will" said in a card's name,
        named_all = named_all or deck.named(said)  # not of bans to come
        names = [c for c in named_all if _WILL.search(c.said)]
        asked = read_question("".join("~" if ch.lower() == "i" and any(c.start <= i < c.end for c in names) and _WILL.match(
            read, i - 1) else ch for i, ch in enumerate(read)))  # "W~ll Kenrith": the offsets kept
    if asked is None:
        return None
    cards = tuple(c for c in (deck.named(said) if named_all is None else named_all) if not _said_as_words(c))
    read_as = None
    if not cards and not carried:  # "brainstorm legal in legacy?": the words the question asks about, as a name said alone
        colon = said.rfind(": ", 0, asked.within[1])  # in the sentence that asks ("Thanks, Steve. is …", "Quick question: is …")
        lo = max(asked.within[0], colon + 2 if colon >= 0 else 0)
        cards = tuple(replace(c, start=c.start + lo, end=c.end + lo) for c in _said_alone(book, deck, said[lo:]))
    if not cards and not carried:  # "is Oko banned in Modern?": a short name several cards share: the most played
        cards, read_as = _shared(deck, said)
    if asked.kind == "pair":  # "can I have Thrasios and Kenrith as commanders?": both said where it asks
        lo, hi = asked.within
        two = list({c.key: c for c in cards if lo <= c.start and c.end <= hi and not c.many}.values())
        paired = _pair_answer(book, deck, question, two if len(two) == 2 else _pair_said(book, deck, said[lo:hi], lo), k)
        if paired is not None or _TWO.search(said[lo:hi]) or (asked := read_question(read, pairs=False)) is None:
            return paired  # two names said, one not read ("thrasios and tymma"): no answer about one of them
    store = deck.store
    named, leaders = _subject(cards, asked, said, lambda c: _can_lead(store.card(c.key)))
    if named is None and asked.last and (asked := read_question(read, pairs=False, runs=False)) is not None:
        named, leaders = _subject(cards, asked, said, lambda c: _can_lead(store.card(c.key)))  # "can I run X on her?": not X's deck
    if asked is None:
        return None
    also = _also_asked(cards, asked, said, named, leaders)
    shared = read_as is not None  # the most played of the cards a short name fits: said first (a carried "it" is not)
    if named is None and carried:  # "sol ring" then "is it legal in modern?": the card the conversation is about
        named, read_as = carried[0], f"read as {carried[0].key}, the card the conversation is about (the question points back at it)"
    if named is None and not cards:  # "is Sheoldred, the Apocalypse legal in Standard?" with the cards of 2022
        absent: list[str] = []
        deck.named(said, (), None, absent)
        listed = None
        if not absent and asked.format:  # a run in capitals is a card only when the newer MTR's list names it ("The One Ring")
            from .lists import mtr_listed

            found = [(n, got) for n in names_said(said) if (got := mtr_listed(n, asked.format, deck.store.info.date)) and got.status]
            absent, listed = [n for n, _ in found[:1]], (found[0][1] if found else None)
        if absent:
            date = deck.store.info.date
            return absent_card(question, asked, absent[0], date, absent_why(absent[:1], date)[0], SURE, listed)
    if named is None or (named.many and asked.kind != "legal"):
        return None
    card = store.card(named.key)
    if card is None:
        return None
    formats = store.formats()
    dated, since = _dated(store)
    leader_card = _together([c for c in (store.card(x.key) for x in leaders) if c is not None])
    if leaders and (leader_card is None or (len(leaders) == 1 and _ANOTHER.search(_blanked(said, cards, *asked.leader_span)))):
        return None  # "my commanders are Krenko and Atraxa": no two that lead together; "… thrasios and tymna": one not read
    if (asked := with_copies(asked, said, named)) is None:  # "two Thalias in play": the game's rules, not the deck's
        return None
    alone = _blanked(said, tuple(also), 0, len(said)) if also else said
    text, rules, newer = _fact(book, store, card, named, asked, formats, leader_card, alone, shared)  # its words, not the list's
    if text is None:
        return None
    loose = shared or named.how == "typo" or (named.how in LOOSE and _says_more(alone, named.said))
    listings, from_data = [newer] if newer else [], newer is None
    for other in also:  # "can Teferi be my commander? what about Jace?": each card asked about, in turn, said as the first
        more = store.card(other.key)
        if more is None:
            continue
        more_text, more_rules, listed = _fact(book, store, more, other, asked, formats, leader_card, other.said)
        if more_text is not None:
            text, rules = f"{text} {more_text}", rules + more_rules
            loose = loose or other.how == "typo"
            listings, from_data = [*listings, listed] if listed else listings, from_data or listed is None
    if len(cards) >= MAX_CARDS and also:  # the card reader reads no more of a question
        text += f" (The first {MAX_CARDS} cards the question names are read: ask about the others apart.)"
    if from_data:
        text += f" ({since})" if asked.kind == "identity" else f" ({since}: ban lists change, so check the current list before an event.)"
    cited = [citation(book, node, SURE, (why,)) for node, why in rules if node is not None and node in book.qg]
    cited = list({c.id: c for c in cited}.values())[:k]
    if listings:
        from ..tanswer import section_citation

        status = listings[0][0].status
        why_listed = f"the newer MTR lists it as {status.lower()}" if status else "the newer MTR's banned list does not name it"
        listed_at = section_citation(listings[0][0].section, listings[0][0].doc, SURE, (why_listed,), short=True)
        cited = [replace(listed_at, text=listings[0][0].said or listed_at.text), *cited][:k]  # the list, not the section's opening
    why = [read_as or f"‘{named.said}’ names card {card.name}", f"a question about playing a card, answered from {dated}"]
    for at, one in enumerate(leaders, start=1):
        why.insert(at, f"‘{one.said}’ names card {one.key}, the deck's commander")
    shown = [shown_card(c) for c in (named, *also, *leaders)]
    # a format's card pool is tournament policy, not the Comprehensive Rules (in_rules false: the card data answers it); who
    # may lead a deck, what a deck may hold by color identity (903) and how many copies (100.2a, 903.5b) are the CR's own
    sure = (LOOSE_SURE if loose else SURE) if cited and CANNOT_SAY not in text else 0.5  # the data cannot settle it
    return Answer(question, text, tuple(cited), terms(asked), sure, tuple(why), (), cards=tuple(shown),
                  in_rules=asked.kind != "legal" or any(said in DECK_LIMITS for _, said in rules))


def _fact(book: Rulebook, store: CardStore, card: Card, named: NamedCard, asked: Asked, formats: tuple[str, ...],
          leader: Card | None, said: str, shared: bool = False) -> tuple[str | None, list[tuple[str | None, str]], tuple | None]:
    """What the card data (and a newer MTR's lists) say of one card asked about: the words, with what the newer MTR lists
    said right after them and a card read loosely said first ("Read ‘Hullbreacher’ as Hullbreaker Horror: …"), the rules to
    cite, and the MTR's listing, if any."""
    card, newer = _as_the_mtr_lists(card, asked, formats, store.info.date)
    text, rules = decide(book, card, asked, formats, leader, named.many or asked.copies)
    if text is None:
        return None, [], None
    if newer is not None:  # the MTR is newer than the card data, and lists it otherwise
        listed, old = newer
        where = f"{listed.section.id} of the Magic Tournament Rules effective {listed.doc.effective}"
        says = f"lists it as {listed.status.lower()}" if listed.status else "no longer lists it"  # right after its card
        text += f" ({where} {says}; the {_dated(store)[1]} says {old.lower()}.)"
    if shared or named.how == "typo" or (named.how in LOOSE and _says_more(said, named.said)):
        text = f"Read ‘{named.said}’ as {card.name}: {text}"  # said first, not only among the reasons
    return text, rules, newer


_WILL = lazy(r"\bwill\b", re.IGNORECASE)
_ANOTHER = lazy(r"\s(?:and|&|\+)\s+\S", re.IGNORECASE)
"""In the words naming a deck's commanders, another one said ("thrasios and tymna")."""


def _dated(store: CardStore) -> tuple[str, str]:
    """The card data as the reasons name it ("MTGJSON 5.2.0+20220425 of 2022-04-25") and as an answer dates its fact ("card
    data of 2022-04-25")."""
    info = store.info
    data = f"MTGJSON {info.version}" if info.version else "the card data"
    return (f"{data} of {info.date}" if info.date else data), (f"card data of {info.date}" if info.date else "the installed card data")


def _blanked(q: str, cards: tuple[NamedCard, ...], start: int, end: int) -> str:
    """``q[start:end]`` with the cards found there blanked: what else it says."""
    return "".join(" " if any(c.start <= i < c.end for c in cards) else q[i] for i in range(start, min(end, len(q))))


def _can_lead(card: Card | None) -> bool:
    """Whether ``card`` could be a deck's commander, as the card data says (a leadership, or a legendary card)."""
    return card is not None and (bool(card.leadership) or any("Legendary" in f.supertypes for f in card.faces))


def _together(leaders: list[Card]) -> Card | None:
    """The deck's commander, or two commanders as one when their partner abilities let them lead together: their names joined
    and their color identities combined (702.124c); ``None`` for none, or for two that cannot or three."""
    from .pairs import pairs_as

    if len(leaders) != 2 or pairs_as(*leaders) is None:
        return leaders[0] if len(leaders) == 1 else None
    a, b = leaders
    return replace(a, name=f"{a.name} and {b.name}", color_identity=tuple(sorted(set(a.color_identity) | set(b.color_identity))))


_LIST = lazy(r"^\W*(?:,|and|or|nor|&|/|\+|,\s*(?:and|or))?\W*$", re.IGNORECASE)
"""Between two cards of a list ("Teferi or Jace", "Sol Ring, Mana Crypt and Mana Vault")."""
_WHAT_ABOUT = lazy(r"^\W*(?:(?:and|or|also|but|ok|okay|so)\W+)?(?:(?:what|how) about|same (?:for|with|question for)|and|or|also)\b"
                   r"(?!\s+(?:with|if|when|in|on|at|after|before|during|while|under|against)\b)", re.IGNORECASE)
"""A sentence asking the same of another card ("What about Jace, the Mind Sculptor?"), not of another scene ("what about
with Llanowar Elves in play?")."""


def _also_asked(cards: tuple[NamedCard, ...], asked: Asked, q: str, named: NamedCard | None,
                leaders: list[NamedCard]) -> list[NamedCard]:
    """The other cards the question asks the same of: listed with the card asked about ("is Sol Ring or Mana Crypt banned in
    Commander?") or in a later sentence that asks "what about" one ("… What about Jace, the Mind Sculptor?"), each once."""
    if named is None:
        return []
    seen, out, last = {named.key}, [], named
    for c in sorted(cards, key=lambda c: c.start):
        if c in leaders or c.key in seen or c.start < named.end:
            continue
        lo = sentence_span(q, c.start, c.end)[0]
        listed = _LIST.match(q[last.end : c.start]) is not None
        if listed or (lo >= asked.within[1] - 1 and _WHAT_ABOUT.match(q[lo:c.start])):
            seen.add(c.key)
            out.append(c)
            last = c
    return out


_TWO = lazy(r"\b(?:have|are|can|could|may|is|pair|use|run|play)\s+(?:(?:i|we)\s+(?:have|play|run|use|pair)\s+)?(?:up\s+)?(.+?)\s+"
            r"(?:partner(?:ed)?\s+(?:up\s+)?with|and|with|&|\+)\s+(.+?)(?:\s+(?:as|be|partners?|together|commanders?)\b|\s*[?.!]|$)",
            re.IGNORECASE)
"""The two names of a question asking about a pair ("are thrasios and tymna partners?", "can thrasios partner with tymna?"),
for names said in lower case."""


def _pair_said(book: Rulebook, deck: CardDeck, asking: str, at: int) -> list[NamedCard]:
    """The two cards a pair question (``asking``, its sentence, at ``at`` in the question) names as words
    :func:`~rulesgraph.answer.lonename.lone_name` reads as one card each ("thrasios", "tymna"), or none."""
    from ..lonename import lone_name

    m = _TWO.search(asking)
    out = []
    for g in (1, 2) if m else ():
        lone = lone_name(book, m.group(g), deck)
        card = deck.card(lone.keys[0]) if lone is not None and len(lone.keys) == 1 and not lone.typo else None
        if card is not None:
            out.append(replace(card, said=m.group(g), start=at + m.start(g), end=at + m.end(g)))
    return out if len(out) == 2 and out[0].key != out[1].key else []


def _pair_answer(book: Rulebook, deck: CardDeck, question: str, two: list[NamedCard], k: int) -> Answer | None:
    """"Can the ``two`` be my commanders?", from their partner abilities; ``None`` without two cards."""
    from .pairs import decide_pair

    if len(two) != 2:
        return None
    named, other = two
    a, b = deck.store.card(named.key), deck.store.card(other.key)
    if a is None or b is None:
        return None
    text, rules = decide_pair(book, a, b, deck.store.formats())
    loose = [f"‘{c.said}’ as {x.name}" for c, x in ((named, a), (other, b)) if c.how == "typo"]  # each name is said in full
    if loose:  # "Thrasio" read as Thrasios, Triton Hero: said first
        text = f"Read {' and '.join(loose)}: {text}"
    dated, since = _dated(deck.store)
    text += f" ({since})" if deck.store.info.date else ""
    cited = list({c.id: c for c in (citation(book, node, SURE, (why,)) for node, why in rules if node and node in book.qg)}.values())[:k]
    why = (f"‘{named.said}’ names card {a.name}", f"‘{other.said}’ names card {b.name}",
           f"a question about playing a card, answered from {dated}: their partner abilities")
    return Answer(question, text, tuple(cited), ("Partner",), (LOOSE_SURE if loose else SURE) if cited else 0.5, why, (),
                  cards=(shown_card(named), shown_card(other)), in_rules=True)


def _as_the_mtr_lists(card: Card, asked: Asked, formats: tuple[str, ...], data_date: str | None) -> tuple[Card, tuple[Listed, str] | None]:
    """``card`` with its standing in the asked format as the installed Magic Tournament Rules list it, when they are newer
    than the card data and say otherwise (:func:`rulesgraph.answer.legal.lists.mtr_listed`: "Fury", legal in the card data of
    2022, banned in Modern by the MTR of 2026), and what they say with the status the card data gave; else ``card`` as
    it is and ``None``."""
    if asked.kind != "legal" or asked.format is None:
        return card, None
    from ...cards.legality import standing
    from .lists import mtr_listed

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
    from ...common.text import STOPWORDS, words

    m = _ASKED_OF.match(" ".join(question.split()).strip(" ?!."))
    return m is not None and bool(set(words(m.group(1))) - set(words(said)) - STOPWORDS)


def _said_alone(book: Rulebook, deck: CardDeck, question: str) -> tuple[NamedCard, ...]:
    """The card the words :data:`_ASKED_OF` finds are the name of, read as a name said alone
    (:func:`rulesgraph.answer.lonename.lone_name`: any case; not a misspelling, which such loose words too often are), or
    nothing."""
    from ..lonename import lone_name, whole_name

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
    from ...question.mentions import find_cards
    from ...question.namedcards import MIN_CONFIDENCE

    for m in find_cards(question, deck.table, weak=True):
        if m.key is None and m.candidates and m.confidence >= MIN_CONFIDENCE and not FORMAT.fullmatch(m.said.strip()):
            card = deck.card(m.candidates[0])
            if card is not None:
                others = ", ".join(m.candidates[1:4])
                return ((replace(card, said=m.said, start=m.start, end=m.end),),
                        f"‘{m.said}’ read as {card.key}, the most played of {len(m.candidates)} cards named so (also {others})")
    return (), None
