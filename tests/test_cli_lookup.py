"""``rulesgraph rule``, ``kw`` and ``cites``: text, JSON, exit statuses (0 found, 1 not found, 2 misuse)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from rulesgraph_cli.cmd import rule as cmd_rule
from rulesgraph_cli.context import Context
from rulesgraph_cli.main import build_parser, main


def test_rule(run) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run("rule", "702.19")
    assert code == 0 and err == "" and out.startswith("7 › 702 Keyword Abilities › 702.19 Trample\n")
    assert "702.19g" in out and "Example: A 2/2 creature" in out
    code, out, _ = run("rule", "rule", "702.19B", "--json")
    data = json.loads(out)
    assert code == 0 and data["id"] == "702.19b" and [b["id"] for b in data["breadcrumb"]] == ["7", "702", "702.19"]


def test_rule_not_found_and_misuse(run) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run("rule", "999.9")
    assert (code, out, err) == (1, "", "rulesgraph: no rule 999.9 in the loaded rules\n")
    code, out, err = run("rule", "trample")
    assert code == 2 and out == "" and err.count("\n") == 1 and "is not a rule number" in err
    assert run("rule", " ")[2] == "rulesgraph: error: no rule number given (like 7, 702, 702.19 or 702.19b)\n"
    code, _, err = run("rule", "\x1b[31m702")  # a typed escape is quoted as card and kw quote it, not as Python's repr
    assert code == 2 and err == "rulesgraph: error: '␛[31m702' is not a rule number (like 7, 702, 702.19 or 702.19b)\n"


def test_a_range_of_rules(run) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run("rule", "702.19a-c")
    assert code == 0 and err == "" and out.startswith("7 › 702 › 702.19 Trample › a\n")
    assert out.index("702.19a Trample") < out.index("› b\n") < out.index("702.19b The controller") < out.index("702.19c Trample over")
    code, out, _ = run("rule", "--json", "702.19b–702.19c")
    data = json.loads(out)
    assert code == 0 and data["range"] == ["702.19b", "702.19c"] and [r["id"] for r in data["rules"]] == data["range"]
    assert run("rule", "999.1a-c")[:2] == (1, "")
    code, out, _ = run("rule", "--json", "702.19b-702.20")  # into the next rule: the loaded rules say what lies between
    assert code == 0 and json.loads(out)["range"][0] == "702.19b" and json.loads(out)["range"][-1] == "702.20"
    code, out, err = run("cites", "702.19a-c")  # cites takes the rule holding them, and says so
    assert code == 2 and out == "" and err.count("\n") == 1 and "'rulesgraph cites 702.19'" in err


def test_several_rule_numbers_each_in_turn(run) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run("rule", "702.19b", "509.1a")  # they were joined as '702.19b 509.1a', no rule number
    assert code == 0 and err == "" and out.index("702.19b The controller") < out.index("509.1a The defending player")
    code, out, _ = run("rule", "--json", "702.19b", "702.20a-b")
    assert code == 0 and json.loads(out)["range"] == ["702.19b", "702.20a", "702.20b"]
    assert run("rule", "702.19b", "999.1")[:2] == (1, "")  # one missing: said, nothing half shown
    assert run("rule", "CR", "702.19b")[0] == 0  # words with a number are still one number


def test_kw(run) -> None:  # type: ignore[no-untyped-def]
    assert "read ‘must attack’ as ‘Goad’" in run("kw", "must attack")[1]  # kw names what it looks up: no question (a review)
    code, out, _ = run("kw", "tramlpe")
    assert code == 0 and out.startswith("Trample  keyword ability · 702.19\nread ‘tramlpe’ as ‘Trample’")
    code, out, _ = run("kw", "totem", "armor", "--json")
    data = json.loads(out)
    assert code == 0 and data["name"] == "Umbra Armor" and data["formerly"] == ["Totem armor"]
    code, out, err = run("kw", "xyzzy")
    assert code == 1 and out == "" and err.startswith("rulesgraph: no keyword, glossary term or card named 'xyzzy'")
    code, _, err = run("kw", "\x1b[2J\x1b[Hxyzzy")  # said back as typed, its escapes visible, as every error line does
    assert code == 1 and err.startswith("rulesgraph: no keyword, glossary term or card named '␛[2J␛[Hxyzzy'")
    assert run("kw", " ")[1:] == ("", "rulesgraph: error: no keyword, glossary term or card name given\n")


def test_cites_of_a_passage_points_to_its_view(run) -> None:  # type: ignore[no-untyped-def]
    """`cites "IPG 2.1"` said "no keyword, glossary term or card named" (a trial): the passage's own view lists its citers."""
    code, out, err = run("cites", "IPG", "2.1")
    assert (code, out) == (1, "") and err == ("rulesgraph: ‘IPG 2.1’ is a tournament document's passage: 'rulesgraph ipg 2.1' "
                                              "lists what cites it\n")
    assert "'rulesgraph ipg 2.1'" in run("cites", " IPG  2.1")[2] and "passage" not in run("cites", "mtr")[2]


def test_cites(run) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run("cites", "509")
    assert code == 0 and out.startswith("509 Declare Blockers Step — 31 references to it or its parts")
    assert "Evasion Ability" in out and "509.1b, 509.1c" in out
    code, out, _ = run("cites", "--json", "trample")
    assert code == 0 and json.loads(out)["id"] == "702.19" and json.loads(out)["corrected_from"] is None
    code, out, _ = run("cites", "tramlpe")  # corrected, and said so, as kw says it (it swapped the word silently)
    assert code == 0 and out.splitlines()[1] == "read ‘tramlpe’ as 702.19 Trample"
    assert json.loads(run("cites", "--json", "tramlpe")[1])["corrected_from"] == "tramlpe"
    code, out, err = run("cites", "702.19a")
    assert code == 1 and out == "" and err == "rulesgraph: nothing in the loaded rules refers to 702.19a\n"
    code, out, _ = run("cites", "--json", "702.19a")  # exit 1 with --json: the object, its reason in 'error'
    assert code == 1 and json.loads(out)["error"] == "nothing in the loaded rules refers to 702.19a" and json.loads(out)["nearest"] == []
    assert run("cites", "999")[0] == 1
    code, out, err = run("cites", "9999")  # a number of no rule's shape: the misuse 'rule 9999' is, not a name found nowhere
    assert (code, out) == (2, "") and err.startswith("rulesgraph: error: '9999' is not a rule number")
    code, out, err = run("cites", " ")
    assert (code, out, err) == (2, "", "rulesgraph: error: no rule number or keyword given\n")  # a misuse, as rule and kw say


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("extra", "env", "coloured"), [([], {}, True), (["--plain"], {}, False), ([], {"NO_COLOR": "1"}, False)])
def test_colour_and_links_only_on_a_terminal(cr2026: Path, monkeypatch: pytest.MonkeyPatch, extra: list[str],
                                             env: dict[str, str], coloured: bool) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    out = Terminal()
    args = build_parser().parse_args(["--rules", str(cr2026), "--no-pager", *extra, "rule", "702.19b"])
    assert cmd_rule.run(Context(args, stdout=out)) == 0
    text = out.getvalue()
    assert ("\x1b]8;" in text and "https://yawgatog.com/resources/magic-rules/#R70219" in text) is coloured
    assert ("\x1b[" in text) is coloured


def test_source_text_prints_literally_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    rules = tmp_path / "evil.txt"
    rules.write_text("702.19a Trample [bold]x[/bold] \x1b[31mred\x1b[0m \x1b]8;;http://evil.example\x07click\x1b]8;;\x07.\n"
                     "702.19b Multiple instances of trample are redundant.\n", encoding="utf-8")
    assert main(["--no-bundled", "--rules", str(rules), "rule", "702.19a"]) == 0
    out = capsys.readouterr().out
    assert "[bold]x[/bold] ␛[31mred␛[0m ␛]8;;http://evil.example␇click␛]8;;␇." in out and "\x1b" not in out


def test_a_rule_shown_says_how_it_changed(capsys: pytest.CaptureFixture[str], cr2024: Path, cr2026: Path,
                                          tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With two versions installed, a rule shown notes its change between them (here a renumbering)."""
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    assert main(["update", "--file", str(cr2024)]) == 0 and main(["update", "--file", str(cr2026)]) == 0
    capsys.readouterr()
    assert main(["--plain", "rule", "701.14"]) == 0
    out = capsys.readouterr().out
    assert "701.14 was 701.12 in the 2024-02-02 rules" in out
    assert main(["--plain", "rule", "100.1"]) == 0 and "2024-02-02" not in capsys.readouterr().out
    assert main(["rule", "701.14", "--json"]) == 0  # --json says it too (its notes were empty)
    assert json.loads(capsys.readouterr().out)["notes"] == ["701.14 was 701.12 in the 2024-02-02 rules"]
