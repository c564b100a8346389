"""The static site export: pages and anchors, links both ways, keyword pages, escaping, and no broken internal link."""

from __future__ import annotations

import hashlib
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from rulesgraph import Rulebook, RulesgraphError, SourceSpec, bundled_sources, load
from rulesgraph.common.outfile import MANIFEST
from rulesgraph.export.html import Site, export_html
from rulesgraph_cli.main import main

from .minicr import make_cr


class _Page(HTMLParser):
    """Every id, every link and every asset reference of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.assets: list[str] = []
        self.scripts: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        if tag == "a" and a.get("href") is not None:
            self.hrefs.append(str(a["href"]))
        if tag in ("script", "img", "link", "iframe") and (a.get("src") or a.get("href")):
            self.assets.append(str(a.get("src") or a.get("href")))
        if tag == "script":
            self.scripts.append(str(a.get("src")))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse_site(directory: Path) -> dict[str, _Page]:
    pages = {}
    for path in sorted(directory.glob("*.html")):
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        pages[path.name] = page
    return pages


def broken_links(directory: Path) -> list[str]:
    """Every internal link whose file or anchor does not exist, and every asset that is not a local file."""
    pages = parse_site(directory)
    broken = []
    for name, page in pages.items():
        for href in page.hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc:
                broken.append(f"{name}: external link {href}")
                continue
            target = unquote(parts.path) or name
            if target not in pages:
                broken.append(f"{name}: {href}: no page {target}")
            elif parts.fragment and unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{name}: {href}: no anchor {parts.fragment!r} in {target}")
        for asset in page.assets:
            if urlsplit(asset).scheme or urlsplit(asset).netloc or not (directory / asset).is_file():
                broken.append(f"{name}: asset {asset} is not a file of the site")
    return broken


@pytest.fixture(scope="module")
def site(full_book: Rulebook, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    export_html(full_book.graph, out)
    return out


def test_pages_and_anchors(site: Path, full_book: Rulebook) -> None:
    names = {p.name for p in site.iterdir()}
    assert {"index.html", "glossary.html", "keywords.html", "search.html", "style.css", "search.js", "search-index.js"} <= names
    assert {f"chapter-{n}.html" for n in range(1, 10)} <= names
    assert "card-search" not in (site / "search.html").read_text(encoding="utf-8")  # no cards: no card search to point to
    assert "keyword-trample.html" in names and "keyword-annihilator.html" in names
    pages = parse_site(site)
    g = full_book.graph
    cr = [n for n, d in g.nodes(data=True) if d.get("numbering") == "cr"]
    anchors = set().union(*(p.ids for name, p in pages.items() if name.startswith("chapter-")))
    assert set(cr) <= anchors  # an anchor for every chapter, section, rule and subrule
    assert "702.19b" in pages["chapter-7.html"].ids and "g-trample" in pages["glossary.html"].ids


def test_no_broken_internal_link(site: Path) -> None:
    assert broken_links(site) == []
    hrefs = sum(len(p.hrefs) for p in parse_site(site).values())
    assert hrefs > 15000  # the check had something to check


def test_references_are_links_with_ranges_expanded(site: Path) -> None:
    chapter1 = (site / "chapter-1.html").read_text(encoding="utf-8")
    block = re.search(r'<div class="rule subrule" id="100.2a">.*?</div>', chapter1)
    assert block and 'href="chapter-1.html#100.4a"' in block.group(0)  # "See rule 100.4a."
    chapter7 = (site / "chapter-7.html").read_text(encoding="utf-8")
    assert '<a href="chapter-5.html#510" class="ref">510</a>' in chapter7  # 702.19a: (See rule 510, “Combat Damage Step.”)
    chapter6 = (site / "chapter-6.html").read_text(encoding="utf-8")
    ranges = re.findall(r'<span class="range">\((.*?)\)</span>', chapter6)
    assert ranges and all(part.startswith("<a href=") for r in ranges for part in r.split(", "))


def test_cited_by_and_glossary_both_ways(site: Path, full_book: Rulebook) -> None:
    chapter7 = (site / "chapter-7.html").read_text(encoding="utf-8")
    block = re.search(r'<div class="rule rule" id="702.19">.*?</div>', chapter7)
    assert block is not None
    citing = {src for src, _, kind in full_book.graph.in_edges("702.19", keys=True) if kind == "cites"}
    assert citing == {"glossary:Trample", "glossary:Trample Over Planeswalkers"}
    assert '<a href="glossary.html#g-trample">glossary: Trample</a>' in block.group(0)
    assert 'Glossary: <a href="glossary.html#g-trample">Trample</a>' in block.group(0)  # rule → glossary
    glossary = (site / "glossary.html").read_text(encoding="utf-8")
    entry = re.search(r'<div class="entry" id="g-trample">.*?</div>', glossary)
    assert entry and 'href="chapter-7.html#702.19"' in entry.group(0)  # glossary → rule
    apnap = re.search(r'<div class="entry" id="g-apnap-order">.*?</div>', glossary)
    assert apnap and 'See <a href="glossary.html#g-active-player-nonactive-player-order">' in apnap.group(0)
    assert chapter7.count('class="cited-by') >= 1000  # under every rule and subrule


def test_keyword_pages_have_their_faq(site: Path) -> None:
    page = (site / "keyword-annihilator.html").read_text(encoding="utf-8")
    assert "Q: What does Annihilator do?" in page and page.count('<div class="faq"') == 4
    assert 'href="chapter-7.html#702.86"' in page
    umbra = (site / "keyword-umbra-armor.html").read_text(encoding="utf-8")
    assert "Q: What does Totem armor do?" in umbra and "Formerly: " in umbra  # renamed keywords bring their FAQ along
    keywords = (site / "keywords.html").read_text(encoding="utf-8")
    assert keywords.count("<li>") >= 260


def test_search_index(site: Path) -> None:
    index = (site / "search-index.js").read_text(encoding="utf-8")
    assert index.startswith("window.RULESGRAPH_INDEX = [") and '["chapter-7.html#702.19", "702.19", "Trample", ""]' in index


def search_index(path: Path) -> list[list[str]]:
    """The rows of a written ``search-index.js`` (``window.RULESGRAPH_INDEX = [[href, label, title, text], …];``)."""
    text = path.read_text(encoding="utf-8")
    prefix, suffix = "window.RULESGRAPH_INDEX = ", ";\n"
    assert text.startswith(prefix) and text.endswith(suffix), text[:80]
    rows = json.loads(text[len(prefix) : -len(suffix)])
    assert isinstance(rows, list) and all(isinstance(r, list) and len(r) == 4 for r in rows)
    return rows


def test_markup_in_a_rules_file_is_text(tmp_path: Path) -> None:
    """Markup in a rules file is escaped on every page and kept verbatim, as data, in the search index."""
    markup = '<script>window.pwned = 1</script> & <b onclick="x()">bold</b>'
    cr = tmp_path / "cr.txt"
    cr.write_text(make_cr(extra=markup), encoding="utf-8")
    book = load([SourceSpec(str(cr))], use_cache=False)
    export_html(book.graph, tmp_path / "site")
    pages = sorted((tmp_path / "site").glob("*.html"))
    assert "chapter-1.html" in [p.name for p in pages]
    for path in pages:
        html = path.read_text(encoding="utf-8")
        assert "<script>window.pwned" not in html and "<b onclick" not in html, path.name
    chapter = (tmp_path / "site" / "chapter-1.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;window.pwned = 1&lt;/script&gt; &amp; &lt;b onclick=&quot;x()&quot;&gt;bold&lt;/b&gt;" in chapter
    rows = {row[1]: row for row in search_index(tmp_path / "site" / "search-index.js")}
    assert rows["100.1"] == ["chapter-1.html#100.1", "100.1", "", f"Rule number 1 says something about the game. {markup}"]
    assert broken_links(tmp_path / "site") == []


def test_single_page_and_seeds_only(tmp_path: Path, seeds_book: Rulebook) -> None:
    export_html(seeds_book.graph, tmp_path / "one", single_page=True)
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names == [MANIFEST, "index.html", "search-index.js", "search.html", "search.js", "style.css"]
    assert broken_links(tmp_path / "one") == []
    index = (tmp_path / "one" / "index.html").read_text(encoding="utf-8")
    assert "No Comprehensive Rules were loaded" in index and 'id="page-keyword-annihilator"' in index
    site = Site(seeds_book.graph)
    assert site.href("faq:annihilator-1") == "keyword-annihilator.html#faq-annihilator-1"
    assert site.rule_href("702.19") is None  # no CR: numbers in text stay text


def test_cli_export_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "html", str(tmp_path / "out")]) == 0
    assert "pages and 3 assets" in capsys.readouterr().out and (tmp_path / "out" / "index.html").is_file()
    (tmp_path / "file").write_text("x")
    assert main(["export", "html", str(tmp_path / "file")]) == 2
    assert "exists and is not a directory" in capsys.readouterr().err
    assert main(["export", "html", str(tmp_path / "x"), "--format", "dot"]) == 2
    with pytest.raises(RulesgraphError):
        export_html(load(bundled_sources(), use_cache=False).graph, tmp_path / "file")


# --- where the site may be written (issue 18) ----------------------------------------------------------------

def _seeds_graph() -> object:
    return load(bundled_sources(), use_cache=False).graph


def test_a_site_is_swapped_in_whole_and_replaces_only_a_site(tmp_path: Path) -> None:
    g = _seeds_graph()
    site = tmp_path / "site"
    export_html(g, site)  # type: ignore[arg-type]
    (site / "old-page.html").write_text("a page an older export wrote")
    listed = json.loads((site / MANIFEST).read_text())  # as an older export would have listed it
    listed["files"]["old-page.html"] = hashlib.sha256(b"a page an older export wrote").hexdigest()
    (site / MANIFEST).write_text(json.dumps(listed))
    export_html(g, site)  # type: ignore[arg-type]
    assert not (site / "old-page.html").exists() and (site / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no temporary directory left
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("my notes")
    with pytest.raises(RulesgraphError, match=r"will not replace this directory: it holds 'notes.txt'"):
        export_html(g, mine)  # type: ignore[arg-type]
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]


def test_an_empty_name_or_the_current_directory_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``export html ''`` took the current directory and swapped a new one in for it: the shell stood in a deleted
    directory and the message pointed at "/index.html"."""
    g = _seeds_graph()
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    with pytest.raises(RulesgraphError, match="the directory name is empty"):
        export_html(g, "")  # type: ignore[arg-type]
    for name in (".", str(here), str(tmp_path)):
        with pytest.raises(RulesgraphError, match="is the current directory or holds it"):
            export_html(g, name)  # type: ignore[arg-type]
    assert here.is_dir() and list(here.iterdir()) == []
    export_html(g, "site")  # type: ignore[arg-type]
    assert (here / "site" / "index.html").is_file()
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()  # a shell standing in a removed directory: a site given by its whole path is written
    export_html(g, tmp_path / "elsewhere")  # type: ignore[arg-type]
    assert (tmp_path / "elsewhere" / "index.html").is_file()


def test_a_site_in_a_directory_that_is_not_there_is_refused(tmp_path: Path) -> None:
    """A mistyped parent ("/tmp/sitse/site") made the whole tree of folders without a word; now it is one line, nothing made."""
    with pytest.raises(RulesgraphError, match=r"no such directory .*missing/deeper; create it first"):
        export_html(_seeds_graph(), tmp_path / "missing" / "deeper" / "site")  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_a_symlink_inside_the_target_is_never_followed(tmp_path: Path) -> None:
    """A ``style.css → ../victim.txt`` link placed in the site filled victim.txt with CSS."""
    g = _seeds_graph()
    site = tmp_path / "site"
    export_html(g, site)  # type: ignore[arg-type]
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (site / "style.css").unlink()
    (site / "style.css").symlink_to(victim)
    with pytest.raises(RulesgraphError, match="will not replace this directory"):
        export_html(g, site)  # type: ignore[arg-type]
    assert victim.read_text() == "precious"


def test_a_full_disk_leaves_the_old_site_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk used to leave 259 pages of a half-new site."""
    import builtins
    import errno

    g = _seeds_graph()
    site = tmp_path / "site"
    export_html(g, site)  # type: ignore[arg-type]
    before = {p.name: p.read_bytes() for p in site.iterdir()}
    real_open, written = builtins.open, []

    def filling(file: object, mode: str = "r", *args: object, **kwargs: object) -> object:
        if "x" in mode:
            written.append(file)
            if len(written) > 3:
                raise OSError(errno.ENOSPC, "No space left on device")
        return real_open(file, mode, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(builtins, "open", filling)
    with pytest.raises(RulesgraphError, match=r"No space left on device\); nothing there was changed"):
        export_html(g, site)  # type: ignore[arg-type]
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in site.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_glossary_see_also_links_never_land_in_markup(tmp_path: Path) -> None:
    """A term named like a piece of markup (``ref``, ``href``, ``class``) was replaced inside ``href=`` attributes."""
    extra = "\n".join(["", "ref", "A made-up term. See rule 702.19, “Trample.” See also Href, Class.", "",
                       "href", "Another. See Ref.", "", "class", "A third. See Ref, Href.", ""])
    text = make_cr().replace("\r\nCredits\r\n\r\nWritten", extra.replace("\n", "\r\n") + "\r\nCredits\r\n\r\nWritten")
    cr = tmp_path / "cr.txt"
    cr.write_text(text, encoding="utf-8")
    export_html(load([SourceSpec(str(cr))], use_cache=False).graph, tmp_path / "site")
    html = (tmp_path / "site" / "glossary.html").read_text(encoding="utf-8")
    assert not re.search(r"<a [^>]*<a", html) and "<a h<a" not in html
    assert 'See also <a href="glossary.html#g-href">Href</a>, <a href="glossary.html#g-class">Class</a>.' in html
    assert 'See <a href="glossary.html#g-ref">Ref</a>, <a href="glossary.html#g-href">Href</a>.' in html
    assert 'See rule <a href="chapter-7.html#702.19" class="ref">702.19</a>' in html
    assert broken_links(tmp_path / "site") == []


@pytest.mark.parametrize("name", ["notes.html", "my.js", "extra.css", "index.html", "style.css", "search-index.js", "README.txt"])
def test_a_file_the_user_added_or_changed_is_never_deleted(tmp_path: Path, name: str) -> None:
    """Re-exporting deleted the .html, .js and .css files a user had put in the site's folder (issue 31)."""
    g = _seeds_graph()
    site = tmp_path / "site"
    export_html(g, site)  # type: ignore[arg-type]
    (site / name).write_text("mine, not rulesgraph's")
    before = {p.name: p.read_bytes() for p in site.iterdir()}
    with pytest.raises(RulesgraphError, match="will not replace this directory") as info:
        export_html(g, site)  # type: ignore[arg-type]
    assert repr(name) in str(info.value) and "\n" not in str(info.value)
    assert {p.name: p.read_bytes() for p in site.iterdir()} == before


def test_a_site_without_a_list_replaces_only_its_own_names(tmp_path: Path) -> None:
    """A site written before the list (no manifest): replaced when it holds only files this export writes."""
    g = _seeds_graph()
    site = tmp_path / "site"
    export_html(g, site)  # type: ignore[arg-type]
    (site / MANIFEST).unlink()
    export_html(g, site)  # type: ignore[arg-type]
    (site / MANIFEST).unlink()
    (site / "notes.html").write_text("mine")
    with pytest.raises(RulesgraphError, match=r"'notes\.html', which rulesgraph did not write"):
        export_html(g, site)  # type: ignore[arg-type]
    assert (site / "notes.html").read_text() == "mine"
    (site / MANIFEST).write_text("{not json")  # a damaged list is no list
    with pytest.raises(RulesgraphError, match="will not replace"):
        export_html(g, site)  # type: ignore[arg-type]


def test_a_site_on_a_nearly_full_disk_is_an_error_not_cut_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A buffered file handed more than the disk takes returns a short count instead of raising: the page was cut short
    in silence (issue 31).  Here every file takes 100 bytes, then the disk is full."""
    import builtins
    import errno

    real_open = builtins.open

    class Filling:
        def __init__(self, fh: object) -> None:
            self.fh, self.taken = fh, 0

        def write(self, data: bytes) -> int:
            if self.taken >= 100:
                raise OSError(errno.ENOSPC, "No space left on device")
            n = min(len(data), 100 - self.taken)
            self.taken += n
            return self.fh.write(bytes(data[:n]))  # type: ignore[attr-defined, no-any-return]

        def flush(self) -> None:
            self.fh.flush()  # type: ignore[attr-defined]

        def __enter__(self) -> Filling:
            return self

        def __exit__(self, *exc: object) -> None:
            self.fh.close()  # type: ignore[attr-defined]

    def filling(file: object, mode: str = "r", *args: object, **kwargs: object) -> object:
        fh = real_open(file, mode, *args, **kwargs)  # type: ignore[call-overload]
        return Filling(fh) if "x" in mode else fh

    g = _seeds_graph()
    with monkeypatch.context() as patched, pytest.raises(RulesgraphError, match=r"No space left on device\); nothing there was changed"):
        patched.setattr(builtins, "open", filling)
        export_html(g, tmp_path / "site")  # type: ignore[arg-type]
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_export_html_refuses_a_bad_directory_before_making_the_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """`export html /tmp/trialE` from inside it built the whole site (13.5 s with the cards) before refusing (a trial)."""
    from rulesgraph_cli.context import Context
    from rulesgraph_cli.main import main

    def never(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the rules were loaded before the directory was checked")

    monkeypatch.setattr(Context, "book", never)
    monkeypatch.chdir(tmp_path)
    assert main(["export", "html", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith(f"rulesgraph: error: {tmp_path}: is the current directory or holds it")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    assert main(["export", "html", "mine"]) == 2
    assert "mine: will not replace this directory: it holds 'notes.txt', which rulesgraph did not write" in capsys.readouterr().err
