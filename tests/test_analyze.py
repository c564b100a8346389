"""Question analysis: numbers, spelling, word forms, names, aliases, negation, focus."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from rulesgraph import Rulebook
from rulesgraph.build.index import Alias, build_index
from rulesgraph.common.text import clean
from rulesgraph.question.analyze import ALIAS_GAP, CARD, EXPANSION, Match, _asks_meaning, analyze, defined_subject
from rulesgraph.question.read import MAX_CHARS


def nodes(book: Rulebook, question: str, kind: str | None = None) -> list[str]:
    return [m.node for m in analyze(question, book.index).matches if kind is None or m.kind == kind]


def test_rule_numbers(mini_book: Rulebook) -> None:
    assert analyze("702.19b", mini_book.index).numbers == ("702.19b",)
    assert analyze("what does rule 509 say", mini_book.index).numbers == ("509",)
    assert analyze("CR 510.1a?", mini_book.index).numbers == ("510.1a",)
    assert analyze("a 509 damage", mini_book.index).numbers == ()  # a bare number mid-sentence is not a rule
    assert analyze("rule 999.9", mini_book.index).numbers == ()  # not in the loaded rules
    assert analyze("7", mini_book.index).numbers == ("7",) and analyze("section 7", mini_book.index).numbers == ("7",)
    assert analyze("7 creatures attack", mini_book.index).numbers == ()  # a digit among words is no chapter
    assert analyze("chapter 3 triggers", mini_book.index).numbers == ()  # a Saga's chapter, not the rules'


def test_a_rule_number_is_searched_as_a_number_not_as_words(mini_book: Rulebook) -> None:
    """"702.19b" would search "702" and "19b" in every rule citing a rule of 702 or a "…19b"; "rule" in every rule naming
    one ("the legend rule") when the number is all the question says."""
    def words(question: str) -> set[str]:
        return {w for w, _ in analyze(question, mini_book.index).terms}

    assert words("702.19b") == set() and words("rule 509.1") == set() and words("what does CR 510.1a say?") == set()
    said = words("what does 702.19b say about deathtouch")
    assert "deathtouch" in said and not said & {"702", "19b"}
    assert words("rule 413.2d says a token can't come back; does it?") >= {"token", "back"}  # an old number's digits too
    assert not words("rule 413.2d says a token can't come back; does it?") & {"413", "2d"}
    assert "20" in words("I'm at 20 life, does it matter")  # numbers that are no rule's are words as before
    assert "3" in words("rule 120.3: if I take 3 damage, do I lose?")  # a digit of the number said elsewhere too
    assert "40" in words("what's the rule 40 card minimum for limited?")  # not a rule: "rule 40" is said, not meant


def test_spelling_is_corrected_against_the_corpus(mini_book: Rulebook) -> None:
    a = analyze("tramlpe and deathtuch?", mini_book.index)
    assert dict(a.corrections) == {"tramlpe": "trample", "deathtuch": "deathtouch"}
    assert {"keyword:trample", "keyword:deathtouch"} <= set(nodes(mini_book, "tramlpe and deathtuch?"))
    assert all(m.quality < 1 for m in a.matches if m.node == "keyword:trample")


def test_a_word_of_an_installed_cards_name_is_never_corrected(mini_book: Rulebook) -> None:
    """A word the ``card_word`` predicate accepts (with card data, a word of a card's name written as a name) is a card's
    word, not a slip for a rules word ("the Arcbound creatures" are not "around"): left as said, neither corrected nor
    searched for as the fix."""
    plain = analyze("two tramlpes attack", mini_book.index)
    assert ("tramlpes", "trample") in plain.corrections and any(t == "trampl" for t, _ in plain.terms)
    carded = analyze("two tramlpes attack", mini_book.index, card_word=lambda w: w == "tramlpes")
    assert carded.corrections == () and not any(t == "trampl" for t, _ in carded.terms)
    assert analyze("two tramlpes attack", mini_book.index, card_word=lambda w: False).corrections == plain.corrections


def test_word_forms_and_hyphens(mini_book: Rulebook) -> None:
    assert "509" in nodes(mini_book, "when are blockers declared in the declared blockers step")
    assert "keyword:trample" in nodes(mini_book, "trampling over")
    assert "glossary:Lethal Damage" in nodes(mini_book, "is that lethal-damage?")


def test_words_between_the_words_of_a_name(mini_book: Rulebook) -> None:
    assert "509" in nodes(mini_book, "during the declare the blockers step")


def test_aliases_bridge_players_words(mini_book: Rulebook) -> None:
    a = analyze("my guy dies to an SBA", mini_book.index)
    kinds = {m.kind for m in a.matches}
    assert "alias" in kinds and "glossary:Dies" in [m.node for m in a.matches]
    assert any("state-based actions" in m.why for m in a.matches if m.kind == "alias")
    assert dict(a.terms)["state"] == EXPANSION and dict(a.terms)["sba"] == 1.0  # the alias's words weigh less than the question's


def test_negated_names_boost_nothing(mini_book: Rulebook) -> None:
    a = analyze("a non trample creature", mini_book.index)
    assert [m.negated for m in a.matches if m.node == "keyword:trample"] == [True]
    assert not [m for m in a.of_kind("keyword") if m.node == "keyword:trample"]


def test_focus(mini_book: Rulebook) -> None:
    assert analyze("what does trample do?", mini_book.index).focus == 1.0
    assert analyze("how does trample work with shield", mini_book.index).focus == 1.0  # two subjects, nothing else
    assert 0 < analyze("how does trample work when it is blocked", mini_book.index).focus < 1
    assert analyze("can a tapped creature block", mini_book.index).focus < 0.5


def test_hostile_text_is_cleaned_and_bounded(mini_book: Rulebook) -> None:
    assert clean("tram\x1b[31mple\x00 \u2028 do") == "trample do"  # an escape sequence goes whole, a control character parts words
    a = analyze("trample " * 5000, mini_book.index)
    assert a.truncated and len(" ".join(a.words)) <= MAX_CHARS
    assert analyze("\x00\x01\x02", mini_book.index).matches == ()


def test_card_names_count_less(mini_book: Rulebook) -> None:
    """The words of what looks like a card name (:func:`rulesgraph.question.read.card_words`) weigh CARD, unless the
    question also uses the word in its own voice."""
    weights = dict(analyze("My Soul Warden sees a creature enter", mini_book.index).terms)
    assert weights["warden"] == CARD and weights["creatur"] == 1.0


def test_a_counted_word_names_the_thing_not_the_keyword_action(full_book: Rulebook) -> None:
    """Counter is a keyword action (701.6) and 122 "Counters" is a section: "two +1/+1 counters", "a counter"
    and "counters on it" name the thing; "counter that spell" and "the counter keyword" name the action."""
    for question in ("a creature with two +1/+1 counters", "does it keep a counter", "the counters on it stay?"):
        found = nodes(full_book, question)
        assert "keyword:counter" not in found and "701.6" not in found and "122" in found, question
    assert "keyword:counter" in nodes(full_book, "can i counter that spell")
    assert "keyword:counter" in nodes(full_book, "what does the counter keyword do")


def test_an_alias_names_the_entry_spelled_like_its_term(full_book: Rulebook) -> None:
    """An alias term is matched like a said name: "Planeswalker" (the 'walker' alias) is the card type, not the
    keyword action Planeswalk, though both stem to the same key."""
    found = nodes(full_book, "my walker got attacked")
    assert "glossary:Planeswalker" in found and "keyword:planeswalk" not in found


def test_face_down_is_no_player_and_entering_first_is_no_starting_player(full_book: Rulebook) -> None:
    """"face" alone was the opposing player ("go face"): in 41 real tuning questions it was "face-down" or "face up"; "play
    first" was who starts, and "came into play first" is which entered first (a new user's trial)."""
    assert "glossary:Defending Player" not in nodes(full_book, "I attack with a face-down creature and turn it face up")
    assert "glossary:Defending Player" in nodes(full_book, "should I go face or block with my 2/2?")
    assert "glossary:Starting Player" not in nodes(full_book, "Opalescence came into play first, which applies?")
    assert "glossary:Starting Player" in nodes(full_book, "who plays first in game two?")


def test_the_old_wording_of_entering_names_enters_the_battlefield(full_book: Rulebook) -> None:
    """'comes into play' (came, come, coming) is the old wording of entering the battlefield, not only of the
    battlefield ('in play')."""
    for question in ("this land comes into play tapped, can I respond?", "when Clone came into play, did it copy the counters?"):
        a = analyze(question, full_book.index)
        assert any(m.node == "glossary:Enters the Battlefield" and m.via == "alias" for m in a.matches), question


def test_an_alias_phrase_may_be_said_with_words_among_its_own(mini_book: Rulebook) -> None:
    """An alias phrase of several words matches with at most ALIAS_GAP other words among its words, in order:
    "a token when it dies" says "token dies"; further apart, or in the other order, it does not."""
    def aliased(question: str) -> list[str]:
        return [m.said for m in analyze(question, mini_book.index).matches if m.kind == "alias"]

    assert ALIAS_GAP == 2
    assert "token dies" in aliased("what happens to a token when it dies?")
    assert "token dies" not in aliased("a token that my opponent's creature fights later dies")
    assert "token dies" not in aliased("it dies, is it a token?")


def test_an_alias_phrase_with_small_words_is_said_apart_only_by_small_words_or_a_card_name(mini_book: Rulebook) -> None:
    """A phrase with small words may have up to ALIAS_GAP small words or words of a card's name among its words
    ("priority in the cleanup", "who controls the Kokusho trigger"), not other words, which change what it says ("how
    much extra does it cost" is not "how much does it cost"); one with fewer than two content words, or with numbers
    or single letters for content ("in response", "x is 0"), is said only as written."""
    phrases = ["who controls the trigger", "priority in cleanup", "how much does it cost", "x is 0", "in response"]
    aliases = [*mini_book.index.aliases, *(Alias(say=(tuple(p.split()),), means="priority", terms=(), why=p) for p in phrases)]
    index = build_index(mini_book.graph, aliases)

    def aliased(question: str) -> list[str]:
        return [m.said for m in analyze(question, index).matches if m.kind == "alias"]

    assert "who controls the trigger" in aliased("So who controls the Kokusho trigger, me or them?")
    assert "who controls the trigger" not in aliased("so who controls the death trigger, me or them?")
    assert "priority in cleanup" in aliased("do we get priority in the cleanup step?")
    assert "how much does it cost" not in aliased("and recasting it, how much extra does it cost?")
    assert "x is 0" not in aliased("is x really 0 here?") and "x is 0" in aliased("so x is 0 on the stack")
    assert "in response" not in aliased("in my response")


def test_an_alias_phrase_with_a_number_is_said_only_as_written(mini_book: Rulebook) -> None:
    """A phrase with a number among its content words ("4 player") is said only as written: a number belongs to the
    word after it, so "4 damage to each player" is an amount of damage, not a four-player game."""
    aliases = [*mini_book.index.aliases, Alias(say=(("4", "player"),), means="multiplayer", terms=(), why="4 player")]
    index = build_index(mini_book.graph, aliases)

    def aliased(question: str) -> list[str]:
        return [m.said for m in analyze(question, index).matches if m.kind == "alias"]

    assert "4 player" in aliased("in a 4 player game who goes first?")
    assert "4 player" not in aliased("it deals 4 to each player, who wins?")


def test_alias_words_are_known_but_never_a_correction(mini_book: Rulebook) -> None:
    """Words of the alias table that the rules never use (``etb``, card names) are not corrected, and no
    misspelt word is corrected to one of them: "Warden" stays "warden" though an alias says "warrens"."""
    aliases = [*mini_book.index.aliases, Alias(say=(("empty", "the", "warrens"),), means="token", terms=(), why="a card")]
    index = build_index(mini_book.graph, aliases)
    assert "warrens" in index.slang and "etb" in index.slang and "warrens" not in index.vocab
    assert dict(analyze("my Soul Warden and an etb", index).corrections) == {}
    assert dict(analyze("what does tramlpe do", index).corrections) == {"tramlpe": "trample"}


def test_a_name_inside_an_alias_phrase_stays_named_when_the_alias_means_it(full_book: Rulebook) -> None:
    """A name inside a longer alias phrase is not meant on its own ("double block" is not the keyword Double),
    unless the alias's own terms name it too: "token … dies" is about tokens, so the section Tokens stays named."""
    assert "111" in nodes(full_book, "what happens to a token when it dies?")
    assert "keyword:double" not in nodes(full_book, "can I double block with these two?")


def test_ordinary_english_words_are_never_corrected(full_book: Rulebook) -> None:
    """A word the rules never use but English often does is what the player meant ("volcanic" is not a slip for
    "volcano", nor "wearing" for "weirding", nor "unrelated" for "unprepared"); a slip still is corrected."""
    index = full_book.index
    for word in ("volcanic", "wearing", "unrelated", "blinking", "thought"):
        assert dict(analyze(f"my {word} creature", index).corrections) == {}, word
    fixed = dict(analyze("does tramlpe work with deathtuch on a volcanic creature?", index).corrections)
    assert fixed == {"tramlpe": "trample", "deathtuch": "deathtouch"}


def test_a_verb_that_only_sets_the_scene_is_not_the_subject(full_book: Rulebook) -> None:
    """Issue 16, Build 6: "I have X, I cast Y …" tells the situation; casting is not what it asks about, so the
    match on 'cast' is weak (via ``scene``) and does not focus the question, while "can I cast …" and "how do I
    cast …" are about casting."""
    scene = analyze("I have a Grizzly Bears. I cast Giant Growth on it. What happens?", full_book.index)
    cast = [m for m in scene.matches if m.node == "keyword:cast"]
    assert cast and all(m.via == "scene" and m.quality < 0.5 for m in cast)
    for asked in ("can I cast a sorcery during my opponent's turn?", "how do I cast a spell?"):
        assert any(m.node == "keyword:cast" and m.via == "name" for m in analyze(asked, full_book.index).matches), asked


def test_a_question_asking_what_a_keyword_means_names_its_subject(mini_book: Rulebook) -> None:
    def asked(question: str) -> str | None:
        a = analyze(question, mini_book.index)
        m = defined_subject(list(a.words), list(a.matches))
        return m.node if m else None

    assert asked("what does it mean to have trample?") == "keyword:trample"
    assert asked("explain trample, and can my opponent block it with two creatures?") == "keyword:trample"
    assert asked("my trample creature is blocked, what now?") is None



def test_a_question_whose_only_word_usually_just_asks_searches_it_when_it_names_something(full_book: Rulebook) -> None:
    """"what's the deal with X" makes "deal" an asking word; "what does deal mean?" asks of nothing else."""
    assert dict(analyze("what does deal mean?", full_book.index).terms) == {"deal": 1.0}
    assert dict(analyze("define deal", full_book.index).terms) == {"deal": 1.0}
    assert "deal" not in dict(analyze("what's the deal with trample?", full_book.index).terms)
    assert dict(analyze("what does it mean?", full_book.index).terms) == {}


_SAID = st.lists(st.sampled_from("what s is are does do whats how explain define meaning of rules for a an the it mean to when if "
                                 "somewhat trample trampled first strike x 1 2".split()), max_size=14).map(" ".join)


@given(_SAID, st.sampled_from(["trample", "first strike", "strike", "a", "x 1"]))
def test_asking_a_meaning_is_tested_as_one_pattern_per_name_would(text: str, name: str) -> None:
    """:func:`_asks_meaning` (no pattern compiled per question) says what the pattern built for each name said before."""
    built = (r"(?:what(?:s| is| are| does| do)|whats|how (?:does|do|is)|explain|define|meaning of|rules for) "
             r"(?:a |an |the |it mean (?:to|when|if) (?:\w+ ){0,4})?" + re.escape(name) + r"\b")
    assert _asks_meaning(text, name) == bool(re.search(built, text))
    assert (defined_subject(text.split(), [Match("keyword:x", "keyword", name, 1.0, "")]) is not None) == bool(re.search(built, text))
