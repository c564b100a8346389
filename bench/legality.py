"""Legality and deck-building questions answered from the card data (bench/questions/legality.jsonl): is the fact
right (yes/no, banned, restricted, the color identity), is the card the one asked about, and is the rule that defines
the term among the first three citations; questions that only look like these (bans to come, a legal target) must not
be answered from the legalities.  Each line: ``question``, ``kind`` (legal, leader, pair, deck, identity, copies, none),
``card`` (for pair: the first of the two), ``expect`` (for legal: the card's status, legal, not legal, banned or restricted; for
leader, pair and deck: yes or no; the
colors for identity; for copies yes, no, or ``limit`` when no number is asked, with ``holds``, the words of the limit: "up
to four"), for a legal question asked yes or no ``says`` (the yes or no it must begin with: "is Sol Ring
banned in Commander?" — no; without it, a question offering two statuses, the answer must begin with neither),
``defining_rules`` (the rule that defines the term),
``in_rules`` (false for a format's card pool: tournament policy) and ``expected_rules`` (as in the other sets: the
defining rules when the CR covers the question, none when it does not).

    .venv/bin/python bench/legality.py [--cr PATH] [--cards PATH] [--show] [SET.jsonl …]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import DEFAULT_CARDS, ROOT, cr_path, table, with_cards

SETS = [ROOT / "bench" / "questions" / f"legality{part}.jsonl" for part in ("", "_polarity", "_holdout")]
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
FROM_DATA = "a question about playing a card"


def fact_right(item: dict, answer: str) -> bool:
    expect = item["expect"]
    head = answer.split(" (card data", 1)[0]
    if item["kind"] == "identity":
        said = {COLOR_WORDS[w] for w in re.findall(r"\b(white|blue|black|red|green)\b", head)}
        return said == set(expect) and (bool(expect) or "colorless" in head)
    if item["kind"] == "legal":  # the status, of the card asked about, and the yes or no to what was asked
        said = re.escape(item["card"])
        says = item.get("says")
        ok = re.search(rf"{said} is {re.escape(expect)} in ", head) is not None and (
            not head.startswith(("Yes", "No")) if says is None else re.match(rf"{says.capitalize()}\b", head) is not None)
    elif item["kind"] == "copies":  # how many a deck may hold (``holds``), and the yes or no to the number asked, if any
        ok = item["holds"] in head and (head.startswith(f"{expect.capitalize()}:") if expect in ("yes", "no")
                                        else not head.startswith(("Yes", "No")))
    else:
        ok = {"yes": head.startswith("Yes"), "no": head.startswith("No")}[expect]
    if "banned_in" in item:
        ok = ok and re.search(rf"banned in [^.;]*\b{re.escape(item['banned_in'])}\b", head) is not None
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cr")
    parser.add_argument("--cards", default=str(DEFAULT_CARDS))
    parser.add_argument("--show", action="store_true", help="print every answer")
    parser.add_argument("sets", nargs="*", help="question files (default: legality.jsonl and legality_holdout.jsonl)")
    args = parser.parse_args()
    from rulesgraph import bundled_sources, load, parse_spec
    from rulesgraph.answer.compose import ask

    book = load([*bundled_sources(), parse_spec(str(cr_path(args.cr)))])
    deck, said, tmp = with_cards(book, Path(args.cards))
    print(said)
    items = [json.loads(line) for path in (args.sets or SETS) for line in Path(path).read_text(encoding="utf-8").splitlines()
             if line.strip()]
    kinds: dict[str, list[int]] = {}
    wrong: list[str] = []
    for item in items:
        a = ask(book, item["question"], 5, deck=deck)
        from_data = any(FROM_DATA in w for w in a.why)
        top3 = [c.id for c in a.citations[:3]]
        if item["kind"] == "none":  # only that it is not answered from the legalities (its rules: the other benchmarks')
            ok = not from_data and (a.in_rules is False if item["expect"] == "refused" else a.in_rules)
            rule_ok = True
        else:
            ok = (from_data and bool(a.cards) and a.cards[0].name == item["card"] and fact_right(item, a.answer or "")
                  and a.in_rules == item["in_rules"])
            rule_ok = all(r in top3 for r in item["defining_rules"])
        stats = kinds.setdefault(item["kind"], [0, 0, 0])
        stats[0] += 1
        stats[1] += ok
        stats[2] += rule_ok
        if args.show or not (ok and rule_ok):
            line = f"{'ok ' if ok else 'BAD'} {'rule' if rule_ok else 'NORULE'} {item['question']}\n    → {a.answer}  {top3}"
            (wrong if not (ok and rule_ok) else []).append(line)
            if args.show:
                print(line)
    rows = [(k, str(n), f"{right} ({right / n:.0%})", f"{rule} ({rule / n:.0%})") for k, (n, right, rule) in kinds.items()]
    n, right, rule = (sum(v[i] for v in kinds.values()) for i in range(3))
    rows.append(("all", str(n), f"{right} ({right / n:.0%})", f"{rule} ({rule / n:.0%})"))
    print(table(rows, ("kind", "questions", "fact right", "defining rule in top 3")))
    if wrong and not args.show:
        print("\n".join(wrong))
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
