"""Names resolved with typos forgiven, keyword/term/card profiles, related things, cites by name."""

from __future__ import annotations

import pytest

from rulesgraph import Rulebook
from rulesgraph.answer.profile import cites_any, find_name, profile, profile_json, related, suggest
from rulesgraph.build.lookup import NotFound


@pytest.mark.parametrize(("typed", "node", "corrected"), [
    ("trample", "keyword:trample", None), ("Trample?", "keyword:trample", None), ("tramlpe", "keyword:trample", "tramlpe"),
    ("first strike", "keyword:first strike", None), ("block", "glossary:Block", None), ("Stifle", "card:Stifle", None),
    ("declare blockers step", "glossary:Declare Blockers Step", None), ("casting spells", "601", None),
    # glossary headings as the CR prints them (refused by 'kw' and 'cites' before)
    ("Tribal (Obsolete)", "glossary:Tribal", None), ("Venture into [Quality]", "glossary:Venture into [Quality]", None),
])
def test_names(full_book: Rulebook, typed: str, node: str, corrected: str | None) -> None:
    assert find_name(full_book, typed) == (node, corrected)


@pytest.mark.parametrize("text", ["what does trample do", "can I block with a creature I sacrificed to annihilator?", "", "xyzzy"])
def test_questions_are_not_names(full_book: Rulebook, text: str) -> None:
    assert find_name(full_book, text) is None


def test_keyword_profile(full_book: Rulebook) -> None:
    p = profile(full_book, "tramlpe")
    assert (p.node, p.kind, p.name, p.category, p.corrected_from) == ("keyword:trample", "keyword", "Trample", "ability", "tramlpe")
    assert [c.id for c in p.defining] == ["702.19"] and p.summary is not None and p.summary.id == "702.19a"
    assert [c.id for c in p.glossary] == ["glossary:Trample"]
    assert "glossary:Trample Over Planeswalkers" in {r.source.id for r in p.cited_by}
    assert "glossary:Trample" not in {r.source.id for r in p.cited_by}  # listed as its glossary entry already


def test_renamed_keyword_profile_has_its_old_faq(full_book: Rulebook) -> None:
    p = profile(full_book, "totem armor")
    assert p.name == "Umbra Armor" and p.formerly == ("Totem armor",)
    assert [c.id for c in p.defining] == ["702.89"]
    assert {c.id for c, rel in p.faq if rel == "about"} >= {"faq:totem-armor-1", "faq:totem-armor-7"}
    assert {c.id for c in p.glossary} == {"glossary:Umbra Armor", "glossary:Totem Armor"}


def test_related_keywords_say_why(full_book: Rulebook) -> None:
    p = profile(full_book, "first strike")
    double = next(r for r in p.related if r.node.id == "keyword:double strike")
    assert any("702.7b" in why for why in double.why)


def test_glossary_and_card_profiles(full_book: Rulebook) -> None:
    block = profile(full_book, "block")
    assert block.kind == "glossary" and block.summary is not None and block.summary.id == "glossary:Block"
    assert [c.id for c in block.defining] == ["509"] and block.cited_by
    card = profile(full_book, "stifle")
    assert card.kind == "card" and ("faq:ninjutsu-3", "about") in {(c.id, rel) for c, rel in card.faq}
    assert card.related and card.related[0].node.id == "keyword:ninjutsu"


def test_profile_without_the_cr(seeds_book: Rulebook) -> None:
    p = profile(seeds_book, "annihilator")
    assert p.defining[0].id == "keyword-faq-annihilator-to-fight:702.84a" and len(p.faq) >= 4 and p.cited_by == ()


def test_unknown_names_suggest(full_book: Rulebook) -> None:
    with pytest.raises(NotFound, match="did you mean") as info:
        profile(full_book, "xyzzy trample")
    assert "Trample" in str(info.value)
    assert "Trample" in info.value.nearest  # what --json's "nearest" lists
    with pytest.raises(NotFound, match="title of rule 601"):
        profile(full_book, "casting spells")
    assert suggest(full_book, "") == []
    assert not {"X", "Y"} & set(suggest(full_book, "xyzzyq"))  # a partial match finds one letter inside anything
    assert "Ninjutsu" in suggest(full_book, "ninjutsu abilityy")  # a longer text still gets the keyword it holds


def test_related_to_a_rule(full_book: Rulebook) -> None:
    node, items = related(full_book, "702.19b")
    why = {r.node.id: r.why for r in items}
    assert node.id == "702.19b" and why["702.19"] == ("contains it",) and why["702.19c"] == ("cites it",)
    assert "keyword:trample" in why
    node, items = related(full_book, "trample")
    assert node.id == "keyword:trample" and items[0].node.id == "702.19"


def test_cites_by_name(full_book: Rulebook) -> None:
    assert cites_any(full_book, "trample").rule.id == "702.19"
    with pytest.raises(NotFound, match="no rule defines"):
        cites_any(full_book, "stifle")


def test_profile_json(full_book: Rulebook) -> None:
    data = profile_json(profile(full_book, "annihilator"))
    assert set(data) == {"node", "kind", "name", "category", "formerly", "corrected_from", "summary", "defining", "glossary", "faq",
                         "related", "cited_by"}
    assert data["faq"][0]["relation"] == "about" and data["defining"][0]["id"] == "702.86"
