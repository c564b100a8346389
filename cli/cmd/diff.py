"""``rulesgraph diff``: what changed between two Comprehensive Rules versions (installed dates or files)."""

from __future__ import annotations

import argparse

from rulesgraph import RulesgraphError
from rulesgraph.errors import NotFound

from ..context import Context
from ..safe import from_argv

HELP = ("list rules added, removed, changed (word by word) and renumbered between two CR versions (--doc: two versions of "
        "the MTR, IPG or JAR)")


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("diff", help=HELP, description=HELP + ". OLD and NEW are installed effective dates (see 'rulesgraph "
                       "versions') or CR files; without them, the two newest installed versions are compared.")
    p.add_argument("old", nargs="?", metavar="OLD", help="earlier version: YYYY-MM-DD (installed) or a file")
    p.add_argument("new", nargs="?", metavar="NEW", help="later version: YYYY-MM-DD (installed) or a file")
    p.add_argument("--rule", metavar="N", help="only this rule and what it contains (702, 702.19 …)")
    p.add_argument("--doc", choices=("mtr", "ipg", "jar"), help="compare two versions of a tournament document instead (OLD "
                   "and NEW are installed effective dates or files, PDF or text; default: the two newest installed; --rule 4.3 "
                   "keeps one section)")
    p.add_argument("--json", action="store_true", help='print {"old", "new", "added", "removed", "changed", "renumbered", …}')
    p.add_argument("--limit", type=_count, metavar="N", help="list at most N rules of each kind")
    p.add_argument("--context", type=_count, metavar="WORDS",
                   help="unchanged words shown around each change (default 8; 0 shows whole texts)")
    return p


def _count(value: str) -> int:
    """``--limit``, ``--context``: a whole number, 0 or more (-1 listed everything, as no limit does)."""
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {value!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {n}")
    return n


def _sides(args: argparse.Namespace) -> tuple[str, str]:
    from rulesgraph.versions import store

    if args.old and args.new:
        return str(store.resolve(args.old)), str(store.resolve(args.new))
    if args.old:
        raise RulesgraphError("diff needs two versions (OLD NEW), or none to compare the two newest installed")
    versions = store.installed()
    if len(versions) < 2:
        raise RulesgraphError(f"diff without OLD NEW compares the two newest installed versions, but {len(versions)} is installed; "
                              "give two files or install another version with 'rulesgraph update --file PATH'")
    return str(versions[1].path), str(versions[0].path)


def run(ctx: Context) -> int:
    from rulesgraph.versions.diff import diff_files

    from ..render.diff import render_diff

    args = ctx.args
    if args.doc:
        return _tournament(ctx)
    old, new = _sides(args)
    diff = diff_files(old, new, args.rule)
    if args.old and args.new and diff.old_path == new != old:  # the later version given first: said, not silently turned
        ctx.note(f"{args.new} is the earlier version: compared from {diff.old} to {diff.new} (added and removed as the rules went)")
    if args.rule and diff.compared == (0, 0):  # a rule neither version has: nothing to compare, said (exit 1), not "0 → 0"
        raise NotFound(f"no rule {from_argv(args.rule)} in either version")
    if args.json:
        ctx.json(diff.to_json())
        return 0
    render_diff(ctx.console(), diff, plain=ctx.plain, limit=args.limit, context=8 if args.context is None else args.context)
    return 0


def _tournament(ctx: Context) -> int:
    """``diff --doc mtr [OLD NEW] [--rule 4.3]``: sections added, removed, renumbered, retitled and reworded."""
    from rich.text import Text

    from rulesgraph.answer.tlookup import heading
    from rulesgraph.versions.tdiff import KINDS, diff_documents, documents

    from ..render.core import text

    args = ctx.args
    if args.context is not None:  # said, not ignored: it shows the rules' words
        raise RulesgraphError("--context is for the rules' diff, not --doc")
    old, new = documents(args.doc, args.old, args.new)
    if old.effective and new.effective and old.effective > new.effective:  # said once both are read, not diffed backwards
        ctx.note(f"{args.old} is the later version: compared from {new.effective} to {old.effective}")
        old, new = new, old
    diff = diff_documents(old, new)
    if args.rule is not None:
        parts = {s.id: s.parent for doc in (old, new) for s in doc.sections if s.kind == "part"}  # compared in their section
        section = _section(args.doc, args.rule, [s.id for doc in (old, new) for s in doc.sections])
        diff = diff.within(parts.get(section) or section)
    if args.json:
        ctx.json(diff.to_json())
        return 0
    console = ctx.console()
    counts = diff.counts()
    scope = f", {diff.scope}" if diff.scope else ""
    said = ", ".join(f"{counts[k]:,} {k}" for k in KINDS)
    console.print(Text(f"{args.doc.upper()} {diff.old} → {diff.new}{scope}: {said}", style="bold"))
    limit = args.limit
    for kind in KINDS:
        items = [c for c in diff.changes if c.kind == kind]
        if not items:
            continue
        console.print(Text(f"\n{kind} ({len(items)}):", style="bold"))
        for c in items[:limit]:
            where = c.new if kind == "added" else c.old if kind == "removed" else f"{c.old} → {c.new}" if c.old != c.new else c.new
            console.print(text(f"  {heading(where, c.title)}" + (f" ({c.detail})" if kind == "retitled" else ""), newlines=False))
            if c.detail and kind == "changed":
                console.print(text("    " + c.detail.replace("\n", "\n    "), style="dim"))
    if not diff.changes:
        console.print(Text("no differences"))
    return 0


def _section(kind: str, given: str, ids: list[str]) -> str:
    """``--rule`` with ``--doc``: the section of either version it names, as the documents number it (``4.3``, ``mtr 4.3``
    and ``MTR 4.3`` are ``MTR 4.3``; ``appendix a`` is ``MTR Appendix A``); none is a :class:`NotFound`."""
    said = " ".join(given.split())
    if said.lower().startswith(kind + " "):
        said = said[len(kind) + 1 :]
    wanted = f"{kind} {said}".lower()
    found = next((i for i in ids if i.lower() == wanted), None)
    if found is None:
        raise NotFound(f"no section {kind.upper()} {said} in either version")
    return found
