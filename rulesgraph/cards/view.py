"""Cards joined to the loaded rules: each keyword with its defining rule, each word of the type line with
the rules its glossary entry points to (Aura → 303.4, Saga → 714, Equipment → 301.5), the kind of card its layout
makes it with that kind's rules (an adventurer card → 715), and the rules graph's keyword list the card store joins
cards with.  Pure functions of a Rulebook and a card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from .names import Found, NameIndex
    from .store import CardStore

from ..build.corpus import Rulebook
from ..build.index import doc_terms
from ..build.relations import current_keyword, definers
from ..common.ids import glossary_id, is_cr_id, keyword_id
from ..common.lazyre import lazy
from ..common.text import fold
from ..errors import NotFound, RulesgraphError, echoed
from ..parse.numbers import sort_key
from .keywords import KeywordList
from .legality import standing
from .model import Card, Face

__all__ = ["CardResult", "CardView", "Linked", "card_json", "card_view", "face_json", "find_card", "keyword_list", "layout_kind",
           "played_first", "result_json", "set_types"]


@dataclass(frozen=True, slots=True)
class Linked:
    """A word of the card (a keyword, a type) and the rules it runs on."""

    name: str
    relation: str
    """For keywords, how the card uses it (``has``, ``grants``, ``action``, ``mentions``); for type-line
    words, ``supertype``, ``type`` or ``subtype``."""
    rules: tuple[str, ...]
    """CR numbers (node ids), the defining rule first; empty when the loaded rules have none."""


@dataclass(frozen=True, slots=True)
class CardView:
    card: Card
    keywords: tuple[Linked, ...]
    types: tuple[Linked, ...]
    formats: tuple[str, ...] = ()
    """Every format the installed card data gives legalities in (:meth:`CardStore.formats`): the card's legality is
    shown in each; empty when not read."""
    data_date: str | None = None
    """The card data's date (legalities change with ban lists)."""
    layout: Linked | None = None
    """The kind of card its layout makes it, with that kind's rules (an adventurer card → 715: :func:`layout_kind`);
    ``None`` for a plain card."""


def _shares_stem(a: str, b: str) -> bool:
    import difflib  # only for the keyword list, which a process answering questions reads from the cache

    a, b = a.lower(), b.lower()
    m = difflib.SequenceMatcher(None, a, b).find_longest_match(0, len(a), 0, len(b))
    return m.size >= 4


def keyword_list(book: Rulebook) -> KeywordList:
    """Every keyword of the graph — ``(name, category, current name)`` — plus the variants its glossary
    ties to one (``Megamorph`` → Morph, ``Multikicker`` → Kicker, ``Swampwalk`` → Landwalk): a glossary
    term that is not a keyword itself, whose redirect or first cited rule leads to a keyword sharing part
    of its name."""
    g = book.qg
    out: list[tuple[str, str | None, str]] = []
    # the nodes of the two kinds read, in build order, found by the kind column: decoding every node's attributes
    # (~4,500 of them) to see its kind was most of the cost of the first card a process reads (~10 ms)
    keywords = [node for node in g.nodes() if g.kind_of(node) == "keyword"]
    glossary = [node for node in g.nodes() if g.kind_of(node) == "glossary"]
    for node in keywords:
        data = g.nodes[node]
        current = g.nodes[current_keyword(g, node)]
        out.append((str(data["label"]), current.get("category") or data.get("category"), str(current["label"])))
    for node in glossary:
        data = g.nodes[node]
        if keyword_id(str(data["label"])) in g:
            continue
        term = str(data["label"])
        redirect = data.get("redirect")
        if redirect and keyword_id(str(redirect)) in g:
            kw: str | None = keyword_id(str(redirect))
        else:
            cited = g.targets(node, "cites")
            kw = next((k for k in (g.targets(cited[0], "defines") if cited else []) if g.nodes[k]["kind"] == "keyword"), None)
        if kw and _shares_stem(term, str(g.nodes[kw]["label"])):
            current = g.nodes[current_keyword(g, kw)]
            out.append((term, current.get("category"), str(current["label"])))
    return KeywordList.of(out)


def _keyword_rules(book: Rulebook, name: str) -> tuple[str, ...]:
    """The CR rule defining the keyword ``name`` (once per graph and keyword: the cards a process reads share a few)."""
    g = book.qg
    key = ("keyword rules", name)
    if key not in g.memo:
        node = keyword_id(name)
        rules = [r for r in definers(g, node) if is_cr_id(r)] if node in g else []
        g.memo[key] = tuple(sorted(rules, key=sort_key)[:1])
    return g.memo[key]


_NAMED_TYPE = lazy(r"\b(?:sub|spell |super)?types? “([^”]{1,40}?)[.,]?”")
_TYPE_RULES: dict[int, dict[str, list[str]]] = {}


def _type_index(book: Rulebook) -> dict[str, list[str]]:
    """Folded type word → the CR rules that name it as a type (``Some enchantments have the subtype “Aura.”``),
    built once per loaded graph from chapters 2 (Parts of a Card) and 3 (Card Types)."""
    g = book.qg
    key = id(g)
    if key not in _TYPE_RULES:
        index: dict[str, list[str]] = {}
        for node in [n for n in g.nodes if n[:1] in ("2", "3") and is_cr_id(n)]:
            data = g.nodes[node]
            if data.get("numbering") == "cr" and "type" in (data.get("text") or ""):
                for m in _NAMED_TYPE.finditer(data["text"]):
                    index.setdefault(fold(m.group(1)), []).append(node)
        _TYPE_RULES.clear()  # one graph at a time is loaded
        _TYPE_RULES[key] = {w: sorted(set(r), key=sort_key) for w, r in index.items()}
    return _TYPE_RULES[key]


def _type_rules(book: Rulebook, word: str) -> tuple[str, ...]:
    """The CR rules a type-line word runs on: the rule naming it as a type and what that rule cites
    (Saga → 303.5, 714), else what its glossary entry cites (Creature → 302); once per graph and word (every card read
    asks its type line's words: Creature, Human, Wizard … again and again)."""
    g = book.qg
    key = ("type rules", word)
    if key not in g.memo:
        named = _type_index(book).get(fold(word), [])[:1]
        if named:
            cited = [t for t in g.targets(named[0], "cites") if g.nodes[t].get("numbering") == "cr"]
            g.memo[key] = tuple(dict.fromkeys([named[0], *sorted(cited, key=sort_key)]))
        else:
            g.memo[key] = _glossary_rules(book, glossary_id(word))
    return g.memo[key]


def _glossary_rules(book: Rulebook, node: str) -> tuple[str, ...]:
    """The CR rules a glossary entry cites (those of the entry it redirects to)."""
    g = book.qg
    if node not in g:
        return ()
    if g.nodes[node].get("redirect"):
        node = next(iter(g.targets(node, "see_also")), node)
    rules = [t for t in g.targets(node, "cites") if g.nodes[t].get("numbering") == "cr"]
    return tuple(sorted(dict.fromkeys(rules), key=sort_key))


_CARDS = lazy(r"^(.+) Cards?$")
"""A glossary entry naming a kind of card: "Split Cards", "Adventurer Card", "Transforming Double-Faced Cards"."""


def layout_kind(book: Rulebook, layout: str) -> Linked | None:
    """The kind of card a card's layout (the card data's word for how its faces are laid out: ``split``, ``adventure``,
    ``transform``, ``modal_dfc``) makes it, as the glossary names it — the entry "[words] Card(s)" whose words hold the
    most of the layout's (by stem: ``transform`` → "Transforming Double-Faced Cards", ``adventure`` → "Adventurer
    Card"), fewest other words first — with the rules the entry cites; ``None`` for a layout no entry names
    (``normal``).  Once per graph and layout."""
    g = book.qg
    key = ("layout kind", layout)
    if key not in g.memo:
        wanted = set(doc_terms(layout.replace("_", " ")))
        best: tuple[int, int, str] | None = None
        for node in g.nodes:
            m = _CARDS.match(node.removeprefix("glossary:")) if node.startswith("glossary:") else None
            if m is None:
                continue
            have = set(doc_terms(m.group(1)))
            shared = len(have & wanted)
            if shared and (best is None or (-shared, len(have), node) < best):
                best = (-shared, len(have), node)
        rules = _glossary_rules(book, best[2]) if best is not None else ()
        g.memo[key] = Linked(best[2].removeprefix("glossary:"), "layout", rules) if best is not None and rules else None
    return g.memo[key]


_SETS = lazy(r"\b(?:is|are|becomes?) (?:an? )?(?:[a-z]+ )?([A-Z][a-z’'-]+)\b(?![^.\n]*\bin addition to\b)")
"""A sentence making objects a type, its value capitalised as Oracle text writes subtypes ("Nonbasic lands are
Mountains", "Enchanted land is an Island", "becomes a blue Frog"), not one that keeps their other types ("… is a Swamp in
addition to its other land types": 205.1b)."""
_CONDITION = lazy(r"\b(?:if|as long as|unless|while|when|whenever)\b", re.IGNORECASE)
"""Before a :data:`_SETS` match in its sentence, it is a condition ("If it is a Mountain"), not an effect."""


def set_types(book: Rulebook, text: str) -> tuple[Linked, ...]:
    """The types a card's Oracle text (reminder text left out) sets objects to (:data:`_SETS`; a plural read as its
    singular), each with the rule naming it as a type (Mountain → 305.6), those the rules name only."""
    found: dict[str, tuple[str, ...]] = {}
    for sentence in re.split(r"(?<=[.:])\s+|\n", re.sub(r"\([^()]*\)", " ", text)):
        for m in _SETS.finditer(sentence):
            if _CONDITION.search(sentence[: m.start()]):
                continue
            word = m.group(1)
            for w in dict.fromkeys([word, word.removesuffix("s"), word.removesuffix("es")]):
                rules = _type_rules(book, w)[:1]
                if rules:
                    found.setdefault(w, rules)
                    break
    return tuple(Linked(w, "set", rules) for w, rules in found.items())


def card_view(book: Rulebook, card: Card, formats: tuple[str, ...] = (), data_date: str | None = None) -> CardView:
    """``card`` with its keywords and type-line words linked to the loaded rules (and, given the data's ``formats``, its
    legality in each)."""
    keywords = tuple(Linked(k.name, k.relation, _keyword_rules(book, k.name)) for k in card.keywords if k.relation != "mentions")
    words = [(w, "supertype") for w in card.supertypes] + [(w, "type") for w in card.types] + [(w, "subtype") for w in card.subtypes]
    types = tuple(Linked(w, kind, _type_rules(book, w)) for w, kind in words)
    return CardView(card, keywords, types, formats, data_date, layout_kind(book, card.layout))


def face_json(f: Face) -> dict[str, Any]:
    """A face as ``rulesgraph card --json`` and the cards under an ``ask --json`` answer give it."""
    return {"name": f.name, "mana_cost": f.mana_cost, "type_line": f.type_line, "text": f.text, "power": f.power,
            "toughness": f.toughness, "loyalty": f.loyalty, "defense": f.defense, "layout": f.layout, "side": f.side,
            "keywords": list(f.keywords), "supertypes": list(f.supertypes), "types": list(f.types),
            "subtypes": list(f.subtypes)}


def card_json(view: CardView) -> dict[str, Any]:
    """``rulesgraph card --json``: the card, its faces and rulings, its keywords and type words with their rules."""
    c = view.card
    return {
        "name": c.name, "layout": c.layout, "funny": c.funny,
        "faces": [face_json(f) for f in c.faces],
        "keywords": [{"name": k.name, "relation": k.relation, "rules": list(k.rules)} for k in view.keywords],
        "types": [{"name": t.name, "kind": t.relation, "rules": list(t.rules)} for t in view.types],
        "layout_kind": {"name": view.layout.name, "rules": list(view.layout.rules)} if view.layout is not None else None,
        "rulings": [{"date": r.date, "text": r.text} for r in c.rulings],
        "legalities": {f: standing(c, f, view.formats).status for f in view.formats},
        "commander_in": list(c.leadership), "color_identity": list(c.color_identity), "data_date": view.data_date,
    }


@dataclass(frozen=True, slots=True)
class CardResult:
    """A card lookup: the card (``view``) when one was found, else the candidates to choose from."""

    found: Found
    view: CardView | None
    candidates: tuple[tuple[str, str], ...] = ()
    """``(card key, its first face's type line)`` for an ambiguous name."""
    also: tuple[str, ...] = ()
    """Cards named the name asked and an epithet (``card Urborg`` finds the 1994 land; Urborg, Tomb of Yawgmoth is most
    often meant): said under the card found."""

    @property
    def note(self) -> str | None:
        """How the name was read, when not as typed (``read ‘stuffy dol’ as Stuffy Doll``); for a name found as typed, the
        cards named it with an epithet (:attr:`also`), if any."""
        f = self.found
        if self.view is None:
            return None
        if f.how == "exact":  # the names hold commas: "; " between them
            listed = "; ".join(self.also[:ALSO]) + (f"; and {len(self.also) - ALSO} more" if len(self.also) > ALSO else "")
            return f"also {'a card' if len(self.also) == 1 else 'cards'}: {listed}" if self.also else None
        name = self.view.card.name
        if f.how == "face":
            return f"‘{f.matched}’ is a face of {name}"
        read = f"read ‘{echoed(f.query)}’ as {name}"
        faces = {name, *(face.name for face in self.view.card.faces)}  # "insectile aberation": a slip of a face's name
        if f.how == "typo" and self.view.data_date and not any(_slip(f.query, n) for n in faces):  # a near name: perhaps
            return f"{read} (a near name: the card data is of {self.view.data_date}, a card printed since is not in it)"
        return read  # a card the data predates


ALSO = 3
"""At most this many cards named a found card's name and an epithet are said under it (then how many more)."""
SLIP = 2
"""At most this many letters added, dropped, changed or swapped make a name typed a slip of a card's ("sol rign", "kichen
finks"): read as it, without the note that a newer card may have been meant."""


def _slip(typed: str, name: str) -> bool:
    from rapidfuzz.distance import OSA

    from ..common.text import fold

    return OSA.distance(fold(typed), fold(name)) <= SLIP


def played_first(cards: list[Card]) -> list[Card]:
    """``cards``, the most played first (EDHREC rank; unranked last): how several cards a name may be are offered."""
    return sorted(cards, key=lambda c: (c.rank == 0, c.rank))


def find_card(book: Rulebook, store: CardStore | None, names: NameIndex | None, query: str,
              shortened: Callable[[str], str | None] | None = None) -> CardResult:
    """Look ``query`` up forgivingly; one card comes with its view, several with their type lines.  No card
    data installed is a :class:`NotFound`, as no tournament documents installed is for ``mtr`` (nothing to find:
    exit 1); no such card one naming the nearest names.
    ``shortened``: the card a player's short form stands for (:meth:`rulesgraph.question.namedcards.CardDeck.shortened`),
    asked when no one name is the query or only a slip of one — so ``card bolt`` is the Lightning Bolt a question's "Bolt" is,
    ``card LED`` Lion's Eye Diamond, not a slip of Destined // Lead's face."""
    if not query.strip():  # a misuse, whatever is installed
        raise RulesgraphError("no card name given")
    if store is None or names is None:
        raise NotFound("no card data installed: 'rulesgraph update cards' installs MTGJSON's (or --file a copy); "
                       "'rulesgraph kw NAME' shows FAQ entries about a card")
    found = names.find(query)  # a short form said whole ("LED") before a slip of a name ("Lead", the face of Destined // Lead)
    if (found.key is None or found.how == "typo") and shortened is not None and (key := shortened(query)) is not None \
            and not _miscased(query, key):
        from .names import Found

        found = Found(query, (key,), "shortened", key)
    if not found.keys:
        near = f"; nearest: {', '.join(found.nearest)}" if found.nearest else ""
        info = store.info
        if info.kind == "set":  # one set's cards: a card not in it is most likely of another set, not newer
            since = (f" in the installed card data, one set's {info.cards:,} cards ('rulesgraph update cards' installs every "
                     "card)")
        else:
            since = f" in the card data of {info.date} (a card printed since is not in it)" if info.date else ""
        raise NotFound(f"no card named ‘{echoed(query)}’{since}{near}", tuple(found.nearest))
    if found.key is not None:
        card = store.card(found.key, keyword_list(book))
        if card is not None:
            from .names import normalize

            keys = [] if found.how != "exact" else list(dict.fromkeys(  # the name with an epithet: another card
                names.entries[i].key for i in names.starting(normalize(card.name) + ",") if names.entries[i].key != card.name))
            also = tuple(c.name for c in played_first(store.cards(keys))) if keys else ()  # the most played first
            return CardResult(found, card_view(book, card, store.formats(), store.info.date), also=also)
    cards = store.cards(list(found.keys))
    if found.how in ("short", "prefix", "typo"):  # "Olivia", "lightnig blot": the most played first
        cards = played_first(cards)
    return CardResult(found, None, tuple((c.name, c.faces[0].type_line) for c in cards))


def _miscased(said: str, key: str) -> bool:
    """Initials of ``key`` said in mixed case, but not as a question's are read (:func:`~rulesgraph.cards.shortforms.cased_as_initials`):
    "Mom" is no MoM (Mask of Memory: a player means Mother of Runes); lower case and capitals say nothing."""
    from .nametable import tokens
    from .shortforms import cased_as_initials

    said, toks = said.strip(), tokens(key)
    mixed = said.isalpha() and not said.islower() and not said.isupper() and len(said) == len(toks)
    return mixed and not cased_as_initials(said, toks)


def result_json(result: CardResult) -> dict[str, Any]:
    """``card --json``: the card (see :func:`card_json`) plus ``query``, ``read_as`` and ``also``; or, for an ambiguous
    name, the same keys empty (:data:`NO_CARD`: ``name: null``) and ``candidates``."""
    if result.view is not None:
        read_as = result.note if result.found.how != "exact" else None
        return {"query": result.found.query, "read_as": read_as, **card_json(result.view), "candidates": [], "also": list(result.also)}
    return {"query": result.found.query, "read_as": None, **NO_CARD,
            "candidates": [{"name": key, "type_line": line} for key, line in result.candidates], "also": []}


NO_CARD: dict[str, Any] = {"name": None, "layout": None, "funny": None, "faces": [], "keywords": [], "types": [],
                           "layout_kind": None, "rulings": [], "legalities": {}, "commander_in": [], "color_identity": [],
                           "data_date": None}
""":func:`card_json`'s keys when no one card was found: an ambiguous name's object has every key a card's has."""
