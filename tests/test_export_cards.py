"""rulesgraph/export/cards.py: every installed card in the static site — an index sorted by name, each card's page with
its text, rulings, legality and the rules it runs on linked into the rules pages, every text escaped, no broken link —
and a card search that forgives typos (run with node, when it is installed)."""

from __future__ import annotations

import json
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from rulesgraph import Rulebook
from rulesgraph.cards.store import open_store
from rulesgraph.export.cards import CARD_SEARCH_JS, card_files
from rulesgraph.export.html import export_html

from .minicards import CARDS, face, install_cards
from .test_export_html import broken_links, parse_site

HOSTILE = {"<script>alert(1)</script> Zapper": [face("<script>alert(1)</script> Zapper", "Deal 1 damage.\x1b[31m <b>bold</b>",
                                                     type_line="Instant", rulings=[{"date": "2020-01-01", "text": "<i>Ruled</i>"}])]}
NAMED = {name: [face(name, "Draw a card.", type_line="Artifact")] for name in ("Æther Vial", "Vial Smasher the Fierce", "Mind Drain")}
"""A ligature ("æther vial" was read "ther vial") and a face's name said alone ("Drain" is Sap // Drain's face)."""


@pytest.fixture(scope="module")
def site(full_book: Rulebook, tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("data")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("RULESGRAPH_DATA_DIR", str(data))
        store = open_store(install_cards(full_book, {**CARDS, **HOSTILE, **NAMED}))
        assert store is not None
        out = tmp_path_factory.mktemp("site") / "site"
        export_html(full_book.graph, out, cards=lambda site, document: card_files(full_book, store, site, document))
        store.close()
    return out


def test_a_single_page_site_links_its_card_pages(full_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With --single-page the card pages are still files of their own: the contents linked to index.html#page-card-index,
    which is no anchor (a second new user's trial)."""
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    store = open_store(install_cards(full_book, CARDS))
    assert store is not None
    out = tmp_path / "one"
    export_html(full_book.graph, out, single_page=True, cards=lambda site, document: card_files(full_book, store, site, document))
    store.close()
    assert 'href="card-index.html"' in (out / "index.html").read_text(encoding="utf-8") and not broken_links(out)


def test_an_index_of_every_card_sorted_by_name(site: Path) -> None:
    pages = parse_site(site)
    index = pages["card-index.html"]
    names = [t for t in index.text if t.strip() and t in {*CARDS, *HOSTILE, *NAMED}]
    folded = lambda n: unicodedata.normalize("NFKD", n.replace("Æ", "Ae")).encode("ascii", "ignore").decode().lower()  # Rí as Ri
    assert sorted(names, key=folded) == names and len(names) == len(CARDS) + len(HOSTILE) + len(NAMED)
    assert "card-index.html" in (site / "index.html").read_text(encoding="utf-8")  # linked from the contents
    assert names.index("Æther Vial") < names.index("Banner of the Grove")  # under A, as "aether vial" (it was after Z)
    search = (site / "search.html").read_text(encoding="utf-8")  # the rules' search finds no card: it says where to look
    assert 'Cards are not searched here: <a id="card-search" href="card-search.html">find a card</a>' in search


def test_each_card_with_text_rulings_legality_and_linked_rules(site: Path) -> None:
    page = (site / "cards-m.html").read_text(encoding="utf-8")
    elder = page[page.index('id="card-mossback-elder"') :]
    elder = elder[: elder.index("</div>")]
    assert "Whenever Mossback Elder attacks, you gain 1 life." in elder and "Trample matters only when it is blocked." in elder
    assert 'Trample → <a href="chapter-7.html#702.19">702.19</a>' in elder and "Legal in: Vintage" in elder
    assert broken_links(site) == []


def test_every_text_of_the_card_data_is_escaped(site: Path) -> None:
    text = "".join((site / name).read_text(encoding="utf-8") for name in ("cards-s.html", "card-index.html"))
    assert "<script>alert" not in text and "&lt;script&gt;alert(1)&lt;/script&gt; Zapper" in text
    assert "<b>bold</b>" not in text and "<i>Ruled</i>" not in text
    names = (site / "card-names.js").read_text(encoding="utf-8")
    assert json.loads(names.removeprefix("window.RULESGRAPH_CARDS = ").rstrip(";\n"))[0][0] == "<script>alert(1)</script> Zapper"


@pytest.mark.parametrize(("query", "first"), [("mosback elder", "Mossback Elder"), ("Banner of the Grove", "Banner of the Grove"),
                                              ("thorn claok", "Thorn Cloak"), ("riverwalker first", "Ríverwalker, the First"),
                                              ("æther vial", "Æther Vial"), ("AEther Vial", "Æther Vial"), ("drain", "Sap // Drain")])
def test_the_card_search_forgives_typos(site: Path, tmp_path: Path, query: str, first: str) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the card search's script is run with it")
    harness = tmp_path / "run.js"
    harness.write_text("""
const fs = require("fs");
const [cards, js, query] = process.argv.slice(2);
global.window = {location: {search: "?q=" + encodeURIComponent(query)}};
eval(fs.readFileSync(cards, "utf8"));
function el() { return {children: [], appendChild(c) { this.children.push(c); }}; }
const results = el(), status = el();
global.document = {querySelector: () => null, getElementById: id => id === "results" ? results : status, createElement: () => el()};
eval(fs.readFileSync(js, "utf8"));
console.log(JSON.stringify(results.children.map(li => li.children[0].textContent)));
""")
    assert (site / "card-search.js").read_text(encoding="utf-8") == CARD_SEARCH_JS
    done = subprocess.run([node, str(harness), str(site / "card-names.js"), str(site / "card-search.js"), query],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0] == first


def test_export_html_brings_the_installed_cards(seeds_book: Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from rulesgraph_cli.main import main

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    install_cards(seeds_book)
    assert main(["export", "html", str(tmp_path / "out")]) == 0
    assert f"with {len(CARDS)} cards" in capsys.readouterr().out
    assert (tmp_path / "out" / "card-index.html").is_file() and (tmp_path / "out" / "cards-m.html").is_file()
