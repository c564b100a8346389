"""Property-based tests of everything a typed line goes through: cleaning, question analysis, the answer and
its JSON, the REPL's handling of a line (rendered plain and in colour) and completion — on random text and on
word salads of real keywords, rule numbers, commands, markup, escape sequences and awkward Unicode.

Properties: the only exception is the documented RulesgraphError for an empty question; the same question is
analysed and answered the same way twice; everything cited or matched exists; nothing a terminal acts on
reaches the output; the JSON decodes to what was answered; a known name or rule number at the end of any text
is completed."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from rich.console import Console

from rulesgraph import Rulebook, RulesgraphError
from rulesgraph.answer.compose import answer_json, ask
from rulesgraph.build.lookup import vocabulary
from rulesgraph.common.text import clean
from rulesgraph.question.analyze import analyze
from rulesgraph.question.read import MAX_CHARS
from rulesgraph_cli.output import plain_text
from rulesgraph_cli.render.core import RenderOptions
from rulesgraph_cli.repl.commands import COMMANDS, Shell
from rulesgraph_cli.repl.completer import RulesCompleter
from rulesgraph_cli.safe import json_line

from .test_terminal_safety import leaks

PIECES = st.sampled_from([
    "what", "does", "do", "how", "can", "I", "block", "with", "a", "creature", "sacrificed", "to", "annihilator", "trample", "tramlpe",
    "deathtouch", "first", "strike", "double", "non-flying", "no", "without", "ETB", "copies", "the", "stack", "'s", "?", "!", ",",
    "702.19b", "702.19", "509", "7", "rule", "rules", "cr", "section", "8", "999.99z", "702.", "1", "2", "50", "00",
    ":kw", ":rule", ":cites", ":related", ":open", ":back", ":forward", ":help", ":sources", ":ask", ":q", ":", "::",
    "[bold]x[/bold]", "\x1b[31m", "\x1b]8;;http://evil\x07", "\x07", "\r", "\x9b2J", "\u202e", "\x00", "\ud800",
    "ﷺ", "İ", "ß", "é", "\u0301", "“Trample”", "—", "…", "\u200b", "\ufeff", "🂡", "a" * 60, "7" * 30,
])
QUESTION = st.one_of(
    st.text(max_size=300),
    st.lists(PIECES, max_size=30).map(" ".join),
    st.lists(st.one_of(PIECES, st.text(max_size=6)), max_size=20).map("".join),
    st.text(alphabet=st.characters(codec="ascii"), max_size=100),
)


@pytest.fixture(scope="module")
def book(full_book: Rulebook) -> Rulebook:
    return full_book


@given(QUESTION)
def test_clean_leaves_no_control_characters_and_is_idempotent(question: str) -> None:
    cleaned = clean(question)
    assert clean(cleaned) == cleaned and cleaned == cleaned.strip() and "  " not in cleaned
    assert cleaned.isprintable() or all(ch.isprintable() or ch == " " for ch in cleaned)


@given(question=QUESTION)
def test_analysis(book: Rulebook, question: str) -> None:
    result = analyze(question, book.index)
    assert analyze(question, book.index) == result  # deterministic
    assert set(result.numbers) <= set(book.index.numbers)
    assert result.truncated == (len(clean(question)) > MAX_CHARS) and 0.0 <= result.focus <= 1.0
    assert all(m.node in book.graph or m.kind == "alias" for m in result.matches)


@given(question=QUESTION, k=st.integers(1, 12))
def test_answers(book: Rulebook, question: str, k: int) -> None:
    try:
        answer = ask(book, question, k)
    except RulesgraphError as exc:
        assert not clean(question) and "empty question" in str(exc)
        return
    assert len(answer.citations) <= k and all(c.id in book.graph for c in answer.citations)
    assert 0.0 <= answer.confidence <= 1.0
    assert ask(book, question, k) == answer  # deterministic
    line = json_line(answer_json(answer))
    assert json.loads(line)["question"] == answer.question and leaks(line) == []


@pytest.mark.parametrize("question", ["\x07", "\x1b\x7f", "\u202e", "\ud7a4", "\U000e0001"])
def test_a_question_of_nothing_but_control_characters_is_empty(book: Rulebook, question: str) -> None:
    with pytest.raises(RulesgraphError, match="empty question"):
        ask(book, question)


LINES = st.lists(st.one_of(QUESTION, st.sampled_from([f":{c} trample" for c in COMMANDS]), st.integers(1, 6).map(str)),
                 min_size=1, max_size=4)


@given(typed=LINES)
def test_repl_lines(book: Rulebook, typed: list[str]) -> None:
    """Whatever is typed, a line gives an answer, a view or an error line — never an exception — and what is
    printed, plain or in colour with links, carries nothing raw."""
    shell = Shell(book, RenderOptions(links=True, hints=True))
    for line in typed:
        outcome = shell.handle(line)
        if outcome.renderable is None:
            continue
        assert leaks(plain_text(outcome.renderable)) == []
        buffer = io.StringIO()
        Console(file=buffer, width=90, force_terminal=True, color_system="truecolor").print(outcome.renderable)
        assert leaks(buffer.getvalue()) == []


@pytest.fixture(scope="module")
def completer(book: Rulebook) -> RulesCompleter:
    return RulesCompleter(lambda: vocabulary(book), [(c.name, c.help) for c in COMMANDS.values()])


@given(text=QUESTION, data=st.data())
def test_completion(completer: RulesCompleter, text: str, data: st.DataObject) -> None:
    cursor = data.draw(st.integers(0, len(text)))
    for c in completer.get_completions(Document(text, cursor), CompleteEvent(text_inserted=True)):
        assert -cursor <= c.start_position <= 0
        assert leaks(c.display_text) == [] and leaks(c.display_meta_text) == []


KNOWN = {"tram": "Trample", "deatht": "Deathtouch", "first str": "First Strike", "tramlpe": "Trample", "702.1": "702.1",
         "702.19": "702.19b", "509": "509.1a"}
"""The end of a question → a completion it must offer there (names by prefix and typo, rule numbers)."""
COMMAND_LINES = {":ci": ":cites", ":": ":help", ":rule 702.1": "702.19", ":kw tram": "Trample", ":related deatht": "Deathtouch",
                 ":cites 509.1": "509.1a"}
"""Whole lines (a :command starts its line) → a completion they must offer."""


@given(question=QUESTION, end=st.sampled_from(sorted(KNOWN)))
def test_completion_of_a_known_end(completer: RulesCompleter, question: str, end: str) -> None:
    """Whatever comes before, a known prefix at the cursor is completed, replacing just that prefix."""
    text = f"{question.lstrip(':')} {end}"  # a line that starts with ':' is a command: see the next test
    found = list(completer.get_completions(Document(text, len(text)), CompleteEvent(text_inserted=True)))
    assert KNOWN[end] in [c.text for c in found], (text[-60:], [c.text for c in found][:10])
    assert all(-len(text) <= c.start_position < 0 for c in found)
    assert all(leaks(c.display_text) == [] and leaks(c.display_meta_text) == [] for c in found)


@pytest.mark.parametrize("line", sorted(COMMAND_LINES))
def test_completion_of_command_lines(completer: RulesCompleter, line: str) -> None:
    found = list(completer.get_completions(Document(line, len(line)), CompleteEvent(text_inserted=True)))
    assert COMMAND_LINES[line] in [c.text for c in found], [c.text for c in found][:10]
