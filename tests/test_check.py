from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.check import check_report


def test_seed_report(seeds_book: Rulebook) -> None:
    report = check_report(seeds_book)
    assert report["effective_date"] is None and report["faq"] == 83
    # every reference in the seeds needs the full rules (current numbering) or is numbered for an old edition
    reasons = {d["reason"] for d in report["dangling"]}
    assert reasons <= {"no Comprehensive Rules loaded to resolve it against",
                       "numbered for another edition of the rules and not in this document"}
    assert all(d["where"] and ":" in d["where"] for d in report["dangling"])
    assert {a["kind"] for a in report["anomalies"]} == {"letter-gap"}  # infect and hexproof excerpts start at b
    assert {s["reason"] for s in report["skipped"]} >= {"boilerplate", "decoration"}


def test_full_report(full_book: Rulebook) -> None:
    report = check_report(full_book)
    assert report["effective_date"] == "2026-06-19"
    assert (report["chapters"], report["sections"], report["glossary"]) == (9, 147, 735)
    assert report["references"] > 2192 and len(report["documents"]) == 5
    # with the CR loaded only old-numbered excerpt references stay unresolved
    assert {d["reason"] for d in report["dangling"]} <= {"numbered for another edition of the rules and not in this document"}
