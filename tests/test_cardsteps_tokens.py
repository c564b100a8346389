"""Rule 51, a token that leaves the battlefield (rulesgraph/rank/cardsteps/tokens.py), over the full CR."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.rank.cardsteps.tokens import SENDS, zones_off

from .test_cardsteps_cards import card, position, ranked
from .test_ranking import weight


def test_the_zones_other_than_the_battlefield_are_read_from_the_zones_chapter(full_book: Rulebook) -> None:
    zones = zones_off(full_book.qg)
    assert zones["hand"] == "402" and zones["graveyard"] == "404" and zones["exile"] == "406"
    assert "battlefield" not in zones and "stack" not in zones and "general" not in zones


def test_cards_sending_a_permanent_off_the_battlefield_are_read_as_oracle_text_words_it() -> None:
    assert SENDS.search("Return target creature to its owner's hand.") and SENDS.search("Exile target creature.")
    assert not SENDS.search("Create two 1/1 white Soldier creature tokens.")
    assert not SENDS.search("When this land has no ice counters on it, sacrifice it and create a legendary token.")


def test_rule_51_a_token_sent_off_the_battlefield_brings_the_rules_saying_it_ceases_to_exist(full_book: Rulebook) -> None:
    """Rule 51: a question naming a token and a zone other than the battlefield ("bounce my token to my hand") makes
    the rules saying a token off the battlefield ceases to exist (111.7, 111.8, 704.5d) candidates; so does a named
    card sending a permanent off it; a token question naming no such zone does not get them."""
    with weight("learned", 0.0):  # rule 68's learned words left out: this states the rule alone
        question = "can I bounce my own token to my hand and recast it next turn?"
        assert position(ranked(full_book, question), "111.7") <= 2 and position(ranked(full_book, question), "704.5d") <= 4
        with weight("token_leaves", 0.0):
            assert position(ranked(full_book, question), "111.7") > 2 and position(ranked(full_book, question), "704.5d") > 4
        assert position(ranked(full_book, "can my token have haste?"), "111.7") > 4
        sender = card("Tide Push", "Return target creature to its owner's hand.", type_line="Instant")
        question = "I Tide Push my opponent's soldier token. Does he get to replay it?"
        assert min(position(ranked(full_book, question, sender), rule) for rule in ("111.7", "111.8", "704.5d")) <= 2
        with weight("token_leaves", 0.0):
            assert min(position(ranked(full_book, question, sender), rule) for rule in ("111.7", "111.8", "704.5d")) > 2


def test_rule_51_leaving_said_of_something_else_is_not_the_tokens(full_book: Rulebook) -> None:
    """Rule 51: an object leaving told of something other than the token ("killing the Pyromancer") does not bring the
    rules on a token off the battlefield; told of the token ("my tokens die"), it does."""
    with weight("learned", 0.0):  # rule 68's learned words left out: this states the rule alone
        ceasing = ("111.7", "111.8", "704.5d")
        other = ranked(full_book, "If they respond by killing the Pyromancer, do I still get the elemental token?")
        assert min(position(other, rule) for rule in ceasing) > 4
        said = ranked(full_book, "Do my tokens die when I sacrifice them, or do they just vanish?")
        assert min(position(said, rule) for rule in ceasing) <= 2
