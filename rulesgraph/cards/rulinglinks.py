"""Link card rulings to the Comprehensive Rules they restate, once, when the cards are installed.

A ruling ("those counters are put on as a cost, not as an effect") says in a card's terms what some rules say in
general; an answer that leads with the ruling cites that rule right after it, and a ruling that fits a question lends
its rules weight in the ranking (rule 23).  Which rules a ruling restates is read from its words, the same way for
every ruling of every card:

- its text relevance to every CR rule and subrule (:func:`~rulesgraph.build.relevance.text_relevance`, the question's BM25
  with coverage), its card's name left out (a card's name says nothing about which rule);
- plus, for every keyword, glossary term or rule title the ruling names (:attr:`~rulesgraph.build.index.Index.names`, by its
  stemmed words, as a question's names are found), the rules that name leads to — a keyword's defining rule, the rules a
  glossary entry cites, the titled rule — each by :data:`NAMED` times how specific the name is.

The best :data:`LINKS` rules scoring at least :data:`KEEP` of the best are kept, with their score relative to the best
(1 for the best).  A variant's rules (Two-Headed Giant, Commander …) are left out unless the ruling names the variant.
About 0.4 ms per different text: the 45,058 rulings of the stand-in card data, 25,284 different texts with their cards'
names, link in 10.6 s of CPU at install (13.8 s before stop 85 read names only from the words names start with, as far
as the longest of them reaches, and each name's rules once; both on a slow day, when this line's 6 s of stop 30 took
about twice as long).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from ..build.corpus import Rulebook
from ..build.index import doc_terms
from ..build.relations import definers
from ..build.relevance import specificity, text_relevance
from ..common.text import stem, words

__all__ = ["KEEP", "LINKS", "NAMED", "Linker"]

LINKS = 3
"""At most this many rules are linked to one ruling."""
KEEP = 0.6
"""A rule scoring less than this share of the ruling's best rule is not linked."""
NAMED = 0.5
"""What a name the ruling says adds to the rules it leads to, times the name's specificity (text relevance is 1 at best)."""
VERSION = 2
"""Bumped when the way rulings are linked changes: part of :attr:`Linker.fingerprint`."""
_KINDS = frozenset({"rule", "subrule"})


class Linker:
    """Links rulings to the rules of one loaded :class:`~rulesgraph.build.corpus.Rulebook`."""

    def __init__(self, book: Rulebook) -> None:
        self.book = book
        g = book.qg
        self._rules = [g.kind[i] in _KINDS and g.attrs[i].get("numbering") == "cr" for i in range(len(g.ids))]
        self._fingerprint: str | None = None
        self._memo: dict[tuple[str, frozenset[str]], tuple[tuple[str, float], ...]] = {}
        self._names: dict[str, tuple[float, bool, tuple[int, ...]]] = {}
        self._plain = [rule and not g.variant[i] for i, rule in enumerate(self._rules)]
        """The rules a ruling naming no variant may be linked to: none of a variant's."""

    @property
    def fingerprint(self) -> str:
        """Changes when the rules' numbers do (or the linking): stored with the links, so links made with other rules
        are made again when rules are installed (:func:`rulesgraph.cards.install.relink`)."""
        if self._fingerprint is None:
            g = self.book.qg
            ids = "\n".join(g.ids[i] for i, rule in enumerate(self._rules) if rule)
            self._fingerprint = hashlib.sha256(f"{VERSION}\n{ids}".encode()).hexdigest()[:16]
        return self._fingerprint

    def _named(self, said: list[str], name: set[str]) -> tuple[dict[int, float], bool]:
        """Rule number → what the names ``said`` (stemmed words) lead to, by their specificity, and whether one of them
        names a variant (a variant's rule, or an entry citing only a variant's rules, as
        :func:`rulesgraph.answer.firstplace.names_a_variant` reads a question: "Lose the Game" cites 104 and 810.8, and names
        none); names inside the card's name (its stems ``name``) are not the ruling's."""
        index = self.book.index
        out: dict[int, float] = {}
        variant = False
        longest = min(index.longest_name, 6)
        for start in range(len(said)):  # from each word, as many words as the longest name starting with it has
            for n in range(1, min(longest, index.name_starts.get(said[start], 0), len(said) - start) + 1):
                key = " ".join(said[start : start + n])
                if key not in index.names or set(said[start : start + n]) <= name:
                    continue
                amount, names_variant, rules = self._leads(key)
                variant = variant or names_variant
                for i in rules:
                    out[i] = max(out.get(i, 0.0), amount)
        return out, variant

    def _leads(self, key: str) -> tuple[float, bool, tuple[int, ...]]:
        """What name ``key`` (a key of the index's names) adds, whether it names a variant, and the rules it leads to
        (their numbers): the same for every ruling saying it, so worked out once (the full card data's rulings say names
        some 500,000 times)."""
        if key not in self._names:
            index, g = self.book.index, self.book.qg
            variant = False
            rules: list[int] = []
            for node in index.names[key]:
                at = g.num.get(node)
                variant = variant or (at is not None and (bool(g.variant[at]) or g.cites_variant(at)))
                kind = g.kind_of(node)
                if kind == "keyword":
                    led: Iterable[str] = definers(g, node)
                elif kind == "glossary":
                    led = g.targets(node, "cites")
                else:
                    led = (node,)
                rules += (i for i in map(g.num.get, led) if i is not None and self._rules[i])
            self._names[key] = (NAMED * specificity(index, key), variant, tuple(rules))
        return self._names[key]

    def links(self, text: str, card: str) -> tuple[tuple[str, float], ...]:
        """The rules a ruling of ``card`` restates, best first: ``(rule, weight)``, the best weighing 1."""
        said = [stem(w) for w in words(text)]
        name = ({stem(w) for w in words(card)} | set(doc_terms(card))) & set(said)
        memo = (text, frozenset(name))  # many cards share a ruling's text: each text is linked once
        if memo not in self._memo:
            self._memo[memo] = self._links(text, said, name)
        return self._memo[memo]

    def _links(self, text: str, said: list[str], name: set[str]) -> tuple[tuple[str, float], ...]:
        g = self.book.qg
        terms = [(t, 1.0) for t in dict.fromkeys(doc_terms(text)) if t not in name]
        named, variant_named = self._named(said, name)
        linkable = self._rules if variant_named else self._plain  # a variant's rules only when the ruling names one
        found = text_relevance(self.book.index, terms) if terms else {}
        score = {i: rel for i, rel in found.items() if linkable[i]}
        for i, amount in named.items():
            if linkable[i]:
                score[i] = score.get(i, 0.0) + amount
        if not score:
            return ()
        top = max(score.values())
        kept = sorted((-s, i) for i, s in score.items() if s >= KEEP * top)  # only those kept are sorted (~300 a ruling scored)
        return tuple((g.ids[i], round(-s / top, 3)) for s, i in kept[:LINKS])
