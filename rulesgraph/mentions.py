"""Find the cards a question names: ``[[Brackets]]``, exact names, possessives and plurals, the short name
before a comma, one face of a split/adventure/double-faced card, and typos on long names.

A :class:`~rulesgraph.nametable.NameTable` is built once from every card name (and face name); :func:`find_cards` then reads one
question against it.  Many card names are ordinary words ("Shock", "Return", "Flash"), so a match needs
evidence, and the evidence is generic: brackets; Capitalised Words, where a sentence's first word is weak
evidence; several words that rarely meet by chance (``path to exile`` said in lower case); a single lower-case
word only when English does not know it (``tarmogoyf``).  A word the rules use as a term ("my creature has
Flying", "Commander") is a card only in brackets or after *cast*.  The names and what is known of their words
are in a :class:`~rulesgraph.nametable.NameTable`, built once.

Candidates are looked up by their first word (exact names) or by a word they share (typos, only for
capitalised runs and long unknown words that matched nothing), never by fuzzing every name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from .nametable import JOINERS, TYPO_EDITS, TYPO_LETTERS, WORD, NameTable, fold_token, tokens
from .text import STOPWORDS

__all__ = ["CHANCE", "CUE", "GENERIC", "INITIAL_RARE", "OWNER", "RARE_WORD", "CardMention", "find_cards"]

RARE_WORD = 2.0
"""Zipf frequency at or below which a lower-case single word may be a card name: fewer than one in ten million
words of English (``tarmogoyf`` 0, ``opalescence`` 1.5, ``disenchant`` 1.4); ``shock`` (4.5) is English."""
INITIAL_RARE = 4.0
"""A capitalised sentence-initial single word is a card only when rarer than one in 100,000 words of English
("Humility is out …", 3.6; not "Shock deals …", 4.5): the capital there is the sentence's, not the name's."""
CHANCE = 1.0
"""A lower-case name of several words is a card when the zipf its content words would have together by chance
(sum of their zipfs − 9 per extra word) is below this: ``lightning bolt`` −0.7 is, ``hold the line`` 1.7 is not."""
CUE = frozenset({"cast", "casts", "casting", "resolve", "resolves", "resolving"})
"""Words before a single-word name that is also a rules word that make it a card ("cast Flash")."""
OWNER = frozenset({"my", "your", "his", "her", "their", "opponents", "our"})
"""Words before a lower-case name that make an uncommon word a card, as *cast* does: "my clone copies …", "cast
living death" (not "a clone effect"), and so does a possessive ("pacifism's controller")."""
GENERIC = frozenset({"effect", "effects", "ability", "abilities", "deck", "decks"})
"""Words after a lower-case word English knows (zipf above half :data:`RARE_WORD`) that make it a common noun
("a clone effect", "flicker ability"), as an article before it does ("a counterspell"; not "a skullclamp")."""

TYPE_BEFORE = frozenset("a an non each other another every all any no".split())
TYPE_AFTER = frozenset("token tokens creature creatures card cards spell spells permanent permanents you type types".split())
"""Words around a type's name that say it is the type, not a card named like it."""

_BRACKET = re.compile(r"\[\[([^\[\]]{1,80})\]\]|\[(?:card|c)\]([^\[\]]{1,80})\[/(?:card|c)\]", re.IGNORECASE)
_VERBED = re.compile(r"['’](?:d|ed|ing)$", re.IGNORECASE)
_BOUNDARY = frozenset(".?!:;\n")
_GAP = frozenset(" \t,-/'’\"“”–—&:")


@dataclass(frozen=True, slots=True)
class CardMention:
    """A card named in a question."""

    key: str | None
    """The card, or ``None`` when the words name several as well (``Olivia``): see :attr:`candidates`."""
    candidates: tuple[str, ...]
    """Every card the words may name: :attr:`key` first, then the others most played first (``Urborg`` is a
    card, and also the short name of Urborg, Tomb of Yawgmoth)."""
    start: int
    end: int
    """Character span in the question (``text[start:end] == said``), possessive ``'s`` included."""
    said: str
    how: str
    """``bracket``, ``exact``, ``possessive``, ``plural``, ``verb`` (``Control Magic'd``, ``Shocked``), ``short``
    (the name before its comma, or a card named in full elsewhere in the text said by one word), ``face`` or
    ``typo``."""
    confidence: float
    """0–1: brackets 1.0; Capitalised multi-word names 0.95; lower-case or sentence-initial evidence less."""

@dataclass(slots=True)
class _Tok:
    word: str
    raw: str
    start: int
    end: int
    cap: bool
    """Capitalised, and capitals are evidence in this text (not all caps, not Title Case throughout)."""
    initial: bool
    """First word of a sentence (or of the text, a line, a quotation)."""
    possessive: bool


def _scan(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    end = 0
    lower = text.lower() if text.isascii() else None  # one call for the text, not one per word
    for m in WORD.finditer(text):
        raw = m.group()
        word = lower[m.start() : m.end()].replace("'", "") if lower is not None else fold_token(raw)
        gap = text[end : m.start()].rstrip(" \t\"'“‘(*-")
        initial = not out or (bool(gap) and gap[-1] in _BOUNDARY)
        end = m.end()
        possessive = raw.endswith(("'s", "’s", "'S"))
        cap = raw[0].isupper() and not (len(raw) > 1 and raw.isupper())
        out.append(_Tok(word, raw, m.start(), m.end(), cap, initial, possessive))
    if _title_case(out):  # capitals that every word has say nothing about names
        for t in out:
            t.cap = False
    return out


def _title_case(toks: list[_Tok]) -> bool:
    """Typed in Title Case or in capitals: most small words inside sentences (``In The``) have a capital, or
    most words are all capitals."""
    small = [t for t in toks if not t.initial and t.word in STOPWORDS and t.raw.isalpha() and len(t.raw) > 1]
    alpha = [t for t in toks if t.raw.isalpha() and len(t.raw) > 1]
    if alpha and sum(t.raw.isupper() for t in alpha) > 0.6 * len(alpha):
        return True
    return len(small) >= 2 and sum(t.raw[0].isupper() for t in small) > 0.5 * len(small)


def _variants(tok: _Tok) -> list[tuple[str, str]]:
    """``(word, how)``: the word itself, then its bases: ``Magic'd`` → ``magic``, possessive ``sheoldreds`` →
    ``sheoldred``, plural ``finkses`` → ``finks``."""
    out = [(tok.word, "exact")]
    if _VERBED.search(tok.raw):  # "Control Magic'd", "Bolt'ed": the name made a verb
        out.append((fold_token(_VERBED.sub("", tok.raw)), "verb"))
    elif tok.cap and len(tok.word) > 5:  # "I Shocked it", "he Stifled the trigger", "I Reverberated it"
        w = tok.word
        if w.endswith("ed"):
            out += [(w[:-2], "verb"), (w[:-1], "verb")]
        elif w.endswith("ing"):
            out += [(w[:-3], "verb"), (w[:-3] + "e", "verb")]
    w = tok.word
    if tok.possessive and w.endswith("s"):
        w = w[:-1]
        out.append((w, "possessive"))
    out += [(b, "plural") for b in _bases(w)[1:]]
    return out


def _bases(w: str) -> list[str]:
    """The word and the words it may be the plural of (``finkses`` → ``finks``, ``fairies`` → ``fairy``)."""
    out = [w]
    if len(w) >= 4 and w.endswith("s"):
        if w.endswith("ies"):
            out.append(w[:-3] + "y")
        if w.endswith("ves"):
            out += [w[:-3] + "f", w[:-3] + "fe"]
        if w.endswith("es"):
            out.append(w[:-2])
        out.append(w[:-1])
    return out


def _joined(text: str, toks: list[_Tok], i: int, j: int) -> bool:
    """The words ``i..j`` are one phrase: only spaces and name punctuation between them."""
    return all(set(text[toks[k].end : toks[k + 1].start]) <= _GAP and "\n" not in text[toks[k].end : toks[k + 1].start]
               for k in range(i, j))


class _Finder:
    """One question read against a table (the state of one :func:`find_cards` call)."""

    def __init__(self, text: str, table: NameTable) -> None:
        self.text, self.t = text, table
        self.toks = _scan(text)
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
        out = []
        for m in _BRACKET.finditer(self.text):
            inner = m.group(1) or m.group(2)
            start = m.start(1) if m.group(1) else m.start(2)
            toks = tuple(tokens(inner))
            covered = [k for k, tk in enumerate(self.toks) if start <= tk.start < start + len(inner)]
            if not toks or not covered:
                continue
            g = self.t.exact.get(toks)
            conf = 1.0
            if g is None:
                hit = process.extractOne(" ".join(toks), self.t.joined, scorer=Levenshtein.normalized_similarity, score_cutoff=0.75)
                if hit is None:
                    continue
                g, conf = hit[2], 0.9
            out.append(self.mention(g, covered[0], covered[-1], "bracket", conf, start, start + len(inner.rstrip())))
        return out

    def candidates(self) -> list[tuple[float, int, int, int, str]]:
        """``(confidence, group, first word, last word, how)`` of every name the words match with evidence."""
        toks, t = self.toks, self.t
        out = []
        variants = [_variants(tok) for tok in toks]
        for i, tok in enumerate(toks):
            if self.taken[i]:
                continue
            for v, how in variants[i]:
                for g in t.by_first.get(v, ()):
                    out.append((g, i, i, how))
            if i + 1 < len(toks) and not self.taken[i + 1]:
                for v, how2 in variants[i + 1]:
                    for g in t.by_first.get(f"{tok.word} {v}", ()):
                        n = len(t.surface[g])
                        j = i + n - 1
                        if (n > 2 and how2 != "exact") or j >= len(toks) or any(self.taken[i:j + 1]):
                            continue
                        how = how2
                        if n > 2:
                            how = dict(variants[j]).get(t.surface[g][-1], "")
                            if not how or any(toks[k].word != t.surface[g][k - i] for k in range(i + 2, j)):
                                continue
                        if _joined(self.text, toks, i, j):
                            out.append((g, i, j, how))
        scored = []
        for g, i, j, how in out:
            conf = self.evidence(g, i, j)
            if conf is not None:
                if how in ("plural", "possessive", "verb") and j == i:
                    conf -= 0.05
                scored.append((conf, g, i, j, how))
        return scored

    def evidence(self, g: int, i: int, j: int) -> float | None:
        """How sure the words ``i..j`` name the card(s) of surface ``g``, or ``None`` if they do not."""
        t, toks = self.t, self.toks
        if t.bracket_only[g]:
            return None
        surface = t.surface[g]
        content = [toks[k] for k in range(i, j + 1) if surface[k - i] not in JOINERS]
        cue = i > 0 and toks[i - 1].word in CUE
        owned = cue or (i > 0 and toks[i - 1].word in OWNER) or toks[j].possessive
        z = t.zipf[g]
        short = -0.05 if t.kind[g] == "short" else 0.0
        if t.rules[g]:
            return 0.7 + short if cue and all(c.cap for c in content) else None
        if t.typename[g] and not cue and self.as_type(g, i, j):
            return None
        if len(content) >= 2:
            if all(c.cap for c in content) and any(not c.initial for c in content):
                return 0.95 + short
            if z < CHANCE or (owned and z < CHANCE + 2):
                return (0.85 if any(c.cap for c in content) else 0.8 if z < CHANCE else 0.7) + short
            return None
        if not content:
            return None
        c = content[0]
        if c.cap and not c.initial:
            if (z >= INITIAL_RARE or t.kind[g] == "short") and self.in_longer_run(i, j):
                return None
            return (0.9 if z < INITIAL_RARE else 0.8) + short
        if c.cap:
            return 0.75 + short if z < INITIAL_RARE else None
        if len(c.word) < 4:
            return None
        if z > RARE_WORD / 2 and ((i > 0 and toks[i - 1].word in ("a", "an")) or (j + 1 < len(toks) and toks[j + 1].word in GENERIC)):
            return None  # a word English knows, said as a common noun: "a counterspell", "a flicker effect"
        return 0.75 + short if z <= RARE_WORD else 0.65 + short if owned and z < INITIAL_RARE else None

    def as_type(self, g: int, i: int, j: int) -> bool:
        """The words ``i..j``, a type's name, are said as the type: "an Illusion", "non-Goblin", "Goblins",
        "Zombie tokens"."""
        toks = self.toks
        before = toks[i - 1].word if i > 0 else ""
        after = toks[j + 1].word if j + 1 < len(toks) else ""
        plural = toks[j].word != self.t.surface[g][-1]
        return before in TYPE_BEFORE or after in TYPE_AFTER or plural

    def in_longer_run(self, i: int, j: int) -> bool:
        """Capitalised words joined to the words ``i..j`` by spaces (or small words: ``Agent of Treachery``,
        ``MTG Arena``): they are part of another name."""
        toks, text = self.toks, self.text

        def name_word(k: int) -> bool:
            return (toks[k].cap or (len(toks[k].raw) > 1 and toks[k].raw.isupper())) and toks[k].word not in STOPWORDS

        def spaced(a: int, b: int) -> bool:
            return not text[toks[a].end : toks[b].start].strip()

        k = i - 1
        if k >= 0 and spaced(k, i) and name_word(k):
            return True
        k = j + 1
        while k < len(toks) and k - j <= 2 and toks[k].word in STOPWORDS and not toks[k].cap and spaced(k - 1, k):
            k += 1
        return k < len(toks) and spaced(k - 1, k) and name_word(k) and (k == j + 1 or toks[k].cap)

    def typos(self) -> list[tuple[float, int, int, int, str]]:
        """Capitalised runs and long lower-case words with a word no card name has, read as misspelt long
        names: candidates like :meth:`candidates`' (a longer one beats the exact short name inside it)."""
        toks = self.toks
        spans: list[tuple[int, int]] = []
        i = 0
        while i < len(toks):  # maximal capitalised runs (small words inside), and long unknown lower-case words
            if self.taken[i] or not toks[i].cap or toks[i].word in STOPWORDS:
                if not self.taken[i] and not toks[i].cap and len(toks[i].word) >= TYPO_LETTERS and self.unknown(toks[i].word):
                    spans.append((i, i))
                i += 1
                continue
            j = i
            while j + 1 < len(toks) and not self.taken[j + 1] and _joined(self.text, toks, j, j + 1) and (
                    toks[j + 1].cap or (toks[j + 1].word in STOPWORDS and j + 2 < len(toks) and toks[j + 2].cap)):
                j += 1
            spans.append((i, j))
            i = j + 1
        out = []
        for a0, b0 in spans:
            if not any(self.unknown(tk.word) for tk in toks[a0:b0 + 1]):
                continue
            for a in range(a0, b0 + 1):
                for b in range(a, min(b0, a + 5) + 1):
                    words = [tk.word for tk in toks[a:b + 1]]
                    if words[0] in STOPWORDS or words[-1] in STOPWORDS or not any(self.unknown(w) for w in words):
                        continue
                    if a == b and toks[a].initial and toks[a].cap and len(words[0]) < TYPO_LETTERS:
                        continue
                    hit = self.closest(" ".join(words))
                    if hit is not None:
                        out.append((0.8 if hit[1] == 1 else 0.7, hit[0], a, b, "typo"))
        return out

    def unknown(self, word: str) -> bool:
        """No card name has the word (nor its base: ``sheoldreds``), and it is not a long English or rules word."""
        t = self.t
        return (word.isalpha() and word not in STOPWORDS and word not in t.known_long
                and not any(v in t.name_words for v in _bases(word)))

    def closest(self, said: str) -> tuple[int, int] | None:
        """The long name within :data:`TYPO_EDITS` of ``said`` (none if two different names are as close)."""
        t = self.t
        if len(said.replace(" ", "")) < TYPO_LETTERS - TYPO_EDITS:
            return None
        cands = set(t.by_prefix.get(said[:2], ()))
        for w in said.split():
            cands.update(t.by_word.get(w, ()))
        cands = {c for c in cands if not t.rules[c] and abs(len(t.joined[c]) - len(said)) <= TYPO_EDITS}
        if not cands:
            return None
        order = sorted(cands)
        hits = process.extract(said, [t.joined[c] for c in order], scorer=Levenshtein.distance, score_cutoff=TYPO_EDITS, limit=3)
        if not hits:
            return None
        best = min(d for _, d, _ in hits)
        top = [order[k] for _, d, k in hits if d == best]
        if best == 0 or len({t.keys[c] for c in top}) > 1:
            return None
        if process.extractOne(said, t.rules_long, scorer=Levenshtein.distance, score_cutoff=int(best)) is not None:
            return None  # as close to a rules word ("comander" is a misspelt commander, not Commandeer)
        return top[0], int(best)


def find_cards(text: str, table: NameTable) -> list[CardMention]:
    """The cards ``text`` names, in the order it names them; overlapping readings resolve to the longest,
    then the surest (``Sheoldred, the Apocalypse`` over ``Sheoldred``)."""
    f = _Finder(text, table)
    found = f.brackets()
    for conf, g, i, j, how in sorted(f.candidates() + f.typos(), key=lambda c: (c[2] - c[3], -c[0], c[2])):
        if not any(f.taken[i:j + 1]):
            found.append(f.mention(g, i, j, how, conf))
    return _coreferent(sorted(found, key=lambda m: m.start))


def _shortened(said: str, word: str) -> bool:
    """``said`` is ``word`` or a player's shortening of it: its first or last four letters or more (``snap`` of
    Snapcaster Mage, ``goyf`` of Tarmogoyf)."""
    return said == word or (len(said) >= 4 and (word.startswith(said) or word.endswith(said)))


def _coreferent(found: list[CardMention]) -> list[CardMention]:
    """A one-word mention that is a word of another card the text names in full, or a shortening of one, is
    that card, said short:
    "Darksteel Colossus … Colossus says" is not the card Collision // Colossus; "Urborg, Tomb of Yawgmoth …
    Urborg" is not the card Urborg."""
    full = {k: set(tokens(k)) - JOINERS for m in found if m.how != "typo" for k in [m.key] if k and len(tokens(k)) > 1}
    out = []
    for m in found:
        said = [w for w in tokens(m.said) if w not in JOINERS]  # "the Brute" after Boggart Brute
        if len(said) == 1 and m.how != "bracket":
            w = said[0].removesuffix("s")
            owners = [k for k, ws in full.items() if k != m.key and any(_shortened(w, n) for n in ws)]
            if len(owners) == 1:
                m = CardMention(owners[0], (owners[0],), m.start, m.end, m.said, "short", m.confidence)
        out.append(m)
    return out
