"""A question's words as the card finder reads them: spans, capitals, sentence starts, possessives, the forms
a name takes."""

from __future__ import annotations

from rulesgraph.question.mention_words import bases, joined, scan, variants


def test_words_keep_their_spans_and_evidence() -> None:
    text = "Can I Shock it? then Sheoldred's trigger: ETB."
    words = scan(text)
    assert [w.word for w in words] == ["can", "i", "shock", "it", "then", "sheoldreds", "trigger", "etb"]
    assert all(text[w.start:w.end] == w.raw for w in words)
    assert [w.initial for w in words] == [True, False, False, False, True, False, False, True]
    shock, sheoldred, etb = words[2], words[5], words[7]
    assert shock.cap and sheoldred.cap and sheoldred.possessive and not etb.cap  # capitals only, not an acronym


def test_title_case_and_capitals_give_no_capital_evidence() -> None:
    assert not any(w.cap for w in scan("Can I Shock A Creature In The Graveyard?"))
    assert not any(w.cap for w in scan("CAN I SHOCK MY OWN CREATURE"))
    assert [w.cap for w in scan("I cast Path to Exile on it")] == [True, False, True, False, True, False, False]


def test_forms_a_name_takes() -> None:
    finkses, magicd, shocked, guides = scan("Finkses Magic'd Shocked Guides'")
    assert ("finks", "plural") in variants(finkses)
    assert ("magic", "verb") in variants(magicd)
    assert ("shock", "verb") in variants(shocked)
    assert ("shock", "verb") not in variants(shocked, rules_word=True)  # "Flying" is not Fly made a verb
    assert ("guide", "plural") in variants(guides)
    assert bases("fairies")[:2] == ["fairies", "fairy"]
    assert bases("elves")[:2] == ["elves", "elf"] and bases("ox") == ["ox"]


def test_words_of_one_phrase() -> None:
    text = "Fire // Ice. Sheoldred, Whispering One"
    words = scan(text)
    assert joined(text, words, 0, 1)  # "Fire // Ice"
    assert not joined(text, words, 1, 2)  # a full stop between
    assert joined(text, words, 2, 4)  # "Sheoldred, Whispering One"


def test_an_abbreviations_period_ends_no_sentence() -> None:
    """"good vs. Bolt", "e.g. Shock": the capital after an abbreviation's period is the name's, not a sentence's."""
    assert [w.initial for w in scan("good vs. Bolt here")] == [True, False, False, False]
    assert [w.raw for w in scan("e.g. Shock it") if not w.initial] == ["g", "Shock", "it"]
    assert [w.initial for w in scan("I win. Bolt it")] == [True, False, True, False]  # a sentence's end still is one
