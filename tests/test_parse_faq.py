"""Keyword FAQ pages: Q/A entries, keywords, boilerplate, markup, on fixtures and on the bundled seeds."""

from __future__ import annotations

from collections import Counter

from rulesgraph.build.corpus import bundled_dir
from rulesgraph.model import Document
from rulesgraph.parse.faq import keyword_of, parse_faq, strip_markup
from rulesgraph.sources.read import SourceText, read_source, split_lines

SIGNATURE = "Some quotation that the page repeats after every keyword. --Somebody"
PAGE = f"""702.1a Widget is a static ability. See rule 601.2a.
702.1b Multiple instances of widget are redundant.
Specific Questions
Q: What does widget do? A: It widgets.
Q: Can I [b]respond[/b] to it?
A: No.
A second paragraph of the answer.
{SIGNATURE}
701.5a To frob means to turn a card sideways.
Q: Does frobbing target? A: No.
{SIGNATURE}
{SIGNATURE}
702.9b Gizmo on a permanent means something.
Specific Questions
Q: Is Gizmo good with Planar Cleansing ? A: Ask something like Austere Command about it.
{SIGNATURE}
~
"""


def page(text: str = PAGE) -> Document:
    return parse_faq(SourceText("page.txt", split_lines(text), "0" * 64, "utf-8"))


def test_entries_keywords_and_answers() -> None:
    doc = page()
    assert doc.keywords == ("Widget", "Frob", "Gizmo")
    q = {e.key: e for e in doc.faq}
    assert list(q) == ["widget-1", "widget-2", "frob-1", "gizmo-1"]
    assert q["widget-2"].question == "Can I respond to it?"  # forum markup removed
    assert q["widget-2"].answer == "No.\n\nA second paragraph of the answer."
    assert q["widget-1"].rules == ("702.1a", "702.1b") and q["frob-1"].rules == ("701.5a",)
    assert q["gizmo-1"].cards == ("Planar Cleansing", "Austere Command")


def test_boilerplate_is_detected_by_repetition_and_reported() -> None:
    doc = page()
    texts = [r.text for r in doc.rules] + [e.question + e.answer for e in doc.faq]
    assert not any("quotation" in t for t in texts)
    reasons = Counter(s.reason for s in doc.skipped)
    # the signature (4 times) is boilerplate; "Specific Questions", twice and heading-shaped, is a marker
    assert reasons == {"boilerplate": 4, "repeated heading": 2, "decoration": 1}
    assert [a.kind for a in doc.anomalies] == ["letter-gap"] and "Specific Questions" not in str(texts)  # 702.9b starts at b


def test_a_page_without_questions_is_an_excerpt() -> None:
    doc = page("702.1a Widget is a static ability.\n702.1c Skips b.\n")
    assert doc.format == "excerpt" and [a.kind for a in doc.anomalies] == ["letter-gap"]


def test_keyword_naming_forms() -> None:
    assert keyword_of(["Level up is an activated ability."], []) == "Level up"
    assert keyword_of(['"Hexproof" on a permanent means …'], []) == "Hexproof"
    assert keyword_of(["To proliferate means to choose …"], []) == "Proliferate"
    assert keyword_of(["A spell may instruct a creature to fight."], ["What does fight mean?"]) == "Fight"
    assert strip_markup("[b]bold[/b] and [Cost] and [url=x]link[/url]") == "bold and [Cost] and link"


def test_bundled_faq_seeds() -> None:
    docs = [parse_faq(read_source(p, p.name)) for p in sorted(bundled_dir().glob("keyword-faq-*.txt"))]
    entries = [e for d in docs for e in d.faq]
    assert len(entries) == 83
    assert Counter(e.keyword for e in entries)["Totem armor"] == 7
    assert {e.keyword for e in entries} == {
        "Annihilator", "Level up", "Rebound", "Totem armor", "Infect", "Proliferate", "Battle cry", "Living weapon",
        "Hexproof", "Fight", "Offering", "Ninjutsu", "Epic", "Enchant", "Convoke", "Dredge", "Transmute", "Bloodthirst", "Haunt",
    }
    for doc in docs:  # the most repeated line of each page (its signature) is in no entry or rule
        source = read_source(bundled_dir() / f"{doc.id}.txt")
        signature, times = Counter(line for line in source.lines if line.strip()).most_common(1)[0]
        assert times >= 9
        assert all(signature not in e.answer and signature not in e.question for e in doc.faq)
        rule_lines = [line for line in source.lines if line[:1].isdigit()]
        assert [r.text for r in doc.rules] == [line.split(" ", 1)[1] for line in rule_lines]
    assert all("[b]" not in e.question + e.answer for e in entries)


def test_a_repeated_rule_number_keeps_the_first_and_reports_the_second_whole() -> None:
    """Two lines numbered 702.1a used to become one graph node ``page:702.1a`` holding the later text only."""
    doc = page(PAGE.replace("701.5a To frob means", "702.1a A different widget text.\n701.5a To frob means"))
    assert [r.text for r in doc.rules if r.key == "702.1a"] == ["Widget is a static ability. See rule 601.2a."]
    (dup,) = [a for a in doc.anomalies if a.kind == "duplicate"]
    assert dup.origin.line == 9 and "first at line 1" in dup.message and dup.text == "702.1a A different widget text."


def test_a_seed_rewrapped_and_paged_reads_as_itself() -> None:
    """A keyword FAQ page wrapped at 60 columns (a question's wrapped line holding its "A:", rule lines running on) and
    given a page number and running header every 20 lines: the same rules and entries, whitespace aside (before, 86
    anomalies, rule texts cut short and answers inside their questions; a header cut answers and renamed entries)."""
    import textwrap

    path = bundled_dir() / "keyword-faq-annihilator-to-fight.txt"
    clean = parse_faq(read_source(path))
    lines = [part for line in path.read_text(encoding="utf-8-sig").splitlines()
             for part in (textwrap.wrap(line, 60, break_long_words=False) if line.strip() else [line])]
    paged = [x for k, line in enumerate(lines) for x in ([line, str(k // 20 + 2), "MTG Keyword FAQ - Rules Compendium"]
                                                          if k % 20 == 19 else [line])]
    doc = parse_faq(SourceText("f.txt", split_lines("\n".join(paged)), "0" * 64, "utf-8"))

    def flat(text: str) -> str:
        return " ".join(text.split())
    assert [(r.key, flat(r.text)) for r in doc.rules] == [(r.key, flat(r.text)) for r in clean.rules]
    assert [(e.key, flat(e.question), flat(e.answer)) for e in doc.faq] == [(e.key, flat(e.question), flat(e.answer)) for e in clean.faq]
    assert {a.kind for a in doc.anomalies} <= {a.kind for a in clean.anomalies}
