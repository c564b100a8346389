"""Conversation state: follow-ups carry recent subjects, new subjects replace them."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from rulesgraph import Rulebook
from rulesgraph.answer.compose import ask, legality_again
from rulesgraph.parse.numbers import parent_of
from rulesgraph.question.analyze import analyze
from rulesgraph.question.conversation import SAYS_ENOUGH, Conversation
from rulesgraph.question.namedcards import CardDeck, with_cards

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from accuracy import first_hit  # noqa: E402  (the benchmark's own definition of a hit)


def ids(answer) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.id for c in answer.citations]


def test_a_follow_up_inherits_the_subject(full_book: Rulebook) -> None:
    conv = Conversation()
    ask(full_book, "what does trample do?", conversation=conv)
    follow = ask(full_book, "and with deathtouch?", conversation=conv)
    assert "following up on: trample" in follow.why
    assert {"702.2", "702.19"} <= {parent_of(i) or i for i in ids(follow)[:3]} | set(ids(follow)[:3])
    # strongest first: trample, carried, keeps CARRIED_DECAY (0.85); deathtouch, added by the follow-up, gets ADDED (0.8)
    assert conv.topic()[:2] == ["trample", "deathtouch"]


def test_words_the_rules_never_use_follow_nothing_up(full_book: Rulebook) -> None:
    """"asdfqwer zxcv" after a deathtouch question gave the deathtouch answer again at "high" confidence (new-user
    helper, stop 75): no word of it is the rules' or a question's, so nothing is carried, and the subject waits."""
    conv = Conversation()
    ask(full_book, "does deathtouch work with fight?", conversation=conv)
    for said in ("asdfqwer zxcv", "hmm"):
        nonsense = ask(full_book, said, conversation=conv)
        assert nonsense.citations == () and nonsense.confidence == 0.0
    follow = ask(full_book, "and with trample?", conversation=conv)
    assert any(w.startswith("following up on: ") and "deathtouch" in w for w in follow.why)
    conv = Conversation()
    ask(full_book, "how does flashback work?", conversation=conv)
    short = ask(full_book, "ETB?", conversation=conv)  # a players' word the aliases read: a follow-up (review, stop 75)
    assert any(w.startswith("following up on: flashback") for w in short.why)


def test_a_pronoun_follow_up(full_book: Rulebook) -> None:
    conv = Conversation()
    ask(full_book, "how does vigilance work?", conversation=conv)
    follow = ask(full_book, "so after it attacks it stays untapped?", conversation=conv)
    assert any("vigilance" in w for w in follow.why)
    assert any(i.startswith("702.20") for i in ids(follow)[:3])


def test_a_new_explicit_subject_never_inherits(full_book: Rulebook) -> None:
    for switch in ("ok different question, what does ward do?", "how does ward work?", "unrelated: explain ward",
                   "totally unrelated: how does ward work", "completely off-topic, what does ward do?",
                   "also quick one, what does ward do?", "one more thing: how does ward work"):
        conv = Conversation()
        ask(full_book, "what does trample do?", conversation=conv)
        new = ask(full_book, switch, conversation=conv)
        assert not any(w.startswith("following up") for w in new.why), switch
        assert ids(new)[0] == "702.21" and "trample" not in conv.topic()


def test_a_switch_cue_alone_starts_a_new_subject(full_book: Rulebook) -> None:
    """With no subject of its own to tell, "new q", "different question" … still open a new subject, though the
    question says "it" or "they" ("q" is how chat says question)."""
    for switch in ("new q - can they still respond to it once I play a land?", "different question: can they respond to it?",
                   "other q, does it still work if the creature is tapped?"):
        conv = Conversation()
        ask(full_book, "what does trample do?", conversation=conv)
        new = ask(full_book, switch, conversation=conv)
        assert new.why[0] == "new subject: nothing carried over", switch
        assert "trample" not in conv.topic()


def test_an_it_that_refers_to_nothing_is_no_follow_up(full_book: Rulebook) -> None:
    """"How much commander damage does it take", "is it legal to …": that "it" refers to nothing, so a question
    naming its own subject is not read as a follow-up; a real pronoun still is."""
    for question, follows in (("how much commander damage does it take to kill somebody?", False),
                              ("is it legal to respond to commander damage?", False),
                              ("does it still deal commander damage?", True)):
        conv = Conversation()
        ask(full_book, "can a creature with menace be blocked by one creature?", conversation=conv)
        new = ask(full_book, question, conversation=conv)
        assert any(w.startswith("following up") for w in new.why) == follows, question


def test_same_question_for_a_new_subject_replaces_its_kin(full_book: Rulebook) -> None:
    """"same question for battles" asks the last question again of battles, which take the place of their kin
    (planeswalkers: both card types, chapter 3) for good; "same question" itself is no search word."""
    conv = Conversation()
    ask(full_book, "how does a planeswalker take combat damage?", conversation=conv)
    assert conv.topic() == ["planeswalker"]
    a, notes = conv.resolve(analyze("same question for battles", full_book.index), full_book.index, full_book.qg)
    assert notes == ["asking the last question again: take combat damage"]  # "combat damage" was too common to carry
    assert {t for t, _ in a.terms} == {"battl", "take", "combat", "damag"}
    assert not any(m.via == "carried" for m in a.matches)
    conv.record(a, (), full_book.index)
    follow = ask(full_book, "what about double strike?", conversation=conv)
    assert "following up on: battles" in follow.why


def test_same_question_keeps_subjects_of_another_kind(full_book: Rulebook) -> None:
    """Only the new subject's kin is replaced: trample (a keyword) still carries into "same question for battles"."""
    conv = Conversation()
    ask(full_book, "if my trampler is blocked while attacking a planeswalker, where does the excess go?", conversation=conv)
    a, notes = conv.resolve(analyze("same question for battles", full_book.index), full_book.index, full_book.qg)
    carried = {m.node for m in a.matches if m.via == "carried"}
    assert "keyword:trample" in carried
    assert not carried & {"glossary:Planeswalker", "306"}
    assert notes[0].startswith("following up on:") and "planeswalker" not in notes[0]


def test_subjects_fade_and_reset(full_book: Rulebook) -> None:
    conv = Conversation()
    ask(full_book, "what does flying do?", conversation=conv)
    assert conv.topic() == ["flying"]
    weights = []
    for _ in range(12):  # each follow-up relies on flying, which still fades, slowly
        ask(full_book, "what if it is blocked?", conversation=conv)
        weights.append(conv.subjects["keyword:flying"][1] if "keyword:flying" in conv.subjects else 0.0)
    assert weights == sorted(weights, reverse=True) and weights[0] > 0.8 and weights[-1] == 0.0
    assert "flying" not in conv.topic()
    ask(full_book, "what does reach do?", conversation=conv)
    conv.reset()
    assert conv.topic() == [] and conv.turns == 0


def test_one_shot_answers_stay_stateless(full_book: Rulebook) -> None:
    alone = ask(full_book, "and with deathtouch?")
    assert not any(w.startswith("following up") for w in alone.why)


@pytest.mark.parametrize(
    ("name", "floor", "gain", "whole"),
    # follow-ups measured 85.9%, 68.9%, 60.0% and 57.8% (issue target 85% on ours), against 49.3%, 40.0%, 40.0% and
    # 40.0% asked alone (chains_holdout2: 42.2% since spelling correction leaves English words alone, so its gain
    # is 8 of 45 turns, not 9; chains_holdout: 44.4% alone since a keyword named several ways counts once and a keyword
    # named in passing gets its rule before its further subrules, so its gain is 11 of 45 turns, not 12, with the
    # follow-ups unchanged at 31; 48.9% alone since rank rule 40 cites a procedure with its steps, so its gain is 10
    # of 45, with the follow-ups up to 32; 9 of 45 since the famous-card entries left the alias table: follow-ups 31,
    # alone 22); 21 of 30, 10 of 24, 8 of 24 and 5 of 24 conversations right at every turn.  Stop 34, rule 68 (the
    # learned words): follow-ups 90.1%, 71.1%, 64.4%, 75.6%; asked alone 62.0%, 55.6%, 48.9%, 62.2% (the learned words
    # help a follow-up asked alone too, so the gain is 20, 7, 7 and 6 turns); 25, 10, 11 and 8 conversations whole.
    # Stop 35, rule 68 learning from the real tuning questions too (the words of what each asks) at weight 0.7:
    # follow-ups 93.0%, 71.1%, 64.4%, 75.6% (66, 32, 29, 34 turns, 161 in all against 159); asked alone they gain more
    # (47, 26, 23, 29 turns against 44, 25, 22, 28), so conversation's own gain is 19, 6, 6 and 5 turns.  Stop 36, the
    # words of more11's and more12's real questions learned too: follow-ups as before; asked alone chains' gain two more
    # (49), so conversation's own gain there is 17 turns of 71.  Stop 37, more13's and more14's real tuning questions
    # learned too: chains_holdout3's follow-ups 34 → 33 of 45 (73.3%), the others as before.  Stop 38, rule 69 (the
    # rules' question counts) and more16–18 learned: chains 67 of 71 (alone 49); chains_holdout 34 of 45, but asked
    # alone 29 (rule 69 helps a lone follow-up more), so conversation's own gain is 5 turns, not 6; chains_holdout3
    # 33 → 32 of 45 (71.1%), asked alone 29 (was 28): conversation's own gain 3 turns
    # Stop 40, the table of 2,343 real tuning questions (Saturday School 2002–2004 learned): chains_holdout2 29 → 28 of 45.
    # Stop 56, a follow-up telling its own situation leaning less on what it carries (SAYS_ENOUGH): chains_holdout 34 → 33
    # of 45 (pro-red's fourth turn; asked alone 29, so conversation's own gain 4 turns), chains_holdout2 and 3 one more
    # each, and with the card data 228 → 232 of the seven sets' 319 follow-ups.  Stop 58, rule 51 (a token leaving the
    # battlefield) deleted, earning nothing on the real tuning questions: chains 65 → 64 of 71 (tokens-then-exile's "can
    # I bounce it to my hand and recast it?"), alone 48, so conversation's own gain is 16 turns.  Stop 59, rule 70 (of the
    # 60 rules worded best like the questions they settled, those at least half as well as the best are candidates):
    # follow-ups 64, 38, 35 and 38 of 71, 45, 45, 45; asked alone 48, 36, 28, 31 (chains_holdout's lone follow-ups gain
    # 7, so conversation's own gain there is 2 turns); 26, 15, 16 and 13 conversations whole: the floors are these.
    # Stop 61, rule 71 (the first rules re-ordered by their standing among the real answers' first citations): follow-ups
    # 64, 38, 35 and 37; asked alone 49, 37, 27, 31 (the lone questions gain 1 and 1 on chains and chains_holdout, so
    # conversation's own gain there is 15 and 1 turns, on chains_holdout3 6); 26, 15, 16 and 12 conversations whole.
    # Stop 62, rule 2's rule half (a named keyword's prior on its rules) deleted: follow-ups 64, 39, 35 and 36; asked alone 49, 36, 27, 32
    # (conversation's own gain 15, 3, 8 and 4 turns); 26, 16, 16 and 11 conversations whole.  Stop 67, the standing and
    # first rules' tables recounted with rule 75 (these run without card data, so rule 75 itself reads nothing here):
    # chains 64 → 63 of 71, asked alone 49 (conversation's own gain 14 turns); with the card data the seven sets' turns
    # rise 432 → 438 of 523 (bench/conversation.py).
    [("chains", 0.88, 0.19, 25), ("chains_holdout", 0.86, 0.06, 16), ("chains_holdout2", 0.77, 0.13, 16),
     ("chains_holdout3", 0.80, 0.08, 11)],
)
def test_scripted_chains_regression(full_book: Rulebook, name: str, floor: float, gain: float, whole: int) -> None:
    """The scripted conversations of bench/questions/ (players' words; combat, keywords, the stack,
    layers …; the three chains_holdout sets were written blind): follow-ups must do far better with conversation
    state than asked alone, first turns must not change, and no topic switch may inherit the old subject.
    Floors (follow-up hit@3, conversations right at every turn) are the levels measured when this was
    written (see README); raise them as ranking improves."""
    chains = [json.loads(line) for line in (BENCH / "questions" / f"{name}.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    follow, follow_alone, first, first_alone, leaks, every = [], [], [], [], 0, 0
    for chain in chains:
        conv = Conversation()
        right = True
        for n, turn in enumerate(chain["turns"]):
            with_state = ask(full_book, turn["question"], k=3, conversation=conv)
            alone = ask(full_book, turn["question"], k=3)
            hit = first_hit(turn["expected_rules"], ids(with_state)) is not None
            hit_alone = first_hit(turn["expected_rules"], ids(alone)) is not None
            right &= hit
            if n == 0:
                first.append(hit)
                first_alone.append(hit_alone)
            elif not turn.get("switch"):
                follow.append(hit)
                follow_alone.append(hit_alone)
            else:
                leaks += any(w.startswith("following up") for w in with_state.why)
        every += right
    assert first == first_alone
    assert leaks == 0
    assert sum(follow) / len(follow) >= floor
    assert sum(follow) - sum(follow_alone) >= gain * len(follow)
    assert every >= whole


def test_a_scene_setting_verb_is_not_carried(full_book: Rulebook) -> None:
    """Issue 16, Build 6: the verb a question only sets the scene with ("I cast Giant Growth …") is not carried
    into its follow-ups (it was, at 85%), nor cited as the definition of casting."""
    c = Conversation()
    answer = ask(full_book, "I have a Grizzly Bears. I cast Giant Growth on it. What happens?", conversation=c)
    assert "keyword:cast" not in c.subjects
    assert "701.5" not in [x.id for x in answer.citations][:3]


@pytest.fixture
def carded(full_book: Rulebook) -> Rulebook:
    """The full rules, asked with :func:`deck`."""
    return full_book


def _cards(answer) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.name for c in answer.cards]


def test_a_card_stays_the_subject_of_pronoun_follow_ups(carded: Rulebook, deck: CardDeck) -> None:
    """Issue 30: the card an earlier turn named feeds "it" follow-ups (what the card steps read of it: its rulings, type
    line, effects) until replaced."""
    conv = Conversation()
    ask(carded, "what happens when Wrath of God hits my Stuffy Doll", conversation=conv, deck=deck)
    second = ask(carded, "and if it's been dealt 10 damage?", k=5, conversation=conv, deck=deck)
    third = ask(carded, "does exiling it work though", k=3, conversation=conv, deck=deck)
    for a in (second, third):
        assert "Stuffy Doll" in _cards(a)
        assert any(w.startswith("following up on:") and "Stuffy Doll" in w for w in a.why)
    rulings = [c.id for c in second.citations if c.kind == "ruling"]  # the Doll's rulings on damage, the Doll never said
    assert rulings and all("Stuffy Doll" in r for r in rulings)
    assert not [c for c in ask(carded, "and if it's been dealt 10 damage?", k=5, deck=deck).citations if c.kind == "ruling"]
    switched = ask(carded, "ok, different question: how does ward work?", conversation=conv, deck=deck)
    assert _cards(switched) == [] and not conv.cards


def test_her_tax_after_the_lone_card_answer(carded: Rulebook, deck: CardDeck) -> None:
    """The answer to a card's name alone starts a conversation like any other: "her tax" is Thalia's."""
    conv = Conversation()
    first = ask(carded, "how does Thalia, Guardian of Thraben work", conversation=conv, deck=deck)
    assert _cards(first) == ["Thalia, Guardian of Thraben"]
    second = ask(carded, "does her tax hit my own instants too?", k=3, conversation=conv, deck=deck)
    assert _cards(second) == ["Thalia, Guardian of Thraben"]
    assert (first_hit(["601.2f"], [c.id for c in second.citations]) or 99) <= 3
    assert _cards(ask(carded, "does her tax hit my own instants too?", k=3, deck=deck)) == []  # alone: no card
    for said in ("does her tax apply to my own instants?", "does her ability affect my own spells?"):  # "her" of a legend
        conv = Conversation()
        ask(carded, "Thalia, Guardian of Thraben", conversation=conv, deck=deck)
        assert _cards(ask(carded, said, k=3, conversation=conv, deck=deck)) == ["Thalia, Guardian of Thraben"], said
    conv = Conversation()  # "he" and "his" are the opponent's, even after a legend
    ask(carded, "Thalia, Guardian of Thraben", conversation=conv, deck=deck)
    assert _cards(ask(carded, "can my opponent respond when he draws his card for the turn?", k=3, conversation=conv, deck=deck)) == []
    conv = Conversation()  # "him", the object a legend is, with a card of its own: both (a helper's Teferi lost, stop 81)
    ask(carded, "how does teferi time raveler work", conversation=conv, deck=deck)
    both = ask(carded, "my opponent controls him. can I cast Brainstorm during their end step?", k=3, conversation=conv, deck=deck)
    assert set(_cards(both)) == {"Brainstorm", "Teferi, Time Raveler"}


def test_a_matter_of_its_own_asked_of_the_card_held_carries_the_card_not_the_last_matter(carded: Rulebook, deck: CardDeck) -> None:
    """"does her ability affect adventure spells?" after a question of Thalia and flashback led with Flashback (a new
    user's trial found it): a follow-up asking its own matter (a keyword, a glossary term) of the card it points back
    at carries the card, not the last question's matters; one going on from the last question ("and if …") carries them."""
    conv = Conversation()
    ask(carded, "Does Thalia, Guardian of Thraben make my opponent pay more for flashback spells cast from the graveyard?",
        conversation=conv, deck=deck)
    adventure = ask(carded, "does her ability affect adventure spells?", k=3, conversation=conv, deck=deck)
    assert _cards(adventure) == ["Thalia, Guardian of Thraben"]
    assert adventure.citations[0].id.startswith("715") and "702.34" not in [c.id for c in adventure.citations]
    conv = Conversation()
    ask(carded, "Does Thalia, Guardian of Thraben make my opponent pay more for flashback spells cast from the graveyard?",
        conversation=conv, deck=deck)
    going_on = ask(carded, "and if it's cast with its adventure?", k=3, conversation=conv, deck=deck)
    assert any(w.startswith("following up on:") and "flashback" in w for w in going_on.why)


def test_he_and_his_of_the_opponent_start_a_new_question(full_book: Rulebook) -> None:
    """Players say "he" and "his" of their opponent: a new question saying them carries nothing over (4a540ff made them
    follow-up signs and was reverted: "can my opponent respond when he draws …" cited the deathtouch asked before)."""
    conv = Conversation()
    ask(full_book, "what does deathtouch do?", conversation=conv)
    a = ask(full_book, "can my opponent respond when he draws his card for the turn?", conversation=conv)
    assert not any(w.startswith("following up") for w in a.why) and not a.citations[0].id.startswith("702.2")


def test_cards_of_its_own_and_nothing_pointing_back_start_a_new_subject(carded: Rulebook, deck: CardDeck) -> None:
    """A short question naming new cards, with no word pointing back at what was said, asks about them: nothing carried
    (a new user's trial: "Does Rest in Peace stop Kitchen Finks from persisting?" followed up on Lightning Greaves and
    the flying asked of it)."""
    conv = Conversation()
    ask(carded, "what does lightning greaves do?", conversation=conv, deck=deck)
    ask(carded, "what if it has flying?", conversation=conv, deck=deck)
    new = ask(carded, "Does Rest in Peace stop Kitchen Finks from persisting?", conversation=conv, deck=deck)
    assert "new subject: nothing carried over" in new.why and _cards(new) == ["Rest in Peace", "Kitchen Finks"]
    assert "Lightning Greaves" not in conv.cards
    then = ask(carded, "what if it has flying?", conversation=conv, deck=deck)  # the new subject is what "it" is now
    assert "Lightning Greaves" not in _cards(then) and "Kitchen Finks" in _cards(then)


def test_a_word_pointing_back_after_a_card_of_its_own_points_at_that_card(carded: Rulebook, deck: CardDeck) -> None:
    """A store judge's REPL, open all evening (a trial): "Blood Artist and Wrath of God: does Blood Artist trigger …,
    including itself?" after Teferi's Protection and Cyclonic Rift followed up on them, and card after card piled up in the
    topic.  A word pointing back said after the question's own new card may mean that card: it starts a new subject,
    unless the card is said doing something to it ("can i ephemerate it", "does Swords to Plowshares exile it?").  A
    follow-up saying "it" before any card of its own still carries."""
    conv = Conversation()
    ask(carded, "Does Teferi's Protection save my stuff from an overloaded Cyclonic Rift?", conversation=conv, deck=deck)
    new = ask(carded, "Blood Artist and Wrath of God: does Blood Artist trigger for every creature that dies, including itself?",
              conversation=conv, deck=deck)
    assert _cards(new) == ["Blood Artist", "Wrath of God"] and not any(w.startswith("following up on") for w in new.why)
    assert "Cyclonic Rift" not in conv.cards
    then = ask(carded, "and does it trigger if it's exiled instead?", conversation=conv, deck=deck)
    assert "Blood Artist" in _cards(then) and any(w.startswith("following up on") for w in then.why)
    object_ = Conversation()
    ask(carded, "what happens to a token copy of Wurmcoil Engine when it dies?", conversation=object_, deck=deck)
    again = ask(carded, "can i ephemerate it and get it back?", conversation=object_, deck=deck)
    assert "Wurmcoil Engine" in _cards(again)  # "ephemerate it": the card said as a verb, "it" its object
    # a review: the new card doing something to what was said ("exile it", "counter that trigger") still points back
    acted = Conversation()
    ask(carded, "what happens when Wurmcoil Engine dies?", conversation=acted, deck=deck)
    assert "Wurmcoil Engine" in _cards(ask(carded, "does Swords to Plowshares exile it?", conversation=acted, deck=deck))
    # nor is a pronoun after a word asking of the new card or opening a clause, nor an "it" that means nothing (a user's check)
    for q in ("If Wrath of God destroys my Stuffy Doll, does it trigger?", "I control Blood Artist. If it dies, how many triggers?",
              "Is it true that Blood Moon turns Urborg, Tomb of Yawgmoth into a Mountain?",
              "It's my first game. Can Sol Ring be in my deck?"):
        fresh = Conversation()
        ask(carded, "When Kitchen Finks dies, does it come back?", conversation=fresh, deck=deck)
        assert "Kitchen Finks" not in _cards(ask(carded, q, conversation=fresh, deck=deck)), q
    goyf = Conversation()
    ask(carded, "how big is Tarmogoyf?", conversation=goyf, deck=deck)  # "shockland" is no saying of Shock
    assert "Tarmogoyf" in _cards(ask(carded, "if I crack a shockland, does it survive a Shock?", conversation=goyf, deck=deck))


def test_a_card_the_follow_up_names_joins_and_cards_fade(carded: Rulebook, deck: CardDeck) -> None:
    conv = Conversation()
    ask(carded, "does Blood Moon turn off my Urza's Saga?", conversation=conv, deck=deck)
    joined = ask(carded, "and what if I also have Kitchen Finks out, does it lose persist?", conversation=conv, deck=deck)
    assert "Kitchen Finks" in _cards(joined) and "Blood Moon" in _cards(joined)
    for _ in range(12):  # the card is not relied on by questions of their own: it fades
        conv.record(analyze("what is the stack", carded.index), (), carded.index)
    assert not conv.cards


def test_card_chains_regression(carded: Rulebook, deck: CardDeck) -> None:
    """card_chains.jsonl (22 conversations that start from a card): follow-ups keep the card, measured as
    bench/conversation.py does (hit@3 on follow-ups 63.3% with the conversation, 30.0% each turn alone; 40.0% before the
    cards were carried, 60.0% before their keywords and Oracle words were, 66.7% before the first turn's own cards'
    keywords were searched for too, which moved the sections a follow-up favours), and every follow-up carries the
    card(s) it refers to (``carries``)."""
    path = Path(__file__).parents[1] / "bench" / "questions" / "card_chains.jsonl"
    chains = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    hits = []
    for chain in chains:
        conv = Conversation()
        for n, turn in enumerate(chain["turns"]):
            answer = ask(carded, turn["question"], k=3, conversation=conv, deck=deck)
            if n:
                hits.append((first_hit(turn["expected_rules"], [c.id for c in answer.citations]) or 99) <= 3)
                assert set(turn["carries"]) <= set(_cards(answer)), turn["question"]
    assert len(chains) >= 20 and sum(hits) / len(hits) >= 0.63


def test_what_about_another_card_takes_its_kins_place(carded: Rulebook, deck: CardDeck) -> None:
    """"what about Murder?" asks the last question of Murder in Wrath of God's place (a spell for a spell): the Doll
    stays; a question that does not point back ("what is the stack?") carries no card."""
    conv = Conversation()
    ask(carded, "what happens when Wrath of God hits my Stuffy Doll", conversation=conv, deck=deck)
    assert _cards(ask(carded, "what about Murder?", conversation=conv, deck=deck)) == ["Murder", "Stuffy Doll"]
    assert "Wrath of God" not in conv.cards
    assert set(_cards(ask(carded, "and with Path to Exile?", conversation=conv, deck=deck))) == {"Path to Exile", "Stuffy Doll", "Murder"}
    conv = Conversation()
    ask(carded, "my opponent has Thalia, Guardian of Thraben out", conversation=conv, deck=deck)
    assert _cards(ask(carded, "what is the stack?", conversation=conv, deck=deck)) == []


def test_another_card_takes_the_place_of_the_last_named_of_its_kin_only(carded: Rulebook, deck: CardDeck) -> None:
    """Tarmogoyf attacks and Ambush Viper blocks; "what about with Wall of Roots instead?" puts the Wall in the blocker's
    place and keeps the attacker (every creature of the conversation went, and the question lost what was attacking)."""
    conv = Conversation()
    ask(carded, "my opponent attacks with a Tarmogoyf and I flash in Ambush Viper to block it", conversation=conv, deck=deck)
    ask(carded, "does that creature kill it?", conversation=conv, deck=deck)
    instead = ask(carded, "what about with Wall of Roots instead?", conversation=conv, deck=deck)
    assert set(_cards(instead)) == {"Wall of Roots", "Tarmogoyf"}
    assert "Ambush Viper" not in conv.cards and "Tarmogoyf" in conv.cards


def test_a_shared_short_name_is_the_card_the_conversation_is_about(carded: Rulebook, deck: CardDeck) -> None:
    """"Thalia" names several cards; after Thalia, Guardian of Thraben it is she (alone it is none of them)."""
    assert _cards(ask(carded, "does Thalia tax flashback spells?", deck=deck)) == []
    conv = Conversation()
    ask(carded, "how does Thalia, Guardian of Thraben work", conversation=conv, deck=deck)
    follow = ask(carded, "does Thalia tax flashback spells?", k=3, conversation=conv, deck=deck)
    assert _cards(follow) == ["Thalia, Guardian of Thraben"]
    assert any(w.startswith("‘Thalia’ names card Thalia, Guardian of Thraben") for w in follow.why)


def test_a_word_of_the_cards_name_or_type_points_back(carded: Rulebook, deck: CardDeck) -> None:
    conv = Conversation()
    ask(carded, "what happens when Wrath of God hits my Stuffy Doll", conversation=conv, deck=deck)
    assert "Stuffy Doll" in _cards(ask(carded, "does the doll survive a Pyroclasm?", conversation=conv, deck=deck))
    conv = Conversation()
    ask(carded, "what happens when Wrath of God hits my Stuffy Doll", conversation=conv, deck=deck)
    assert "Stuffy Doll" in _cards(ask(carded, "can my construct block a flyer?", conversation=conv, deck=deck))


def test_a_follow_up_saying_the_cards_subtype_keeps_the_card(carded: Rulebook, deck: CardDeck) -> None:
    """"can I move the equipment …" after Lightning Greaves says enough of its own to pass for a new question, yet "the
    equipment" is the Greaves (its subtype): the card stays, and so through the next turn's "it"; a card type ("the
    creature") is any card's and keeps nothing."""
    conv = Conversation()
    ask(carded, "my creature has Lightning Greaves, can my opponent target it with Murder?", conversation=conv, deck=deck)
    assert "Lightning Greaves" in _cards(ask(carded, "can I move the equipment to another creature during my opponent's turn?",
                                             conversation=conv, deck=deck))
    assert "Lightning Greaves" in _cards(ask(carded, "what happens to it if the creature it's on dies?", conversation=conv, deck=deck))
    conv = Conversation()
    ask(carded, "my creature has Lightning Greaves, can my opponent target it with Murder?", conversation=conv, deck=deck)
    sick = ask(carded, "can the creature with summoning sickness attack during my opponent's turn?", conversation=conv, deck=deck)
    assert _cards(sick) == []


def test_a_follow_up_naming_one_earlier_card_carries_that_one(carded: Rulebook, deck: CardDeck) -> None:
    """"does the doll survive?" after Stuffy Doll and Pacifism is about the Doll alone (Pacifism's enchant and Aura rules
    would otherwise come along); "does it survive?" is about both."""
    conv = Conversation()
    ask(carded, "my Stuffy Doll is enchanted with Pacifism, can it still block?", conversation=conv, deck=deck)
    assert _cards(ask(carded, "does the doll survive a Pyroclasm?", conversation=conv, deck=deck)) == ["Pyroclasm", "Stuffy Doll"]
    conv = Conversation()
    ask(carded, "my Stuffy Doll is enchanted with Pacifism, can it still block?", conversation=conv, deck=deck)
    followed = ask(carded, "does it survive a Pyroclasm?", conversation=conv, deck=deck)
    assert set(_cards(followed)) == {"Pyroclasm", "Stuffy Doll", "Pacifism"}


def test_a_legality_follow_up_is_about_the_carried_card(carded: Rulebook, deck: CardDeck) -> None:
    """A card carried into a follow-up that asks its legality ("it", "this card", "that one") is answered from the card
    data, as the same question naming the card is; a card a legality answer named is the next turn's "it"."""
    conv = Conversation()
    ask(carded, "sol ring", conversation=conv, deck=deck)
    a = ask(carded, "is it legal in modern", conversation=conv, deck=deck)
    assert a.answer.startswith("No: Sol Ring is not legal in Modern") and _cards(a) == ["Sol Ring"]
    assert "the card the conversation is about" in a.why[0]
    conv = Conversation()
    ask(carded, "kitchen finks", conversation=conv, deck=deck)
    a = ask(carded, "can it be my commander", conversation=conv, deck=deck)
    assert a.answer.startswith("No: Kitchen Finks can't be a commander") and a.citations[0].id == "903.3"
    assert ask(carded, "what is this card's color identity?", conversation=conv, deck=deck).answer.startswith("Kitchen Finks' color")
    a = ask(carded, "can that one go in a mono-green commander deck?", conversation=conv, deck=deck)
    assert a.answer.startswith("No: Kitchen Finks'")
    a = ask(carded, "is sol ring banned in legacy?", conversation=conv, deck=deck)  # its own card: the new topic
    assert a.answer.startswith("Yes: Sol Ring is banned in Legacy")
    assert ask(carded, "can it be my commander?", conversation=conv, deck=deck).answer.startswith("No: Sol Ring can't be a commander")


def test_a_legality_question_asked_again_of_another_format_or_deck(carded: Rulebook, deck: CardDeck) -> None:
    """"what about a selesnya deck?" after a colour-identity answer is the same question of that deck, from the card data
    (a new user's trial: it was answered from the rules, led by persist); "what about Legacy?" after "is it legal in
    Modern?" likewise; what names no format or deck is asked as before."""
    conv = Conversation()
    assert ask(carded, "can kitchen finks go in a mono green commander deck?", conversation=conv, deck=deck).answer.startswith("No:")
    again = ask(carded, "what about a selesnya deck?", conversation=conv, deck=deck)
    assert again.answer.startswith("Yes, by color identity: Kitchen Finks'") and again.question == "can it go in a selesnya deck?"
    assert ask(carded, "is it legal in modern?", conversation=conv, deck=deck).answer.startswith("Yes: Kitchen Finks is legal in Modern")
    assert ask(carded, "what about legacy?", conversation=conv, deck=deck).answer.startswith("Yes: Kitchen Finks is legal in Legacy")
    other = ask(carded, "what about double strike?", conversation=conv, deck=deck)  # no format: the rules' answer, as before
    assert other.citations[0].id.startswith("702.4") and conv.legal is None
    assert legality_again("is sol ring legal in modern?", "and in pauper?") == "is it legal in pauper?"
    assert legality_again("is sol ring banned in legacy?", "what about vintage?") == "is it banned in vintage?"
    assert legality_again("what is trample?", "what about legacy?") is None
    crypt = lambda said: said.lower() == "mana crypt"  # what the deck finds whole
    assert legality_again("is sol ring banned in legacy?", "what about mana crypt instead?", crypt) == "is mana crypt banned in Legacy?"
    assert legality_again("is sol ring legal in pauper commander?", "what about mana crypt?", crypt) \
        == "is mana crypt legal in Pauper Commander?"  # the format said as read back, not MTGJSON's key
    assert legality_again("is sol ring banned in legacy?", "what about if he casts mana crypt?", crypt) is None


def test_a_legality_question_asked_again_of_another_card(carded: Rulebook, deck: CardDeck) -> None:
    """"what about mana crypt instead?" after "is sol ring banned in commander?" and "what about in legacy?" was answered
    from the rules, with coin flips (a new user's trial): it is the last question, of the card it names."""
    conv = Conversation()
    ask(carded, "is sol ring banned in commander?", conversation=conv, deck=deck)
    assert ask(carded, "what about in legacy?", conversation=conv, deck=deck).answer.startswith("Yes: Sol Ring is banned in Legacy")
    crypt = ask(carded, "what about mana crypt instead?", conversation=conv, deck=deck)
    assert crypt.answer.startswith("Yes: Mana Crypt is banned in Legacy"), crypt.answer
    assert ask(carded, "is it legal in vintage?", conversation=conv, deck=deck).answer.startswith("Yes: Mana Crypt is restricted")
    conv = Conversation()  # a card said inside what the follow-up tells is no card asked about (a review found it was)
    ask(carded, "is sol ring banned in legacy?", conversation=conv, deck=deck)
    bolt = ask(carded, "what about if my opponent casts Lightning Bolt on it?", conversation=conv, deck=deck)
    assert not (bolt.answer or "").startswith(("Yes", "No"))
    conv = Conversation()
    ask(carded, "can kitchen finks go in a mono green commander deck?", conversation=conv, deck=deck)
    assert ask(carded, "what about llanowar elves instead?", conversation=conv, deck=deck).answer.startswith("Yes, by color identity")


def test_without_a_word_pointing_back_no_card_is_carried_into_a_legality_question(carded: Rulebook, deck: CardDeck) -> None:
    conv = Conversation()
    ask(carded, "sol ring", conversation=conv, deck=deck)
    assert conv.cards_referred("is it legal in modern") and conv.cards_referred("can this card be my commander?")
    assert conv.cards_referred("what's on the modern ban list?") == ()
    assert not ask(carded, "what's on the modern ban list?", conversation=conv, deck=deck).answer.startswith(("Yes", "No"))
    assert ask(carded, "is it legal in modern", deck=deck).in_rules is False  # one question alone carries nothing: the rules' refusal


def test_a_follow_up_about_the_card_searches_for_its_keyword(carded: Rulebook, deck: CardDeck) -> None:
    """Issue 30: "and if it's been dealt 10 damage?" after Wrath of God hits Stuffy Doll carries the Doll's indestructible
    (its keyword, never said) into the ranking: the rule on indestructible and lethal damage is among the first three, higher
    than the same words asked alone get it (since stop 40's learned words, alone they find 704.5g third), with the Doll's
    rulings cited."""
    conv = Conversation()
    ask(carded, "what happens when Wrath of God hits my Stuffy Doll", conversation=conv, deck=deck)
    second = ask(carded, "and if it's been dealt 10 damage?", k=3, conversation=conv, deck=deck)
    rules = [i for i in ids(second) if not i.startswith("ruling:")]
    assert (first_hit(["702.12b", "704.5g"], rules) or 99) <= 3
    # a Doll ruling leads (damage is dealt even past its toughness): likelier than the rules, its chance is the confidence
    assert ids(second)[0].startswith("ruling:Stuffy Doll") and second.answer.startswith("Stuffy Doll ruling, ")
    said = next(w for w in second.why if "likely to settle the question" in w)
    chance, rules_chance = (int(x) / 100 for x in re.findall(r"(\d+)%", said))
    assert abs(second.confidence - chance) <= 0.005 and chance > rules_chance
    alone = ask(carded, "and if it's been dealt 10 damage?", k=3, deck=deck)  # alone: no Doll, lethal damage no higher
    assert (first_hit(["702.12b", "704.5g"], ids(alone)) or 99) >= (first_hit(["702.12b", "704.5g"], rules) or 99)
    assert any(i.startswith("ruling:Stuffy Doll") for i in ids(second)) and not any("Stuffy Doll" in i for i in ids(alone))


def test_a_held_card_said_by_a_word_of_its_name_its_initials_or_its_card_type(carded: Rulebook, deck: CardDeck) -> None:
    """Issue 30: a follow-up says the card it is about as players do: a word of its name the rules never use, without a
    determiner ("can I equip greaves to …"), its initials in capitals ("does RIP stop …"), or its card type after a
    definite determiner ("can the creature come back twice?", "if the enchantment leaves …"); each carries the card,
    where the follow-up was read as a new question before.  An owner before a card type is no such sign."""
    for first, follow, card in [
        ("how does Lightning Greaves work", "can I equip greaves to an opponent's creature?", "Lightning Greaves"),
        ("what does Rest in Peace do", "does RIP stop dies triggers?", "Rest in Peace"),
        ("what happens when my Kitchen Finks dies?", "can the creature come back twice?", "Kitchen Finks"),
        ("what does Rest in Peace do", "if the enchantment leaves, do exiled cards come back?", "Rest in Peace"),
    ]:
        conv = Conversation()
        ask(carded, first, k=3, conversation=conv, deck=deck)
        assert card in _cards(ask(carded, follow, k=3, conversation=conv, deck=deck)), follow
        assert card not in _cards(ask(carded, follow, k=3, deck=deck)), follow  # alone, nothing names it
    conv = Conversation()
    ask(carded, "what happens when my Kitchen Finks dies?", k=3, conversation=conv, deck=deck)
    assert not conv._names_held(analyze("can my creature with deathtouch and trample assign lethal damage?", carded.index),
                                "can my creature with deathtouch and trample assign lethal damage", carded.index)
    # a word the rules use names a held card only said with a capital inside the question ("does Rest stop …")
    conv = Conversation()
    ask(carded, "what does Rest in Peace do", k=3, conversation=conv, deck=deck)
    assert conv._said_cards(analyze("does Rest stop dies triggers?", carded.index), "does rest stop dies triggers?",
                            carded.index)[0] == {"Rest in Peace"}
    assert not conv._said_cards(analyze("does rest stop dies triggers?", carded.index), "does rest stop dies triggers?",
                                carded.index)[0]
    # a question bringing objects of its own: its "the creature" is one of them, no follow-up of the held card
    for first, new in [
        ("what happens when my Kitchen Finks dies?",
         "I block a 3/3 with a 2/2 and the creature has first strike, which deals damage first?"),
        ("what does Rest in Peace do", "if the enchantment I control is destroyed while an aura is attached, what happens?"),
    ]:
        conv = Conversation()
        ask(carded, first, k=3, conversation=conv, deck=deck)
        assert not _cards(ask(carded, new, k=3, conversation=conv, deck=deck)), new


def test_a_named_cards_keywords_are_no_subjects_the_conversation_keeps(carded: Rulebook, deck: CardDeck) -> None:
    """The keywords a named card brings to its own question (``via="card"``) answer that question; the conversation keeps
    the card, which brings them again, not them as subjects of their own."""
    conv = Conversation()
    answer = ask(carded, "what happens when my Kitchen Finks dies?", k=3, conversation=conv, deck=deck)
    assert (first_hit(["702.79a"], ids(answer)) or 99) <= 3  # persist came through the card
    assert "Kitchen Finks" in conv.cards and "keyword:persist" not in conv.subjects


def test_a_follow_up_carrying_a_card_favours_no_section_of_the_last_answer(carded: Rulebook, deck: CardDeck) -> None:
    """Issue 30: the card carried is the thread, not the sections the last answer came from (they were about the last
    situation: a split card revealed); a follow-up carrying no card still favours them."""
    conv = Conversation()
    ask(carded, "when Dark Confidant reveals a split card, how much life do I lose?", conversation=conv, deck=deck)
    a = analyze("what if it reveals a land?", carded.index)
    a = with_cards(a, deck.named(a.question, tuple(conv.cards), a.words, []), [])
    resolved, _ = conv.resolve(a, carded.index, carded.qg)
    assert [c.key for c in resolved.cards if c.how == "carried"] == ["Dark Confidant"]
    assert resolved.sections == ()
    plain = Conversation()
    ask(carded, "how does trample work with deathtouch?", conversation=plain)
    resolved, _ = plain.resolve(analyze("and with first strike?", carded.index), carded.index, carded.qg)
    assert resolved.sections and all(w == 1.0 for _, w in resolved.sections)


def test_a_follow_up_telling_its_own_situation_leans_less_on_what_it_carries(full_book: Rulebook) -> None:
    """A follow-up with more than SAYS_ENOUGH words of its own carries the last subjects at that share of their weight
    (their search words too); a short one carries them whole."""
    from rulesgraph.build.index import doc_terms

    (word,) = doc_terms("trample")

    def carried(follow: str) -> tuple[dict[str, float], float]:
        conv = Conversation()
        ask(full_book, "what does trample do?", conversation=conv)
        a = analyze(follow, full_book.index)
        resolved, _ = conv.resolve(a, full_book.index, full_book.qg)
        return {m.node: m.quality for m in resolved.matches if m.via == "carried"}, dict(resolved.terms)[word]

    short, short_word = carried("and with deathtouch?")
    long = "so if it gets blocked by two creatures with toughness three each and the attacker has five power, then what?"
    own = [t for t, w in analyze(long, full_book.index).terms if w == 1.0]
    assert len(own) > SAYS_ENOUGH
    told, told_word = carried(long)
    assert short["keyword:trample"] == pytest.approx(told["keyword:trample"] * len(own) / SAYS_ENOUGH)
    assert short_word == pytest.approx(told_word * len(own) / SAYS_ENOUGH)  # its search word too


def test_a_looked_up_cards_keywords_keep_their_weight_in_a_long_follow_up(carded: Rulebook, deck: CardDeck) -> None:
    """The keywords a card looked up leaves as subjects stand for the card: a follow-up telling its own situation
    carries them whole, as it carries the card."""
    named = deck.card("Questing Beast")
    assert named is not None
    conv = Conversation()
    conv.about_named(named, carded.qg)
    long = "so if it gets blocked by two creatures with toughness three each and the attacker has five power, then what?"
    a = analyze(long, carded.index)
    a = with_cards(a, deck.named(a.question, tuple(conv.cards), a.words, []), [])
    resolved, _ = conv.resolve(a, carded.index, carded.qg)
    kept = {m.node: m.quality for m in resolved.matches if m.via == "carried"}
    assert kept and all(q == 1.0 for q in kept.values()), kept


def test_policy_turn_hears_a_follow_up_after_the_policy_question_it_follows() -> None:
    """After a policy answer: a level alone asks it again there; a question pointing back or too short to stand alone is
    heard after it; one telling a game of its own (``game``: its game terms, a card counting two) or saying enough of
    its own is read as it stands.  The last policy question is kept for one turn only."""
    def turn(said: str, game: int = 0, last: str = "my opponent drew an extra card at a PPTQ") -> str | None:
        talk = Conversation()
        talk.policy = last
        heard = talk.policy_turn(said, lambda: game, lambda: False)
        assert talk.policy is None
        return None if heard is None else heard[0].cleaned[heard[0].own_from:]

    assert turn("what's the fix?") == "what's the fix?"
    assert turn("what if he did it on purpose?") == "what if he did it on purpose?"
    assert turn("what if he did it on purpose?", game=1) is not None  # one game term: still about what was told
    assert turn("what if it was his Brainstorm?", game=2) is None  # a card of its own
    assert turn("how does trample work?", game=1) is None  # short, and a game term: a rules question
    assert turn("can I take notes during my match?") is None  # enough words of its own
    assert turn("what about at FNM?") == "at fnm: my opponent drew an extra card"  # asked again there, its own level gone
    assert Conversation().policy_turn("what's the fix?", lambda: 0, lambda: False) is None  # no policy answer before it


def test_a_bare_remedy_follow_up_is_heard_after_the_policy_question_though_it_routes_alone() -> None:
    """A trial: "whats the penalty" after a Missed Trigger answer routes to the documents alone, and was answered alone
    (Deck Problem); naming nothing but a remedy (two other words at most) it asks the last question's penalty."""
    def turn(said: str) -> str | None:
        talk = Conversation()
        talk.policy = "I forgot my Dark Confidant trigger at an RCQ. is it gone?"
        heard = talk.policy_turn(said, lambda: 0, lambda: True)
        return None if heard is None else heard[0].cleaned[: heard[0].own_from].strip()

    assert turn("whats the penalty") == "I forgot my Dark Confidant trigger at an RCQ. is it gone?"
    assert turn("whats the fix? and does the other guy get a penalty too") is not None
    assert turn("what's the penalty for slow play at a ptq?") is None  # a case of its own
    assert turn("what is the penalty for marked cards?") is None  # a review: joined to the question before, JAR 6 led


def test_a_remedy_asked_after_the_rules_answer_to_an_error_told_is_heard_after_it(full_book: Rulebook) -> None:
    """A trial: "whats the fix? and does the other guy get a penalty too" after a rules answer to an extra card drawn
    stood alone (IPG 1.2, Applying Penalties).  The rules' answer to a question telling an error (``record``) is kept
    one turn: a follow-up naming a remedy in few words of its own is heard after it; nothing else is."""
    told = "my opponent accidentally drew four cards off his Brainstorm instead of three"

    def after(first: str, said: str, game: int = 0) -> str | None:
        talk = Conversation()
        talk.record(analyze(first, full_book.index), (), full_book.index)
        heard = talk.policy_turn(said, lambda: game, lambda: True)
        assert talk.told is None  # one turn only
        return None if heard is None else heard[0].cleaned[: heard[0].own_from].strip()

    assert after(told, "whats the fix? and does the other guy get a penalty too") == told
    assert after(told, "does Brainstorm use the stack?") is None  # no remedy asked
    wrong = "I cast Lightning Bolt at the wrong target, it's still on the stack, can I change it?"  # a review's: "fix" a card's
    assert after(wrong, "does Misdirection fix that?", game=2) is None and after(wrong, "does it fix itself?") is None
    assert after(wrong, "is that a warning?") == wrong
    assert after(told, "new question: what's the penalty for slow play?") is None
    assert after("how does Brainstorm work with a split second spell?", "whats the fix?") is None  # no error told


def test_policy_turn_lets_a_question_the_documents_answer_alone_stand_and_bounds_a_chain() -> None:
    """"can I use my phone?" after a missed trigger was heard after it (short) and answered with Missed Trigger: a short
    question, or one saying enough, that routes alone stands alone; one pointing back in a few words still follows.  A
    chain is heard after its first question and its last turn only; the state survives ``game`` raising (card data)."""
    def talk(last: str = "my opponent missed his trigger at competitive, what's the penalty?", before: str = "") -> Conversation:
        conv = Conversation()
        conv.policy, conv.policy_before = last, before
        return conv

    assert talk().policy_turn("can I use my phone?", lambda: 0, lambda: True) is None
    assert talk().policy_turn("thanks!", lambda: 0, lambda: False, lambda w: False) is None  # no word of the documents'
    assert talk().policy_turn("what's the fix?", lambda: 0, lambda: False, lambda w: w == "fix") is not None
    assert talk().policy_turn("a spectator told them they had lethal, what is the penalty?", lambda: 0, lambda: True) is None
    assert talk().policy_turn("does he get a game loss?", lambda: 0, lambda: True) is not None  # "he", three words
    # naming a judge's remedy is the documents' whatever game it tells; a rules question is not, nor a new question said so
    assert talk().policy_turn("whats the fix, can I take back my attack?", lambda: 1, lambda: False) is not None
    assert talk().policy_turn("does its trigger use the stack?", lambda: 2, lambda: False) is None
    assert talk().policy_turn("if I cast Lightning Bolt on a creature with hexproof, what happens?", lambda: 3, lambda: False) is None
    assert talk().policy_turn("new question: is that deathtouch blocker a warning?", lambda: 2, lambda: False) is None
    chained = talk("and for looking at extra cards?", before="what's the penalty for a missed trigger?")
    heard, remembered = chained.policy_turn("what if he did it on purpose?", lambda: 0, lambda: False) or (None, None)
    assert heard is not None and heard.cleaned[: heard.own_from].strip() == \
        "what's the penalty for a missed trigger? and for looking at extra cards?"
    assert remembered == ("what if he did it on purpose?", "what's the penalty for a missed trigger?")  # the first, not all

    def fails() -> int:
        raise RuntimeError("card data")

    from types import SimpleNamespace

    held = talk()  # a card from an earlier rules turn: "her tax" and "it" are the card's, "he" the opponent's conduct
    held.cards = {"Thalia, Guardian of Thraben": (SimpleNamespace(type_line="Legendary Creature — Human Soldier"), 1.0)}  # type: ignore[dict-item]
    assert held.policy_turn("does her tax hit my own instants too?", lambda: 1, lambda: False) is None
    held.policy = "my opponent missed his trigger at competitive, what's the penalty?"
    assert held.policy_turn("does it apply to my own spells?", lambda: 1, lambda: False) is None
    held.policy = "my opponent missed his trigger at competitive, what's the penalty?"
    assert held.policy_turn("what if he did it on purpose?", lambda: 1, lambda: False) is not None

    kept = talk()
    with pytest.raises(RuntimeError):
        kept.policy_turn("what if it was his Brainstorm?", fails, lambda: False)
    assert kept.policy is not None  # answered again without the cards, the follow-up still follows
