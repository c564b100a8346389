"""The terms the tournament documents define: infraction names, section titles, and terms a paragraph defines."""

from __future__ import annotations

from rulesgraph.build.tdefines import defined_terms
from rulesgraph.parse.tdoc import TDocument
from rulesgraph.parse.tournament import parse_tournament
from rulesgraph.sources.read import SourceText, read_source, split_lines

from .conftest import require_tournament
from .minitourney import make_ipg, make_mtr


def _doc(text: str, name: str) -> TDocument:
    return parse_tournament(SourceText(name, split_lines(text), "", "utf-8"))


def test_invented_documents_define_their_titles_and_infraction_names() -> None:
    mtr = make_mtr(chapters=2, sections=2).replace(
        "Players follow point 2 of chapter 1 (see section 1.1).",
        "Players follow point 2 of chapter 1 (see section 1.1).\n\nLoud information is information that every player hears."
        "\n\nQuiet Word A Quiet Word is said to one player only.\n\nCaution Cautions are given for small slips."
        "\n\nPlayers Should know this. The Players read it.")
    terms = defined_terms((_doc(mtr, "mtr.txt"), _doc(make_ipg(infractions=3), "ipg.txt")))
    assert ("Topic 1 Point 2", "MTR 1.2") in terms and ("Chapter Number 1", "MTR 1") in terms
    assert ("Loud information", "MTR 1.2") in terms  # "X is information that …" opens a definition
    assert ("Quiet Word", "MTR 1.2") in terms and ("Caution", "MTR 1.2") in terms  # a run-in heading its sentence repeats
    assert not any(term == "Players" for term, _ in terms)  # a word repeated further on is no heading
    assert ("Mistake Number 2", "IPG 2.2") in terms  # an infraction's name, not its class
    assert not any(term.startswith("Play Error —") for term, _ in terms)


def test_the_real_documents_define_judges_terms() -> None:
    docs = tuple(parse_tournament(read_source(require_tournament(n))) for n in ("MTR-20260227.txt", "IPG-20240923.txt", "JAR-20240923.txt"))
    terms = defined_terms(docs)
    for term, sid in [("Outside Assistance", "MTR 5.6"), ("Outside Assistance", "IPG 3.2"), ("Rules Enforcement Levels", "MTR 1.12"),
                      ("Free information", "MTR 4.1"), ("Derived information", "MTR 4.1"), ("tournament shortcut", "MTR 4.2"),
                      ("Missed Trigger", "IPG 2.1"), ("Failure to Maintain Game State", "IPG 2.6"),
                      ("Warning", "IPG 1.1"), ("Game Loss", "IPG 1.1"), ("Match Loss", "IPG 1.1"), ("Disqualification", "IPG 1.1")]:
        assert (term, sid) in terms
    assert not any(sid.startswith("JAR") for _, sid in terms)  # the JAR's headings are sentences


def test_intent_sends_a_passage_to_the_infraction_its_text_says_an_intended_error_is() -> None:
    """A sentence saying intent and naming another infraction sends its passage there; one saying intent is absent does
    not, nor a passage's own name."""
    from rulesgraph.build.tdefines import intent_sends

    ipg = make_ipg(infractions=3).replace(
        "Errors happen.", "Errors happen. If the error was intentional, consider Mistake Number 3.").replace(
        "A player makes mistake 2 (see MTR section 4.2).", "A player makes mistake 2. If it is not intentional, see Mistake Number 1.")
    sends = intent_sends((_doc(ipg, "ipg.txt"),))
    assert sends == {"IPG 2": "IPG 2.3"}, sends
