"""The keywords and Oracle words of a card a question names or a follow-up carries (rulesgraph.question.cardsaid)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from rulesgraph import Rulebook
from rulesgraph.answer.compose import ask
from rulesgraph.model import NamedCard
from rulesgraph.question.analyze import analyze
from rulesgraph.question.cardsaid import CARD_WORDS, card_subjects, card_words, keyword_fit, named_card_keywords
from rulesgraph.question.namedcards import CardDeck, with_cards

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from accuracy import first_hit


@pytest.fixture
def doll(full_book: Rulebook, deck: CardDeck) -> NamedCard:
    """Stuffy Doll as the installed card data gives it (it has indestructible), carried by a conversation."""
    a = with_cards(analyze("my Stuffy Doll", full_book.index), deck.named("my Stuffy Doll", ()))
    found = [c for c in a.cards if c.key == "Stuffy Doll"]
    assert found, "Stuffy Doll not in the card data"
    return replace(found[0], how="carried", confidence=0.95)


def _own(book: Rulebook, question: str) -> dict[str, float]:
    return {t: book.index.idf.get(t, 0.0) for t, w in analyze(question, book.index).terms if w == 1.0}


def test_a_carried_keyword_counts_as_far_as_its_rules_hold_the_follow_up(full_book: Rulebook) -> None:
    """Issue 30: a carried card's keyword is what a follow-up saying little asks about (fit 1), and otherwise as far as its
    defining rules hold the follow-up's words: "can my opponent destroy it" is about indestructible, not trample."""
    g = full_book.qg
    assert keyword_fit("keyword:indestructible", {}, g) == 1.0
    own = _own(full_book, "can my opponent destroy it with a Wrath of God and then return it to the battlefield?")
    assert keyword_fit("keyword:indestructible", own, g) > keyword_fit("keyword:trample", own, g) + 0.2


def test_a_carried_card_brings_its_keywords_and_its_rare_oracle_words(full_book: Rulebook, doll: NamedCard) -> None:
    """Issue 30: the keywords a carried card has become subjects the follow-up carries, said by their own names and as
    strongly as the card is still meant; a keyword its text only mentions does not; its Oracle text's rare words, its name
    left out, are searched for more weakly."""
    doll = replace(doll, keywords=(*doll.keywords, ("Flying", "mentions", ("702.9",))))  # as if its text mentioned flying
    subjects = card_subjects([(doll, 0.8)], {}, full_book.qg)
    assert [(m.node, m.said, m.via) for m in subjects] == [("keyword:indestructible", "indestructible", "carried")]
    assert subjects[0].quality == pytest.approx(0.8)
    assert card_subjects([(doll, 0.1)], {}, full_book.qg) == []  # faded below what is forgotten
    words = card_words([(doll, 0.8)], full_book.index)
    assert "indestruct" in words and words["indestruct"] == pytest.approx(CARD_WORDS * 0.8)
    assert "doll" not in words and "stuffi" not in words  # the card's own name is no search word
    assert "creatur" not in words  # nor a word every rule says


def test_a_named_cards_keywords_become_the_questions_subjects(full_book: Rulebook, doll: NamedCard) -> None:
    """Issue 30: the keywords of a card the question names itself are its subjects (``via="card"``, as strongly as the
    card was named), their names searched for; a card a follow-up carries is left to the conversation, and a keyword the
    question says itself is not added twice."""
    a = analyze("what happens when my Stuffy Doll is dealt damage?", full_book.index)
    named = named_card_keywords(replace(a, cards=(replace(doll, how="exact"),)), full_book.index, full_book.qg)
    added = [m for m in named.matches if m.via == "card"]
    assert [(m.node, m.said) for m in added] == [("keyword:indestructible", "indestructible"),  # and its trigger, "Whenever
                                                 ("glossary:Triggered Ability", "triggered ability")]  # … is dealt damage"
    assert 0.5 < added[0].quality <= 0.95  # the card named surely, and its keyword about half of what is asked
    assert "indestruct" in dict(named.terms)
    carried = replace(a, cards=(doll,))  # how="carried": the conversation's to bring
    assert named_card_keywords(carried, full_book.index, full_book.qg) is carried
    said = analyze("is my Stuffy Doll indestructible?", full_book.index)
    said = replace(said, cards=(replace(doll, how="exact"),))
    assert [m for m in named_card_keywords(said, full_book.index, full_book.qg).matches if m.via == "card" and m.kind == "keyword"] == []


def test_a_question_about_a_card_reaches_its_keywords_rule(full_book: Rulebook, deck: CardDeck) -> None:
    """Issue 30: "what happens when my Kitchen Finks dies?" never says persist, the card's keyword, yet persist's rule
    answers it: among the first three (it was not among the first 40), and the answer's lines say the card has it
    rather than that the question named it."""
    answer = ask(full_book, "what happens when my Kitchen Finks dies?", k=3, deck=deck)
    assert (first_hit(["702.79a"], [c.id for c in answer.citations]) or 99) <= 3
    assert not any(w.startswith("‘persist’") for w in answer.why)


def test_a_card_the_installed_data_lacks_is_said_so(full_book: Rulebook, deck: CardDeck) -> None:
    """Elesh Norn, Mother of Machines (2023) is not in the 2022 card data, which holds Elesh Norn, Grand Cenobite: the answer
    names no card for it, says the installed data lacks it and how to get newer cards, and corrects none of its words."""
    answer = ask(full_book, "If I control Elesh Norn, Mother of Machines and cast Jailbreak, do I return two cards?", k=3, deck=deck)
    assert [c.name for c in answer.cards] == ["Jailbreak"]
    assert any(w.startswith("‘Elesh Norn, Mother of Machines’ is no card of the installed card data") and "update cards" in w
               for w in answer.why)
    assert answer.caveats and answer.caveats[0].startswith("‘Elesh Norn, Mother of Machines’ is no card")  # said before the answer
    assert not any("norn" in w and w.startswith("read ") for w in answer.why)


def test_a_named_cards_triggered_ability_is_a_subject_read_from_the_glossary(full_book: Rulebook, doll: NamedCard) -> None:
    """A card whose text has an ability opening with a word the glossary says triggered abilities begin with (“when,”
    “whenever,” “at”), on a line of its own, after an ability word's dash or after a sentence an effect ends with, has the
    glossary's Triggered Ability as a subject (so rule 4 raises the rules it cites, 603) as far as the question speaks of
    that ability (its words, or "trigger"); "when" in reminder text, or mid-sentence, is no such ability."""
    from rulesgraph.question.cardsaid import KIND, kind_subjects

    g = full_book.qg
    own = _own(full_book, "does it still draw me a card when it enters if my opponent responds?")
    said = lambda text: [(m.node, m.via) for m in kind_subjects([(replace(doll, text=text), 1.0)], own, g)]
    assert said("When Thragtusk enters, you draw a card.") == [("glossary:Triggered Ability", "card")]
    assert said("Flying\nLandfall — Whenever a land you control enters, draw a card.") == [("glossary:Triggered Ability", "card")]
    assert said("Exile target creature. At the beginning of the next end step, return it and draw a card.") != []
    assert said("Persist (When this creature dies, if it had no -1/-1 counters on it, draw a card.)") == []
    assert said("Creatures can't block this turn when they enter and draw a card.") == []
    trigger = _own(full_book, "when does its trigger happen?")  # the kind's own word
    assert [m.node for m in kind_subjects([(replace(doll, text="At the beginning of your upkeep, you lose 1 life."), 1.0)], trigger, g)]
    flying = _own(full_book, "can it block a creature with flying?")  # not of its trigger
    assert kind_subjects([(replace(doll, text="Whenever this is dealt damage, it deals that much damage to you."), 1.0)], flying, g) == []
    half, whole = (kind_subjects([(replace(doll, text="When this enters, draw a card."), w)], own, g)[0].quality for w in (0.5, 1.0))
    assert half == whole / 2 and whole <= 1.0 and KIND > 1  # as surely as the card is meant; a whole subject at most
    assert kind_subjects([(replace(doll, text="When this enters, draw a card."), 1.0)], {}, g) == []  # no words of its own


def test_a_named_cards_trigger_brings_the_triggered_ability_rules_forward(full_book: Rulebook, deck: CardDeck) -> None:
    """Thragtusk under Torpor Orb: the rules of triggered abilities (603) are among the answer's first rules, as a
    named keyword's are."""
    a = ask(full_book, "does Torpor Orb stop my Thragtusk from gaining me life when it enters?", deck=deck)
    rules = [c.id for c in a.citations if c.kind != "ruling"]
    assert any(r.startswith("603") for r in rules[:3]), rules
