"""What a question about playing a card asks (:class:`~rulesgraph.answer.legal.facts.Asked`), read from its words alone:
a format beside "legal", "banned", "restricted" or "play … in"; "be my commander"; a deck's colors or its commander's name
beside "deck"; two cards as a pair of commanders; "color identity".  No card is looked up here: :mod:`.answer` finds the
cards the question names and answers from their data.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...cards.legality import FUTURE as _FUTURE
from ...common.lazyre import lazy
from .facts import COPIES, Asked

__all__ = ["ABBREVIATION", "COLORS", "FORMAT", "MAX_WORDS", "find_format", "kept", "read_question", "sentence_span", "unabbreviated"]

MAX_WORDS = 50
"""A longer question tells a game and asks about it: that it names a format and a card is the scene, not the question."""

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
FORMAT = lazy(r"(?<![\w-])(" + "|".join(f"(?:{w})" for w, _ in _FORMAT_WORDS) + r")(?![\w-])", re.IGNORECASE)
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
COLORS = lazy(r"(?<![\w-])(mono[- ]?(?:white|blue|black|red|green)|colorless|colourless|white|blue|black|red|green|"
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
_LEADER = lazy(r"\b(?:(?:can|could|may|is|are)\b[^?.!]{0,80}?\b(?:be|as) (?:(?:my|a|your|the|our|their|an) )?|(?:an? |my )?"
                     r"(?:legal|eligible|valid|allowed) (?:as |to be )?(?:an? |my )?)(?:(?:legal|eligible|valid) )?"
                     r"(?:(?:commander|edh|brawl|oathbreaker|pdh|pauper commander) )?(?:commander|general|oathbreaker)s?\b"
                     r"(?! (?:damage|tax|zone|ninjutsu|deck|format|game))", re.IGNORECASE)
"""Asking whether a card can lead a deck: "can X be my commander", "can I use X as my commander", "X a legal commander"."""
_DECK = lazy(r"\b(?:go|goes|be|put|include|run|play|use|add|legal|allowed|permitted|fit|fits)\b(?: [^ ?.!]+){0,8}? "
                   r"(?:in|into|to|for) (?:a|an|my|the|your|our|their) ((?:[\w,'’-]+ ){0,6}?)(?:(?:commander|edh|cedh|brawl|"
                   r"pdh|oathbreaker) )?deck\b|\bwith ((?:[\w,'’-]+ ){0,6}?)as (?:my|the|a|our|their|your) (?:commander|general)\b",
                   re.IGNORECASE)
_PAIR = lazy(r"\b(?:be|as) (?:(?:my|our|your|their|the) )?(?:two |co-?|dual )?(?:commanders|generals)\b|\ba (?:legal |valid )?pair\b|"
             r"\bco-?commanders\b|\bpartner(?:ed|s)?\b(?! (?:abilit|mechanic|commander|keyword))|"
             r"\bpair(?:ed)?\b[^?.!]*\bas (?:my |our |your )?(?:co-?)?commanders?\b",
             re.IGNORECASE)
"""Asking whether two cards can lead a Commander deck together: "can X and Y be my commanders", "can I have X and Y as my
commanders", "can X partner with Y", "are X and Y partners?", "is X a valid partner for Y", "X and Y as co-commanders"
(answered only when two cards are named there: "can Tymna be my commander without a partner?" is about one)."""
_NOT_PAIR = lazy(r"\b(?:tax|damage|banned|ban ?list|restricted|99|brawl|oathbreaker|duel|attacks?|blocks?|combat|triggers?|dies|cast)\b",
                 re.IGNORECASE)
"""In the sentence that asks, words of another question about two commanders: their tax or damage (702.124d), a ban, a
deck's other cards, a format without partners, what they do in a game."""
_COMMANDER_IS = lazy(r"\b(?:my|our|the) (?:commander|general)s? (?:is|are|was|were|will be|'s|’s) |\b(?:is|are|as) (?:my|our|the) "
                     r"(?:commander|general)s?\b", re.IGNORECASE)
"""A deck's commander named after these words ("my commander is Atraxa. can I run Bolt in my deck?") or before them
("Atraxa is my commander", "I have Atraxa as my commander"), whichever the question says first."""
_CLAUSE = lazy(r"[.?!;:](?:\s|$)|,?\s+(?=(?:can|could|may|do|does|did|is|are|will|would|should|how|what|why|when|if|but|so|"
               r"while|because|since)\b)|\s+and\s+(?=(?:can|could|may|do|does|is|will|would|should|i)\b)", re.IGNORECASE)
"""Where a clause ends: a sentence's end, a question's or another clause's first word ("my commander is Atraxa, can I …",
"… and can I …"); not a name's comma ("Atraxa, Praetors' Voice", "Muldrotha, the Gravetide") nor "and" between two
commanders ("Thrasios and Tymna")."""
_RUN = lazy(r"\b(?:can|could|may) (?:i|we|you) (?:still |also )?(?:run|play|include|add) (?P<o>[^?.!]{1,60}?)(?: (?:in|into|to|for) "
            r"(?:it|there|the deck|my deck|that deck|this deck|the 99|my 99|(?:my |a |an |the )?(?:commander|edh|cedh|brawl)"
            r"(?: deck)?)| with (?:it|her|him|them))?(?:,? (?:too|as well|also|though|then))?\s*(?:[?.!]|$)", re.IGNORECASE)
"""Asking to put a card in a deck, the card last in the sentence ("can I run Lightning Bolt in EDH too?", group ``o``): a
deck question when the commander is named apart (:func:`_commander_said`); "can I play Path to Exile on her?" is none."""
_ASKS = [(lazy(r"\b(?:illegal|not (?:legal|allowed|permitted|playable))\b", re.IGNORECASE), "illegal"),
         (lazy(r"\b(?:banned|ban ?list|banlist)\b", re.IGNORECASE), "banned"),
         (lazy(r"\brestricted\b", re.IGNORECASE), "restricted"),
         (lazy(r"\b(?:legality|b ?& ?r)\b", re.IGNORECASE), None)]
"""The status a legality question asks about, by its words (the first that its words say); else whether it is legal
("legal", "allowed", "can I play", "unbanned")."""
_EITHER = lazy(r"\b(?:legal|allowed|banned|restricted|ban ?list|banlist)\b[^?.!]*\bor\b[^?.!]*\b(?:legal|allowed|banned|"
                     r"restricted|ban ?list|banlist)\b", re.IGNORECASE)  # two statuses offered: the fact answers, no yes or no
_IDENTITY = lazy(r"\bcolou?r identit(?:y|ies)\b", re.IGNORECASE)


LEADING = ("brawl", "oathbreaker", "paupercommander", "historicbrawl", "standardbrawl", "duel")
"""Formats of commanders other than Commander itself, which a question asking for a commander may name."""


def _leading_format(question: str, after: int) -> str:
    """The format of commanders a question asking for one means: the first of :data:`LEADING` it names after the words
    asking ("… be my commander in pauper commander?"), else before them ("I play Duel Commander. Can Kenrith be my
    commander even though it is banned in Legacy?"), else Commander."""
    for start in (after, 0):
        for m in FORMAT.finditer(question, start):
            key = next(k for p, k in _KEYS if p.match(m.group(1)))
            if key in LEADING:
                return key
    return "commander"


def find_format(question: str, start: int = 0, end: int | None = None) -> str | None:
    m = FORMAT.search(question, start, len(question) if end is None else end)
    if m is None:
        return None
    return next(k for p, k in _KEYS if p.match(m.group(1)))


def _colors(words: str) -> frozenset[str] | None:
    """The colors ``words`` name (``mono-green`` → G, ``Golgari`` → B G, ``green and white`` → G W), ``None`` if none."""
    found: set[str] = set()
    said = False
    for m in COLORS.finditer(words):
        w = m.group(1).lower().replace(" ", "-")
        said = True
        if w.startswith("mono"):
            found.add(_COLOR_WORDS[w.removeprefix("mono").strip("-")])
        elif w in _COLOR_WORDS:
            found.add(_COLOR_WORDS[w])
        elif w.replace("-", " ") in _GROUPS or w in _GROUPS:
            found.update(_GROUPS.get(w, _GROUPS.get(w.replace("-", " "), "")))
    return frozenset(found) if said else None


def _commander_said(q: str) -> tuple[int, int] | None:
    """Where ``q`` names its deck's commander (or commanders) in a clause of its own: after "my commander is" to the clause's
    end, or before "is my commander" from the clause's start; the cards there that can lead a deck are its commanders ("I
    love Sol Ring and Atraxa is my commander": Atraxa).  ``None`` when it names none."""
    m = _COMMANDER_IS.search(q)
    if m is None:
        return None
    if m.group().lower().startswith(("my", "our", "the")):
        end = _CLAUSE.search(q, m.end())
        return m.end(), end.start() if end else len(q.rstrip(" ?!."))
    starts = [c.end() for c in _CLAUSE.finditer(q, 0, m.start())]
    return max(starts, default=0), m.start()


def read_question(question: str, pairs: bool = True, runs: bool = True) -> Asked | None:
    """What a question naming a card asks about playing it, or ``None`` when it asks something else; ``pairs=False``: not
    whether two cards can be commanders together, ``runs=False``: not "can I run X" (when the cards those need were not
    found where they must be, what else it may ask)."""
    q = " ".join(question.split())
    if len(q.split()) > MAX_WORDS or _FUTURE.search(q):
        return None
    for m in _PAIR.finditer(q) if pairs else ():
        within = sentence_span(q, m.start(), m.end())
        if not _CONDITION.search(q[within[0] : m.start()]) and not _NOT_PAIR.search(q[slice(*within)]):
            return Asked("pair", "commander", within=within)
    for m in _LEADER.finditer(q):
        if not _CONDITION.search(q[: m.start()]):
            said = m.group(0).lower()
            fmt = "brawl" if "brawl" in said else "oathbreaker" if "oathbreaker" in said else "paupercommander" if (
                "pdh" in said or "pauper" in said) else _leading_format(q, m.end())
            within = sentence_span(q, m.start(), m.end())
            banned = next((st for p, st in _ASKS if p.search(q[slice(*within)])), None) in ("banned", "illegal")
            return Asked("leader", fmt, within=within, status="banned" if banned else "legal")
    for m in _DECK.finditer(q):
        if _CONDITION.search(q[: m.start()]):
            continue
        words = m.group(1) if m.group(1) is not None else m.group(2) or ""
        start = m.start(1) if m.group(1) is not None else m.start(2)
        colors = _colors(words)
        fmt = find_format(q, m.start(), m.end()) or ("commander" if m.group(2) is not None else None)
        if colors is not None:
            return Asked("deck", fmt or "commander", colors, deck=" ".join(COLORS.findall(words)).lower(),
                         within=(sentence_span(q, m.start(), m.end())[0], m.start(1) if m.group(1) is not None else m.end()))
        if words.strip() and fmt in (None, "commander", "brawl", "duel", "paupercommander") and find_format(words) is None:
            return Asked("deck", fmt or "commander", None, (start, start + len(words.rstrip())),
                         within=sentence_span(q, m.start(), m.end()))
        if (leader := _commander_said(q)) is not None and fmt in (None, "commander", "brawl", "duel", "paupercommander"):
            return Asked("deck", fmt or "commander", None, leader, within=sentence_span(q, m.start(), m.end()))
    for m in _RUN.finditer(q) if runs else ():  # "my commander is Atraxa. can I run Lightning Bolt?": the object, whole
        if not _CONDITION.search(q[: m.start()]) and (leader := _commander_said(q)) is not None:
            return Asked("deck", find_format(q) or "commander", None, leader, within=(m.start("o"), m.end("o")), last=True)
    m = _IDENTITY.search(q)
    if m is not None:
        return Asked("identity", None, within=sentence_span(q, m.start(), m.end()))
    for i, pattern in enumerate(_LEGAL):
        m = pattern.search(q)
        if m is not None and not _CONDITION.search(q[: m.start()]):
            f = m.groupdict().get("f")
            within = (m.start(), m.end()) if i == len(_LEGAL) - 1 else sentence_span(q, m.start(), m.end())
            sentence = q[slice(*sentence_span(q, m.start(), m.end()))]
            status = None if _EITHER.search(sentence) else next((st for p, st in _ASKS if p.search(m.group(0))), "legal")
            return Asked("legal", find_format(f) if f else find_format(q), within=within, status=status,
                         copies=bool(COPIES.search(sentence)))
    return None


ABBREVIATION = lazy(r"(?<!\w)[A-Z][A-Za-z]{0,2}\.")  # a capitalised word of 3 letters or fewer and a period: "Mr."
_KEPT = "\u2024"  # what stands for such a period while the question is read: a one-dot leader, which ends no sentence
_GOES_ON = lazy(r" ?[a-z]")  # after a period that ends a name, not the sentence: "Is Agents of S.H.I.E.L.D. legal in Modern?"


def kept(m: re.Match[str]) -> str:
    """An :data:`ABBREVIATION` with its period kept from ending a sentence."""
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


def sentence_span(q: str, start: int, end: int) -> tuple[int, int]:
    """The span of the sentence of ``q`` holding ``start``–``end`` (ended by ``.``, ``?`` or ``!`` and a space)."""
    before = max(q.rfind(". ", 0, start), q.rfind("? ", 0, start), q.rfind("! ", 0, start))
    after = [i for i in (q.find(". ", end), q.find("? ", end), q.find("! ", end)) if i >= 0]
    return before + 1, min(after) + 1 if after else len(q)


