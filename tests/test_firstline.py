"""rulesgraph/answer/firstline.py: a rules answer's first paragraph — a heading's first parts or the subrule that speaks
to the question, the telling sentence of the first rule, the rule a question names by number as written, or the rules
that bear on it."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.answer.compose import ask
from rulesgraph.answer.firstline import UNSETTLED, UNSETTLED_LEAD, direct
from rulesgraph.question.analyze import analyze
from rulesgraph.rank.ranking import Scored


def test_an_answer_no_rule_sentence_speaks_to_says_which_rules_bear_on_it_and_is_not_high(full_book: Rulebook) -> None:
    """When no sentence of the first rule holds at least SETTLES of the question's own words, the answer says which rules
    bear on it rather than quote one as if it answered, and its confidence is below "high"."""
    unsettled = ask(full_book, "does the lucky charm on my dice bag change when I roll for the start of the sideboarding window?")
    assert unsettled.citations and unsettled.in_rules
    assert unsettled.answer is not None and unsettled.answer.startswith(UNSETTLED_LEAD)
    assert unsettled.citations[0].id in unsettled.answer and unsettled.confidence <= UNSETTLED
    settled = ask(full_book, "can a tapped creature block?")
    assert settled.answer is not None and not settled.answer.startswith(UNSETTLED_LEAD)


def test_a_headings_answer_line_is_its_subrule_that_speaks_to_the_question(mini_book: Rulebook) -> None:
    """A heading cited first (702.19 Trample) is answered by its first subrules when the question only names it, by the
    later subrule that speaks to the question when one does, and by the rules that bear on it when none does."""
    heading = [Scored("702.19", 1.0, []), Scored("702.19a", 0.5, [])]
    named = direct(mini_book, analyze("trample", mini_book.index), heading, True)
    assert named is not None and named.startswith("Trample is a static ability")
    asked = direct(mini_book, analyze("does assigning lethal damage need the blocker destroyed?", mini_book.index), heading, False)
    assert asked == "Assigning lethal damage to a blocker doesn't need the blocker to be destroyed."
    unsettled = direct(mini_book, analyze("when does a card go to the graveyard?", mini_book.index), heading, False)
    assert unsettled == UNSETTLED_LEAD + "702.19 Trample, 702.19a."


def test_a_rule_the_question_names_by_number_is_read_as_written(full_book: Rulebook) -> None:
    """"what does rule 704.5k say?" quotes 704.5k, not "The rules that bear on it" (its number is no word a sentence holds);
    "explain 702.19" reads the heading's first part, not the later one that repeats "702.19b"."""
    said = ask(full_book, "What does rule 704.5k say?")
    assert said.citations[0].id == "704.5k" and said.answer is not None
    assert said.answer.startswith(full_book.qg.nodes["704.5k"]["text"][:60])
    explained = ask(full_book, "explain 702.19")
    assert explained.answer is not None and explained.answer.startswith("Trample is a static ability")
