"""Completion over a Document: commands, rule numbers with titles, names by prefix, word and typo."""

from __future__ import annotations

import re

import pytest
from prompt_toolkit.completion import CompleteEvent, Completion
from prompt_toolkit.document import Document

from rulesgraph import Rulebook
from rulesgraph.build.lookup import vocabulary
from rulesgraph_cli.repl import completer as completer_module
from rulesgraph_cli.repl.commands import COMMANDS
from rulesgraph_cli.repl.completer import LIMIT, TAIL, RulesCompleter


@pytest.fixture(scope="module")
def completer(full_book: Rulebook) -> RulesCompleter:
    return RulesCompleter(lambda: vocabulary(full_book), [(c.name, c.help) for c in COMMANDS.values()])


def complete(completer: RulesCompleter, text: str, cursor: int | None = None) -> list[Completion]:
    return list(completer.get_completions(Document(text, len(text) if cursor is None else cursor), CompleteEvent(text_inserted=True)))


def test_tram_offers_trample(completer: RulesCompleter) -> None:
    found = complete(completer, "tram")
    assert found[0].text == "Trample" and found[0].start_position == -4 and found[0].display_meta_text == "keyword"
    assert "Trample Over Planeswalkers" in [c.text for c in found]


def test_names_at_the_end_of_a_question(completer: RulesCompleter) -> None:
    found = complete(completer, "how does first str")
    assert found[0].text == "First Strike" and found[0].start_position == -len("first str")
    assert complete(completer, "how does trample work with deatht")[0].text == "Deathtouch"


def test_typos_and_word_starts(completer: RulesCompleter) -> None:
    assert "Trample" in [c.text for c in complete(completer, "tramlpe")]
    assert "First Strike" in [c.text for c in complete(completer, "strike")]
    assert "Stifle" in [c.text for c in complete(completer, "stif")]  # cards too


def test_rule_numbers_with_titles(completer: RulesCompleter) -> None:
    found = complete(completer, "702.1")
    texts = [c.text for c in found]
    assert texts[0] == "702.1" and "702.10" in texts and "702.19" in texts and len(found) <= LIMIT
    meta = {c.text: c.display_meta_text for c in found}
    assert meta["702.19"] == "Trample" and meta["702.10"] == "Haste"
    subrules = complete(completer, "what does 702.19")
    assert [c.text for c in subrules][:8] == ["702.19", *(f"702.19{x}" for x in "abcdefg")]
    assert subrules[2].display_meta_text.startswith("Trample: The controller")


def test_commands(completer: RulesCompleter) -> None:
    found = complete(completer, ":ci")
    assert [c.text for c in found] == [":cites"] and found[0].start_position == -3 and "refers to" in found[0].display_meta_text
    assert {c.text for c in complete(completer, ":")} == {f":{name}" for name in COMMANDS}


def test_command_arguments(completer: RulesCompleter) -> None:
    assert complete(completer, ":rule 509.1")[0].text == "509.1"
    assert complete(completer, ":cites 702.1")[0].text == "702.1"
    kw = complete(completer, ":kw first s")
    assert kw[0].text == "First Strike" and kw[0].start_position == -len("first s")
    assert complete(completer, ":related tram")[0].text == "Trample"
    assert complete(completer, ":cites tram")[0].text == "Trample"  # cites takes a keyword too: it offered nothing
    assert complete(completer, ":back x") == []


def test_nothing_for_short_or_finished_words(completer: RulesCompleter) -> None:
    assert complete(completer, "") == [] and complete(completer, "tr") == []
    assert complete(completer, "trample ") == []
    assert complete(completer, "tram and more", cursor=4)[0].text == "Trample"  # only the text before the cursor counts


def test_vocabulary_is_built_on_first_use(full_book: Rulebook) -> None:
    calls = []
    c = RulesCompleter(lambda: calls.append(1) or vocabulary(full_book), [])  # type: ignore[func-returns-value]
    assert calls == []
    complete(c, "tram")
    complete(c, "702")
    assert calls == [1]


class _Recording:
    """A compiled pattern that records the length of every string it searches."""

    def __init__(self, pattern: re.Pattern[str], lengths: list[int]) -> None:
        self.pattern, self.lengths = pattern, lengths

    def search(self, text: str) -> re.Match[str] | None:
        self.lengths.append(len(text))
        return self.pattern.search(text)


def test_a_huge_line_is_not_searched_whole_on_every_key(completer: RulesCompleter, monkeypatch: pytest.MonkeyPatch) -> None:
    """Completion runs on every key: searching a pasted or typed megabyte each time made typing quadratic
    (20,000 characters typed took 73 s).  Only the last words are looked at."""
    lengths: list[int] = []
    for name in ("_WORDS", "_NUMBER"):
        monkeypatch.setattr(completer_module, name, _Recording(getattr(completer_module, name), lengths))
    question = "how does trample work with deathtouch " * 30_000
    assert complete(completer, question + "first str")[0].text == "First Strike"
    assert complete(completer, question + "702.1")[0].text == "702.1"
    assert complete(completer, question + " :kw tram")[0].text == "Trample"  # a ':' late in a question is no command
    assert complete(completer, ":kw " + question + "tram") == []
    assert lengths and max(lengths) <= TAIL


def test_rule_command_completes_the_documents_ids(completer: RulesCompleter, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """``:rule IPG 2.1`` shows a passage, but ``:rule IPG 2`` completed nothing, as a plain line "ipg 2" does."""
    from rulesgraph.build import tbook
    from rulesgraph.versions import tstore

    from .minitourney import make_ipg

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    tbook.load.cache_clear()
    try:
        tstore.install(make_ipg().encode(), "ipg.txt")
        plain = [c.text for c in complete(completer, "ipg 2.")]
        assert plain and [c.text for c in complete(completer, ":rule IPG 2.")] == plain
    finally:
        tbook.load.cache_clear()
