"""The CR's ability templates (rulesgraph/rank/cardsteps/abilities.py), over the full CR; and rule
7's share for a FAQ entry about a keyword the question does not name (rulesgraph/rank/steps/faq.py)."""

from __future__ import annotations

from pytest import MonkeyPatch

from rulesgraph import Rulebook
from rulesgraph.rank.cardsteps.abilities import templates
from rulesgraph.rank.steps import faq

from .test_cardsteps_cards import card, scored

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


def test_rule_7_a_faq_entry_about_a_keyword_not_named_counts_half(full_book: Rulebook, monkeypatch: MonkeyPatch) -> None:
    """Rule 7: an entry asked alike but about a keyword the question does not name (ninjutsu's "can I kill the
    creature he's bouncing in response in order to stop the ability?") counts as rule 12 counts that keyword's rules
    (half); when the question names the keyword, or a named card has it, the entry counts in full."""
    alone = "Can I kill the creature he's bouncing in response in order to stop the ability?"
    named = "Can I kill the creature he's bouncing in response to ninjutsu in order to stop the ability?"
    ninja = card("Shade Runner", keywords=(("Ninjutsu", "has", ("702.49",)),))
    halved = scored(full_book, alone, "faq:ninjutsu-4")
    by_card = scored(full_book, alone, "faq:ninjutsu-4", ninja)
    by_name = scored(full_book, named, "faq:ninjutsu-4")
    monkeypatch.setattr(faq, "UNNAMED_KEYWORD", 1.0)
    assert scored(full_book, alone, "faq:ninjutsu-4") > halved
    assert scored(full_book, alone, "faq:ninjutsu-4", ninja) == by_card
    assert scored(full_book, named, "faq:ninjutsu-4") == by_name


