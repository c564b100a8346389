"""Card wordings the rules explain: the templates the Comprehensive Rules quote when they say what a card's words
mean ("Effects that use the word “instead” are replacement effects", "durations worded “for as long as . . .”",
"An ability that reads “Whenever [a creature] attacks, . . .” triggers …"), read from the loaded rules, and
which of them a card's Oracle text uses.  Query-time knowledge derived from the graph (no table of words: a rule
that quotes a wording is the evidence), used by the card steps (:mod:`rulesgraph.steps.cards`, rule 24).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from .index import Index
from .qgraph import QGraph
from .text import stem, words

__all__ = ["REMINDER", "SELF_WORD", "Wording", "card_wordings", "meanings", "text_wordings", "wordings"]

_CUE = re.compile(r"\b(?:use[sd]?|using) the (?:word|words|phrase|phrases)\b|\bworded\b|\bwritten\b|\breads?\b|"
                  r"\bstates?\b|\bsays?\b|\bsay\b|\bphrased\b")
"""A sentence that tells how cards are worded ("use the word", "worded", "written", "reads", "states", "says", "phrased":
118.9's "Alternative costs are usually phrased, “You may [action] rather than pay [this object’s] mana cost”")."""
_CUE_WORD = re.compile(r" (?:use|using|worded|written|read|state|say|phrased)")
"""What a node's word line holds when one of its sentences has a :data:`_CUE` (looked for before its text is decoded)."""
_CUE_TERMS = ("words", "phrases", "worded", "written", "reads", "states", "says", "phrased")
"""A word of each :data:`_CUE` ("uses the words", "phrased"): only the nodes holding one are read."""
_QUOTE = re.compile(r"“([^“”]{1,80})(?=[”“])")
_TITLE_REF = re.compile(r"rules? \d{3}(?:\.\d+[a-z]?)?,\s*$")
"""A quote right after "see rule 117," is that rule's title, not a wording."""
_PLACEHOLDER = re.compile(r"\[[^\]]*\]|\.\s?\.\s?\.|…")
_SENTENCE = re.compile(r"(?<=[.)])\s+(?=[A-Z(])")
_ENTERS = re.compile(r"\b(enters?|entering) the battlefield\b", re.IGNORECASE)
"""Older Oracle text says "enters the battlefield" where the rules now say "enters"."""
REMINDER = re.compile(r"\([^()]*\)")
"""Reminder text in a card's Oracle text (a parenthesised aside), left out of what the card says."""
_MEANS = re.compile(r"” means “([^“”]+)”")
"""What a keyword's rule says the keyword means: “Flashback [cost]” means “You may cast this card … rather than paying
its mana cost” (702.34a)."""
_DEFINES = re.compile(r"^Effects that use the words? “[^”]+” are ([a-z]+) effects\b")
"""A rule that defines a kind of effect by the word that marks it: "Effects that use the word “instead” are replacement
effects" (614.1a; "skip", 614.1b), "Effects that use the word “prevent” are prevention effects" (615.1a).  Not the
templates of 614.1c and 614.1e ("Effects that read “As [this permanent] enters . . .”"): "As Stuffy Doll enters the
battlefield, choose a player" is a replacement effect too, but not what questions about the card turn on."""

_TRIGGERS = re.compile(r"^([A-Z][a-z]+(?:-[a-z]+){2,}) abilities trigger\b")
"""A rule that names a kind of triggered ability and then says how it is written: "Leaves-the-battlefield abilities
trigger when a permanent moves from the battlefield to another zone … These are written as … “When [this object] leaves
the battlefield, . . .”" (603.6c; enters-the-battlefield abilities, 603.6a): the kind, as :data:`_DEFINES` gives a
kind of effect."""


@dataclass(frozen=True, slots=True)
class Wording:
    """A wording a rule explains: the rule (node number), the quote as the rules give it, and the pattern a
    sentence of a card's text matches when it uses that wording (over its stemmed words, the card's own name
    as ``thiscard``)."""

    node: int
    quote: str
    source: str
    """The pattern's source; :attr:`pattern` compiles it when first matched (most wordings never are: a sentence is
    matched only against those whose rarest stem it holds, and compiling all ~140 took half of building them)."""
    rarest: str
    """Its rarest literal stem (what its specificity is judged by)."""
    literals: frozenset[str]
    """Its literal stems."""
    section: str = ""
    """The section of its rule (``614``): a longer wording hides a shorter one only within one section (see :func:`_used`)."""
    effect: str = ""
    """The kind of effect the rule says the wording makes, when it says so ("Effects that use the word “instead” are
    replacement effects": ``replacement``), else empty."""
    ability: str = ""
    """The kind of triggered ability the rule says the wording makes (603.6c: "Leaves-the-battlefield abilities trigger
    when … These are written as …": ``leaves-the-battlefield``), else empty."""

    @property
    def pattern(self) -> re.Pattern[str]:
        return _compiled(self.source)


@lru_cache(maxsize=1024)
def _compiled(source: str) -> re.Pattern[str]:
    return re.compile(source)


def _stems(text: str) -> list[str]:
    return [stem(w) for w in words(text)]


SELF_WORD = "thiscard"
"""What a card's own name becomes in its stemmed text (``[this object]`` in the rules' templates)."""
_SELF = re.compile(r"^\[this\b", re.IGNORECASE)


_SLASHED = re.compile(r"[A-Za-z]+(?:/[A-Za-z]+)+")
"""Words a quote gives as alternatives for one place: 603.1's “[When/Whenever/At] [trigger condition or event], …”,
"You may [cast/play] [this card]"."""
_TERM = re.compile(r"^The term (\w+) means “([^“”]+?)\.?”")
"""A rule defining a term by the words it stands for: 700.4's "The term dies means “is put into a graveyard from the
battlefield.”" (a card saying "dies" uses the wording "Whenever [something] is put into a graveyard from the battlefield",
603.6c's leaves-the-battlefield ability)."""


def _literal(text: str, openers: dict[str, str]) -> tuple[list[str], list[str]]:
    """The pattern pieces and literal stems of a quote's words: words given as slashed alternatives ("When/Whenever")
    are any of them."""
    out, literals, pos = [], [], 0
    for m in _SLASHED.finditer(text):
        lit = _stems(text[pos : m.start()])
        out += [re.escape(t) for t in lit]
        literals += lit
        alts = sorted({stem(w) for w in m.group(0).lower().split("/")})
        out.append("(?:" + "|".join(map(re.escape, alts)) + ")")
        literals.append(min(alts, key=len))
        pos = m.end()
    lit = _stems(text[pos:])
    out += [re.escape(t) for t in lit]
    literals += lit
    if out and out[0] in openers:  # then not a word the card must hold
        out[0] = openers[out[0]]
        literals = literals[1:]
    return out, literals


def _pattern(quote: str, openers: dict[str, str] | None = None) -> tuple[str, list[str]] | None:
    """The quote as a pattern's source over a sentence's stems: its words in order; ``[this object]`` the card's own
    name (``thiscard``), "this creature" or "it"; another placeholder one to twenty words (an action: flashback's
    means "… cast this card from your graveyard if the resulting spell is an instant or sorcery spell by paying [cost]
    rather than paying its mana cost", nineteen words before "rather"); ``. . .`` anything.  A quote
    starting with a capital (or a capitalised placeholder) quotes a whole ability, so it matches from the sentence's
    start ("[This permanent] enters tapped" is not "When Rest in Peace enters")."""
    out, literals = [], []
    pos, openers = 0, openers or {}
    for m in _PLACEHOLDER.finditer(quote):
        pieces, lit = _literal(quote[pos : m.start()], openers if not out else {})
        if pieces:
            out.append(" ".join(pieces))
            literals += lit
        ph = m.group(0)
        if _SELF.match(ph):
            out.append(rf"(?:{SELF_WORD}|this \S+|it)")
        elif ph.startswith("["):
            out.append(r"\S+(?: \S+){0,19}?")
        else:
            out.append(r".*?")
        pos = m.end()
    pieces, lit = _literal(quote[pos:], openers if not out else {})
    if pieces:
        out.append(" ".join(pieces))
        literals += lit
    if not literals:
        return None
    head = quote.lstrip("“ [")[:1]
    anchored = head.isupper()  # "When [this object] enters", "[This permanent] enters tapped"
    body = r"\s?".join(x if x == r".*?" else f"(?:{x})" for x in out).replace(r")\s?(", r") (")
    return (r"^" if anchored else r"(?:^| )") + body + r"(?= |$)", literals


def _is_title(quote: str) -> bool:
    """``State-Based Actions.``, ``Timing and Priority``: a rule's or section's title quoted, not a wording."""
    ws = [w for w in re.findall(r"[A-Za-z][\w’'-]*", quote) if w.lower() not in ("and", "of", "the", "a", "an", "to")]
    return len(ws) >= 2 and all(w[0].isupper() for w in ws) and "[" not in quote


def wordings(g: QGraph, index: Index) -> tuple[Wording, ...]:
    """Every wording the loaded CR rules explain, in document order (built once per graph, kept in its memo, from the
    nodes holding a cue's word: :meth:`~rulesgraph.index.Index.saying`)."""
    known = g.memo.get("wordings")
    if known is None:
        found: list[tuple[int, str, str, str]] = []
        idf = index.idf
        for i in index.saying(*_CUE_TERMS):
            if g.kind[i] not in ("rule", "subrule") or not _CUE_WORD.search(g.word_line(i)):  # without decoding it
                continue
            if g.attrs[i].get("numbering") != "cr":
                continue
            text = g.attrs[i].get("text") or ""
            if "“" not in text:
                continue
            defined, triggers = _DEFINES.match(text), _TRIGGERS.match(text)
            effect = defined.group(1) if defined else ""
            ability = triggers.group(1).lower() if triggers else ""
            for sentence in _SENTENCE.split(text):
                if not _CUE.search(sentence):
                    continue
                template = False  # after a quote with placeholders, plain quotes are what fills them ("combat")
                for m in _QUOTE.finditer(sentence):
                    quote = m.group(1)
                    filler = template and not _PLACEHOLDER.search(quote)
                    template = template or bool(_PLACEHOLDER.search(quote))
                    if filler or _TITLE_REF.search(sentence[: m.start()]) or _is_title(quote):
                        continue
                    found.append((i, quote, effect, ability))
        openers = _openers(q for _, q, _, _ in found)
        out: list[Wording] = []
        seen: set[tuple[int, str]] = set()
        for i, quote, effect, ability in found:
            made = _pattern(quote, openers)
            if made is not None and (i, made[0]) not in seen:
                seen.add((i, made[0]))
                rarest = min(made[1], key=lambda t: (-idf.get(t, 0.0), t))
                out.append(Wording(i, quote.strip(" ,.“”"), made[0], rarest, frozenset(made[1]), g.section[i] or "", effect, ability))
        known = g.memo["wordings"] = tuple(out)
    return known


def _openers(quotes: Iterable[str]) -> dict[str, str]:
    """The words the rules give as alternatives for an ability's first word (603.1's “[When/Whenever/At] [trigger
    condition or event], …”), each as the pattern of them all: a quote starting "Whenever [something] is put into a
    graveyard from the battlefield" (603.6c) is also the card's "When Rancor is put into a graveyard from the battlefield"."""
    out: dict[str, str] = {}
    for quote in quotes:
        m = _SLASHED.match(quote.lstrip("[ "))
        if m:
            alts = sorted({stem(w) for w in m.group(0).lower().split("/")})
            for a in alts:
                out.setdefault(a, "(?:" + "|".join(map(re.escape, alts)) + ")")
    return out


def _terms(g: QGraph, index: Index) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The terms the rules define by the words they stand for (700.4: "The term dies means “is put into a graveyard from
    the battlefield.”"), each as the pattern of the term and those words (once per graph, from the nodes saying "term":
    :meth:`~rulesgraph.index.Index.saying`)."""
    known = g.memo.get("terms")
    if known is None:
        out = []
        for i in index.saying("term"):
            line = g.word_line(i)
            if line.startswith(" the term ") and " means " in line and g.attrs[i].get("numbering") == "cr":
                m = _TERM.match(g.attrs[i].get("text") or "")
                if m:
                    out.append((re.compile(rf"\b{re.escape(m.group(1))}\b"), m.group(2)))
        known = g.memo["terms"] = tuple(out)
    return known


def defined(g: QGraph, index: Index, text: str) -> str:
    """A card's text with, after it, each line saying a term the rules define (:func:`_terms`) said again in the words the
    term stands for: "Whenever Blood Artist or another creature dies, …" is also "… is put into a graveyard from the
    battlefield, …", the wording of 603.6c's leaves-the-battlefield abilities."""
    extra = [pattern.sub(meant.replace("\\", "\\\\"), line) for pattern, meant in _terms(g, index)
             for line in text.splitlines() if pattern.search(line)]  # the rules' words as they are, not a template
    return "\n".join([text, *extra]) if extra else text


@lru_cache(maxsize=4096)
def sentences_of(text: str, names: tuple[str, ...], unit: Callable[[str], str] = stem) -> tuple[str, ...]:
    """A card's Oracle text (reminder text left out) as the words of each sentence, each made a ``unit`` (its stem),
    its names as ``thiscard``."""
    plain = _ENTERS.sub(lambda m: m.group(1), REMINDER.sub(" ", text))
    for name in sorted(names, key=len, reverse=True):
        plain = re.sub(rf"\b{re.escape(name)}\b", f" {SELF_WORD} ", plain)
    out = []
    for line in plain.splitlines():
        for sentence in re.split(r"(?<=[.:])\s+|\s[—•]\s", line):
            stems = " ".join(unit(w) for w in words(sentence))
            if stems:
                out.append(stems)
    return tuple(out)


def card_wordings(g: QGraph, index: Index, text: str, names: tuple[str, ...]) -> tuple[Wording, ...]:
    """The wordings the rules explain that a card's Oracle text uses (its ``names`` standing for itself), each rule
    once, in the rules' order; the same few cards are named question after question, so each card is read once
    per graph (kept in its memo by the text's and names' strings, whose hashes Python keeps: hashing the cache's key
    of every wording, and finding the defined terms again, took most of the time of a question naming cards)."""
    key = ("card wordings", text, names)
    found = g.memo.get(key)
    if found is None:
        found = g.memo[key] = _used(wordings(g, index), defined(g, index, text), names)
    return found


def text_wordings(g: QGraph, index: Index, text: str, names: tuple[str, ...]) -> tuple[Wording, ...]:
    """:func:`card_wordings` of a text read once (what a question quotes), kept nowhere: keyed in the graph's memo,
    each quote asked in a long-running REPL or ``ask -`` would stay there for good."""
    return _used(wordings(g, index), defined(g, index, text), names)


@lru_cache(maxsize=4096)
def _used(known: tuple[Wording, ...], text: str, names: tuple[str, ...]) -> tuple[Wording, ...]:
    """The wordings a card's sentences use; of two a sentence uses that rules of one section explain, one whose words
    the other holds is that one's part ("prevent" in 615.12's "can't be prevented") and is left out for that sentence.
    Rules of two sections say two things of the same words, and both count: "Simic Growth Chamber enters tapped" is
    603.6d's "[This permanent] enters tapped" (a static ability, not a trigger) and 614.1d's "[This permanent] enters
    . . ." (a replacement effect)."""
    sentences = sentences_of(text, names)
    joined = " ".join(sentences)
    candidates = [w for w in known if w.rarest in joined]
    out: dict[int, Wording] = {}
    for s in sentences:
        found = [w for w in candidates if w.pattern.search(s)]
        for w in found:
            if not any(o.literals > w.literals and o.section == w.section for o in found):
                out.setdefault(w.node, w)
    return tuple(sorted(out.values(), key=lambda w: w.node))


def meanings(g: QGraph, rule: str) -> tuple[str, ...]:
    """What the keyword defined by ``rule`` (``702.34``) means, as its rules quote it (“Flashback [cost]” means “You may
    cast this card from your graveyard … by paying [cost] rather than paying its mana cost”, 702.34a): the text a card
    with the keyword has, though its Oracle text says only the keyword (once per graph and rule)."""
    key = ("meanings", rule)
    if key not in g.memo:
        i = g.num.get(rule)
        g.memo[key] = () if i is None else tuple(m for j in range(i, g.end[i]) for m in _MEANS.findall(g.attrs[j].get("text") or ""))
    return g.memo[key]
