"""Node id conventions of the graph, in one place for every module that builds or reads it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazyre import lazy

if TYPE_CHECKING:  # a type hint only: the records are made where files are parsed
    from ..model import Document


__all__ = ["CR_NUMBER", "card_id", "faq_id", "glossary_id", "is_cr_id", "keyword_id", "nearest_numbers", "rule_id", "ruling_id"]

CR_NUMBER = lazy(r"\d(?:\d\d(?:\.\d+[a-z]?)?)?")
"""A chapter (``7``), section (``702``), rule (``702.19``) or subrule (``702.19b``) number."""


def is_cr_id(node: str) -> bool:
    """Whether a node id is a bare CR number (other nodes' ids carry a ``kind:`` or ``doc:`` prefix)."""
    return CR_NUMBER.fullmatch(node) is not None


def rule_id(doc: Document, key: str) -> str:
    """A rule of ``doc``: its bare number for the CR (``702.19b``), ``<doc>:<key>`` otherwise,
    since other documents' numbers are not CR identities."""
    return key if doc.numbering == "cr" else f"{doc.id}:{key}"


def keyword_id(name: str) -> str:
    """``keyword:first strike``: one node per keyword name, whatever its spelling or source."""
    return f"keyword:{' '.join(name.lower().split())}"


def glossary_id(term: str) -> str:
    return f"glossary:{term}"


def faq_id(key: str) -> str:
    return f"faq:{key}"


def card_id(name: str) -> str:
    return f"card:{name}"


def ruling_id(card: str, date: str, n: int) -> str:
    """The ``n``-th (from 1) of card ``card``'s rulings of ``date``: ``ruling:Doubling Season:2020-08-07:2``, the id an
    answer cites it by and the exported graph's node."""
    return f"ruling:{card}:{date}:{n}"


def _squashed(number: str) -> str:
    return "".join(ch for ch in number.lower() if ch.isalnum())


def nearest_numbers(said: str, numbers: list[str], most: int = 3) -> list[str]:
    """The rule numbers of ``numbers`` nearest a number mistyped (``7045k``, ``704.5zz``, ``740.5k``, ``702,19b``): those
    that are ``said`` once its dots and spaces are left out, else up to ``most`` one slip from it (a character added,
    dropped or changed, or two swapped: optimal string alignment; two slips in a key of seven or more), nearest first."""
    from rapidfuzz.distance import OSA

    key = _squashed(said)
    if not key:
        return []
    squashed = {n: _squashed(n) for n in numbers}
    same = [n for n, k in squashed.items() if k == key]
    if same:
        return sorted(same, key=len)[:most]
    slips = 2 if len(key) >= 7 else 1
    near = sorted((d, n) for n, k in squashed.items() if (d := OSA.distance(key, k, score_cutoff=slips)) <= slips)
    return [n for _, n in near[:most]]
