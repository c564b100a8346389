"""The installed tournament documents read: a parsed document is cached, read back equal to a fresh parse, parsed
again when its file or the cached entry changes, and never trusted when the entry is not one."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesgraph.build import cache, tbook
from rulesgraph.sources.read import read_bytes
from rulesgraph.versions import tstore

from .conftest import require_tournament
from .minitourney import make_ipg, make_mtr


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RULESGRAPH_CACHE_DIR", str(tmp_path / "cache"))  # this test's entries alone
    tbook.load.cache_clear()
    yield tmp_path / "data"
    tbook.load.cache_clear()


def _entries() -> list[Path]:
    return sorted(cache.cache_dir().glob("build-*.tdoc"))


def test_a_parsed_document_is_cached_and_read_back_equal(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tstore.install(make_mtr("March 4, 2031").encode(), "a.txt")
    tstore.install(make_ipg().encode(), "b.txt")
    tbook.load.cache_clear()
    fresh = tbook.load()
    assert len(fresh) == 2 and len(_entries()) == 2
    tbook.load.cache_clear()
    monkeypatch.setitem(sys.modules, "rulesgraph.parse.tournament", None)  # read back: the parser is not even imported
    again = tbook.load()
    assert again == fresh and again is not fresh


def test_a_changed_file_is_parsed_again(data: Path) -> None:
    item = tstore.install(make_mtr("March 4, 2031").encode(), "a.txt")
    tbook.load.cache_clear()
    first = tbook.load()
    text = item.path.read_text(encoding="utf-8").replace("Players follow point 9 of chapter 5", "Players follow point nine")
    assert "point nine" in text
    item.path.write_text(text, encoding="utf-8")  # its name and kind as before: its hash tells
    tbook.load.cache_clear()
    second = tbook.load()
    assert second != first and any("point nine" in s.text for s in second[0].sections)
    assert len(_entries()) == 2  # the new file has an entry of its own


def test_an_entry_of_another_shape_is_parsed_again(data: Path) -> None:
    item = tstore.install(make_mtr("March 4, 2031").encode(), "a.txt")
    raw = read_bytes(item.path, item.path.name)
    fresh = tbook.parsed(raw, "mtr", use_cache=False)
    assert not _entries()  # --no-cache: nothing written
    tbook.parsed(raw, "mtr")
    (entry,) = _entries()
    key = entry.name.removeprefix("build-").removesuffix(".tdoc")
    for broken in (None, ("mtr",), (*tbook._parts(fresh)[:5], ((None,),), *tbook._parts(fresh)[6:]),
                   (*tbook._parts(fresh)[:-1], "many")):
        assert cache.write(key, broken, "tdoc") is None  # authenticated, as our own bug could write it
        assert tbook.parsed(raw, "mtr") == fresh


@pytest.mark.full_cr
def test_the_real_documents_read_back_equal(data: Path) -> None:
    for name in ("MTR-20260227.txt", "IPG-20240923.txt", "JAR-20240923.txt"):
        tstore.install_file(require_tournament(name))
    tbook.load.cache_clear()
    fresh = tbook.load()
    tbook.load.cache_clear()
    assert tbook.load() == fresh and len(fresh) == 3
