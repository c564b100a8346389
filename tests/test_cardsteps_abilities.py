"""The CR's ability templates (rulesgraph/rank/cardsteps/abilities.py), over the full CR; and rule
7's share for a FAQ entry about a keyword the question does not name (rulesgraph/rank/steps/faq.py)."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.rank.cardsteps.abilities import templates

from .test_cardsteps_cards import card

PINGER = card("Sparkle Adept", text="{T}: Sparkle Adept deals 1 damage to any target.")
DRAWER = card("Cloud Gull", text="Flying\nWhen Cloud Gull enters, draw two cards.")
QUESTION = "If they kill Sparkle Adept in response to its ping, does the ping still happen?"


def test_the_ability_templates_are_read_from_the_rules(full_book: Rulebook) -> None:
    """The CR's two ability templates (113.3b/602.1, 113.3c/603.1) are found, and 113 is the section giving both."""
    patterns, sections = templates(full_book.qg)
    assert sections == ("113",)
    assert [bool(p.search(PINGER.text)) for p in patterns].count(True) == 1
    assert [bool(p.search(DRAWER.text)) for p in patterns].count(True) == 1
    assert not any(p.search("Flying, vigilance") for p in patterns)
