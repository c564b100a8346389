"""The check report: counts, dangling references, anomalies and skipped lines, as ``rulesgraph check`` shows them."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesgraph import Rulebook, SourceSpec, load
from rulesgraph.build.check import check_report

from .conftest import FIXTURES

OLD_EDITION = ("a rule of the older edition this excerpt quotes, which the excerpt does not hold "
               "(today's rule of that number may say something else): not linked")


def test_seed_report(seeds_book: Rulebook) -> None:
    report = check_report(seeds_book)
    assert report["effective_date"] is None and report["faq"] == 83
    # every reference in the seeds needs the full rules (current numbering) or is numbered for an old edition
    reasons = {d["reason"] for d in report["dangling"]}
    assert reasons <= {"no Comprehensive Rules loaded to resolve it against", OLD_EDITION}
    assert all(d["where"] and ":" in d["where"] for d in report["dangling"])
    assert {a["kind"] for a in report["anomalies"]} == {"letter-gap"}  # infect and hexproof excerpts start at b
    assert {s["reason"] for s in report["skipped"]} >= {"boilerplate", "decoration"}


def test_full_report(full_book: Rulebook) -> None:
    report = check_report(full_book)
    assert report["effective_date"] == "2026-06-19"
    assert (report["chapters"], report["sections"], report["glossary"]) == (9, 147, 735)
    assert report["references"] > 2192 and len(report["documents"]) == 5
    # with the CR loaded only old-numbered excerpt references stay unresolved
    assert {d["reason"] for d in report["dangling"]} <= {OLD_EDITION}


def test_anomalies_keep_the_whole_text_of_what_they_are_about(tmp_path: Path) -> None:
    """A line the parser cannot place used to reach the report cut to 120 characters: the rest was lost."""
    stray = "A stray paragraph " + "that goes on and on " * 20 + "to its last words."
    cr = (FIXTURES / "mini_cr.txt").read_text(encoding="utf-8")
    cr = cr.replace("509.1b Each blocking creature blocks one attacking creature.\n",
                    f"509.1b Each blocking creature blocks one attacking creature.\n\n{stray}\n")
    faq = "702.9a Flying is an evasion ability.\nQ: What does flying do? A: It flies.\n" + f"----\n----\n----\n{stray}\n"
    (tmp_path / "cr.txt").write_text(cr, encoding="utf-8")
    (tmp_path / "faq.txt").write_text(faq, encoding="utf-8")
    book = load([SourceSpec(str(tmp_path / "cr.txt"), None, "cr.txt"), SourceSpec(str(tmp_path / "faq.txt"), None, "faq.txt")],
                use_cache=False)
    report = check_report(book)
    unplaced = {a["where"]: a for a in report["anomalies"] if a["kind"] == "unplaced"}
    assert set(unplaced) == {"cr.txt:29", "faq.txt:6"}
    for a in unplaced.values():
        assert a["text"] == stray and stray not in a["message"] and len(a["message"]) < 200
    assert all("text" in a for a in report["anomalies"])  # the key is always there (null when the message says it all)


def test_the_learned_rule_words_are_counted_and_their_bad_lines_reported(seeds_book: Rulebook, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """check counts the loaded rules with learned words and lists a line of data/learned.tsv its reader leaves out, with
    file and line, among the skipped lines."""
    report = check_report(seeds_book)
    assert report["learned_rules"] == 0  # the seeds hold no CR rules of their own (their keyword excerpts are unnumbered)
    assert not any(s["reason"].startswith("learned") for s in report["skipped"])
    table = tmp_path / "learned.tsv"
    table.write_text("# header\n702.19b\ttrample\t1\ttrampl:2\n608.2b\tx\t1\tfizzl:x\n", encoding="utf-8")
    monkeypatch.setattr("rulesgraph.build.check.learned_path", lambda: table)
    bad = [s for s in check_report(seeds_book)["skipped"] if s["reason"].startswith("learned")]
    assert [(s["where"], s["text"]) for s in bad] == [(f"{table}:3", "608.2b\tx\t1\tfizzl:x")]


def test_the_full_rules_have_learned_words(full_book: Rulebook) -> None:
    """With the 2026 CR every rule of the bundled table is known by its name: hundreds of rules have learned words."""
    assert check_report(full_book)["learned_rules"] > 700
    assert check_report(full_book)["first_rules"] > 200  # the first rules' record (264 rules in stop 67), every rule known by its name


def test_the_first_rules_record_s_bad_lines_are_reported(seeds_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A line of data/firsts.tsv its reader leaves out is listed with file and line among the skipped lines; an unreadable
    record is said once."""
    table = tmp_path / "firsts.tsv"
    table.write_text("# header\n613.1d\tlayers\t3\t4\t0\n608.2b\tx\t0\t1\t2\n", encoding="utf-8")
    monkeypatch.setattr("rulesgraph.build.check.firsts_path", lambda: table)
    bad = [s for s in check_report(seeds_book)["skipped"] if s["reason"].startswith("first rules")]
    assert [(s["where"], s["text"]) for s in bad] == [(f"{table}:3", "608.2b\tx\t0\t1\t2")]
    table.unlink()
    bad = [s for s in check_report(seeds_book)["skipped"] if s["reason"].startswith("first rules")]
    assert len(bad) == 1 and "not read" in bad[0]["reason"] and bad[0]["where"] == str(table)


def test_a_card_file_is_named_for_what_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`check AtomicCards-….json.xz` said "binary file…, not a rules text" (a trial): it says what the file is and what
    checks it."""
    from rulesgraph_cli.main import main

    path = tmp_path / "AtomicCards.json.xz"
    path.write_bytes(b"\xfd7zXZ\x00")
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().err == (f"rulesgraph: error: {path}: card data, which check does not read; 'rulesgraph update cards "
                                       f"--file {path}' checks and installs it, 'rulesgraph versions' says what card data is "
                                       "installed\n")
    graph = tmp_path / "graph.json"  # a graph exported as JSON is no card data: read as a source, refused as one
    graph.write_text('{"directed": true, "nodes": []}')
    assert main(["check", str(graph)]) == 2 and "card data" not in capsys.readouterr().err
