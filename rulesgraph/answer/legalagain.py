"""A legality question asked again of another format, deck or colours ("is Sol Ring legal in Modern?", then "what about
Legacy?"): the question the conversation asks next, read as the card data's answers read it.
"""

from __future__ import annotations

import re

from ..common.lazyre import lazy

__all__ = ["legality_again"]

_AGAIN = lazy(r"^\W*(?:(?:and|so|but|ok(?:ay)?)\W+)*(?:(?:what|how) about|same (?:question|thing) (?:for|in|with)|and)\s+"
              r"(?:(?:in|for|as|at)\s+)?(?:(?:a|an|the|my)\s+)?")
"""The start of a legality question asked again of something else: "what about", "and in a", "same question for"."""


def legality_again(previous: str, said: str) -> str | None:
    """The legality question ``previous`` asked again of the format, deck or colours ``said`` names ("is Sol Ring
    legal in Modern?", "what about Legacy?" → "is it legal in Legacy?"; "can it go in a mono-green deck?", "and a
    Selesnya one?" → "can it go in a Selesnya deck?"), about "it": the card the conversation holds; ``None`` when
    ``said`` is not such a question or names nothing the card data's answers read."""
    from .legalanswer import read_question

    m = _AGAIN.match(said)
    asked = read_question(previous) if m else None
    rest = " ".join(said[m.end():].strip(" ?.!").split()) if m else ""
    if asked is None or not rest:
        return None
    status = "banned" if asked.status in ("banned", "illegal") else "legal"
    deck = re.sub(r"\s+(?:deck|one|list)$", "", rest, flags=re.IGNORECASE)
    again = {"legal": f"is it {status} in {rest}?", "deck": f"can it go in a {deck} deck?",
             "leader": f"can it be my commander in {rest}?"}.get(asked.kind)
    now = read_question(again) if again else None
    return again if now is not None and now.kind == asked.kind and (now.format is not None or now.colors) else None
