"""Policy questions: how often the expected tournament-document section is among the first three citations.

Reads a JSONL file of ``{"question", "expected": ["MTR 4.3" | "IPG 2.1" | "JAR: <heading text>"], "part"}`` (or
``expected_rules``, as the real question sets of ``bench/questions/real/policy_*.jsonl`` say) and
asks each question through the same path ``rulesgraph ask`` takes (the installed CR, MTR, IPG and JAR): a
question answered from the rules counts as a miss.  Only the
lines of the chosen ``--part`` are read (``tune`` by default; the ``blind`` part is for the final measure only).

    RULESGRAPH_DATA_DIR=… python bench/policy.py bench/questions/policy/policy.jsonl --part tune [-v] [--direct]

A file of conversations (``{"id", "turns": [{"question", "expected"}]}``, ``bench/questions/policy/chains.jsonl``) is
asked turn by turn through one :class:`~rulesgraph.question.conversation.Conversation` each, with the installed card
data (a follow-up may name a card), every line read: first turns and follow-ups are counted apart; a cited part of a
section ("IPG 2.1 Upgrade") counts for it; ``--part`` and ``--direct`` are refused there (every turn counts, and a
follow-up is heard after its question).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesgraph.answer.policy import policy_index

if TYPE_CHECKING:
    from rulesgraph import Rulebook


def matches(expected: str, cited_id: str, cited_title: str) -> bool:
    """``JAR: heading`` matches a JAR part by its title; other ids match exactly."""
    if expected.startswith("JAR:"):
        return cited_id.startswith("JAR") and " ".join(cited_title.split()) == " ".join(expected[4:].split())
    return cited_id == expected


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("file")
    p.add_argument("--part", default="tune")
    p.add_argument("-k", type=int, default=3)
    p.add_argument("-v", action="store_true", help="print each miss")
    p.add_argument("--direct", action="store_true", help="rank the documents for every question, as if each were routed to them")
    args = p.parse_args()
    index = policy_index()
    if index is None:
        print("no tournament documents installed: rulesgraph update tournament", file=sys.stderr)
        return 2
    from rulesgraph.answer.compose import ask
    from rulesgraph.build.corpus import bundled_sources, load
    from rulesgraph.versions.store import default_cr

    spec = default_cr([])
    book = load([*bundled_sources(), spec] if spec else bundled_sources())  # as ask loads them: the FAQs too
    lines = [json.loads(line) for line in Path(args.file).read_text(encoding="utf-8").splitlines() if line.strip()]
    if lines and "turns" in lines[0]:
        if args.direct or args.part != "tune":
            p.error("a file of conversations takes neither --part nor --direct")
        return conversations(book, lines, args.k, args.v)
    total = hit = 0
    for item in lines:
        if item.get("part") != args.part:
            continue
        total += 1
        if args.direct:
            from rulesgraph.answer.tanswer import cited_for

            cited = cited_for(item["question"], args.k)
        else:
            cited = ask(book, item["question"], k=max(args.k, 5)).citations[: args.k]
        expected = item.get("expected") or item.get("expected_rules") or []  # the real sets say expected_rules
        if any(matches(e, c.id, c.title or "") for e in expected for c in cited):
            hit += 1
        elif args.v:
            print(f"MISS {expected} | {item['question']}\n     got {[c.id for c in cited]}")
    print(f"{args.part}: expected section in the first {args.k} citations: {hit}/{total} = {hit / max(1, total):.1%}")
    return 0


def conversations(book: Rulebook, chains: list[dict[str, Any]], k: int, verbose: bool) -> int:
    """Each conversation asked turn by turn; prints first turns and follow-ups with an expected section in the first ``k``."""
    from rulesgraph.answer.compose import ask
    from rulesgraph.question.conversation import Conversation
    from rulesgraph.question.namedcards import open_deck

    deck = open_deck(book)[0]
    counts = {"first turns": [0, 0], "follow-ups": [0, 0]}
    for item in chains:
        conversation = Conversation()
        for n, turn in enumerate(item["turns"]):
            cited = [c.id for c in ask(book, turn["question"], k=max(k, 5), conversation=conversation, deck=deck).citations[:k]]
            right = any(c == e or c.startswith(f"{e} ") for e in turn["expected"] for c in cited)
            count = counts["first turns" if n == 0 else "follow-ups"]
            count[0] += right
            count[1] += 1
            if verbose and not right:
                print(f"MISS [{item['id']} #{n + 1}] {turn['expected']} | {turn['question']}\n     got {cited}")
    for name, (hit, total) in counts.items():
        print(f"{name}: expected section in the first {k} citations: {hit}/{total} = {hit / max(1, total):.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
