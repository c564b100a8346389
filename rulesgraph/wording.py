"""Card wordings the rules explain: the templates the Comprehensive Rules quote when they say what a card's words
mean ("Effects that use the word “instead” are replacement effects", "durations worded “for as long as . . .”",
"An ability that reads “Whenever [a creature] attacks, . . .” triggers …"), read from the loaded rules, and
which of them a card's Oracle text uses.  Query-time knowledge derived from the graph (no table of words: a rule
that quotes a wording is the evidence), used by the card steps (:mod:`rulesgraph.steps.cards`, rule 24).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .qgraph import QGraph
from .text import stem, words

__all__ = ["REMINDER", "SELF_WORD", "Wording", "card_wordings", "meanings", "wordings"]

_CUE = re.compile(r"\b(?:use[sd]?|using) the (?:word|words|phrase|phrases)\b|\bworded\b|\bwritten\b|\breads?\b|"
                  r"\bstates?\b|\bsays?\b|\bsay\b|\bphrased\b")
"""A sentence that tells how cards are worded ("use the word", "worded", "written", "reads", "states", "says", "phrased":
118.9's "Alternative costs are usually phrased, “You may [action] rather than pay [this object’s] mana cost”")."""
_CUE_WORD = re.compile(r" (?:use|using|worded|written|read|state|say|phrased)")
"""What a node's word line holds when one of its sentences has a :data:`_CUE` (looked for before its text is decoded)."""
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


def _pattern(quote: str) -> tuple[str, list[str]] | None:
    """The quote as a pattern's source over a sentence's stems: its words in order; ``[this object]`` the card's own
    name (``thiscard``), "this creature" or "it"; another placeholder one to twenty words (an action: flashback's
    means "… cast this card from your graveyard if the resulting spell is an instant or sorcery spell by paying [cost]
    rather than paying its mana cost", nineteen words before "rather"); ``. . .`` anything.  A quote
    starting with a capital (or a capitalised placeholder) quotes a whole ability, so it matches from the sentence's
    start ("[This permanent] enters tapped" is not "When Rest in Peace enters")."""
    out, literals = [], []
    pos = 0
    for m in _PLACEHOLDER.finditer(quote):
        lit = _stems(quote[pos : m.start()])
        if lit:
            out.append(re.escape(" ".join(lit)))
            literals += lit
        ph = m.group(0)
        if _SELF.match(ph):
            out.append(rf"(?:{SELF_WORD}|this \S+|it)")
        elif ph.startswith("["):
            out.append(r"\S+(?: \S+){0,19}?")
        else:
            out.append(r".*?")
        pos = m.end()
    lit = _stems(quote[pos:])
    if lit:
        out.append(re.escape(" ".join(lit)))
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


def wordings(g: QGraph, idf: dict[str, float]) -> tuple[Wording, ...]:
    """Every wording the loaded CR rules explain, in document order (built once per graph, kept in its memo)."""
    known = g.memo.get("wordings")
    if known is None:
        out: list[Wording] = []
        for i in range(len(g.ids)):
            if g.kind[i] not in ("rule", "subrule") or not _CUE_WORD.search(g.word_line(i)):  # without decoding it
                continue
            if g.attrs[i].get("numbering") != "cr":
                continue
            text = g.attrs[i].get("text") or ""
            if "“" not in text:
                continue
            seen: set[str] = set()
            defined = _DEFINES.match(text)
            effect = defined.group(1) if defined else ""
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
                    made = _pattern(quote)
                    if made is not None and made[0] not in seen:
                        seen.add(made[0])
                        rarest = min(made[1], key=lambda t: (-idf.get(t, 0.0), t))
                        out.append(Wording(i, quote.strip(" ,.“”"), made[0], rarest, frozenset(made[1]), g.section[i] or "", effect))
        known = g.memo["wordings"] = tuple(out)
    return known


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


def card_wordings(g: QGraph, idf: dict[str, float], text: str, names: tuple[str, ...]) -> tuple[Wording, ...]:
    """The wordings the rules explain that a card's Oracle text uses (its ``names`` standing for itself), each rule
    once, in the rules' order; the same few cards are named question after question, so each card is read once
    per graph."""
    return _used(wordings(g, idf), text, names)


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
