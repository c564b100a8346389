"""Completion as you type: ``:commands``, rule numbers (with each rule's title beside it), and
keyword, glossary and card names — by prefix, by the start of any word, and forgiving typos."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from rapidfuzz import process
from rapidfuzz.distance import OSA

from rulesgraph.build.lookup import Vocabulary
from rulesgraph.cards.names import NameIndex
from rulesgraph.common.text import fold

from ..safe import visible

__all__ = ["LIMIT", "RulesCompleter"]

LIMIT = 40
"""Most completions offered at once."""
TAIL = 200
"""Characters before the cursor looked at: completion is about the last few words, and a megabyte pasted
or typed into the line must not be searched again on every key."""
TYPO = 0.7
"""Least similarity (OSA, normalised) of a misspelt word to a name's start."""
_NUMBER = re.compile(r"(?<![\w.])\d[\d.]*[a-z]?$")
_PASSAGE = re.compile(r"(?i)(?:^|\s)(mtr|ipg|jar)\s+([\w.]*)$")
"""A tournament document named, then the start of a section number or abbreviation."""
_WORDS = re.compile(r"[\w'’-]+(?:\s+[\w'’-]+){0,3}$")
_NUMBER_ARGS = frozenset({"rule"})
_NUMBER_OR_NAME_ARGS = frozenset({"related", "cites"})
"""Commands taking a rule number or a name (``:cites trample`` as ``:cites 702.19``)."""
_NAME_ARGS = frozenset({"kw"})
_CARD_ARGS = frozenset({"card"})


class RulesCompleter(Completer):
    """Completes the word (or words) before the cursor.

    ``vocabulary`` is called once, on the first completion, so building it never delays start-up; so is
    ``cards`` (every card name of the card data, or ``None`` without it).
    """

    def __init__(self, vocabulary: Callable[[], Vocabulary], commands: Sequence[tuple[str, str]],
                 cards: Callable[[], NameIndex | None] = lambda: None) -> None:
        self._cards = cards
        self._load = vocabulary
        self._vocab: Vocabulary | None = None
        self.commands = list(commands)
        self._folded: list[tuple[str, str, str]] = []

    @property
    def vocab(self) -> Vocabulary:
        if self._vocab is None:
            self._vocab = self._load()
            self._folded = [(fold(name), name, kind) for name, kind in self._vocab.names]
        return self._vocab

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        before = document.text_before_cursor
        command = before.startswith(":")
        if len(before) > TAIL:
            if command:
                return  # a command's argument is short: nothing completes a page of it
            tail = before[-TAIL:]
            before = tail.split(" ", 1)[1] if " " in tail else ""  # whole words only
        if command:
            name, space, arg = before[1:].partition(" ")
            if not space:
                yield from self._commands(name)
                return
            name = name.lower()
            if name in _NUMBER_ARGS and (passage := _PASSAGE.search(arg)):  # ":rule MTR 4" takes the documents' ids too
                yield from self._passages(passage.group(1).upper(), passage.group(2))
            elif name in _NUMBER_ARGS:
                yield from self._numbers(arg.strip())
            elif name in _NAME_ARGS:
                yield from self._names(arg.lstrip(), whole=True)
            elif name in _CARD_ARGS:
                yield from self._card_names(arg.lstrip(), LIMIT, typos=True)
            elif name in _NUMBER_OR_NAME_ARGS:
                yield from (self._numbers(arg.strip()) if arg.strip()[:1].isdigit() else self._names(arg.lstrip(), whole=True))
            return
        passage = _PASSAGE.search(before)
        if passage:  # "ipg 2." → the IPG's sections; "ipg g" → its abbreviations
            yield from self._passages(passage.group(1).upper(), passage.group(2))
            return
        number = _NUMBER.search(before)
        if number:
            yield from self._numbers(number.group())
            return
        words = _WORDS.search(before)
        if words and not before.endswith(" "):
            yield from self._names(words.group(), whole=False)

    def _commands(self, typed: str) -> Iterable[Completion]:
        typed = typed.lower()
        starting = [(n, h) for n, h in self.commands if n.startswith(typed)]
        close = [(n, h) for n, h in self.commands if typed and typed in n and (n, h) not in starting]
        for name, help_ in starting + close:
            yield Completion(f":{name}", -len(typed) - 1, display=f":{name}", display_meta=help_)

    def _passages(self, prefix: str, typed: str) -> Iterable[Completion]:
        """Sections of the installed tournament document ``prefix`` (their numbers, or an infraction's abbreviation)."""
        from rulesgraph.answer.policy import policy_index

        index = policy_index()
        if index is None:
            return
        low = typed.lower()
        shown = 0
        for doc in index.docs:
            if doc.prefix != prefix:
                continue
            for sec in doc.sections:
                key = sec.id.removeprefix(prefix + " ")
                if sec.kind != "part" and key.lower().startswith(low) and shown < LIMIT:
                    shown += 1
                    yield Completion(key, -len(typed), display=key, display_meta=visible(sec.title, newlines=False))
        if low:
            for said, sid in sorted(index.named.items()):
                if sid.startswith(prefix) and said.startswith(low) and " " not in said:
                    yield Completion(said, -len(typed), display=said.upper(), display_meta=sid)

    def _numbers(self, typed: str) -> Iterable[Completion]:
        """Rule numbers starting with ``typed``: the closest first (``702.1``, its subrules, ``702.10`` …)."""
        if not typed:
            return
        numbers = self.vocab.numbers
        found = [n for n in numbers if n.startswith(typed)]
        found.sort(key=lambda n: len(n) - len(typed))  # stable: rule order within each length
        for n in found[:LIMIT]:
            yield Completion(n, -len(typed), display=n, display_meta=visible(numbers[n], newlines=False))

    def _names(self, typed: str, *, whole: bool) -> Iterable[Completion]:
        """Names for the last words typed (or all of ``typed`` when ``whole``), longest phrase first."""
        words = typed.split()
        if not words:
            return
        spans = [" ".join(words)] if whole else [" ".join(words[-n:]) for n in range(min(4, len(words)), 0, -1)]
        for span in spans:
            key = fold(span)
            if len(key) < (2 if whole else 3):
                continue
            starting = [(name, kind) for folded, name, kind in self._all() if folded.startswith(key)]
            if len(span.split()) > 1 and not starting:
                cards = list(self._card_names(span, LIMIT))  # "kitchen f": a card's name being typed (a misspelt one only
                # after :card: in a question, the letter being typed reads as a typo and every few keys opened names)
                if cards:
                    yield from cards
                    return
                continue
            offered = starting + self._word_starts(key, starting) + self._typos(key, len(starting))
            for name, kind in offered[:LIMIT]:
                yield Completion(name, -len(span), display=visible(name, newlines=False), display_meta=kind)
            if len(offered) < LIMIT:  # then cards of the card data (names the rules already offered are not repeated)
                shown = {name for name, _ in offered[:LIMIT]}
                yield from (c for c in self._card_names(span, LIMIT - len(offered)) if c.text not in shown)
            return

    def _card_names(self, typed: str, limit: int, typos: bool = False) -> Iterable[Completion]:
        """Card names starting with ``typed`` (or with a later word starting with it), with their card when a face;
        ``typos``: else those whose start is a typo away (:meth:`~rulesgraph.cards.names.NameIndex.complete`)."""
        index = self._cards() if typed.strip() else None
        if index is None:
            return
        for entry in index.complete(typed, limit, typos):
            meta = "card" if entry.kind != "face" else f"card: {visible(entry.key, newlines=False)}"
            yield Completion(entry.name, -len(typed), display=visible(entry.name, newlines=False), display_meta=meta)

    def _all(self) -> list[tuple[str, str, str]]:
        self.vocab  # noqa: B018 - loads the names on first use
        return self._folded

    def _word_starts(self, key: str, already: list[tuple[str, str]]) -> list[tuple[str, str]]:
        if len(key) < 3:
            return []
        seen = set(already)
        return [(name, kind) for folded, name, kind in self._all()
                if (name, kind) not in seen and any(w.startswith(key) for w in folded.split()[1:])]

    def _typos(self, key: str, found: int) -> list[tuple[str, str]]:
        """Names whose start is a typo away from ``key`` (``tramlpe`` → Trample), when few names start with it."""
        if found >= 5 or len(key) < 4 or " " in key:
            return []
        names = self._all()
        starts = [folded[: len(key)] for folded, _, _ in names]
        best = process.extract(key, starts, scorer=OSA.normalized_similarity, score_cutoff=TYPO, limit=LIMIT)
        return [(names[i][1], names[i][2]) for _, _, i in sorted(best, key=lambda b: -b[1]) if not names[i][0].startswith(key)]
