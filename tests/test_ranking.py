"""One test per ranking rule (see rulesgraph/rank/ranking.py, the steps of rulesgraph/rank/steps/ and rank/cardsteps/);
each docstring states the rule it checks.

Most use the miniature rules in tests/fixtures so the expected order can be read off the fixture.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from rulesgraph import Rulebook
from rulesgraph.question.analyze import analyze
from rulesgraph.rank.ranking import STEPS, WEIGHTS, rank, specificity
from rulesgraph.rank.steps import base, named, spread


def order(book: Rulebook, question: str) -> list[str]:
    return [s.node for s in rank(book.index, book.qg, analyze(question, book.index))]


def score(book: Rulebook, question: str, node: str) -> float:
    return next((s.score for s in rank(book.index, book.qg, analyze(question, book.index)) if s.node == node), 0.0)


@contextmanager
def weight(name: str, value: float) -> Iterator[None]:
    """Run with one ranking weight changed, to see what that rule contributes."""
    saved = WEIGHTS[name]
    WEIGHTS[name] = value
    try:
        yield
    finally:
        WEIGHTS[name] = saved


def before(ranked: list[str], a: str, b: str) -> bool:
    return ranked.index(a) < (ranked.index(b) if b in ranked else len(ranked))


def test_rule_1_text_relevance(mini_book: Rulebook) -> None:
    """Rule 1: the rule whose words match the question's words (BM25, with coverage) ranks first."""
    assert order(mini_book, "can a tapped creature block")[0] == "509.1a"
    assert order(mini_book, "toughness 0 graveyard")[0] == "704.5a"


def test_named_priors_scale_with_how_specific_a_name_is(full_book: Rulebook) -> None:
    """Rules 2, 4 and 5 scale a named term's prior by its name's specificity: rare names (trample) count fully,
    names every other rule uses (cast, counter) much less."""
    ix = full_book.index
    assert specificity(ix, "trample") == 1.0
    assert specificity(ix, "cast") < 0.4 and specificity(ix, "counter") < 0.5


def test_rule_3_focus_on_a_keyword(mini_book: Rulebook) -> None:
    """Rule 3: a question only about what a keyword is ("what does trample do?") is answered by its rule,
    boosted in proportion to that focus (a question with other words gets less of it)."""
    assert order(mini_book, "what does trample do?")[0] == "702.19"
    assert order(mini_book, "explain shield")[0] == "702.30"
    for question, rule in (("what does trample do?", "702.19"), ("explain shield", "702.30")):
        with weight("focus", 0.0):
            without = score(mini_book, question, rule)
        assert score(mini_book, question, rule) > 1.2 * without


def test_rule_3_two_keywords_and_no_card_ask_how_they_meet(full_book: Rulebook) -> None:
    """Rule 3: a question naming two keyword abilities and no card ("does trample work with deathtouch?") is not only
    about either, so neither defining rule gets the focus boost: the rule their words meet in (702.2c, deathtouch's
    damage counting as lethal for excess damage) comes first.  Asking what one of them means keeps it ("saddle vs crew?
    what does saddle do")."""
    for question in ("does trample work with deathtouch?", "tramlpe + deathtouch?"):
        ranked = order(full_book, question)
        assert ranked[0] == "702.2c", (question, ranked[:3])
    assert order(full_book, "saddle vs crew? what does saddle do")[0] == "702.171"


def test_rule_3_keywords_a_follow_up_carries_are_not_the_questions_own(full_book: Rulebook) -> None:
    """Rule 3's two keywords are the question's own words: a follow-up carrying trample and deathtouch ("what if the
    blocker is already gone when damage gets assigned?") keeps the focus on trample: its rule leads (702.19, holding
    702.19d; counted as two keywords of its own it was 702.19b, then 702.2c)."""
    from rulesgraph.answer.compose import ask
    from rulesgraph.question.conversation import Conversation

    conv = Conversation()
    ask(full_book, "does trample work with deathtouch?", conversation=conv)
    follow = ask(full_book, "what if the blocker is already gone when damage gets assigned?", conversation=conv)
    assert follow.citations[0].id in ("702.19", "702.19d"), [c.id for c in follow.citations[:5]]


def test_rule_4_a_named_glossary_term_raises_the_rules_it_cites(mini_book: Rulebook) -> None:
    """Rule 4: naming a glossary term raises the rules its entry cites (Dies → 704.5a)."""
    with weight("term_cited", 0.0):
        without = score(mini_book, "my creature dies, what happens", "704.5a")
    assert score(mini_book, "my creature dies, what happens", "704.5a") > without


def test_rule_5_a_named_title_raises_the_rules_under_it(mini_book: Rulebook) -> None:
    """Rule 5: naming a section title raises the rules under it."""
    question = "combat damage step: who gets the damage"
    with weight("title_sub", 0.0):
        without = score(mini_book, question, "510.1b")
    assert score(mini_book, question, "510.1b") > without


def test_rule_6_a_rule_number_is_the_answer(mini_book: Rulebook) -> None:
    """Rule 6: a rule number in the question is cited first."""
    assert order(mini_book, "702.19b")[0] == "702.19b"
    assert order(mini_book, "what does rule 509 mean for tapped creatures")[0] == "509"


def test_rule_8_score_spreads_to_cited_rules(mini_book: Rulebook) -> None:
    """Rule 8: a rule cited by a top rule gains score when it is relevant too (702.19b cites 702.2b)."""
    with weight("spread_cites", 0.0):
        without = score(mini_book, "trample lethal damage to blockers deathtouch", "702.2b")
    assert score(mini_book, "trample lethal damage to blockers deathtouch", "702.2b") > without


def test_rule_8_a_cited_section_passes_score_to_its_relevant_rules(full_book: Rulebook, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule 8: a citation of a whole section ("see rule 606", in 306.5d) reaches the rules under it in
    proportion to their relevance, so 606.3 (a loyalty ability once a turn, at sorcery speed) rises
    for a question about planeswalker abilities that never says "loyalty"."""
    question = "can i activate my planeswalker's abilities on my opponent's turn?"
    with weight("neighbours", 0.0):  # rule 76 alone puts 606.3 first: questions like this one were settled by it
        monkeypatch.setattr(spread, "SPREAD_INTO", ())
        without = order(full_book, question).index("606.3")
        monkeypatch.undo()
        assert order(full_book, question).index("606.3") < without


def test_rule_8_the_parent_stays_reachable(mini_book: Rulebook) -> None:
    """Rule 8: a top subrule passes some score to its rule, so the general rule is ranked too (rules 68 and 69, the
    bundled table's words and counts, learned for the full CR, are left out: among the mini rules' few candidates the
    best learned match, however weak, gains the most — "block" is said in many trample questions)."""
    question = "can a tapped creature block"
    with weight("asked", 0.0), weight("learned", 0.0):
        assert "509.1" in order(mini_book, question)[:4]
    with weight("spread_parent", 0.0):
        without = score(mini_book, question, "509.1")
    assert score(mini_book, question, "509.1") > 1.1 * without


def test_rule_8_no_spread_down_inside_a_named_keywords_rules(mini_book: Rulebook) -> None:
    """Rule 8: a named keyword's subrules get no score spread down from its rules (its own words found
    them), while the children of other rules still do, and so do a named keyword's subrules when the question is
    only about it."""
    question = "trample lethal damage assigned to blockers"
    with weight("spread_child", 0.0):
        without = score(mini_book, question, "702.19b")
    assert score(mini_book, question, "702.19b") == pytest.approx(without)
    question = "can a tapped creature block"
    with weight("spread_child", 0.0):
        without = score(mini_book, question, "509.1a")
    assert score(mini_book, question, "509.1a") > without
    question = "what does trample do?"  # only about the keyword: its subrules are what it asks for
    with weight("spread_child", 0.0):
        without = score(mini_book, question, "702.19b")
    assert score(mini_book, question, "702.19b") > without


def test_rule_9_other_documents_count_for_todays_rule(mini_book: Rulebook) -> None:
    """Rule 9: text matched in another document (an old FAQ excerpt) counts for the CR rule it is
    tied to by a `current` edge, and the excerpt itself is not ranked."""
    ranked = order(mini_book, "trample is a static ability")
    assert not any(n.startswith("mini_faq:") for n in ranked)
    assert ranked[0].startswith("702.19")


def test_rule_10_negated_mentions_boost_nothing(mini_book: Rulebook) -> None:
    """Rule 10: "non-trample" does not boost the trample rules."""
    assert score(mini_book, "a non trample creature is blocked", "702.19") < score(mini_book, "a trample creature is blocked", "702.19")


def test_rule_11_the_best_section_as_a_whole_counts(mini_book: Rulebook) -> None:
    """Rule 11: rules in the section that matches the question best as a whole count more: for
    "blocking creature combat damage" that is 510 (combat damage), so 510.1's lead over 509.1b
    (declaring blockers) grows with the section weight."""
    with weight("learned", 0.0):  # rule 68's learned words left out: this states the rule alone
        question = "blocking creature combat damage"
        with weight("section", 0.0):
            without = score(mini_book, question, "510.1") / score(mini_book, question, "509.1b")
        assert score(mini_book, question, "510.1") / score(mini_book, question, "509.1b") > 1.5 * without
        assert order(mini_book, question)[0].startswith("510")


def test_rule_12_unnamed_keyword_rules_count_less(mini_book: Rulebook, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule 12: a keyword's own rules count less when the question does not name the keyword."""
    question = "prevent combat damage the first time"
    penalised = score(mini_book, question, "702.30a")
    monkeypatch.setattr(base, "UNNAMED_KEYWORD", 1.0)
    assert score(mini_book, question, "702.30a") > penalised
    assert order(mini_book, "shield prevent combat damage the first time")[0].startswith("702.30")


def test_rule_13_variant_rules_count_less_unless_mentioned(mini_book: Rulebook) -> None:
    """Rule 13: rules of a multiplayer variant count less unless the question leads there."""
    assert before(order(mini_book, "combat damage dealt to the player"), "510.1b", "810.1")
    assert order(mini_book, "two-headed giant combat damage")[0] == "810.1"


def test_rule_13_a_term_citing_general_rules_and_a_variants_names_no_variant(full_book: Rulebook) -> None:
    """Rule 13 with rule 4: a glossary entry citing general rules and a variant's (Lose the Game: rule 104, and 810.8
    "for additional rules for Two-Headed Giant games") raises both but names no variant, so the variant's rules still
    count less; the variant named by its own term ("two-headed giant") does count as mentioned."""
    question = "we are both at 1 life and take damage at once, do I lose the game or is it a draw?"
    assert not any(node.startswith("810") for node in order(full_book, question)[:5])
    assert order(full_book, "in two-headed giant, do we lose the game together?")[0].startswith("810")


@pytest.mark.parametrize("question", ["", "   ", "\x00\x01"])
def test_nothing_to_rank(mini_book: Rulebook, question: str) -> None:
    assert order(mini_book, question) == []


def test_rule_2_a_named_keyword_raises_its_faq_entries(seeds_book: Rulebook) -> None:
    """Rule 2 (``keyword_faqs``): naming a keyword raises the prior of the FAQ entries about it and of nothing else
    (its rules rise by their own words), once however many ways it is said, as surely as its surest mention."""
    from rulesgraph.build.relations import current_keyword
    from rulesgraph.rank.pipeline import Query
    from rulesgraph.rank.steps import faq

    question = "can I block with a creature I sacrificed to annihilator?"
    with weight("keyword_faq", 0.0):
        without = score(seeds_book, question, "faq:annihilator-2")
    assert score(seeds_book, question, "faq:annihilator-2") > 1.2 * without
    g, index = seeds_book.qg, seeds_book.index
    a = analyze("annihilator, annihilates: what does annihilator do", index)
    said = [m for m in a.of_kind("keyword") if current_keyword(g, m.node) == "keyword:annihilator"]
    assert len(said) >= 2
    q = Query(index, g, a, WEIGHTS)
    faq.keyword_faqs(q)
    assert q.raised and all(end == start + 1 and g.kind[start] == "faq" for start, end, *_ in q.raised)
    i = g.num["faq:annihilator-2"]
    surest = max(m.quality * specificity(index, m.said) for m in said)
    assert q.priors([i])[i] == pytest.approx(WEIGHTS["keyword_faq"] * surest * (0.35 + 0.65 * a.focus))


def test_rule_17_faq_entries_about_a_keyword_compete_on_the_other_words(seeds_book: Rulebook) -> None:
    """Rule 17: of the FAQ entries about the keyword a question names, the one whose question and
    answer hold the question's other words rises above the general "What does X do?" entry."""
    question = "is proliferate targeted? can i add counters to my opponent's hexproof permanent"
    with weight("faq_fit", 0.0):
        without = order(seeds_book, question).index("faq:proliferate-2")
    ranked = order(seeds_book, question)
    assert ranked.index("faq:proliferate-2") < without
    assert before(ranked, "faq:proliferate-2", "faq:proliferate-1")


def test_rule_18_a_named_term_counts_by_how_well_its_rules_fit(full_book: Rulebook, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule 18: a glossary term or title the question names raises its rules in proportion to how much of
    the question's other words those rules hold: "token" raises the token rules (111) fully when the rest
    of the question is about tokens leaving the battlefield, and less when it is about lifelink."""

    def kept(question: str, node: str) -> float:
        """The node's score with rule 18, as a share of its score without it."""
        monkeypatch.setattr(named, "INCIDENTAL", 1.0)
        off = score(full_book, question, node)
        monkeypatch.undo()
        return score(full_book, question, node) / off

    about_tokens = kept("does a token that leaves the battlefield cease to exist?", "111.8")
    in_passing = kept("my token has lifelink, how much life do i gain when it deals damage to a player?", "111.8")
    assert in_passing < about_tokens - 0.04 and in_passing < 0.95


def test_rule_19_a_question_about_a_named_section_gets_its_opening_rule(full_book: Rulebook) -> None:
    """Rule 19: a question asking what a named section is ("what's the command zone?") is answered by the
    rule that opens the section, where the CR defines it (408.1, 406.1), boosted like rule 3."""
    with weight("learned", 0.0):  # rule 68's learned words left out: this states the rule alone
        for question, opening in (("what's the command zone", "408.1"), ("what is the exile zone", "406.1"), ("what are emblems", "114.1")):
            assert order(full_book, question)[0] == opening, question
            with weight("opening", 0.0):
                assert order(full_book, question)[0] != opening, question
        assert order(full_book, "what does trample do?")[0] == "702.19"  # a named keyword keeps rule 3


def test_rule_3_a_term_only_the_glossary_defines(full_book: Rulebook) -> None:
    """Rule 3 for an old term no rule defines (its glossary entry cites none): the question asking what it means is
    answered by the glossary entry ("in play" outranked by 305.4's "playing a land"); a term a rule defines is not."""
    for question, entry in (("what does in play mean?", "glossary:In Play"), ("what does converted mana cost mean?",
                                                                              "glossary:Converted Mana Cost")):
        assert order(full_book, question)[0] == entry, question
        with weight("focus", 0.0):
            assert order(full_book, question)[0] != entry, question
    assert order(full_book, "what is the exile zone")[0] == "406.1"
    assert order(full_book, "what does APNAP order mean?")[0] == "101.4"  # its entry only says "See Active Player, …"


def test_rule_3_an_old_term_asked_whether_it_still_holds(full_book: Rulebook) -> None:
    """Rule 3 for a retired term (an obsolete glossary entry) a question asks only whether it still holds: its entry, which
    says it is gone, comes first (mana burn was 106.4a's "that player announces what mana is still there")."""
    for question, entry in (("is mana burn still a thing", "glossary:Mana Burn"),
                            ("is there still a damage assignment order?", "glossary:Damage Assignment Order")):
        assert order(full_book, question)[0] == entry, question
        with weight("focus", 0.0):
            assert order(full_book, question)[0] != entry, question
    assert order(full_book, "if my creature is in play, is it still attacking?")[0] != "glossary:In Play"  # a situation


def test_every_step_says_its_rule_and_every_weight_is_read() -> None:
    """Each step has a docstring naming the rule it applies, its weights, and why it stays: it earns its place on the
    real tuning questions, is a generic base step, or is kept for conversations or another document (issue 27); and each
    weight in WEIGHTS belongs to a step."""
    for step in STEPS.steps:
        doc = " ".join(step.doc.split())
        assert "Rule" in doc, step.name
        assert f"Step ``{step.name}``; weights:" in doc, step.name
        assert all(f"``{k}`` = " in doc for k in step.weights), step.name
        assert any(why in doc for why in ("Earns its place on the real tuning questions", "A generic base step", "Kept for")), step.name
    assert set(WEIGHTS) == {k for step in STEPS.steps for k in step.weights}
