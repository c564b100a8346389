"""Rule 60, an object moved "until" an event (rulesgraph/rank/cardsteps/until.py), over the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.rank.cardsteps.until import MOVES, until_rules

from .test_cardsteps_cards import card, position, ranked
from .test_ranking import weight

WARDEN = card("Cell Warden", "When Cell Warden enters the battlefield, exile target creature an opponent controls until "
              "Cell Warden leaves the battlefield.", type_line="Creature — Human Cleric")
SEAL = card("Sealing Rite", "Exile target creature until the next end step.", type_line="Instant")


def test_the_rules_on_effects_moving_objects_until_an_event_are_found_by_their_words(full_book: Rulebook) -> None:
    ids = full_book.qg.ids
    found = {k: [ids[i] for i in v] for k, v in until_rules(full_book.qg, full_book.index).items()}
    assert found == {"": ["610.3"], "triggered": ["610.3b"], "other": ["610.3a"]}


def test_a_card_moving_an_object_until_an_event_and_the_kind_of_ability_doing_it() -> None:
    m = MOVES.search(WARDEN.text)
    assert m and m.group(1) == "When"
    m = MOVES.search(SEAL.text)
    assert m and m.group(1) is None
    assert not MOVES.search("Target creature gets +2/+2 until end of turn.")


def test_rule_60_a_named_card_moving_an_object_until_an_event_brings_610_3(full_book: Rulebook) -> None:
    """Rule 60: a named card's triggered ability exiling a creature until the card leaves makes 610.3 and its subrule on
    a triggered ability's effect (610.3b) candidates; a card pumping a creature until end of turn does not."""
    question = "Cell Warden's trigger is on the stack and I kill the Warden in response. Is my creature exiled for good?"
    assert position(ranked(full_book, question, WARDEN), "610.3b") <= 2
    with weight("until", 0.0):
        assert position(ranked(full_book, question, WARDEN), "610.3b") > 10
    pump = card("Brawn Surge", "Target creature gets +2/+2 until end of turn.", type_line="Instant")
    assert position(ranked(full_book, "I cast Brawn Surge on my creature and it gets exiled. Is it still big?", pump),
                    "610.3b") > 10
