"""Do `ask` and `card` agree on card names?  Every name the `card` command resolves to one card, said in a question:
does `ask` find that card in it?

Usage: python bench/agreement.py [--cr PATH] [--cards PATH] [--misses N]

Reads every card name of the installed card data (or, when none is installed, of ``--cards``, the stand-in
AtomicCards file, installed into a temporary directory: :func:`_common.with_cards`).  Each full name (not a face or
a short name) that the `card` command's finder (:class:`rulesgraph.cards.names.NameIndex`) resolves to exactly one
card is put in one of three question shapes, in turn ("How does NAME work with a copy effect?", "If my opponent
casts NAME on my turn, can I respond?", "I control NAME. What happens when it dies?"), as printed and, for names of two
words or more, in lower case; the question is read as `ask` reads it
(:meth:`rulesgraph.question.namedcards.CardDeck.named`) and the card counts as found when it is among the cards read.
The names are counted by kind: playable cards; cards whose whole name is a rules word or a word English uses
often ("Flash", "Vigilance", "Massacre": `ask` takes them for cards only with more evidence than these shapes give);
cards whose name is also the short name of a card played far more (``Urborg``, read as Urborg, Tomb of Yawgmoth:
:data:`rulesgraph.cards.nametable.POPULAR`);
and, by design named in `ask` only in brackets (``[[Name]]``) or not at all, Un-cards and playtest cards (MTGJSON's
``isFunny``), Vanguard characters and planes, and the digital rebalances (``A-``) that `ask` reads as their paper card.
Target (issue 30): `ask` and `card` agree on every name `card` resolves unambiguously.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from _common import card_options, rules_and_cards, table

SHAPES = ("How does {} work with a copy effect?", "If my opponent casts {} on my turn, can I respond?",
          "I control {}. What happens when it dies?")
"""The questions a name is said in, in turn."""
ASIDE = ("vanguard", "planar", "scheme")
"""Layouts `ask` names in brackets only (or never)."""
COMMON = 3.0
"""A one-word name at least this common in English (wordfreq's Zipf, as the name table keeps it) is counted among the
common English words: "Massacre" (3.4) is, "Tarmogoyf" is not."""


def kind(card, table_, folded: tuple[str, ...]) -> str:  # type: ignore[no-untyped-def]
    """The class a card's name is counted in (see the module docstring)."""
    if card.key.startswith("A-"):
        return "digital rebalance (A-), read as its paper card"
    if card.funny or card.layout in ASIDE:
        return "Un-card, playtest card, Vanguard or plane: brackets only"
    g = table_.exact.get(folded)
    if g is not None and (table_.rules[g] or (len(folded) == 1 and table_.zipf[g] >= COMMON)):
        return "playable, a rules word or common English word"
    if g is not None and not table_.sure[g]:
        return "playable, also a far more played card's short name"
    return "playable"


def share(c: Counter[str], how: str) -> str:
    """The share of the names said ``how`` that `ask` found."""
    return f"{100 * c[f'{how} found'] / c[f'{how} asked']:.1f}%" if c[f"{how} asked"] else "—"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    card_options(ap)
    ap.add_argument("--misses", type=int, default=0, help="list up to N playable names `ask` does not find (those said as printed first)")
    args = ap.parse_args()
    _, _book, deck, said, tmp = rules_and_cards(args)
    if deck is None:
        sys.exit("bench: no card data (install it, or pass --cards PATH to an MTGJSON AtomicCards file)")
    from rulesgraph.cards.nametable import tokens

    names = deck.name_index()
    entries = sorted({e.name: e for e in deck.store.names() if e.kind == "name"}.values(), key=lambda e: e.name)
    summaries = {c.key: c for c in deck.store.summaries()}
    counts: dict[str, Counter[str]] = {}
    missed: list[tuple[bool, str]] = []
    t0 = time.perf_counter()
    for n, entry in enumerate(entries):
        found = names.find(entry.name)
        if found.key is None or found.key not in summaries:
            counts.setdefault("ambiguous to `card` (not counted)", Counter())["names"] += 1
            continue
        folded = tuple(tokens(entry.name))
        cls = kind(summaries[found.key], deck.table, folded)
        c = counts.setdefault(cls, Counter())
        for how, said_ in (("as printed", entry.name), ("lower case", entry.name.lower() if len(folded) > 1 else None)):
            if said_ is None:
                continue
            question = SHAPES[n % len(SHAPES)].format(said_)
            hit = found.key in {card.key for card in deck.named(question)}
            c[f"{how} asked"] += 1
            c[f"{how} found"] += hit
            if not hit and cls == "playable":
                missed.append((how != "as printed", f"  {how}: {question!r} → {[card.key for card in deck.named(question)]}"))
    took = time.perf_counter() - t0
    print(f"{len(entries):,} card names ({said}); {took:.1f} s\n")
    rows = []
    for cls, c in counts.items():
        if "asked" not in " ".join(c):
            rows.append((cls, str(c["names"]), "", "", "", ""))
            continue
        rows.append((cls, str(c["as printed asked"]), str(c["as printed found"]), share(c, "as printed"),
                     str(c["lower case asked"]), share(c, "lower case")))
    print(table(rows, ("names", "said as printed", "`ask` finds", "agree", "said in lower case (2+ words)", "agree")))
    if missed and args.misses:  # those said as printed first
        print("\nplayable names `ask` does not find:\n" + "\n".join(line for _, line in sorted(missed, key=lambda m: m[0])[:args.misses]))
    if tmp is not None:
        tmp.cleanup()


if __name__ == "__main__":
    main()
