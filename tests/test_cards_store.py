"""rulesgraph.cards.store: build once, open read-only, read cards by key, names for lookup, the keyword join
and its fingerprint (recomputed per card or rewritten by rejoin), atomic install that keeps the old store."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from rulesgraph import RulesgraphError
from rulesgraph.cards import store
from rulesgraph.cards.keywords import KeywordList
from rulesgraph.cards.read import parse_card_bytes, read_card_file
from rulesgraph.cards.store import install, open_store, rejoin

from .conftest import M21, require_cards
from .minicards import CARDS, atomic, encode
from .test_faults import FORK

KW = KeywordList.of([("Trample", "ability", "Trample"), ("Deathtouch", "ability", "Deathtouch"), ("Enchant", "ability", "Enchant"),
                     ("Scry", "action", "Scry")])


def _install(tmp_path: Path, cards: dict | None = None, keywords: KeywordList = KW) -> Path:  # type: ignore[type-arg]
    path = tmp_path / "cards.sqlite"
    install(parse_card_bytes(encode(atomic(cards)), "mini.json"), keywords, path=path)
    return path


def test_store_round_trip(tmp_path: Path) -> None:
    s = open_store(_install(tmp_path))
    assert s is not None and s.info.cards == len(CARDS) and s.info.rulings == 3 and s.info.version == "5.9.0+20990101"
    card = s.card("Mossback Elder")
    assert card is not None and card.faces[0].power == "3" and card.faces[0].type_line == "Creature — Elf"
    assert [(r.date, r.text) for r in card.rulings] == [("2020-01-01", "It gains life as it attacks."),
                                                       ("2021-02-03", "Trample matters only when it is blocked.")]
    assert card.keyword_names("has") == ("Trample",)
    assert s.card("No Such Card") is None and "Mossback Elder" in s and "nope" not in s


def test_names_cover_full_face_and_ascii_names(tmp_path: Path) -> None:
    s = open_store(_install(tmp_path))
    assert s is not None
    names = {(e.name, e.key, e.kind) for e in s.names()}
    assert ("Sap", "Sap // Drain", "face") in names and ("Drain", "Sap // Drain", "face") in names
    assert ("Riverwalker, the First", "Ríverwalker, the First", "ascii") in names
    assert sum(1 for e in s.names() if e.kind == "name") == len(CARDS)


def test_keywords_types_and_rulings_search(tmp_path: Path) -> None:
    s = open_store(_install(tmp_path))
    assert s is not None
    banner = s.card("Banner of the Grove")
    assert banner is not None and banner.keyword_names("grants") == ("Trample", "Deathtouch") and banner.supertypes == ("Legendary",)
    assert s.card("Ríverwalker's Call").keywords[0].relation == "action"  # type: ignore[union-attr]
    assert s.with_keyword("trample", "grants") == ["Banner of the Grove", "Thorn Cloak"]
    assert s.with_type("aura") == ["Thorn Cloak"]
    (key, ruling, score), *_ = s.search_rulings("blocked trample")
    assert key == "Mossback Elder" and "blocked" in ruling.text and score > 0
    assert s.search_rulings('"') == [] and s.search_rulings("AND OR (") == []


def test_a_changed_keyword_list_is_noticed(tmp_path: Path) -> None:
    path = _install(tmp_path)
    fewer = KeywordList.of([("Deathtouch", "ability", "Deathtouch")])
    s = open_store(path)
    assert s is not None
    assert s.card("Mossback Elder", fewer).keyword_names() == ("Trample",)  # type: ignore[union-attr]  # from the card file
    assert s.card("Banner of the Grove", fewer).keyword_names() == ("Deathtouch",)  # type: ignore[union-attr]  # joined again
    assert rejoin(fewer, path) is True and rejoin(fewer, path) is False
    again = open_store(path)
    assert again is not None and again.info.keywords == fewer.fingerprint
    assert again.card("Banner of the Grove").keyword_names() == ("Deathtouch",)  # type: ignore[union-attr]


def test_install_statuses_and_atomicity(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cards.sqlite"
    first = parse_card_bytes(encode(atomic()), "a.json")
    assert install(first, KW, path=path).status == "installed"
    assert install(first, KW, path=path).status == "unchanged"
    assert install(first, KW, path=path, dry_run=True).status == "checked"
    smaller = parse_card_bytes(encode(atomic({"Mossback Elder": CARDS["Mossback Elder"]})), "b.json")

    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "build", broken)
    with pytest.raises(RulesgraphError, match="No space left"):
        install(smaller, KW, path=path)
    s = open_store(path)
    assert s is not None and s.info.cards == len(CARDS)  # the old store is untouched
    assert [p.name for p in tmp_path.iterdir()] == ["cards.sqlite"]  # no temporary file left
    monkeypatch.undo()
    assert install(smaller, KW, path=path).status == "replaced"
    assert open_store(path).info.cards == 1  # type: ignore[union-attr]


def test_a_damaged_store_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "cards.sqlite"
    bad.write_bytes(b"not a database at all" * 100)
    with pytest.raises(RulesgraphError, match="not a card store"):
        open_store(bad)
    assert open_store(tmp_path / "absent.sqlite") is None


def test_m21_set_file_installs(tmp_path: Path) -> None:
    f = read_card_file(require_cards(M21))
    assert f.kind == "set" and len(f.cards) == 285
    info = install(f, KW, path=tmp_path / "cards.sqlite").info
    assert info.cards == 285 and info.version == "5.1.0+20210718"


def test_full_store_counts(full_cards: Path) -> None:
    s = open_store(full_cards)
    assert s is not None
    assert (s.info.cards, s.info.faces, s.info.rulings) == (23_711, 24_157, 45_058)
    finks = s.card("Kitchen Finks")
    assert finks is not None and len(finks.rulings) == 7 and finks.keyword_names("has") == ("Persist",)
    assert len(s.names()) > 24_000 and os.path.getsize(full_cards) < 100 * 2**20


def _killed_while_installing(path: Path) -> None:
    os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)  # type: ignore[assignment]  # built, not yet renamed
    install(parse_card_bytes(encode(atomic({"Mossback Elder": CARDS["Mossback Elder"]})), "b.json"), KW, path=path)


def test_killed_while_installing_keeps_the_old_store(tmp_path: Path) -> None:
    path = _install(tmp_path)
    child = FORK.Process(target=_killed_while_installing, args=(path,))
    child.start()
    child.join(30)
    assert child.exitcode == -signal.SIGKILL
    (left,) = tmp_path.glob(".cards-*.tmp")
    assert open_store(path).info.cards == len(CARDS)  # type: ignore[union-attr]
    old = time.time() - 3600
    os.utime(left, (old, old))
    install(parse_card_bytes(encode(atomic({"Mossback Elder": CARDS["Mossback Elder"]})), "b.json"), KW, path=path)
    assert not left.exists()  # a killed process's leftover is swept by the next install


def test_summaries_for_name_finders(tmp_path: Path) -> None:
    cards = {**CARDS, "Mossback Elder": [{**CARDS["Mossback Elder"][0], "edhrecRank": 120, "isFunny": True}]}
    s = open_store(_install(tmp_path, cards))
    assert s is not None
    by_key = {c.key: c for c in s.summaries()}
    assert len(by_key) == len(CARDS)
    assert by_key["Sap // Drain"].faces == ("Sap", "Drain") and by_key["Sap // Drain"].layout == "split"
    assert by_key["Mossback Elder"] == ("Mossback Elder", (), True, "normal", 120, ("Creature", "Elf"))
    assert by_key["Banner of the Grove"].types == ("Legendary", "Artifact") and by_key["Banner of the Grove"].rank == 0

