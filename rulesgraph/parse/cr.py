"""Parse the official Comprehensive Rules text file.

The file is: title, effective date, Introduction, Contents (a table of contents that
repeats every chapter and section heading, then ``Glossary`` and ``Credits``), the
body of numbered rules, the real ``Glossary``, then ``Credits``.  The body is read
from after the contents; headings listed in the contents are checked against it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from ..model import Anomaly, Document, Example, GlossaryEntry, Origin, Ref, Rule, Skipped
from ..sources.read import SourceText
from .checks import letter_gaps, orphans
from .furniture import Vocabulary, furniture, rejoined, without
from .numbers import in_order, is_title, rule_line
from .refs import find_refs, find_term_refs

__all__ = ["effective_date", "parse_cr"]

_EFFECTIVE = re.compile(r"effective as of ([A-Z][a-z]+ \d{1,2}, \d{4})")
_SENSE = re.compile(r"^(\d+)\.\s+(.*)$")
_REDIRECT = re.compile(r"^See (?!rules?\b|section)(.+?)\.?$")
_OBSOLETE = re.compile(r"\s*\(Obsolete\)\s*$", re.IGNORECASE)


def effective_date(lines: tuple[str, ...] | list[str]) -> str | None:
    """The ISO date of the first ``These rules are effective as of …`` line."""
    for line in lines:
        m = _EFFECTIVE.search(line)
        if m:
            try:
                return datetime.strptime(m.group(1), "%B %d, %Y").date().isoformat()
            except ValueError:
                return None
    return None


@dataclass
class _Open:
    """A rule being read: its number line, continuation paragraphs and examples."""

    number: str
    level: str
    origin: Origin
    paragraphs: list[str]
    examples: list[Example] = field(default_factory=list)
    after_blank: bool = False
    first: Origin | None = None
    """Where the same number was first seen, when this is a duplicate."""
    astray: bool = False
    """Its number is out of the rules' order (:func:`~rulesgraph.parse.numbers.in_order`): reported, not loaded."""


def _paragraphs(lines: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, line in lines:
        if line.strip():
            blocks[-1].append((number, line))
        elif blocks[-1]:
            blocks.append([])
    return [b for b in blocks if b]


def _find_parts(lines: tuple[str, ...]) -> tuple[int, int, int, int]:
    """Indexes of: body start, glossary heading, credits heading, contents heading (-1 if none)."""
    stripped = [line.strip() for line in lines]
    contents = stripped.index("Contents") if "Contents" in stripped else -1
    glossary = max((i for i, s in enumerate(stripped) if s == "Glossary"), default=len(lines))
    credits = max((i for i, s in enumerate(stripped) if s == "Credits"), default=len(lines))
    if credits < glossary:
        credits = len(lines)
    body = contents + 1 if contents >= 0 else 0
    if contents >= 0:
        # the contents end with its own "Credits" line, before the body starts
        for i in range(contents + 1, glossary):
            if stripped[i] == "Credits":
                body = i + 1
                break
    return body, glossary, credits, contents


class _Body:
    """Reads the numbered body line by line, closing each rule when the next begins."""

    def __init__(self, file: str, effective: str | None, astray: frozenset[int], words: Vocabulary) -> None:
        self.file, self.effective = file, effective
        self.words = words
        """The document's words: how a word hyphenated at a line's end is joined (:func:`~rulesgraph.parse.furniture.rejoined`)."""
        self.astray = astray
        """The lines that begin with a number out of the rules' order (:func:`~rulesgraph.parse.numbers.in_order`): text."""
        self.rules: list[Rule] = []
        self.anomalies: list[Anomaly] = []
        self.current: _Open | None = None
        self.seen: dict[str, Origin] = {}

    def origin(self, line: int) -> Origin:
        return Origin(self.file, line, self.effective)

    def close(self) -> None:
        cur, self.current = self.current, None
        if cur is None:
            return
        text = "".join(cur.paragraphs)
        title = text if cur.level in ("chapter", "section") or (cur.level == "rule" and is_title(text)) else None
        if cur.first is not None or cur.astray:  # one number, one node, in order: the text is kept whole in the report instead
            whole = "\n".join([f"{cur.number} {text}", *(ex.text for ex in cur.examples)])
            if cur.first is not None:
                message = f"rule {cur.number} appears again (first at line {cur.first.line}); this text is not loaded"
                self.anomalies.append(Anomaly("duplicate", message, cur.origin, whole))
            else:
                message = f"rule {cur.number} is out of the rules' order here; this text is not loaded"
                self.anomalies.append(Anomaly("out-of-order", message, cur.origin, whole))
            return
        refs = find_refs(text, cur.origin) + tuple(r for ex in cur.examples for r in find_refs(ex.text, ex.origin))
        self.rules.append(Rule(cur.number, cur.number, cur.level, text, cur.origin, title, tuple(cur.examples), refs))  # type: ignore[arg-type]

    def feed(self, number: int, line: str) -> None:
        if not line.strip():
            if self.current:
                self.current.after_blank = True
            return
        parsed = rule_line(line)
        astray = number in self.astray
        if parsed and astray and self.current is not None and not self.current.after_blank:  # a reference broken
            message = f"{parsed[0]} is out of the rules' order here: read as text of the rule above, not as a rule"
            self.anomalies.append(Anomaly("out-of-order", message, self.origin(number), line.strip()))
            parsed = None  # onto a line of its own ("(See rule" / "702.2. If …"): the rule above goes on
        if parsed:
            self.close()
            num, level, text = parsed
            origin = self.origin(number)
            self.current = _Open(num, level, origin, [text.rstrip()], first=self.seen.get(num), astray=astray)
            if not astray:
                self.seen.setdefault(num, origin)
            return
        cur = self.current
        if cur is not None and line.startswith("Example:"):
            cur.examples.append(Example(line.rstrip(), self.origin(number)))
            cur.after_blank = False  # its wrapped lines, if any, follow it
        elif cur is not None and (line[:1].isspace() or not cur.after_blank):
            # a wrapped or indented continuation: it belongs to the example or rule just above
            sep = "\n\n" if cur.after_blank else "\n"
            if cur.examples and not cur.after_blank:
                last = cur.examples[-1]
                joined = rejoined(last.text, line.strip(), self.words)
                cur.examples[-1] = Example(joined or last.text + sep + line.strip(), last.origin)
            elif not cur.after_blank and (joined := rejoined(cur.paragraphs[-1], line.strip(), self.words)) is not None:
                cur.paragraphs[-1] = joined
            else:
                cur.paragraphs.append(sep + line.strip())
            cur.after_blank = False
        else:
            self.anomalies.append(Anomaly("unplaced", f"text outside any rule: {line.strip()[:120]!r}", self.origin(number), line.strip()))


def _unbroken(lines: list[str], words: Vocabulary) -> list[str]:
    """``lines`` with each word hyphenated at a line's end joined again (:func:`~rulesgraph.parse.furniture.rejoined`)."""
    out: list[str] = []
    for line in lines:
        if out and (joined := rejoined(out[-1], line, words)) is not None:
            out[-1] = joined
        else:
            out.append(line)
    return out


def _glossary(lines: list[tuple[int, str]], file: str, effective: str | None,
              words: Vocabulary) -> tuple[list[GlossaryEntry], list[Anomaly]]:
    entries: list[GlossaryEntry] = []
    anomalies: list[Anomaly] = []
    seen: dict[str, Origin] = {}
    for block in _paragraphs(lines):
        (first, raw_term), rest = block[0], block[1:]
        origin = Origin(file, first, effective)
        term = _OBSOLETE.sub("", raw_term.strip())
        body = _unbroken([line.strip() for _, line in rest], words)
        text = "\n".join(body)
        if term in seen:  # one term, one entry: the later definition is kept whole in the report instead
            message = f"glossary term {term!r} appears again (first at line {seen[term].line}); this definition is not loaded"
            anomalies.append(Anomaly("duplicate", message, origin, "\n".join([raw_term.strip(), *body])))
            continue
        seen[term] = origin
        if not body:
            anomalies.append(Anomaly("empty-entry", f"glossary term {term!r} has no definition", origin))
        senses = tuple(m.group(2) for m in (_SENSE.match(b) for b in body) if m)
        redirect = None
        if len(body) == 1 and (m := _REDIRECT.match(body[0])) and not find_refs(body[0], origin):
            redirect = m.group(1).strip()
        refs: list[Ref] = []  # each line's references at that line (not the term's, one or more before: what check reports)
        for no, line in rest:
            at = Origin(file, no, effective)
            refs += find_refs(line.strip(), at) + find_term_refs(line.strip(), at)
        entries.append(GlossaryEntry(term, text, origin, term != raw_term.strip(), senses if len(senses) > 1 else (), redirect,
                                     tuple(refs)))
    return entries, anomalies


def _toc_check(toc: list[tuple[int, str]], rules: list[Rule], file: str) -> list[Anomaly]:
    body = {(r.number, r.text.strip()) for r in rules if r.level in ("chapter", "section")}
    out = []
    for number, line in toc:
        parsed = rule_line(line.strip())
        if parsed and parsed[1] in ("chapter", "section") and (parsed[0], parsed[2].strip()) not in body:
            out.append(Anomaly("toc-mismatch", f"contents lists {line.strip()!r}, which the body does not have", Origin(file, number)))
    return out


def _incomplete(lines: tuple[str, ...], rules: list[Rule], entries: list[GlossaryEntry], path: str) -> list[Anomaly]:
    """What a truncated file lacks: numbered rules, or the glossary (listed in the contents, a complete file has its
    heading twice)."""
    out, end = [], Origin(path, len(lines))
    if not any(r.level in ("rule", "subrule") for r in rules):
        out.append(Anomaly("truncated", "no numbered rules: the file is truncated or not the Comprehensive Rules", end))
    headings = sum(1 for line in lines if line.strip() == "Glossary")
    if not entries or headings < (2 if any(line.strip() == "Contents" for line in lines) else 1):
        out.append(Anomaly("truncated", "no glossary: the file is truncated or not the Comprehensive Rules", end))
    return out


def parse_cr(source: SourceText) -> Document:
    """Parse a Comprehensive Rules file into a :class:`Document`."""
    lines = source.lines
    effective = effective_date(lines[:40]) or effective_date(lines)
    body_start, glossary_at, credits_at, contents_at = _find_parts(lines)
    numbered = list(enumerate(lines, start=1))
    furn = furniture(numbered)  # a CR copied out of a PDF: its page numbers and running headers are no rule's text

    def part(start: int, stop: int | None = None, paragraphs: bool = True) -> list[tuple[int, str]]:
        return without(numbered[start:stop], furn, paragraphs)

    body = part(body_start, glossary_at, paragraphs=False)  # a blank line parts no rule's text
    starts = [(number, parsed[0]) for number, line in body if (parsed := rule_line(line))]
    kept = in_order([num for _, num in starts])
    words = Vocabulary(lines)
    reader = _Body(source.path, effective, frozenset(number for i, (number, _) in enumerate(starts) if i not in kept), words)
    for number, line in body:
        reader.feed(number, line)
    reader.close()
    entries, gloss_anomalies = _glossary(part(glossary_at + 1, credits_at), source.path, effective, words)
    front_end = contents_at if contents_at >= 0 else body_start
    front = tuple(" ".join(line.strip() for _, line in p) for p in _paragraphs(part(0, front_end)))
    credits = tuple("\n".join(line.strip() for _, line in p) for p in _paragraphs(part(credits_at + 1)))
    toc = part(contents_at + 1, body_start) if contents_at >= 0 else []
    skipped = [Skipped("table of contents", line.strip(), Origin(source.path, n)) for n, line in toc if line.strip()]
    skipped += [Skipped(why, lines[n - 1].strip(), Origin(source.path, n)) for n, why in sorted(furn.items()) if lines[n - 1].strip()]
    anomalies = reader.anomalies + letter_gaps(reader.rules) + orphans(reader.rules) + gloss_anomalies
    anomalies += _toc_check(toc, reader.rules, source.path)
    if effective is None:
        anomalies.append(Anomaly("no-date", "no 'These rules are effective as of …' line", Origin(source.path, 1)))
    anomalies += _incomplete(lines, reader.rules, entries, source.path)
    keywords = tuple(
        r.title
        for r in reader.rules
        if r.level == "rule" and r.title and r.title != "General" and (r.number or "").split(".")[0] in ("701", "702")
    )
    return Document(
        id=source.stem,
        path=source.path,
        format="cr",
        sha256=source.sha256,
        effective=effective,
        title=lines[0].strip() if lines else None,
        numbering="cr",
        rules=tuple(reader.rules),
        glossary=tuple(entries),
        keywords=keywords,
        front=front,
        credits=credits,
        anomalies=tuple(anomalies),
        skipped=tuple(skipped),
        encoding=source.encoding,
        lines=len(lines),
    )
