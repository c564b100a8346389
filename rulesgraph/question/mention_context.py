"""What the rest of a question says of the card names :mod:`rulesgraph.question.mentions` found in it: a word listed with a card
is one ("with humility and Opalescence both out"), a word that is a card's name said short is the card the text
names in full ("Darksteel Colossus … Colossus says", "Tarmagoyf … does goyf count"), and a capitalised word no name is
that ends a one-word name is that card said short, or one of the few it may be ("Goyf": Tarmogoyf, Lhurgoyf); and
whether the question speaks of more than one of a card it names ("a second Thalia", "two Jaces", "my Soul Warden and an
opponent's Soul Warden": :func:`more_than_one`); and the runs of capitalised words that may be a card's name
(:func:`name_runs`), of which those shaped as a legendary card's and found as no card are said to be missing from the card
data (:func:`unknown_names`: "Delney, Streetwise Lookout" with the cards of 2022).

Read after the finder's own pass over the words, from its mentions (``found``) and its words; linear in the question.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING

from ..cards.model import JOINERS
from ..cards.nametable import TAIL_LETTERS, TAIL_MORE, tokens
from ..common.lazyre import lazy
from ..common.text import STOPWORDS, words

if TYPE_CHECKING:
    from ..cards.nametable import NameTable
    from .mention_words import CardMention, Word

__all__ = ["CONFIRMED", "SAID_SHORT", "TAIL_CARDS", "TAIL_MORE", "confirmed", "coreferent", "epithets", "more_than_one", "name_runs",
           "names_said", "shortenings", "tails", "unknown_names", "unknown_runs"]

CONFIRMED = 0.65
"""Confidence of a word the rest of the text confirms is a card's: a weak reading listed with a card, or the shortening
of a name said in full (``goyf`` after Tarmogoyf); as sure as an owner word makes a lower-case name."""
SAID_SHORT = ("short", "part", "short form", "initials")
"""How a mention says a name short: the other mentions name their card in full."""
SHORT_LETTERS = TAIL_LETTERS
"""Least letters of a shortening of a name's word (``goyf``, ``snap``): what the name table indexes tails by."""

_EPITHET = lazy(r"(?:\s*,\s*|\s+(?=the\s+[A-Z]))(the\s+)?([A-Z][\w'’-]*(?:\s+(?:(?:of|the|to)\s+)?[A-Z][\w'’-]*)*)")
"""What may follow a short name as its epithet: a comma, perhaps "the", and capitalised words ("Elesh Norn, Mother of
Machines", "Sheoldred, the Apocalypse"); or, without the comma, "the" and capitalised words ("Sheoldred the
Apocalypse")."""
_LISTED = lazy(r"\s*(?:,|&|,?\s*(?:and|or|and/or|\+))\s*", re.IGNORECASE)
"""What stands between two names listed together ("humility and Opalescence", "Humility, Opalescence")."""


def confirmed(text: str, found: list[CardMention], weakly: list[CardMention], weak: bool) -> list[CardMention]:
    """The weak readings (a lower-case word English knows, :data:`rulesgraph.question.mentions.WEAK`) the text confirms
    (:data:`CONFIRMED`): the word is listed with a card found; with ``weak``, the others too, as they are.  A card's name
    said again in lower case is not enough: "I fling my Ghalta with Fling", "Negate … does that negate the whole
    chain?" say the verb."""
    out = []
    for m in weakly:
        if any(_LISTED.fullmatch(text[o.end : m.start] if o.end <= m.start else text[m.end : o.start]) for o in found):
            out.append(m._replace(confidence=CONFIRMED))
        elif weak:
            out.append(m)
    return out


def _full(found: list[CardMention]) -> dict[str, set[str]]:
    """The cards named in full → the words of their names."""
    return {k: set(tokens(k)) - JOINERS for m in found for k in [m.key] if k and m.how not in SAID_SHORT}


def shortened(said: str, word: str) -> bool:
    """``said`` is ``word`` or a player's shortening of it: its first or last four letters or more (``snap`` of
    Snapcaster Mage, ``goyf`` of Tarmogoyf)."""
    return said == word or (len(said) >= SHORT_LETTERS and (word.startswith(said) or word.endswith(said)))


def shortenings(found: list[CardMention], toks: list[Word], taken: list[bool], rules_words: frozenset[str],
                type_after: frozenset[str]) -> list[CardMention]:
    """Words no reading took (``taken``) that shorten a word of one card the text names in full (:func:`shortened`):
    that card, said short.  Never a rules word or a small word, a word said as a type (before ``type_after``: "Wurm
    tokens"), nor a name's whole word (the table reads those: "Urza's" before Urza's Tower)."""
    full = _full(found)
    if not full:
        return []
    by_key = {m.key: m for m in found if m.key in full}
    whole = set().union(*full.values())
    out = []
    for i, tok in enumerate(toks):
        w = tok.word.removesuffix("s") if tok.possessive else tok.word
        if taken[i] or len(w) < SHORT_LETTERS or w in STOPWORDS or w in rules_words or not w.isalpha() or {w, tok.word} & whole:
            continue
        owners = [k for k, ws in full.items() if any(shortened(w, n) for n in ws)]
        after = toks[i + 1].word if i + 1 < len(toks) else ""
        if len(owners) == 1 and after not in type_after:
            out.append(by_key[owners[0]]._replace(candidates=(owners[0],), start=tok.start, end=tok.end, said=tok.raw, how="short",
                               confidence=CONFIRMED))
    return out


def coreferent(found: list[CardMention]) -> list[CardMention]:
    """A one-word mention that is a word of another card the text names in full, or a shortening of one, is that card,
    said short: "Darksteel Colossus … Colossus says" is not the card Collision // Colossus; "Urborg, Tomb of Yawgmoth …
    Urborg" is not the card Urborg.  So is a mention of several words that are the first words of another card named in
    full: "Nicol Bolas, the Ravager … a copy of Nicol Bolas" is not the card Nicol Bolas."""
    full = _full(found)
    out = []
    for m in found:
        said = [w for w in tokens(m.said) if w not in JOINERS]  # "the Brute" after Boggart Brute
        owners: list[str] = []
        if len(said) == 1 and m.how != "bracket":
            w = said[0].removesuffix("s")
            owners = [k for k, ws in full.items() if k != m.key and any(shortened(w, n) for n in ws)]
        elif len(said) > 1 and m.how != "bracket":
            owners = [k for k in full if k != m.key and [w for w in tokens(k) if w not in JOINERS][: len(said)] == said]
        if len(owners) == 1:
            m = m._replace(key=owners[0], candidates=(owners[0],), how="short")
        out.append(m)
    return out


TAIL_CARDS = 4
"""Most cards a tail may stand for (``Goyf``: Tarmogoyf, Lhurgoyf, Necrogoyf): beyond that it names none."""
def tails(text: str, toks: list[Word], taken: list[bool], table: NameTable, type_after: frozenset[str]) -> list[CardMention]:
    """Capitalised words no reading took that no name, rules word or long English word is, nor a word of more than one
    long name (English words are: "Path", "Dragon"), and that end a one-word name :data:`TAIL_MORE` letters longer
    (``Goyf`` of Tarmogoyf): that card said short, or, when several names end so (at most :data:`TAIL_CARDS`), a mention of
    them all, the most played first, for the question to tell which (:mod:`rulesgraph.question.whichcard`).  Inside a
    sentence (a sentence's first word has its capital anyway), or at its start when the same word is read so inside one;
    never before a type word ("Goyf tokens"), nor a word of a longer run of capitalised words ("Marit Lage") or of a
    compound ("Two-Headed")."""
    from .mention_words import CardMention

    def apart(a: int, b: int) -> bool:  # words a and b are not one run of capitalised words nor one compound
        gap = text[toks[a].end : toks[b].start]
        return "-" not in gap and (bool(gap.strip()) or not (toks[a].cap and toks[b].cap) or toks[a].word in STOPWORDS
                                   or toks[b].word in STOPWORDS)

    out: list[CardMention] = []
    for i, tok in enumerate(toks):
        w = tok.word.removesuffix("s") if tok.possessive else tok.word
        if taken[i] or not tok.cap or len(w) < SHORT_LETTERS or not w.isalpha() or w in STOPWORDS or w in table.rules_words \
                or w in table.known_long or (w,) in table.exact or (toks[i + 1].word if i + 1 < len(toks) else "") in type_after \
                or len(table.by_word.get(w, ())) > 1 or (i and not apart(i - 1, i)) or (i + 1 < len(toks) and not apart(i, i + 1)):
            continue
        names = [n for g in table.tails.get(w[-TAIL_LETTERS:], ()) for n in table.surface[g][:1]  # the table's tail index
                 if n.endswith(w) and len(n) >= len(w) + TAIL_MORE]
        cards = list(dict.fromkeys(k for n in names for k in table.keys[table.exact[(n,)]]))
        if not cards or len(cards) > TAIL_CARDS:
            continue
        rank = {k: table.rank[table.exact[(n,)]] or 10**7 for n in names for k in table.keys[table.exact[(n,)]][:1]}
        cards.sort(key=lambda k: (rank.get(k, 10**7), k))
        out.append(CardMention(cards[0] if len(cards) == 1 else None, tuple(cards), tok.start, tok.end, tok.raw, "short", CONFIRMED))
    inside = {toks[k].word for k in range(len(toks)) if not toks[k].initial and any(m.start == toks[k].start for m in out)}
    return [m for m in out if not toks[next(k for k in range(len(toks)) if toks[k].start == m.start)].initial or
            tokens(m.said)[0] in inside]


def epithets(text: str, found: list[CardMention], absent: list[str] | None = None,
             rules: Callable[[str], bool] = lambda words: False) -> list[CardMention]:
    """``found`` without the short names said with an epithet that is none of their cards': "Elesh Norn, Mother of
    Machines" is not Elesh Norn, Grand Cenobite (a card the installed data may lack is named with the short name of one
    it holds), nor is its epithet's word a card ("Sheoldred, the Apocalypse" names no Apocalypse; typed without the comma,
    "Sheoldred the Apocalypse", likewise).  Capitalised words after the comma that begin another card found are a list, not
    an epithet ("Elesh Norn, Thalia and Goblin Guide"); without a comma, "the" and a word of another card the question
    names, or a rules word or phrase (``rules``: "Ragavan the Ring-bearer", "Kenrith the Commander"), are no epithet
    ("Will the Decree get a counter?" after Decree of Silence).  Each
    name so said is added to ``absent`` (a card the installed data lacks, for the answer to say so)."""
    starts = {m.start for m in found}
    drop: list[tuple[int, int]] = []
    for m in found:
        if m.how != "short" or not (e := _EPITHET.match(text, m.end)):
            continue
        the, run = e.group(1), e.group(2)
        said = tokens(run)
        first = said[0]
        if any(_same_word(first, [w for w in tokens(k.split(",", 1)[1]) if w != "the"][:1]) for k in m.candidates if "," in k):
            continue  # its own epithet, said in part or misspelt
        if not the and e.start(2) in starts:
            continue  # a list of cards
        if "," not in text[m.end : e.start(2)]:  # "Sheoldred the Apocalypse"; not "Will the Decree …", "Ragavan the Ring-bearer"
            others = (o.key for o in found if o.key and o.start not in (m.start, e.start(2)))
            if any(first in tokens(k) for k in others) or rules(" ".join(said[:2])) or (len(said) == 1 and rules(first)):
                continue  # a rules word is an epithet's first word too ("Arahbo the First Fang"): only a whole one counts
        drop.append((m.start, m.end))
        drop.append((e.start(2), e.end(2)))
        if absent is not None and (name := text[m.start : e.end(2)]) not in absent:
            absent.append(name)
    if not drop:
        return found
    return [m for m in found if not any(a <= m.start < b for a, b in drop)]


def _same_word(said: str, theirs: list[str]) -> bool:
    """``said`` is the first word of an epithet (``theirs``, its words) or a slip of it: the same first
    :data:`SHORT_LETTERS` letters ("Whisper One" for Whispering One)."""
    return bool(theirs) and (said == theirs[0] or (len(said) >= SHORT_LETTERS and said[:SHORT_LETTERS] == theirs[0][:SHORT_LETTERS]))


_MORE = frozenset(("another", "second", "third", "fourth", "two", "three", "four", "2nd", "3rd", "4th"))
"""A word right before a card's name saying the question speaks of more than one of it ("a second Thalia")."""
_COPY = frozenset(("copy", "copies", "copying", "copied", "clone", "clones", "token", "tokens"))
"""A word right before a card's name (not its possessive: "I copy Kokusho's trigger" copies the trigger), after "copy
of", or right after its name ("a Thalia token") saying the question speaks of a copy of it: two of it."""
_OBJECT = frozenset(("it", "me", "him", "her", "them", "us", "my", "your", "his", "their", "its", "our", "the", "a", "an",
                     "that", "this", "each", "every", "all", "target"))
"""After a card's name said as a plural, a word opening its object says it is a verb ("Murders the Angel", "Clones it",
"Lightning Bolts me"), not two of the card ("two Blood Artists. One of them …")."""
_BOTH = (" they both ", " both of them ", " them both ", " both of ")
"""Said in a question naming a card twice, these say the two are two of it ("are they both there?"); "both" alone does
not ("do both players pay Thalia's tax?")."""


def more_than_one(question: str, spans: list[tuple[int, int, str]], said: Sequence[str] | None = None) -> bool:
    """Whether ``question`` speaks of more than one of a card it names at ``spans`` (each mention's start, end and how
    it was found): a plural of its name, a number or "another" right before a mention ("a second Thalia", "two
    Jaces"), a copy of it (:data:`_COPY`), or the card named twice as two players' (:data:`_OWNER`: "my Soul Warden and an
    opponent's Soul Warden") or in a question saying "they both" (:data:`_BOTH`).
    ``said``: the question's words, when it was read already (:class:`~rulesgraph.question.read.Question`)."""
    for _, end, how in spans:
        if how == "plural" and next((w.lower() for w in words(question[end : end + 12])), "") not in _OBJECT:
            return True
    for start, end, _ in spans:
        before = [w.lower() for w in words(question[max(0, start - 24) : start])]
        after = [w.lower() for w in words(question[end : end + 16])]
        possessive = question[start:end].endswith(("'s", "’s"))
        if before and before[-1] in _MORE:
            return True
        if not possessive and before and (before[-1] in _COPY or (before[-1] == "of" and before[-2:-1] and before[-2] in _COPY)):
            return True
        if after and after[0] in _COPY:
            return True
    if len(spans) < 2:
        return False
    ordered = sorted(spans)
    for (a, a_end, _), (b, _, _) in pairwise(ordered):  # "my Soul Warden and an opponent's Soul Warden": two of it,
        before_a, before_b = question[max(0, a - 24) : a].split(), question[max(0, b - 24) : b].split()  # each player's own,
        between = question[a_end:b]  # said together; "I took my opponent's Soul Warden. Does my Soul Warden …" is one
        owners = {_OWNER.get(before_a[-1].lower()) if before_a else None, _OWNER.get(before_b[-1].lower()) if before_b else None}
        if None not in owners and len(owners) == 2 and _JOINED.match(between):
            return True
    line = f" {' '.join(w.lower() for w in (words(question) if said is None else said))} "
    return any(phrase in line for phrase in _BOTH)


_JOINED = lazy(r"^\s*(?:,|and|or|vs\.?|versus|against|&)\s+(?:also\s+)?(?:(?:an?|the|my|each|every|his|her|their|your)\s+)?"
               r"[\w'’]+\s*$", re.IGNORECASE)
"""Between two mentions of a card said together as two players' ("… and an opponent's …", "… vs. your …")."""
_OWNER = {"my": "me", "our": "me", "your": "you", "his": "other", "her": "other", "their": "other", "opponent's": "other",
          "opponent’s": "other", "opponents'": "other", "opponents’": "other", "friend's": "other", "friend’s": "other"}
"""Whose a card is, by the word right before its name: one said twice as two players' is two of it."""


_NAME_LIKE = lazy(r"(?<![\w'’-])([A-Z][\w'’-]+(?:(?:,? (?:of|the|to|and|from|in))*,? [A-Z][\w'’-]+)+)")
"""A run of capitalised words, as a card's name is said ("Orcish Bowmasters", "Sheoldred, the Apocalypse")."""
_JOINING = frozenset({"of", "the", "to", "and", "from", "in"})
_OPENING = frozenset("is are was were can could may might will would should does do did has have i my a an if so and but or how "
                     "what why when".split())
"""A sentence's first words, capitalised as such ("Is", "Can"): no part of a name ("The One Ring" keeps its "The")."""


@cache
def _known() -> tuple[frozenset[str], frozenset[str]]:
    """The words of formats' and events' names ("Legacy", "FNM"), and those with the stopwords: made once, not per question."""
    from ..cards.legality import FORMAT_NAMES

    known = frozenset({w.casefold() for n in FORMAT_NAMES.values() for w in n.split()} | {"fnm", "friday", "night", "magic", "mtg"})
    return known, known | STOPWORDS


def name_runs(question: str) -> list[tuple[int, int, str]]:
    """The capitalised runs of ``question`` that may be a card's name (start, end, the words), without a sentence's first
    words (:data:`_OPENING`) and the formats and events said after them ("… in Legacy"), two words or more.  Sets and
    products are said so too ("Secret Lair", "Dominaria United"): a caller takes one for a card only where more says so."""
    known, plain = _known()
    out = []
    for m in _NAME_LIKE.finditer(question):
        said = [(w.start(), w.end(), w.group()) for w in re.finditer(r"\S+", m.group(1))]
        while said and said[0][2].casefold() in _OPENING:
            said.pop(0)
        while said and (said[-1][2].casefold() in known or said[-1][2] in _JOINING):
            said.pop()
        if len(said) >= 2 and not all(w.casefold().strip(",") in plain for _, _, w in said):
            start, end = m.start(1) + said[0][0], m.start(1) + said[-1][1]
            text = question[start:end].rstrip(",")
            out.append((start, start + len(text), text))
    return out


def names_said(question: str) -> list[str]:
    """The words of :func:`name_runs`."""
    return [text for _, _, text in name_runs(question)]


_PRODUCT = frozenset("horizons legends edition masters remastered lair collection booster boxes box draft prerelease sealed "
                     "core set promo commander championship tour rules guide document".split())
"""Words of a set's, product's, event's or document's name ("Modern Horizons", "Commander Legends", "Pro Tour"), which no
unknown card is taken for."""


_LEGEND = lazy(r"^(?!(?i:ok|okay|so|well|yes|no|thanks|thank you|sorry|hi|hello|hey|wait|also|basically|anyway|now|then|edit|"
               r"update|note|ps|btw|alright|right|sure)\b)[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?, (?:the [A-Z][\w'’-]+|(?!I\b|I['’])"
               r"[A-Z][\w'’-]+(?: (?:of |the |to |from |in )*[A-Z][\w'’-]+)+)$")
"""A legendary card's name as such names are made: a name, a comma and an epithet of two words or more or "the" and one
("Delney, Streetwise Lookout", "Kaervek, the Punisher", "Myrkul, Lord of Bones"); not a greeting or aside before a comma
("Thanks, Steve", "Ok, Magic Arena says …"), a list ("Kaldheim, Ikoria and Theros") or "I" ("Okay, I'm lost")."""


_OPENS = lazy(r"(?:^|[.?!:]\s*)$")
"""Before a sentence's first word."""


def unknown_names(question: str, found: Sequence[tuple[int, int]], guessed: Sequence[tuple[int, int]] = ()) -> list[str]:
    """The names of :func:`unknown_runs`."""
    return [name for _, _, name in unknown_runs(question, found, guessed)]


def unknown_runs(question: str, found: Sequence[tuple[int, int]],
                 guessed: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int, str]]:
    """Runs of capitalised words (:func:`name_runs`) shaped as a legendary card's name (:data:`_LEGEND`) that no card found
    (``found``: their spans) covers, each with its span: a newer card's ("Delney, Streetwise Lookout" with the cards of
    2022), unless one of their words is a set's or product's (:data:`_PRODUCT`).  A card read there only as a slip of the
    words before its comma (``guessed``: "Wilson" one slip from Wildsong Howler, in "Wilson, Refined Grizzly") covers
    none: a whole name no card has is likelier than a slip inside it; a slip reaching past the comma is a legend's name
    misspelt ("Thalia, Guardian of Thrabn", the run going on to a capitalised "Legal").  A name of any other shape is not
    taken for one: on the real questions, nine in ten such runs were creature types, sets and sentence openings ("Bird
    Soldiers", "Magic Online")."""
    out: list[tuple[int, int, str]] = []
    for start, end, text in name_runs(question):
        said = text.removesuffix("'s").removesuffix("’s")
        comma = question.find(",", start, end)
        head = comma if comma >= 0 else end
        covered = [(a, b) for a, b in found if a < end and start < b]
        if any(span not in guessed or span[1] > head for span in covered):
            continue
        if not _LEGEND.match(said) or _OPENS.search(question[:start]):
            continue  # at a sentence's start, a name and a comma is most often a greeting ("Guys, Quick Question: …")
        if not any(w in _PRODUCT for w in tokens(said)) and said not in (n for *_, n in out):
            out.append((start, end, said))
    return out
