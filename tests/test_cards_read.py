"""rulesgraph.cards.read: AtomicCards and set files in every compression read the same; hostile files
(truncated, not JSON, wrong shape, HTML, bombs, huge lists and names, deep nesting) are one SourceError line."""

from __future__ import annotations

import json
import lzma
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesgraph import SourceError
from rulesgraph.cards import read
from rulesgraph.cards.keywords import KeywordList
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


def test_a_compressed_name_without_compressed_bytes_says_so() -> None:
    """A trial's JPEG named X.json.xz was "not an MTGJSON card file (it does not start with a JSON object)"."""
    with pytest.raises(SourceError, match=r"^X.json.xz: not xz data, though its name ends in .xz$"):
        parse_card_bytes(b"\xff\xd8\xff\xe0JFIF", "X.json.xz")
    with pytest.raises(SourceError, match=r"^c.GZ: not gzip data, though its name ends in .GZ$"):
        parse_card_bytes(b"garbage", "c.GZ")
    assert parse_card_bytes(GOOD, "AtomicCards.json.gz").cards  # JSON a browser unpacked, its name kept: read as JSON


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


# --- integers, surrogates, memory, structure (issue 31) ------------------------------------------------------------

_FIELDS = ("edhrecRank", "power", "legalities", "convertedManaCost", "unknownField")


@given(digits=st.integers(read.MAX_DIGITS + 1, 20_000), field=st.sampled_from(_FIELDS), sign=st.sampled_from(["", "-"]))
def test_an_integer_too_long_anywhere_is_one_line(digits: int, field: str, sign: str) -> None:
    """More than 4,300 digits (in any field, even one that is dropped) was a ValueError traceback."""
    text = encode(atomic()).decode().replace('"layout": "normal"', f'"{field}": {sign}{"7" * digits}, "layout": "normal"', 1)
    with pytest.raises(SourceError, match=f"an integer of {digits:,} digits") as info:
        parse_card_bytes(text.encode(), "big.json")
    assert "\n" not in str(info.value)


@given(st.integers(1, read.MAX_DIGITS))
def test_an_integer_of_a_few_digits_is_read(digits: int) -> None:
    text = encode(atomic()).decode().replace('"layout": "normal"', f'"edhrecRank": {"1" * digits}, "layout": "normal"', 1)
    assert len(parse_card_bytes(text.encode(), "ok.json").cards) == len(CARDS)


_LONE = st.sampled_from(["\ud800", "\udbff", "\udc00", "\udfff", "\ud83d"])


@given(lone=_LONE, where=st.sampled_from(["name", "text", "type", "ruling", "date", "keyword", "faceName", "version", "asciiName"]))
def test_a_lone_surrogate_is_replaced_and_the_card_installs(tmp_path_factory: pytest.TempPathFactory, lone: str, where: str) -> None:
    """``"\\ud800"`` in card JSON was a UnicodeEncodeError traceback while building the store."""
    name = f"Lone{lone} Elk" if where == "name" else "Lone Elk"
    face = {"name": name, "type": "Creature — Elk", "text": "Trample", "layout": "normal",
            "rulings": [{"date": "2020-01-01", "text": "Ok."}]}
    if where in ("text", "type"):
        face[where] = f"Tr{lone}ample"
    elif where in ("ruling", "date"):
        face["rulings"] = [{"date": f"2020{lone}", "text": "Ok."} if where == "date" else {"date": "2020-01-01", "text": f"O{lone}k."}]
    elif where == "keyword":
        face["keywords"] = [f"Tr{lone}ample"]
    elif where in ("faceName", "asciiName"):
        face[where] = f"Lo{lone}ne"
    data = atomic({name: [face]}, version=f"5.2{lone}" if where == "version" else "5.2")
    raw = json.dumps(data).encode()  # ensure_ascii: the surrogate is written as \\udXXX, as a hostile file has it
    cards = parse_card_bytes(raw, "lone.json")
    texts = json.dumps([cards.version, [(c.name, c.ascii_name, c.faces, c.rulings) for c in cards.cards]], default=repr, ensure_ascii=False)
    texts.encode("utf-8")  # nothing unencodable is left
    assert "\ufffd" in texts
    from rulesgraph.cards.install import install
    from rulesgraph.cards.store import open_store

    path = tmp_path_factory.mktemp("lone") / "cards.sqlite"
    install(cards, KeywordList.of([("Trample", "ability", "Trample")]), path=path)
    store = open_store(path)
    assert store is not None and store.card(cards.cards[0].name) is not None


def test_names_equal_once_cleaned_are_one_line() -> None:
    names = ["Elk\ud800", "Elk\ufffd"]
    data = atomic({n: [{"name": n, "type": "Creature"}] for n in names})
    with pytest.raises(SourceError, match="two cards of the same name"):
        parse_card_bytes(json.dumps(data).encode(), "two.json")


def test_an_object_with_too_many_keys_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(read, "MAX_KEYS", 1000)
    text = encode(atomic()).decode().replace('"layout": "normal"', '"legalities": {' + ",".join(f'"k{i}": 0' for i in range(1001))
                                             + '}, "layout": "normal"', 1)
    with pytest.raises(SourceError, match="an object with 1,001 keys"):
        parse_card_bytes(text.encode(), "keys.json")


_CAPPED = """
import lzma, sys
from rulesgraph import SourceError
from rulesgraph.cards import read
from tests.minicards import atomic, encode
read.PER_VALUE, read.MEMORY = 1, 50 * 2**20
many = ",".join(f'"distinct key {i}": "value {i}"' for i in range(150_000))
objects = ",".join(f'"o{j}": {{{many}}}' for j in range(4))
text = encode(atomic()).decode().replace('"layout": "normal"', f'"legalities": {{{objects}}}, "layout": "normal"', 1)
data = lzma.compress(text.encode())
del many, objects, text
try:
    read.parse_card_bytes(data, "keys.json.xz")
except SourceError as exc:
    print(exc)
print(len(read.parse_card_bytes(encode(atomic()), "ok.json").cards))
"""


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="the address-space cap needs Linux")
def test_memory_is_bounded_on_what_is_parsed_not_estimated() -> None:
    """5.6 million distinct keys in a dropped field (a 1.4 MB xz) passed the estimate, took 1.5 GB and installed: the
    parse's own address space is capped.  Here the estimate (43 MB) passes, and the parse would take some 150 MB.
    In a fresh process: a long-lived one may reuse memory it already holds (the cap bounds the address space's growth)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    proc = subprocess.run([sys.executable, "-c", _CAPPED], capture_output=True, text=True, cwd=root, timeout=300)
    said, cards = proc.stdout.splitlines()
    assert "needs more than 50 MB of memory" in said and proc.returncode == 0, proc.stderr[-500:]
    assert int(cards) == len(CARDS)  # the cap is lifted after


def test_a_card_named_cards_does_not_make_atomic_a_set_file() -> None:
    """A card named "cards" made an AtomicCards file read as a set file: 20,400 cards installed as 1."""
    cards = dict(CARDS)
    cards["cards"] = [{"name": "cards", "type": "Creature", "text": ""}]
    f = parse_card_bytes(encode(atomic(cards)), "a.json")
    assert f.kind == "atomic" and len(f.cards) == len(CARDS) + 1 and "cards" in {c.name for c in f.cards}
    alone = parse_card_bytes(encode(atomic({"cards": cards["cards"]})), "b.json")
    assert alone.kind == "atomic" and [c.name for c in alone.cards] == ["cards"]
    bare_set = {"meta": {}, "data": {"cards": [f for faces in CARDS.values() for f in faces]}}  # printings, nothing else
    assert parse_card_bytes(encode(bare_set), "c.json").kind == "set"
    assert parse_card_bytes(encode(set_file()), "d.json").kind == "set"
    lists_only = {"meta": {}, "data": {"cards": bare_set["data"]["cards"], "tokens": []}}  # a set of arrays alone
    assert parse_card_bytes(encode(lists_only), "e.json").kind == "set"
