"""Effect kinds the rules name by what an effect changes, and which of them a card's Oracle text has: the layers of
rule 613 ("Layer 2: Control-changing effects are applied", "Layer 4: Type-changing effects … effects that change an
object's card type, subtype, and/or supertype", "Layer 7b: … Effects that refer to the base power and/or toughness")
read from the loaded rules.  Query-time knowledge derived from the graph — no table of words or cards: a layer
rule's own words say what its effects change, the CR's ability templates ("[Cost]: [Effect.]", "[When/Whenever/At]
[trigger condition], [effect]") say which part of a card's ability is its effect — used by the card steps
(:mod:`rulesgraph.rank.cardsteps.cards`, rule 25).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ...build.qgraph import QGraph
from ...common.lazyre import lazy
from ...common.text import words
from .wording import REMINDER, TEXTS_KEPT, sentences_of
from .wording import SELF_WORD as _SELF

__all__ = ["Kind", "card_kinds", "kinds", "singular", "within"]

_LAYER = lazy(r"^Layer (\d+[a-z]?): ")
"""A rule opening with "Layer 7b:" says which effects apply in that layer."""
_COMPOUND = lazy(r"\b([A-Za-z]+)-(?=\s|(?:[a-z]+ing)\b)")
"""What an effect kind is named by: "Control-changing", "Ability-adding", "Power- and/or toughness-changing"."""
_CHANGES = lazy(r"\b(?:change|modify|refer to) (?:an object’s |the )?([^.()]+?)(?: of [a-z ]+)?(?:\.|$| \(| are\b)")
"""What the rule says those effects change, modify or refer to: "change an object’s card type, subtype, and/or
supertype", "Effects and counters that modify power and/or toughness (but don’t set …)" (layer 7c)."""
_DOES = lazy(r"\b[Ee]ffects that ([a-z]+) (?:an object’s |a creature’s |the )?([^.()]+?) are applied")
"""A layer rule naming its effects by what they do to something: "Effects that switch a creature’s power and toughness
are applied" (7d); the verb is among the words naming them unless it is one of :data:`_GENERIC`."""
_GENERIC = frozenset(("change", "modify", "set", "refer", "say"))
"""Verbs the rules use of every kind of effect (a card says "gets +3/+3" or "has base power 1", not "modifies", "sets" or "says")."""
_DEFINE = lazy(r"\bthat define ([^.]+?) are applied")
"""What a layer's characteristic-defining abilities define: "abilities that define power and/or toughness are applied"."""
TEMPLATE = lazy(r"written as “((?:\[[^\]]+\] ?)+)([:,]) \[[Ee]ffect")
"""A CR template of an ability whose effect follows a part that is not the effect: "[Cost]: [Effect.]" (602.1),
"[When/Whenever/At] [trigger condition or event], [effect]" (603.1)."""
_STOP = frozenset(("and", "or", "an", "a", "the", "of", "to", "its"))
_WHOSE = frozenset(("you", "your", "player", "opponent", "they", "their", "owner", "who"))
"""After one of these, inside a sentence, a word says whose objects are meant ("creatures you control get +1/+1",
"creatures you don't control", "under its owner's control"), not what the effect changes ("You control enchanted
creature", "Gain control of target creature")."""
_NOT = frozenset(("dont", "doesnt", "didnt", "not"))
_HAVING = frozenset(("has", "have", "gain", "gains", "lose", "loses"))
"""The verbs of an object having an ability (613.1f: "ability-adding effects, ability-removing effects, and effects that say
an object can't have an ability"): a sentence with one of them speaks of abilities as characteristics, whatever their kind."""


class Kind(NamedTuple):
    """An effect kind: its layer rule (node number), the layer's name (``7b``) and the ways the rule names what such
    an effect changes, each a set of words a sentence must hold all of (``{control}``, ``{base, power, toughness}``)."""

    node: int
    layer: str
    names: tuple[frozenset[str], ...]
    defines: frozenset[str] = frozenset()
    """For the layer of characteristic-defining abilities (7a: "… abilities that define power and/or toughness"), the
    characteristics it names: a card's sentence opening with one of its own (“Tarmogoyf's power is equal to …”) is
    such an ability, of this layer alone."""

    @property
    def words(self) -> frozenset[str]:
        return frozenset().union(*self.names)


def singular(word: str) -> str:
    """A word as the rules name a characteristic: lower case, singular ("abilities" → ``ability``, "types" → ``type``;
    "toughness" stays).  Not its stem: "controller" is not "control", "colorless" is not "color"."""
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _named(ws: list[str]) -> frozenset[str]:
    return frozenset(singular(w) for w in ws) - _STOP


def kinds(g: QGraph) -> tuple[tuple[Kind, ...], re.Pattern[str] | None]:
    """Every layer rule of the loaded CR with the ways it names what its effects change, and the pattern of what
    comes before an ability's effect (built once per graph, kept in its memo)."""
    known = g.memo.get("effect kinds")
    if known is None:
        out, heads = [], []
        for i in range(len(g.ids)):
            line = g.word_line(i)  # only a rule opening "Layer 7b:" or saying "written as" is decoded
            if g.kind[i] not in ("rule", "subrule") or not (line.startswith(" layer ") or " written as " in line):
                continue
            if g.attrs[i].get("numbering") != "cr":
                continue
            text = g.attrs[i].get("text") or ""
            heads += _heads(text)
            m = _LAYER.match(text)
            if m:
                body = text[m.end() :]
                names = [_named(_COMPOUND.findall(body)), *(_named(words(c)) for c in _CHANGES.findall(body)),
                         *(_named([verb, *words(c)]) for verb, c in _DOES.findall(body) if verb not in _GENERIC)]
                names = [n for n in dict.fromkeys(names) if n]
                if names:
                    defined = _DEFINE.search(body)
                    out.append(Kind(i, m.group(1), tuple(names), _named(words(defined.group(1))) if defined else frozenset()))
        parts = list(dict.fromkeys(heads))
        pattern = re.compile(rf"^(?:{'|'.join(parts)})\s*", re.MULTILINE) if parts else None
        known = g.memo["effect kinds"] = (tuple(out), pattern)
    return known


def _heads(text: str) -> list[str]:
    """What a rule's ability templates put before the effect: everything up to the colon of "[Cost]: [Effect.]"; the
    trigger condition of "[When/Whenever/At] [trigger condition], [effect]" — only when the template names the words
    it opens with, so "Flying, vigilance" is no trigger condition."""
    out = []
    for m in TEMPLATE.finditer(text):
        head, sep = m.group(1), m.group(2)
        first = head[1 : head.index("]")]
        if sep == ":":
            out.append(r"[^:\n]*:")
        elif "/" in first:
            out.append(rf"(?:{'|'.join(re.escape(w) for w in first.split('/'))})\b[^,\n]*,")
    return out


def _whose(ws: list[str], p: int) -> bool:
    """Whether the word at ``p`` follows a player (:data:`_WHOSE`) that does not open the sentence ("not" between)."""
    p -= 1
    while p > 0 and ws[p] in _NOT:
        p -= 1
    return p > 0 and ws[p] in _WHOSE


def card_kinds(g: QGraph, text: str, names: tuple[str, ...]) -> tuple[tuple[Kind, frozenset[str]], ...]:
    """The effect kinds a card's Oracle text has (its ``names`` standing for itself), each with the words that name
    what it changes, in the rules' order; the same few cards are named question after question, so each card is
    read once per graph."""
    key = ("card kinds", text, names)
    found = g.memo.get(key)
    if found is None:  # a dict keyed by strings, whose hashes Python keeps: cheaper than the cache's key of every kind
        known, heads = kinds(g)
        found = g.memo[key] = _kinds_in(known, heads, _without_keyword_lines(g, text), names, _ability_kinds(g))
    return found


def _ability_kinds(g: QGraph) -> frozenset[str]:
    """The words the glossary names kinds of ability by ("Activated Ability", "Triggered Ability", "Mana Ability": activated,
    triggered, mana …), lower case: "counter target activated or triggered ability" speaks of abilities as things to
    counter or copy, not of an object's abilities changing (layer 6)."""
    known = g.memo.get("ability kinds")
    if known is None:
        known = g.memo["ability kinds"] = frozenset(
            w[0].lower() for n in g.ids if n.startswith("glossary:") and len(w := n[len("glossary:"):].split()) == 2
            and w[1] == "Ability")
    return known


def _without_keyword_lines(g: QGraph, text: str) -> str:
    """``text`` without its lines of keyword abilities ("Flying, protection from spells that are one or more colors,
    annihilator 6": each part opens with a keyword ability the rules define): a keyword is no effect changing what its
    words name (Emrakul's protection changes no color, layer 5)."""
    abilities = g.memo.get("keyword abilities")
    if abilities is None:
        abilities = g.memo["keyword abilities"] = tuple(sorted(
            (g.attrs[i].get("label") or "").lower() for i, n in enumerate(g.ids)
            if n.startswith("keyword:") and g.attrs[i].get("category") == "ability"))
    lines = text.splitlines()
    kept = [line for line in lines if not all(  # reminder text left out: "Ward {2} (Whenever …, counter it unless …)"
        any(part == a or part.startswith(a + " ") for a in abilities)
        for part in (p.strip().lower() for p in REMINDER.sub("", line).split(",")))]
    return "\n".join(kept) if len(kept) < len(lines) else text


@lru_cache(maxsize=TEXTS_KEPT)
def _kinds_in(
    known: tuple[Kind, ...], heads: re.Pattern[str] | None, text: str, names: tuple[str, ...], named_kinds: frozenset[str] = frozenset()
) -> tuple[tuple[Kind, frozenset[str]], ...]:
    """A sentence of the card's effects (costs and trigger conditions left out) has a kind when it holds every word
    of one of the ways the kind's rule names what it changes; of two kinds a sentence has, one whose words the other's
    hold is that one's general case (layer 7's "power and/or toughness", 7b's "base power and/or toughness") and is
    left out for that sentence.  A sentence adding mana ("When an effect instructs a player to add mana, that mana goes
    into a player's mana pool", 106.4: "Add one mana of any color") makes mana and changes no object: it has no kind.
    An ability named by its kind (``named_kinds``: "activated ability") in a sentence with no verb of having
    (:data:`_HAVING`) is a thing acted on ("Counter target activated or triggered ability"), not what is changed."""
    effects = heads.sub("", text) if heads is not None else text
    out: dict[int, tuple[Kind, frozenset[str]]] = {}
    defining = [k for k in known if k.defines]
    for s in sentences_of(effects, names, singular):
        ws = s.split()
        if ws[0] == "add" and "mana" in ws:  # "Add one mana of any color": mana made, no object changed (106.4)
            continue
        own = next((k for k in defining if ws[:1] == [_SELF] and k.defines & set(ws[1:3])), None)
        if own is not None:  # "thiscard s power is equal to …": a characteristic-defining ability
            out.setdefault(own.node, (own, own.defines & set(ws[1:3])))
            continue
        acted_on = not _HAVING & set(ws)  # "has all activated abilities of …" adds them (layer 6); "counter target …" does not
        have = {w for p, w in enumerate(ws)
                if not _whose(ws, p) and not (acted_on and w == "ability" and p and ws[p - 1] in named_kinds)}
        found = [(k, n) for k in known for n in k.names if n <= have]
        for k, n in found:
            if not any(o.words > k.words for o, _ in found):
                out.setdefault(k.node, (k, n))
    return tuple(sorted(out.values(), key=lambda x: x[0].node))


_WITHIN = lazy(r"^Within layers? (\d+)(?:[–-](\d+))?,")
"""A rule saying how effects within some layers are ordered: "Within layers 2–6, apply effects …" (613.3)."""


def within(g: QGraph, node: int) -> tuple[int, ...]:
    """The rules the rule ordering a layer rule's layer sends the reader to, in its own section: for 613.1f (layer 6),
    613.3 ("Within layers 2–6, … in timestamp order (see rule 613.7) … (See rule 613.8.)") → 613.7, 613.8 (its 604.3 is
    another section's); ``()`` for a node that is no layer rule (once per graph and node)."""
    key = ("within", node)
    if key not in g.memo:
        known, _ = kinds(g)
        layer = next((k.layer for k in known if k.node == node), None)
        out: list[int] = []
        section = g.section[node]
        start = g.num.get(section or "")
        if layer is not None and start is not None:
            n = int(layer.rstrip("abcdefghijklmnopqrstuvwxyz"))
            for i in range(start, g.end[start]):
                m = _WITHIN.match(g.attrs[i].get("text") or "")
                if m and int(m.group(1)) <= n <= int(m.group(2) or m.group(1)):
                    out += [j for j in g.out(i, "cites") if g.section[j] == section and j not in out]
        g.memo[key] = tuple(out)
    return g.memo[key]


