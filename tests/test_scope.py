"""Questions the Comprehensive Rules don't cover: recognised by generic cues, answered with one honest line.

Checked on examples written while developing the cues (tests/fixtures/scope_examples.txt: out-of-scope questions
of every topic and rules questions that look like them); the blind set bench/questions/scope.jsonl is only measured
(``python bench/accuracy.py``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesgraph import Rulebook
from rulesgraph.answer.compose import OUT_OF_SCOPE, answer_json, ask
from rulesgraph.common.text import fold
from rulesgraph.question import scope
from rulesgraph.question.conversation import Conversation
from rulesgraph.question.scope import TOPICS, out_of_scope

EXAMPLES = Path(__file__).parent / "fixtures" / "scope_examples.txt"
BENCH = Path(__file__).resolve().parent.parent / "bench" / "questions"


def examples() -> list[tuple[str | None, str]]:
    out = []
    for line in EXAMPLES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            head, question = line.split(" | ", 1)
            out.append((None if head == "in" else head.removeprefix("out "), question))
    return out


def test_the_examples_cover_every_topic_and_as_many_look_alikes() -> None:
    cases = examples()
    outside = [t for t, _ in cases if t]
    assert {t.name for t in TOPICS} == set(outside)
    assert len(outside) >= 60 and len(cases) - len(outside) >= 60


@pytest.mark.parametrize(("topic", "question"), examples(), ids=lambda v: v if isinstance(v, str) and len(v) > 20 else None)
def test_each_example(full_book: Rulebook, topic: str | None, question: str) -> None:
    found = out_of_scope(question, full_book.index)
    assert (found.topic if found else None) == topic, found


def test_the_questions_of_issue_16() -> None:
    """Both rules-shaped answers of the issue are now recognised: a ban list and a penalty at competitive REL."""
    assert out_of_scope("is sol ring banned in modern").topic == "tournament policy"  # type: ignore[union-attr]
    assert out_of_scope("what's the penalty for drawing an extra card at competitive REL").cue == "penalty"  # type: ignore[union-attr]
    assert out_of_scope("can I respond to a shortcut?") is None


def test_no_penalty_is_english_for_freely() -> None:
    """"With no penalty" says a player may do a thing freely, not that a judge gives a penalty; a penalty still is one."""
    assert out_of_scope("my goaded creature, can he keep it home with no penalty?") is None
    assert out_of_scope("can I skip the trigger without any penalty") is None
    assert out_of_scope("is there a penalty for missing my trigger?").cue == "penalty"  # type: ignore[union-attr]
    assert out_of_scope("what penalties does a judge give for that").cue == "penalties"  # type: ignore[union-attr]


def test_words_the_rules_use_are_not_cues_on_their_own() -> None:
    for question in ("is it legal to attack with it", "what does it cost", "can I look at my sideboard", "in a tournament can I concede",
                     "a judge said my trigger resolves first", "how does banding work", "the top card of my library"):
        assert out_of_scope(question) is None, question


def test_an_incentive_for_a_result_is_bribery_not_a_price_or_a_keyword() -> None:
    """Something offered, paid or given if a player concedes or lets the other win, or a concession for prizes, is
    tournament policy (MTR 5.2, IPG 4.4): "20 dollars" was a price question, "offer" read as the Offering keyword.
    Conceding alone, or giving something to a player in the game, is the rules'."""
    for question in ("can i concede a game to my opponent in exchange for prizes?",
                     "is it ok to offer my opponent half the prize if he concedes?",
                     "my opponent offered me a booster pack if I scoop, is that allowed?",
                     "can I pay my opponent 20 dollars to concede the match?",
                     "opponent offered me $20 to concede, what happens", "he said he would give me $5 if I concede",
                     "he offered me $1,000 to concede", "he offered me 20$ to concede", "he'd give me $5.50 if I concede",
                     "my opponent says he'll give me his Tarmogoyf if I let him win"):
        assert out_of_scope(question).topic == "tournament policy", question  # type: ignore[union-attr]
    assert out_of_scope("my opponent scooped for a booster pack, is that ok?").topic == "tournament policy"  # type: ignore[union-attr]
    for question in ("if a player concedes, do I get my creature back?", "can I pay 2 life to concede?",
                     "I give my opponent control of Donate's target, then he concedes: who owns it?",
                     "If I give my opponent a creature with Donate and if he concedes, who owns it?",
                     "can I give him Illusions of Grandeur so he has to concede?",
                     "I gave him control of my Jinxed Idol to make him concede, what happens to it?"):
        assert out_of_scope(question) is None, question


def test_op_is_deck_advice_only_when_it_says_overpowered() -> None:
    """Forum questions call the opponent "OP": "OP says …", "my op casts …" are rules questions."""
    for question in ("OP says his Tarn fetched a shockland untapped. LOL, is that legal?", "my op cast a spell, can i respond?",
                     "is my op allowed to respond?", "Is the OP right that I lose?"):
        assert out_of_scope(question) is None, question
    for question in ("is Sol Ring op in commander", "Is Oko too OP for modern?", "this card is so op"):
        found = out_of_scope(question)
        assert found is not None and found.topic == "deck advice", question


def test_sideboard_cards_in_a_deck_are_an_incident_not_advice() -> None:
    """A head judge's trial: "at FNM he forgot to put his sideboard away, sideboard cards shuffled into his deck" was refused
    as deck advice ("sideboard cards"); which sideboard cards to bring still is advice."""
    for question in ("at FNM he forgot to put his sideboard away, sideboard cards shuffled into his deck",
                     "do I have to tell my opponent what sideboard cards I brought in?",
                     "how many sideboard cards for a constructed deck?"):
        assert out_of_scope(question) is None, question
    for question in ("what sideboard cards should I bring against burn?", "good sideboard cards for modern", "sideboard cards vs tron",
                     "which sideboard cards are good against tron?"):
        found = out_of_scope(question)
        assert found is not None and found.topic == "deck advice", question


def test_the_sideboard_against_the_main_deck_is_no_matchup() -> None:
    """A judge asking whether cards may move between "the sideboard vs the main deck" between matches was refused as deck
    advice (a trial); siding in against a deck still is."""
    asked = ("Between matches at a Modern RCQ, can a player change which cards are in the sideboard vs the main deck, or must "
             "they start each match with the registered list?")
    assert (found := out_of_scope(asked)) is None or found.topic != "deck advice"
    for question in ("can I swap cards in my sideboard vs my main deck between matches?",
                     "which cards are in the sideboard vs. the main deck?"):  # a review: the dot, and the sibling cue
        assert (found := out_of_scope(question)) is None or found.topic != "deck advice", question
    for question in ("what should I board in against burn?", "sideboarding vs tron, what comes out?",
                     "what cards should I board against your deck", "what do I sideboard against the deck that beat me?"):
        assert (found := out_of_scope(question)) is not None and found.topic == "deck advice", question


def test_a_cue_inside_a_card_name_or_beside_a_rule_number_is_not_one() -> None:
    assert out_of_scope("Can I cast Price of Progress in response?") is None
    assert out_of_scope("what does 100.6 say about penalties") is None
    assert out_of_scope("what is the price of progress") is not None  # lower case: a phrase, not a card


def test_a_setting_cue_beside_a_game_situation_only_sets_the_scene(full_book: Rulebook) -> None:
    """ "at competitive REL" in a question that describes a game (cast, counter, exile …) is the scene, not the subject;
    alone, or without an index to tell, it is the subject."""
    scene = "at competitive REL, if my opponent casts a spell and I counter it, does it go to the graveyard or exile"
    assert out_of_scope(scene, full_book.index) is None
    assert out_of_scope(scene) is not None
    assert out_of_scope("what REL is a prerelease run at", full_book.index) is not None
    assert out_of_scope("is it banned in modern if I cast it and counter it and exile it", full_book.index) is not None  # not a setting


def test_no_question_of_the_rules_sets_is_refused(full_book: Rulebook) -> None:
    """Every question of the rules benchmark sets (1,200 or so, in players' words) is a rules question."""
    refused = []
    for path in sorted(BENCH.glob("*.jsonl")):
        if path.stem.startswith("scope"):  # the blind scope set: measured by bench/accuracy.py, never a test
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            for turn in row.get("turns", [row] if "question" in row else []):
                if turn.get("in_rules", True) and out_of_scope(turn["question"], full_book.index):
                    refused.append(turn["question"])
    assert refused == []


def test_an_out_of_scope_answer_has_one_line_no_citations_and_low_confidence(seeds_book: Rulebook) -> None:
    answer = ask(seeds_book, "is sol ring banned in modern?")
    assert not answer.in_rules and answer.citations == () and answer.confidence == OUT_OF_SCOPE < 0.4
    assert "Magic Tournament Rules" in (answer.answer or "") and "Infraction Procedure Guide" in (answer.answer or "")
    assert "\n" not in (answer.answer or "") and len(answer.why) == 1
    data = answer_json(answer)
    assert data["in_rules"] is False and data["citations"] == []
    assert answer_json(ask(seeds_book, "how does annihilator work?"))["in_rules"] is True


def test_the_conversation_is_left_as_it_was(seeds_book: Rulebook) -> None:
    conv = Conversation()
    ask(seeds_book, "how does annihilator work?", conversation=conv)
    before = conv.topic()
    ask(seeds_book, "is it banned in legacy?", conversation=conv)
    assert conv.topic() == before


def _look_behind(cues: tuple[str, ...]) -> re.Pattern[str]:
    """The cues as whole words the plain way (what :func:`rulesgraph.question.scope._whole_words` must match alike)."""
    return re.compile(r"(?<![\w$])(?:" + "|".join(f"(?:{c})" for c in cues) + r")(?!\w)")


def _all_cues() -> list[tuple[re.Pattern[str], re.Pattern[str]]]:
    return [(scope._whole_words(cues), _look_behind(cues)) for topic in TOPICS for cues in (topic.cues, topic.settings) if cues]


def test_no_cue_matches_nothing() -> None:
    """A cue is never empty (so each search of :func:`rulesgraph.question.scope._found` goes on past the last one)."""
    assert all(re.fullmatch(cue, "") is None for topic in TOPICS for cue in (*topic.cues, *topic.settings))


def test_the_cues_are_found_as_a_look_behind_finds_them() -> None:
    """On the examples, the tuning sets' questions and edge cases (cues at the start, the end, one right after another,
    after a ``$`` or a word character), every cue :func:`rulesgraph.question.scope._found` finds is the one ``finditer`` with
    ``(?<![\\w$])`` finds, in order."""
    texts = [q for _, q in examples()]
    texts += [json.loads(line)["question"] for name in ("dev", "forum", "forum_holdout", "forum_holdout2", "long", "cards", "keywords")
              for line in (BENCH / f"{name}.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    texts += ["banned", "banned banned", "unbanned,banned.banned", "xbanned banned", "$banned", "$20 $20", "20$ $5", "5$$5",
              "is it good?", "is it good?$20", "is it good?is it good?", "price price? prices", "mtr ipg mtr", "ban list!b&r",
              "rel rel", ""]
    folded = [fold(" ".join(t.split())) for t in texts]
    assert sum(1 for f in folded for new, _ in _all_cues() if next(scope._found(new, f), None)) >= 60  # cues are found
    for f in folded:
        for new, old in _all_cues():
            assert list(scope._found(new, f)) == [m.group() for m in old.finditer(f)], f


_PIECES = st.sampled_from(["banned", "ban", "price", "$", "20", "5$", " ", " ", ",", ".", "?", "!", "x", "is", "it", "good",
                           "worth", "rel", "mtr", "b&r", "\n", "-", "'", "deck", "list", "op", "un"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_PIECES, max_size=25).map("".join))
def test_the_cues_are_found_as_a_look_behind_finds_them_in_any_text(text: str) -> None:
    for new, old in _all_cues():
        assert list(scope._found(new, text)) == [m.group() for m in old.finditer(text)]


def test_a_cue_right_after_another_is_found_as_a_look_behind_finds_it() -> None:
    """Cues ending and starting with punctuation, which today's cues do not have: each search goes on where the last
    cue ended, with its last character read as the character before the next."""
    cues = (r"x\?", r"\?y", r"\$\d")
    for text in ("x??y", "x?x??y", "?y?y", "x?$1", "$1$1", "a?y x?"):
        assert list(scope._found(scope._whole_words(cues), text)) == [m.group() for m in _look_behind(cues).finditer(text)], text


def test_another_games_name_is_a_cue_though_capitalised() -> None:
    """Capitalised mid-sentence, a word looks like a card's name and a cue in one is no cue ("cast Bribery"); another
    game's name is never a card's ("In Pokemon TCG, …" was answered from the CR at 0.34)."""
    found = out_of_scope("In Pokemon TCG, how many prize cards do you set aside?")
    assert found is not None and found.topic == "another game"
    assert out_of_scope("Can I cast Bribery in response?") is None
