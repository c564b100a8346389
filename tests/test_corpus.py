from __future__ import annotations

import pytest

from rulesgraph import RulesgraphError, SourceSpec, bundled_sources, load, parse_spec
from rulesgraph.build.corpus import bundled_dir


def test_bundled_corpus_is_the_four_seed_documents() -> None:
    names = [s.display for s in bundled_sources()]
    assert names == ["cr-keywords-general-to-gift.txt", "cr-keywords-hexproof-to-emerge.txt",
                     "keyword-faq-annihilator-to-fight.txt", "keyword-faq-offering-to-haunt.txt"]
    assert (bundled_dir() / "SOURCES.md").is_file()


def test_source_specs() -> None:
    assert parse_spec("cr:rules.txt") == SourceSpec("rules.txt", "cr", "rules.txt")
    assert parse_spec("CR:rules.txt") == SourceSpec("rules.txt", "cr", "rules.txt")
    assert parse_spec("C:/rules.txt") == SourceSpec("C:/rules.txt", None, "C:/rules.txt")
    assert parse_spec("notes.txt") == SourceSpec("notes.txt", None, "notes.txt")
    with pytest.raises(RulesgraphError, match=r"no format 'bogus' .*cr, faq, excerpt, sections"):
        parse_spec("bogus:/tmp/rules.txt")
    for said in ("", " ", "cr:", "CR: "):  # said ": is a directory, not a file" and "cr:: no such file"
        with pytest.raises(RulesgraphError, match=r"no file named \(give a path, or FORMAT:PATH"):
            parse_spec(said)


def test_nothing_to_load_is_an_error() -> None:
    with pytest.raises(RulesgraphError, match="nothing to load"):
        load([])


def test_forced_format_overrides_detection(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "q.txt"
    path.write_text("Flying\n\nFlying is an evasion ability.\n")
    book = load([SourceSpec(str(path), "sections")], use_cache=False)
    assert "keyword:flying" in book.graph
    with pytest.raises(RulesgraphError, match="unknown format"):
        load([SourceSpec(str(tmp_path / "q.txt"), "pdf")], use_cache=False)
