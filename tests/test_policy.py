"""Ranking tournament passages (rulesgraph.answer.policy) over invented documents built in memory: BM25 with title words
counting extra, an infraction named by name or initials, a section named by id, the REL picking the document, a
list of changes kept for questions about changes; and the cues that make a question one of policy.  Players' words
read as the documents' own, on the real documents too."""

from __future__ import annotations

import pytest

from rulesgraph.answer.policy import (
    PolicyIndex,
    _penalty_asked,
    _terms,
    abbreviations,
    american,
    named_in,
    policy_cue,
    policy_index,
    rel_of,
)
from rulesgraph.common.text import stem
from rulesgraph.model import Origin
from rulesgraph.parse.tdoc import TDocument, TSection
from rulesgraph.question.read import Question


def _s(sid: str, kind: str, title: str, text: str, **extra: str) -> TSection:
    return TSection(sid, kind, sid.split()[-1] if kind != "heading" else None, title, text, Origin("x.txt", 1), **extra)  # type: ignore[arg-type]


def _docs() -> tuple[TDocument, ...]:
    mtr = TDocument("mtr", "mtr.txt", "1", "2031-03-04", "Magic Tournament Rules", (
        _s("MTR 1.1", "section", "Seating Arrangements", "Players sit where the organiser points. Chairs are numbered."),
        _s("MTR 1.2", "section", "Dice and Counters", "Players may bring dice and counters of any colour."),
        _s("MTR 1.3", "section", "Snack Breaks", "A snack is eaten away from the table."),
        _s("MTR Appendix A", "appendix", "Changes From Previous Versions", "Dice rules changed; seating changed."),
    ))
    ipg = TDocument("ipg", "ipg.txt", "2", "2030-06-07", "Infraction Procedure Guide", (
        _s("IPG 2.1", "section", "Table Error — Dropped Dice", "A player drops dice on the floor.", penalty="Warning",
           name="Dropped Dice"),
        _s("IPG 2.2", "section", "Table Error — Loud Chewing of Snacks", "A player chews loudly.", penalty="No Penalty",
           name="Loud Chewing of Snacks"),
    ))
    jar = TDocument("jar", "jar.txt", "3", "2030-06-07", "Judging at Regular REL", (
        _s("JAR 1", "heading", "A player drops dice", "Help pick them up; no penalty at a casual event."),
    ))
    return mtr, ipg, jar


def test_title_words_and_text_rank_by_bm25() -> None:
    index = PolicyIndex(_docs())
    assert index.search("where do players sit?")[0].section.id == "MTR 1.1"
    assert index.search("can I bring counters")[0].section.id == "MTR 1.2"
    assert index.search("zebra quartz") == []
    assert len(index.search("players dice snack", k=2)) == 2


def test_a_storys_words_weigh_less_than_what_it_asks() -> None:
    index = PolicyIndex(_docs())
    story = "We were eating snacks. My opponent ate a snack. Then he ate another snack. Which chair do I sit in?"
    assert index.search(story)[0].section.id == "MTR 1.1"  # asked: the chair; told: snacks, three times
    index.TOLD = 1.0
    assert index.search(story)[0].section.id == "MTR 1.3"


def test_an_infraction_named_or_abbreviated_leads() -> None:
    index = PolicyIndex(_docs())
    assert index.named["dd"] == "IPG 2.1" and index.named["loud chewing of snacks"] == "IPG 2.2"
    assert index.named["lcs"] == "IPG 2.2" and index.named["lcos"] == "IPG 2.2"
    top = index.search("is that an LCS at comp?")[0]
    assert top.section.id == "IPG 2.2" and any("LCS" in w.upper() for w in top.why)


def test_a_follow_up_asking_of_another_infraction_instead_carries_no_name_said_before() -> None:
    """"what about a decklist error instead?" after a slow play question repeated IPG 3.3 Slow Play word for word: the
    name said before counted in full.  A follow-up is heard after its question, whose names count as its words do
    (``BEFORE``), none when the follow-up names a section itself or says "instead"; "and if he does it again?" and "what
    about the penalty then?" keep them."""
    index = PolicyIndex(_docs())
    before = "what's the penalty for dropped dice at comp?"
    assert index.search(Question.after(before, "what about loud chewing instead?"))[0].section.id == "IPG 2.2"
    assert index.search(Question.after(before, "and if he does it again?"))[0].section.id == "IPG 2.1"
    assert index.search(Question.after(before, "what about the penalty then?"))[0].section.id == "IPG 2.1"  # no other named
    assert index.search(Question.after(before, "what if he was chewing loudly instead?"))[0].section.id == "IPG 2.2"


def test_a_section_named_by_id_leads() -> None:
    index = PolicyIndex(_docs())
    assert index.search("what does mtr 1.3 say about dice")[0].section.id == "MTR 1.3"
    assert index.search("MTR appendix a")[0].section.id == "MTR Appendix A"


def test_the_rel_picks_the_document() -> None:
    index = PolicyIndex(_docs())
    assert index.search("my opponent drops dice at fnm")[0].doc.kind == "jar"
    assert index.search("my opponent drops dice at competitive")[0].doc.kind == "ipg"


def test_changes_answer_only_questions_about_changes() -> None:
    index = PolicyIndex(_docs())
    assert index.search("seating dice")[0].section.id != "MTR Appendix A"
    assert index.search("what changed about dice and seating?")[0].section.id == "MTR Appendix A"
    assert index.search("is the new version different from before on dice and seating?")[0].section.id == "MTR Appendix A"
    # a player changing something, a new player: not a question about the documents' changes
    for q in ("can I change my dice and seating", "a new player asks about dice and seating"):
        assert index.search(q)[0].section.id != "MTR Appendix A", q


def test_section_by_id() -> None:
    index = PolicyIndex(_docs())
    found = index.section("IPG 2.1")
    assert found is not None and found[1].kind == "ipg"
    assert index.section("IPG 9.9") is None


def test_abbreviations_skip_small_words_and_english() -> None:
    s = _s("IPG 3.1", "section", "X — Failure to Follow Rules", "", penalty="Warning", name="Failure to Follow Rules")
    assert abbreviations(s) == {"ffr", "ftfr"}
    assert abbreviations(_s("IPG 3.2", "section", "Only", "", penalty="Warning", name="Illegal Fence")) == set()  # "if" is English
    assert abbreviations(_s("MTR 1.1", "section", "Plain", "")) == set()


def test_named_in_finds_names_plurals_and_initials() -> None:
    named = {"dd": "IPG 2.1", "dropped dice": "IPG 2.1", "lcs": "IPG 2.2"}
    assert named_in("two DDs and an lcs", named) == [("dd", "IPG 2.1"), ("lcs", "IPG 2.2")]
    assert named_in("he dropped dice", named) == [("dropped dice", "IPG 2.1")]
    assert named_in("nothing here", named) == [] and named_in("dd", {}) == []


def test_cues_and_rel() -> None:
    named = {"dd": "IPG 2.1"}
    assert policy_cue("is that a DD?", named) == "dd"
    assert policy_cue("can my opponent see my decklist?") == "decklist"
    assert policy_cue("what are the tiebreakers", jargon=frozenset({"tiebreak"})) == "tiebreak"
    assert policy_cue("what are the tiebreakers", jargon=frozenset({"tiebreak"}), in_rules=lambda t: True) is None
    assert policy_cue("does deathtouch work with trample?", game_terms=lambda *_: 2) is None
    assert rel_of("at a PTQ") == "competitive" and rel_of("at the kitchen table") == "regular" and rel_of("at home") is None


@pytest.mark.parametrize(("question", "expected"), [
    ("player ripped up his opponent's card in anger after losing. penalty?", "IPG 4.5"),
    ("at fnm a guy let his opponent put a creature in the graveyard that wasn't dead, on purpose. what happens to him", "JAR 8"),
    ("what is a game loss", "IPG 1.1"), ("what does a match loss mean", "IPG 1.1"),  # defined by run-in headings there
])
def test_synonyms_reach_the_section(documents: None, question: str, expected: str) -> None:
    index = policy_index()
    assert index is not None
    assert expected in [h.section.id for h in index.search(question, 3)]




def test_an_infraction_comes_first_when_an_error_is_told_or_a_penalty_asked_not_for_what_to_do() -> None:
    """An infraction's score rises (``INFRACTION``) for a question telling an error or asking for a penalty or fix;
    "what do we do when …" alone asks neither ("what do we do when time is called?" is the end-of-match procedure, not
    an infraction that says "call")."""
    index = PolicyIndex(_docs())
    plain = index.search("what do we do with dice on the floor?", 2)
    asked = index.search("what's the penalty for dice on the floor?", 2)
    dropped = next(h.score for h in plain if h.section.id == "IPG 2.1")
    assert next(h.score for h in asked if h.section.id == "IPG 2.1") > dropped
    assert _penalty_asked("how does the judge handle it") and not _penalty_asked("what do we do when time is called?")


def test_a_question_saying_a_sections_name_leads() -> None:
    index = PolicyIndex(_docs())
    # "snack" is in two sections' text; only one is named for it (its title): saying the name leads there
    assert index.search("snack breaks: where?")[0].section.id == "MTR 1.3"
    assert index._named_share(0, {stem("zebra")}) == 0.0


def test_a_defined_term_is_one_of_the_sections_names() -> None:
    docs = (*_docs(), TDocument("mtr", "m2.txt", "4", "2031-03-04", "Magic Tournament Rules", (
        _s("MTR 2.1", "section", "Table Care", "A crumb is a piece that falls from a snack.\n\nWipe the table."),
    )))
    index = PolicyIndex(docs)
    at = next(i for i, (s, _, _) in enumerate(index.units) if s.id == "MTR 2.1")
    assert frozenset(_terms("crumb")) in index.names[at]
    assert index.search("what is a crumb")[0].section.id == "MTR 2.1"


def test_an_error_told_leads_to_the_infraction() -> None:
    index = PolicyIndex(_docs())
    asked = "players may bring dice, but my opponent dropped his dice by mistake"
    assert index.search(asked)[0].section.id == "IPG 2.1"  # an error told: the infraction, not the dice rule
    assert index.search("may players bring dice and counters")[0].section.id == "MTR 1.2"


def test_a_misspelt_infraction_name_still_names_it() -> None:
    index = PolicyIndex(_docs())
    top = index.search("is that loud chewing of snaks?")[0]
    assert top.section.id == "IPG 2.2" and top.why


def test_a_word_with_re_reads_as_the_documents_word() -> None:
    index = PolicyIndex(_docs())
    assert index._unprefixed(stem("reseating")) == stem("seating")  # the documents say "seating", never "reseating"
    assert index._unprefixed(stem("rewind")) == stem("rewind")  # "wind" is not theirs either: kept
    assert index._unprefixed(stem("dice")) == stem("dice")
    assert index.search("reseating, who decides?")[0].section.id == "MTR 1.1"


def test_a_creature_that_dies_is_no_die_of_the_documents() -> None:
    """The documents' "die" is the one rolled; a question's "dies", "died", "dying" say the rules' verb (700.4) and are
    not searched for (an invented document with a die-rolling passage, as MTR 3.9 is)."""
    docs = (TDocument("mtr", "mtr.txt", "1", "2031-03-04", "Magic Tournament Rules", (
        _s("MTR 1.1", "section", "Die Rolling", "A player who rolls a die announces why."),
        _s("MTR 1.2", "section", "Missed Triggers", "A trigger the player forgot is resolved when noticed."),
    )),)
    index = PolicyIndex(docs)
    for said in ("my creature died and he forgot the trigger", "when a creature dies the trigger was forgotten",
                 "a dying creature's trigger was forgot"):
        assert [h.section.id for h in index.search(said)] == ["MTR 1.2"], said
    assert index.search("we rolled a die, what now")[0].section.id == "MTR 1.1"  # the noun is still theirs
    assert index.search("can I roll my own die?")[0].section.id == "MTR 1.1"


def test_a_british_spelling_reads_as_the_documents_american_one() -> None:
    """The documents are in American English; a judge writing "randomise", "behaviour" or "judgement" means their words
    (and "size" or "prize" are no -ize words to respell)."""
    assert american("randomising") == "randomizing" and american("behaviour") == "behavior" and american("judgement") == "judgment"
    assert american("rise") is None and american("wise") is None and american("sealed") is None
    docs = (TDocument("mtr", "mtr.txt", "1", "2031-03-04", "Magic Tournament Rules", (
        _s("MTR 1.1", "section", "Randomizing", "Decks are randomized by shuffling. A judge uses judgment."),
        _s("MTR 1.2", "section", "Conduct", "Aggressive behavior is not tolerated. A player is penalized for it."),
    )),)
    index = PolicyIndex(docs)
    assert index.search("how do I randomise my deck")[0].section.id == "MTR 1.1"
    assert index.search("he got penalised for his behaviour")[0].section.id == "MTR 1.2"
    assert index._spelt(Question.of("a judgement call")) == {stem("judgement"): stem("judgment")}
    assert index._spelt(Question.of("is that a promise")) == {}  # "promize" is no word of theirs


def test_words_that_only_make_a_question_are_not_searched() -> None:
    """Frame words ("what happens", "actually") are no section's subject, even where a section's text uses them; "tell" and "help"
    are (a duty to tell, assistance)."""
    mtr, ipg, jar = _docs()
    chatty = _s("MTR 1.4", "section", "Lost Items", "Whatever happens, and it actually happens, items found go to the desk.")
    index = PolicyIndex((TDocument(mtr.kind, mtr.path, mtr.sha256, mtr.effective, mtr.title, (*mtr.sections, chatty)), ipg, jar))
    assert index.search("what actually happens when a player drops dice on the floor")[0].section.id == "IPG 2.1"
    assert all(h.section.id != "MTR 1.4" for h in index.search("what actually happens"))
    assert index.search("can my friend help me pick up dice")[0].section.id == "JAR 1"


def test_a_former_infraction_name_leads_to_todays_infraction_but_routes_nothing() -> None:
    """Players still say the IPG's former names for the situation ("he drew an extra card": Drawing Extra Cards, now
    Hidden Card Error); they lead the ranking, irregular forms read as the documents' (drew → draw), but are no name
    the router knows (:attr:`PolicyIndex.named`, what :func:`names` keeps)."""
    ipg = TDocument("ipg", "ipg.txt", "2", "2030-06-07", "Infraction Procedure Guide", (
        _s("IPG 2.2", "section", "Game Play Error — Looking at Extra Cards", "A player sees extra cards while drawing.",
           penalty="Warning", name="Looking at Extra Cards"),
        _s("IPG 2.3", "section", "Game Play Error — Hidden Card Error", "A player commits an error with hidden cards.",
           penalty="Warning", name="Hidden Card Error"),
    ))
    index = PolicyIndex((ipg,))
    for q in ("he drew an extra card", "what's the penalty for drawing extra cards", "is that a DEC"):
        top = index.search(q)[0]
        assert top.section.id == "IPG 2.3" and top.why, q
    assert index.search("he looked at an extra card")[0].section.id == "IPG 2.2"
    assert not index._named_in("the event is on dec 14, can my friend watch?")  # the month, not DEC
    assert index._named_in("is that a DEC?") == [("dec", "IPG 2.3")]
    assert "drawing extra cards" not in index.named and index.lead["drawing extra cards"] == "IPG 2.3"


def test_a_penalty_defined_by_run_in_heading_earns_its_section_no_name_bonus() -> None:
    """IPG 1.1 defines Warning and Game Loss ("Warning Warnings are …"); a question saying one mostly asks which an
    infraction gets, so the term counts as the section's title words do, but earns no name bonus."""
    mtr, ipg, jar = _docs()
    penalties = _s("IPG 1.1", "section", "Definition of Penalties",
                   "Warning Warnings are given for small slips.\n\nGame Loss A Game Loss ends the game.")
    index = PolicyIndex((mtr, TDocument(ipg.kind, ipg.path, ipg.sha256, ipg.effective, ipg.title, (penalties, *ipg.sections)), jar))
    unit = next(i for i, (s, _, _) in enumerate(index.units) if s.id == "IPG 1.1")
    assert index.units[unit][2][stem("warning")] > 1  # the defined term counts as a title word
    assert index._named_share(unit, {stem("warning")}) == 0.0
    assert index._named_share(unit, {stem("definition"), stem("penalties")}) == 1.0
    assert index.search("a player dropped dice, is that a warning?")[0].section.id == "IPG 2.1"
