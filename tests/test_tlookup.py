"""Looking up tournament passages: one-shot commands, the REPL's lines and numbered parts, completion, errors."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.document import Document

from rulesgraph import Rulebook
from rulesgraph.answer.tlookup import is_ref, tournament_view
from rulesgraph.build import tbook
from rulesgraph.errors import NotFound, RulesgraphError
from rulesgraph.versions import tstore
from rulesgraph_cli.main import main
from rulesgraph_cli.output import plain_text
from rulesgraph_cli.render.core import RenderOptions
from rulesgraph_cli.repl.commands import Shell
from rulesgraph_cli.repl.completer import RulesCompleter

from .minitourney import make_ipg, make_jar, make_mtr


@pytest.fixture
def docs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    tbook.load.cache_clear()
    tstore.install(make_ipg().encode(), "ipg.txt")
    tstore.install(make_mtr().encode(), "mtr.txt")
    yield tmp_path / "data"
    tbook.load.cache_clear()


def test_views(docs: Path) -> None:
    view = tournament_view("IPG 2.3")
    assert view.penalty == "Match Loss" and [t.id for t in view.trail] == ["IPG 2"]
    assert [c.id for c in view.children] == ["IPG 2.3 Definition", "IPG 2.3 Philosophy", "IPG 2.3 Additional Remedy"]
    assert tournament_view("ipg 2.3 philosophy").section.text == "Mistakes happen."
    assert tournament_view("ipg 2.3 remedy").section.id == "IPG 2.3 Additional Remedy"
    assert tournament_view("ipg mn3").section.id == "IPG 2.3"  # the initials of "Mistake Number 3"
    assert tournament_view("mistake number 3").section.id == "IPG 2.3"
    assert tournament_view("mtr section 2.4").section.title == "Topic 2 Point 4"
    assert tournament_view("mtr topic 2 point 4").section.id == "MTR 2.4"  # a term the MTR defines: its title
    assert tournament_view("MTR 2.4").defines == ("Topic 2 Point 4",)
    with pytest.raises(NotFound):
        tournament_view("ipg topic point")  # the MTR's term, not the IPG's
    with pytest.raises(NotFound, match=r"no IPG 9\.9"):
        tournament_view("ipg 9.9")
    with pytest.raises(RulesgraphError, match="say which part"):
        tournament_view("mtr")
    assert is_ref("MTR 4.3") and not is_ref("702.19b")


def test_a_slip_in_a_passage_s_name_is_read_or_answered_with_the_nearest(docs: Path) -> None:
    """A judge's slips (REPL and tournament helper, stop 75): "mtr appendx e", "ipg 2.1 philosphy" and "ipg grv remedy"
    found nothing and offered nothing; now the slip is read, and what is not found offers the nearest headings."""
    assert tournament_view("ipg 2.3 philosphy").section.id == "IPG 2.3 Philosophy"
    assert tournament_view("ipg 2.3 remdy").section.id == "IPG 2.3 Additional Remedy"
    assert tournament_view("ipg mn3 remedy").section.id == "IPG 2.3 Additional Remedy"  # an infraction's initials, a part
    with pytest.raises(NotFound, match=r"no MTR Appendix A in"):  # read as the appendix (this small MTR has none)
        tournament_view("mtr apendix a")
    with pytest.raises(NotFound, match=r"is called 'chaptr numbr'; nearest: MTR \d Chapter Number \d") as found:
        tournament_view("mtr chaptr numbr")
    assert found.value.nearest and all(n.startswith("MTR ") for n in found.value.nearest)
    with pytest.raises(NotFound, match=r"is called 'mn3'; the Infraction Procedure Guide has it: 'rulesgraph ipg 2.3'$"):
        tournament_view("mtr mn3")  # another document's infraction ("mtr tardiness": a trial)
    assert tournament_view("mtr 2,4").section.id == "MTR 2.4"  # a comma-decimal keyboard's number


def test_without_documents_says_how_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "none"))
    tbook.load.cache_clear()
    with pytest.raises(NotFound, match="rulesgraph update tournament"):
        tournament_view("IPG 2.1")


def test_one_shot_commands(docs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ipg", "2.3", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["id"], got["penalty"], got["trail"][0]["id"]) == ("IPG 2.3", "Match Loss", "IPG 2")
    assert main(["rule", "MTR 1.2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "Topic 1 Point 2"
    assert main(["mtr", "9.9"]) == 1
    assert "no MTR 9.9" in capsys.readouterr().err
    for argv in (["ipg", "IPG 2.3", "--json"], ["ipg", "IPG", "2.3", "--json"], ["mtr", "IPG 2.3", "--json"]):  # the id --json cites
        assert main(argv) == 0 and json.loads(capsys.readouterr().out)["id"] == "IPG 2.3", argv
    assert main(["ipg", "2.2", "2.3", "--json"]) == 0  # several numbers: each (it read "no IPG 2.2 2.3": a trial)
    assert [p["id"] for p in json.loads(capsys.readouterr().out)["passages"]] == ["IPG 2.2", "IPG 2.3"]
    assert main(["ipg", "2.2", "2.3"]) == 0 and capsys.readouterr().out.count("\nIPG 2.3 ") == 1
    assert main(["ipg", "2.2", "9.9"]) == 1 and "no IPG 9.9" in capsys.readouterr().err
    assert main(["cites", "IPG", "2.3"]) == 1 and "'rulesgraph ipg 2.3' lists what cites it" in capsys.readouterr().err
    assert main(["cites", "IPG", "9.9"]) == 1 and "passage" not in capsys.readouterr().err  # none: no command that finds nothing


def test_repl_lines_and_parts(docs: Path, mini_book: Rulebook) -> None:
    shell = Shell(mini_book, RenderOptions(hints=True), k=5)
    shown = plain_text(shell.handle("ipg 2.3").renderable, 100)
    assert "IPG 2 Play Errors" in shown and "penalty  Match Loss" in shown
    assert shell.items()[1] == "IPG 2.3 Philosophy"
    assert "[2] IPG 2.3 Philosophy" in shown  # the parts numbered as typing a number opens them
    assert "Mistakes happen." in plain_text(shell.handle("2").renderable, 100)
    assert "IPG 2.4" in plain_text(shell.handle("mistake number 4").renderable, 100)
    assert "Mistakes happen." in plain_text(shell.handle(":rule IPG 2.3").renderable, 100)  # as `rulesgraph rule IPG 2.3`
    assert "penalty  Match Loss" in plain_text(shell.handle(":kw mistake number 3").renderable, 100)  # no keyword: the IPG's
    assert "penalty  Match Loss" in plain_text(shell.handle(":related IPG 2.3").renderable, 100)  # said no such name


def test_kw_shows_an_infractions_passage(docs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"kw missed trigger" said no keyword, glossary term or card had that name, with the nearest cards (Moriok Rigger),
    while typing the name alone in the REPL opened IPG 2.1 (a new user's trial found it): a name only the IPG's shows it."""
    assert main(["kw", "mistake", "number", "3"]) == 0
    assert "IPG 2.3 Play Error — Mistake Number 3" in capsys.readouterr().out
    assert main(["kw", "mn3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "IPG 2.3"


def test_completion(docs: Path) -> None:
    completer = RulesCompleter(lambda: None, [])  # type: ignore[arg-type, return-value]
    assert [c.text for c in completer.get_completions(Document("ipg 2.1"), None)][:3] == ["2.1", "2.10", "2.11"]  # type: ignore[arg-type]
    assert "mn3" in [c.text for c in completer.get_completions(Document("ipg mn"), None)]  # type: ignore[arg-type]


def test_repl_policy_answer_then_open_a_citation(docs: Path, mini_book: Rulebook) -> None:
    shell = Shell(mini_book, RenderOptions(hints=True), k=5)
    shown = plain_text(shell.handle("what's the penalty for mistake number 5?").renderable, 100)
    assert shown.startswith("note: this is the IPG's penalty, for Competitive and Professional REL")  # no level said
    assert "\nIPG 2.5 Play Error — Mistake Number 5: No Penalty." in shown
    assert shell.items()[0] == "IPG 2.5"
    opened = plain_text(shell.handle("1").renderable, 100)
    assert "IPG 2.5 Play Error — Mistake Number 5" in opened and "penalty  No Penalty" in opened


def test_what_the_user_typed_is_quoted_short_and_visible(docs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["jar", "x" * 100_000]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 200
    assert main(["ipg", "\x1b[2Jgrv\x07"]) == 1
    assert "\x1b" not in capsys.readouterr().err


def test_rule_command_takes_an_infraction_name(docs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "mistake", "number", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "IPG 2.2"
    assert main(["rule", "foo"]) == 2
    assert "not a rule number" in capsys.readouterr().err


def test_jar_parts_by_words_of_their_heading(docs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tstore.install(make_jar().encode(), "jar.txt")
    assert tournament_view("jar missed trigger").section.id == "JAR 1"  # "Missed Trigger Abilities"
    assert tournament_view("jar looking at extra cards").section.id == "JAR 2"
    assert tournament_view("JAR lands").section.id == "JAR 3"
    with pytest.raises(NotFound, match=r"'extra' matches the headings of JAR 2, JAR 3 equally: say which") as tied:
        tournament_view("jar extra")
    assert tied.value.nearest == ("JAR 2 LOOKING AT EXTRA CARDS", "JAR 3 EXTRA LANDS PLAYED")  # offered, as --json's 'nearest'
    with pytest.raises(NotFound, match="nothing in the Judging at Regular REL is called 'zzz'"):
        tournament_view("jar zzz")
    with pytest.raises(NotFound, match=r"^no JAR 999 in the installed Judging at Regular REL$"):  # a number, as "ipg 7" is said
        tournament_view("jar 999")
    assert main(["jar", "missed trigger", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "JAR 1"
    assert tournament_view("mtr chapter number 2").section.id == "MTR 2"  # the same for the MTR's headings


def test_real_jar_missed_trigger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from .conftest import require_tournament

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    tbook.load.cache_clear()
    try:
        tstore.install_file(require_tournament("JAR-20240923.txt"))
        assert tournament_view("jar missed trigger").section.title.startswith("A player forgets a triggered ability")
    finally:
        tbook.load.cache_clear()


def test_every_example_of_the_commands_help_shows_a_passage(documents: None, capsys: pytest.CaptureFixture[str]) -> None:
    """What ``mtr --help``, ``ipg --help`` and ``jar --help`` give as examples works with the real documents (the help
    once offered ``jar 2.1 philosophy`` and ``mtr grv``, which no JAR part or MTR section answers)."""
    from rulesgraph_cli.cmd.tourney import IPG, JAR, MTR

    for doc in (MTR, IPG, JAR):
        for example in doc.examples.split(", "):
            name, _, ref = example.partition(" ")
            assert name == doc.name and main([name, *ref.split(), "--json"]) == 0, example
            assert json.loads(capsys.readouterr().out)["id"].startswith(doc.name.upper())


def test_an_infractions_former_name_after_the_documents_name(documents: None) -> None:
    """``ipg drawing extra cards`` opens Hidden Card Error (Drawing Extra Cards was its name before 2015), not Looking at Extra Cards, whose
    heading shares more words; likewise Improper Drawing at Start of Game, now Mulligan Procedure Error."""
    assert tournament_view("ipg drawing extra cards").section.id == "IPG 2.3"
    assert tournament_view("IPG DEC").section.id == "IPG 2.3"
    assert tournament_view("ipg improper drawing at start of game").section.id == "IPG 2.4"
    assert tournament_view("ipg looking at extra cards").section.id == "IPG 2.2"
    assert tournament_view("ipg drawing extra cards").read_as == "read ‘drawing extra cards’ as Hidden Card Error, its name today"
    assert tournament_view("ipg 2.3").read_as is None and tournament_view("ipg hce").read_as is None


def test_a_document_not_installed_is_said_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With only the IPG installed, "mtr 4.3" says the MTR is missing and how to install it, not "no MTR 4.3"."""
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    tbook.load.cache_clear()
    try:
        with pytest.raises(NotFound, match=r"^no tournament documents are installed: 'rulesgraph update tournament'"):
            tournament_view("mtr 4.3")
        tstore.install(make_ipg().encode(), "ipg.txt")
        tbook.load.cache_clear()
        with pytest.raises(NotFound, match=r"^no MTR \(Magic Tournament Rules\) is installed: 'rulesgraph update tournament'"):
            tournament_view("mtr 4.3")
        with pytest.raises(NotFound, match=r"no IPG 9\.9 in the installed"):
            tournament_view("ipg 9.9")
    finally:
        tbook.load.cache_clear()


def test_a_front_part_is_found_by_its_title_and_headed_once(documents: None, mini_book: Rulebook) -> None:
    """"ipg introduction" found nothing, and its heading read "IPG Introduction Introduction" (a second new user's trial)."""
    from rulesgraph.parse.tdoc import heading

    view = tournament_view("ipg introduction")
    assert view.section.id == "IPG Introduction" and heading(view.section.id, view.section.title) == "IPG Introduction"
    assert tournament_view("mtr introduction").section.id == "MTR Introduction"
    assert tournament_view("ipg framework of this document").section.id == "IPG Framework of this Document"
    assert heading("MTR 4.3", "Out-of-Order Sequencing") == "MTR 4.3 Out-of-Order Sequencing"
    assert heading("IPG 2.1 Definition", "Definition", "  ") == "IPG 2.1 Definition" and heading("JAR 0", None) == "JAR 0"
    shown = plain_text(Shell(mini_book, RenderOptions()).handle("ipg 2.1").renderable, 100)
    assert "IPG 2.1 Definition\n" in shown + "\n" and "Definition  Definition" not in shown
