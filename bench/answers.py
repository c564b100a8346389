"""Recorded answers: the top-5 citation ids of every question of every set in bench/questions, so a change
to the query engine can be checked to answer exactly as before (``tests/test_answers.py`` compares).

Usage: python bench/answers.py [--cr PATH] [--record | --add-new]

With no option it compares: prints, per set, how many questions' top 5 changed and the first few changes;
``--add-new`` records only sets not yet recorded (a set added by someone else joins on the code of that moment);
``--record`` re-records everything (only in a commit that says which rule changed the answers and what that
did to ``bench/accuracy.py``'s table).  The file holds ids only (no rules text): ``tests/golden/answers.json``.
Single questions are asked alone (``k=5``); conversations (``chains*.jsonl``) turn by turn through one
:class:`~rulesgraph.question.conversation.Conversation` each.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from _common import ROOT, cr_path, rules_book

from rulesgraph import Rulebook
from rulesgraph.answer.compose import ask
from rulesgraph.question.conversation import Conversation

QUESTIONS = ROOT / "bench" / "questions"
RECORDED = ROOT / "tests" / "golden" / "answers.json"
K = 5


def answers_of(book: Rulebook, path: Path) -> list[list[str]]:
    """The top-``K`` citation ids of every question (every turn, for a conversation set) of one set."""
    out: list[list[str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if "turns" in row:
            conv = Conversation()
            out += [[c.id for c in ask(book, t["question"], k=K, conversation=conv).citations] for t in row["turns"]]
        else:
            out.append([c.id for c in ask(book, row["question"], k=K).citations])
    return out


def sets() -> list[Path]:
    return sorted(QUESTIONS.glob("*.jsonl"))


def recorded() -> dict[str, list[list[str]]]:
    return json.loads(RECORDED.read_text(encoding="utf-8")) if RECORDED.is_file() else {}


def write(table: dict[str, list[list[str]]]) -> None:
    lines = ["{"]
    items = sorted(table.items())
    for i, (name, rows) in enumerate(items):
        lines.append(f"  {json.dumps(name)}: [")
        lines += [f"    {json.dumps(r)}{',' if j < len(rows) - 1 else ''}" for j, r in enumerate(rows)]
        lines.append("  ]" + ("," if i < len(items) - 1 else ""))
    lines.append("}")
    RECORDED.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cr", help="Comprehensive Rules file (default: the 2026-06-19 file in ../shared)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--record", action="store_true", help="re-record every set")
    mode.add_argument("--add-new", action="store_true", help="record the sets not yet recorded")
    args = ap.parse_args()
    cr = cr_path(args.cr)
    book = rules_book(cr)
    table = recorded()
    if args.record or args.add_new:
        for path in sets():
            if args.record or path.stem not in table:
                table[path.stem] = answers_of(book, path)
                print(f"recorded {path.stem}: {len(table[path.stem])} questions")
        write(table)
        return
    changed_total = 0
    for path in sets():
        if path.stem not in table:
            print(f"{path.stem}: not recorded (python bench/answers.py --add-new)")
            continue
        now = answers_of(book, path)
        if len(now) != len(table[path.stem]):  # lines added or dropped since it was recorded: each line is compared by place
            print(f"{path.stem}: {len(table[path.stem])} recorded, {len(now)} now (python bench/answers.py --record)")
            changed_total += 1
            continue
        changed = [(i, a, b) for i, (a, b) in enumerate(zip(table[path.stem], now, strict=True)) if a != b]
        changed_total += len(changed)
        print(f"{path.stem}: {len(changed)} of {len(now)} changed")
        for i, a, b in changed[:5]:
            print(f"  #{i}: {a} -> {b}")
    sys.exit(1 if changed_total else 0)


if __name__ == "__main__":
    main()
