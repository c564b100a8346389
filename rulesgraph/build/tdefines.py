"""The terms the tournament documents define, and the passage that defines each.

Three kinds, all read from the documents themselves: an infraction's name (``Missed Trigger`` → ``IPG 2.1``); the
title of an MTR or IPG section, chapter or appendix, which names what it sets out (``Outside Assistance`` →
``MTR 5.6``, ``Rules Enforcement Levels`` → ``MTR 1.12``); and a term a paragraph opens by defining (``Free
information is information to which …``, ``A tournament shortcut is an action taken …`` → ``MTR 4.1``, ``MTR 4.2``),
or by a run-in heading its first sentence repeats (``Game Loss A Game Loss ends the current game …`` → ``IPG 1.1``: the
PDF's bold term, then the sentence).
The JAR's headings are sentences, not terms.  Besides, what an intentional error is where the documents say so
(:func:`intent_sends`).  Pure: no graph library, so ranking can use it cheaply;
:mod:`rulesgraph.build.tgraph` turns each into a ``defines`` edge.
"""

from __future__ import annotations

import re

from ..parse.tdoc import TDocument

__all__ = ["defined_terms", "intent_sends"]

_DEFINITION = re.compile(r"^(?:(?:An?|The) ([a-z]+(?: [a-z]+){0,2})|([A-Z][a-z]+(?: [a-z]+){0,2})) (?:is|are) "
                         r"(?:information|defined as|any (?:action|information|card)|an? [a-z]+ (?:that|which|where|in which|when|taken))"
                         r"\b")
"""A paragraph opening with a definition: the term (one to three words), then "is information …", "is an action taken …"."""
_RUN_IN = re.compile(r"^([A-Z][a-z]+(?: [A-Z][a-z]+){0,2}) (?:(?:An?|The) )?(?i:\1)s?\b")
"""A paragraph opening with a run-in heading (one to three capitalised words) its first sentence repeats, plural or
after an article: ``Warning Warnings are used …``, ``Match Loss A Match Loss is …``."""


def defined_terms(docs: tuple[TDocument, ...]) -> list[tuple[str, str]]:
    """``(term, section id)`` for every term the documents define, in document order; a term may have several."""
    out: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()

    def add(term: str, sid: str) -> None:
        term = " ".join(term.split())
        if term and (term.lower(), sid) not in seen:
            seen.add((term.lower(), sid))
            out.append((term, sid))

    for doc in docs:
        if doc.kind == "jar":
            continue
        for s in doc.sections:
            if s.kind == "part" or s.kind == "front":
                continue
            if s.penalty and s.name:
                add(s.name, s.id)
            elif s.title:
                add(s.title, s.id)
            for paragraph in s.text.split("\n\n"):
                if m := _DEFINITION.match(paragraph.lstrip("• ")):
                    add(m.group(1) or m.group(2), s.id)
                elif m := _RUN_IN.match(paragraph):
                    add(m.group(1), s.id)
    return out


_INTENT = re.compile(r"\b(?:intention(?:al|ally)|on purpose|deliberately|knowingly|aware)\b")
_NOT_INTENT = re.compile(r"\bnot (?:intentional|aware|deliberate)|\bunintentional")
_SENTENCE = re.compile(r"[^.!?]+[.!?]?")


def intent_sends(docs: tuple[TDocument, ...]) -> dict[str, str]:
    """Section id → the infraction its text says an intentional error is (a sentence saying intent, not its absence, and
    naming the infraction): "If the judge believes that the error was intentional, they should first consider whether
    an Unsporting Conduct — Cheating infraction has occurred" sends IPG 2 (and so its sections) to Cheating, "a player
    … intentionally playing slowly … is Unsporting Conduct — Stalling" Slow Play to Stalling."""
    names = {s.name.split("—")[-1].strip(): s.id for doc in docs for s in doc.sections if s.penalty and s.name}
    out: dict[str, str] = {}
    for doc in docs:
        for s in doc.sections:
            for sentence in _SENTENCE.findall(s.text) if s.kind != "appendix" else ():  # not "Changes: added intentional …"
                if _INTENT.search(sentence) and not _NOT_INTENT.search(sentence):
                    sent = [sid for name, sid in names.items() if sid != s.id and re.search(rf"\b{re.escape(name)}\b", sentence)]
                    if sent and s.id not in out:
                        out[s.id] = sent[0]
    return out
