"""The Answer record and its JSON contract."""

from __future__ import annotations

import json
import re

import pytest

from rulesgraph import Rulebook, RulesgraphError
from rulesgraph.answer.compose import answer_json, ask
from rulesgraph.answer.confidence import level
from rulesgraph.question.read import MAX_CHARS

from .test_ranking import weight

KEYS = {"question", "answer", "citations", "keywords", "confidence", "why", "alternatives", "in_rules", "caveats", "cards"}
CITATION_KEYS = {"id", "kind", "text", "source", "score", "opening"}
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""C0 controls (ESC, NUL, BEL, CR …) but tab and newline, DEL and C1 controls."""


def test_a_keyword_question(mini_book: Rulebook) -> None:
    a = ask(mini_book, "what does tramlpe do?")
    assert a.citations[0].id == "702.19" and a.keywords[0] == "Trample"
    assert a.answer and a.answer.startswith("Trample is a static ability")  # the rule is a heading: its first subrule says it
    assert any("tramlpe" in w and "trample" in w for w in a.why)
    assert a.confidence > 0.5


def test_citations_exist_are_ranked_and_bounded(mini_book: Rulebook) -> None:
    for question in ("can a tapped creature block", "trample and deathtouch", "702.19b", "my guy dies"):
        a = ask(mini_book, question, k=3)
        assert 0 < len(a.citations) <= 3
        assert all(c.id in mini_book.graph for c in a.citations)
        assert all("fixtures/mini_" in c.source for c in a.citations)


def test_a_cited_faq_entry_follows_the_rule_it_rests_on(mini_book: Rulebook) -> None:
    """The rule is the authority a judge cites; the FAQ entry that explains it comes right after it and
    gives the direct answer."""
    a = ask(mini_book, "my trampler got chump blocked, does the rest of the damage go to my opponent")
    ids = [c.id for c in a.citations]
    assert ids[0] == "702.19" and ids[1] == "faq:trample-1"
    assert a.answer and a.answer.startswith("Yes.")


def test_a_faq_entry_alone_when_one_citation_is_asked_for(mini_book: Rulebook) -> None:
    """A FAQ entry ranked first is cited alone at ``k=1`` (the rule it rests on is not squeezed in).  It ranks first here
    with rule 69's prior at stop 49's 0.25; at 0.33 the prior of 702.19, which settles many labelled questions, puts the
    rule first, and the rule alone is cited (as rule 76 does too: the labelled questions like it were settled by 702.19b,
    so it is off for the first half)."""
    question = "my trampler got chump blocked, does the rest of the damage go to my opponent"
    with weight("asked", 0.25), weight("neighbours", 0.0):
        assert [c.id for c in ask(mini_book, question, k=1).citations] == ["faq:trample-1"]
    assert [c.id for c in ask(mini_book, question, k=1).citations] == ["702.19"]


def test_the_parent_of_a_cited_subrule_is_suggested(mini_book: Rulebook) -> None:
    a = ask(mini_book, "can a tapped creature block", k=1)
    assert a.citations[0].id == "509.1a" and "509.1" in a.see_also


def test_json_contract(mini_book: Rulebook) -> None:
    obj = answer_json(ask(mini_book, "trample"))
    assert set(obj) == KEYS and all(set(c) == CITATION_KEYS for c in obj["citations"])
    assert obj["citations"][0]["kind"] in ("rule", "subrule", "section", "glossary", "faq", "keyword")
    assert "(CR 2030-01-01)" in obj["citations"][0]["source"]
    json.dumps(obj)


def test_json_cards_carry_their_faces(full_book: Rulebook) -> None:
    """Each card under an answer has its faces as ``rulesgraph card --json`` gives them: name, mana cost, type line,
    text, power/toughness, loyalty …"""
    from dataclasses import replace

    from rulesgraph.cards.view import face_json
    from rulesgraph.model import ShownCard
    from rulesgraph.records.cards import Face

    face = Face("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "2", "2", types=("Creature",), subtypes=("Bear",))
    answer = replace(ask(full_book, "trample"), cards=(ShownCard("Grizzly Bears", "Creature — Bear", "", (face,)),))
    (card,) = answer_json(answer)["cards"]
    assert card["faces"] == [face_json(face)] and card["faces"][0]["mana_cost"] == "{1}{G}" and card["faces"][0]["power"] == "2"


def test_nothing_relevant(mini_book: Rulebook) -> None:
    a = ask(mini_book, "xylophone quartz banana")
    assert a.citations == () and a.answer is None and a.confidence == 0.0


@pytest.mark.parametrize("question", ["", "   \n\t"])
def test_empty_questions_are_errors(mini_book: Rulebook, question: str) -> None:
    with pytest.raises(RulesgraphError, match="empty question"):
        ask(mini_book, question)


@pytest.mark.parametrize(
    "question",
    ["trample " * 15000, "\x00\x01\x02\x03binary\xff\xfe junk", "tram\x1b[31mple\x1b]8;;http://x\x07 do", "[bold]trample[/bold]?"],
)
def test_hostile_questions_still_answer(mini_book: Rulebook, question: str) -> None:
    """Junk around a word does not hide it, and nothing the answer adds carries a control character (the
    question itself is kept as given, as the JSON contract says: the front ends show its controls as symbols)."""
    a = ask(mini_book, question)
    assert a.question == question
    if re.search(r"\btrample\b", question):  # the word is there, whole, among the junk
        assert a.citations and a.citations[0].id == "702.19" and a.keywords[:1] == ("Trample",), [c.id for c in a.citations]
    if len(question) > MAX_CHARS:
        assert "the question was very long: only its beginning was read" in a.why
    texts = [*a.why, a.answer or "", *a.keywords, *a.alternatives, *(t for c in a.citations for t in (c.text, c.label, c.title or ""))]
    assert [t for t in texts if CONTROL.search(t)] == []


def test_confidence_orders_clear_and_vague_questions(full_book: Rulebook) -> None:
    clear = ask(full_book, "what does flash do")
    assert clear.citations[0].id == "702.8" and level(clear.confidence) == "high"
    vague = ask(full_book, "what about the thing with the cards")
    assert vague.confidence < clear.confidence - 0.2
    assert ask(full_book, "xyzzy plugh").confidence == 0.0


def test_why_does_not_call_an_alias_a_spelling_correction(full_book: Rulebook) -> None:
    """'loot' reaches Draw and Discard through the alias table; nothing was misspelt."""
    a = ask(full_book, "if i loot, do i have to discard?")
    lines = [w for w in a.why if w.startswith("‘loot’")]
    assert any("names" in w for w in lines) and not any("spelling corrected" in w for w in lines)
    typo = ask(full_book, "what does tramlpe do?")
    assert any(w.startswith("‘trample’") and "spelling corrected" in w for w in typo.why)


def test_why_calls_only_a_misspelt_word_a_spelling_correction(full_book: Rulebook) -> None:
    """A match weighed below 1 for another reason — a verb that only sets the scene ("my opponent casts …"), an old
    term ("removed from the game"), a name said with words between ("draw 2 cards") — was not misspelt."""
    a = ask(full_book, "My opponent casts a spell that removes my creature from the game. Do I draw 2 cards?")
    said = [w for w in a.why if w.startswith(("‘casts’", "‘draw 2 cards’", "‘removes my creature from the game’"))]
    assert said and not any("spelling corrected" in w for w in said)


def _diversified(book: Rulebook, scores: list[tuple[str, float]], focus: float) -> list[str]:
    from rulesgraph.answer.compose import _diversify
    from rulesgraph.rank.ranking import Ranking, Scored

    ranked = Ranking.of([Scored(node, score) for node, score in scores])
    return [s.node for s in _diversify(book.qg, ranked, list(range(len(ranked))), focus)]


def test_a_further_subrule_of_one_rule_counts_half(mini_book: Rulebook) -> None:
    """Citations are diversified: a second subrule of a rule already cited counts SAME_RULE (half), so a general rule
    scoring more than half of it comes first; with the question only about what it names (focus 1), a keyword's
    subrules are treated alike."""
    scores = [("510.1", 3.0), ("510.1a", 2.0), ("509.1a", 1.2)]
    assert _diversified(mini_book, scores, 0.0) == ["510.1", "509.1a", "510.1a"]
    scores = [("702.19", 3.0), ("702.19b", 2.0), ("509.1a", 0.9)]
    assert _diversified(mini_book, scores, 1.0) == ["702.19", "702.19b", "509.1a"]


def test_a_keyword_named_in_passing_gets_its_rule_not_all_its_subrules(mini_book: Rulebook) -> None:
    """Citations are diversified: in a question that says much besides what it names (focus 0), a further subrule of a
    keyword's rule counts IN_PASSING of SAME_RULE, so the general rule the question asks about comes before it; the
    keyword's rule itself keeps SAME_RULE."""
    from rulesgraph.answer.compose import IN_PASSING, SAME_RULE

    scores = [("702.19", 3.0), ("702.19b", 2.0), ("509.1a", 0.9)]
    assert 2.0 * SAME_RULE * IN_PASSING < 0.9 < 2.0 * SAME_RULE
    assert _diversified(mini_book, scores, 0.0) == ["702.19", "509.1a", "702.19b"]
    scores = [("702.19b", 3.0), ("702.19", 2.0), ("509.1a", 0.9)]
    assert _diversified(mini_book, scores, 0.0) == ["702.19b", "702.19", "509.1a"]


def test_a_question_read_in_part_says_so_first_on_every_path(full_book: Rulebook) -> None:
    """Past 2,000 characters only the beginning is read: the rules' answer and the scope's line alike say so first."""
    from rulesgraph.answer.compose import CUT

    padding = " and then it also did some other thing" * 60
    ruled = ask(full_book, "does trample work with deathtouch" + padding + "?")
    assert ruled.caveats[:1] == (CUT,) and CUT in ruled.why
    refused = ask(full_book, "what is the price of a Black Lotus in dollars" + padding + "?")
    assert not refused.in_rules and refused.caveats[:1] == (CUT,)


def test_a_rule_number_the_rules_do_not_hold(mini_book: Rulebook) -> None:
    """A mistyped number (or an older CR's) is said not to be there; asked for alone, no other rule stands in for it."""
    for question in ("999.9", "what does rule 999.9 say?", "rule 702.19z"):
        a = ask(mini_book, question)
        number = question.split()[-2] if question.endswith("say?") else question.split()[-1]
        assert not a.citations and a.answer is None, question
        assert a.caveats == (f"no rule {number} in the loaded rules",) and a.caveats[0] in a.why
    a = ask(mini_book, "rule 999.9 says trample damage goes to the player, does it?")  # the question asks more: answered
    assert a.citations and a.caveats == ("no rule 999.9 in the loaded rules",)
    assert not ask(mini_book, "I have 250 life and trample").caveats  # a bare number may be anything
    a = ask(mini_book, "rules 702.19 and 999.1")  # a rule the rules hold is asked too: answered, the other noted
    assert a.citations and a.caveats == ("no rule 999.1 in the loaded rules",)
    assert not ask(mini_book, "I paid 999.99 dollars for trample").caveats  # no "rule", no known head: not a rule number


def test_a_short_number_said_as_a_rule_or_alone_is_a_rule_number(mini_book: Rulebook) -> None:
    """"99", "rule 99", "cr 99", "§ 1000": no rule has such a number, and nothing else stands in for it (not 702.99's
    glossary entry, whose text holds "99"); a small number among other words is not one."""
    for question, number in (("99", "99"), ("99?", "99"), ("rule 99", "99"), ("cr 99", "99"), ("§ 1000", "1000"), (" 950 ", "950")):
        a = ask(mini_book, question)
        assert not a.citations and a.caveats == (f"no rule {number} in the loaded rules",), question
    assert not ask(mini_book, "I take 99 damage from a trampler").caveats
    for question in ("does the rule 40 card minimum apply to trample decks", "what is rule 0 about trample", "overrule 40 trample"):
        assert not ask(mini_book, question).caveats, question  # no number of a rule's shape: not one mistyped


def test_a_chapter_asked_by_its_digit_lists_its_sections(full_book: Rulebook) -> None:
    """The chapter leads whatever its digit's other senses ("rule 7" is not layer 7, "1" not 704.5q's +1/+1 counters)."""
    for question in ("7", "rule 7", "7?", "§ 7."):
        a = ask(full_book, question)
        assert a.citations[0].id == "7", question
        assert a.answer is not None and a.answer.splitlines()[:3] == ["Additional Rules:", "700 General", "701 Keyword Actions"]
    assert [ask(full_book, q).citations[0].id for q in ("1", "rule 1")] == ["1", "1"]
    assert ask(full_book, "what does rule 509 say?").citations[0].id == "509"


def test_a_rule_asked_by_number_cites_only_its_own(full_book: Rulebook) -> None:
    """README's "702.19b": the rule, then its parent, not the rules whose text cites a rule of 702 or a "…19b" (303.4, 301.7,
    608.3g came second, fourth and fifth) nor those naming "the legend rule" for "rule 704.5k"."""
    for question, cited in (("702.19b", ["702.19b", "702.19"]), ("rule 704.5k", ["704.5k", "704.5"]), ("CR 613.1f", ["613.1f", "613.1"])):
        assert [c.id for c in ask(full_book, question).citations] == cited, question


def test_with_card_data_only_the_card_finders_cards_are_said_to_be_named(full_book: Rulebook, deck) -> None:  # type: ignore[no-untyped-def]
    """"can i stifle …" says the verb (the card finder does not take it for the card): the why lines do not say it names
    the card Stifle the bundled FAQs mention, as the answer's cards do not list it; said as a name, it is both."""
    question = "can i stifle a polluted delta activation? my opponent says no"
    verb = ask(full_book, question, deck=deck)
    assert [c.name for c in verb.cards] == ["Polluted Delta"] and not any("names card Stifle" in w for w in verb.why)
    assert any("names card Stifle" in w for w in ask(full_book, question).why)  # no card data: the FAQs' card, as before
    named = ask(full_book, "I counter Grapeshot with Stifle. Do the storm copies still happen?", deck=deck)
    assert "Stifle" in [c.name for c in named.cards] and any(w.startswith("‘Stifle’ names card Stifle") for w in named.why)


def test_a_refused_question_still_shows_the_cards_it_names(full_book: Rulebook, deck) -> None:  # type: ignore[no-untyped-def]
    """"Which is better vs Delver, Bolt or StP?" is deck advice, refused in one line; the cards it names are shown under it
    as under any answer (it listed none: the card-name probe's largest group of names read by no answer)."""
    refused = ask(full_book, "Which is better vs Delver, Bolt or StP?", deck=deck)
    assert not refused.in_rules and refused.citations == ()
    assert {c.name for c in refused.cards} == {"Lightning Bolt", "Swords to Plowshares", "Delver of Secrets // Insectile Aberration"}
    assert ask(full_book, "Which is better vs Delver, Bolt or StP?").cards == ()  # without card data, none
