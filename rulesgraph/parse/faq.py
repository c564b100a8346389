"""Parse keyword FAQ pages: numbered rule excerpts, then ``Q:``/``A:`` entries, per keyword.

Format as found on community FAQ pages: for each keyword, its CR rule lines (old
numbering, no headings), an optional ``Specific Questions`` line, then questions
``Q: … A: …`` (``A:`` on the same line or its own), answers running over further
lines, forum markup such as ``[b]…[/b]``, and a boilerplate line after each keyword.

Boilerplate is found generically: a line repeated three or more times is not content
(it is a separator or page furniture), nor is a heading-shaped line repeated twice
(``Specific Questions``), nor a line with no letters or digits.
Repeated lines are reported as skipped.  A page of rule lines with no questions is a
plain numbered excerpt and parses here too.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from ..common.text import slug
from ..model import Anomaly, Document, FaqEntry, Origin, Rule, Skipped
from ..sources.read import SourceText
from .cards import card_candidates
from .checks import letter_gaps
from .furniture import Vocabulary, furniture, rejoined
from .numbers import rule_line
from .refs import find_refs

__all__ = ["keyword_of", "parse_faq", "strip_markup"]

REPEATS = 3
"""A non-blank line seen this many times is boilerplate."""

_MARKUP = re.compile(r"\[/?(?:b|i|u|s|url|img|quote|color|size|code|spoiler|center|card|mana|hr)(?:=[^\[\]]*)?\]", re.IGNORECASE)
_QA = re.compile(r"^Q:\s*(?P<q>.*?)(?:\s+A:\s*(?P<a>.*))?$")
_ANSWER = re.compile(r"^A:\s*(?P<a>.*)$")
_ANSWER_INSIDE = re.compile(r"(?<=[?.)\]])\s+A:\s*(?P<a>.*)$")
"""A question's wrapped line that holds its answer's start ("… to Annihilator? A: No. …")."""
_WRAPPED = re.compile(r"[^.!?:\"”)\]]$")
"""A line that ends mid-sentence: the next line, with no blank line between, goes on with it."""
# "Annihilator is a …", "Level up represents …", "Rebound appears …", "“Hexproof” on a permanent means …"
_DEFINES = re.compile(
    r"^(?:[\"\u201c](?P<quoted>[A-Z][\w' -]{1,40}?)[\"\u201d]|(?P<name>[A-Z][\w'-]*(?: [a-z][\w'-]*){0,2}))"
    r"\s+(?:is|are|represents|appears|on a|means)\b"
)
_TO_MEANS = re.compile(r"^To (?P<verb>[a-z][\w-]*(?: [a-z][\w-]*)?) (?:means|is)\b")
_WHAT_DOES = re.compile(r"^(?:What|How) (?:does|do|is) (?:an? |the )?(?P<name>.+?) (?:do|mean|work)\b", re.IGNORECASE)


def strip_markup(text: str) -> str:
    """Remove forum tags such as ``[b]``/``[/b]``; rules brackets like ``[cost]`` are kept.  A tag's value
    holds no bracket, so an unclosed ``[b=`` is read up to the next bracket, not to the end (quadratic)."""
    return _MARKUP.sub("", text)


def keyword_of(rule_texts: list[str], questions: list[str]) -> str | None:
    """The keyword a block is about: named by its first defining rule line, else by ``What does X do?``."""
    for text in rule_texts:
        m = _TO_MEANS.match(text)
        if m:
            return m.group("verb").capitalize()
        m = _DEFINES.match(text)
        if m:
            return (m.group("quoted") or m.group("name")).strip()
    for q in questions:
        m = _WHAT_DOES.match(q)
        if m:
            name = m.group("name").strip(" '\"")
            return name[:1].upper() + name[1:]
    return None


@dataclass
class _Entry:
    question: list[str]
    answer: list[str]
    origin: Origin
    answered: bool = False


@dataclass
class _Block:
    rules: list[Rule] = field(default_factory=list)
    entries: list[_Entry] = field(default_factory=list)


def _is_heading(line: str) -> bool:
    return len(line.split()) <= 4 and line[-1:].isalnum()


def _repeated(lines: tuple[str, ...]) -> set[str]:
    """Lines that are page furniture: said REPEATS times, or twice when shaped like a heading."""
    counts = Counter(line.strip() for line in lines if line.strip())
    return {
        line for line, n in counts.items()
        if (n >= REPEATS or (n >= 2 and _is_heading(line))) and not rule_line(line) and not line.startswith("Q:")
    }


def parse_faq(source: SourceText) -> Document:
    """Parse a keyword FAQ page (or a page of numbered rule lines)."""
    file = source.path
    repeated = _repeated(source.lines)
    blocks: list[_Block] = [_Block()]
    skipped: list[Skipped] = []
    anomalies: list[Anomaly] = []
    entry: _Entry | None = None
    numbered: dict[str, Origin] = {}
    furn = furniture(list(enumerate(source.lines, start=1)))  # a page's number and running header: no entry's text
    words = Vocabulary(source.lines)
    after = 0  # the line a wrapped line goes on from: the last read, when no blank line came since
    for number, raw in enumerate(source.lines, start=1):
        line = raw.strip()
        origin = Origin(file, number)
        goes_on = after == number - 1
        if number in furn:
            if goes_on:  # the text goes on over the page break
                after = number
            if line:
                skipped.append(Skipped(furn[number], line, origin))
            continue
        if not line:
            after = 0  # a blank line of the page's own: what follows begins anew
            continue
        after = number
        if line in repeated or not any(ch.isalnum() for ch in line):
            heading = _is_heading(line)
            reason = "decoration" if not any(ch.isalnum() for ch in line) else "repeated heading" if heading else "boilerplate"
            skipped.append(Skipped(reason, line, origin))
            if not heading:
                entry = None
                if blocks[-1].rules or blocks[-1].entries:
                    blocks.append(_Block())
            continue
        if goes_on and entry is None and blocks[-1].rules and not rule_line(line) and not _QA.match(line):
            rule = blocks[-1].rules[-1]  # a rule line wrapped: its next line goes on with it
            text = rejoined(rule.text, line, words) or f"{rule.text} {line}"
            blocks[-1].rules[-1] = Rule(rule.key, rule.number, rule.level, text, rule.origin, refs=find_refs(text, rule.origin))
            continue
        parsed = rule_line(line)
        if parsed:
            entry = None
            if blocks[-1].entries:
                blocks.append(_Block())
            num, level, text = parsed
            if num in numbered:  # one number, one node: the later line is kept whole in the report instead
                message = f"rule {num} appears again (first at line {numbered[num].line}); this line is not loaded"
                anomalies.append(Anomaly("duplicate", message, origin, line))
                continue
            numbered[num] = origin
            blocks[-1].rules.append(Rule(num, num, level, text, origin, refs=find_refs(text, origin)))  # type: ignore[arg-type]
            continue
        qa = _QA.match(line)
        if qa:
            entry = _Entry([qa.group("q")], [qa.group("a")] if qa.group("a") else [], origin, qa.group("a") is not None)
            blocks[-1].entries.append(entry)
            continue
        answer = _ANSWER.match(line)
        if answer and entry is not None and not entry.answered:
            entry.answer.append(answer.group("a"))
            entry.answered = True
        elif entry is not None and not entry.answered and (inside := _ANSWER_INSIDE.search(line)):  # a wrapped question
            entry.question.append(line[: inside.start()])  # whose next line holds its "A:"
            entry.answer.append(inside.group("a"))
            entry.answered = True
        elif entry is not None:
            parts = entry.answer if entry.answered else entry.question
            joined = rejoined(parts[-1], line, words) if parts and goes_on else None
            if joined is not None or (parts and goes_on and _WRAPPED.search(parts[-1])):  # the line goes on
                parts[-1] = joined or f"{parts[-1]} {line}"  # mid-sentence: wrapped, not a paragraph of its own
            else:
                parts.append(line)
        else:
            anomalies.append(Anomaly("unplaced", f"text outside any rule or question: {line[:120]!r}", origin, line))

    rules: list[Rule] = []
    faq: list[FaqEntry] = []
    keywords: list[str] = []
    per_keyword: Counter[str] = Counter()
    for block in blocks:
        if not block.rules and not block.entries:
            continue
        questions = [strip_markup(" ".join(e.question)) for e in block.entries]
        keyword = keyword_of([r.text for r in block.rules], questions)
        if keyword and keyword not in keywords:
            keywords.append(keyword)
        for rule in block.rules:
            rules.append(Rule(rule.key, rule.number, rule.level, rule.text, rule.origin, None, (), rule.refs, keyword))
        for e, question in zip(block.entries, questions, strict=True):
            answer = "\n\n".join(strip_markup(p).strip() for p in e.answer if p.strip())
            if not e.answered:
                anomalies.append(Anomaly("no-answer", f"question without an 'A:' answer: {question[:80]!r}", e.origin))
            tag = slug(keyword or source.stem)
            per_keyword[tag] += 1
            cards = tuple(name for name, _ in card_candidates(f"{question}\n{answer}"))
            refs = find_refs(f"{question}\n{answer}", e.origin)
            faq.append(FaqEntry(f"{tag}-{per_keyword[tag]}", question.strip(), answer, e.origin, keyword,
                                tuple(r.key for r in block.rules), refs, cards))
    for block in blocks:
        if block.entries and not block.rules:
            first = block.entries[0].origin
            anomalies.append(Anomaly("no-rules", "questions with no rule lines above them (keyword taken from the questions)", first))
    anomalies += letter_gaps(rules)
    return Document(
        id=source.stem,
        path=file,
        format="faq" if faq else "excerpt",
        sha256=source.sha256,
        numbering="excerpt",
        rules=tuple(rules),
        faq=tuple(faq),
        keywords=tuple(keywords),
        anomalies=tuple(anomalies),
        skipped=tuple(skipped),
        encoding=source.encoding,
        lines=len(source.lines),
    )
