"""Rule 39, where a rule restates another (rulesgraph/steps/echo.py), over the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.steps.echo import restated

from .test_rank import order, weight


def test_rule_39_reads_which_rules_restate_which(full_book: Rulebook) -> None:
    """Rule 39: a rule citing another section's rule and holding nearly all its words restates it (306.5d, 209.2 and
    113.5 restate 606.3); a sibling worded alike in its own section does not (702.7b and 702.4b)."""
    g = full_book.qg
    for rule in ("306.5d", "209.2", "113.5"):
        assert "606.3" in {g.ids[j] for j in restated(g, g.num[rule])}, rule
    assert "702.4b" not in {g.ids[j] for j in restated(g, g.num["702.7b"])}
    assert restated(g, g.num["606.3"]) == ()


def test_rule_39_a_restated_rule_comes_right_after_its_restatement(full_book: Rulebook) -> None:
    """Rule 39: when a rule restating another is among the best, the rule it restates rises to the weight's share of
    its score: 606.3 joins 306.5d, which the question's words reach better ("planeswalker")."""
    question = "planeswalker: +1 then -3 on the same turn?"
    ranked = order(full_book, question)
    assert ranked[0] == "306.5d" and "606.3" in ranked[:3]
    with weight("echo", 0.0):
        assert "606.3" not in order(full_book, question)[:10]
