"""Hostile rules files for the reliability tests and ``bench/reliability.py``: the repetitive shapes that made
a parser quadratic, and a generator of whole files built from the grammar of real rules lines (numbers,
ranges, references, glossary see-alsos, FAQ questions with forum markup and card names), of any size.

Nothing here is copied from the real rules: every line is made from the small vocabularies below.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import networkx as nx

from rulesgraph.build.graph import build_graph
from rulesgraph.parse import parse
from rulesgraph.sources.read import RawSource, decode_source

__all__ = ["GROWTH", "Growth", "build", "cr_file", "faq_file", "generated_file", "growth_ratio", "timed_build"]

_HEAD = ["Magic: The Gathering Comprehensive Rules", "", "These rules are effective as of June 19, 2026.", "",
         "Introduction", "", "A made-up rules file.", "", "Contents", "", "1. Game Concepts", "Glossary", "Credits", ""]


def cr_file(body: list[str], glossary: list[str] = ()) -> str:  # type: ignore[assignment]
    """A Comprehensive Rules file with ``body`` lines after rules 100.1–100.6 and ``glossary`` lines in its glossary."""
    rules = [line for n in range(1, 7) for line in (f"100.{n}. Rule {n}.", "")]
    gloss = ["Glossary", "", "Trample", "A keyword ability. See rule 100.1.", "", *glossary, ""]
    return "\n".join([*_HEAD, "1. Game Concepts", "", "100. General", "", *rules, *body, "", *gloss, "Credits", "", "Made up.", ""])


def faq_file(question: str, answer: str) -> str:
    """A keyword FAQ page: one rule line, then one question and answer."""
    return "\n".join(["702.19a Trample is a static ability.", "", f"Q: {question}", f"A: {answer}", ""])


def build(text: str, name: str = "hostile.txt", fmt: str | None = None) -> nx.MultiDiGraph | None:
    """Decode, parse and build the graph of one file, as ``check`` does; ``None`` when it is refused
    (a :class:`~rulesgraph.errors.SourceError`, raised for the caller to see otherwise)."""
    data = text.encode("utf-8")
    doc = parse(decode_source(RawSource(name, data, hashlib.sha256(data).hexdigest())), fmt)
    return build_graph([doc])


def timed_build(text: str, fmt: str | None = None, repeat: int = 3) -> float:
    """The fastest of ``repeat`` builds, in seconds (the fastest is the least disturbed by other load)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        build(text, fmt=fmt)
        best = min(best, time.perf_counter() - start)
    return best


@dataclass(frozen=True)
class Growth:
    """A repetitive input that was quadratic: ``make(n)`` is a file with ``n`` repeats of the shape."""

    name: str
    make: Callable[[int], str]
    n: int
    """Repeats for the smaller input (the larger has 4×): enough to take some milliseconds, no more."""


GROWTH: tuple[Growth, ...] = (
    Growth("bare numbers after a headed reference", lambda n: cr_file(["100.9. " + "rule 100.2 x 100.3 " * n]), 1_000),
    Growth("glossary 'See X' with no period", lambda n: cr_file([], ["Aaa", "See Aaa " * n]), 6_000),
    Growth("FAQ: a run of capitalised words", lambda n: faq_file("Is it?", "Aaa " * n), 6_000),
    Growth("FAQ: capitalised words with 'of'", lambda n: faq_file("Is it?", "Aaa of " * n), 5_000),
    Growth("FAQ: many distinct card names", lambda n: faq_file("Is it?", " ".join(f"with Aa{i} Bb{i} ," for i in range(n))), 5_000),
    Growth("FAQ: unclosed '[b=' markup", lambda n: faq_file("Is it?", "[b=" * n), 25_000),
    Growth("ranges to an absurd end", lambda n: cr_file(["100.9. " + "See rules 100.1–999999. " * n]), 700),
    Growth("a reference list", lambda n: cr_file(["100.9. See rules " + ", ".join(f"100.{i}" for i in range(n)) + "."]), 5_000),
    Growth("an apostrophe word", lambda n: faq_file("Is it?", "a'" * n + " Aaa Bbb"), 60_000),
)


def growth_ratio(case: Growth, factor: int = 4, repeat: int = 3) -> tuple[float, float]:
    """Seconds to build the small and the ``factor`` × larger input, each the fastest of ``repeat`` runs taken
    in turns (small, large, small, …), so that a burst of other load does not fall on one side only."""
    small_text, large_text = case.make(case.n), case.make(case.n * factor)
    small = large = float("inf")
    for _ in range(repeat):
        small = min(small, timed_build(small_text, repeat=1))
        large = min(large, timed_build(large_text, repeat=1))
    return small, large


# --- whole files from the grammar of real rules lines -------------------------------------------------------

_WORDS = ("the a creature player damage trample blocks attacking deals combat target spell ability may can't each "
          "Trample Deathtouch Flying Lightning Bolt Austere Command of from to in de Silent Prophet Uyo, é — … “ ” ’").split()
_TERMS = ("Trample", "Active Player", "Nonactive Player Order", "Aura", "Color", "Bury", "Kicker, Kicked")
_MARKUP = ("[b]", "[/b]", "[i]", "[/i]", "[url=https://example.invalid/a]", "[/url]", "[b=", "[card]", "[/card]", "[cost]", "[")


def _number(rng: random.Random) -> str:
    shape = rng.random()
    if shape < 0.05:
        return f"{rng.randint(100, 999)}.{'9' * rng.choice([7, 60, 5000])}"  # absurdly long digit runs
    section = rng.choice([100, 101, 509, 601, 702, 903])
    rule = rng.randint(1, 30)
    return f"{section}.{rule}{rng.choice(['', '', 'a', 'b', 'f', 'z'])}" if shape < 0.9 else str(section)


def _reference(rng: random.Random) -> str:
    n = _number(rng)
    end = rng.choice(["c", "h", "9", "30", str(rng.randint(1, 10) ** rng.randint(1, 7)), "999999", _number(rng)])
    return rng.choice([f"See rule {n}.", f"rules {n}–{end}", f"rules {n}-{end} and {_number(rng)}", f"see {n}",
                       f"section {rng.randint(1, 9)}", f"rule {n}, “{rng.choice(_TERMS)}.”", f"exception to {n}.",
                       f"See also rules {n}, {_number(rng)}, and {n}–{end}."])


def _sentence(rng: random.Random, words: int) -> str:
    parts = []
    for _ in range(words):
        r = rng.random()
        parts.append(_reference(rng) if r < 0.08 else rng.choice(_MARKUP) if r < 0.12 else rng.choice(_WORDS))
    return " ".join(parts)


def _see_also(rng: random.Random) -> str:
    terms = ", ".join(rng.sample(_TERMS, rng.randint(1, 3)))
    return rng.choice([f"See {terms}.", f"See also {terms}.", f"See {terms}", "See " * rng.randint(1, 40)])


def _repeat(rng: random.Random, size: int) -> str:
    """One hostile shape repeated to fill ``size`` characters (the inputs that used to be quadratic)."""
    unit = rng.choice(["rule 100.2 x 100.3 ", "See Aaa ", "Aaa ", "Aaa of ", "[b=", "a'", "https://", "100.1–", "See rules 100.1–9999999. ",
                       _reference(rng) + " ", _see_also(rng) + " "])
    return (unit * (size // len(unit) + 1))[:size]


def generated_file(rng: random.Random, size: int) -> tuple[str, str]:
    """A file of about ``size`` characters: a CR or a FAQ page, ``(format name, text)``."""
    kind = rng.choice(["cr", "faq"])
    body: list[str] = []
    gloss: list[str] = []
    length = 0
    while length < size:
        r = rng.random()
        if r < 0.05:  # one very long hostile line
            line = _repeat(rng, rng.randint(1, max(1, min(size - length, size // 2))))
        elif kind == "cr" and r < 0.25:
            line = f"{rng.choice(_TERMS)}{rng.randint(0, 999)}\n{_sentence(rng, 8)} {_see_also(rng)}\n"
            gloss.append(line)
            length += len(line)
            continue
        elif kind == "faq" and r < 0.6:
            line = f"Q: {_sentence(rng, rng.randint(3, 20))}?\nA: {_sentence(rng, rng.randint(3, 60))}"
        else:
            line = f"{_number(rng)}{rng.choice(['. ', ' ', '.'])}{_sentence(rng, rng.randint(1, 40))}"
            if rng.random() < 0.2:
                line += f"\nExample: {_sentence(rng, 10)}"
        body.append(line)
        length += len(line) + 1
    if kind == "cr":
        return kind, cr_file(body, gloss)
    return kind, "702.19a Trample is a static ability.\n\n" + "\n".join(body) + "\n"
