"""Invented tournament documents for tests: an MTR-shaped and an IPG-shaped text of any size, a JAR-shaped one (no real text)."""

from __future__ import annotations


def make_mtr(date: str = "March 4, 2031", chapters: int = 5, sections: int = 9) -> str:
    """A contents list with dot leaders, page numbers, then every chapter and section with a sentence of its own."""
    toc = ["SAMPLE TOURNAMENT RULES", f"Effective {date}", ""]
    body = []
    for c in range(1, chapters + 1):
        toc.append(f"{c}.  Chapter Number {c} ........................ {c}")
        body += ["", f" {c}.  Chapter Number {c}", ""]
        for s in range(1, sections + 1):
            toc.append(f"{c}.{s}  Topic {c} Point {s} ........................ {c}")
            body += [f"{c}.{s}  Topic {c} Point {s}", "", f"Players follow point {s} of chapter {c} (see section 1.1).", ""]
        body += [f" {c + 1}", ""]
    return "\n".join([*toc, "", *body]) + "\n"


def make_ipg(date: str = "June 7, 2030", infractions: int = 16) -> str:
    """An IPG-shaped text: a philosophy chapter and a chapter of infractions, each with a penalty and parts."""
    lines = ["SAMPLE INFRACTION PROCEDURE GUIDE", f"Effective {date}", "", "1.   GENERAL IDEAS", "Judges are fair.", "",
             "1.1.   MEANING OF PENALTIES", "A Warning is recorded.", "", "2.  PLAY ERRORS", "Errors happen.", ""]
    penalties = ["No Penalty", "Warning", "Game Loss", "Match Loss", "Disqualification"]
    for n in range(1, infractions + 1):
        lines += [f"2.{n}.      Play Error — Mistake Number {n}  {penalties[n % 5]}", "", "Definition",
                  f"A player makes mistake {n} (see MTR section 4.{n}).", "", "Philosophy", "Mistakes happen.", "",
                  "Additional Remedy", "Fix it.", ""]
    return "\n".join(lines) + "\n"


def make_jar(date: str = "June 7, 2030") -> str:
    """A JAR-shaped text: a title, an effective date, and headed parts in capitals, each with a sentence."""
    lines = ["SAMPLE JUDGING AT REGULAR REL", f"Effective {date}", ""]
    for n, head in enumerate(("Common Mistakes", "Missed Trigger Abilities", "Looking At Extra Cards", "Extra Lands Played",
                              "Other Problems"), 1):
        lines += [head.upper(), "", f"Judges fix problem {n} quickly.", ""]
    return "\n".join(lines) + "\n"
