"""Rule views, section outlines, references to a rule, the completion vocabulary and their JSON."""

from __future__ import annotations

import pytest

from rulesgraph import Rulebook, RulesgraphError
from rulesgraph.build.lookup import (
    NotFound,
    as_number,
    as_range,
    cites,
    cites_json,
    is_cr_id,
    parse_number,
    rule_json,
    rule_view,
    rule_views,
    said_range,
    vocabulary,
)


@pytest.mark.parametrize(("written", "number"), [("702.19b", "702.19b"), ("702.19B", "702.19b"), ("rule 702.19", "702.19"),
                                                  ("CR 509.1a.", "509.1a"), (" 7 ", "7"), ("section 509", "509"),
                                                  ("CR702.19b", "702.19b"), ("§ 702.19", "702.19"), ("702.19 b", "702.19b"),
                                                  ("702,19", "702.19"), ("704.5j?", "704.5j"), ("702.19.b", "702.19b"),
                                                  ("702.19(b)", "702.19b"), ("702.19 (b)", "702.19b")])  # a trial: 702.19.b refused
def test_numbers_as_written(written: str, number: str) -> None:
    assert parse_number(written) == number and as_number(written) == number


@pytest.mark.parametrize("text", ["abc", "", "70", "7021", "702.19bb", "702.19 bc", "trample 702.19", "702.19..b", "702.19(bc)",
                                  "702.19(b", "702.19b)", "702.19.(b)"])
def test_not_numbers(text: str) -> None:
    assert as_number(text) is None
    with pytest.raises(RulesgraphError, match="is not a rule number" if text else "no rule number given") as info:
        parse_number(text)
    assert not isinstance(info.value, NotFound)


@pytest.mark.parametrize(("written", "numbers"), [("702.19a-c", ["702.19a", "702.19b", "702.19c"]),
                                                   ("601.2a–601.2c", ["601.2a", "601.2b", "601.2c"]),
                                                   ("rules 119.7 to 8", ["119.7", "119.8"]), ("702.19-702.20", ["702.19", "702.20"]),
                                                   ("CR 509.1B-C", ["509.1b", "509.1c"]), ("702.19a‑b", ["702.19a", "702.19b"]),
                                                   ("702.19a−b", ["702.19a", "702.19b"]), ("702.19a ‐ b", ["702.19a", "702.19b"])])
def test_ranges_as_written(written: str, numbers: list[str]) -> None:
    assert as_range(written) == numbers and as_number(written) is None
    with pytest.raises(RulesgraphError, match="is a range: this takes one rule number"):  # what takes one says so
        parse_number(written)


@pytest.mark.parametrize("text", ["702.19c-a", "702.19a-702.20b", "702.19", "509.1a-zz", "1-3", "702.19a - c d", "702.1-51"])
def test_not_ranges(text: str) -> None:
    assert as_range(text) is None


@pytest.mark.parametrize("text", ["702.19c-a", "702.1-51", "702.1-702.200"])
def test_a_range_that_cannot_be_shown_says_why(text: str, full_book: Rulebook) -> None:
    assert said_range(text) is not None  # written as a range, not as a question
    for call in (lambda: parse_number(text), lambda: rule_views(full_book, text)):
        with pytest.raises(RulesgraphError, match=r"runs backwards or spans more than 50 rules") as info:
            call()
        assert not isinstance(info.value, NotFound)


@pytest.mark.parametrize(("text", "shown"), [("509.1i-509.2a", ["509.1i", "509.2"]),
                                              ("702.19f-702.20", ["702.19f", "702.19g", "702.20"])])
def test_a_range_running_into_the_next_rule_shows_what_lies_between(text: str, shown: list[str], full_book: Rulebook) -> None:
    """Which subrules lie between two rules is the loaded rules' to say: a range from one rule's subrule into the next
    rule was refused as running backwards or spanning more than 50 rules.  A rule shown holds its subrules (509.2a); an
    end the rules lack is said to be missing."""
    assert as_range(text) is None
    assert [v.rule.id for v in rule_views(full_book, text)] == shown
    with pytest.raises(RulesgraphError, match="runs backwards"):
        rule_views(full_book, "509.2a-509.1i")
    with pytest.raises(NotFound, match=r"no rule 702\.999 in the loaded rules"):  # not "runs backwards"
        rule_views(full_book, "702.19b-702.999")


@pytest.mark.parametrize("written", ["７０２.１９b", "٧٠٢.١٩b", "rule ７０２.１９ b"])
def test_digits_of_other_scripts_are_read_as_ascii(written: str) -> None:
    """``ask`` read a full-width rule number (a Japanese keyboard's) while ``rule`` and ``cites`` said there was no such rule."""
    assert as_number(written) == "702.19b"
    assert as_range("７０２.１９a-c") == ["702.19a", "702.19b", "702.19c"]
    assert as_number("①") is None and as_number("702²") is None  # a circled one or a square is no digit of a number


@pytest.mark.parametrize("text", ["509-510", "509 to 510", "sections 509–510"])
def test_a_range_of_sections_says_to_ask_for_one(text: str) -> None:
    """Two whole sections are more than a range shows: the misuse names the first section and a range within it (it
    was "'509-510' is not a rule number")."""
    assert as_range(text) is None and said_range(text) == "509"
    with pytest.raises(RulesgraphError, match=r"is a range of sections: ask for one section at a time \(like 509\), or for rules"):
        parse_number(text)
    with pytest.raises(RulesgraphError, match=r"'509-509' is one section: ask for 509$"):  # review: not "a range"
        parse_number("509-509")


def test_a_range_is_its_rules_in_order(full_book: Rulebook) -> None:
    assert [v.rule.id for v in rule_views(full_book, "702.19b-d")] == ["702.19b", "702.19c", "702.19d"]
    assert [v.rule.id for v in rule_views(full_book, "702.19f-z")] == ["702.19f", "702.19g"]  # those the rules have
    assert [v.rule.id for v in rule_views(full_book, "702.19")] == ["702.19"]
    with pytest.raises(NotFound, match=r"^no rule from 999\.1a to 999\.1c in the loaded rules$"):
        rule_views(full_book, "999.1a-c")


def test_ids() -> None:
    assert is_cr_id("702.19b") and is_cr_id("7") and is_cr_id("509")
    assert not is_cr_id("glossary:Trample") and not is_cr_id("keyword-faq-annihilator-to-fight:702.84a")


def test_a_rule_with_its_subrules_and_examples(full_book: Rulebook) -> None:
    view = rule_view(full_book, "702.19")
    assert view.rule.title == "Trample" and view.level == "rule" and not view.outline
    assert [c.id for c in view.children] == [f"702.19{x}" for x in "abcdefg"]
    assert len(view.children[1].examples) == 2
    assert [t.id for t in view.trail] == ["7", "702"]


def test_a_subrule_with_its_breadcrumb(full_book: Rulebook) -> None:
    view = rule_view(full_book, "702.19b")
    assert [t.id for t in view.trail] == ["7", "702", "702.19"] and view.trail[-1].title == "Trample"
    assert view.children == () and view.rule.examples and view.notes == ()


def test_a_section_outline(full_book: Rulebook) -> None:
    view = rule_view(full_book, "509")
    assert view.outline and [c.id for c in view.children] == ["509.1", "509.2", "509.3", "509.4"]
    assert view.counts[0] == len(rule_view(full_book, "509.1").children) > 1


def test_unknown_numbers_are_not_found(full_book: Rulebook, seeds_book: Rulebook) -> None:
    with pytest.raises(NotFound, match=r"^no rule 999\.9 in the loaded rules$"):
        rule_view(full_book, "999.9")
    with pytest.raises(NotFound, match=r"not installed: run 'rulesgraph update'\)$") as raised:  # not "--rules PATH": the
        rule_view(seeds_book, "702.19")                                                    # user has no such file
    assert "--rules" not in str(raised.value)


def test_without_the_cr_other_documents_numbers_are_found(seeds_book: Rulebook) -> None:
    view = rule_view(seeds_book, "702.84a")
    assert view.rule.id == "keyword-faq-annihilator-to-fight:702.84a"
    assert "keyword-faq-annihilator-to-fight.txt" in view.notes[0] and view.today == ()


def test_other_documents_text_says_what_it_is_today(full_book: Rulebook) -> None:
    from rulesgraph.build.lookup import view_node

    view = view_node(full_book, "keyword-faq-annihilator-to-fight:702.84a")
    assert view.today == ("702.86a",)


def test_cites_lists_what_refers_to_a_rule_or_its_parts(full_book: Rulebook) -> None:
    result = cites(full_book, "509")
    by_source = {r.source.id: r for r in result.references}
    assert "glossary:Block" in by_source and "302.5" in by_source
    assert by_source["glossary:Evasion Ability"].targets == ("509.1b", "509.1c")  # "rules 509.1b–c", expanded
    assert "cr-keywords-general-to-gift:flying.2" in by_source  # other documents' text too
    assert not any(r.source.id.startswith("509.") for r in result.references)  # the section's own rules are not listed
    kinds = [r.source.kind for r in result.references]
    assert kinds.index("glossary") > kinds.index("subrule")


def test_cites_includes_faq_entries_about_a_rule(full_book: Rulebook) -> None:
    refs = cites(full_book, "702.86").references
    assert {r.source.id for r in refs if r.relation == "about"} >= {"faq:annihilator-1", "faq:annihilator-2"}


def test_vocabulary(full_book: Rulebook, seeds_book: Rulebook) -> None:
    vocab = vocabulary(full_book)
    assert ("Trample", "keyword") in vocab.names and ("Block", "glossary") in vocab.names and ("Stifle", "card") in vocab.names
    assert vocab.numbers["702.19"] == "Trample" and vocab.numbers["702.19b"].startswith("Trample: The controller")
    assert list(vocab.numbers)[:2] == ["1", "100"]
    assert "702.84a" in vocabulary(seeds_book).numbers  # an old excerpt's number, when the CR is absent


def test_json_shapes(full_book: Rulebook) -> None:
    rule = rule_json(rule_view(full_book, "702.19b"))
    assert set(rule) == {"id", "kind", "label", "title", "text", "examples", "source", "effective", "breadcrumb", "children",
                         "notes", "today"}
    assert [b["id"] for b in rule["breadcrumb"]] == ["7", "702", "702.19"] and rule["effective"] == "2026-06-19"
    refs = cites_json(cites(full_book, "702.19"))
    assert set(refs) == {"id", "label", "title", "corrected_from", "references"}
    assert {"relation", "targets", "id", "kind"} <= set(refs["references"][0])


def test_a_mistyped_number_names_the_nearest_numbers() -> None:
    """``rule 7045k`` said only that it was no rule number (a trial): the numbers it is once its dots are left out, else a
    slip or two from it, best first; none when nothing is near."""
    from rulesgraph.common.ids import nearest_numbers

    numbers = ["704", "704.5", "704.5j", "704.5k", "704.5z", "702.19b", "100"]
    assert nearest_numbers("7045k", numbers) == ["704.5k"]
    assert nearest_numbers("702,19b", numbers) == ["702.19b"]
    assert nearest_numbers("704.5zz", numbers)[0] == "704.5z"
    assert nearest_numbers("740.5k", numbers) == ["704.5k"] and "704.5k" in nearest_numbers("704.k5", numbers)  # two swapped
    assert nearest_numbers("999.9", numbers) == [] and nearest_numbers("", numbers) == []


def test_the_rule_commands_errors_name_the_nearest_rules(full_book: Rulebook) -> None:
    from rulesgraph.build.lookup import rule_view
    from rulesgraph.errors import NotFound, RulesgraphError

    with pytest.raises(RulesgraphError, match=r"is not a rule number .*; nearest: 704\.5k$") as misused:
        rule_view(full_book, "7045k")
    assert getattr(misused.value, "nearest", ()) == ("704.5k",)  # --json's "nearest" too
    with pytest.raises(NotFound, match=r"^no rule 702\.99z in the loaded rules; nearest: 702\.99") as found:
        rule_view(full_book, "702.99z")
    assert found.value.nearest[0] == "702.99"
    with pytest.raises(RulesgraphError) as ranged:  # a range's message names no number
        rule_view(full_book, "702.1-1")
    assert "nearest" not in str(ranged.value)
