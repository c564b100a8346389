"""`update cards --file`, `update --file CARDS.json`, `versions` with card data: counts printed, bad files
refused with one line and exit 2, the installed cards kept."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rulesgraph.cards import store_path
from rulesgraph.cards.store import open_store
from rulesgraph_cli.main import main

from .conftest import CARDS_XZ, M21, require_cards
from .minicards import CARDS, atomic, encode


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


def test_update_cards_file_then_versions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = _write(tmp_path, "AtomicCards.json.gz", encode(atomic(), "gz"))
    assert main(["update", "cards", "--file", str(good)]) == 0
    out = capsys.readouterr().out
    assert f"installed MTGJSON 5.9.0+20990101 of 2099-01-01 ({len(CARDS)} card names, 7 faces, 3 rulings)" in out
    assert main(["update", "--file", str(good)]) == 0  # a .json* file is card data
    assert "already installed, unchanged: MTGJSON" in capsys.readouterr().out
    assert main(["versions"]) == 0 and f"{len(CARDS)} card names" in capsys.readouterr().out
    assert main(["versions", "--json"]) == 0 and json.loads(capsys.readouterr().out)["cards"]["rulings"] == 3


@pytest.mark.parametrize("data", [b"{not json", b"<html><body>oops</body></html>", b'{"data": {"x": 1}}', b"\xfd7zXZ\x00\x00"])
def test_bad_card_file_keeps_the_installed_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes) -> None:
    good = _write(tmp_path, "good.json", encode(atomic()))
    assert main(["update", "cards", "--file", str(good)]) == 0
    before = store_path().read_bytes()
    capsys.readouterr()
    bad = _write(tmp_path, "bad.json.xz", data)
    assert main(["update", "cards", "--file", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("rulesgraph: error: ") and "Traceback" not in err
    assert store_path().read_bytes() == before


def test_update_cards_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["update", "cards", "--file", "/nonexistent/cards.json"]) == 2
    assert "no such file" in capsys.readouterr().err and open_store() is None


def test_stand_in_counts(capsys: pytest.CaptureFixture[str], cr2026: Path, full_cards: Path) -> None:
    """The whole stand-in file installed (the session's store of it, copied in: installing it again cost 20 s of the
    suite; ``test_cards_store.test_full_store_counts`` checks what it holds), then one set's file over it."""
    require_cards(CARDS_XZ)
    store_path().parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(full_cards, store_path())
    assert main(["--rules", str(cr2026), "versions"]) == 0
    assert "23,711 card names, 24,157 faces, 45,058 rulings" in capsys.readouterr().out
    before = store_path().read_bytes()  # one set's 285 cards over every card's: a slip, refused with one line
    assert main(["--rules", str(cr2026), "update", "cards", "--file", str(require_cards(M21))]) == 2
    err = capsys.readouterr().err
    assert err == ("rulesgraph: error: not installed: this file holds 285 cards, the installed card data (MTGJSON "
                   "5.2.0+20220425 of 2022-04-25) 23,711, all of which it would replace; add --replace to install it anyway\n")
    assert store_path().read_bytes() == before
    assert main(["--rules", str(cr2026), "update", "cards", "--file", str(require_cards(M21)), "--replace"]) == 0
    assert "replaced the installed card data with MTGJSON 5.1.0+20210718 of 2021-07-18 (285 card names" in capsys.readouterr().out
    assert main(["--rules", str(cr2026), "card", "Kitchen Finks"]) == 1  # of 2008: not "a card printed since"
    assert capsys.readouterr().err.startswith("rulesgraph: no card named ‘Kitchen Finks’ in the installed card data, one set's 285 "
                                              "cards ('rulesgraph update cards' installs every card)")


def test_new_rules_join_the_cards_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rulesgraph import bundled_sources, load
    from rulesgraph.cards.view import keyword_list

    from .minicr import make_cr

    good = _write(tmp_path, "cards.json", encode(atomic()))
    assert main(["update", "cards", "--file", str(good)]) == 0
    before = open_store()
    assert before is not None
    cr = _write(tmp_path, "MagicCompRules-20260619.txt", make_cr("2026-06-19").encode())
    assert main(["update", "--file", str(cr)]) == 0  # new rules: their keywords differ from the bundled data's
    after = open_store()
    assert after is not None and after.info.keywords != before.info.keywords
    from rulesgraph import SourceSpec

    book = load([*bundled_sources(), SourceSpec(str(store_path().parent.parent / "rules" / cr.name), "cr")], use_cache=False)
    assert after.info.keywords == keyword_list(book).fingerprint
    assert after.card("Banner of the Grove").keyword_names("grants") == ("Trample", "Deathtouch")  # type: ignore[union-attr]


# --- a broken store: every command one line, 'update cards' always replaces it (issue 31) ------------------------

@pytest.mark.parametrize("how", ["journal", "damaged pages", "faces dropped", "keywords not JSON", "text NULL", "name a BLOB",
                                 "rank text", "meta cards text", "rulings_fts dropped"])
def test_every_command_over_a_broken_store_is_one_line_and_update_mends_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                           monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    from .test_cards_store import TAMPERING, _killed_inside_a_transaction, _tamper

    mini = str(Path(__file__).parent / "fixtures" / "mini_cr.txt")
    good = _write(tmp_path, "good.json", encode(atomic()))
    assert main(["--rules", mini, "update", "cards", "--file", str(good)]) == 0
    if how == "journal":
        _killed_inside_a_transaction(store_path())
    else:
        _tamper(store_path(), TAMPERING[how])
    capsys.readouterr()
    commands = ((["card", "Mossback Elder"], ""), (["card", "--json", "Sap"], ""), (["ask", "does Mossback Elder have trample?"], ""),
                (["ask", "--json", "Banner of the Grove trample"], ""), (["ask", "-"], "Thorn Cloak trample\n"), ([], "Mossback Elder\n"),
                ([], "does Mossback Elder have trample?\n"))
    for argv, stdin in commands:
        monkeypatch.setattr("sys.stdin", __import__("io").StringIO(stdin))
        code = main(["--rules", mini, *argv])
        captured = capsys.readouterr()
        err = captured.err
        assert "Traceback" not in err, (argv, err)
        assert all(line.startswith("rulesgraph: ") for line in err.splitlines()), (argv, err)
        if "damaged" in err:
            assert "rulesgraph update cards" in err and err.count("damaged") == 1, (argv, err)
        if argv[:1] == ["card"]:  # as documented: the card command needs the cards, a damaged store is its error (exit 2)
            assert code == (2 if "damaged" in err else 0), (argv, code, err)
        elif stdin == "Mossback Elder\n":  # the REPL's card lookup, as 'card' does: the card, or the one error line
            assert code == 0 and ("It gains life" in captured.out or (captured.out + err).count("damaged") == 1), (how, captured.out)
        else:  # ask and the REPL answer from the rules, with the one line when the damage was read (exit 0: answered)
            assert code == 0 and "trample" in captured.out.lower(), (argv, code, err, captured.out[:300])
    assert main(["--rules", mini, "update", "cards", "--file", str(good)]) == 0  # the same file: replaced, not 'unchanged'
    said = capsys.readouterr().out  # (a journal was rolled back by the first command: the store is whole again)
    assert ("unchanged" if how == "journal" else "replaced the installed card data") in said
    assert main(["--rules", mini, "card", "Mossback Elder"]) == 0 and "It gains life" in capsys.readouterr().out


@pytest.mark.parametrize("sql", ["DROP TABLE card_play", "DROP TABLE ruling_rules", "DROP TABLE rulings",
                                 "UPDATE card_play SET legalities = '{bad'"])
def test_ask_over_a_store_broken_behind_its_names_answers_from_the_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                          monkeypatch: pytest.MonkeyPatch, sql: str) -> None:
    """The review's case: a store whose names read but whose legalities or rulings do not. ``ask`` (one question, a
    stream, the REPL) says the one line and answers from the rules (exit 0), as README says; ``card`` exits 2."""
    import io
    import sqlite3

    mini = str(Path(__file__).parent / "fixtures" / "mini_cr.txt")
    good = _write(tmp_path, "good.json", encode(atomic()))
    assert main(["--rules", mini, "update", "cards", "--file", str(good)]) == 0
    db = sqlite3.connect(store_path())
    db.execute(sql)
    db.commit()
    db.close()
    capsys.readouterr()
    question = "is Mossback Elder legal in vintage?"  # from the rules: a format's card pool is policy, not theirs
    assert main(["--rules", mini, "ask", question]) == 0
    out, err = capsys.readouterr()
    assert err.count("the card data is damaged") == 1 and "rulesgraph update cards" in err and "Traceback" not in err
    assert "Rules don't cover this" in out and "card data of" not in out
    monkeypatch.setattr("sys.stdin", io.StringIO(question + "\nwhat is trample?\n"))
    assert main(["--rules", mini, "ask", "--json", "-"]) == 0
    out, err = capsys.readouterr()
    assert [json.loads(line)["answer"] is not None for line in out.splitlines()] == [True, True]
    assert err.count("the card data is damaged") == 1
    monkeypatch.setattr("sys.stdin", io.StringIO(question + "\n"))
    assert main(["--rules", mini]) == 0
    out, err = capsys.readouterr()
    assert "warning:" in out and " ".join((out + err).split()).count("the card data is damaged") == 1 and "Rules don't cover this" in out
    code = main(["--rules", mini, "card", "Mossback Elder"])  # (a card without rulings never reads the ruling links)
    assert code == (2 if "the card data is damaged" in capsys.readouterr().err else 0) and (code == 2 or "ruling_rules" in sql)
