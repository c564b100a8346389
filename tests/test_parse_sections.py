from __future__ import annotations

from rulesgraph.build.corpus import bundled_dir
from rulesgraph.parse.sections import parse_sections
from rulesgraph.sources.detect import is_heading
from rulesgraph.sources.read import SourceText, read_source, split_lines


def parse(text: str):  # type: ignore[no-untyped-def]
    return parse_sections(SourceText("page.txt", split_lines(text), "0" * 64, "utf-8"))


def test_headings_keywords_and_chrome() -> None:
    doc = parse("Search\n\nMenu\n\nFlying\n\nFlying is an evasion ability.\n\nExample: A bird.\n\n"
                "Haste\n\nGift\n\nGift is a keyword.\n\n~\n")
    assert doc.keywords == ("Flying", "Haste", "Gift")
    assert [s.reason.split(" ")[0] for s in doc.skipped] == ["page", "page", "decoration"]
    rules = {r.key: r for r in doc.rules}
    assert rules["flying.1"].examples[0].text == "Example: A bird." and "haste.1" not in rules
    assert rules["haste"].keyword == "Haste" and rules["haste"].level == "rule"


def test_a_section_that_does_not_name_its_heading_is_not_a_keyword() -> None:
    doc = parse("Comprehensive Rules\n\nMost abilities describe what they do.\n\nDefender\n\nDefender is a static ability.\n")
    assert doc.keywords == ("Defender",)
    assert {r.key: r.keyword for r in doc.rules}["comprehensive-rules.1"] is None


def test_heading_rule() -> None:
    assert is_heading(["Double Strike"]) and not is_heading(["Defender is a static ability."])
    assert not is_heading(["“Gift a card” means the effect is “The chosen player draws a card.”"])


def test_bundled_keyword_sections() -> None:
    keywords = []
    for path in sorted(bundled_dir().glob("cr-keywords-*.txt")):
        doc = parse_sections(read_source(path, path.name))
        keywords += doc.keywords
        # every non-blank line is a rule's text, an example, or reported as skipped
        placed = {r.text for r in doc.rules} | {e.text for r in doc.rules for e in r.examples} | {s.text for s in doc.skipped}
        assert all(line.strip() in placed for line in read_source(path).lines if line.strip())
    assert set(keywords) == {
        "Hexproof", "Exploit", "Menace", "Renown", "Awaken", "Devoid", "Ingest", "Myriad", "Surge", "Skulk", "Emerge",
        "Deathtouch", "Defender", "Double Strike", "Enchant", "Equip", "First Strike", "Flash", "Flying", "Haste", "Gift",
    }


def test_sections_of_one_name_are_all_kept() -> None:
    """A heading given twice, or two headings with no ASCII letters (both slug to ''), used to share one key:
    the later section's nodes overwrote the earlier one's in the graph."""
    doc = parse("Flying\n\nFlying is an evasion ability.\n\nReach\n\nReach is a static ability.\n\n"
                "Flying\n\nFlying, said again in other words.\n\nΩμέγα\n\nΩμέγα is one.\n\nΔέλτα\n\nΔέλτα is another.\n")
    texts = {r.key: r.text for r in doc.rules}
    assert len(texts) == len(doc.rules) == 10
    assert texts["flying.1"] == "Flying is an evasion ability." and texts["flying-2.1"] == "Flying, said again in other words."
    assert {texts[k] for k in texts if k.startswith("untitled-")} >= {"Ωμέγα is one.", "Δέλτα is another."}
