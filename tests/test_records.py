"""rulesgraph/records/: the records read from rules and card files, named by :mod:`rulesgraph.model` and
:mod:`rulesgraph.cards.model` too, each kind imported only when one of its records is asked for."""

from __future__ import annotations

import subprocess
import sys

import pytest

import rulesgraph.cards.model as card_model
import rulesgraph.model as model
import rulesgraph.records as records

NAMES = ("Anomaly", "Document", "Example", "FaqEntry", "GlossaryEntry", "NamedCard", "Origin", "Ref", "Rule", "RuleLevel", "Skipped")
CARD_NAMES = ("Card", "CardFile", "CardKeyword", "CardName", "Face", "Relation", "Ruling")


@pytest.mark.parametrize("name", NAMES)
def test_the_model_names_each_record_as_the_very_same_object(name: str) -> None:
    assert getattr(model, name) is getattr(records, name)
    assert name in model.__all__ and name in records.__all__


@pytest.mark.parametrize("name", CARD_NAMES)
def test_the_card_model_names_each_card_record_as_the_very_same_object(name: str) -> None:
    assert getattr(card_model, name) is getattr(records, name)
    assert name in card_model.__all__ and name in records.__all__


def test_card_names_are_made_as_before() -> None:
    from rulesgraph.cards.model import CardName, names_from_atomic

    made = list(names_from_atomic({"Fire // Ice": [{"faceName": "Fire", "layout": "split", "types": ["Instant"]},
                                                   {"faceName": "Ice", "types": ["Instant"]}], "A-Base Camp": [{}]}))
    assert made == [CardName("Fire // Ice", ("Fire", "Ice"), False, "split", 0, ("Instant",))]


def test_a_record_behaves_as_before() -> None:
    from rulesgraph.model import Origin, Rule

    origin = Origin("cr.txt", 3)
    rule = Rule("702.19b", "702.19b", "subrule", "Trample text", origin)
    assert str(origin) == "cr.txt:3" and rule == Rule("702.19b", "702.19b", "subrule", "Trample text", Origin("cr.txt", 3))
    assert hash(rule) == hash(Rule("702.19b", "702.19b", "subrule", "Trample text", Origin("cr.txt", 3)))
    assert repr(origin) == "Origin(file='cr.txt', line=3, effective=None)"
    with pytest.raises(AttributeError):
        rule.text = "changed"  # type: ignore[misc]


def test_an_unknown_name_is_no_attribute() -> None:
    with pytest.raises(AttributeError, match="NoSuchRecord"):
        model.NoSuchRecord  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(AttributeError, match="NoSuchRecord"):
        card_model.NoSuchRecord  # type: ignore[attr-defined]  # noqa: B018


def test_importing_the_models_defines_no_record_until_one_is_asked_for() -> None:
    code = ("import sys, rulesgraph.model, rulesgraph.cards.model, rulesgraph.cards.store, rulesgraph.cards.nametable; "
            "made = lambda: [m in sys.modules for m in ('rulesgraph.records', 'rulesgraph.records.rules', 'rulesgraph.records.cards')]; "
            "print(*made()); from rulesgraph.model import Rule; print(*made(), Rule.__name__); "
            "from rulesgraph.cards.model import Card; print(*made(), Card.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False"] * 3 + ["True", "True", "False", "Rule"] + ["True"] * 3 + ["Card"]  # a rule record makes no card one


def test_a_card_record_defines_no_rule_record() -> None:
    code = "import sys; from rulesgraph.cards.model import Card, Face; print('rulesgraph.records.rules' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split() == ["False"]
