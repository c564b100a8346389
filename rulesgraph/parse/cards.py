"""Find card names mentioned in FAQ prose.

Two kinds of evidence, both generic:

* ``link``: the pages were made from a forum where card names were hyperlinks; the
  link text is followed by a space before the punctuation (``Planar Cleansing )``,
  ``Stifle ,``, ``Repercussion 's``).
* ``name``: a run of two or more Capitalised Words in the middle of a sentence
  (``something like Austere Command that``).

These are *candidates*: the graph drops any that are really rules vocabulary (a
keyword, a glossary term or a phrase found in rules text).
"""

from __future__ import annotations

import re

__all__ = ["card_candidates"]

MAX_WORDS = 12
"""A name has at most this many capitalised words (the longest card names but one have 12).  The bound keeps
the patterns linear: unbounded, a page of ``Aaa Aaa …`` was re-read from every word (80 KB took 89 s)."""

_CAP = r"[A-Z][A-Za-z'\-]*"
_JOIN = r"(?:of|the|from|to|in|de)"
# a name: Capitalised words, small joining words inside, "Uyo, Silent Prophet" style commas
_NAME = rf"{_CAP}(?:(?:,\s|\s)(?:{_JOIN}\s){{0,2}}{_CAP}){{0,{MAX_WORDS - 1}}}"
_LINKED = re.compile(rf"(?<![\w'])({_NAME}) (?=[,.?;:)!]|--|'s\b)")
# after a lower-case word (mid-sentence); the word is matched from its start only
_RUN = re.compile(rf"(?<![\w'-])[a-z][\w'-]*,? ({_CAP}(?:\s(?:{_JOIN}\s){{0,2}}{_CAP}){{1,{MAX_WORDS - 1}}})")
_SENTENCE_WORDS = set(
    "I A An The If It In No Yes So Then Say Like Note But And Or With For From To Of On At By As When What Who "
    "Why How This That These Those Do Does Can Is Are Will Would Should Could Since Because Once While After Before".split()
)


_JOIN_WORDS = {"of", "the", "from", "to", "in", "de"}


def _trim(name: str) -> str:
    """Drop sentence words and joiners in front, a possessive behind."""
    words = name.split()
    while words and (words[0].rstrip(",") in _SENTENCE_WORDS or words[0] in _JOIN_WORDS):
        words.pop(0)
    name = " ".join(words).strip(" ,")
    return name[:-2] if name.endswith("'s") else name


def _plausible(name: str) -> bool:
    """Not an acronym (``FAQ``), a lone letter (``Q``) or a keyword with a variable (``Dredge X``)."""
    return bool(name) and not any((w.isupper() and len(w) > 1) or len(w) == 1 for w in name.split())


def card_candidates(text: str) -> list[tuple[str, str]]:
    """``(name, evidence)`` pairs in order of first appearance, each name once."""
    found: dict[str, str] = {}
    for m in _LINKED.finditer(text):
        name = _trim(m.group(1))
        # "Like, say, Planar Cleansing": a comma run that starts with sentence words is not one name
        if ", " in name and not all(p[:1].isupper() for p in name.split(", ")):
            name = name.split(", ")[-1]
        if _plausible(name) and name not in found:
            found[name] = "link"
    for m in _RUN.finditer(text):
        name = _trim(m.group(1))
        if len(name.split()) >= 2 and _plausible(name) and name not in found:
            found[name] = "name"
    # a part of a longer name found too ("Silent Prophet" in "Uyo, Silent Prophet") is that name
    parts = {part for name in found for part in _word_runs(name)}
    return [(n, e) for n, e in found.items() if " ".join(n.split()) not in parts]


def _word_runs(name: str) -> set[str]:
    """Every run of whole words of ``name`` shorter than it (a trailing comma dropped): at most
    :data:`MAX_WORDS` squared, so finding the parts of names is linear in their number, not quadratic."""
    words = name.split()
    runs = {" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1) if j - i < len(words)}
    return runs | {r.rstrip(",") for r in runs}
