"""The tournament documents' records — a :class:`TDocument` of :class:`TSection` s — and what their title page says:
which document it is (:func:`detect_kind`) and when it took effect (:func:`effective_date`).  Shared by the numbered
documents' parser (:mod:`.tournament`) and the JAR's (:mod:`.jar`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..common.lazyre import lazy
from ..model import Anomaly, Origin, Skipped
from .pdftext import TocEntry

__all__ = ["TDocument", "TSection", "detect_kind", "effective_date", "heading"]

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
           "december")
_DATE = lazy(r"\b(?:Effective|Updated)\b:?\s+([A-Z][a-z]+)\s+(\d{1,2}),?\s+(\d{4})", re.IGNORECASE)

def heading(label: str, title: str | None, sep: str = " ") -> str:
    """A passage's id and title as a heading says them (``MTR 4.3 Out-of-Order Sequencing``); a part whose id already
    ends with its title (``IPG Introduction``, ``IPG 2.1 Definition``) once, not "IPG Introduction Introduction"."""
    return label if not title or label.endswith(title) else f"{label}{sep}{title}"


@dataclass(frozen=True, slots=True)
class TSection:
    """A chapter, section, appendix, front part (Introduction) or IPG part of a tournament document."""

    id: str
    """Citation id: ``MTR 4.3``, ``IPG 2``, ``MTR Appendix B``, ``IPG 2.1 Philosophy``, ``JAR 3``."""
    kind: str
    """``chapter``, ``section``, ``appendix``, ``front``, ``part`` or (JAR) ``heading``."""
    number: str | None
    title: str
    text: str
    origin: Origin
    parent: str | None = None
    penalty: str | None = None
    """The IPG infraction's penalty as printed in its heading (``No Penalty``, ``Warning`` …)."""
    infraction_class: str | None = None
    """``Game Play Error``, ``Tournament Error``, ``Unsporting Conduct`` for IPG infractions."""
    name: str | None = None
    """The infraction's own name (``Missed Trigger``; ``Unsporting Conduct — Minor`` where the name is the class's)."""

    @property
    def heading(self) -> str:
        """Its id and title as a heading says them (:func:`heading`)."""
        return heading(self.id, self.title)


@dataclass(frozen=True, slots=True)
class TDocument:
    """Everything one tournament document yielded."""

    kind: str
    """``mtr``, ``ipg`` or ``jar``."""
    path: str
    sha256: str
    effective: str | None
    title: str
    sections: tuple[TSection, ...]
    toc: tuple[TocEntry, ...] = ()
    front: str = ""
    anomalies: tuple[Anomaly, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    lines: int = 0

    @property
    def prefix(self) -> str:
        return self.kind.upper()

    def get(self, sid: str) -> TSection | None:
        return next((s for s in self.sections if s.id == sid), None)


def _squash(lines: tuple[str, ...], limit: int = 120) -> str:
    """The first lines as one upper-case run without spaces: small capitals split over lines read whole."""
    return re.sub(r"\s+", "", " ".join(lines[:limit])).upper()


def detect_kind(lines: tuple[str, ...]) -> str | None:
    """``mtr``, ``ipg`` or ``jar`` from the document's own title near its top; ``None`` for anything else."""
    head = _squash(lines)
    found = [(head.find(mark), kind) for kind, mark in
             (("ipg", "INFRACTIONPROCEDUREGUIDE"), ("mtr", "TOURNAMENTRULES"), ("jar", "JUDGINGATREGULAR")) if mark in head]
    return min(found)[1] if found else None


def effective_date(lines: tuple[str, ...]) -> str | None:
    """``Effective February 27, 2026`` / ``Updated September 23, 2024`` near the top, as an ISO date."""
    m = _DATE.search(" ".join(line.strip() for line in lines[:150]))
    if not m or m.group(1).lower() not in _MONTHS:
        return None
    return f"{m.group(3)}-{_MONTHS.index(m.group(1).lower()) + 1:02d}-{int(m.group(2)):02d}"
