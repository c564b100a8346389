"""The card steps (rules 20-25 and 27, rulesgraph/rank/cardsteps/cards.py): one test per rule, each docstring stating it (rule
26's are in tests/test_steps_meeting.py).

Cards are given to the ranking directly, as :class:`~rulesgraph.question.namedcards.NamedCard` records of invented
cards, over the miniature rules of tests/fixtures (and the full CR where a rule needs its types)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rulesgraph import Rulebook
from rulesgraph.build.index import doc_terms
from rulesgraph.model import NamedCard
from rulesgraph.question.analyze import analyze
from rulesgraph.question.namedcards import with_cards
from rulesgraph.rank.ranking import rank

from .test_ranking import weight


def card(key: str, text: str = "", keywords: tuple = (), types: tuple = (), rulings: tuple = (), confidence: float = 0.95,
         type_line: str = "Creature — Elf") -> NamedCard:
    return NamedCard(key, key, 0, len(key), confidence, "exact", type_line, text, keywords, types, rulings, frozenset(doc_terms(key)))


def ranked(book: Rulebook, question: str, *cards: NamedCard) -> list[str]:
    a = replace(analyze(question, book.index), cards=cards)
    return [s.node for s in rank(book.index, book.qg, a)]


def scored(book: Rulebook, question: str, node: str, *cards: NamedCard) -> float:
    a = replace(analyze(question, book.index), cards=cards)
    return next((s.score for s in rank(book.index, book.qg, a) if s.node == node), 0.0)


def position(order: list[str], node: str) -> int:
    return order.index(node) if node in order else len(order)


DOLL = card("Stuffed Ogre", keywords=(("Deathtouch", "has", ("702.2",)),))


def test_rule_23_a_fitting_ruling_competes(mini_book: Rulebook) -> None:
    """Rule 23: a ruling of a named card holding most of the question's own words is a candidate answer (kept beside
    the ranking, with its card and date); one holding little of them is not."""
    rulings = (("2020-01-01", "If Bulwark Elf blocks a tapped attacker, the attacker still deals combat damage."),
               ("2021-01-01", "This is an unrelated note about mana."))
    elf = card("Bulwark Elf", rulings=rulings)
    a = replace(analyze("Bulwark Elf blocks a tapped attacker: does the attacker deal combat damage?", mini_book.index), cards=(elf,))
    found = rank(mini_book.index, mini_book.qg, a).rulings
    assert [(key, date) for _, key, date, *_ in found][:1] == [("Bulwark Elf", "2020-01-01")]
    assert found[0][6] > max((f[6] for f in found[1:]), default=0.0)  # the unrelated note fits less, if at all
    with weight("ruling", 0.0):
        assert rank(mini_book.index, mini_book.qg, a).rulings[0][0] == 0.0


def test_rule_23_the_rules_a_fitting_ruling_was_linked_to_rise(mini_book: Rulebook) -> None:
    """Rule 23: the rules a fitting ruling was linked to when the cards were installed rise, by its fit; an unfitting
    ruling's links raise nothing."""
    rulings = (("2020-01-01", "If Bulwark Elf blocks a tapped attacker, the attacker still deals combat damage."),
               ("2021-01-01", "This is an unrelated note about mana."))
    question = "Bulwark Elf blocks a tapped attacker: does the attacker deal combat damage?"
    plain = card("Bulwark Elf", rulings=rulings)
    linked = replace(plain, links=(("702.2",), ("702.19",)))
    before, after = scored(mini_book, question, "702.2", plain), scored(mini_book, question, "702.2", linked)
    assert after > before
    assert scored(mini_book, question, "702.19", linked) == scored(mini_book, question, "702.19", plain)  # it does not fit
    with weight("ruling_link", 0.0):
        assert scored(mini_book, question, "702.2", linked) == before
    a = replace(analyze(question, mini_book.index), cards=(linked,))
    assert rank(mini_book.index, mini_book.qg, a).rulings[0][5] == ("702.2",)


def test_a_rules_term_said_only_in_a_cards_name_is_not_named(mini_book: Rulebook) -> None:
    """A card name is never read as a rules term: "Trample Sprite" does not name the keyword Trample, unless the
    question also says trample outside the name."""
    sprite = NamedCard("Trample Sprite", "Trample Sprite", 11, 25, 0.95, "exact", "Creature", "", (), (), (), frozenset())
    a = analyze("what does Trample Sprite do with lethal damage", mini_book.index)
    assert any(m.node == "keyword:trample" for m in a.matches)
    assert not any(m.node == "keyword:trample" for m in with_cards(a, (sprite,)).matches)
    b = analyze("does Trample Sprite have trample", mini_book.index)
    sprite_b = replace(sprite, start=5, end=19)
    assert any(m.node == "keyword:trample" for m in with_cards(b, (sprite_b,)).matches)


def test_rule_23_a_ruling_naming_another_named_card_fits_better(mini_book: Rulebook) -> None:
    """Rule 23 (``FIT["other"]``): of two rulings holding as much of the question, the one naming another card the
    question names fits better (the names themselves are left out of the share it holds)."""
    rulings = (("2020-01-01", "If Bulwark Elf blocks a Cinder Imp, combat damage is dealt."),
               ("2020-01-01", "If Bulwark Elf blocks a Tundra Wolf, combat damage is dealt."))
    elf, imp = card("Bulwark Elf", rulings=rulings), card("Cinder Imp")
    a = replace(analyze("Bulwark Elf blocks Cinder Imp: is combat damage dealt?", mini_book.index), cards=(elf, imp))
    found = rank(mini_book.index, mini_book.qg, a).rulings
    assert "Cinder Imp" in found[0][3]
    assert found[0][6] > found[1][6]
    lower = card("Bulwark Elf", rulings=(("2020-01-01", "If Bulwark Elf blocks a cinder imp, combat damage is dealt."),
                                         ("2020-01-01", "If Bulwark Elf blocks a Tundra Wolf, combat damage is dealt.")))
    a = replace(a, cards=(lower, imp))  # the name's words said as words are not the card named
    found = rank(mini_book.index, mini_book.qg, a).rulings
    assert found[0][6] == found[1][6]


def test_how_a_ruling_writes_a_cards_name() -> None:
    from rulesgraph.rank.cardsteps.cards import said_names

    assert said_names("Thalia, Guardian of Thraben") == ("Thalia, Guardian of Thraben", "Thalia")
    assert said_names("Fire // Ice") == ("Fire", "Ice")
    assert said_names("Jace, the Mind Sculptor") == ("Jace, the Mind Sculptor", "Jace")


def test_rule_23_a_ruling_fits_the_situation_a_long_question_tells(mini_book: Rulebook) -> None:
    """Rule 23: the words of the sentences that only tell a long question's situation (weighed TOLD) count for a
    ruling's fit beside its own words: a ruling holding them is a candidate though the short question at the end says
    nothing of them; they do not make it speak for rules (that takes its own words)."""
    from rulesgraph.question.analyze import TOLD

    rulings = (("2020-01-01", "Tapped attackers still deal combat damage to Bulwark Elf."),)
    elf = card("Bulwark Elf", rulings=rulings)
    a = replace(analyze("what happens?", mini_book.index), cards=(elf,))
    assert rank(mini_book.index, mini_book.qg, a).rulings == []
    told = replace(a, terms=(*a.terms, *((t, TOLD) for t in ("tap", "attack", "combat", "damag"))))
    found = rank(mini_book.index, mini_book.qg, told).rulings
    assert [(key, date) for _, key, date, *_ in found][:1] == [("Bulwark Elf", "2020-01-01")]
    assert found[0][6] > max((f[6] for f in found[1:]), default=0.0)  # the unrelated note fits less, if at all and found[0][4] > 0.5


def test_the_asking_sentence_is_what_a_ruling_must_answer() -> None:
    """Rule 23 weighs the words of the sentences ending in "?" (else the last sentence) ASKED times: they are read here."""
    from rulesgraph.rank.cardsteps.cards import _asked

    asked = _asked("How does Warp World interact with the commander replacement effect? It's unclear what you count.")
    assert "command" in asked and "unclear" not in asked and "count" not in asked
    assert _asked("I cast Lightning Bolt. It dies") == _asked("It dies")  # nothing asks: the last sentence
    both = _asked("Does it trigger? Or does it die?")
    assert {"trigger", "die"} <= both



def test_the_asking_sentence_is_read_in_the_part_the_analysis_reads() -> None:
    """Issue 31: a sentence search from every position of a long question without a "?" was quadratic (a megabyte took
    minutes with cards installed); only the first MAX_CHARS characters are read, as the analysis reads them."""
    from rulesgraph.question.read import MAX_CHARS
    from rulesgraph.rank.cardsteps.cards import _asked

    long = "attack with the creature " * (MAX_CHARS // 10) + "does tarmogoyf survive?"
    assert "tarmogoyf" not in _asked(long) and "attack" in _asked(long)

def test_the_best_ruling_of_another_card_comes_second() -> None:
    """Rule 23 keeps the best ruling of another named card than the best's second (it is shown, however little it fits)."""
    from rulesgraph.rank.cardsteps.cards import _each_card

    found = [(0.9, 0.5, "Arashin Sovereign", "d", "a"), (0.8, 0.5, "Arashin Sovereign", "d", "b"),
             (0.3, 0.2, "Whip of Erebos", "d", "c"), (0.2, 0.2, "Whip of Erebos", "d", "e")]
    assert [f[4] for f in _each_card(found)] == ["a", "c", "b", "e"]
    one = [f for f in found if f[2] == "Arashin Sovereign"] + [(0.1, 0.1, "Arashin Sovereign", "d", "z")]
    assert _each_card(one) == one  # one card: by fit
    assert _each_card(found[:2]) == found[:2]


def test_a_ruling_two_named_cards_share_is_one_candidate() -> None:
    """Rule 23 keeps a ruling text two named cards both carry once, where it fits best (its apostrophes and spaces
    aside): it is one ruling, not two competing for the lead."""
    from rulesgraph.rank.cardsteps.cards import _once

    found = [(0.5, 0.4, "Dreadhorde Arcanist", "d", "If the card has {X}, X is 0."),
             (0.49, 0.4, "Ancestral Vision", "d", "If the card has  {X}, X is 0."),
             (0.3, 0.2, "Ancestral Vision", "d", "It’s a sorcery."), (0.2, 0.2, "Dreadhorde Arcanist", "d", "It's a sorcery.")]
    assert [(f[2], f[4]) for f in _once(found)] == [("Dreadhorde Arcanist", "If the card has {X}, X is 0."),
                                                   ("Ancestral Vision", "It’s a sorcery.")]
    assert _once(found[:1]) == found[:1] and _once([]) == []


_SEEDED = """
import sys
from dataclasses import replace
from rulesgraph import SourceSpec, bundled_sources, load
from rulesgraph.question.analyze import analyze
from rulesgraph.rank.ranking import rank
from tests.test_cardsteps_cards import card
book = load([*bundled_sources(), SourceSpec(sys.argv[1], None, "cr.txt")], use_cache=False)
said = ("The Legend rule only applies to two legendary permanents with identical names. If the names are different, even "
        "if they depict the same character, the rule does not apply.")
first, second = (card(name, rulings=(("2004-10-04", said),)) for name in ("Ertai, the Corrupted", "Ertai, Wizard Adept"))
q = ("Can two Legends with the same name but different titles be in play at the same time? For example, "
     '"Ertai, the Corrupted" and "Ertai, Wizard Adept."')
print(rank(book.index, book.qg, replace(analyze(q, book.index), cards=(first, second))).rulings[0][1])
"""


def test_a_ruling_two_named_cards_share_is_the_first_named_ones_under_any_hash_seed(cr2026: Path) -> None:
    """Two named cards carrying one ruling word for word fit it exactly alike (its share of the question is summed
    exactly, whatever order a set of words comes in: string hashing differs between processes), so the one named first
    keeps it: a real question naming "Ertai, the Corrupted" and "Ertai, Wizard Adept" was answered with either's."""
    import os
    import subprocess
    import sys

    procs = [subprocess.Popen([sys.executable, "-c", _SEEDED, str(cr2026)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": os.pathsep.join(sys.path)})
             for seed in ("1", "2", "3", "4", "5", "6")]  # with a plain sum, seed 3 kept Ertai, Wizard Adept's (stop 44)
    kept = set()
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        kept.add(out.strip())
    assert kept == {"Ertai, the Corrupted"}


@pytest.mark.usefixtures("rule_75_off")  # rule 75 reads the card's words too: the step is stated without it
def test_rule_22_a_cards_oracle_words_are_searched_for_with_the_questions(full_book: Rulebook) -> None:
    """Rule 22: a named card's Oracle words are searched for with the question's, weaker (``card_text``): "can I use
    Verdant Ridge to get a Grassy Vale?" says nothing of land types; the Ridge's "Search your library for a Forest or
    Plains card" does, so the rule on searching for a land by its basic land type (305.6) becomes a candidate and reaches
    the first ten; at weight 0, or with cards without text (nor type line), it is not even a candidate."""
    ridge = card("Verdant Ridge", "{T}, Pay 1 life, Sacrifice Verdant Ridge: Search your library for a Forest or Plains card, "
                 "put it onto the battlefield, then shuffle.", type_line="Land")
    vale = card("Grassy Vale", "({T}: Add {G} or {W}.)", type_line="Land — Forest Plains")
    question = "Can I use Verdant Ridge to get a Grassy Vale?"
    told = ranked(full_book, question, ridge, vale)
    with weight("card_text", 0.0):
        alone = ranked(full_book, question, ridge, vale)
    blank = ranked(full_book, question, card("Verdant Ridge", type_line=""), card("Grassy Vale", type_line=""))
    assert position(told, "305.6") < 10
    assert "305.6" not in alone and "305.6" not in blank


def test_rule_22_a_cards_type_line_words_are_searched_for_too(full_book: Rulebook) -> None:
    """Rule 22 searches for the words of a named card's type line with its Oracle text's: "I control two Thalia, Guardian
    of Thraben" says nothing of legends; Thalia's type line says *Legendary*, and the legend rule (704.5j: "two or more
    legendary permanents …") rises above where the same card with a plain type line leaves it."""
    question = "I control two Thalia, Guardian of Thraben. What happens?"
    legend = card("Thalia, Guardian of Thraben", "First strike", type_line="Legendary Creature — Human Soldier")
    plain = card("Thalia, Guardian of Thraben", "First strike", type_line="Creature — Human Soldier")
    assert scored(full_book, question, "704.5j", legend) > scored(full_book, question, "704.5j", plain)
    with weight("card_text", 0.0):
        assert scored(full_book, question, "704.5j", legend) == scored(full_book, question, "704.5j", plain)
