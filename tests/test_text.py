"""Folding, words, stems and search terms (rulesgraph.common.text)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulesgraph.common.text import STOPWORDS, clean, drop_invisible, fold, slug, stem, terms, word_line, words


def test_fold_makes_typographic_text_match_plain_typing() -> None:
    assert fold("Can’t — “Trample”™") == "can't - \"trample\""
    assert fold("ÆTHER\u00a0Vial") == "æther vial"


def test_words_keep_contractions_as_one_word() -> None:
    assert words("Can’t block; doesn't untap, 702.19b") == ["cant", "block", "doesnt", "untap", "702", "19b"]


@given(st.text(st.sampled_from("ab9 '’-.\u00e9\u0301\u00a0\n\"x"), max_size=40))
def test_a_word_line_is_the_words_joined(text: str) -> None:
    """Apostrophes, typographic quotes, accents and punctuation: ``word_line`` is ``" ".join(words(text))``."""
    assert word_line(text) == " ".join(words(text))
    assert word_line("rock'n'roll, can’t 'quoted'") == " ".join(words("rock'n'roll, can’t 'quoted'")) == "rockn roll cant quoted"


def test_stem_joins_forms_of_one_word() -> None:
    assert {stem(w) for w in ("blocked", "blocking", "blocks")} == {"block"}


def test_terms_drop_words_that_say_nothing_about_a_question() -> None:
    """Pronouns, "something" and "anyone" included: in "can I do that while something is on the stack?"
    only "while" and "stack" say what is asked ("something" matched every rule that lets a player "do something")."""
    assert terms("can I do that while something is on the stack?") == ["while", "stack"]
    assert terms("can anyone respond to it?") == ["respond"]
    assert {"something", "anything", "someone", "anyone", "somebody", "anybody"} <= STOPWORDS


def test_terms_keep_the_words_rules_turn_on() -> None:
    """Negations are dropped (rules text states both sides) but "nothing" and "everything" are kept."""
    assert terms("it can't be countered") == ["counter"]
    assert terms("nothing happens to everything") == ["noth", "happen", "everyth"]


def test_slug() -> None:
    assert slug("Totem armor") == "totem-armor"
    assert slug("  “Bands with Other” ") == "bands-with-other"


def test_clean_drops_a_pasted_escape_sequence_without_a_trace() -> None:
    """A terminal shows nothing for an escape sequence, so the word it is glued to stays one word (it was read as
    "31mdeathtouch" and the keyword lost); other control characters still part words."""
    assert clean("does trample work with \x1b[31mdeathtouch?") == "does trample work with deathtouch?"
    assert clean("dea\x1b[0mth\x1b]0;a title\x07touch") == "deathtouch"
    assert clean("x\x9b1;2Hy \x1b(Bz") == "xy z"
    assert clean("tab\there\x00now") == "tab here now"
    assert clean("x\x1bOAy \x1bMz") == "xy z"  # an arrow key (SS3), a capital's two-character escape
    # only what a terminal reads as one sequence goes: an OSC never ended, the Esc key or Alt before a letter (review)
    assert clean("does \x1b]0;title trample work") == "does ]0;title trample work"
    assert clean("trample \x1bhaste") == "trample haste" and clean("press \x1b then flying") == "press then flying"


def test_clean_joins_a_word_an_invisible_format_character_splits() -> None:
    """A zero-width space, a soft hyphen or a direction mark pasted inside a word shows as nothing: the word stays one
    ("tram\u200bple" was two words, and nothing was found); a control character still parts words."""
    assert clean("does tram\u200bple work with dea\u00adthtouch\u2060?") == "does trample work with deathtouch?"
    assert clean("\ufeffwhat is \u202eflying") == "what is flying"
    assert clean("tab\u0085here") == "tab here"  # NEL: a control character, a break
    # what the card finder reads (ask passes it the question so): the same characters gone, the rest as asked
    assert drop_invisible("what does Tarmo\u200bgoyf count?\u00a0") == "what does Tarmogoyf count?\u00a0"
    assert drop_invisible("plain ascii\tkept") == "plain ascii\tkept"


def test_filed_spells_out_ligatures_and_drops_accents() -> None:
    """Where an index files a name: "Æther Vial" under A, as "aether vial" (NFKD splits no ligature; it sorted after Z)."""
    from rulesgraph.common.text import filed

    assert filed("Æther Vial") == "aether vial" and filed("Ríverwalker, the First") == "riverwalker, the first"
    assert filed("Sol Ring") == "sol ring" and filed("Lim-Dûl's Vault") == "lim-dul's vault"
