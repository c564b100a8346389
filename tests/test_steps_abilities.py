"""Rule 31, a named card's abilities (rulesgraph/steps/abilities.py), over the full CR, with invented cards; and rule
7's share for a FAQ entry about a keyword the question does not name (rulesgraph/steps/faq.py)."""

from __future__ import annotations

from pytest import MonkeyPatch

from rulesgraph import Rulebook
from rulesgraph.steps import faq
from rulesgraph.steps.abilities import kind_term, templates

from .test_rank import weight
from .test_steps_cards import card, position, ranked, scored

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


def test_rule_31_a_named_cards_ability_brings_in_the_abilities_rules(full_book: Rulebook) -> None:
    """Rule 31: a named card with an activated (or triggered) ability raises the rules of section 113 by how much of
    the question they hold, so "kill it in response to its ping" finds 113.7a (an ability exists independently of its
    source); the same card without the ability, or the weight at 0, does not (rule 32, which reads the question's
    "kill … in response" alone, is left out here)."""
    assert position(ranked(full_book, QUESTION, PINGER), "113.7a") <= 3
    plain = card("Sparkle Adept", text="Flying")
    with weight("gone", 0.0):
        assert position(ranked(full_book, QUESTION, PINGER), "113.7a") <= 3
        assert position(ranked(full_book, QUESTION, plain), "113.7a") > 3
        with weight("card_ability", 0.0):
            assert position(ranked(full_book, QUESTION, PINGER), "113.7a") > 3
    trigger = "If they kill Cloud Gull in response to its trigger, do they still draw?"
    assert scored(full_book, trigger, "113.7a", DRAWER) > scored(full_book, trigger, "113.7a", plain)


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


def test_rule_42_a_kind_of_ability_on_a_card_names_its_glossary_term(full_book: Rulebook) -> None:
    """Rule 42: a card whose text is written as a kind of triggered ability the rules name (603.6c: leaves-the-battlefield
    abilities, "Whenever … dies") raises what that kind's glossary entry cites (Leaves the Battlefield: 603.6c, 603.10),
    so 603.10a (leaves-the-battlefield abilities look back in time) rises for "does it trigger for every one?"; the same
    card without the ability, or the weight at 0, does not raise it."""
    artist = card("Grim Painter", text="Whenever Grim Painter or another creature dies, target player loses 1 life.")
    plain = card("Grim Painter", text="Flying")
    question = "Grim Painter dies to a board wipe along with all my other creatures. Do I get a drain for every one of them?"
    assert kind_term(full_book.qg, "leaves-the-battlefield") == full_book.qg.num["glossary:Leaves the Battlefield"]
    assert kind_term(full_book.qg, "replacement") == full_book.qg.num["glossary:Replacement Effect"]
    raised = scored(full_book, question, "603.10a", artist)
    assert raised > scored(full_book, question, "603.10a", plain)
    with weight("kind_term", 0.0):
        assert scored(full_book, question, "603.10a", artist) < raised
