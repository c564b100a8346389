"""Comparing two versions of a tournament document: added, removed, renumbered, retitled, reworded; and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesgraph.errors import RulesgraphError
from rulesgraph.parse.tournament import parse_tournament
from rulesgraph.sources.read import SourceText, split_lines
from rulesgraph.versions import tstore
from rulesgraph.versions.tdiff import diff_documents, documents, wording
from rulesgraph_cli.main import main

from .minitourney import make_ipg, make_mtr


def _doc(text: str):  # type: ignore[no-untyped-def]
    return parse_tournament(SourceText("x.txt", split_lines(text), "", "utf-8"))


def test_kinds_of_change() -> None:
    old = make_mtr("March 4, 2031")
    new = (make_mtr("May 5, 2032").replace("Topic 1 Point 2", "Seating Rules")  # retitled in the contents and the body
           .replace("Players follow point 3 of chapter 2", "Players now follow point 3 of chapter 2"))
    diff = diff_documents(_doc(old), _doc(new))
    kinds = {(c.kind, c.new) for c in diff.changes}
    assert ("retitled", "MTR 1.2") in kinds and ("changed", "MTR 2.3") in kinds
    changed = next(c for c in diff.changes if c.kind == "changed" and c.new == "MTR 2.3")
    assert "{+now+}" in changed.detail
    assert diff.to_json()["old"] == "2031-03-04"


def test_moved_section_is_renumbered() -> None:
    old = _doc(make_mtr())
    new_text = make_mtr().replace("Topic 1 Point 1", "Topic 1 Point X").replace("Topic 1 Point 2", "Topic 1 Point 1") \
        .replace("Topic 1 Point X", "Topic 1 Point 2")
    diff = diff_documents(old, _doc(new_text))
    moved = {(c.old, c.new) for c in diff.changes if c.kind == "renumbered"}
    assert moved == {("MTR 1.1", "MTR 1.2"), ("MTR 1.2", "MTR 1.1")}


def test_wording_shows_context() -> None:
    assert wording("a b c d e", "a b X d e", context=1) == "… b [-c-] {+X+} d …"


def test_installed_versions_and_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    tstore.install(make_mtr("March 4, 2031").encode(), "a.txt")
    with pytest.raises(RulesgraphError, match="two installed versions"):
        documents("mtr")
    tstore.install(make_mtr("May 5, 2032").replace("point 4 of chapter 5", "point four of chapter 5").encode(), "b.txt")
    assert main(["diff", "--doc", "mtr", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["old"], got["new"], [c["new"] for c in got["changed"]]) == ("2031-03-04", "2032-05-05", ["MTR 5.4"])
    assert main(["diff", "--doc", "mtr", "2031-03-04", "2030-01-01"]) == 2
    assert "no installed MTR effective 2030-01-01" in capsys.readouterr().err
    assert main(["diff", "--doc", "mtr", "2032-05-05", "2031-03-04", "--json"]) == 0  # the later first: said, turned round
    turned = capsys.readouterr()
    assert (json.loads(turned.out)["old"], turned.err) == ("2031-03-04", "rulesgraph: 2032-05-05 is the later version: compared from "
                                                                         "2031-03-04 to 2032-05-05\n")
    assert main(["diff", "--doc", "mtr", "2099-01-01", "2031-03-04"]) == 2  # not found: said so, no turning round said first
    assert capsys.readouterr().err == ("rulesgraph: error: no installed MTR effective 2099-01-01, nor such a file; installed: "
                                       "2032-05-05, 2031-03-04\n")
    assert main(["diff", "--doc", "mtr", "2031-03-04"]) == 2
    assert "needs two versions" in capsys.readouterr().err
    assert main(["diff", "--doc", "mtr", "--context", "0"]) == 2  # the rules' diff's option: refused, not ignored
    assert capsys.readouterr().err == "rulesgraph: error: --context is for the rules' diff, not --doc\n"
    assert main(["diff", "--doc", "mtr"]) == 0  # a summary line of counts first, as the rules' diff has
    assert capsys.readouterr().out.startswith("MTR 2031-03-04 → 2032-05-05: 0 added, 0 removed, 0 renumbered, 0 retitled, 1 changed\n")
    assert main(["versions"]) == 0
    assert "Magic Tournament Rules (MTR): 2032-05-05 (used), 2031-03-04" in capsys.readouterr().out
    assert main(["versions", "--json"]) == 0  # "(used)" in JSON too: a trial found no way to tell which one answers use
    assert [(d["date"], d["used"]) for d in json.loads(capsys.readouterr().out)["tournament"]] == [("2032-05-05", True),
                                                                                                  ("2031-03-04", False)]
    assert main(["--cr-date", "2020-01-01", "versions", "--json"]) == 2  # no such CR: said, as every other command says it
    assert json.loads(capsys.readouterr().out)["error"].startswith("no installed rules effective 2020-01-01")


def test_files_and_one_section(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A trial: `diff --doc mtr FILE FILE` was refused ("no installed MTR effective /…/MTR-20251110.txt") though the rules'
    diff takes files, `--rule 4.3` was refused, and `--json` had no counts."""
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(make_mtr("March 4, 2031"), encoding="utf-8")
    new.write_text(make_mtr("May 5, 2032").replace("Players follow point 3 of chapter 2", "Players now follow point 3 of chapter 2")
                   .replace("point 4 of chapter 5", "point four of chapter 5"), encoding="utf-8")
    assert main(["diff", "--doc", "mtr", str(old), str(new), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [c["new"] for c in got["changed"]] == ["MTR 2.3", "MTR 5.4"] and got["counts"]["changed"] == 2 and got["section"] is None
    assert main(["diff", "--doc", "mtr", str(old), str(new), "--rule", "5.4", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [c["new"] for c in got["changed"]] == ["MTR 5.4"] and got["section"] == "MTR 5.4"
    assert main(["diff", "--doc", "mtr", str(old), str(new), "--rule", "mtr 2"]) == 0  # a chapter keeps its sections
    assert capsys.readouterr().out.startswith("MTR 2031-03-04 → 2032-05-05, MTR 2: 0 added, 0 removed, 0 renumbered, 0 retitled, "
                                              "1 changed\n")
    ipg_old, ipg_new = tmp_path / "ipg-old.txt", tmp_path / "ipg-new.txt"
    ipg_old.write_text(make_ipg(), encoding="utf-8")
    ipg_new.write_text(make_ipg().replace("Mistakes happen.", "Mistakes do happen."), encoding="utf-8")
    assert main(["diff", "--doc", "ipg", str(ipg_old), str(ipg_new), "--rule", "2.3 philosophy", "--json"]) == 0  # a part: its section
    assert [c["new"] for c in json.loads(capsys.readouterr().out)["changed"]] == ["IPG 2.3"]
    dateless = tmp_path / "dateless.txt"
    dateless.write_text("\n".join(line for line in make_mtr("March 4, 2031").splitlines() if not line.startswith("Effective")))
    assert main(["diff", "--doc", "mtr", str(dateless), str(new)]) == 2  # compared as "None → 2032-05-05" before a review
    assert "no 'Effective Month D, YYYY' line near the top" in capsys.readouterr().err
    assert main(["diff", "--doc", "mtr", str(old), str(new), "--rule", "9.9"]) == 1
    assert capsys.readouterr().err == "rulesgraph: no section MTR 9.9 in either version\n"
    assert main(["diff", "--doc", "ipg", str(old), str(new)]) == 2
    assert capsys.readouterr().err.endswith("old.txt: is the Magic Tournament Rules, not the Infraction Procedure Guide\n")
    assert main(["diff", "--doc", "mtr", str(new), str(old)]) == 0  # the later first: said, turned round
    assert "is the later version: compared from 2031-03-04 to 2032-05-05" in capsys.readouterr().err
