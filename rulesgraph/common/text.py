"""Text folding and tokenising shared by indexing and question analysis.

Stored text is never changed; these functions only build the *matching* form:
lower case, typographic quotes and dashes folded to ASCII, words stemmed.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import Stemmer

from .lazyre import lazy

__all__ = ["STOPWORDS", "WORD", "clean", "drop_invisible", "fold", "slug", "stem", "terms", "word_line", "words"]

_FOLD = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
        "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"',
        "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
        "\u00a0": " ", "\u2009": " ", "\u202f": " ",
        "\u2122": "", "\u00ae": "",
    }
)
_NON_ASCII = lazy(r"[^\x00-\x7f]")
WORD = lazy(r"[a-z0-9]+(?:'[a-z]+)?")
"""A word of folded text (:func:`fold`): letters and digits, one apostrophe inside (dropped from what :func:`words` gives)."""
_SLUG = lazy(r"[^a-z0-9]+")

STOPWORDS = frozenset(
    """a an the of to in on at by for from with and or but if then than that this these those it its
    is are was were be been being do does did doing have has had having i me my you your yours he she him her
    his they them their we us our what which who whom whose when where why how can could would should will
    shall may might must so as into onto about any some each every all no not there here also just only very
    too such get gets got let lets s t would've im ive id youre theyre dont doesnt isnt arent wont cant
    something anything someone anyone somebody anybody""".split()
)
"""Words too common to say anything about a question (negations like *can't* are kept as ``cant``
by :func:`words` but dropped here, since rules text states both sides)."""

_stemmer = Stemmer.Stemmer("english", 0)
"""Without PyStemmer's own cache (10,000 words by default): :func:`stem` keeps what it stemmed, and a second copy of the same
words was ~1 MB of a stream's peak memory."""


_ASCII_CONTROL = dict.fromkeys([*range(32), 127], " ")
_ESCAPE = lazy(r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)|\x1bO[@-~]|"
               r"\x1b[!-/]+[0-~]|\x1b[@-NP-Z\\^_]")
"""A terminal's escape sequence (a colour, a cursor move, a window title: CSI ``ESC [ … m``, OSC ``ESC ] … BEL``, an
arrow key's ``ESC O A``, a character set's ``ESC ( B``, a capital's ``ESC M``), pasted with a question: the terminal
showed nothing for it, so it goes without a trace ("with ESC[31mdeathtouch" is "with deathtouch", not "with
31mdeathtouch").  Only what a terminal would read as one: an OSC never ended, or an ESC before a space or a small letter
(the Esc key, Alt held), leaves the text after it, the ESC itself a space."""


def clean(question: str) -> str:
    """Drop terminal escape sequences, control characters and unprintable junk; keep letters, digits, punctuation and
    spaces.  An invisible format character (a zero-width space, a soft hyphen, a direction mark: category ``Cf``) is
    dropped without a space, so a word pasted with one inside ("tram\u200bple") stays one word."""
    if "\x1b" in question or "\x9b" in question:
        question = _ESCAPE.sub("", question)
    if question.isascii():  # the usual case: ASCII's only unprintable characters are its control codes
        return " ".join(question.translate(_ASCII_CONTROL).split())
    out = []
    for ch in question:
        cat = unicodedata.category(ch)
        out.append("" if cat == "Cf" else " " if cat.startswith("C") or cat in ("Zl", "Zp") else ch)
    return " ".join("".join(out).split())


def drop_invisible(text: str) -> str:
    """``text`` without its invisible format characters (category ``Cf``: a zero-width space, a soft hyphen, a direction
    mark), as :func:`clean` drops them: for a reader that keeps the rest as asked (the card finder, with its offsets).
    (Not :func:`rulesgraph_cli.safe.visible`, which shows control characters as symbols for a terminal.)"""
    if text.isascii():
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def fold(text: str) -> str:
    """Lower-case matching form: NFKC, typographic quotes and dashes to ASCII, ``™``/``®`` removed."""
    if text.isascii():
        return text.lower()
    return unicodedata.normalize("NFKC", _NON_ASCII.sub(_fold_char, text)).lower()


_LIGATURES = str.maketrans({"æ": "ae", "œ": "oe", "ß": "ss", "ø": "o", "đ": "d", "ł": "l", "þ": "th"})


def filed(text: str) -> str:
    """Where a name is filed in an index: lower case, accents dropped and ligatures spelled out ("Æther Vial" under A, as
    "aether vial"; NFKD splits no ligature).  The site's card search folds names the same way."""
    if text.isascii():
        return text.lower()
    split = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in split if not unicodedata.combining(ch)).translate(_LIGATURES)


def _fold_char(m: re.Match[str]) -> str:
    ch = m.group()
    return _FOLD.get(ord(ch), ch)  # type: ignore[return-value]


def words(text: str) -> list[str]:
    """The folded words of ``text``; apostrophes are dropped inside words (``can't`` → ``cant``)."""
    folded = fold(text)
    found = WORD.findall(folded)
    return [w.replace("'", "") for w in found] if "'" in folded else found


def word_line(text: str) -> str:
    """``" ".join(words(text))``, without a list of the words (an apostrophe is only ever inside a word)."""
    return " ".join(WORD.findall(fold(text))).replace("'", "")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Snowball (Porter2) stem of one folded word: ``blocked``, ``blocking`` → ``block`` (PyStemmer, the C build)."""
    return _stemmer.stemWord(word)


def terms(text: str) -> list[str]:
    """Stemmed content words of ``text``, stopwords removed: the unit of text relevance."""
    return [stem(w) for w in words(text) if w not in STOPWORDS]


def slug(text: str) -> str:
    """A readable identifier fragment: ``Totem armor`` → ``totem-armor``."""
    return _SLUG.sub("-", fold(text)).strip("-")
