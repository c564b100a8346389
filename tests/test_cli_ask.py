"""``rulesgraph ask``: text and JSON, -k, exit statuses, odd questions, the ``--json -`` stream, and the cards a
question names (synthetic card data installed in the test's own data directory; without it, one note)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulesgraph import Rulebook
from rulesgraph.cards import store_path
from rulesgraph.question.nocards import HINT
from rulesgraph_cli.context import CARDS_NOTE

from .minicards import CARDS, face, install_cards

KEYS = {"question", "answer", "citations", "keywords", "confidence", "why", "alternatives", "in_rules", "caveats", "cards"}
NOTE = f"rulesgraph: {CARDS_NOTE}\n"
"""What ``ask`` says on stderr, once, without card data."""
ELDER = "My Mossback Elder attacks and is blocked. Does trample matter only when it is blocked?"
"""A question naming a card of tests/minicards.py whose ruling says nearly what it asks."""


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Card data is installed (or not) in this test's own data directory."""
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))


def test_text_answer(run) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run("ask", "can", "I", "block", "with", "a", "creature", "I", "sacrificed", "to", "annihilator?")
    assert code == 0 and err == NOTE
    assert "[1] " in out and "why matched" in out and "\x1b" not in out
    assert "type a citation's number" not in out  # that is the REPL's hint


def test_json_answer_and_k(run) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run("ask", "--json", "-k", "2", "how", "does", "trample", "work")
    data = json.loads(out)
    assert code == 0 and set(data) == KEYS and data["question"] == "how does trample work"
    assert len(data["citations"]) == 2 and set(data["citations"][0]) == {"id", "kind", "text", "source", "score", "opening"}
    assert out.count("\n") == 1


def test_a_question_the_rules_do_not_cover(run) -> None:  # type: ignore[no-untyped-def]
    """Answered (exit 0) with one honest line and no citations; ``--json`` says ``"in_rules": false``."""
    code, out, err = run("ask", "is", "sol", "ring", "banned", "in", "modern?")
    assert code == 0 and err == NOTE and out.startswith("The Comprehensive Rules don't cover this") and "[1]" not in out
    code, out, _ = run("ask", "--json", "what's the penalty for drawing an extra card at competitive REL")
    data = json.loads(out)
    assert code == 0 and data["in_rules"] is False and data["citations"] == [] and data["confidence"] < 0.4
    _, out, _ = run("ask", "--json", "what does trample do?")
    assert json.loads(out)["in_rules"] is True and json.loads(out)["citations"][0]["id"] == "702.19"


def test_k_from_the_config(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("RULESGRAPH_CONFIG_DIR", str(tmp_path))
    (tmp_path / "config.toml").write_text("citations = 3\n")
    assert len(json.loads(run("ask", "--json", "trample")[1])["citations"]) == 3
    assert len(json.loads(run("ask", "--json", "-k", "1", "trample")[1])["citations"]) == 1


def test_nothing_found_exits_1(run) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run("ask", "xyzzy", "qwfp")  # one line on stderr, nothing on stdout (README's exit status)
    assert code == 1 and out == "" and err.startswith("rulesgraph: nothing in the loaded rules matches that question: ")
    assert err.splitlines()[1:] in ([], ["rulesgraph: no card data installed, so the cards a question names are not read: "
                                         "'rulesgraph update cards' installs them"])
    code, out, err = run("ask", "--json", "xyzzy")  # the JSON on stdout, and the one line on stderr, as --help says
    assert code == 1 and json.loads(out)["citations"] == []
    assert err.startswith("rulesgraph: nothing in the loaded rules matches that question: ")
    assert f"rulesgraph: {json.loads(out)['error']}" == err.splitlines()[0]  # exit 1 with --json: its reason in 'error


@pytest.mark.parametrize("argv", [["ask"], ["ask", ""], ["ask", "   "], ["ask", "\x01\x02\x1b"], ["ask", "-k", "0", "x"],
                                  ["ask", "-k", "many", "x"], ["ask", "--bogus", "x"]])
def test_misuse_exits_2_with_one_line(run, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:  # type: ignore[no-untyped-def]
    try:
        code, out, err = run(*argv)
    except SystemExit as exc:  # argparse's own errors: what it printed is still captured
        code = int(exc.code or 0)
        out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and err.endswith("\n") and "Traceback" not in err, (out, err)
    assert err.startswith("rulesgraph") and "error: " in err, err


@pytest.mark.parametrize("question", ["trample " * 15000, "tr\x00am\x07ple \x1b[31m deathtouch", "\udcff\ufffd junk \x7f bytes"])
def test_odd_questions_never_crash(run, question: str) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run("ask", "--json", question)
    assert code in (0, 1) and err == NOTE and set(json.loads(out)) == KEYS


def test_stream_writes_one_line_per_question_in_order(cr2026: Path) -> None:
    questions = "how does trample work\n\ncan I block with a creature I sacrificed to annihilator?\nwhat is ward\n"
    proc = subprocess.Popen([sys.executable, "-m", "rulesgraph", "--rules", str(cr2026), "ask", "--json", "-"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("what does deathtouch do\n")
    proc.stdin.flush()
    first = json.loads(proc.stdout.readline())  # flushed before the input ends
    assert first["question"] == "what does deathtouch do" and first["citations"]
    out, err = proc.communicate(questions, timeout=60)
    lines = [json.loads(line) for line in out.splitlines()]
    assert proc.returncode == 0 and err == NOTE  # said once, for the whole stream
    assert [line["question"] for line in lines] == ["how does trample work", "", "can I block with a creature I sacrificed to annihilator?",
                                                    "what is ward"]
    answered = [line for i, line in enumerate(lines) if i != 1]
    assert all(set(line) == KEYS for line in answered)
    blank = lines[1]
    assert set(blank) == KEYS | {"error"} and blank["error"] == blank["why"][0] and blank["error"].startswith("empty question")
    assert blank["answer"] is None and blank["citations"] == [] and blank["in_rules"] is False


def test_a_stream_line_nothing_answers_carries_the_one_shot_error(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """A script reading ``ask --json -`` learns what ``ask --json`` says on exit 1: 'rule 999.9' had no ``error`` there."""
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"rule 999.9\nwhat is trample\n")))
    code, out, _ = run("ask", "--json", "-")
    missing, trample = (json.loads(line) for line in out.splitlines())
    assert code == 0 and missing["error"] == "no rule 999.9 in the loaded rules" and missing["in_rules"] is True
    assert "error" not in trample
    one, alone, _ = run("ask", "--json", "rule 999.9")
    assert one == 1 and json.loads(alone)["error"] == missing["error"]


def test_a_dash_with_other_words_is_neither_stdin_nor_a_question(run) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run("ask", "-", "extra", "words")
    assert code == 2 and not out and "'-' reads questions from stdin and takes no other words" in err


def test_stream_as_text(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"702.19b\n\nward\n")))
    code, out, _ = run("ask", "-")
    assert code == 0 and [line for line in out.splitlines() if line.startswith("?")] == ["? 702.19b", "?", "? ward"]
    assert "error: empty question" in out


def test_stream_runs_the_collector_every_collect_questions_and_turns_it_back_on(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    import gc
    import io

    from rulesgraph_cli.cmd import ask as cmd_ask

    runs: list[bool] = []
    monkeypatch.setattr(cmd_ask, "COLLECT", 2)
    monkeypatch.setattr(gc, "collect", lambda *a: runs.append(gc.isenabled()) or 0)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"ward\ntrample\nflying\nhaste\nreach\n")))
    assert gc.isenabled()
    code, out, _ = run("ask", "--json", "-")
    assert code == 0 and len(out.splitlines()) == 5
    assert runs == [False, False]  # after the 2nd and 4th questions, the automatic collector off meanwhile
    assert gc.isenabled()


def test_stream_as_one_conversation(cr2026: Path) -> None:
    questions = "what does trample do?\nand with deathtouch?\nok different question, what does ward do?\n"
    argv = [sys.executable, "-m", "rulesgraph", "--rules", str(cr2026), "ask", "--json", "-"]
    alone = [json.loads(x) for x in subprocess.run(argv, input=questions, capture_output=True, text=True, timeout=60).stdout.splitlines()]
    chat = [json.loads(x) for x in subprocess.run([*argv, "--conversation"], input=questions, capture_output=True, text=True,
                                                   timeout=60).stdout.splitlines()]
    assert "following up on: trample" in chat[1]["why"] and "following up on: trample" not in alone[1]["why"]
    assert "new subject: nothing carried over" in chat[2]["why"] and chat[2]["citations"][0]["id"] == "702.21"


def test_json_lists_the_cards_named_and_cites_their_ruling(run, full_book: Rulebook) -> None:  # type: ignore[no-untyped-def]
    install_cards(full_book)
    code, out, err = run("ask", "--json", ELDER)
    data = json.loads(out)
    assert code == 0 and err == "" and set(data) == KEYS
    text = "Trample\nWhenever Mossback Elder attacks, you gain 1 life."
    (card,) = data["cards"]
    assert {k: card[k] for k in ("name", "type", "text")} == {"name": "Mossback Elder", "type": "Creature — Elf", "text": text}
    (face,) = card["faces"]  # as rulesgraph card --json gives it
    assert {k: face[k] for k in ("name", "mana_cost", "type_line", "text", "power", "toughness", "loyalty")} == {
        "name": "Mossback Elder", "mana_cost": "{1}{G}", "type_line": "Creature — Elf", "text": text, "power": "3",
        "toughness": "3", "loyalty": None}
    assert face["types"] == ["Creature"] and face["subtypes"] == ["Elf"]
    ruling = [c for c in data["citations"] if c["kind"] == "ruling"]
    assert ruling[0] == {"id": "ruling:Mossback Elder:2021-02-03:1", "kind": "ruling", "text": "Trample matters only when it is blocked.",
                         "source": "Mossback Elder ruling, 2021-02-03", "score": ruling[0]["score"], "opening": None}
    # it fits the question well (0.70, the other ruling 0.04), but the trample rule is likelier still to settle it (the
    # ruling's chance 0.73, the rules' 0.86): the rule leads, the ruling is cited after the rules' first three
    assert data["citations"][0]["id"].startswith("702.19") and data["citations"].index(ruling[0]) == 3
    assert data["confidence"] > 0.73 and not data["answer"].startswith("Mossback Elder ruling")
    assert all(c["source"].startswith("Mossback Elder ruling, ") for c in ruling)  # a fitting one is shown too
    assert any(w.startswith("‘Mossback Elder’ names card Mossback Elder") for w in data["why"])


def test_text_shows_the_cards_under_the_answer_and_the_ruling_with_its_card_and_date(run, full_book: Rulebook) -> None:  # type: ignore[no-untyped-def]
    install_cards(full_book)
    code, out, err = run("ask", ELDER)
    assert code == 0 and err == ""
    shown = "\ncards\nMossback Elder  {1}{G}  Creature — Elf  3/3\n    Trample\n    Whenever Mossback Elder attacks, you gain 1 life.\n"
    assert shown in out
    assert "] ruling of Mossback Elder, 2021-02-03 Trample matters only when it is\n    blocked.\n" in out


def test_without_card_data_the_stream_still_answers_and_notes_it_once(cr2026: Path) -> None:
    questions = "".join(f"{q}\n" for q in (ELDER, "does Thorn Cloak give trample?", "what does trample do?"))
    proc = subprocess.run([sys.executable, "-m", "rulesgraph", "--rules", str(cr2026), "ask", "--json", "-"], input=questions,
                          capture_output=True, text=True, timeout=60)
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 0 and proc.stderr == f"rulesgraph: {HINT}\n"  # once: the first question names a card
    assert len(lines) == 3 and all(line["citations"] and line["cards"] == [] for line in lines)
    assert lines[0]["citations"][0]["id"].startswith("702.19")


@pytest.mark.parametrize("question", ["Mossback Elder", "is Mossback Elder legal in vintage?"], ids=["name alone", "legality"])
def test_every_answer_shows_its_card_as_printed(run, full_book: Rulebook, question: str) -> None:  # type: ignore[no-untyped-def]
    """A question that is only a card's name, and a legality question, show the card as every other answer does: mana
    cost, type line and power/toughness, in text and in --json's faces."""
    install_cards(full_book)
    code, out, _ = run("ask", question)
    assert code == 0 and "Mossback Elder  {1}{G}  Creature — Elf  3/3" in out
    code, out, _ = run("ask", "--json", question)
    (face,) = json.loads(out)["cards"][0]["faces"]
    assert code == 0 and (face["mana_cost"], face["power"], face["toughness"]) == ("{1}{G}", "3", "3")


def test_card_text_is_shown_literally(run, full_book: Rulebook) -> None:  # type: ignore[no-untyped-def]
    """Card data is untrusted: markup prints as written, escapes are made visible, JSON escapes them."""
    evil = "Trample\n[bold]Loud[/bold] \x1b[31mred\x1b[0m \x9b2J and \x1b]8;;http://evil.example\x07a link\x1b]8;;\x07."
    install_cards(full_book, {**CARDS, "Gloomfang Tyrant": [face("Gloomfang Tyrant", evil, keywords=["Trample"],
                                                                manaCost="{[red]G[/red]}", power="\x1b[2J5")]})
    code, out, err = run("ask", "does Gloomfang Tyrant have trample when it is blocked?")
    assert code == 0 and err == "" and "Gloomfang Tyrant  {[red]G[/red]}  Creature — Elf  ␛[2J5/" in out
    assert "\x1b" not in out and "\x9b" not in out and "[bold]Loud[/bold] ␛[31mred␛[0m <U+009B>2J" in out
    code, out, _ = run("ask", "--json", "does Gloomfang Tyrant have trample when it is blocked?")
    assert "\x1b" not in out and "\x9b" not in out and "\\u001b[31mred" in out and "\\u009b2J" in out
    assert json.loads(out)["cards"][0]["text"] == evil


def test_damaged_card_data_costs_one_line_and_the_rules_still_answer(run) -> None:  # type: ignore[no-untyped-def]
    store_path().parent.mkdir(parents=True)
    store_path().write_bytes(b"not a card store" * 100)
    code, out, err = run("ask", "what does trample do?")
    assert code == 0 and "[1] 702.19" in out and "cards\n" not in out
    assert err.count("\n") == 1 and "not a card store" in err and "Traceback" not in err
    code, out, _ = run("versions")  # said as unreadable, not as missing (the REPL's :sources says the same line)
    assert code == 0 and "could not be read; 'rulesgraph update cards' installs it again" in out
    assert "no card data installed" not in out


def test_a_cards_name_alone_answers_with_the_card_or_the_cards_it_may_be(run, full_book: Rulebook) -> None:  # type: ignore[no-untyped-def]
    """``ask NAME`` shows the card with its rulings (exit 0); a short name several cards share lists them, also 0."""
    two = {f"Olwen, the {w}": [face(f"Olwen, the {w}", "Flying", type_line="Legendary Creature — Elf")] for w in ("Bright", "Dark")}
    install_cards(full_book, {**CARDS, **two})
    code, out, err = run("ask", "mossback elder")
    assert code == 0 and err == "" and "] ruling of Mossback Elder, 2020-01-01" in out and "Nothing in the loaded rules" not in out
    code, out, err = run("ask", "--json", "olwen?")
    data = json.loads(out)
    assert code == 0 and data["citations"] == [] and sorted(data["alternatives"]) == ["Olwen, the Bright", "Olwen, the Dark"]


def test_a_refusal_is_an_answer_and_help_says_what_each_exit_status_means(run) -> None:  # type: ignore[no-untyped-def]
    """A question no rules document answers (a sideboard plan) is refused, not answered with CR quotes: exit 0,
    ``in_rules`` false and the reason in ``why``; ``--help`` of the program and of ``ask`` say what 0, 1 and 2 mean."""
    code, out, _ = run("ask", "--json", "What should my sideboard plan be against an aggro deck?")
    data = json.loads(out)
    assert code == 0 and data["in_rules"] is False and data["citations"] == [] and "deck advice" in data["why"][0]
    from rulesgraph_cli.main import build_parser

    parser = build_parser(["ask", "card", "rule", "update"])
    commands = next(a for a in parser._subparsers._group_actions if a.dest == "command").choices  # type: ignore[union-attr]
    for text in (parser.format_help(), *(commands[name].format_help() for name in ("ask", "card", "rule", "update"))):
        flat = " ".join(text.split())
        assert "exit status: 0 answered" in flat and "1 nothing found" in flat and "2 misuse" in flat and "130 interrupted" in flat


def test_without_card_data_a_question_naming_a_card_says_how_to_install_them(run) -> None:  # type: ignore[no-untyped-def]
    code, _, err = run("ask", "Kitchen Finks")
    assert code in (0, 1) and err == f"rulesgraph: {HINT}\n" and "update cards --file PATH" in HINT
    _, _, err = run("ask", "what does trample do?")  # no card named: the general note, as before
    assert err == NOTE


def test_stream_as_text_shows_the_start_of_a_megabyte_question(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 31: the question echoed before its answer is cut as every shown text is (rich lays out a megabyte in seconds);
    the answer is still given, and --json keeps the question whole."""
    import io

    line = ("how does trample work " * 50_000)[:1_000_000]
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(line.encode() + b"\n")))
    code, out, _ = run("ask", "-")
    assert code == 0 and "more characters not shown" in " ".join(out.split()) and "702.19" in out
    assert len(out) < 100_000


def test_one_question_is_answered_with_the_collector_off_and_turns_it_back_on(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    import gc

    from rulesgraph_cli.cmd import ask as cmd_ask

    seen: list[bool] = []
    one = cmd_ask._one
    monkeypatch.setattr(cmd_ask, "_one", lambda *a: seen.append(gc.isenabled()) or one(*a))
    assert gc.isenabled()
    code, out, _ = run("ask", "--json", "what does ward do")
    assert code == 0 and json.loads(out)["citations"] and seen == [False]
    assert gc.isenabled()


def test_a_rule_number_not_in_the_rules(run) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run("ask", "what does rule 999.9 say?")
    assert code == 1 and out == "" and err.startswith("rulesgraph: no rule 999.9 in the loaded rules\n")
    code, out, err = run("ask", " ".join(["qzxv"] * 600))  # another caveat goes first on the usual line
    assert code == 1 and err.startswith("rulesgraph: the question was very long: only its beginning was read; nothing in the")
