"""Find the cards a question names: ``[[Brackets]]``, exact names, possessives and plurals (and a much played name's
possessive said bare: "urza saga"), the short name before a comma, one face of a split/adventure/double-faced card, and
typos on long names.

A :class:`~rulesgraph.cards.nametable.NameTable` is built once from every card name (and face name); :func:`find_cards` then reads one
question against it.  Many card names are ordinary words ("Shock", "Return", "Flash"), so a match needs
evidence, and the evidence is generic: brackets; Capitalised Words, where a sentence's first word is weak
evidence; several words that rarely meet by chance (``path to exile`` said in lower case); a single lower-case
word only when English does not know it (``tarmogoyf``), or a card's whole name cast ("cast murder").  A word the
rules use as a term ("my creature has Flying", "Commander") is a card only in brackets or after *cast*.  The names
and what is known of their words are in a :class:`~rulesgraph.cards.nametable.NameTable`, built once.

Candidates are looked up by their first word (exact names) or by a word they share (misspellings, read by
:mod:`rulesgraph.question.mention_typos`: capitalised runs, long unknown words, and lower-case phrases one slip from a name),
never by fuzzing every name.  A question is read up to :data:`FIND_CHARS` characters, in time linear in them.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from ..cards.model import JOINERS
from ..cards.nametable import NameTable, tokens
from ..cards.shortforms import INITIALS_LETTERS, cased_as_initials
from ..common.lazyre import lazy
from ..common.packed import Spaced
from ..common.text import STOPWORDS
from .mention_context import confirmed, coreferent, epithets, shortenings, tails
from .mention_typos import CHANCE, LONG_NAME, LOWER_TYPO_EDITS, LOWER_TYPO_WORDS, PLAYED, TypoReading
from .mention_words import ASKS, DOES, DOES_VERBS, KEYWORD_CAST, CardMention, in_sorted, joined, scan, title_case, variants

__all__ = ["ACTS", "ACTS_ON", "ASKED_ZIPF", "BARE", "BRACKET_FIT", "CHANCE", "CUE", "FIND_CHARS", "GENERIC", "INITIALS_ZIPF",
           "INITIAL_RARE", "LONG_NAME", "LOWER_TYPO_EDITS", "LOWER_TYPO_WORDS", "OWNER", "PLAYED", "RARE_WORD", "SHORT_ZIPF", "WEAK",
           "CardMention", "bounded", "find_cards"]

RARE_WORD = 2.0
"""Zipf frequency at or below which a lower-case single word may be a card name: fewer than one in ten million
words of English (``tarmogoyf`` 0, ``opalescence`` 1.5, ``disenchant`` 1.4); ``shock`` (4.5) is English."""
INITIAL_RARE = 4.0
"""A capitalised sentence-initial single word is a card only when rarer than one in 100,000 words of English
("Humility is out …", 3.6; not "Shock deals …", 4.5): the capital there is the sentence's, not the name's."""
CUE = frozenset({"cast", "casts", "casting", "resolve", "resolves", "resolving", "basic"}) | KEYWORD_CAST
"""Words before a single-word name that is also a rules word that make it a card ("cast Flash", "a basic Island")."""
CAST = frozenset({"cast", "casts", "casting"}) | KEYWORD_CAST
"""Of :data:`CUE`, the words that make even a word English says every day a card when a card's whole name follows
("cast murder"): not a split card's half ("cast burn spells" is no Turn // Burn), not "resolve death triggers"."""
ACTS = frozenset({"targets", "resolves", "deals", "says", "lets", "costs"})
"""Words after a name that say what a card does: they make even a rules word a card ("Exile targets …",
"Explore lets me …"; not "Persist returns it")."""
ASKED_ZIPF = 5.0
"""A one-word name English knows well (below this zipf; :data:`INITIAL_RARE` otherwise) is a card when it is the subject
asked between an asking word and a game verb ("does opposition let me tap lands?", "does balance make me discard?")."""
BARE = 0.7
"""The most a much played name is read with when its first word is said without its "'s" or "s" ("urza saga", "bird of
paradise"): how sure its words said rightly are (:data:`CHANCE`) is not how sure the words said are."""
ACTS_ON = frozenset({("on", w) for w in ("a", "an", "my", "your", "his", "her", "their", "target", "it")} | {("is", "out"), ("is", "on")})
"""Two words after a name that say a card is where cards are ("Shock on a planeswalker", "Worship is out", "my creature
with rancor on it"): they make an English word a card even at a sentence's start (not a rules word: "Flying on a
creature").  "on it" since stop 65: card recall on the real tuning questions 97.9% → 98.0%, on two blind sets up (87.3%
→ 87.8%, 72.7% → 73.7%), precision unchanged everywhere (``bench/mentions.py``)."""
COUNTS = frozenset("two three four both 2 3 4 multiple several".split())
"""Words before a plural that count what it names: a name in the plural after one ("my two thalias", "both Finks") is
copies of a card, as an owner word makes a lower-case name one."""
OWNER = frozenset({"my", "your", "his", "her", "their", "opponents", "our", "own"})
"""Words before a lower-case name that make an uncommon word a card, as *cast* does: "my clone copies …", "cast living death"
(not "a clone effect"), and so does a possessive ("pacifism's controller"); not "have": "I have delirium", "second thoughts"."""
INITIALS_ZIPF = 3.0
"""Initials said in capitals are a card's only when English (chat included) hardly writes them as a word: ``JTMS``
0, ``STP`` 2.8; not ``LED`` 5.1, ``TBH`` 4.2, ``MOM`` 5.1.  Said in mixed case where the name's small words are
(``StP``, ``BoP``), they are a card's whatever English says."""
LOWER_INITIALS_ZIPF = 1.0  # initials in lower case are a card's when English hardly writes them: jtms 0; not stp 2.8, lol
SHORT_ZIPF = 5.0
"""A word English uses this often (zipf: one in 100,000 words) is never said for a card (``Mind`` of Mind Stone,
``Ring`` of Sol Ring are; ``Will``, ``City`` are not), however played the card."""
LOWER_SHORT, LOWER_SHORT_ZIPF = 0.55, 3.0  # a short form in lower case after an owner's word, rarer than this: "my greaves"
WEAK = 0.4
"""Confidence of a lower-case word English knows (zipf between :data:`RARE_WORD` and :data:`INITIAL_RARE`: ``clone`` 3.7, ``humility``
3.6) that is a card's name, said with no evidence of its own: below what answering reads as a card
(:data:`rulesgraph.question.namedcards.MIN_CONFIDENCE`), unless the question says what that card does in its own words."""
GENERIC = frozenset({"effect", "effects", "ability", "abilities", "deck", "decks"})
"""Words after a lower-case word English knows (zipf above half :data:`RARE_WORD`) that make it a common noun
("a clone effect", "flicker ability"), as an article before it does ("a counterspell"; not "a skullclamp")."""

FIND_CHARS = 8000
"""The finder reads a question's first this-many characters (to the last whole word): a name said later is not
read, as the rest of the analysis reads only a question's beginning (:data:`rulesgraph.question.read.MAX_CHARS`, which this
is four times, so a long question's cards are read past it).  Within the bound the finder is linear in the question's
length (a 1 MB question costs what its first 8,000 characters do)."""

TYPE_BEFORE = frozenset("a an non each other another every all any no".split())  # around a type's name: the type, no card
ARTICLES = frozenset({"a", "an"})
TYPE_AFTER = frozenset("token tokens creature creatures card cards spell spells permanent permanents you type types".split())

BRACKET_FIT = 0.75
"""Least similarity (Levenshtein, normalized) of a name in brackets to the card name it is read as, when it is none as
said: at most a quarter of the longer's letters differ, so the two lengths are within a quarter of the longer's."""
_BRACKET = lazy(r"\[\[([^\[\]]{1,80})\]\]|\[(?:card|c)\]([^\[\]]{1,80})\[/(?:card|c)\]", re.IGNORECASE)


class _Finder(TypoReading):
    """One question read against a table (the state of one :func:`find_cards` call)."""

    def __init__(self, text: str, table: NameTable, weak: bool = False) -> None:
        self.text, self.t, self.weak = text, table, weak
        self.toks = scan(text)
        self.titled = title_case(self.toks)
        """Typed in Title Case or capitals (read once: every short form asks)."""
        self.starts = [tk.start for tk in self.toks]
        self.taken = [False] * len(self.toks)

    def mention(self, g: int, i: int, j: int, how: str, conf: float, start: int | None = None, end: int | None = None) -> CardMention:
        keys = self.t.keys[g]
        kind = self.t.kind[g]
        if how in ("exact", "possessive", "plural", "verb") and kind != "name":
            how = kind
        start = self.toks[i].start if start is None else start
        end = self.toks[j].end if end is None else end
        sure = self.t.sure[g]
        if not sure:
            conf *= 0.9
        for k in range(i, j + 1):
            self.taken[k] = True
        return CardMention(keys[0] if sure else None, keys, start, end, self.text[start:end], how, round(conf, 3))

    def brackets(self) -> list[CardMention]:
        """``[[Card]]`` (and ``[card]…[/card]``): a card whatever its words, misspelt or not."""
        out = []
        for m in _BRACKET.finditer(self.text):
            inner = m.group(1) or m.group(2)
            start = m.start(1) if m.group(1) else m.start(2)
            toks = tuple(tokens(inner))
            covered = list(range(bisect.bisect_left(self.starts, start), bisect.bisect_left(self.starts, start + len(inner))))
            if not toks or not covered:
                continue
            g = self.t.exact.get(toks)
            conf = 1.0
            if g is None:  # a similarity of 0.75 or more (1 - distance / the longer's length) only within these lengths
                said = " ".join(toks)
                places, names = _sized(self.t.joined, -(-3 * len(said) // 4), 4 * len(said) // 3)
                hit = process.extractOne(said, names, scorer=Levenshtein.normalized_similarity, score_cutoff=BRACKET_FIT)
                if hit is None:
                    continue
                g, conf = places[hit[2]], 0.9
            m_ = self.mention(g, covered[0], covered[-1], "bracket", conf, start, start + len(inner.rstrip()))
            named = [k for k in m_.candidates if tuple(tokens(k)) == toks]  # [[Akoum]] is the plane Akoum, not Akoum Refuge
            out.append(CardMention(named[0], m_.candidates, m_.start, m_.end, m_.said, m_.how, m_.confidence) if named else m_)
        return out

    def candidates(self) -> list[tuple[float, int, int, int, str]]:
        """``(confidence, group, first word, last word, how)`` of every name the words match with evidence."""
        toks, t = self.toks, self.t
        out = []
        bare: set[tuple[int, int, int]] = set()
        forms = [variants(tok, tok.word in t.rules_words) for tok in toks]
        for i, tok in enumerate(toks):
            if self.taken[i]:
                continue
            for v, how in forms[i]:
                for g in t.by_first.get(v, ()):
                    out.append((g, i, i, how))
            if i + 1 < len(toks) and not self.taken[i + 1]:
                for first in (tok.word, *((tok.word + "s",) if not tok.possessive else ())):
                    for v, how2 in forms[i + 1]:
                        for g in t.by_first.get(f"{first} {v}", ()):
                            n = len(t.surface[g])
                            j = i + n - 1
                            if (n > 2 and how2 != "exact") or j >= len(toks) or any(self.taken[i:j + 1]):
                                continue
                            how = how2
                            if n > 2:
                                how = dict(forms[j]).get(t.surface[g][-1], "")
                                if not how or any(toks[k].word != t.surface[g][k - i] for k in range(i + 2, j)):
                                    continue
                            if first != tok.word:  # "urza saga", "bird of paradise": a much played name's first word
                                if not self.played(g):  # said without its "'s" or "s"; its words as said may meet often
                                    continue  # ("nature will"): read only as sure as a name said owned (BARE)
                                how = "possessive" if "'" in t.keys[g][0].split()[0] else "plural"
                                bare.add((g, i, j))
                            if joined(self.text, toks, i, j, t.periods):
                                out.append((g, i, j, how))
        scored = []
        for g, i, j, how in out:
            conf = self.evidence(g, i, j)
            counted = how == "plural" and i == j and i > 0 and toks[i - 1].word in COUNTS
            if counted and conf is None and not toks[i].cap and not t.rules[g] and t.zipf[g] < INITIAL_RARE and len(toks[i].word) >= 5:
                conf = self.evidence(g, i, j, counted=True)  # "my two thalias": copies of a card, counted
            elif conf is not None and how == "plural" and i == j and not toks[i].cap and t.zipf[g] > RARE_WORD / 2 and not counted:
                conf = None  # a word English knows, in the plural and lower case, is a common noun: "casting counterspells"
            if conf is not None:
                if how in ("plural", "possessive", "verb") and j == i:
                    conf -= 0.05
                if (g, i, j) in bare:
                    conf = min(conf, BARE)
                scored.append((conf, g, i, j, how))
        return scored

    def evidence(self, g: int, i: int, j: int, counted: bool = False) -> float | None:
        """How sure the words ``i..j`` name the card(s) of surface ``g``, or ``None`` if they do not; ``counted``: a
        lower-case plural after a count word (:data:`COUNTS`), as sure as an uncommon name said with a capital."""
        t, toks = self.t, self.toks
        if t.bracket_only[g]:
            return None
        surface = t.surface[g]
        content = [toks[k] for k in range(i, j + 1) if surface[k - i] not in JOINERS]
        cue = i > 0 and toks[i - 1].word in CUE and (not toks[i - 1].cap or toks[i - 1].initial)  # not "Steely Resolve negate"
        acts = self.acts(j)
        nxt = toks[j + 1].word if j + 1 < len(toks) and joined(self.text, toks, j, j + 1) else ""
        asked = i == j and t.kind[g] == "name" and nxt in DOES_VERBS and i > 0 and toks[i - 1].word in ASKS
        does = asked or (i == j and t.kind[g] == "name" and nxt in DOES and not (i > 0 and toks[i - 1].word in ("a", "an", "the")))
        owned = cue or acts or does or (i > 0 and toks[i - 1].word in OWNER) or toks[j].possessive
        z = t.zipf[g]
        if t.kind[g] in ("short form", "initials"):
            return self.short_form(g, i, j, z, acts, owned)
        short = {"short": -0.05, "part": -0.1}.get(t.kind[g], 0.0)
        if t.rules[g]:  # "cast Flash", "Exile targets …", "Vigilance the card", "Fear is on my creature" (no keyword is)
            after = [w.word for w in toks[j + 1 : j + 4]]
            named = cue or acts in ACTS or after[:2] == ["the", "card"] or (after[:2] == ["is", "on"] and after[2:] and after[2] in OWNER) \
                or self.a_thing(g, i, j) or self.capital_apart(i, j)
            return 0.7 + short if named and all(c.cap for c in content) else None
        if (t.typename[g] or t.kind[g] == "part") and not cue and self.as_type(g, i, j, articles=t.typename[g]):
            return None
        if t.kind[g] == "part" and not (all(c.cap for c in content) or owned):
            return None  # a name's word said alone in lower case is a deck or a word ("pauper delver mirror")
        if len(content) >= 2:
            if all(c.cap for c in content) and any(not c.initial for c in content):
                return 0.95 + short
            if t.kind[g] == "name" and "//" in self.text[toks[i].end : toks[j].start]:
                return 0.9  # "fire // ice": a split card's halves joined as only its name joins them, in any case
            if z < CHANCE or ((owned or self.played(g)) and z < CHANCE + 2):
                return (0.85 if any(c.cap for c in content) else 0.8 if z < CHANCE else 0.7) + short
            return None
        if not content:
            return None
        c = content[0]
        if z > RARE_WORD / 2 and self.common_noun(i, j, lower=not c.cap):
            return None  # a word English knows, said as a common noun: "a counterspell", "Clone effects", "Fog-like"
        if c.cap and not c.initial:
            if (z >= INITIAL_RARE or t.kind[g] in ("short", "part")) and self.in_longer_run(i, j):
                return None
            return (0.9 if z < INITIAL_RARE else 0.8) + short
        if c.cap:
            return 0.75 + short if z < INITIAL_RARE or acts else None
        cast = cue and toks[i - 1].word in CAST and t.kind[g] == "name" and c.word == surface[0]
        if len(c.word) < 4:
            return 0.65 if cast and len(c.word) == 3 else None  # "i cast fog": a name of three letters only when cast
        if z <= RARE_WORD or (counted and z < INITIAL_RARE):
            return 0.75 + short
        if owned and (z < INITIAL_RARE or (asked and z < ASKED_ZIPF)):
            return 0.65 + short
        if cast:
            return 0.65  # "opp cast murder on my guy": a one-face card's whole name, cast, though English knows the word well
        return WEAK if z < INITIAL_RARE and t.kind[g] in ("name", "face") else None  # kept when named or listed with a card

    def short_form(self, g: int, i: int, j: int, z: float, acts: str, owned: bool = False) -> float | None:
        """How sure the word ``i`` is a player's short form of a card (:mod:`rulesgraph.cards.shortforms`): initials
        said in capitals (``JTMS``, ``REB's``; see :data:`INITIALS_ZIPF`), in lower case when English never writes them
        (``jtms``: :data:`LOWER_INITIALS_ZIPF`) or in the name's own mixed case (``StP``) in a text not all capitals; a
        word said with a capital inside a sentence (``I Bolt it``), at its start when what follows is what cards do, or in lower
        case after an ``owned`` cue when rare (:data:`LOWER_SHORT`), and not as a type, a common noun or part of a longer
        capitalised name; never a word as common as :data:`SHORT_ZIPF`."""
        tok = self.toks[i]
        if i != j:
            return None
        if self.t.kind[g] == "initials":
            core = re.sub(r"(?:['’]s|s)$", "", tok.raw) if len(tok.raw) > INITIALS_LETTERS else tok.raw
            if len(core) < INITIALS_LETTERS or self.titled:
                return None
            if core.isupper():
                return 0.8 if z < INITIALS_ZIPF else None
            if core.islower() and z < LOWER_INITIALS_ZIPF:  # "can jtms be my commander": typed as players type
                return 0.7
            return 0.8 if cased_as_initials(core, tokens(self.t.keys[g][0])) else None  # "StP": small letters where small words are
        if not (tok.cap or (owned and z < LOWER_SHORT_ZIPF)) or z >= SHORT_ZIPF or self.common_noun(i, j, not tok.cap) \
                or self.in_longer_run(i, j) or self.text[tok.start - 1 : tok.start] in ("-", "‐", "‑", "–"):  # "O-Ring": no Sol Ring
            return None
        before = self.toks[i - 1].word if i > 0 else ""
        after = self.toks[j + 1].word if j + 1 < len(self.toks) else ""
        if (before in TYPE_BEFORE and before not in ARTICLES) or after in TYPE_AFTER:  # "any Signet"; "a Bolt" is one
            return None
        return LOWER_SHORT if not tok.cap else 0.7 if not tok.initial else 0.65 if acts else None

    def a_thing(self, g: int, i: int, j: int) -> bool:
        """A capitalised rules word inside a sentence, counted as a thing ("counter a Cancel.", "with a Cancel from my hand"):
        after *a* and before no noun of its own, where a keyword would qualify one ("a Flash creature"); a card's whole name,
        not a type's ("a Mountain") nor a word of several names ("a Siege")."""
        toks = self.toks
        if i != j or self.t.typename[g] or self.t.kind[g] not in ("name", "face") or not toks[i].cap or toks[i].initial:
            return False
        if i == 0 or toks[i - 1].word not in ARTICLES:
            return False
        return j + 1 == len(toks) or not joined(self.text, toks, j, j + 1) or toks[j + 1].initial or toks[j + 1].word in STOPWORDS

    def capital_apart(self, i: int, j: int) -> bool:
        """A rules word said with a capital inside a sentence and right after it again in lower case, as what it does ("Does
        Remove remove counters …?", "can Negate negate it?"): the capital sets the name apart from the verb.  Said apart
        ("the Exile zone … exile it", "a Conspiracy pack … conspiracy cards"), a capital is only emphasis or another name."""
        toks = self.toks
        if i != j or j + 1 >= len(toks) or not toks[i].cap or toks[i].initial:
            return False
        nxt = toks[j + 1]
        return nxt.word == toks[i].word and nxt.raw.islower() and joined(self.text, toks, j, j + 1)

    def acts(self, j: int) -> str:
        """What the words after ``j`` say the thing does, when they are what a card does ("Exile targets …",
        "Shock on a planeswalker", "Worship is out"): the act, else ``""``."""
        toks = self.toks
        nxt = toks[j + 1].word if j + 1 < len(toks) and joined(self.text, toks, j, j + 1) else ""
        then = toks[j + 2].word if j + 2 < len(toks) else ""
        if nxt in ACTS:
            return nxt
        return f"{nxt} {then}" if (nxt, then) in ACTS_ON else ""

    def common_noun(self, i: int, j: int, lower: bool) -> bool:
        """The words are a common noun: after an article (lower case: "a counterspell"), before "effect",
        "ability" ("Clone effects"), or the first half of a compound ("Fog-like")."""
        toks, text = self.toks, self.text
        if lower and i > 0 and toks[i - 1].word in ("a", "an"):
            return True
        if j + 1 < len(toks) and toks[j + 1].word in GENERIC:
            return True
        return j + 1 < len(toks) and text[toks[j].end : toks[j + 1].start] == "-" and not toks[j + 1].cap

    def as_type(self, g: int, i: int, j: int, articles: bool = True) -> bool:
        """The words ``i..j``, a type's name, are said as the type: "an Illusion", "non-Goblin", "Goblins",
        "Zombie tokens" (an article counts only before a type's own name: "a Finks" is one)."""
        toks = self.toks
        before = toks[i - 1].word if i > 0 else ""
        after = toks[j + 1].word if j + 1 < len(toks) else ""
        said, name = toks[j].word, self.t.surface[g][-1]
        owned = toks[j].possessive and said[:-1] == name and not self.t.typename[g]  # "Delver's trigger"; not "Urza's lands"
        plural = said != name and not owned
        return (before in TYPE_BEFORE and (articles or before not in ARTICLES)) or after in TYPE_AFTER or plural

    def in_longer_run(self, i: int, j: int) -> bool:
        """Capitalised words joined to the words ``i..j`` by spaces (or by "of": ``Agent of Treachery``,
        ``MTG Arena``; not "Sheoldred with Swampwalk"): they are part of another name."""
        toks, text = self.toks, self.text

        def name_word(k: int) -> bool:
            return (toks[k].cap or (len(toks[k].raw) > 1 and toks[k].raw.isupper())) and toks[k].word not in STOPWORDS

        def spaced(a: int, b: int) -> bool:
            return not text[toks[a].end : toks[b].start].strip()

        k = i - 1
        if k >= 0 and spaced(k, i) and name_word(k):
            return True
        k = j + 1
        if k < len(toks) and toks[k].word == "of" and spaced(j, k):  # "Agent of Treachery", "Liliana of the Veil"
            k += 2 if k + 1 < len(toks) and toks[k + 1].word == "the" else 1
        return k < len(toks) and spaced(k - 1, k) and name_word(k) and (k == j + 1 or toks[k].cap)



def _sized(joined: Sequence[str], least: int, most: int) -> tuple[list[int], list[str]]:
    """The places of the names of ``least`` to ``most`` characters, in order, and those names (a packed table's
    :meth:`~rulesgraph.common.packed.Spaced.sized`; a table left as lists, read through)."""
    if isinstance(joined, Spaced):
        return joined.sized(least, most)
    places = [i for i, name in enumerate(joined) if least <= len(name) <= most]
    return places, [joined[i] for i in places]


def bounded(text: str) -> str:
    """What of ``text`` the finder reads: its first :data:`FIND_CHARS` characters, cut back to the last whole word."""
    if len(text) <= FIND_CHARS:
        return text
    cut = text[:FIND_CHARS]
    if text[FIND_CHARS].isalnum():
        cut = cut[: max(cut.rfind(" "), cut.rfind("\n"), 0)]
    return cut


def find_cards(text: str, table: NameTable, weak: bool = False, absent: list[str] | None = None) -> list[CardMention]:
    """The cards ``text`` names (in its first :data:`FIND_CHARS` characters: :func:`bounded`), in the order it names
    them; overlapping readings resolve to the longest, then the surest (``Sheoldred, the Apocalypse`` over
    ``Sheoldred``).  With ``weak``, also the lower-case words that may be a card's name but need the card's own words
    to confirm it (confidence :data:`WEAK`).  ``absent`` gets the names said of cards the table lacks
    (:func:`~rulesgraph.question.mention_context.epithets`: "Elesh Norn, Mother of Machines" with card data of 2022)."""
    f = _Finder(bounded(text), table, weak)
    found = f.brackets()
    weakly = []
    for conf, g, i, j, how in sorted(f.candidates() + f.typos(), key=lambda c: (c[2] - c[3], -c[0], c[2])):
        if not any(f.taken[i:j + 1]):
            (weakly if conf <= WEAK and i == j else found).append(f.mention(g, i, j, how, conf))
    found += confirmed(f.text, found, weakly, weak)
    found += shortenings(found, f.toks, f.taken, table.rules_words, TYPE_AFTER)
    for m in found:  # what the names took, the tails may not
        for k in range(bisect.bisect_left(f.starts, m.start), bisect.bisect_left(f.starts, m.end)):
            f.taken[k] = True
    rules = lambda words: words in table.rules_words or in_sorted(table.rules_long, words)
    return coreferent(epithets(f.text, sorted(found + tails(f.text, f.toks, f.taken, table, TYPE_AFTER), key=lambda m: m.start), absent,
                               rules))
