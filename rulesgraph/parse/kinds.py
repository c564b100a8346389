"""The kinds of tournament document, by the short name their citations start with (``MTR 4.3``): a table of its own,
so that seeing what is installed never imports the parser."""

from __future__ import annotations

__all__ = ["KINDS"]

KINDS = {"mtr": "Magic Tournament Rules", "ipg": "Infraction Procedure Guide", "jar": "Judging at Regular REL"}
