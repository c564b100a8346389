from __future__ import annotations

import pytest

from rulesgraph.model import Origin
from rulesgraph.parse.refs import find_refs, find_term_refs

ORIGIN = Origin("t.txt", 1)


def targets(text: str) -> list[tuple[str, ...]]:
    return [r.targets for r in find_refs(text, ORIGIN)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("See rule 509.", [("509",)]),
        ("(see rule 100.4)", [("100.4",)]),
        ("rules 601.2b and 601.2e–g", [("601.2b", "601.2e–601.2g")]),
        ("rules 601.2b and 601.2e-g", [("601.2b", "601.2e–601.2g")]),
        ("see rules 103.2a–e.", [("103.2a–103.2e",)]),
        ("rules 119.7-8", [("119.7–119.8",)]),
        ("See rules 100.1–999999.", [("100.1–100.999999",)]),  # the graph expands it to the rules that exist
        ("See section 8, “Multiplayer Rules.”", [("8",)]),
        ("rules 205.1a–b, 305.7, and 613.1d", [("205.1a–205.1b", "305.7", "613.1d")]),
        ("This is an exception to 613.10.", [("613.10",)]),
        ("rule 601.2f–h", [("601.2f–601.2h",)]),
        ("a deck of 100 cards", []),
        ("Magic 2010 and 2011", []),
    ],
)
def test_rule_references(text: str, expected: list[tuple[str, ...]]) -> None:
    assert targets(text) == expected


def test_quoted_title_and_see_also_are_kept() -> None:
    (ref,) = find_refs("See rule 702.19, “Trample.”", ORIGIN)
    assert ref.title == "Trample" and ref.raw == "See rule 702.19, “Trample.”" and not ref.see_also
    (ref,) = find_refs("See also rule 603, “Handling Triggered Abilities.”", ORIGIN)
    assert ref.see_also and ref.targets == ("603",)


def test_glossary_term_references_keep_the_written_list() -> None:
    (ref,) = find_term_refs("See Active Player, Nonactive Player Order.", ORIGIN)
    assert ref.targets == ("Active Player, Nonactive Player Order",) and not ref.see_also
    (ref,) = find_term_refs("A card type. See rule 303, “Enchantments.” See also Aura.", ORIGIN)
    assert ref.targets == ("Aura",) and ref.see_also
