"""The router between the rules and the tournament documents: policy questions told as game situations at an event go
to the documents; rules questions, even those set at an event or naming a judge, stay with the rules."""

from __future__ import annotations

import sys

from rulesgraph.answer.tanswer import route
from rulesgraph.build.corpus import Rulebook
from rulesgraph.common.text import fold
from rulesgraph.question.namedcards import CardDeck
from rulesgraph.question.policyroute import LEVEL_SAID, _title_asked, asks_judge, policy_cue, policy_kinds, signals
from rulesgraph.question.read import Question
from rulesgraph.question.scope import out_of_scope

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from routing import rules_questions


def test_previous_opponents_are_tournament_words() -> None:
    assert policy_cue("at fnm I found a card from my last opponent's deck in my library mid-game", game_terms=lambda *_: 4) \
        == "my last opponent's"
    assert policy_cue("found his round 2 opponents card in my deck", game_terms=lambda *_: 4) == "round 2 opponents"
    assert policy_cue("on the last opponent's turn, do his creatures have to attack me?", game_terms=lambda *_: 3) is None


def test_saying_go_is_a_tournament_shortcut() -> None:
    assert policy_cue("my opponent said go, can I still cast an instant?", game_terms=lambda *_: 3) == "said go"
    assert policy_cue("AP casts Whisperwood Elemental and says Go. Is he in time?", game_terms=lambda *_: 3) == "says go"
    for told in ("he said go ahead, so I attacked with everything", "the card says go to the graveyard, does it?",
                 "she said go back to my main phase"):
        assert policy_cue(told, game_terms=lambda *_: 3) is None, told


def test_a_card_named_like_a_cue_is_a_card() -> None:
    assert policy_cue("Player A casts Bribery on player C, who gains control?", game_terms=lambda *_: 2) is None
    assert policy_cue("is it bribery if we split the prizes?", game_terms=lambda *_: 1) == "bribery"


def test_signals_need_where_the_game_is_played() -> None:
    assert signals(fold("the judge said I got it wrong")) == ()  # a judge and an error, but no event: the rules
    assert signals(fold("can I use my phone at fnm, or does it have to be a judge")) == ("fnm", "phone", "judge", "have to")
    assert signals(fold("how long is a round?")) == ("round",)
    assert signals(fold("round down the damage")) == ()


def test_more_signals_outweigh_more_game_terms() -> None:
    phone = "can I look up oracle text on my phone during a game at fnm, or does it have to be a judge"
    assert policy_cue(phone, game_terms=lambda *_: 2) == "fnm"
    assert policy_cue(phone, game_terms=lambda *_: 5) is None  # a described game situation stays with the rules
    assert policy_cue("at fnm he cast Shock, does it resolve?", game_terms=lambda *_: 2) is None
    assert policy_cue("what's the minimum time for a round?", game_terms=lambda *_: 0) == "round"


def test_each_setting_word_counts_once_and_is_no_game_term() -> None:
    assert signals(fold("can I use my phone during a match?")) == ("phone", "a match")
    assert signals(fold("can I bet on my match?")) == ("bet on", "my match")
    counted: list[frozenset[str]] = []
    def terms(besides: frozenset[str] = frozenset()) -> int:  # "match" and "during" are glossary terms; "match" sets the scene
        counted.append(besides)
        return len({"match", "dure"} - besides)
    assert policy_cue("can I use my phone during a match?", game_terms=terms) == "phone"  # 2 signals, 1 term left
    assert counted[-1] == {"phone", "a", "match"}
    assert policy_cue("is it legal to play with unsleeved cards?", game_terms=lambda *_: 1) == "unsleeved"
    assert policy_cue("he won the match with Shock, does it deal damage?", game_terms=lambda *_: 3) is None


def test_a_setting_is_said_as_a_tournament_says_it(documents: None, full_book: Rulebook) -> None:
    """On the real index ("match" and "during" are glossary terms there): a match played, a bet placed, route; the verbs
    "match" and "bet" do not."""
    index = full_book.index
    for asked in ("can I use my phone during a match?", "can I bet on my match?", "can my girlfriend watch my match"):
        assert route(asked, out_of_scope(asked, index), index) is not None, asked
    for asked in ("do the colors have to match?", "I bet he has a counterspell, should I cast it anyway?",
                  "does the name have to match exactly for Spellbook?"):
        assert route(asked, out_of_scope(asked, index), index) is None, asked
    assert signals(fold("my phone rang during my match, and his phones too")) == ("phone", "my match")  # by stem, once


def test_a_name_said_as_cards_are_written_weighs_as_a_game_term() -> None:
    wish = "Is my sideboard 'outside the game' for Burning Wish during my match?"
    assert policy_cue(wish, game_terms=lambda *_: 1) is None
    assert policy_cue("Is my sideboard 'outside the game' during my match?", game_terms=lambda *_: 1) == "my match"


def test_a_level_named_without_rel() -> None:
    assert LEVEL_SAID.search("do my lands have to be closer to me at competitive?")
    assert not LEVEL_SAID.search("at competitive play there are more judges")
    assert policy_cue("do my lands have to be closer to me than my creatures at competitive?", game_terms=lambda *_: 3) \
        == "at competitive"


def test_rules_sets_stay_with_the_rules(documents: None, full_book: Rulebook, session_deck: CardDeck) -> None:
    """Every question of every rules set that the rules answer, with the card data installed (as ``ask`` routes them): none
    of the lines the router was tuned or fitted on routed to the documents; of the blind lines and the sets written after
    it was fitted (``routing.HELD_OUT``), held out, at most one in a thousand questions of the whole (three today: a blind
    line says 'decklists'; of learn_a's and learn_b's 594, "does he have to tell me it's floating" and "judge says i have
    to keep them distinguishable")."""
    routed, blind = [], 0
    total = 0
    for name, question, is_blind in rules_questions():
        total += 1
        outside = out_of_scope(question, full_book.index)
        cards = lambda q=question: session_deck.said_words(Question.of(q))
        if outside is None and route(question, outside, full_book.index, cards) is not None:
            if is_blind:
                blind += 1
            else:
                routed.append((name, question))
    assert total > 3000
    assert not routed
    assert blind <= total // 1000


def test_a_duty_to_tell_the_opponent_is_communication_policy() -> None:
    assert policy_cue("opponent holds his hand low and I can see his cards. do I have to tell him?", game_terms=lambda *_: 3) \
        == "have to tell"
    assert policy_cue("should I point out his missed trigger", game_terms=lambda *_: 2) is not None
    assert policy_cue("Show and Tell resolved, can I put Control Magic onto Thrun?", game_terms=lambda *_: 3) is None
    assert policy_cue("my opponent claims I have to announce X before tapping mana", game_terms=lambda *_: 3) is None
    # telling apart tells no one (a blind conversation set's first turn was sent to the documents so)
    assert policy_cue("how do i tell if purphoros is a creature? does his own red symbol count for devotion?",
                      game_terms=lambda *_: 2) is None
    assert policy_cue("how do we tell which creature entered first?", game_terms=lambda *_: 2) is None
    assert policy_cue("do I tell my opponent when I shuffle my hand into my library?", game_terms=lambda *_: 2) == "do i tell"


def test_sideboarding_one_for_one_is_procedure() -> None:
    assert policy_cue("how many cards can my sideboard have, and do I have to swap cards one for one", game_terms=lambda *_: 2) \
        == "swap cards one for one"
    assert policy_cue("how many cards can a constructed sideboard have", game_terms=lambda *_: 2) is None


def test_a_judge_called_about_an_error() -> None:
    assert policy_cue("judge, he drew an extra card", game_terms=lambda *_: 2) == "judge,"
    assert policy_cue("judge! my opponent drew an extra card off Brainstorm", game_terms=lambda *_: 3) == "judge!"
    assert policy_cue("judge he cast Lightning Bolt with the wrong mana", game_terms=lambda *_: 4) == "judge"
    assert policy_cue("my opponent called a judge at fnm and the judge said it can attack, why?", game_terms=lambda *_: 4) is None
    assert policy_cue("Judge chat question. Player casts Wrath of God, then taps his lands. Which order is correct?",
                      game_terms=lambda *_: 4) is None
    assert signals(fold("can I call a judge?")) == ("call a judge",)  # "judge" is counted once


def test_players_words_for_slow_play_and_permissions() -> None:
    assert policy_cue("my opponent is taking forever to play", game_terms=lambda *_: 2) == "taking forever"
    assert policy_cue("is it ok to have a phone on the table during a match", game_terms=lambda *_: 2) == "phone"


def test_infraction_names_are_matched_as_stems_without_articles() -> None:
    from rulesgraph.question.policyroute import named_in

    named = {"looking at extra cards": "IPG 2.2", "missed trigger": "IPG 2.1", "grv": "IPG 2.5", "d/dlp": "IPG 3.4"}
    assert named_in("player looked at an extra card while resolving Ancestral Recall", named) == \
        [("looking at extra cards", "IPG 2.2")]
    assert named_in("is that a GRV or a missed trigger?", named) == [("grv", "IPG 2.5"), ("missed trigger", "IPG 2.1")]
    assert named_in("he got a D/DLP", named) == [("d/dlp", "IPG 3.4")]
    assert named_in("NAP says that they've missed their trigger", named) == [("missed trigger", "IPG 2.1")]  # a possessive
    # a name of two words may hold what an article or possessive opens: the card whose trigger it was
    assert named_in("he missed the second trigger", named) == [("missed trigger", "IPG 2.1")]
    assert named_in("my opponent missed his Dark Confidant trigger", named) == [("missed trigger", "IPG 2.1")]
    assert named_in("I missed the chance to respond to the trigger", named) == []  # four words: no name
    assert named_in("he missed, so the trigger resolved", named) == []  # no article or possessive opens it
    assert named_in("he looked at the top two extra cards", named) == []  # a longer name: an article only
    named |= {"outside assistance": "IPG 3.2", "marked cards": "IPG 3.8"}  # other names of two: an article only
    assert named_in("If Lightning Bolt misses its target, does it trigger prowess?", named) == []  # "does it": a sentence's
    assert named_in("Can a player outside the game pay for assist?", named) == []
    assert named_in("I marked the first two cards of the pile", named) == []


def test_a_forgotten_trigger_is_a_missed_trigger() -> None:
    from rulesgraph.answer.policywords import SAID
    from rulesgraph.question.policyroute import named_in

    named = {"missed trigger": "IPG 2.1", **{k: "IPG 2.1" for k, v in SAID.items() if v == "Missed Trigger"}}
    for said in ("what happens if a player forgets a trigger?", "I forgot my own dark confidant trigger",
                 "a spectator points out a forgotten trigger", "he keeps forgetting his triggers"):
        assert [sid for _, sid in named_in(said, named)] == ["IPG 2.1"], said
    assert named_in("Does moving a counter from Forgotten Ancient to another creature trigger Doubling Season?", named) == []


def test_a_level_named_with_an_error_told() -> None:
    assert policy_cue("player forgot to reveal the card he tutored for, at competitive", game_terms=lambda *_: 4) == "at competitive"
    assert policy_cue("at competitive, he cast Wrath: does it kill indestructible creatures?", game_terms=lambda *_: 4) is None


def test_what_information_a_player_must_give() -> None:
    assert policy_cue("what information do I have to give my opponent if he asks", game_terms=lambda *_: 2) is not None
    assert policy_cue("Switcheroo on my guy and theirs, they kill theirs in response. Do I still have to give them mine?",
                      game_terms=lambda *_: 2) is None
    assert policy_cue("can I listen to music with headphones during my match", game_terms=lambda *_: 2) == "headphones"


def test_a_misspelt_name_of_two_words_or_more() -> None:
    from rulesgraph.question.spelling import misspelt_in

    named = {"outside assistance": "IPG 3.2", "oa": "IPG 3.2", "slow play": "IPG 3.3"}
    assert misspelt_in("should this be considered outside assitance?", named) == [("outside assistance", "IPG 3.2")]
    assert misspelt_in("slow plays", named) == []  # a short name is matched exactly only (named_in's plurals)
    assert misspelt_in("outside the assistance", named) == []  # a run of as many words as the name
    assert misspelt_in("otside asistance", named) == []  # only runs one word of which begins as the name's does
    # routed wherever it is said (a few runs compared: no rules question of the routing set says one)
    assert policy_cue("Competitive REL. is that outside assitance?", named, game_terms=lambda *_: 5) == "outside assistance"
    assert policy_cue("the match has begun but not the game: is this Outside Assitance?", named, game_terms=lambda *_: 5) == \
        "outside assistance"


def test_reg_rel_is_a_level() -> None:
    from rulesgraph.question.policyroute import rel_of

    assert rel_of("is there a trackable penalty at reg REL") == "regular"
    assert LEVEL_SAID.search(fold("reg rel: does he have to"))
    assert rel_of("in the competition REL it should not be allowed") == "competitive"
    assert policy_cue("in the competition REL is a card list allowed?", game_terms=lambda *_: 6) == "competition rel"
    # both levels said ("I took this call at Regular REL; the fix at Competitive?"): neither document is preferred
    assert rel_of("I took a judge call in a Regular REL event: what would the fix be at Competitive instead?") is None


def test_the_documents_a_question_names() -> None:
    from rulesgraph.question.policyroute import documents_named

    assert documents_named("The JAR says that for may triggers you assume no") == {"jar"}
    assert documents_named("per the Magic Tournament Rules and the Infraction Procedure Guide") == {"mtr", "ipg"}
    assert documents_named("Judging at Regular REL, section 2") == {"jar"}
    assert documents_named("can my opponent see my sideboard between games?") == frozenset()
    assert documents_named("what does the jar say about a deck problem?") == {"jar"}  # lower case, as a document
    assert documents_named("my opponent keeps tokens in a jar, can a judge make them stop?") == frozenset()
    assert documents_named("my opponent missed the Jar of Eyeballs trigger, what is the penalty?") == frozenset()


def test_an_error_told_and_its_fix_asked_with_no_card_route() -> None:
    """No event or judge said: an error told and what happens asked, with no card named and at most one game term."""
    assert policy_cue("I accidentally drew an extra card, what happens now?", game_terms=lambda *_: 1) == "accidentally"
    assert policy_cue("I accidentally drew an extra card, what happens now?", game_terms=lambda *_: 2) is None  # a game told
    assert policy_cue("I accidentally drew an extra card, is that bad?", game_terms=lambda *_: 0) is None  # no fix asked
    assert policy_cue("I accidentally drew an extra card off Brainstorm, what happens now?", game_terms=lambda *_: 1) is None  # a card


def test_a_title_said_whole_with_a_word_only_the_documents_use() -> None:
    titled = frozenset({"spectat", "coverag video", "card mark"})
    in_rules = {"card", "mark", "judg"}.__contains__
    asked = "Spectator Sam is watching. You, the judge, see him point at a card. What do you do?"
    assert policy_cue(asked, game_terms=lambda *_: 6, in_rules=in_rules, titled=titled) == "spectat"
    assert policy_cue("Sam is watching. You, the judge, see it", game_terms=lambda *_: 6, in_rules=in_rules, titled=titled) is None
    video = "the video coverage shows the card"
    assert policy_cue(video, game_terms=lambda *_: 6, in_rules=in_rules, titled=titled) is None  # no judge, no event said
    assert policy_cue(f"judge, {video}", game_terms=lambda *_: 6, in_rules=in_rules, titled=titled) == "coverag video"
    assert policy_cue("judge: is my card marked?", game_terms=lambda *_: 6, in_rules=in_rules, titled=titled) is None  # the rules use both


def test_a_title_that_is_all_the_question_asks_routes() -> None:
    """"what is out of order sequencing" was answered from the phasing rule at confidence 0: a title of the documents of two
    words or more that is the whole question (but its asking and stop words) is theirs, wherever it is asked; a title
    said inside a longer question is not (the rules say "video coverage shows the card" too), nor one of one word."""
    titled = frozenset({"order out sequenc", "shortcut tournament", "coverag video", "spectat", "abil trigger", "back up"})
    for asked in ("what is out of order sequencing", "What's out-of-order sequencing?", "explain tournament shortcuts please"):
        assert policy_cue(asked, titled=titled) == ("order out sequenc" if "sequenc" in asked.lower() else "shortcut tournament")
    rules_named = {"abil trigger", "backup"}.__contains__  # the rules' Triggered Ability and Backup
    assert policy_cue("what are triggered abilities?", titled=titled, rules_named=rules_named) is None
    assert policy_cue("what does back up do?", titled=titled, rules_named=rules_named) is None  # said as two words
    assert policy_cue("the video coverage shows the card", titled=titled) is None
    assert _title_asked(Question.of("what is a spectator"), titled, lambda key: False) is None  # one word: the other cues
    assert policy_cue("out of order, what happens?", titled=titled) is None


def test_a_title_said_inside_a_question_at_an_event_routes() -> None:
    """"at a competitive event he cast a spell before I could respond to the land — out of order sequencing?" was answered
    from 305.1: a title of two words or more said as a run of the question's words routes when the question is asked at
    an event or of a judge; without one the rules' own words make such runs ("the order of my graveyard"), and a name of
    the rules' never routes."""
    titled = frozenset({"order out sequenc", "shortcut tournament", "graveyard order", "abil trigger"})
    at_event = "at a competitive event my opponent played a land and then cast a spell — out of order sequencing?"
    assert policy_cue(at_event, titled=titled, game_terms=lambda *_: 4) == "order out sequenc"
    assert policy_cue("what is a tournament shortcut for passing priority?", titled=titled, game_terms=lambda *_: 2) \
        == "shortcut tournament"
    assert policy_cue("can I rearrange the order of my graveyard at any time?", titled=titled, game_terms=lambda *_: 2) is None
    for asked in ("A judge told me it makes me shuffle cards from my graveyard, is that right?",  # a judge is no event
                  "in a casual game, is damage marked on a card removed at the end of turn?",
                  "is it a regular creature card? can I shuffle cards into my library with it"):
        assert policy_cue(asked, titled=titled | {"card shuffl", "card mark"}, game_terms=lambda *_: 3,
                          in_rules=lambda term: True) is None, asked  # the rules use every word of those titles
    assert policy_cue("my opponent cast a spell out of order sequencing it wrong", titled=titled, game_terms=lambda *_: 4) is None
    named, in_rules = {"abil trigger"}.__contains__, {"abil", "trigger", "judg", "stack"}.__contains__
    assert policy_cue("judge, how do triggered abilities stack?", titled=titled, rules_named=named, in_rules=in_rules,
                      game_terms=lambda *_: 3) is None


def test_policy_kinds_counts_each_kind_once_wherever_played() -> None:
    assert policy_kinds(fold("I accidentally drew an extra card, what happens now?")) == 2  # an error told, a fix asked
    assert policy_kinds(fold("by accident I drew an extra card and by mistake a second one")) == 1  # one kind, said thrice
    assert policy_kinds(fold("does deathtouch work with trample?")) == 0
    assert policy_kinds(fold("do I have to tell the judge about his penalty?")) == 4  # a duty, a judge, a duty to tell, a remedy
    assert not signals(fold("I accidentally drew an extra card, what happens now?"))  # no event said: no weak signal


def test_the_end_of_a_round_and_sanctioned_events_are_tournament_words() -> None:
    """The MTR's end-of-match procedure ("the round time expires", its "additional turns") and a sanctioned event are
    tournament words; a card's "extra turns" are the rules'."""
    assert policy_cue("the round time expires and we play 5 additional turns: does Emrakul's extra turn count?",
                      game_terms=lambda *_: 4) is not None
    assert policy_cue("in a sanctioned event can I use a playmat with art on it?", game_terms=lambda *_: 0) == "sanctioned event"
    assert policy_cue("I cast Time Walk, when do I take the extra turn?", game_terms=lambda *_: 2) is None


def test_a_judge_called_in_the_passive_and_a_pptq_say_where_it_is_played() -> None:
    assert policy_cue("a judge was called: I forgot my upkeep trigger", game_terms=lambda *_: 1) == "a judge was called"
    assert policy_cue("we called over a judge: I forgot my upkeep trigger", game_terms=lambda *_: 1) == "called over a judge"
    assert policy_cue('he says "attack", I say it can\'t, he says he missed the chance to discard. judge is called, whats the ruling?',
                      game_terms=lambda *_: 3) == "judge is called"  # no article
    assert signals(fold("at a pptq my opponent did this, what now")) == ("pptq", "what now")


def test_the_events_structure_is_tournament_words_but_not_byes_or_a_top_8() -> None:
    assert policy_cue("can we ID the last round of swiss?", game_terms=lambda *_: 0) == "swiss"
    assert policy_cue("the pairings were posted, do I have to sit at my table now", game_terms=lambda *_: 0) == "the pairings"
    assert policy_cue("is it legal to agree on splitting the prizes", game_terms=lambda *_: 0) is not None
    assert policy_cue("I reveal the top 8 cards of my library with Lurking Predators, bye bye creatures", game_terms=lambda *_: 3) is None
    assert policy_cue("after pairing my creatures with soulbond, what happens?", game_terms=lambda *_: 2) is None
    assert policy_cue("do soulbond pairings break when one of them leaves?", game_terms=lambda *_: 2) is None
    assert policy_cue("is there prize support at a prerelease?", game_terms=lambda *_: 0) != "prize support"  # not the documents' word
    # a card's extra turns are "additional turns" to players too; the MTR's end of round says "five additional turns"
    assert policy_cue("If I cast Time Stretch twice, how many additional turns do I take?", game_terms=lambda *_: 2) is None


def test_a_cards_name_is_no_tournament_word(documents: None, full_book: Rulebook, session_deck: CardDeck) -> None:
    """"bribery" routes a question to the documents, but not when it is a word of a card the question names, in lower
    case too ("I cast bribery on my opponent": the card Bribery); nor is "spectator" a tournament word on its own (a
    real rules question: "I played spectator seating while my opponent had a tapped archelos", a card the 2022 card
    data lacks)."""
    asked = "I cast bribery on my opponent and took his Emrakul, does it have annihilator for me?"
    assert route(asked, None, full_book.index) == "bribery"  # without the card data: the word is the documents'
    assert route(asked, None, full_book.index, lambda: session_deck.said_words(Question.of(asked))) is None
    assert route("I played spectator seating while my opponent had a tapped archelos. Why did it enter tapped?", None,
                 full_book.index) is None


def test_a_follow_up_saying_only_a_level_asks_the_last_question_there() -> None:
    from rulesgraph.question.policyroute import at_level, level_only, rel_of

    for said in ("what about at FNM?", "and at a PPTQ?", "what about at comp rel?", "And at Regular REL?", "at my LGS?",
                 "what about at FNM though?", "what about in a casual game?"):
        assert level_only(said), said
    for said in ("what about a creature at FNM?", "what about trample?", "and if he drew two?", "what about it?",
                 "what is competitive REL?", "what's FNM?"):  # the last two ask what the level is
        assert not level_only(said), said
    again = at_level("What's the penalty for drawing extra cards at Competitive REL?", "what about at FNM?")
    assert again == "at fnm: what's the penalty for drawing extra cards?"
    assert rel_of(again) == "regular"
    assert at_level(again, "and at a PPTQ?") == "at a pptq: what's the penalty for drawing extra cards?"


def test_a_jar_part_asked_for_by_number_routes() -> None:
    """"JAR 5" was answered from the rules (510.1); the MTR's and IPG's ids route through the scope already.  A jar in
    lower case is a thing, and a number after it no part."""
    assert policy_cue("JAR 5") == "JAR 5"
    assert policy_cue("what does JAR 12 say?") == "JAR 12"
    assert policy_cue("I keep my tokens in a jar 5 of them") is None
    assert policy_cue("what does jar 5 say") == "JAR 5"  # in lower case only when that is nearly all it says


def test_a_one_word_infraction_name_is_named_whatever_its_stem() -> None:
    """"cheating", "stalling", "tardiness" stem to five letters and were taken for abbreviations ("cheats?"): never named.
    A short name sharing a longer one's stem ("tardy", Tardiness's) is named too; abbreviations stay whole words."""
    from rulesgraph.question.policyroute import named_in

    named = {"cheating": "IPG 4.8", "stalling": "IPG 4.7", "tardiness": "IPG 3.1", "tardy": "IPG 3.1", "grv": "IPG 2.5"}
    assert named_in("what about cheating?", named) == [("cheating", "IPG 4.8")]
    assert named_in("is he stalling", named) == [("stalling", "IPG 4.7")]
    assert named_in("he was tardy", named) == [("tardiness", "IPG 3.1")]
    assert named_in("tardiness penalty", named) == [("tardiness", "IPG 3.1")]
    assert named_in("two grvs", named) == [("grv", "IPG 2.5")] and named_in("groovy", named) == []
    assert named_in("the board stalled and neither of us can attack", named) == []  # no form of the name's own


def test_asks_judge_reads_a_judges_remedy_named() -> None:
    assert asks_judge("whats the fix, can I take back my attack?")
    assert asks_judge("does he get a penalty too?") and asks_judge("is that a game loss?")
    assert not asks_judge("does its trigger use the stack?")
    assert not asks_judge("if I cast Lightning Bolt on a creature with hexproof, what happens?")  # a review's: rules asked
    assert not asks_judge("how does backup work if the creature already has trample?")  # backup: a keyword
    assert not asks_judge("at a prerelease can I flash in a creature during combat?")  # a level alone


def test_a_document_named_routes() -> None:
    """A review: "jar drew extra card" and "jar: player drew an extra card" were answered from the rules (500.7, extra turns),
    though "jar …" first names the JAR as its lookup does.  A document named by its name or initials routes; the MTR only by
    its initials ("tournament rules" are a game variant's words too); a jar that is a card's word does not."""
    assert policy_cue("jar drew extra card") == "JAR named"
    assert policy_cue("per the IPG, is this one a warning or nothing?") == "IPG named"
    assert policy_cue("what does the mtr say about taking notes") == "MTR named"
    assert policy_cue("per the JAR?") is None  # a document and nothing else: a follow-up's, heard after its question
    assert policy_cue("my Jar of Eyeballs got a counter, how many does it have?") is None
