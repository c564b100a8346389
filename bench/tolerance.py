"""How the parsers take what copying, converting and re-wrapping do to a real file: the CR and the tournament documents
transformed in memory, each parsed and compared with the file itself.

Usage: python bench/tolerance.py [--cr PATH] [--tournament DIR]

For the CR (2026-06-19 by default): line endings, byte-order marks and encodings, the file re-wrapped at 80 columns
(references broken onto lines of their own: "(See rule" / "702.2.) If"), words hyphenated at the wrapped lines' ends,
a page number and a running header every 60 lines (with and without blank lines around them), form feeds at pages'
starts and on lines of their own, the whole file indented.  Per transformation: the rules read, how many have the
file's own text and examples (whitespace aside), the glossary entries with their own definition, and the anomalies
``check`` would report (what is not silent).  For the tournament documents: the contents' dot leaders moved to a line of
their own, and page numbers read apart from a table's cells (MTR 2025-11-10's Appendix E).  Nothing is written.
"""

from __future__ import annotations

import argparse
import re
import textwrap
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from _common import DEFAULT_CR, cr_path, table

from rulesgraph.parse.cr import parse_cr
from rulesgraph.parse.tournament import parse_tournament
from rulesgraph.sources.read import SourceText, decode, split_lines


def _wrapped(text: str, hyphens: bool = False) -> str:
    out: list[str] = []
    for line in text.split("\n"):
        parts = textwrap.wrap(line, 80, break_long_words=False, break_on_hyphens=False) if len(line) > 80 else [line]
        if hyphens:  # the next line's first long word broken across the two, as a typesetter hyphenates
            for j in range(len(parts) - 1):
                if m := re.match(r"([a-z]{6,})(.*)", parts[j + 1]):
                    cut = len(m.group(1)) // 2
                    parts[j], parts[j + 1] = f"{parts[j]} {m.group(1)[:cut]}-", m.group(1)[cut:] + m.group(2)
        out += parts
    return "\n".join(out)


def _paged(text: str, blanks: bool = False, feed: str = "") -> str:
    lines = text.split("\n")
    out: list[str] = []
    for n in range(0, len(lines), 60):
        out += lines[n : n + 60]
        furniture = [str(n // 60 + 1), "Magic: The Gathering Comprehensive Rules"]
        out += ["", *furniture, ""] if blanks else furniture
        if feed and n + 60 < len(lines):
            lines[n + 60] = feed + lines[n + 60]
    return "\n".join(out)


def _lone_feeds(text: str) -> str:
    lines = text.split("\n")
    return "\n".join(x for k, line in enumerate(lines) for x in ([line, "\f"] if (k + 1) % 60 == 0 else [line]))


TRANSFORMS: dict[str, Callable[[str], bytes]] = {
    "the file as it is": lambda t: t.encode("utf-8"),
    "CRLF": lambda t: t.replace("\n", "\r\n").encode("utf-8"),
    "CR alone": lambda t: t.replace("\n", "\r").encode("utf-8"),
    "UTF-8 with BOM": lambda t: t.encode("utf-8-sig"),
    "UTF-16 with BOM": lambda t: t.encode("utf-16"),
    "UTF-16 LE without BOM": lambda t: t.encode("utf-16-le"),
    "re-wrapped at 80": lambda t: _wrapped(t).encode("utf-8"),
    "re-wrapped, words hyphenated": lambda t: _wrapped(t, hyphens=True).encode("utf-8"),
    "page number + header every 60 lines": lambda t: _paged(t).encode("utf-8"),
    "the same with blank lines around": lambda t: _paged(t, blanks=True).encode("utf-8"),
    "re-wrapped and paged": lambda t: _paged(_wrapped(t), blanks=True).encode("utf-8"),
    "form feed at each page's start": lambda t: _paged(t, feed="\f").encode("utf-8"),
    "form feed on a line of its own": lambda t: _lone_feeds(t).encode("utf-8"),
    "every line indented": lambda t: "\n".join("    " + line if line else line for line in t.split("\n")).encode("utf-8"),
}


def _parse(data: bytes, name: str):  # type: ignore[no-untyped-def]
    text, encoding = decode(data, name)
    return parse_cr(SourceText(name, split_lines(text), "0" * 64, encoding))


def _flat(text: str) -> str:
    return " ".join(text.split())


def cr_rows(path: Path) -> list[list[str]]:
    text = path.read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    clean = _parse(text.encode("utf-8"), path.name)
    rules = {r.key: (_flat(r.text), tuple(_flat(e.text) for e in r.examples)) for r in clean.rules}
    gloss = {e.term: _flat(e.text) for e in clean.glossary}
    rows = []
    for name, make in TRANSFORMS.items():
        try:
            doc = _parse(make(text), path.name)
        except Exception as exc:  # a transformation refused: said, not a crash of the bench
            rows.append([name, "refused", "", "", str(exc)[:60]])
            continue
        same = sum(1 for r in doc.rules if rules.get(r.key) == (_flat(r.text), tuple(_flat(e.text) for e in r.examples)))
        entries = sum(1 for e in doc.glossary if gloss.get(e.term) == _flat(e.text))
        kinds = Counter(a.kind for a in doc.anomalies if a.kind != "title-mismatch")
        said = ", ".join(f"{n} {k}" for k, n in kinds.most_common()) or "none"
        rows.append([name, f"{len(doc.rules):,}", f"{same:,} of {len(rules):,}", f"{entries} of {len(gloss)}", said])
    return rows


def _tournament(name: str, text: str):  # type: ignore[no-untyped-def]
    return parse_tournament(SourceText(name, split_lines(text), "0" * 64, "utf-8"))


def tournament_rows(folder: Path) -> list[list[str]]:
    rows = []
    for name in ("IPG-20240923.txt", "MTR-20260227.txt", "MTR-20251110.txt"):
        path = folder / name
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8-sig")
        clean = {s.id: _flat(s.text) for s in _tournament(name, text).sections}
        moved = _tournament(name, re.sub(r"^(.*?\S)\s*(\.{4,}.*)$", r"\1\n\2", text, flags=re.MULTILINE))
        same = sum(1 for s in moved.sections if clean.get(s.id) == _flat(s.text))
        rows.append([f"{name}: contents' leaders on a line of their own", f"{len(moved.sections)} sections",
                     f"{same} of {len(clean)}", "", ", ".join(a.kind for a in moved.anomalies) or "none"])
    mtr = folder / "MTR-20251110.txt"
    if mtr.is_file():
        swiss = _tournament(mtr.name, mtr.read_text(encoding="utf-8-sig"))
        chart = _flat(swiss.get("MTR Appendix E").text) if swiss.get("MTR Appendix E") else ""
        held = sum(f"{players} {rounds} Top 8" in chart for players, rounds in
                   (("17-32", 5), ("33-64", 6), ("65-128", 7), ("129-226", 8), ("227-409", 9), ("410+", 10)))
        rows.append(["MTR-20251110.txt: Appendix E's Swiss rounds (table cells one a line)", "", f"{held} of 6 rows", "", ""])
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cr", help="Comprehensive Rules file (default: the 2026-06-19 file in ../shared)")
    ap.add_argument("--tournament", type=Path, default=DEFAULT_CR.parent.parent / "tournament",
                    help="folder of the tournament documents' text (default: ../shared's)")
    args = ap.parse_args()
    path = cr_path(args.cr)
    print(f"{path.name}, transformed in memory; rules compared with the file's own (whitespace aside)\n")
    print(table(cr_rows(path), ("transformation", "rules", "with their own text and examples", "glossary entries", "anomalies reported")))
    rows = tournament_rows(args.tournament)
    if rows:
        print()
        print(table(rows, ("tournament document", "read", "as the file", "", "anomalies reported")))


if __name__ == "__main__":
    main()
