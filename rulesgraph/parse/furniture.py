"""What a page leaves in extracted text that is no part of the document: page numbers and running headers or footers.

Shared by the tournament documents' cleaner (:mod:`rulesgraph.parse.pdftext`) and the rules parser
(:mod:`rulesgraph.parse.cr`: a CR copied out of a PDF).  Told apart from the text by how pages repeat, never by a
document's own words:

- a **page number** is a line that is only a number and belongs to the longest run of such lines whose numbers rise
  by 1 to :data:`STEP` at least :data:`PAGE_GAP` lines apart — one a page.  A table's cells on lines of their own
  ("17-32" / "5" / "Top 8" / "33-64" / "6" …) are numbers too, but their run is not the pages' (it is shorter, falls,
  or its numbers are not the pages' own): they stay text;
- a **running header or footer** is a line said within :data:`NEAR` lines of a page number at least :data:`REPEATS`
  times, and there at least :data:`NEAR_SHARE` of the times it is said;
- a **word hyphenated at a line's end** ("incl-" / "uding") is joined as the document writes it elsewhere, or else as
  English does: whole when it is a word ("including"), with its hyphen otherwise ("enters-the-" / "battlefield").
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence

from ..common.lazyre import lazy

__all__ = ["ENGLISH", "NEAR", "NEAR_SHARE", "PAGE_GAP", "REPEATS", "STEP", "Vocabulary", "english", "furniture", "page_numbers",
           "rejoined", "running_heads", "without"]

_NUMBER = lazy(r"^\d{1,3}$")
STEP = 3
"""Page numbers rise by at most this much from one to the next (a page may carry none: a full-page table, a cover)."""
PAGE_GAP = 3
"""Page numbers stand at least this many lines apart (a blank page's number, "36" / "" / "" / "37" in the MTR of
2026-02-27, stands three lines after the one before; a table's numbers one a line are closer)."""
REPEATS = 4
NEAR = 2
NEAR_SHARE = 0.6


def page_numbers(lines: Sequence[tuple[int, str]]) -> set[int]:
    """The line numbers (of ``lines``: ``(line number, stripped text)``) holding page numbers: the longest run of
    number-only lines rising by 1 to :data:`STEP`, each at least :data:`PAGE_GAP` lines after the one before it (of
    runs as long, the one found first).  O(n log n) in the number-only lines."""
    found = [(no, int(text)) for no, text in lines if _NUMBER.match(text)]
    came: list[int] = []  # the run's line before each, -1 for none
    by_value: dict[int, tuple[list[int], list[tuple[int, int]]]] = {}  # value → (its lines, the best run up to each)
    best = (0, -1)
    for i, (no, value) in enumerate(found):
        length, back = 1, -1
        for was in range(value - STEP, value):
            if was not in by_value:
                continue
            nos, running = by_value[was]
            k = bisect_right(nos, no - PAGE_GAP)  # those at least PAGE_GAP lines back
            if k and running[k - 1][0] + 1 > length:
                length, back = running[k - 1][0] + 1, running[k - 1][1]
        came.append(back)
        nos, running = by_value.setdefault(value, ([], []))
        nos.append(no)
        running.append(max(running[-1], (length, i), key=lambda r: r[0]) if running else (length, i))
        if length > best[0]:
            best = (length, i)
    if best[0] < 2:  # one number alone says nothing of pages
        return set()
    out: set[int] = set()
    i = best[1]
    while i >= 0:
        out.add(found[i][0])
        i = came[i]
    return out


def running_heads(lines: Sequence[tuple[int, str]], pages: set[int]) -> set[str]:
    """Texts said on many pages beside their page numbers: running headers and footers."""
    counts = Counter(text for _, text in lines if text)
    near = Counter(text for no, text in lines if text and any(no + d in pages for d in range(-NEAR, NEAR + 1) if d))
    return {text for text, n in counts.items() if near[text] >= max(REPEATS, NEAR_SHARE * n)}


def furniture(lines: Sequence[tuple[int, str]]) -> dict[int, str]:
    """``line number → why it is no part of the text`` (``page number``, ``running header or footer``, or ``page break``
    for a blank line beside one of those: the page ended there, not — as far as the lines can tell — the paragraph) for
    ``lines`` as read (``(line number, text)``); empty for a file with no pages, as the CR's own text file."""
    stripped = [(no, text.strip()) for no, text in lines]
    pages = page_numbers(stripped)
    heads = running_heads(stripped, pages) if pages else set()
    out = {no: "page number" if no in pages else "running header or footer" for no, text in stripped if no in pages or text in heads}
    out.update((no, "page break") for no, text in lines if text and not text.strip("\f"))  # a form feed alone on its line
    k = 0
    while k < len(stripped):  # each run of furniture and blank lines holding some furniture
        if stripped[k][0] not in out:
            k += 1
            continue
        start = k
        while start > 0 and not stripped[start - 1][1]:
            start -= 1
        stop = k
        while stop + 1 < len(stripped) and (stripped[stop + 1][0] in out or not stripped[stop + 1][1]):
            stop += 1
        out.update((no, "page break") for no, text in stripped[start : stop + 1] if not text)
        k = stop + 1
    return out


_ENDS = lazy(r"[.!?:”\"]$")
_ITEM = lazy(r"^\d{1,2}\.\s")
"""A numbered item ("2. Part of a card."): the list it belongs to goes on over the page."""


def without(lines: Sequence[tuple[int, str]], furn: dict[int, str], paragraphs: bool = False) -> list[tuple[int, str]]:
    """``lines`` without the ``furn`` lines (:func:`furniture`).  ``paragraphs``: where blank lines part entries (a
    glossary), a page break between a line that ends a sentence and one that neither goes on in lower case nor numbers
    the next item of a list keeps one blank line (its first): the entry ended with the page."""
    out: list[tuple[int, str]] = []
    last, kept = "", False
    for k, (no, text) in enumerate(lines):
        if no not in furn:
            out.append((no, text))
            last, kept = text.strip() or last, False
            continue
        if not paragraphs or text.strip() or kept:
            continue
        after = next((t.strip() for n, t in lines[k + 1 :] if n not in furn and t.strip()), "")
        if _ENDS.search(last) and not after[:1].islower() and not _ITEM.match(after):
            out.append((no, text))
            kept = True
    return out


_WORD = lazy(r"[a-z]+(?:-[a-z]+)*")
_SPLIT = lazy(r"([A-Za-z]+)-$")
_GOES_ON = lazy(r"^([a-z]+)")


class Vocabulary:
    """The words a document writes (lower case, hyphenated ones whole), read from its lines on first use: most files
    break no word at a line's end, and never pay for it."""

    def __init__(self, lines: Sequence[str]) -> None:
        self._lines, self._words = lines, None

    def __contains__(self, word: str) -> bool:
        if self._words is None:
            self._words = {w for line in self._lines for w in _WORD.findall(line.lower())}
        return word in self._words


def rejoined(left: str, right: str, words: Vocabulary) -> str | None:
    """``left`` and the line after it, ``right``, as one, when ``left`` ends on a word broken with a hyphen and ``right``
    goes on with a letter: in lower case, the hyphen dropped when the document writes the whole word and not the
    hyphenated one ("incl-" / "uding" → "including"), kept otherwise ("enters-the-" / "battlefield"); in a capital, kept
    ("non-" / "English"); ``None`` when no word is broken there (the caller joins the lines as it joins any two)."""
    head, tail = _SPLIT.search(left), _GOES_ON.match(right)
    if head is None or not right[:1].isalpha():
        return None
    if tail is None:  # a capital after it: a compound broken at its hyphen ("non-" / "English", "Two-" / "Headed")
        return left + right
    whole, hyphenated = (head.group(1) + tail.group(1)).lower(), f"{head.group(1)}-{tail.group(1)}".lower()
    if hyphenated in words or (whole not in words and not english(whole)):
        return left + right
    return left[:-1] + right


ENGLISH = 2.0
"""A word the document never writes whole is taken for one when English uses it at least this often (wordfreq's Zipf
scale: "situation" 4.9, "transferred" 3.9; "thebattlefield" 0)."""


def english(word: str) -> bool:
    """Whether ``word`` is an English word (:data:`ENGLISH`)."""
    from wordfreq import zipf_frequency  # only for a file that breaks words at its lines' ends

    return zipf_frequency(word, "en") >= ENGLISH
