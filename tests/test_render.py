"""Rendering: golden files at width 80 without colour, hyperlinks only when asked, source text shown
literally (never rich markup, never terminal escapes).  Regenerate the goldens after an intended
change with ``RULESGRAPH_REGEN_GOLDEN=1 pytest tests/test_render.py`` and review the diff."""

from __future__ import annotations

import io
import os
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console

from rulesgraph import Rulebook, SourceSpec, load
from rulesgraph.answer.compose import citation
from rulesgraph.build.lookup import cites, rule_view
from rulesgraph.model import Answer, ShownCard
from rulesgraph_cli.output import plain_text
from rulesgraph_cli.render.answer import UNSURE, render_answer, render_ruling
from rulesgraph_cli.render.core import (
    SHOWN,
    RenderOptions,
    render_cites,
    render_error,
    render_rule,
    rule_url,
)

from .minicards import install_cards
from .minicr import make_cr

GOLDEN = Path(__file__).parent / "golden"
OPTS = RenderOptions()
EVIL = (
    "702.19a Trample [bold]x[/bold] is \x1b[31mred\x1b[0m, [link=http://evil.example]a link[/link], "
    "\x1b]8;;http://evil.example\x07click\x1b]8;;\x07 and a bell\x07 and \x1b]0;title\x07 here.\n"
    "702.19b Multiple instances of trample are redundant.\n"
)


def golden(name: str, rendered: str) -> None:
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("RULESGRAPH_REGEN_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(rendered, encoding="utf-8")
    assert path.is_file(), f"{path} is missing: run with RULESGRAPH_REGEN_GOLDEN=1 to create it"
    assert rendered == path.read_text(encoding="utf-8"), f"{name} rendering changed (RULESGRAPH_REGEN_GOLDEN=1 rewrites it)"


def sample_answer(book: Rulebook) -> Answer:
    """A fixed answer (not the ranker's: these goldens test rendering, not ranking)."""
    ids = ["702.86", "faq:annihilator-2", "702.86a", "509"]
    return Answer(
        question="can I block with a creature I sacrificed to annihilator?",
        answer="No. Annihilator triggers during the declare attackers step, so the sacrifices happen before blockers are declared.",
        citations=tuple(citation(book, n, 3.0 - i * 0.5) for i, n in enumerate(ids)),
        keywords=("Annihilator", "Block"), confidence=0.91,
        why=("‘annihilator’ names keyword annihilator (exact)", "‘block’ names glossary Block (exact)"),
        alternatives=(), see_also=("702", "5"),
    )


def test_golden_answer(full_book: Rulebook) -> None:
    answer = sample_answer(full_book)
    golden("answer", plain_text(render_answer(answer, OPTS, [citation(full_book, n) for n in answer.see_also])))


def test_a_low_confidence_answer_says_so_before_its_first_paragraph(full_book: Rulebook) -> None:
    """A first paragraph of low confidence is read as a guess: the line above it says so; medium and high say nothing."""

    from rulesgraph.answer.confidence import LOW

    low = plain_text(render_answer(replace(sample_answer(full_book), confidence=LOW - 0.01), OPTS))
    assert low.startswith(UNSURE.format(confidence=LOW - 0.01) + "\nNo. Annihilator triggers")
    sure = plain_text(render_answer(replace(sample_answer(full_book), confidence=LOW), OPTS))
    assert sure.startswith("No. Annihilator triggers") and "unsure" not in sure


def test_golden_nothing_found() -> None:
    empty = Answer("xyzzy", None, (), (), 0.0, (), ("Trample",))
    golden("answer-nothing", plain_text(render_answer(empty, OPTS)))


def test_golden_out_of_scope() -> None:
    """A question the Comprehensive Rules don't cover: the one line, why, low confidence; no citations, no hints."""
    outside = Answer("is sol ring banned in modern", "The Comprehensive Rules don't cover this.", (), (), 0.05,
                     ("‘banned’: a question about tournament policy, not the rules of the game",), (), in_rules=False)
    rendered = plain_text(render_answer(outside, RenderOptions(hints=True)))
    assert "Nothing in the loaded rules" not in rendered and "citation's number" not in rendered
    golden("answer-out-of-scope", rendered)


def test_a_refusal_shows_the_cards_it_names() -> None:
    """Deck advice is refused in one line, and the cards the question names are shown under it."""
    bolt = ShownCard("Lightning Bolt", "Instant", "Lightning Bolt deals 3 damage to any target.")
    refused = Answer("which is better, bolt or stp?", "The Comprehensive Rules don't cover this.", (), (), 0.05,
                     ("‘which is better’: a question about deck advice, not the rules of the game",), (), in_rules=False, cards=(bolt,))
    rendered = plain_text(render_answer(refused, OPTS))
    assert rendered.index("don't cover this") < rendered.index("Lightning Bolt deals 3 damage") < rendered.index("confidence")


def test_cards_without_citations_are_shown_not_nothing_found() -> None:
    """A question that only named a short name several cards share: the answer line, the cards, the names offered."""
    cards = (ShownCard("Olwen, the Bright", "Legendary Creature — Elf", "Flying"),
             ShownCard("Olwen, the Dark", "Legendary Creature — Elf", "Deathtouch"))
    choices = Answer("olwen", "‘olwen’ is the name of 2 cards, shown below: ask with more of the name.", (), (), 0.0,
                     ("‘olwen’ is only a name that several cards share",), tuple(c.name for c in cards), cards=cards)
    rendered = plain_text(render_answer(choices, OPTS))
    assert "Nothing in the loaded rules" not in rendered and rendered.startswith("‘olwen’ is the name of 2 cards")
    assert "Olwen, the Dark  Legendary Creature — Elf" in rendered and "did you mean  Olwen, the Bright; Olwen, the Dark" in rendered


def card_answer(book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Answer:
    """A fixed answer with the cards and a ruling of a synthetic card file (tests/minicards.py) installed for the test:
    what the cards and the ruling say comes from the card data, the order of the citations is fixed here."""
    from rulesgraph.answer.compose import ask
    from rulesgraph.question.namedcards import open_deck

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    install_cards(book)
    deck, notices = open_deck(book)
    assert deck is not None and not notices
    question = "My Mossback Elder attacks and my opponent casts Sap on it. Does trample matter only when it is blocked?"
    asked = ask(book, question, k=10, deck=deck)
    ruling = next(c for c in asked.citations if c.kind == "ruling")
    return Answer(question=question, answer=ruling.text, citations=(citation(book, "702.19", 2.0), ruling, citation(book, "702.19b", 1.0)),
                  keywords=("Trample",), confidence=0.8, alternatives=(), see_also=("702",), cards=asked.cards,
                  why=("‘Mossback Elder’ names card Mossback Elder: trample → 702.19", "‘Sap’ names card Sap // Drain (face)"))


def test_golden_answer_with_cards_and_a_ruling(full_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ruling is labelled with its card and date; the cards named are shown under the citations, a split card's
    faces together; typing the ruling's number shows it with its card."""
    answer = card_answer(full_book, tmp_path, monkeypatch)
    assert [c.name for c in answer.cards] == ["Mossback Elder", "Sap // Drain"]
    golden("answer-cards", plain_text(render_answer(answer, OPTS, [citation(full_book, n) for n in answer.see_also])))
    golden("ruling", plain_text(render_ruling(answer.citations[1], answer.cards[0], OPTS)))


def test_card_text_is_never_markup_or_escapes(full_book: Rulebook) -> None:
    """Card data is untrusted: its name, type line and Oracle text print as written, escapes made visible."""
    card = ShownCard("[red]Imp[/red]\x1b[2J", "Creature \x9b31m— Imp", "Flying\n[link=http://evil.example]x[/link] \x1b]0;t\x07 \u202eevil")
    answer = Answer("q", None, (citation(full_book, "702.9"),), (), 0.5, (), (), cards=(card,))
    plain = plain_text(render_answer(answer, OPTS), 200)
    assert "[red]Imp[/red]␛[2J  Creature <U+009B>31m— Imp" in plain and "[link=http://evil.example]x[/link] ␛]0;t␇ <U+202E>evil" in plain
    out = io.StringIO()
    Console(file=out, width=200, force_terminal=True, color_system="truecolor").print(render_answer(answer, RenderOptions(links=True)))
    coloured = out.getvalue()
    assert "[red]Imp[/red]" in coloured and "\x1b[2J" not in coloured and "\x9b" not in coloured and "\x07" not in coloured
    assert "\x1b]0;" not in coloured and "evil.example\x1b" not in coloured and "\u202e" not in coloured


def test_golden_rule_with_subrules(full_book: Rulebook) -> None:
    golden("rule-702.19", plain_text(render_rule(rule_view(full_book, "702.19"), OPTS)))


def test_golden_subrule_with_breadcrumb(full_book: Rulebook) -> None:
    rendered = plain_text(render_rule(rule_view(full_book, "702.19b"), OPTS))
    assert rendered.startswith("7 › 702 › 702.19 Trample › b\n")
    golden("rule-702.19b", rendered)


def test_golden_section_outline(full_book: Rulebook) -> None:
    golden("rule-509", plain_text(render_rule(rule_view(full_book, "509"), OPTS)))


def test_golden_cites(full_book: Rulebook) -> None:
    golden("cites-509", plain_text(render_cites(cites(full_book, "509"), OPTS)))


def test_examples_are_dimmed_and_indented(full_book: Rulebook) -> None:
    view = rule_view(full_book, "702.19b")
    out = io.StringIO()
    Console(file=out, width=80, force_terminal=True, color_system="standard").print(render_rule(view, OPTS))
    assert "\n" + " " * 10 + "\x1b[2mExample: A 2/2 creature" in out.getvalue()  # dim
    lines = plain_text(render_rule(view, OPTS)).splitlines()
    text = next(line for line in lines if line.startswith("702.19b "))
    example = next(line for line in lines if "Example: A 2/2" in line)
    assert example.index("Example") == text.index("The controller") + 2  # indented under the rule's text


def test_wrapping_follows_the_width(full_book: Rulebook) -> None:
    renderable = render_rule(rule_view(full_book, "702.19"), OPTS)
    for width in (40, 80, 132):
        lines = plain_text(renderable, width).splitlines()
        assert max(len(line) for line in lines) <= width
    assert len(plain_text(renderable, 40).splitlines()) > len(plain_text(renderable, 132).splitlines())


def test_rule_numbers_link_only_when_asked(full_book: Rulebook) -> None:
    assert rule_url(OPTS.url_template, "702.19b") == "https://yawgatog.com/resources/magic-rules/#R70219b"
    view = rule_view(full_book, "702.19b")
    linked = io.StringIO()
    Console(file=linked, width=80, force_terminal=True, color_system="truecolor").print(
        render_rule(view, RenderOptions(url_template="https://example.org/cr/{number}", links=True)))
    assert "\x1b]8;id=" in linked.getvalue() and "https://example.org/cr/702.19\x1b" in linked.getvalue()
    in_text = io.StringIO()
    Console(file=in_text, width=80, force_terminal=True, color_system="truecolor").print(
        render_rule(rule_view(full_book, "702.19a"), RenderOptions(url_template="https://example.org/cr/{number}", links=True)))
    assert "https://example.org/cr/510\x1b" in in_text.getvalue()  # "(See rule 510, …)" in the rule's text
    unlinked = io.StringIO()
    Console(file=unlinked, width=80, force_terminal=True, color_system="truecolor").print(render_rule(view, OPTS))
    assert "\x1b]8;" not in unlinked.getvalue()


@pytest.fixture(scope="module")
def evil_book(tmp_path_factory: pytest.TempPathFactory) -> Rulebook:
    path = tmp_path_factory.mktemp("evil") / "evil.txt"
    path.write_text(EVIL, encoding="utf-8")
    return load([SourceSpec(str(path), None, "evil.txt")], use_cache=False)


def test_source_text_is_shown_literally(evil_book: Rulebook) -> None:
    renderable = render_rule(rule_view(evil_book, "702.19a"), RenderOptions(links=True))
    plain = plain_text(renderable, 300)
    assert "[bold]x[/bold]" in plain and "[link=http://evil.example]a link[/link]" in plain
    assert "␛[31mred␛[0m" in plain and "␛]8;;http://evil.example␇click" in plain and "␛]0;title␇" in plain
    assert "\x1b" not in plain and "\x07" not in plain
    out = io.StringIO()
    Console(file=out, width=80, force_terminal=True, color_system="truecolor").print(renderable)
    coloured = out.getvalue()
    assert "[bold]x[/bold]" in coloured and "\x1b[31m" not in coloured and "\x07" not in coloured
    assert "\x1b]8;;http://evil" not in coloured and "evil.example\x1b" not in coloured  # no link but ours
    assert "\x1b]0;" not in coloured


def test_user_text_in_errors_is_literal() -> None:
    out = io.StringIO()
    Console(file=out, width=80, force_terminal=True, color_system="truecolor").print(render_error("'[bold]x\x1b[2J' is not a rule number"))
    assert "[bold]x␛[2J" in out.getvalue() and "\x1b[2J" not in out.getvalue()


def test_a_huge_text_is_cut_with_a_note(tmp_path: Path) -> None:
    """A crafted rule of 150,000 lines took rich 23 s to lay out (the cost grows faster than the text), during
    which the REPL does nothing.  One text shows at most SHOWN characters, and says how much more there is."""
    lines = "".join(f"\r\n    flood line {i} of the long rule" for i in range(40_000))  # 1.3 MB: 60 times the cap
    path = tmp_path / "long.txt"
    path.write_text(make_cr(filler=5, trample=f"Trample is long.{lines}"), encoding="utf-8", newline="")
    book = load([SourceSpec(str(path), None, "long.txt")], use_cache=False)
    assert len(book.graph.nodes["702.19b"]["text"]) > 1_000_000
    plain = plain_text(render_rule(rule_view(book, "702.19b"), OPTS), 100)
    assert len(plain) < 2 * SHOWN and "flood line 10 " in plain and "flood line 39999" not in plain
    assert "more characters not shown; --json has them all)" in plain
