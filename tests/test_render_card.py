"""Rendering a card: a golden file (synthetic cards, width 80, no colour), and card data shown literally —
markup, escape sequences and HTML in names, text and rulings never act, in the terminal or in JSON."""

from __future__ import annotations

import json
from pathlib import Path

from rulesgraph import Rulebook
from rulesgraph.cards.install import install
from rulesgraph.cards.read import parse_card_bytes
from rulesgraph.cards.store import open_store
from rulesgraph.cards.view import card_view, find_card, keyword_list, result_json
from rulesgraph_cli.output import plain_text
from rulesgraph_cli.render.card import render_card_result
from rulesgraph_cli.render.core import RenderOptions
from rulesgraph_cli.safe import json_line

from .minicards import CARDS, atomic, encode, face
from .test_render import golden

EVIL_NAME = "Evil [bold]Twin[/bold] \x1b[31mred\x1b[0m <script>alert(1)</script>"
EVIL = {EVIL_NAME: [face(EVIL_NAME, "Flying\n\x1b]8;;http://evil.example\x07click\x1b]8;;\x07 [link=http://x]y[/link] \x9b2J",
                         rulings=[{"date": "2020-01-01", "text": "<img src=x onerror=alert(1)> \x07bell \u202eevil"}])]}


def _store(tmp_path: Path, book: Rulebook, cards: dict) -> Path:  # type: ignore[type-arg]
    path = tmp_path / "cards.sqlite"
    install(parse_card_bytes(encode(atomic(cards)), "mini.json"), keyword_list(book), path=path)
    return path


PLAIN = RenderOptions()


def _render(book: Rulebook, path: Path, name: str, opts: RenderOptions = PLAIN) -> str:
    store = open_store(path)
    assert store is not None
    return plain_text(render_card_result(find_card(book, store, store.name_index(), name), opts))


def test_golden_cards(full_book: Rulebook, tmp_path: Path) -> None:
    second = "Ríverwalker, the Second"
    path = _store(tmp_path, full_book, {**CARDS, second: [face(second, "Vigilance", type_line="Legendary Creature — Elf")]})
    golden("card-mossback-elder", _render(full_book, path, "mossback elder"))
    golden("card-split", _render(full_book, path, "drain", RenderOptions(hints=True)))
    golden("card-ambiguous", _render(full_book, path, "Ríverwalker", RenderOptions(hints=True)))
    banner = _render(full_book, path, "Banner of the Grove")
    assert "grants  Trample → 702.19\n        Deathtouch → 702.2" in banner


def test_card_data_is_shown_literally(full_book: Rulebook, tmp_path: Path) -> None:
    path = _store(tmp_path, full_book, EVIL)
    out = _render(full_book, path, EVIL_NAME)
    assert "\x1b" not in out and "\x07" not in out and "\x9b" not in out and "\u202e" not in out
    assert "[bold]Twin[/bold]" in out and "␛[31mred" in out and "<script>alert(1)</script>" in out
    assert "[link=http://x]y[/link]" in out and "<img src=x onerror=alert(1)>" in out
    store = open_store(path)
    assert store is not None
    line = json_line(result_json(find_card(full_book, store, store.name_index(), EVIL_NAME)))
    assert "\x1b" not in line and "\x9b" not in line and "\u202e" not in line and "\x07" not in line
    assert json.loads(line)["name"] == EVIL_NAME  # the same text, escaped, not altered
    card = store.card(EVIL_NAME)
    assert card is not None and card_view(full_book, card).keywords[0].rules == ("702.9",)


def test_a_card_of_2000_long_rulings_shows_fast_and_counts_the_rest(mini_book: Rulebook, tmp_path: Path) -> None:
    """2,000 rulings of 10,000 characters (the most a card file may give) took over 2 s to print (issue 31)."""
    import time

    from rulesgraph_cli.render.card import RULINGS_SHOWN

    rulings = [{"date": "2020-01-01", "text": f"r{i:04d} " * 1600} for i in range(2000)]
    path = _store(tmp_path, mini_book, {"Many Rulings": [face("Many Rulings", "Trample", rulings=rulings)]})
    start = time.perf_counter()
    out = _render(mini_book, path, "Many Rulings")
    assert time.perf_counter() - start < 2.0
    shown = sum(1 for i in range(2000) if f"r{i:04d}" in out)
    assert 1 <= shown <= RULINGS_SHOWN // 9600 + 1 and f"{2000 - shown:,} more rulings" in out and "has them all" in out
    assert len(out) < 2 * RULINGS_SHOWN
    (tmp_path / "few").mkdir()
    few = _render(mini_book, _store(tmp_path / "few", mini_book, CARDS), "Mossback Elder")
    assert "more rulings" not in few and "It gains life" in few


def test_a_word_longer_than_its_column_is_broken_not_cut(full_book: Rulebook, tmp_path: Path) -> None:
    """A ruling's address longer than the line was cut with "…" (the address lost: a second new user's trial)."""
    url = "(http://magic.wizards.com/en/articles/archive/feature/shadows-over-innistrad-mechanics-and-more-words)"
    name = "Longword Scholar"
    path = _store(tmp_path, full_book, {name: [face(name, "Flying", rulings=[{"date": "2016-07-13", "text": f"See {url}."}])]})
    out = _render(full_book, path, name)
    assert "…" not in out and "".join(out.split()).count("shadows-over-innistrad-mechanics-and-more-words") == 1


def test_a_misspelt_name_lists_the_most_played_card_first(mini_book: Rulebook, tmp_path: Path) -> None:
    """Names a typo is as near to are listed most played first (EDHREC rank, unranked last), as a short name's are:
    "lightnig blot" listed Lightning Blow above Lightning Bolt."""
    cards = {n: [face(n, "deals damage.", type_line="Instant", edhrecRank=r)] for n, r in
             (("Lightning Blow", 9000), ("Lightning Bolt", 5), ("Lightning Blast", 7000))}
    store = open_store(_store(tmp_path, mini_book, cards))
    assert store is not None
    result = find_card(mini_book, store, store.name_index(), "lightnig blot")
    assert result.found.how == "typo" and result.view is None
    assert result.candidates[0][0] == "Lightning Bolt"
