"""``rulesgraph check``: load sources and report counts, dangling references and anomalies."""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from rulesgraph import RulesgraphError

from ..context import Context

HELP = "load sources and report what was parsed, what could not be resolved or placed"


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("check", help=HELP, description=HELP)
    p.add_argument("paths", nargs="*", metavar="PATH", help="sources to check (default: what would be loaded)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--all", action="store_true", help="list every dangling reference, anomaly and skipped line")
    return p


def run(ctx: Context) -> int:
    from rich.table import Table
    from rich.text import Text

    from rulesgraph.build.check import check_report

    from ..render.core import text

    args = ctx.args
    from rulesgraph.build import tbook
    from rulesgraph.cards.read import is_card_file
    from rulesgraph.versions import tstore

    if cards := next((p for p in args.paths if is_card_file(p)), None):  # was "binary file…, not a rules text"
        raise RulesgraphError(f"{cards}: card data, which check does not read; 'rulesgraph update cards --file {cards}' checks "
                              "and installs it, 'rulesgraph versions' says what card data is installed")
    given = [p for p in args.paths if tstore.is_tournament_file(p)]
    if given or (not args.paths and tbook.newest()):
        tournament = tstore.check_report(given or None)
        if given and len(given) == len(args.paths):  # only tournament documents were given: only they are reported
            _tournament(ctx, tournament, {"tournament": tournament})
            return 0
        args.paths = [p for p in args.paths if p not in given]
    else:
        tournament = []
    if args.paths:  # checking given files: just those, unless --rules (or --cr-date) adds more
        args.rules = list(args.paths) + (args.rules or [])
        args.no_installed = True
        if getattr(args, "no_bundled", None) is None:
            args.no_bundled = True
    report = check_report(ctx.book(strict=False))  # a file in which nothing is found: reported with its lines
    if tournament:
        report["tournament"] = tournament
    damaged = _damaged(ctx, report)
    if args.json:
        ctx.json({**report, "error": damaged} if damaged else report)
        return _said(ctx, damaged)
    console = ctx.console()
    counts = Table.grid(padding=(0, 2), pad_edge=False)
    for key in ("effective_date", "chapters", "sections", "rules", "subrules", "paragraphs", "examples", "glossary", "keywords",
                "faq", "cards", "nodes", "edges", "references", "learned_rules", "labelled_questions"):
        counts.add_row(_LABEL.get(key, key.replace("_", " ")), text(str(report[key] if report[key] is not None else "—")))
    counts.add_row("dangling", Text(str(len(report["dangling"]))))
    counts.add_row("anomalies", Text(str(len(report["anomalies"]))))
    console.print(counts)
    for doc in report["documents"]:
        console.print(text(f"{doc['path']}: {doc['format']}, {doc['encoding']}, {doc['lines']} lines", newlines=False))
    by_reason = Counter(d["reason"] for d in report["dangling"])
    if by_reason:
        console.print(Text("\ndangling references by reason: " + "; ".join(f"{n} {reason}" for reason, n in by_reason.most_common())))
    limit = None if args.all else 10
    for title, items, fmt in (
        ("dangling references", report["dangling"], lambda d: f"{d['where']}: {d['ref']!r} → {d['target']}: {d['reason']}"),
        ("anomalies", report["anomalies"], lambda a: f"{a['where'] or '-'}: {a['kind']}: {a['message']}"),
    ):
        if items:
            console.print(Text(f"\n{title} ({len(items)}):", style="bold"))
            for item in items[:limit]:
                console.print(text("  " + fmt(item), newlines=False))  # file names and words from the files are in it
            if limit and len(items) > limit:
                console.print(Text(f"  … {len(items) - limit} more (--all lists them)"))
    skipped = Counter(s["reason"] for s in report["skipped"])
    if skipped:
        console.print(Text("\nskipped lines: " + ", ".join(f"{n} {reason}" for reason, n in skipped.most_common())))
        if args.all:
            for s in report["skipped"]:
                console.print(text(f"  {s['where']}: {s['reason']}: {s['text'][:100]}", newlines=False))
    if tournament:
        console.print()
        _tournament(ctx, tournament, None)
    return _said(ctx, damaged)


def _damaged(ctx: Context, report: dict[str, Any]) -> str | None:
    """The one line every other command says when the installed CR loaded no longer reads (each would refuse to answer
    from it), else ``None``."""
    installed = ctx._installed
    empty = installed is not None and any(a["kind"] == "empty" and (a["where"] or "").startswith(f"{installed.display}:")
                                          for a in report["anomalies"])
    if not empty or installed is None:
        return None
    from rulesgraph.versions import store

    return str(store.damaged(installed, "nothing in it reads as rules"))


def _said(ctx: Context, damaged: str | None) -> int:
    """Exit 2 with ``damaged`` said on stderr, after the report; else 0."""
    if damaged is None:
        return 0
    ctx.note(f"error: {damaged}")
    return 2


_PLURAL = {"front": "front parts", "appendix": "appendices", "part": "infraction parts"}
_SINGULAR = {"front": "front part", "part": "infraction part"}
_LABEL = {"cards": "FAQ cards"}
"""Text labels that say more than the report's key: ``cards`` counts the cards the bundled FAQ names, not the installed
card data (``versions`` counts those)."""


def _tournament(ctx: Context, docs: list[dict[str, object]], as_json: dict[str, object] | None) -> None:
    """The tournament documents' lines of the report: counts, anomalies and skipped lines with file and line."""
    from rich.text import Text

    from ..render.core import text

    if as_json is not None and ctx.args.json:
        ctx.json(as_json)
        return
    console = ctx.console()
    for doc in docs:
        counts = ", ".join(f"{n} {_SINGULAR.get(kind, kind) if n == 1 else _PLURAL.get(kind, kind + 's')}"
                           for kind, n in doc["counts"].items())  # type: ignore[attr-defined]
        line = f"{doc['path']}: {doc['title']} effective {doc['effective'] or '—'}, {doc['lines']} lines: {counts}"
        console.print(text(line, newlines=False))
        anomalies, skipped = doc["anomalies"], doc["skipped"]
        for a in anomalies if ctx.args.all else anomalies[:10]:  # type: ignore[index, attr-defined]
            console.print(text(f"  {a['where']}: {a['kind']}: {a['message']}", newlines=False))
        reasons = Counter(s["reason"] for s in skipped)  # type: ignore[attr-defined]
        if reasons:
            console.print(Text("  skipped lines: " + ", ".join(f"{n} {r}" for r, n in reasons.most_common())))
        if ctx.args.all:
            for s in skipped:  # type: ignore[attr-defined]
                console.print(text(f"  {s['where']}: {s['reason']}: {s['text'][:100]}", newlines=False))

