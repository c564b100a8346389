"""rulesgraph.cards.store: build once, open read-only, read cards by key, names for lookup, the keyword join
and its fingerprint (recomputed per card or rewritten by rejoin), atomic install that keeps the old store."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from rulesgraph import RulesgraphError
from rulesgraph.cards import install as install_module
from rulesgraph.cards import store
from rulesgraph.cards.install import install, rejoin
from rulesgraph.cards.keywords import KeywordList
from rulesgraph.cards.read import parse_card_bytes, read_card_file
from rulesgraph.cards.store import open_store

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

    monkeypatch.setattr(install_module, "build", broken)
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


def test_could_find_is_never_no_where_the_finder_finds(full_cards: Path) -> None:
    """``could_find`` says no only where the name finder reads no name's start and no typo scoring TYPO: checked against
    the finder itself on names as written, misspelt, cut short and lengthened, and on sentences."""
    from rulesgraph.cards.names import TYPO, normalize

    s = open_store(full_cards)
    assert s is not None
    finder = s.name_index()
    names = [e.name for e in s.names()[::250]]
    asked = [*names, *(n[:-2] for n in names), *(n[:6] for n in names), *(n[:3] + n[4:] for n in names), *(n + " xx" for n in names),
             "Please explain how summoning sickness works with vehicles", "does trample work with deathtouch", "lightning greves",
             "swrod of fire and ice", "felidar umb", "kitchen fin"]
    said_no = [q for q in asked if not s.could_find(normalize(q), TYPO)]
    assert {"Please explain how summoning sickness works with vehicles", "does trample work with deathtouch"} <= set(said_no)
    assert all(s.could_find(normalize(q), TYPO) for q in ("lightning greves", "swrod of fire and ice", "felidar umb", *names))
    for q in said_no:  # no name starts with it and none is as close as a typo: the finder finds nothing
        assert finder.find(q).how == "none", q


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





# --- a stale journal, damaged pages, a store changed by hand (issue 31) ------------------------------------------

def _killed_inside_a_transaction(path: Path) -> None:
    """A writer (``rejoin``) killed with its transaction half done: the rollback journal stays beside the store."""
    import sqlite3

    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        db = sqlite3.connect(path)
        db.execute("PRAGMA cache_size = 1")  # changed pages spill into the store before the commit, as in a large one
        db.execute("BEGIN")
        db.execute("UPDATE cards SET rank = rank + 1")
        db.execute("DELETE FROM rulings")
        db.execute("DELETE FROM card_keywords")
        os._exit(9)  # no rollback, no commit: as SIGKILL or a power cut would leave it
    os.waitpid(pid, 0)


def test_a_stale_journal_is_rolled_back_and_update_replaces_the_store(tmp_path: Path) -> None:
    """Every card command said "attempt to write a readonly database", and 'update cards' failed the same way."""
    path = _install(tmp_path)
    _killed_inside_a_transaction(path)
    assert path.with_name("cards.sqlite-journal").exists()
    s = open_store(path)  # rolled back: the store as before the killed transaction
    assert s is not None and len(s.card("Mossback Elder").rulings) == 2  # type: ignore[union-attr]
    assert not path.with_name("cards.sqlite-journal").exists()
    s.close()
    _killed_inside_a_transaction(path)
    smaller = parse_card_bytes(encode(atomic({"Mossback Elder": CARDS["Mossback Elder"]})), "b.json")
    assert install(smaller, KW, path=path).status == "replaced"
    assert not path.with_name("cards.sqlite-journal").exists()  # never rolled back into the new store
    again = open_store(path)
    assert again is not None and again.info.cards == 1 and len(again.card("Mossback Elder").rulings) == 2  # type: ignore[union-attr]


def test_a_stale_journal_that_cannot_be_rolled_back_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a read-only directory SQLite cannot roll the journal back (root can: the failure is made here)."""
    import sqlite3

    path = _install(tmp_path)
    _killed_inside_a_transaction(path)

    def read_only(path: Path) -> None:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(store, "_recover", read_only)
    with pytest.raises(RulesgraphError, match="update cards") as info:
        open_store(path)
    assert "\n" not in str(info.value)


def _rebuilt_without_constraints(db: object, table: str) -> None:
    db.executescript(f"CREATE TABLE t_copy AS SELECT * FROM {table}; DROP TABLE {table}; ALTER TABLE t_copy RENAME TO {table};")  # type: ignore[attr-defined]


TAMPERING = {
    "damaged pages": None,
    "meta dropped": "DROP TABLE meta",
    "cards dropped": "DROP TABLE cards",
    "faces dropped": "DROP TABLE faces",
    "rulings dropped": "DROP TABLE rulings",
    "names dropped": "DROP TABLE names",
    "card_keywords dropped": "DROP TABLE card_keywords",
    "card_types dropped": "DROP TABLE card_types",
    "rulings_fts dropped": "DROP TABLE rulings_fts",
    "keywords not JSON": "UPDATE faces SET keywords = '[not json'",
    "keywords a JSON object": "UPDATE faces SET keywords = '{\"a\": 1}'",
    "types a list of numbers": "UPDATE faces SET types = '[1, 2]'",
    "text a BLOB": "UPDATE faces SET text = x'00ff'",
    "name a BLOB": "UPDATE names SET name = x'414141'",
    "text NULL": "faces| UPDATE faces SET text = NULL",
    "card name NULL": "cards| UPDATE cards SET name = NULL",
    "rank text": "UPDATE cards SET rank = 'first'",
    "funny text": "UPDATE cards SET funny = 'yes'",
    "meta cards text": "UPDATE meta SET value = 'many' WHERE key = 'cards'",
    "meta source a BLOB": "UPDATE meta SET value = x'00' WHERE key = 'source'",
    "ruling date NULL": "rulings| UPDATE rulings SET date = NULL",
    "no faces": "DELETE FROM faces",
}


def _tamper(path: Path, how: str | None) -> None:
    import sqlite3

    if how is None:
        data = bytearray(path.read_bytes())
        for at in range(2 * 4096, len(data), 3 * 4096):  # every third page after the first two
            data[at : at + 4096] = b"\xa5" * min(4096, len(data) - at)
        path.write_bytes(bytes(data))
        return
    db = sqlite3.connect(path)
    table, _, statement = how.rpartition("| ")
    if table:
        _rebuilt_without_constraints(db, table)
    db.executescript(statement)
    db.commit()
    db.close()


@pytest.mark.parametrize("how", list(TAMPERING), ids=list(TAMPERING))
def test_a_damaged_or_tampered_store_is_one_line_and_update_replaces_it(tmp_path: Path, how: str) -> None:
    """Damaged pages gave 'database disk image is malformed' tracebacks; a dropped table, a keyword column that is
    not JSON, a BLOB or NULL text, a rank that is text: OperationalError, JSONDecodeError, TypeError (issue 31)."""
    path = _install(tmp_path)
    _tamper(path, TAMPERING[how])
    try:
        s = open_store(path)
        assert s is not None
        s.names()
        s.name_index()
        s.summaries()
        for key in CARDS:
            s.card(key)
            s.card(key, KeywordList.of([("Flying", "ability", "Flying")]))
        s.with_keyword("trample")
        s.with_type("elf")
        s.search_rulings("trample blocked")
    except RulesgraphError as exc:
        assert "\n" not in str(exc) and "rulesgraph update cards" in str(exc)
    else:  # what still reads is whole: the tampering left no value of another type behind
        raise AssertionError(f"{how} was not noticed")
    assert install_module.problem(path, KW) is not None
    result = install(parse_card_bytes(encode(atomic()), "mini.json"), KW, path=path)  # the same file: not 'unchanged'
    assert result.status == "replaced"
    assert install_module.problem(path, KW) is None
    assert open_store(path).card("Mossback Elder").rulings  # type: ignore[union-attr]


@pytest.mark.parametrize("kind", ["directory", "garbage", "empty", "wal"])
def test_whatever_lies_beside_the_store_update_replaces_it(tmp_path: Path, kind: str) -> None:
    """A journal that is a directory, garbage or empty, or a WAL file beside the store: reading is whole or one line,
    and installing always works (and leaves nothing beside the new store)."""
    path = _install(tmp_path)
    side = path.with_name("cards.sqlite-wal" if kind == "wal" else "cards.sqlite-journal")
    if kind == "directory":
        side.mkdir()
        (side / "x").write_text("x")
    else:
        side.write_bytes({"garbage": os.urandom(5000), "empty": b"", "wal": os.urandom(5000)}[kind])
    try:
        s = open_store(path)
        assert s is not None and s.card("Mossback Elder") is not None
    except RulesgraphError as exc:
        assert "rulesgraph update cards" in str(exc) and "\n" not in str(exc)
    smaller = parse_card_bytes(encode(atomic({"Mossback Elder": CARDS["Mossback Elder"]})), "b.json")
    assert install(smaller, KW, path=path).status == "replaced"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.sqlite"]
    assert open_store(path).info.cards == 1  # type: ignore[union-attr]
