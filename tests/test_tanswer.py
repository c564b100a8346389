"""Tournament-policy answers: from the installed documents with the infraction and penalty first, an install hint
without them, and every rules question answered exactly as before once they are installed."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesgraph.answer import trelevance
from rulesgraph.answer.compose import answer_json, ask
from rulesgraph.answer.policy import abbreviations, policy_cue, policy_index, rel_of
from rulesgraph.answer.tanswer import BANS_TO_COME, route
from rulesgraph.build import tbook
from rulesgraph.build.corpus import Rulebook
from rulesgraph.versions import tstore

from .conftest import ROOT, require_tournament
from .minitourney import make_ipg, make_jar, make_mtr


@pytest.fixture
def empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    tbook.load.cache_clear()
    yield tmp_path / "data"
    tbook.load.cache_clear()


def _install_real() -> None:
    for name in ("MTR-20260227.txt", "IPG-20240923.txt", "JAR-20240923.txt"):
        tstore.install_file(require_tournament(name))


def test_without_documents_the_policy_line_says_how_to_install(empty: Path, mini_book: Rulebook) -> None:
    a = ask(mini_book, "what's the penalty for a missed trigger?")
    assert not a.in_rules and not a.citations
    assert "rulesgraph update tournament" in (a.answer or "")


def test_invented_documents_answer_by_abbreviation_and_name(empty: Path, mini_book: Rulebook) -> None:
    tstore.install(make_ipg().encode(), "ipg.txt")
    tstore.install(make_mtr().encode(), "mtr.txt")
    a = ask(mini_book, "what is the penalty for mistake number 3?")
    assert a.citations[0].id == "IPG 2.3"
    assert (a.answer or "").startswith("IPG 2.3 Play Error — Mistake Number 3: Match Loss.")
    assert "Remedy: Fix it." in (a.answer or "")
    assert ask(mini_book, "is that an MN3 infraction?").citations[0].id == "IPG 2.3"  # initials of the name
    assert answer_json(a)["citations"][0]["id"] == "IPG 2.3"


def test_abbreviations_are_derived_from_names(empty: Path) -> None:
    _install_real()
    index = policy_index()
    assert index is not None
    names = {s.id: abbreviations(s) for d in index.docs for s in d.sections if s.penalty}
    assert names["IPG 2.5"] == {"grv"} and "lec" in names["IPG 2.2"]
    assert {"fmgs", "ftmgs"} <= names["IPG 2.6"]
    assert index.named["dlp"] == "IPG 3.4" and index.named["usc minor"] == "IPG 4.1"


@pytest.mark.parametrize(("question", "first"), [
    ("what's the penalty for a missed trigger?", "IPG 2.1"),
    ("is that a GRV?", "IPG 2.5"),
    ("at fnm my opponent forgot his upkeep trigger, what do we do", "JAR 2"),
    ("can I take notes during a match?", "MTR 2.11"),
    ("what does IPG 3.2 say", "IPG 3.2"),
    ("player arrives 5 minutes late", "IPG 3.1"),  # a player late to the round: Tardiness
    ("my opponent lied to the judge", "IPG 4.8"),
    ("My opponent said go, then I cast a spell at end of turn. Can he still cast something in his end step?", "MTR 4.2"),
    ("my opponent said your turn but still had a trigger on the stack", "MTR 4.2"),  # the shortcut the MTR defines
    ("what does the JAR say about missed triggers?", "JAR 2"),  # the document named is where to read the answer
    ("what does the IPG say about missed triggers?", "IPG 2.1"),
])
def test_real_documents(empty: Path, full_book: Rulebook, question: str, first: str) -> None:
    _install_real()
    a = ask(full_book, question)
    assert a.citations[0].id == first, [c.id for c in a.citations]


def test_missed_trigger_answer_leads_with_penalty(empty: Path, full_book: Rulebook) -> None:
    _install_real()
    a = ask(full_book, "what's the penalty for a missed trigger at competitive?")
    assert (a.answer or "").startswith("IPG 2.1 Game Play Error — Missed Trigger: No Penalty.")
    assert "Competitive or Professional REL" in a.why[0]


def test_the_level_the_asker_set_answers_a_question_naming_none(empty: Path, full_book: Rulebook) -> None:
    """A store judge at FNM typed "at FNM" into every policy question (a trial): a question read with a level set
    (:attr:`Question.level`: the config's ``rel``, ``--rel``) is answered at it when it says none — Judging at Regular REL,
    no note that the IPG's penalty is Competitive REL's —, and a level it says wins; follow-ups keep it."""
    from rulesgraph.question.conversation import Conversation
    from rulesgraph.question.read import Question

    _install_real()
    late = "player arrives 5 minutes late"
    regular = ask(full_book, Question(late, level="regular"))
    assert regular.citations[0].id.startswith("JAR") and not regular.caveats, [c.id for c in regular.citations]
    assert ask(full_book, Question(f"{late} at competitive REL", level="regular")).citations[0].id.startswith("IPG")
    both = "I took a missed trigger call at a Regular REL event: what would the fix be at Competitive?"  # both said: neither set
    assert ask(full_book, Question(both, level="regular")).citations[0].id == ask(full_book, both).citations[0].id
    conv = Conversation()
    ask(full_book, Question("what's the penalty for a missed trigger?", level="regular"), conversation=conv)
    again = ask(full_book, Question("and if he does it again?", level="regular"), conversation=conv)
    assert again.citations and again.citations[0].id.startswith("JAR"), [c.id for c in again.citations]


def test_a_penalty_asked_with_no_level_says_it_is_the_ipgs(empty: Path, full_book: Rulebook) -> None:
    """The IPG's penalty is Competitive REL's: a question naming no level is told so before it, and where a casual event's
    answer is (one naming a level is not); the JAR's item that tells the case comes with what its list says of all."""
    _install_real()
    a = ask(full_book, "player arrives 5 minutes late")
    assert a.caveats and a.caveats[0].startswith("this is the IPG's penalty, for Competitive and Professional REL")
    assert not ask(full_book, "what's the penalty for a missed trigger at competitive?").caveats
    fnm = ask(full_book, "my opponent showed up late for the round at FNM")  # the JAR's list item that tells it, not its first
    assert "General Unwanted Behaviors: Tardiness (a player who is more than 10 minutes late" in (fnm.answer or "")
    assert "The priority is to educate players" in (fnm.answer or "")  # what the list says of all its items
    lied = ask(full_book, "at FNM my opponent lied to gain an advantage, what happens?").answer or ""
    assert "must be removed from your event" in lied and "or lying, in order to gain an advantage" in lied
    assert ask(full_book, "can we flip a coin to decide who goes first?").citations[0].id == "MTR 2.2"  # no Winner's words
    for rules in ("is it too late to respond to the trigger?", "My 5/5 got Giant Growth, then Ovinize came later: is it 0/1?"):
        assert ask(full_book, rules).in_rules, rules  # "late" and "later" are the rules' words too


def test_the_remedy_is_the_case_the_question_tells(empty: Path, full_book: Rulebook) -> None:
    """Of Hidden Card Error's remedies, an extra card drawn gets the one for a set holding too many cards (the first is
    a backup), and the answer says there is more; Game Rule Violation's partial fix for lands not untapped is a list
    item; a question telling no case gets the one for every case the others do not cover (Missed Trigger's fourth: each
    of its cases is about a trigger missed), else the first."""
    _install_real()
    a = ask(full_book, "my opponent drew an extra card off brainstorm at competitive, what's the penalty")
    assert "Remedy: If a set affected by the error contains more cards than it is supposed to contain" in (a.answer or "")
    assert "(the remedy says more: 'ipg 2.3 remedy')" in (a.answer or "")
    grv = ask(full_book, "my opponent forgot to untap his lands at competitive, what's the fix for the game rule violation?")
    assert "Remedy: If a player forgot to untap one or more permanents" in (grv.answer or "")
    plain = ask(full_book, "what's the penalty for a missed trigger at competitive?").answer or ""
    assert "Remedy: If the triggered ability isn’t covered by the previous paragraphs, the opponent chooses" in plain
    aura = ask(full_book, "he missed the enters-the-battlefield trigger of his Aura at competitive, what's the fix?").answer or ""
    assert "Remedy: If the triggered ability is an enters-the-battlefield trigger of an Aura" in aura  # a case told
    told = ask(full_book, "At Competitive REL my opponent forgot his Dark Confidant trigger during his upkeep and we noticed "
                          "in his draw step. What is the penalty and the fix?").answer or ""  # "opponent": in two cases alike
    assert "Remedy: If the triggered ability isn’t covered by the previous paragraphs, the opponent chooses" in told


def test_what_a_judge_reads_first_holds_the_fix_whole(empty: Path, full_book: Rulebook) -> None:
    """The REPL and tournament helper of stop 75: the JAR's missed-trigger fix stopped before its "Otherwise, put the
    ability on the stack …"; Game Rule Violation's partial fix ended on its colon; a Dark Confidant missed at Competitive
    read "No Penalty" with no word of the upgrade to a Warning for a trigger detrimental to its controller."""
    _install_real()
    fnm = ask(full_book, "what's the fix for a missed trigger at FNM?").answer or ""
    assert "assume the player chose not to perform it. Otherwise, put the ability on the stack" in fnm
    grv = ask(full_book, "what's the fix for a game rule violation at comp rel?").answer or ""
    assert "perform the appropriate partial fix: If a player forgot to untap one or more permanents" in grv and "(3 more)" in grv
    confidant = ask(full_book, "my opponent forgot his Dark Confidant trigger at a competitive event, what's the penalty?").answer or ""
    assert confidant.startswith("IPG 2.1 Game Play Error — Missed Trigger: No Penalty.")
    assert "Upgrade: If the triggered ability is usually considered detrimental for the controlling player" in confidant


def test_a_definition_says_its_cases_and_an_upgrade_its_penalty(empty: Path, full_book: Rulebook) -> None:
    """A trial: Outside Assistance read "… does any of the following: Downgrade: …", its cases dropped; Marked Cards' first
    Upgrade stopped before "the penalty is a Game Loss", its second (a pattern) was not said."""
    _install_real()
    oa = ask(full_book, 'A spectator points at a creature and says "attack with that" at comp rel. Is that OA?').answer or ""
    assert "does any of the following: • Seeks play advice" in oa and "• Gives play advice" in oa and "• During a game" in oa
    marked = ask(full_book, "player's sleeves: 4 lands have bent corners at competitive, what is the penalty?").answer or ""
    assert "Mountain or Forest. … As the decklist is being changed to match the new contents of the deck, the penalty is a Game " \
           "Loss. Upgrade: If the Head Judge believes that a deck’s owner noticing the pattern of markings" in marked


def test_an_upgrade_the_question_asks_of_is_read_before_the_remedy(empty: Path, full_book: Rulebook) -> None:
    """A trial: a 59-card deck presented before game 1 read Deck Problem's companion remedy before the upgrade to a Game
    Loss it asked of; a question naming no penalty is told the remedy first, as before."""
    _install_real()
    deck = ask(full_book, "My opponent presented a 59 card deck before game 1. is that a game loss?").answer or ""
    assert deck.startswith("IPG 3.5") and deck.index("Upgrade: In games before sideboarding") < deck.index("Remedy:")
    assert deck.count("Upgrade: In games before sideboarding") == 1  # said once, not again after the remedy
    late = ask(full_book, "my opponent sat down 7 minutes after the round started at the rcq. what does he get").answer or ""
    assert late.startswith("IPG 3.1") and late.index("Remedy:") < late.index("Upgrade:")


def test_jargon_of_the_documents_is_a_cue(empty: Path, full_book: Rulebook) -> None:
    _install_real()
    assert {"tiebreak", "scorekeep", "decklist"} <= trelevance.jargon()
    assert ask(full_book, "what are the tiebreakers?").citations[0].id == "MTR 3.1"
    assert policy_cue("it's too late to respond, right?", {}, jargon=trelevance.jargon()) is None  # "late" is English


def test_the_documents_titles_are_remembered_as_stems(empty: Path, full_book: Rulebook) -> None:
    _install_real()
    titled = trelevance.title_words()
    assert {"spectat", "devic electron", "sideboard"} <= titled and "chang previous version" in titled
    asked = "Spectator Sam is watching the match. You, the judge, are nearby. What do you do?"
    assert ask(full_book, asked).citations[0].id.startswith(("MTR", "IPG"))


def test_rel_and_cues() -> None:
    assert rel_of("at FNM tonight") == "regular" and rel_of("comp rel") == "competitive" and rel_of("my deck") is None
    assert policy_cue("can I take notes during the match?") == "take notes"
    assert policy_cue("at fnm he cast Shock, does it resolve?", game_terms=lambda *_: 2) is None  # the scene of a rules question
    assert policy_cue("how should a judge fix it when he drew an extra card?", game_terms=lambda *_: 3) == "judge"
    assert policy_cue("comp rel: does he have to tell me his hand size?", game_terms=lambda *_: 3) == "comp rel"
    assert policy_cue("my opponent tried to rewind, what does the judge say about casting order?", game_terms=lambda *_: 3) is None


def _rules_sample() -> list[str]:
    """Rules questions nearest the policy boundary (they set the scene at FNM, name a judge or a REL) and a plain sample."""
    near = re.compile(r"\b(?:fnm|judge|rel|casual|competitive|tournament|store|lgs|concede|marked|late|sleeves?|rewind)\b",
                      re.IGNORECASE)
    out: list[str] = []
    for name in ("forum.jsonl", "long.jsonl", "dev.jsonl", "cards_holdout.jsonl", "forum_holdout14.jsonl", "card_mentions.jsonl",
                 "scope.jsonl"):
        path = ROOT / "bench" / "questions" / name
        if not path.is_file():
            continue
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        questions = [r["question"] for r in rows if r.get("in_rules", True)]
        out += [q for q in questions if near.search(q)][:12] + questions[:4]
    return out


def test_rules_questions_answer_exactly_as_before(empty: Path, full_book: Rulebook) -> None:
    """With the documents installed a rules question answers as before, but for one thing: a question whose words lean
    toward them (its routing score from ``LEAN`` up) cites their best passage third, every citation of the rules' after it."""
    sample = _rules_sample()
    assert len(sample) >= 40
    before = [answer_json(ask(full_book, q)) for q in sample]
    _install_real()
    tbook.load.cache_clear()
    after = [answer_json(ask(full_book, q)) for q in sample]
    leaning = 0
    for q, b, a in zip(sample, before, after, strict=True):
        if b["in_rules"] and b["citations"] and trelevance.leaning(q, full_book.index) is not None:
            assert b != a, q  # one that leans gains the passage
        if not b["in_rules"] or b == a:
            continue
        assert trelevance.leaning(q, full_book.index) is not None, q
        ids = [c["id"] for c in a["citations"]]
        assert ids[:2] + ids[3:] == [c["id"] for c in b["citations"]] and ids[2].split()[0] in {"MTR", "IPG", "JAR"}, q
        assert a["answer"] == b["answer"] and a["confidence"] == b["confidence"] and a["why"][:-1] == b["why"], q
        leaning += 1
    assert leaning <= len(sample) // 10  # the boundary's few, not the rules' answers


def test_a_judges_question_the_rules_keep_cites_the_documents_third(empty: Path, full_book: Rulebook) -> None:
    _install_real()
    question = ("If when sideboarding your sideboard and deck have enough cards to be legally played as a deck, do you have "
                "to announce which one you are using during the sideboarding time?")  # bench/questions/policy/real.jsonl
    assert route(question, None, full_book.index) is None  # its words are the rules' too: they answer it
    a = ask(full_book, question)
    rules = ask(full_book, question, rules_only=True)
    assert a.citations[2].id == "MTR 3.16" and [c.kind for c in a.citations].count("mtr") == 1
    assert "\n\n" not in a.citations[2].text and len(a.citations[2].text) < 400  # its opening, as a rule's paragraph: not 25 lines
    assert [c.id for c in a.citations[:2] + a.citations[3:]] == [c.id for c in rules.citations]  # none displaced
    assert any(w.startswith("the tournament documents too: MTR 3.16") for w in a.why)
    assert all(c.kind not in {"mtr", "ipg", "jar"} for c in ask(full_book, question, k=2).citations)  # two: the rules' own
    plain = "does deathtouch work with trample when my 5/5 is blocked?"
    assert trelevance.leaning(plain, full_book.index) is None
    assert all(c.kind not in {"mtr", "ipg", "jar"} for c in ask(full_book, plain).citations)


def test_the_passage_that_answers_and_its_list() -> None:
    from rulesgraph.answer.tanswer import _passage

    text = ("Sets one to nine are allowed.\n\nThe following cards are banned in Sample tournaments:\n\n• Grizzly Bears\n\n"
            "• The Big Ring\n\n• Giant Growth\n\nOther text.")
    assert _passage(text, "is grizzly bears banned in sample?") == \
        "The following cards are banned in Sample tournaments: Grizzly Bears"
    assert _passage(text, "is sol ring banned in sample?") == \
        "The following cards are banned in Sample tournaments: • Grizzly Bears • The Big Ring • Giant Growth"  # all three
    longer = text.replace("Other text.", "• Sol Ring\n\nOther text.")
    assert _passage(longer, "is black lotus banned in sample?") == \
        "The following cards are banned in Sample tournaments: (4 listed, none of them named in the question)"
    assert _passage(text, "which sets are allowed") == "Sets one to nine are allowed."


def test_a_game_situation_told_to_a_judge_cites_the_rules_after_the_documents(empty: Path, full_book: Rulebook) -> None:
    _install_real()
    question = "I was shuffling my opponent's deck and a card flipped face up, we both saw it. whats the fix at a PTQ"
    a = ask(full_book, question)
    kinds = [c.kind for c in a.citations]
    assert set(kinds[:3]) <= {"mtr", "ipg", "jar"}
    assert len(kinds) == 5 and not set(kinds[3:]) & {"mtr", "ipg", "jar"}  # then the rules' best two
    assert any(w.startswith("the rules too: ") for w in a.why)
    assert all(c.kind in {"mtr", "ipg", "jar"} for c in ask(full_book, question, k=3).citations)  # three: the documents only
    notes = ask(full_book, "can I take notes during a match?")  # no game told: the documents only
    assert all(c.kind in {"mtr", "ipg", "jar"} for c in notes.citations)


def test_with_rules_needs_a_game_told() -> None:
    from rulesgraph.answer.tanswer import with_rules
    from rulesgraph.model import Answer, Citation, ShownCard

    class NoTerms:  # an index naming no game terms
        def __init__(self) -> None:
            self.names: dict[str, tuple[str, ...]] = {}

    def cite(cid: str, kind: str) -> Citation:
        return Citation(cid, kind, cid, None, "text", "file:1", None, 1.0)

    doc = tuple(cite(f"IPG 2.{i}", "ipg") for i in range(1, 6))
    policy = Answer("he cast Brainstorm and drew three", "IPG", doc, (), 0.5, (), ())
    brainstorm = ShownCard("Brainstorm", "Instant", "Draw three cards, then put two cards from your hand on top of your library …")
    rules = Answer("q", "r", (cite("117.4", "rule"), cite("701.9", "rule")), (), 0.5, (), (), cards=(brainstorm,))
    asked: list[int] = []

    def answer_rules() -> Answer:
        asked.append(1)
        return rules

    got = with_rules(policy, NoTerms(), answer_rules, 5, lambda: True)  # type: ignore[arg-type]
    assert [c.id for c in got.citations] == ["IPG 2.1", "IPG 2.2", "IPG 2.3", "117.4", "701.9"]
    assert got.why == ("the rules too: 117.4; 701.9",)
    assert got.cards == (brainstorm,)  # the card it names shown under it, as under the rules' answer
    assert with_rules(policy, NoTerms(), answer_rules, 5, lambda: False) is policy  # no card, no game terms
    assert with_rules(policy, NoTerms(), answer_rules, 3, lambda: True) is policy and len(asked) == 1


def test_with_rules_for_an_answer_only_the_score_routed() -> None:
    """No game told, no card named, but the routing score alone sent it: the rules are cited after the documents' three."""
    from rulesgraph.answer.tanswer import with_rules
    from rulesgraph.answer.trelevance import SCORED
    from rulesgraph.model import Answer, Citation

    class NoTerms:
        def __init__(self) -> None:
            self.names: dict[str, tuple[str, ...]] = {}

    def cite(cid: str, kind: str) -> Citation:
        return Citation(cid, kind, cid, None, "text", "file:1", None, 1.0)

    doc = tuple(cite(f"IPG 2.{i}", "ipg") for i in range(1, 6))
    rules = Answer("q", "r", (cite("121.1", "rule"), cite("121.2", "rule")), (), 0.5, (), (), caveats=("‘Zyx’ is no card",))
    scored = Answer("I drew an extra card, what now?", "IPG", doc, (), 0.5, (f"{SCORED} (score 2.9)",), ())
    got = with_rules(scored, NoTerms(), lambda: rules, 5, lambda: False)  # type: ignore[arg-type]
    assert [c.id for c in got.citations] == ["IPG 2.1", "IPG 2.2", "IPG 2.3", "121.1", "121.2"]
    assert got.caveats == ("‘Zyx’ is no card",)  # what the rules' answer warns of, the joined answer says
    cued = Answer("I drew an extra card, what now?", "IPG", doc, (), 0.5, ("‘drew an extra’",), ())
    assert with_rules(cued, NoTerms(), lambda: rules, 5, lambda: False) is cued  # a cue said it: the documents only


def test_an_answer_the_score_routed_says_so_and_cites_the_rules(documents: None, full_book: Rulebook) -> None:
    from rulesgraph.answer.trelevance import SCORED

    a = ask(full_book, "we forgot to shuffle after the search and the opponent noticed, what happens now?")
    assert a.in_rules and any(w.startswith(SCORED) for w in a.why)
    kinds = [c.kind for c in a.citations]
    assert set(kinds[:3]) <= {"mtr", "ipg", "jar"} and not set(kinds[3:]) & {"mtr", "ipg", "jar"}
    cued = ask(full_book, "whats the penalty for a missed trigger at competitive?")  # a cue routes it: no score said
    assert not any(w.startswith(SCORED) for w in cued.why)


def test_a_title_asked_alone_routes_unless_the_rules_name_it_too(documents: None, full_book: Rulebook) -> None:
    """A question that is only a document's title goes to the documents ("what is out of order sequencing" was answered
    from the phasing rule at confidence 0), but not one the rules name too (the review found these sent to MTR 4.5, MTR
    4.9, MTR 3.9 and IPG 1.4)."""
    assert ask(full_book, "what is out of order sequencing").citations[0].id == "MTR 4.3"
    for asked in ("what are triggered abilities?", "how does day/night work?", "what is day and night",
                  "how does rolling a die work?", "what does back up do?"):
        assert route(asked, None, full_book.index) is None, asked


def test_a_price_cue_in_the_documents_words_is_theirs(documents: None, full_book: Rulebook) -> None:
    """A question the scope takes for a card-price one ("buy another pack") goes to the documents when their words are
    its words (the routing score, no cue: a real judges' question); a price question stays refused."""
    from rulesgraph.answer.trelevance import SCORED

    a = ask(full_book, "can a player who opens a high-value booster, during a sanctioned, limited tournament, opt to buy another "
                       "pack to replace the high-value pack?")
    assert a.in_rules and a.citations[0].kind == "mtr" and any(w.startswith(SCORED) for w in a.why)
    for asked in ("How much is a Black Lotus worth?", "Where can I buy boosters for the prerelease?",
                  "What deck should I play at a competitive REL tournament to beat the meta?",  # deck advice: never theirs
                  "Are there recommended decks for a Professional REL tournament?",
                  "Is it like poker, where a spectator can talk to a player during the match?"):  # another game: never
        refused = ask(full_book, asked)
        assert not refused.in_rules and not refused.citations, asked


@pytest.mark.parametrize("installed", [("mtr",), ("mtr", "jar")])
def test_policy_questions_reach_the_documents_without_an_ipg(empty: Path, mini_book: Rulebook, installed: tuple[str, ...]) -> None:
    mtr = make_mtr().replace("Players follow point 1 of chapter 2 (see section 1.1).", "Players may take notes during a match.")
    tstore.install(mtr.encode(), "mtr.txt")
    if "jar" in installed:
        tstore.install(make_jar().encode(), "jar.txt")
    assert trelevance.names() == {}  # no IPG: no infraction names to find
    a = ask(mini_book, "can I take notes during the match?")
    assert a.citations and a.citations[0].id == "MTR 2.1", [c.id for c in a.citations]


def test_real_mtr_alone_answers_notes(empty: Path, full_book: Rulebook) -> None:
    tstore.install_file(require_tournament("MTR-20260227.txt"))
    assert ask(full_book, "can I take notes").citations[0].id == "MTR 2.11"


def test_the_list_that_names_it_and_no_number_pick_the_paragraph() -> None:
    """A list naming what the question names outranks a paragraph of the same words ("The following card sets are
    permitted" before the banned list); "mtr 4.3"'s numbers pick no numbered item ("3. While resolving …")."""
    from rulesgraph.answer.tanswer import _passage

    text = ("The following card sets are permitted in Sample tournaments:\n\n• Alpha\n\n• Beta\n\n"
            "The following cards are banned in Sample tournaments:\n\n• Grizzly Bears\n\n• Giant Growth")
    assert _passage(text, "what does mtr 6.4 say about grizzly bears") == \
        "The following cards are banned in Sample tournaments: Grizzly Bears"
    numbered = "Players may shortcut a block of actions.\n\n3. While resolving Restore Balance, a player discards first."
    assert _passage(numbered, "mtr 4.3") == "Players may shortcut a block of actions."


def test_a_list_item_telling_the_case_is_quoted_with_its_introduction() -> None:
    """A trial: "i said go … can i go back to my main phase?" read MTR 4.2's opening, never its "Go" shortcut: a list
    item holding at least two more of the question's words than any paragraph is quoted after its list's opening."""
    from rulesgraph.answer.tanswer import _passage

    text = ("A shortcut skips parts of the game.\n\nCommon shortcuts are detailed below.\n\n"
            "• A player who passes in their first main phase moves to combat.\n\n"
            "• A player who says go in their second main phase moves to the end step.\n\nOther text.")
    assert _passage(text, "i said go in my main phase, can i go back?") == \
        "Common shortcuts are detailed below. A player who says go in their second main phase moves to the end step."
    assert _passage(text, "what is a shortcut?") == "A shortcut skips parts of the game."
    banned = ("The following cards are banned:\n\n• This Town Ain't Big Enough\n\n• Vivi Ornitier\n\n• Grizzly Bears\n\n"
              "• Sol Ring\n\nOther text.")  # a review: the list said by its named items, not one item alone
    assert _passage(banned, "are This Town Ain't Big Enough and Vivi Ornitier banned?") == \
        "The following cards are banned: This Town Ain't Big Enough; Vivi Ornitier"
    criteria = ("A proxy is a card. It must meet one of the following criteria:\n\n• It is damaged.\n\n"
                "• It is a foil card for which no non-foil printing exists.")
    assert _passage(criteria, "can i get a proxy for a foil card with no non-foil printing?") == \
        "A proxy is a card. It must meet one of the following criteria: • It is damaged. • It is a foil card for which no non-foil " \
        "printing exists."
    told = ("Shortcuts follow.\n\nSome apply when priority is passed:\n\n"
            "• A player who says go in the second main phase passes to the end step.")
    assert _passage(told, "i said go in my second main phase") == \
        "Some apply when priority is passed: A player who says go in the second main phase passes to the end step."


def test_a_list_item_is_named_by_its_short_name() -> None:
    from rulesgraph.answer.tanswer import _passage

    text = ("The following cards are banned in Sample tournaments:\n\n• Grak, Keeper of Bears\n\n• Plain Bear\n\n"
            "• Toma, the Quiet\n\nOther text.")
    assert _passage(text, "is GRAK banned in sample?") == "The following cards are banned in Sample tournaments: Grak, Keeper of Bears"
    assert _passage(text, "are grak and toma banned?") == \
        "The following cards are banned in Sample tournaments: Grak, Keeper of Bears; Toma, the Quiet"
    assert _passage(text, "is keeper banned in sample?").endswith(": • Grak, Keeper of Bears • Plain Bear • Toma, the Quiet")


def test_real_shortcut_said_is_quoted(empty: Path, full_book: Rulebook) -> None:
    tstore.install_file(require_tournament("MTR-20260227.txt"))
    said = ask(full_book, "at an rcq i said go and my opponent started his turn, can i go back to my main phase and play a land?").answer
    assert (said or "").startswith("MTR 4.2") and "uses a phrase such as “Go” or “Your Turn” at any time" in (said or "")


def test_real_short_list_is_quoted_whole(empty: Path, full_book: Rulebook) -> None:
    tstore.install_file(require_tournament("MTR-20260227.txt"))
    said = ask(full_book, "mtr 3.4").answer or ""
    assert said.startswith("MTR 3.4 Proxy Cards") and "criteria: • The card has been accidentally damaged" in said
    assert "• The card is a foil card for which no non-foil printing exists." in said and "listed" not in said


def test_real_banned_card_by_short_name(empty: Path, full_book: Rulebook) -> None:
    tstore.install_file(require_tournament("MTR-20260227.txt"))
    a = ask(full_book, "is oko banned in modern")
    assert (a.answer or "").startswith("MTR 6.4") and "Oko, Thief of Crowns" in (a.answer or "")


def test_json_labels_a_tournament_source_by_its_document(empty: Path, mini_book: Rulebook) -> None:
    tstore.install(make_ipg().encode(), "ipg.txt")
    sources = [c["source"] for c in answer_json(ask(mini_book, "what is the penalty for mistake number 3?"))["citations"]]
    assert sources and all(s.endswith("(IPG 2030-06-07)") for s in sources), sources


def test_bans_to_come_are_refused_with_the_documents_installed(empty: Path, full_book: Rulebook) -> None:
    """The MTR lists today's bans: "will Sol Ring get banned?" is news, refused as without the documents (it was answered
    with MTR 6.5), while "is Oko banned in Modern" is still answered from them."""
    _install_real()
    for question in ("Will Sol Ring get banned in commander?", "What's getting banned next in Modern?"):
        a = ask(full_book, question)
        assert not a.in_rules and not a.citations, question
        assert a.answer == BANS_TO_COME  # not "the Magic Tournament Rules … do [cover this]": they list today's bans
    assert ask(full_book, "is oko banned in modern").citations[0].id == "MTR 6.4"


def test_a_follow_up_once_the_documents_are_gone_is_the_rules(empty: Path, mini_book: Rulebook) -> None:
    """A policy question remembered, then the documents removed: a follow-up goes to the documents however it routes,
    and there are none (it was an assertion error)."""
    from rulesgraph.question.conversation import Conversation

    talk = Conversation()
    talk.policy = "my opponent drew an extra card at a PPTQ"
    answer = ask(mini_book, "what if he did it on purpose?", conversation=talk)
    assert answer.in_rules and talk.policy is None


def test_a_level_said_alone_after_a_policy_answer_asks_it_again_there(empty: Path, full_book: Rulebook) -> None:
    from rulesgraph.question.conversation import Conversation

    _install_real()
    talk = Conversation()
    first = ask(full_book, "what's the penalty for drawing extra cards at competitive REL?", conversation=talk)
    assert first.citations[0].id.startswith("IPG")
    regular = ask(full_book, "what about at FNM?", conversation=talk)  # was "Nothing in the loaded rules matches"
    assert regular.citations and regular.citations[0].id.startswith("JAR")
    again = ask(full_book, "and at a PPTQ?", conversation=talk)
    assert again.citations[0].id == first.citations[0].id
    assert again.question == "and at a PPTQ?"  # as asked (README: "the question as given"); its why says what it followed
    ask(full_book, "what does trample do?", conversation=talk)  # a rules answer ends it: a level alone asks nothing again
    assert talk.policy is None
    ask(full_book, "what's the penalty for drawing extra cards at competitive REL?", conversation=talk)
    talk.reset()  # the REPL's :new
    assert talk.policy is None


def index_regular(sid: str) -> str:
    """The JAR heading the policy index gives infraction ``sid`` at Regular REL."""
    from rulesgraph.answer.policy import policy_index

    index = policy_index()
    assert index is not None
    return index.units[index.regular[sid]][0].id


def test_a_follow_up_to_a_policy_answer_is_heard_after_it(empty: Path, full_book: Rulebook) -> None:
    """"what's the fix?" or "what about on my phone?" after a policy answer asks about what was told (it was ranked from
    the rules alone: "what if he did it on purpose?" cited the supertypes rule); a rules question of its own is not."""
    from rulesgraph.question.conversation import Conversation

    _install_real()
    talk = Conversation()
    first = ask(full_book, "my opponent drew an extra card at a PPTQ", conversation=talk)
    fix = ask(full_book, "what's the fix?", conversation=talk)
    assert fix.citations[0].id == first.citations[0].id  # alone, it is no question of the documents'
    assert fix.why[0] == "following up on ‘my opponent drew an extra card at a PPTQ’"
    purpose = ask(full_book, "what if he did it on purpose?", conversation=talk)
    assert purpose.citations[0].id == "IPG 4.8", [c.id for c in purpose.citations]  # the IPG: an intended error is Cheating
    notes = ask(full_book, "can I take notes during my match?", conversation=talk)  # a policy question of its own
    assert notes.citations[0].id == "MTR 2.11" and not any(w.startswith("following up") for w in notes.why)
    phone = ask(full_book, "what about on my phone?", conversation=talk)
    assert phone.citations[0].id == "MTR 2.12", [c.id for c in phone.citations]
    assert ask(full_book, "how does trample work?", conversation=talk).citations[0].id.startswith("702.19")
    assert talk.policy is None
    ask(full_book, "what's the penalty for OA at a PPTQ?", conversation=talk)
    assert ask(full_book, "what about cheating?", conversation=talk).citations[0].id == "IPG 4.8"  # its name, said now, leads
    ask(full_book, "whats the penalty for a missed trigger at competitive", conversation=talk)
    assert ask(full_book, "and for looking at extra cards?", conversation=talk).citations[0].id == "IPG 2.2"
    regular = ask(full_book, "what about at regular?", conversation=talk)  # the follow-up asked there, not the first question
    assert regular.citations[0].id == index_regular("IPG 2.2"), [c.id for c in regular.citations]
    assert regular.question == "what about at regular?" and regular.why[0].startswith("following up on ‘whats the penalty")
    assert talk.topic()[-1].endswith("at regular: and for looking at extra cards?")  # the level now asked stays
    assert ask(full_book, "what's the fix?", conversation=talk).citations[0].id.startswith("JAR")  # at Regular REL still


def test_an_infraction_named_at_regular_rel_leads_with_what_the_jar_says_of_it(empty: Path, full_book: Rulebook) -> None:
    """At Regular REL the IPG's penalties do not apply: "OA at FNM" answered "Outside Assistance: Match Loss" at 0.90.
    Each infraction has the JAR heading most like it (its front matter aside), which leads when the level is Regular."""
    from rulesgraph.answer.policy import policy_index

    _install_real()
    index = policy_index()
    assert index is not None
    jar = {index.units[i][0].id for i in index.regular.values()}
    assert len(index.regular) == 20 and jar <= {f"JAR {n}" for n in range(2, 10)}, jar
    assert index.units[index.regular["IPG 2.1"]][0].id == "JAR 2"  # a forgotten trigger
    assert index.units[index.regular["IPG 4.8"]][0].id == "JAR 8"  # cheating: Serious Problems
    assert "IPG 2.3" not in index.regular  # Hidden Card Error: "in-game error" and "draws more cards" nearly tie
    hce = ask(full_book, "HCE at FNM")  # no JAR heading is clearly its: the IPG's, and a note that it does not apply
    assert hce.citations[0].id == "IPG 2.3" and hce.caveats[0].startswith("this is the IPG's penalty") and "Regular" in hce.caveats[0]
    assert ask(full_book, "at FNM my opponent drew an extra card").citations[0].id == "JAR 4"  # a former name tells a situation
    assert ask(full_book, "my opponent missed his own trigger on purpose at FNM").citations[0].id == "JAR 8"
    for asked in ("OA at FNM", "what's the penalty for a decklist problem at a prerelease", "game rule violation at FNM"):
        a = ask(full_book, asked)
        assert a.citations[0].id.startswith("JAR"), (asked, [c.id for c in a.citations])
        assert any(c.id.startswith("IPG 3.2") or c.id.startswith("IPG 3.4") or c.id.startswith("IPG 2.5") for c in a.citations[:2])
    assert ask(full_book, "OA at competitive").citations[0].id == "IPG 3.2"
    told = ask(full_book, "what is the penalty for OA at FNM?").answer or ""  # the list item of Outside Assistance's kind
    assert "strategic advice" in told and "Inadequate shuffling" not in told, told


def test_an_infraction_misspelt_in_one_word_is_read_as_the_documents_say_it(empty: Path, full_book: Rulebook) -> None:
    """"what is the penalty for cheeting" led with Deck Problem: Warning (the documents' search never read "cheet")."""
    _install_real()
    assert ask(full_book, "what is the penalty for cheeting").citations[0].id == "IPG 4.8"
    assert ask(full_book, "tardyness penalty").citations[0].id == "IPG 3.1"


def test_a_passage_asked_for_by_an_id_no_document_has_is_said_missing(empty: Path, full_book: Rulebook) -> None:
    """"IPG 3.10" answered with IPG 3.1 Tardiness, "mtr 99.9" with Appendix E, as if found; now, as for "rule 999.9",
    nothing is cited and the caveat says what is missing; with other words asked, they are answered and it says so."""
    _install_real()
    for asked, sid in (("IPG 3.10", "IPG 3.10"), ("what does mtr 99.9 say?", "MTR 99.9")):
        a = ask(full_book, asked)
        assert not a.citations and a.caveats == (f"no {sid} in the installed documents",), (asked, a)
    a = ask(full_book, "what does ipg 3.10 say about tardiness")
    assert a.citations[0].id == "IPG 3.1" and a.caveats[0] == "no IPG 3.10 in the installed documents"
    assert ask(full_book, "ipg 3.2").citations[0].id == "IPG 3.2"


def test_an_error_said_intended_leads_with_what_the_documents_say_it_is(empty: Path, full_book: Rulebook) -> None:
    """"he intentionally looked at an extra card" answered Looking at Extra Cards: Warning; IPG 2 says an intentional error
    is to be considered Cheating, IPG 3.3 that intentional slow play is Stalling (read from the text: intent_sends).
    An intentional draw is no intended error."""
    from rulesgraph.build.tbook import load
    from rulesgraph.build.tdefines import intent_sends

    _install_real()
    sends = intent_sends(load())
    assert sends["IPG 2"] == sends["IPG 3"] == sends["IPG 2.1"] == "IPG 4.8" and sends["IPG 3.3"] == "IPG 4.7"
    assert "IPG 4.7" not in sends  # "If the slow play is not intentional, … Slow Play": intent's absence sends nowhere
    for asked, leads in (("he intentionally looked at an extra card at competitive", "IPG 4.8"),
                         ("player drew an extra card on purpose, what's the penalty", "IPG 4.8"),
                         ("he deliberately played slowly at competitive", "IPG 4.7"),
                         ("he looked at an extra card at competitive", "IPG 2.2")):
        assert ask(full_book, asked).citations[0].id == leads, asked
    assert ask(full_book, "can we intentionally draw in the last round at competitive?").citations[0].id != "IPG 4.8"


def test_initials_two_infractions_share_name_neither(empty: Path) -> None:
    """Deck Problem and Decklist Problem are both "DP": "ipg dp" opened Decklist Problem (Game Loss) when judges mostly mean
    Deck Problem (Warning); now it names neither and the lookup offers both."""
    from rulesgraph.answer.policy import policy_index
    from rulesgraph.answer.tlookup import tournament_view
    from rulesgraph.errors import NotFound

    _install_real()
    index = policy_index()
    assert index is not None and "dp" not in index.named and index.shared["dp"] == ("IPG 3.4", "IPG 3.5")
    with pytest.raises(NotFound) as e:
        tournament_view("ipg dp")
    assert "IPG 3.4" in str(e.value) and "IPG 3.5" in str(e.value)


def test_the_confidence_does_not_depend_on_how_many_citations_are_shown(empty: Path, full_book: Rulebook) -> None:
    """It weighs the best section against the runner-up: with one citation asked for (``-k 1``) there was none, and every
    answer said 0.90."""
    _install_real()
    asked = "what's the penalty for drawing extra cards at competitive REL?"
    one, five = ask(full_book, asked, k=1), ask(full_book, asked, k=5)
    assert len(one.citations) == 1 and one.confidence == five.confidence < 0.9


def test_an_error_that_happens_again_is_the_upgrade(empty: Path, full_book: Rulebook) -> None:
    """A judge's follow-up about a repeat ("what if it happens again later in the match?") is the category opening that
    says the third or subsequent Warning is upgraded (it cited MTR 2.3, the mulligan, before stop 81)."""
    from rulesgraph.question.conversation import Conversation

    _install_real()
    conv = Conversation()
    ask(full_book, "my opponent drew an extra card off brainstorm at competitive, what's the penalty", conversation=conv)
    assert ask(full_book, "what if it happens again later in the match?", conversation=conv).citations[0].id == "IPG 2"


def test_a_judges_follow_ups_to_a_policy_answer(empty: Path, full_book: Rulebook) -> None:
    """Two follow-ups a new user's trial found answered wrong: "what about a decklist error instead?" after slow play
    repeated IPG 3.3 (the name said before counted in full), and "and at FNM?" after a question of two sentences
    cited the JAR's introduction, not JAR 4 (asked again as three sentences, its first read as a scene told)."""
    from rulesgraph.question.conversation import Conversation

    _install_real()
    talk = Conversation()
    ask(full_book, "What's the penalty for slow play at a Competitive event?", conversation=talk)
    assert ask(full_book, "what about a decklist error instead?", conversation=talk).citations[0].id == "IPG 3.4"
    talk = Conversation()
    first = ask(full_book, "My opponent drew an extra card at Competitive. What's the infraction and the fix?", conversation=talk)
    assert first.citations[0].id == "IPG 2.3"
    fnm = ask(full_book, "and at FNM?", conversation=talk)
    assert fnm.citations[0].id == "JAR 4", [c.id for c in fnm.citations]
    assert fnm.why[0].startswith("asked again: ‘at fnm: my opponent drew an extra card.")


def test_a_policy_follow_up_saying_the_documents_words_stays_with_them(empty: Path, full_book: Rulebook) -> None:
    """"what if he threatened his opponent instead?" after a penalty question was answered from the rules (702.10 Haste):
    "opponent", "instead" are glossary terms, counted as telling a game.  Words many of the documents' sections say too
    (a tenth or more: :attr:`PolicyIndex.SHARED`) tell none in a policy conversation: it is heard after the question."""
    from rulesgraph.answer.policy import policy_index
    from rulesgraph.question.conversation import Conversation

    _install_real()
    index = policy_index()
    assert index is not None and {"oppon", "instead", "deck"} <= index.its_words(("opponent", "instead", "deck", "trample"))
    assert "trampl" not in index.its_words(("trample",))
    talk = Conversation()
    first = ask(full_book, "my opponent keeps swearing at me at a competitive event, what is the penalty?", conversation=talk)
    threat = ask(full_book, "what if he threatened his opponent instead?", k=3, conversation=talk)
    assert threat.citations[0].id.startswith("IPG 4"), [c.id for c in threat.citations]  # Unsporting Conduct, not 702.10
    assert threat.citations[0].id != first.citations[0].id and any(w.startswith("following up on") for w in threat.why)


def test_a_level_alone_after_the_rules_answer_to_an_error_told_asks_that_error_there(empty: Path, full_book: Rulebook) -> None:
    """A head judge's trial: "player drew an extra card" (answered from the rules), then "same thing but at FNM" was
    heard alone and led with the JAR's Serious Problems (theft, a DQ) at 0.76.  The error told, asked at that level."""
    from rulesgraph.question.conversation import Conversation

    _install_real()
    talk = Conversation()
    assert ask(full_book, "player drew an extra card", conversation=talk).in_rules
    fnm = ask(full_book, "same thing but at FNM", conversation=talk)
    assert fnm.citations[0].id == "JAR 4" and fnm.why[0] == "asked again: ‘at fnm: player drew an extra card’", fnm.why[:2]
    talk = Conversation()
    ask(full_book, "can my creature block a flier?", conversation=talk)  # no error told: nothing to ask again
    assert ask(full_book, "same thing but at FNM", conversation=talk).why[0].startswith("asked again") is False


def test_a_lookup_asks_only_for_the_passage_it_names(empty: Path, full_book: Rulebook) -> None:
    """The same trial: "mtr 4.3" cited Appendix C and E after 4.3 (their "4" and "3"); "ipg 2.1 remedy" printed the
    summary whose hint names it ("the remedy says more: 'ipg 2.1 remedy'") instead of the remedy; "OoOS" found nothing;
    "jar missed trigger" answered from the IPG.  A passage named is named, not searched for by its number's digits; a
    part asked for after a name or number is said whole; a title with a hyphenated word has initials too."""
    _install_real()
    assert [c.id for c in ask(full_book, "mtr 4.3").citations] == ["MTR 4.3"]
    remedy = ask(full_book, "ipg 2.1 remedy").answer or ""
    assert remedy.startswith("IPG 2.1 Game Play Error — Missed Trigger — Additional Remedy: If the triggered ability is an")
    assert "isn’t covered by the previous paragraphs" in remedy and "the remedy says more" not in remedy
    assert (ask(full_book, "ipg 2.1's remedy").answer or "") == remedy
    penalty = ask(full_book, "missed trigger penalty and remedy").answer or ""  # the penalty asked too: the summary
    assert penalty.startswith("IPG 2.1 Game Play Error — Missed Trigger: No Penalty.")
    chapter = ask(full_book, "mtr 4")  # a chapter of sections only: them
    assert [c.id for c in chapter.citations[:3]] == ["MTR 4.1", "MTR 4.2", "MTR 4.3"] and chapter.confidence == 0.9
    assert (chapter.answer or "").startswith("MTR 4 Communication: MTR 4.1 Player Communication; MTR 4.2 Tournament Shortcuts;")
    assert (ask(full_book, "hce upgrade").answer or "").startswith("IPG 2.3 Game Play Error — Hidden Card Error — Upgrade: If a")
    assert ask(full_book, "OoOS").citations[0].id == "MTR 4.3"
    assert ask(full_book, "jar missed trigger").citations[0].id.startswith("JAR")
    assert "MTR 6.5" not in [c.id for c in ask(full_book, "jar tardiness").citations]  # the JAR named is no Memory Jar's word
    assert not ask(full_book, "Jar of Eyeballs trigger").citations[0].id.startswith("JAR")  # a card, not the document


def test_an_offence_told_again_is_told_its_chapters_upgrade(empty: Path, full_book: Rulebook) -> None:
    """The head judge's trial: "third GRV today" read a plain Warning at 0.80, though IPG 2 says the third Warning for a
    Game Play Error in the same category is a Game Loss; its sentence only in ``ipg 2``.  An offence told again is told
    its chapter's upgrade; one told once is not."""
    from rulesgraph.answer.tturns import repeated

    _install_real()
    third = ask(full_book, "third GRV today at competitive, what's the penalty").answer or ""
    assert "IPG 2: With the exception of Failure to Maintain Game State, which is never upgraded, the third or subsequent" in third
    second = ask(full_book, "second slow play warning at an RCQ, what does he get?").answer or ""
    assert "IPG 3: A Warning for a Tournament Error offense is upgraded to a Game Loss if the player has already" in second
    assert "IPG 2:" not in (ask(full_book, "what's the penalty for GRV at comp").answer or "")
    assert "IPG 2:" not in (ask(full_book, "third missed trigger today at competitive, penalty?").answer or "")  # No Penalty's
    upgrade = "A Warning for an offense is upgraded to a Game Loss. Nothing else is."
    assert repeated(upgrade, "his second warning today") == "A Warning for an offense is upgraded to a Game Loss."
    for once in ("a second game", "he already has one card in hand", "what happens again if he draws", "the 3rd game"):
        assert repeated(upgrade, once) is None, once



def test_a_passages_initials_change_no_passages_words(empty: Path, full_book: Rulebook) -> None:
    """A user checking the change: "what happens when time is called" led with MTR 1.10 instead of MTR 2.4, and a mulligan
    question with MTR 2.3 instead of IPG 2.4 — the hyphenated titles' initials ("ooos", "eomp") had joined their passages'
    names, so every passage's length and the average moved and near ties turned: they are lookup keys only.  And "per the
    JAR?" after a penalty question routed alone once a document named routed (MTR Appendix D, Memory Jar's booster mix)."""
    from rulesgraph.question.conversation import Conversation

    _install_real()
    index = policy_index()
    assert index is not None and index.named["ooos"] == "MTR 4.3"
    assert [h.section.id for h in index.search("what happens when time is called", 2)] == ["MTR 2.4", "MTR 1.10"]
    talk = Conversation()
    ask(full_book, "penalty for missed trigger at comp", conversation=talk)
    jar = ask(full_book, "per the JAR?", conversation=talk)
    assert jar.citations[0].id == "IPG 2.1" and any(w.startswith("following up on") for w in jar.why), [c.id for c in jar.citations]
