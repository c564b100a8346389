"""Parse the tournament documents (MTR, IPG, JAR) from their extracted text into :class:`TDocument` records.

The Magic Tournament Rules and the Infraction Procedure Guide are numbered: chapters (``4. Communication``),
sections (``4.3 Out-of-Order Sequencing``; in the IPG ``2.1. Game Play Error — Missed Trigger  No Penalty``,
an infraction with its class and penalty) and appendices (``Appendix B — Time Limits``).  A heading is taken
only in numbering order, and when the document has a table of contents only if the contents list it, so a
numbered list inside a section is never read as a chapter.  IPG sections split into their parts (Definition,
Examples, Philosophy, Additional Remedy, Upgrade, Downgrade).  The JAR has no numbers: see :mod:`.jar`.
Every line ends up in a section, the front matter or the skipped list; the contents are cross-checked
against the headings found, and what disagrees becomes an anomaly that ``check`` reports with file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import SourceError
from ..model import Anomaly, Origin
from ..sources.read import SourceText
from .jar import parse_jar
from .kinds import KINDS
from .pdftext import Cleaned, Line, clean, join_text, norm_title
from .tdoc import TDocument, TSection, detect_kind, effective_date

__all__ = ["KINDS", "PENALTIES", "parse_tournament"]

PENALTIES = ("No Penalty", "Warning", "Game Loss", "Match Loss", "Disqualification")
PART_NAMES = ("Definition", "Examples", "Philosophy", "Additional Remedy")
_CHAPTER = re.compile(r"^(?P<num>\d{1,2})\.?\s+(?P<title>\S.*)$")
_SECTION = re.compile(r"^(?P<num>\d{1,2}\.\d{1,2})\.?\s+(?P<title>\S.*)$")
_APPENDIX = re.compile(r"^Appendix\s+(?P<letter>[A-Z])\s*[—–-]\s*(?P<title>\S.*)$", re.IGNORECASE)
_PENALTY = re.compile(r"\s+(?P<penalty>" + "|".join(PENALTIES) + r")$", re.IGNORECASE)
_UPGRADE = re.compile(r"^(Upgrade|Downgrade):")


def _looks_like_title(title: str) -> bool:
    """A heading's words: short, capitalised, no sentence end (``Tournament Mechanics``, ``GAME PLAY ERRORS``)."""
    words = title.split()
    return 0 < len(words) <= 10 and not title.endswith((".", ",", ":", ";")) and all(
        w[0].isupper() or len(w) <= 3 or not w[0].isalpha() for w in words)


@dataclass
class _Open:
    sid: str
    kind: str
    number: str | None
    title: str
    line: int
    parent: str | None
    penalty: str | None = None
    body: list[Line] = field(default_factory=list)


class _Numbered:
    """The state of one pass over an MTR or IPG: which heading may come next."""

    def __init__(self, kind: str, cleaned: Cleaned) -> None:
        self.prefix = kind.upper()
        self.toc = {e.number: norm_title(e.title) for e in cleaned.toc if e.number}
        self.spelled = {norm_title(e.title): e.title for e in cleaned.toc}
        """The contents' spelling of each title: headings printed in capitals read as the contents write them."""
        self.toc_front = {norm_title(e.title) for e in cleaned.toc if not e.number and not e.title.lower().startswith("appendix")}
        self.toc_appendix = {m.group("letter").upper(): norm_title(m.group("title")) for e in cleaned.toc
                             if (m := _APPENDIX.match(e.title))}
        self.chapter = 0
        self.section = 0
        self.appendix = "@"
        self.chapter_id: str | None = None

    def _listed(self, number: str, title: str) -> bool:
        if not self.toc:
            return _looks_like_title(_PENALTY.sub("", title))
        want = self.toc.get(number)
        return want is not None and norm_title(title).startswith(want)

    def heading(self, text: str, started: bool) -> tuple[str, str | None, str, str | None] | None:
        """``(kind, number, title, penalty)`` when ``text`` is the next heading in order."""
        if m := _APPENDIX.match(text):
            letter = m.group("letter").upper()
            want = self.toc_appendix.get(letter)
            listed = norm_title(m.group("title")).startswith(want) if want is not None else _looks_like_title(m.group("title"))
            if ord(letter) == ord(self.appendix) + 1 and listed:
                self.appendix = letter
                return "appendix", letter, m.group("title").strip(), None
            return None
        if self.appendix != "@":
            return None  # after the first appendix only appendices follow
        if m := _SECTION.match(text):
            chapter, minor = (int(x) for x in m.group("num").split("."))
            step = minor > self.section if self.toc else minor == self.section + 1  # the contents vouch for a gap
            if chapter == self.chapter and step and self._listed(m.group("num"), m.group("title")):
                self.section = minor
                title, penalty = m.group("title").strip(), None
                if p := _PENALTY.search(title):
                    title, penalty = title[: p.start()].strip(), p.group("penalty").title()
                return "section", m.group("num"), title, penalty
            return None
        if m := _CHAPTER.match(text):
            number = int(m.group("num"))
            if (number > self.chapter if self.toc else number == self.chapter + 1) and self._listed(m.group("num"), m.group("title")):
                self.chapter, self.section = number, 0
                return "chapter", m.group("num"), m.group("title").strip(), None
            return None
        if not started and norm_title(text) in (self.toc_front or {"introduction"}) and _looks_like_title(text.title()):
            return "front", None, text.strip(), None
        return None


def _section_id(prefix: str, kind: str, number: str | None, title: str) -> str:
    if kind == "appendix":
        return f"{prefix} Appendix {number}"
    if kind == "front":
        return f"{prefix} {title.title() if title.isupper() else title}"
    return f"{prefix} {number}"


def _nice(title: str) -> str:
    """IPG headings in capitals (``GENERAL PHILOSOPHY``) read as ``General Philosophy``."""
    return title.title().replace("'S", "'s").replace("’S", "’s") if title.isupper() else title


def _split_parts(section: _Open) -> list[tuple[str, int, list[Line]]]:
    """An IPG infraction's parts: ``(name, line, lines)`` in order; Upgrade/Downgrade paragraphs are parts too."""
    parts: list[tuple[str, int, list[Line]]] = []
    for line in section.body:
        name = next((p for p in PART_NAMES if line.text == p), None)
        up = _UPGRADE.match(line.text)
        if name:
            parts.append((name, line.no, []))
        elif up and (not parts or parts[-1][0] != up.group(1)):
            parts.append((up.group(1), line.no, [line]))
        elif parts:
            parts[-1][2].append(line)
    return parts


def _infraction(title: str) -> tuple[str | None, str]:
    """``Game Play Error — Missed Trigger`` → class and name; ``Unsporting Conduct — Minor`` keeps its whole title."""
    klass, dash, name = (x.strip() for x in re.split(r"\s*([—–])\s*", title, maxsplit=1)) if re.search("[—–]", title) \
        else (None, "", title)
    del dash
    return klass, title if name in ("Minor", "Major") else name


def _finish(doc_kind: str, opened: list[_Open], path: str, effective: str | None) -> list[TSection]:
    out: list[TSection] = []
    for o in opened:
        title = _nice(o.title)
        klass, name = _infraction(title) if o.penalty else (None, None)
        out.append(TSection(o.sid, o.kind, o.number, title, join_text(o.body), Origin(path, o.line, effective), o.parent,
                            o.penalty, klass, name))
        if doc_kind == "ipg" and o.kind == "section":
            for part, line, body in _split_parts(o):
                out.append(TSection(f"{o.sid} {part}", "part", None, part, join_text(body), Origin(path, line, effective), o.sid))
    return out


def _cross_check(state: _Numbered, opened: list[_Open], cleaned: Cleaned, path: str) -> list[Anomaly]:
    found = {o.number for o in opened if o.kind in ("chapter", "section")}
    found_app = {o.number for o in opened if o.kind == "appendix"}
    out = []
    for entry in cleaned.toc:
        if entry.number and entry.number not in found:
            out.append(Anomaly("toc-mismatch", f"the contents list {entry.number} {entry.title}, not found in the body",
                               Origin(path, entry.no), entry.title))
        elif (m := _APPENDIX.match(entry.title)) and m.group("letter").upper() not in found_app:
            out.append(Anomaly("toc-mismatch", f"the contents list {entry.title}, not found in the body", Origin(path, entry.no)))
    return out


def parse_numbered(kind: str, source: SourceText) -> TDocument:
    """An MTR or IPG: chapters, sections (IPG infractions with class and penalty, and their parts), appendices."""
    cleaned = clean(source.lines, source.path)
    effective = effective_date(source.lines)
    state = _Numbered(kind, cleaned)
    opened: list[_Open] = []
    front: list[Line] = []
    for line in cleaned.lines:
        got = state.heading(line.text, bool(opened and opened[-1].kind != "front")) if line.text else None
        if got is None:
            (opened[-1].body if opened else front).append(line)
            continue
        hkind, number, title, penalty = got
        sid = _section_id(state.prefix, hkind, number, title)
        if hkind == "chapter":
            state.chapter_id = sid
        parent = state.chapter_id if hkind == "section" else None
        title = state.spelled.get(norm_title(title), title)
        if hkind == "front":
            sid = _section_id(state.prefix, hkind, number, title)
        opened.append(_Open(sid, hkind, number, title, line.no, parent, penalty))
    if not any(o.kind in ("chapter", "section") for o in opened):
        raise SourceError(source.path, f"no numbered chapters or sections: not a complete {KINDS[kind]}")
    anomalies = _cross_check(state, opened, cleaned, source.path)
    front_text = join_text(front)
    return TDocument(kind, source.path, source.sha256, effective, KINDS[kind], tuple(_finish(kind, opened, source.path, effective)),
                     cleaned.toc, front_text, tuple(anomalies), cleaned.skipped, len(source.lines))


def parse_tournament(source: SourceText, kind: str | None = None) -> TDocument:
    """Parse ``source`` as the tournament document it says it is (or as ``kind``)."""
    kind = kind or detect_kind(source.lines)
    if kind is None:
        raise SourceError(source.path, "not a tournament document: no Magic Tournament Rules, Infraction Procedure Guide "
                                       "or Judging at Regular REL title near its top")
    if kind == "jar":
        return parse_jar(source)
    return parse_numbered(kind, source)
