"""rulesgraph/answer/legal/facts.py: the yes or no of a legality answer answers the status the question asked (banned,
restricted, legal, not legal), the fact follows; names and deck words are said as English says them."""

from __future__ import annotations

import pytest

from rulesgraph.answer.legal.facts import article, possessive, verdict


@pytest.mark.parametrize(("status", "asked", "starts"), [
    ("Legal", "banned", "No: Sol Ring is legal in Commander."),  # the reviewer's "is sol ring banned in commander"
    ("Banned", "banned", "Yes: Sol Ring is banned in Commander."),  # "is lurrus banned in modern"
    ("Restricted", "banned", "No, not banned: Sol Ring is restricted in Commander"),
    ("Not legal", "banned", "No, not banned: Sol Ring is not legal in Commander"),
    ("Legal", "legal", "Yes: Sol Ring is legal in Commander."),
    ("Banned", "legal", "No: Sol Ring is banned in Commander."),
    ("Restricted", "legal", "Yes: Sol Ring is restricted in Commander: a deck may hold one copy"),
    ("Not legal", "legal", "No: Sol Ring is not legal in Commander"),
    ("Restricted", "restricted", "Yes: Sol Ring is restricted in Commander"),
    ("Legal", "restricted", "No: Sol Ring is legal in Commander."),
    ("Banned", "restricted", "No, banned: Sol Ring is banned in Commander."),
    ("Banned", "illegal", "Yes: Sol Ring is banned in Commander."),
    ("Not legal", "illegal", "Yes: Sol Ring is not legal in Commander"),
    ("Legal", "illegal", "No: Sol Ring is legal in Commander."),
    ("Legal", None, "Sol Ring is legal in Commander."),  # "legal or banned?": the fact, no yes or no
    ("Banned", None, "Sol Ring is banned in Commander."),
])
def test_the_yes_or_no_answers_the_status_asked(status: str, asked: str | None, starts: str) -> None:
    said = verdict("Sol Ring", "commander", status, asked)
    assert said is not None and said.startswith(starts), said


def test_several_copies_of_a_card() -> None:
    assert verdict("Sol Ring", "vintage", "Restricted", "legal", many=True).startswith("No: Sol Ring is restricted in Vintage: "
                                                                                        "a deck may hold one copy")
    assert verdict("Channel", "commander", "Banned", "legal", many=True).startswith("No: Channel is banned")
    assert verdict("Counterspell", "modern", "Legal", "legal", many=True) is None  # how many: the deck rules say


def test_a_format_the_data_knows_nothing_of() -> None:
    assert verdict("Sol Ring", "gladiator", "Unknown", "banned").startswith("The card data gives no legality in")


def test_possessives_and_articles() -> None:
    assert possessive("Kitchen Finks") == "Kitchen Finks'"
    assert possessive("Sol Ring") == "Sol Ring's"
    assert possessive("Atraxa, Praetors' Voice") == "Atraxa, Praetors' Voice's"
    assert possessive("Glass") == "Glass's"
    assert (article("Izzet"), article("mono-green"), article("white and blue")) == ("an", "a", "a")
