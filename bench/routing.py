"""Rules questions sent to the tournament documents: how many questions of the rules sets ``ask`` would answer from
the MTR, IPG and JAR instead of the rules, once they are installed (the aim is none).

Reads every rules set (``bench/questions/*.jsonl`` and ``bench/questions/real/*.jsonl`` but the policy sets; each
line's ``question``, or each turn's of a conversation) whose question the rules answer (``in_rules`` not false), and
asks :func:`rulesgraph.answer.tanswer.route` (the same decision ``ask`` takes, after the scope) why it would go to the
documents.  Lists the routed ones (with the words that sent them), but never a ``blind`` line's text.  With
``--policy FILE`` it counts the lines of a policy set's ``--part`` that are routed too (the other side of the line).

    RULESGRAPH_DATA_DIR=… python bench/routing.py [--policy bench/questions/policy/policy.jsonl --part tune]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

QUESTIONS = Path(__file__).resolve().parent / "questions"
HELD_OUT = frozenset({"learn_a.jsonl", "learn_b.jsonl"})
"""Rules sets written after the routing was last fitted and tuned (stop 34, for rule 68): every line of theirs counts as
held out, like a ``blind`` line — ``bench/routefit.py`` does not fit on them and the routing test allows them the
blind lines' one in a thousand."""


def rules_questions(root: Path = QUESTIONS) -> Iterator[tuple[str, str, bool]]:
    """``(file name, question, blind)`` for every question of the rules sets the rules answer (``blind`` also for every line
    of the :data:`HELD_OUT` sets)."""
    for path in sorted([*root.glob("*.jsonl"), *root.glob("real/*.jsonl")]):
        if "policy" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("in_rules", True) is False:
                continue
            blind = row.get("part") == "blind" or path.name in HELD_OUT
            for item in row.get("turns") or [row]:
                if isinstance(item, dict) and isinstance(item.get("question"), str):
                    yield path.name, item["question"], blind


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--policy", help="a policy set: count its lines routed to the documents too")
    p.add_argument("--part", default="tune")
    args = p.parse_args()
    from rulesgraph.answer.tanswer import route
    from rulesgraph.answer.trelevance import names
    from rulesgraph.build.corpus import bundled_sources, load
    from rulesgraph.question.scope import out_of_scope
    from rulesgraph.versions.store import default_cr

    if not names():
        print("no tournament documents installed: rulesgraph update tournament", file=sys.stderr)
        return 2
    from rulesgraph.question.namedcards import open_deck
    from rulesgraph.question.read import Question

    spec = default_cr([])
    book = load([*bundled_sources(), spec] if spec else bundled_sources())  # as ask loads them: the FAQs too
    deck = open_deck(book)[0]  # as ask routes: a word of a card the question names is no tournament word
    total = routed = 0
    for name, question, blind in rules_questions():
        outside = out_of_scope(question, book.index)
        cards = lambda q=question: deck.said_words(Question.of(q)) if deck is not None else frozenset()
        why = route(question, outside, book.index, cards) if outside is None else None  # the scope's refusals stay refusals
        total += 1
        if why is not None:
            routed += 1
            print(f"ROUTED {name}: {'(blind line)' if blind else question!r} ← {why!r}")
    print(f"rules sets: {routed}/{total} questions routed to the tournament documents")
    if args.policy:
        lines = [json.loads(x) for x in Path(args.policy).read_text(encoding="utf-8").splitlines() if x.strip()]
        mine = [x["question"] for x in lines if x.get("part") == args.part]
        sent = sum(1 for q in mine if route(q, out_of_scope(q, book.index), book.index) is not None)
        print(f"policy {args.part}: {sent}/{len(mine)} routed to the tournament documents")
    return 0


if __name__ == "__main__":
    sys.exit(main())
