"""rulesgraph/cards/rulinglinks.py: each ruling linked to the CR rules it restates, by its words and the names it says, its
card's name left out; the best first, weighing 1; a fingerprint that changes with the rules' numbers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulesgraph import Rulebook
from rulesgraph.build.index import doc_terms
from rulesgraph.build.relations import definers
from rulesgraph.build.relevance import specificity, text_relevance
from rulesgraph.cards.rulinglinks import KEEP, LINKS, NAMED, Linker
from rulesgraph.common.text import stem, words


def test_a_ruling_is_linked_to_the_rules_it_restates_best_first(mini_book: Rulebook) -> None:
    links = Linker(mini_book).links("A tapped creature can't be declared as a blocker, even if it has deathtouch.", "Bulwark Elf")
    rules = [r for r, _ in links]
    assert rules[0] == "509.1a" and links[0][1] == 1.0
    assert 1 <= len(links) <= LINKS and all(KEEP <= w <= 1.0 for _, w in links)
    assert [w for _, w in links] == sorted((w for _, w in links), reverse=True)


def test_a_keyword_the_ruling_names_leads_to_its_rule(mini_book: Rulebook) -> None:
    """A name the ruling says (the keyword Trample) leads to its defining rule, even with few words of its text."""
    assert "702.19" in [r for r, _ in Linker(mini_book).links("Trample matters here.", "Mossback Elder")]


def test_the_cards_own_name_says_nothing(mini_book: Rulebook) -> None:
    """A card named with a keyword's word ("Trample Sprite") is not linked to that keyword by its own name."""
    linker = Linker(mini_book)
    text = "Trample Sprite can block a tapped creature."
    assert "702.19" not in [r for r, _ in linker.links(text, "Trample Sprite")]
    assert "702.19" in [r for r, _ in linker.links(text, "Other Card")]


def test_nothing_to_link_is_no_links(mini_book: Rulebook) -> None:
    assert Linker(mini_book).links("", "Bulwark Elf") == ()
    assert Linker(mini_book).links("Zzyzx qwv.", "Bulwark Elf") == ()


def test_the_fingerprint_changes_with_the_rules(mini_book: Rulebook, seeds_book: Rulebook) -> None:
    assert Linker(mini_book).fingerprint == Linker(replace(mini_book)).fingerprint
    assert Linker(mini_book).fingerprint != Linker(seeds_book).fingerprint


def test_a_variants_rules_are_linked_only_to_a_ruling_naming_the_variant(full_book: Rulebook) -> None:
    """A variant's rules (Two-Headed Giant's 810.8, on a team losing) share words with any ruling on losing the game, but
    are linked only to a ruling naming the variant; "lose the game" names none (its glossary entry cites 104 and 810.8)."""
    linker = Linker(full_book)
    plain = [r for r, _ in linker.links("A player can't lose the game while their life total is 0 or less.", "Bulwark Elf")]
    named = [r for r, _ in linker.links("In a Two-Headed Giant game, a team can't lose the game while its life total is 0 or less.",
                                        "Bulwark Elf")]
    assert plain and not any(r.startswith("810") for r in plain)
    assert any(r.startswith("810") for r in named)


def _every_name_read(linker: Linker, said: list[str], name: set[str]) -> tuple[dict[int, float], bool]:
    """What :meth:`Linker._named` gives, read the plain way (as it was until stop 85): every run of words looked up,
    whatever word it starts with, and each name's rules worked out again each time it is said."""
    index, g = linker.book.index, linker.book.qg
    out: dict[int, float] = {}
    variant = False
    for n in range(1, min(index.longest_name, 6) + 1):
        for start in range(len(said) - n + 1):
            key = " ".join(said[start : start + n])
            nodes = index.names.get(key)
            if not nodes or set(said[start : start + n]) <= name:
                continue
            for node in nodes:
                at = g.num.get(node)
                variant = variant or (at is not None and (bool(g.variant[at]) or g.cites_variant(at)))
                kind = g.kind_of(node)
                rules = definers(g, node) if kind == "keyword" else g.targets(node, "cites") if kind == "glossary" else (node,)
                for i in map(g.num.get, rules):
                    if i is not None and linker._rules[i]:
                        out[i] = max(out.get(i, 0.0), NAMED * specificity(index, key))
    return out, variant


def _linked_the_plain_way(linker: Linker, text: str, card: str) -> tuple[tuple[str, float], ...]:
    """What :meth:`Linker.links` gives, worked out as it was until stop 85: every scored rule sorted, then the best kept."""
    g = linker.book.qg
    said = [stem(w) for w in words(text)]
    name = ({stem(w) for w in words(card)} | set(doc_terms(card))) & set(said)
    terms = [(t, 1.0) for t in dict.fromkeys(doc_terms(text)) if t not in name]
    named, variant_named = _every_name_read(linker, said, name)
    score: dict[int, float] = {}
    for i, rel in text_relevance(linker.book.index, terms).items() if terms else ():
        if linker._rules[i]:
            score[i] = rel
    for i, amount in named.items():
        score[i] = score.get(i, 0.0) + amount
    kept = sorted(((s, i) for i, s in score.items() if variant_named or not g.variant[i]), key=lambda x: (-x[0], x[1]))
    if not kept:
        return ()
    top = kept[0][0]
    return tuple((g.ids[i], round(s / top, 3)) for s, i in kept[:LINKS] if s >= KEEP * top)


@pytest.mark.parametrize("which", ["mini_book", "full_book"])
def test_rulings_are_linked_as_the_plain_reading_links_them(which: str, request: pytest.FixtureRequest) -> None:
    """Reading names only from the words names start with, each name's rules once, and sorting only the rules that may
    be kept change nothing: on the text of every rule (as rulings: their keywords, glossary terms, titles and variants
    said again and again), with no card's name and with a card named by the text's first words, the links and the
    names found are those of the plain reading."""
    book: Rulebook = request.getfixturevalue(which)
    linker = Linker(book)
    g = book.qg
    texts = [g.attrs[i].get("text") or "" for i in range(len(g.ids)) if g.kind[i] in ("rule", "subrule")]
    assert len(texts) > (3000 if which == "full_book" else 20)
    step = 4 if which == "full_book" else 1  # linked both ways, a quarter of the 2026 CR's texts take ~3 s
    linked = 0
    for n, text in enumerate(texts):
        said = [stem(w) for w in words(text)]
        for card in ("Bulwark Elf", " ".join(words(text)[:2])):  # a card named with the text's first words
            name = ({stem(w) for w in words(card)} | set(doc_terms(card))) & set(said)
            assert linker._named(said, name) == _every_name_read(linker, said, name), text
            if n % step == 0:
                links = linker.links(text, card)
                assert links == _linked_the_plain_way(linker, text, card), text
                linked += bool(links)
    assert linked > len(texts) / step  # most texts are linked to some rule
