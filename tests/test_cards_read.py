"""rulesgraph.cards.read: AtomicCards and set files in every compression read the same; hostile files
(truncated, not JSON, wrong shape, HTML, bombs, huge lists and names, deep nesting) are one SourceError line."""

from __future__ import annotations

import json
import lzma
from pathlib import Path

import pytest

from rulesgraph import SourceError
from rulesgraph.cards import read
from rulesgraph.cards.read import parse_card_bytes, read_card_file

from .minicards import CARDS, atomic, encode, face, set_file


@pytest.mark.parametrize("compression", [None, "xz", "gz", "bz2"])
def test_atomic_file_in_every_compression(compression: str | None) -> None:
    f = parse_card_bytes(encode(atomic(), compression), "AtomicCards.json")
    assert f.kind == "atomic" and f.version == "5.9.0+20990101" and f.date == "2099-01-01"
    assert [c.name for c in f.cards] == list(CARDS)
    split = next(c for c in f.cards if c.name == "Sap // Drain")
    assert [x.name for x in split.faces] == ["Sap", "Drain"] and split.layout == "split"
    assert len(split.rulings) == 1  # each face carries the card's rulings: kept once
    assert f.rulings == 3 and f.faces == 7


def test_set_file_groups_printings_by_name() -> None:
    data = set_file()
    data["data"]["cards"].append(dict(CARDS["Mossback Elder"][0]))  # a reprint in the same set
    f = parse_card_bytes(encode(data), "TST.json")
    assert f.kind == "set" and len(f.cards) == len(CARDS)
    assert [x.name for x in next(c for c in f.cards if c.name == "Sap // Drain").faces] == ["Sap", "Drain"]


def test_read_card_file_from_disk(tmp_path: Path) -> None:
    p = tmp_path / "cards.json.xz"
    p.write_bytes(encode(atomic(), "xz"))
    assert len(read_card_file(p).cards) == len(CARDS)
    with pytest.raises(SourceError, match="no such file"):
        read_card_file(tmp_path / "missing.json")
    with pytest.raises(SourceError, match="directory"):
        read_card_file(tmp_path)


GOOD = encode(atomic())


@pytest.mark.parametrize(("data", "message"), [
    (b"", "empty file"),
    (b"<!doctype html><html><body>Not found</body></html>", "HTML"),
    (b"hello", "does not start with a JSON object"),
    (GOOD[: len(GOOD) // 2], "not valid JSON, or truncated"),
    (lzma.compress(GOOD)[:-40], "truncated xz"),
    (b"\xfd7zXZ\x00garbage-garbage", "not valid xz"),
    (b'{"meta": {}}', "no 'data' object"),
    (b'{"data": {"x": 3}}', "AtomicCards layout"),
    (json.dumps({"data": {"A": [face("A", text=["not", "text"])]}}).encode(), "'text' is not text"),
    (json.dumps({"data": {"A": []}}).encode(), "no faces"),
    (b"\xff\xfe{" + b"x" * 10, "does not start with a JSON object"),
])
def test_bad_files_are_one_line(data: bytes, message: str) -> None:
    with pytest.raises(SourceError, match=message) as info:
        parse_card_bytes(data, "bad.json")
    assert "\n" not in str(info.value) and str(info.value).startswith("bad.json: ")


def test_a_million_rulings_are_refused() -> None:
    card = face("A", rulings=[{"date": "2020-01-01", "text": "x"}] * 1_000_000)
    with pytest.raises(SourceError, match="1,000,000 rulings"):
        parse_card_bytes(encode({"data": {"A": [card]}}, "xz"), "many.json.xz")


def test_a_100_kb_name_is_refused() -> None:
    name = "N" * 100_000
    with pytest.raises(SourceError, match="name 100,000 characters long") as info:
        parse_card_bytes(encode({"data": {name: [face(name)]}}), "long.json")
    assert len(str(info.value)) < 300


def test_deep_nesting_is_refused() -> None:
    deep = b'{"data": {"A": [' + b"[" * 200_000 + b"]" * 200_000 + b"]}}"
    with pytest.raises(SourceError, match=r"nested too deep|not a list|not an object"):
        parse_card_bytes(deep, "deep.json")


def test_xz_bomb_stops_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(read, "MAX_JSON", 1 << 20)
    bomb = lzma.compress(b'{"data": {"A": "' + b" " * (8 << 20) + b'"}}')
    assert len(bomb) < 10_000
    with pytest.raises(SourceError, match="decompresses to more than 1 MB"):
        parse_card_bytes(bomb, "bomb.json.xz")


def test_too_many_values_are_refused_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(read, "MEMORY", 100_000)
    with pytest.raises(SourceError, match="JSON values would need about 0 MB of memory"):
        parse_card_bytes(b'{"data": [' + b"{}," * 2000 + b"{}]}", "values.json")


def test_plain_json_over_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(read, "MAX_JSON", 1000)
    with pytest.raises(SourceError, match="more than 0 MB of JSON"):
        parse_card_bytes(b'{"data": "' + b" " * 2000 + b'"}', "big.json")
