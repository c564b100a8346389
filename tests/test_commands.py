"""The Shell: what each kind of line shows, :commands, numbered items, back/forward, errors as lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

from rulesgraph import Rulebook
from rulesgraph_cli.output import plain_text
from rulesgraph_cli.render.core import RenderOptions
from rulesgraph_cli.repl.commands import COMMANDS, HISTORY, Shell, lookup_command

from .minicards import install_cards


@pytest.fixture
def shell(full_book: Rulebook) -> Shell:
    return Shell(full_book, RenderOptions(hints=True), k=5)


def out(shell: Shell, line: str) -> str:
    outcome = shell.handle(line)
    assert outcome.renderable is not None, line
    return plain_text(outcome.renderable, 100)


def test_a_question_gives_numbered_citations(shell: Shell) -> None:
    text = out(shell, "can I block with a creature I sacrificed to annihilator?")
    assert "[1] " in text and "why matched" in text and "type a citation's number" in text
    assert len(shell.items()) == 5


def test_numbers_names_and_questions(shell: Shell) -> None:
    assert "702.19g Multiple instances of trample" in out(shell, "702.19")
    assert out(shell, "702.19b").startswith("7 › 702 › 702.19 Trample › b")
    both = out(shell, "702.19b-c")  # a range: its rules one after another, as `rule 702.19b-c`
    assert both.startswith("7 › 702 › 702.19 Trample › b") and "702.19 Trample › c" in both
    assert "702.19 Trample › c" in out(shell, ":rule 702.19b-c")
    assert "runs backwards" in out(shell, "702.19c-a")  # said as a range: not answered as a question
    assert "'rulesgraph cites 702.19'" in " ".join(out(shell, ":cites 702.19a-c").split())  # as `cites` says it
    assert "509.4" in out(shell, "rule 509")
    profile = out(shell, "tramlpe")
    assert profile.startswith("Trample  keyword ability") and "read ‘tramlpe’ as ‘Trample’" in profile
    assert out(shell, "casting spells").startswith("6 Spells, Abilities, and Effects › 601 Casting Spells")
    assert "why matched" in out(shell, "what does trample do")


def test_k_opens_a_citation_and_back_returns(shell: Shell, full_book: Rulebook) -> None:
    answer = out(shell, "trample and deathtouch")
    first, second = shell.items()[:2]  # today 702.19 Trample and 702.2 Deathtouch
    opened = out(shell, "1")
    assert first in opened and opened != answer
    assert out(shell, ":back") == answer
    assert out(shell, ":forward") == opened
    reopened = out(shell, ":open 2")  # still the answer's items: the rule view has none
    assert reopened.splitlines()[0].endswith(f" {second} {full_book.graph.nodes[second]['title']}"), reopened.splitlines()[0]
    assert reopened == out(Shell(full_book, RenderOptions(hints=True), k=5), second)  # the view of the second citation itself
    with pytest.raises(AssertionError):
        out(shell, "")


def test_items_come_from_the_last_numbered_list(shell: Shell) -> None:
    out(shell, ":cites 509")
    assert len(shell.items()) == 31 and shell.items()[22] == "glossary:Block"
    assert out(shell, "23").startswith("Block  glossary term")
    out(shell, ":kw annihilator")
    assert shell.items()[:3] == ("702.86", "glossary:Annihilator", "faq:annihilator-1")
    assert out(shell, "3").startswith("FAQ annihilator-1 What does Annihilator do?")
    assert out(shell, "4").startswith("FAQ annihilator-2")  # still the profile's items: a FAQ entry has none


def test_small_numbers_without_a_list_are_chapters(shell: Shell) -> None:
    assert out(shell, "7").startswith("7 Additional Rules")


@pytest.mark.parametrize(("line", "message"), [
    (":sorces", "unknown command :sorces; did you mean :sources?"),
    (":frobnicate", "unknown command :frobnicate; :help lists the commands"),
    (":rule", "usage: :rule N"),
    (":rule abc", "'abc' is not a rule number"),
    (":rule 999.9", "no rule 999.9 in the loaded rules"),
    (":kw xyzzy", "no keyword, glossary term or card named 'xyzzy'"),
    (":open 1", "nothing to open yet"),
    (":open x", "usage: :open K"),
    (":back", "nothing to go back to"),
    (":forward", "nothing to go forward to"),
    (":help nope", "no command :nope"),
    ("\x01\x02\x7f", "empty question"),
    (":ask", "usage: :ask QUESTION"),
])
def test_mistakes_are_one_error_line(shell: Shell, line: str, message: str) -> None:
    outcome = shell.handle(line)
    assert not outcome.found and isinstance(outcome.renderable, Text)
    assert outcome.renderable.plain.startswith("error: ") and message in outcome.renderable.plain


def test_open_out_of_range(shell: Shell) -> None:
    out(shell, "trample and deathtouch")
    assert "no [9] on the last list: it has 5" in out(shell, ":open 9")
    assert "no [99] on the last list: it has 5" in out(shell, "99")  # typed alone: no rule is numbered 99 either


def test_help_sources_quit(shell: Shell) -> None:
    text = out(shell, ":help")
    for name in COMMANDS:
        assert f":{name}" in text
    assert out(shell, ":help cites").startswith(":cites N")
    sources = out(shell, ":sources")
    assert "Comprehensive Rules effective 2026-06-19" in sources
    assert "card data installed" in sources or "cards: " in sources  # the card data, or how to install it
    assert "tournament documents" in sources or "(MTR):" in sources
    assert shell.handle(":quit").quit and shell.handle(":q").quit and shell.handle(":exit").quit


def test_sources_fit_a_normal_terminal(shell: Shell) -> None:
    """At 80 columns every file's name, format and date are shown whole (all three were cut: "secti…", "2026-06…"), its
    counts wrapping in what is left."""
    outcome = shell.handle(":sources")
    assert outcome.renderable is not None
    shown = plain_text(outcome.renderable, 80)
    assert "…" not in shown and "MagicCompRules-20260619.txt" in shown and "2026-06-19" in shown
    assert " ".join(shown.split()).count("1,170 rules, 1,983 subrules") == 1 and " sections " in shown  # plural: "1,170 rule" was said


def test_command_names() -> None:
    assert lookup_command("cites").name == "cites"  # type: ignore[union-attr]
    assert lookup_command("sou").name == "sources"  # type: ignore[union-attr]  # an unambiguous prefix
    assert lookup_command("r") is None  # rule or related


def test_history_is_bounded(shell: Shell) -> None:
    for _ in range(HISTORY + 5):
        shell.handle("702.19a")
    assert len(shell.views) == HISTORY and shell.position == HISTORY - 1


def test_user_text_is_never_markup(shell: Shell) -> None:
    text = out(shell, ":rule [bold]702[/bold]")
    assert "'[bold]702[/bold]' is not a rule number" in text


def test_follow_ups_carry_the_topic_until_new(shell: Shell) -> None:
    out(shell, "what does trample do?")
    follow = out(shell, "and with deathtouch?")
    assert "702.2" in follow and set(shell.conversation.topic()) == {"trample", "deathtouch"}
    topic = out(shell, ":topic")
    assert "trample" in topic and "deathtouch" in topic
    assert "New conversation" in out(shell, ":new") and shell.conversation.topic() == []
    assert "Nothing is carried over" in out(shell, ":topic")


def test_topic_shows_the_policy_question_a_follow_up_is_heard_after(shell: Shell, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """After a policy answer :topic said "Nothing is carried over" though "what's the fix?" was heard after it."""
    from rulesgraph.build import tbook
    from rulesgraph.versions import tstore

    from .conftest import require_tournament

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    tbook.load.cache_clear()
    try:
        for name in ("MTR-20260227.txt", "IPG-20240923.txt", "JAR-20240923.txt"):
            tstore.install_file(require_tournament(name))
        out(shell, "what's the penalty for a missed trigger at competitive?")
        topic = " ".join(out(shell, ":topic").split())
        assert "what's the penalty for a missed trigger at competitive? policy question" in topic, topic
        assert "following up on" in out(shell, "what's the fix?")
        out(shell, ":new")
        assert "Nothing is carried over" in out(shell, ":topic")
    finally:
        tbook.load.cache_clear()


def test_diff_command(shell: Shell, cr2024: Path, cr2026: Path) -> None:
    text = out(shell, f":diff {cr2024} {cr2026} 702.19")
    assert text.startswith("Comprehensive Rules 2024-02-02 → 2026-06-19, rule 702.19")
    assert "usage: :diff OLD NEW [N]" in out(shell, ":diff 2024-02-02")
    said = " ".join(out(shell, ":diff --doc mtr").split())  # was "--doc: neither an installed date … nor a file"
    assert "'rulesgraph diff --doc mtr|ipg|jar [OLD NEW]' compares the tournament documents'" in said
    assert "no installed rules effective 1999-01-01" in out(shell, ":diff 1999-01-01 2000-01-01")
    assert "no rule 999.9 in either version" in out(shell, f":diff {cr2024} {cr2026} 999.9")  # was "0 → 0", as if unchanged
    turned = " ".join(out(shell, f":diff {cr2026} {cr2024} 702.19").split())  # the later first: turned round, and said
    assert turned.startswith(f"{cr2024} is the earlier version: compared from 2024-02-02 to 2026-06-19"), turned[:200]


def test_diff_command_takes_a_quoted_path_with_spaces(shell: Shell, cr2024: Path, cr2026: Path, tmp_path: Path) -> None:
    spaced = tmp_path / "old cr" / "rules 2024.txt"
    spaced.parent.mkdir()
    spaced.write_bytes(cr2024.read_bytes())
    assert out(shell, f':diff "{spaced}" {cr2026} 702.19').startswith("Comprehensive Rules 2024-02-02 → 2026-06-19")


def test_a_citation_number_as_shown_opens_it_and_a_command_prefix_of_two_says_which(shell: Shell) -> None:
    out(shell, "trample and deathtouch")
    assert out(shell, "[2]") == out(shell, "2") and out(shell, "#1") == out(shell, "1")  # as shown, not a new question
    assert ":c begins :card and :cites: type more of it" in out(shell, ":c 702.19")
    assert "did you mean :sources?" in out(shell, ":help sorces")


def test_typing_a_rulings_number_shows_it_with_its_card(full_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rulesgraph.question.namedcards import CardDeck, open_deck

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    install_cards(full_book)
    opened: list[CardDeck | None] = []

    def prepare() -> None:  # what the REPL's Context.answering_book does, once
        if not opened:
            opened.append(open_deck(full_book)[0])

    shell = Shell(full_book, RenderOptions(hints=True), k=5, prepare=prepare, deck=lambda: opened[0] if opened else None)
    answer = out(shell, "My Mossback Elder attacks and is blocked. Does trample matter only when it is blocked?")
    assert opened and "\ncards\nMossback Elder  {1}{G}  Creature — Elf  3/3\n" in answer
    k = next(i for i, item in enumerate(shell.items(), 1) if item.startswith("ruling:Mossback Elder:"))
    shown = out(shell, str(k))
    assert shown.startswith("ruling of Mossback Elder, 2021-02-03\nTrample matters only when it is blocked.\n\n")
    assert "Mossback Elder  {1}{G}  Creature — Elf  3/3\n    Trample\n    Whenever Mossback Elder attacks, you gain 1 life." in shown
    assert out(shell, ":back") == answer and out(shell, f":open {k}") == shown


def test_without_card_data_the_first_question_naming_a_card_says_how_to_install_them(full_book: Rulebook) -> None:
    from rulesgraph.question.nocards import HINT

    shell = Shell(full_book, RenderOptions(hints=True), k=5, cards_hint=True)
    said = [out(shell, q) for q in ("what does trample do?", "Kitchen Finks", "Lightning Bolt my bear")]
    flat = [" ".join(s.split()) for s in said]
    assert HINT[1:40] not in flat[0] and HINT[1:40] in flat[1] and HINT[1:40] not in flat[2]


def test_a_card_looked_up_is_what_follow_ups_are_about(full_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: after ``:card NAME`` (or a question naming a card), "it" is the card: :topic lists it, the follow-up
    carries it as a card, and :new forgets it."""
    from rulesgraph.question.namedcards import open_deck

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    install_cards(full_book)
    deck = open_deck(full_book)[0]
    shell = Shell(full_book, RenderOptions(hints=True), k=5, deck=lambda: deck)
    out(shell, "card Mossback Elder")
    assert "Mossback Elder" in shell.conversation.cards
    assert "Mossback Elder  100%  card" in out(shell, ":topic")
    follow = out(shell, "what if it is blocked by two creatures?")
    assert "following up on: Mossback Elder" in follow and "\ncards\nMossback Elder  {1}{G}  Creature — Elf  3/3\n" in follow
    out(shell, ":new")
    assert not shell.conversation.cards
