"""`rulesgraph card NAME` and cards in the REPL: the issue's acceptance lookups on the stand-in card data,
forgiving names, unknown and ambiguous names, no card data, a card as the conversation's topic, completion."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from rulesgraph import Rulebook
from rulesgraph.build.lookup import vocabulary
from rulesgraph.cards.store import open_store
from rulesgraph.question.namedcards import CardDeck
from rulesgraph_cli.output import plain_text
from rulesgraph_cli.render.core import RenderOptions
from rulesgraph_cli.repl.commands import Shell
from rulesgraph_cli.repl.completer import RulesCompleter
from rulesgraph_cli.repl.toolbar import fit

pytestmark = pytest.mark.usefixtures("installed_cards")


def _json(run, *argv: str) -> dict:  # type: ignore[no-untyped-def, type-arg]
    code, out, err = run("card", "--json", *argv)
    assert code == 0, err
    return json.loads(out)


def test_kitchen_finks_json(run) -> None:  # type: ignore[no-untyped-def]
    d = _json(run, "kitchen finks")
    assert d["name"] == "Kitchen Finks" and "Persist (When this creature dies" in d["faces"][0]["text"]
    assert d["keywords"] == [{"name": "Persist", "relation": "has", "rules": ["702.79"]}]
    assert len(d["rulings"]) == 7 and all(r["date"] == "2013-06-07" for r in d["rulings"])


def test_acceptance_lookups(run) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run("card", "stuffy", "dol")
    assert code == 0 and out.startswith("Stuffy Doll") and "read ‘stuffy dol’ as Stuffy Doll" in out
    assert "Indestructible → 702.12" in out
    code, out, _ = run("card", "Akroma's Memorial")
    for granted in ("Flying → 702.9", "First Strike → 702.7", "Vigilance → 702.20", "Trample → 702.19", "Haste → 702.10",
                    "Protection → 702.16"):
        assert granted in out
    assert "grants" in out
    code, out, _ = run("card", "Stomp")
    assert code == 0 and out.startswith("Bonecrusher Giant // Stomp") and "‘Stomp’ is a face of Bonecrusher Giant // Stomp" in out
    code, out, _ = run("card", "Olivia")
    assert code == 0 and "‘Olivia’ could be" in out
    candidates = {c["name"] for c in _json(run, "Olivia")["candidates"]}
    assert {"Olivia Voldaren", "Olivia, Crimson Bride", "Olivia, Mobilized for War"} <= candidates
    assert list(_json(run, "Olivia")) == list(_json(run, "Sol Ring"))  # one shape: an ambiguous name's keys are a card's, empty
    assert "Saga → 303.5, 714" in run("card", "The Eldest Reborn")[1]
    assert "Aura → 303.4" in run("card", "[[Rancor]]")[1] and "Equipment → 301.5" in run("card", "bonesplitter")[1]
    assert run("card", "Insectile Aberration")[1].startswith("Delver of Secrets // Insectile Aberration")
    assert run("card", "kitchen finx")[1].startswith("Kitchen Finks")
    assert "read ‘sol rign’ as Sol Ring\n" in run("card", "sol rign")[1]  # a slip of a name: no talk of newer cards
    assert "read ‘insectile aberation’ as Delver of Secrets // Insectile Aberration\n" in run("card", "insectile aberation")[1]  # a face's
    golos = " ".join(run("card", "Golos, Tireless Pilgrim")[1].split())  # banned: not "can be your commander in Commander"
    assert "banned in Commander" in golos and "commander could lead a deck in Commander, but is banned there" in golos
    assert "commander can be your commander in Commander" in " ".join(run("card", "Kenrith, the Returned King")[1].split())
    urborg = run("card", "Urborg")[1]  # the 1994 land, and the card a judge most often means (a trial)
    assert urborg.startswith("Urborg\nalso a card: Urborg, Tomb of Yawgmoth\n")
    assert (_json(run, "Urborg")["also"], _json(run, "Urborg")["read_as"]) == (["Urborg, Tomb of Yawgmoth"], None)
    said = run("card", "Hullbreacher")[1]  # a card printed since the data: the near name is read, and said to be one
    assert said.startswith("Hull Breach") and "a near name: the card data is of 2022-04-25" in " ".join(said.split())



def test_a_players_short_form_is_the_card_a_question_reads(run, deck: CardDeck) -> None:  # type: ignore[no-untyped-def]
    """``card bolt`` is the Lightning Bolt that "can I Bolt it" names (no name is "bolt"; Bolt Bend, Bolt Hound … begin so)."""
    assert deck.shortened("Bolt") == "Lightning Bolt" and deck.shortened("olivia") is None  # three Olivias: none
    code, out, _ = run("card", "bolt")
    assert code == 0 and out.startswith("Lightning Bolt") and "read ‘bolt’ as Lightning Bolt" in out
    assert run("card", "JTMS")[1].startswith("Jace, the Mind Sculptor")
    assert run("card", "LED")[1].startswith("Lion's Eye Diamond")  # initials said whole, not a slip of Destined // Lead's face
    assert run("card", "MoM")[1].startswith("Mask of Memory") and run("card", "Mom")[0] == 1  # "Mom" is a player's Mother of Runes
    assert run("card", "Bolt Hound")[1].startswith("Bolt Hound")  # a name is still the name
    assert "read ‘sol rign’ as Sol Ring" in run("card", "sol rign")[1]  # a slip of a name no short form is


def test_cites_of_a_card_says_what_cites_takes(run) -> None:  # type: ignore[no-untyped-def]
    """'cites Lightning Bolt' said there was no such keyword, term or card, and suggested Blight."""
    code, out, err = run("cites", "Lightning", "Bolt")
    assert (code, out) == (1, "") and err == ("rulesgraph: ‘Lightning Bolt’ is a card: cites takes a rule number, keyword or "
                                              "term ('rulesgraph card NAME' shows a card's rules)\n")


def test_unknown_card(run) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run("card", "Zzyzx Quuxbeast")
    assert code == 1 and out == "" and err.startswith("rulesgraph: no card named ‘Zzyzx Quuxbeast’ in the card data of ")
    assert "(a card printed since is not in it); nearest: " in err
    assert err.count("\n") == 1
    code, _, err = run("card", "Sol Ring " * 600)  # what was typed is said back cut, not 5 KB of it
    assert code == 1 and err.count("\n") == 1 and "no card named ‘Sol Ring Sol Ring" in err and "…’" in err and len(err) < 300


def test_no_card_data(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path))
    code, _, err = run("card", "Kitchen Finks")
    assert code == 1 and "no card data installed" in err and "update cards" in err  # nothing to find, as `mtr` without
    assert "error" not in err and run("mtr", "4.3")[0] == 1                       # the documents: one status for both
    assert run("card", "  ")[0] == 2  # no name is a misuse, with card data or without
    assert run("kw", "Stifle")[0] == 0  # the FAQ's card names still work without card data


@pytest.fixture
def shell(full_book: Rulebook, full_cards: Path) -> Shell:
    store = open_store(full_cards)
    assert store is not None
    names = store.name_index()
    return Shell(full_book, RenderOptions(hints=True), k=3, cards=store, card_names=lambda: names)


def _out(shell: Shell, line: str) -> str:
    return plain_text(shell.handle(line).renderable)


def test_typing_a_card_name(shell: Shell) -> None:
    assert _out(shell, "kitchen finks").startswith("Kitchen Finks")
    assert _out(shell, "1").startswith("7 › 702 Keyword Abilities › 702.79 Persist")  # [1] is Persist's rule
    assert _out(shell, "persist").startswith("Persist  keyword ability")  # a keyword's name stays the keyword
    assert _out(shell, ":card persist").startswith("Persist  {1}{B}")  # the card of that name, asked for
    assert _out(shell, "[[Vigilance]]").startswith("Vigilance  {")
    assert _out(shell, "Olivia").startswith("‘Olivia’ could be")
    assert _out(shell, "1").startswith("Olivia Voldaren")  # a candidate's number opens it
    assert "could block" not in _out(shell, "how does trample work?")  # questions stay questions


def test_a_short_form_at_the_repls_first_line_opens_the_cards_first(full_book: Rulebook, full_cards: Path,
                                                                     session_deck: CardDeck) -> None:
    """``:card bolt`` as the first line is Lightning Bolt: the cards for answering are opened (``prepare``) before the short
    form is read, not only at the first question."""
    store = open_store(full_cards)
    assert store is not None
    opened: list[CardDeck] = []
    shell = Shell(full_book, RenderOptions(hints=True), k=3, cards=store, card_names=store.name_index,
                  prepare=lambda: opened or opened.append(session_deck), deck=lambda: opened[0] if opened else None)
    assert _out(shell, ":card bolt").startswith("Lightning Bolt") and opened
    shown = " ".join(_out(shell, ":kw bolt").split())  # as `kw bolt`: the rules' reading, and the card players mean by it
    assert shown.startswith("Damage glossary term") and "may also mean the card Lightning Bolt: ':card bolt' shows it" in shown


def test_a_card_looked_up_first_is_read_by_the_follow_up(full_book: Rulebook, full_cards: Path, session_deck: CardDeck) -> None:
    """A card typed by its whole name as the first line (no short form: nothing else opened the cards for answering) is
    carried as the card, rulings and all: "what if I put a +1/+1 counter on that creature?" after Kitchen Finks cites its
    ruling on +1/+1 counters (it carried only persist; the ruling led until stop 50's refitted weights and lead, and
    comes after 702.79a, 122.6 and 704.5f now)."""
    store = open_store(full_cards)
    assert store is not None
    opened: list[CardDeck] = []
    shell = Shell(full_book, RenderOptions(hints=True), k=5, cards=store, card_names=store.name_index,
                  prepare=lambda: opened or opened.append(session_deck), deck=lambda: opened[0] if opened else None)
    _out(shell, "Kitchen Finks")
    out = _out(shell, "what if I put a +1/+1 counter on that creature?")
    said = " ".join(out.split())
    assert "ruling of Kitchen Finks, 2013-06-07 If a creature with persist that has +1/+1 counters on it" in said


def test_a_card_is_the_topic(shell: Shell) -> None:
    _out(shell, ":card Kitchen Finks")
    assert shell.conversation.topic() == ["Kitchen Finks"]
    out = _out(shell, "what if it's blocked by a 2/2 and dies?")
    assert "following up on: Kitchen Finks" in out and "702.79" in out
    assert _out(shell, ":topic").count("Kitchen Finks") == 1
    _out(shell, ":new")
    assert shell.conversation.topic() == []


def test_a_card_and_the_keyword_it_carries_are_one_row_of_the_topic(full_book: Rulebook, session_deck: CardDeck) -> None:
    shell = Shell(full_book, RenderOptions(hints=True), k=5, deck=lambda: session_deck)
    _out(shell, "how does Thalia, Guardian of Thraben work")
    _out(shell, "does her tax hit my own instants too?")
    topic = _out(shell, ":topic")
    assert topic.count("Thalia, Guardian of Thraben") == 1 and "card, keyword First Strike" in topic


def test_toolbar_shows_the_card(shell: Shell) -> None:
    _out(shell, "stuffy doll")
    bar = "".join(t for _, t in fit("sources", "short", 200, ", ".join(shell.conversation.topic())))
    assert "topic: Stuffy Doll" in bar


def test_completion_offers_card_names_quickly(full_book: Rulebook, full_cards: Path) -> None:
    store = open_store(full_cards)
    assert store is not None
    names = store.name_index()
    completer = RulesCompleter(lambda: vocabulary(full_book), [(":card", "")], lambda: names)

    def offered(text: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(text), CompleteEvent())]

    assert "Kitchen Finks" in offered("kitchen f") and "Kitchen Finks" in offered("does kitchen")
    assert {"Bonecrusher Giant // Stomp", "Bonecrusher Giant"} <= set(offered(":card bonecrusher"))
    assert "Stomp" in offered(":card stom")
    assert "Trample" in offered("tram")  # rules names first
    assert offered(":card kitchn fi")[:1] == ["Kitchen Finks"]  # a misspelt name, after :card
    assert offered(":card tarmogyf") == ["Tarmogoyf"] and offered(":card zzzzzzzz") == []
    for typed in ("if my opponent casts a spell ca", "my commander w", "what happens when my creature w"):
        assert not any(c in offered(typed) for c in ("A-Spell Satchel", "Commander Eesha", "Creature Bond")), \
            typed  # in a question, the word being typed is no typo of a name
    start = time.perf_counter()
    for i in range(1, 18):
        offered("my kitchen finks dies with a"[: i + 10])
    assert time.perf_counter() - start < 5  # generous: the budget (20 ms a key) is measured by bench/cards.py


def test_an_outdated_store_is_one_line_and_the_rest_works(run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path))
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "cards.sqlite").write_bytes(b"SQLite format 3\x00" + b"\x00" * 4000)
    code, _, err = run("card", "Kitchen Finks")
    assert code == 2 and err.count("\n") == 1 and "update cards" in err
    code, out, err = run("versions")
    assert code == 0 and "could not be read; 'rulesgraph update cards' installs it again" in out  # there, not missing
    assert err.count("\n") == 1 and "update cards" in err


def test_kw_takes_a_cards_name_and_a_keywords_name_stays_the_keywords(run, full_book: Rulebook) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run("kw", "Rest in Peace")
    assert code == 0 and out.startswith("Rest in Peace  {1}{W}") and "no such" not in err and "did you mean" not in err
    code, out, _ = run("kw", "--json", "rest in peac")  # forgiving, as 'card' is; --json is card --json's object
    assert code == 0 and json.loads(out)["name"] == "Rest in Peace"
    code, out, _ = run("kw", "persist")
    assert code == 0 and out.startswith("Persist  keyword ability")
    code, out, err = run("kw", "bolt")  # the rules' reading (Damage), and a line naming the card players mean by it
    assert code == 0 and out.startswith("Damage  glossary term") and err.count("\n") == 1
    assert "‘bolt’ may also mean the card Lightning Bolt: 'rulesgraph card bolt' shows it" in err
    code, out, err = run("kw", "soulbound")  # a misspelt keyword stays the keyword, though a card begins so
    assert code == 0 and out.startswith("Soulbond  keyword ability") and "Soulbound Guardians" in err
    code, out, err = run("kw", "tramle")  # no card's short form: no line
    assert code == 0 and out.startswith("Trample  keyword ability") and err == ""
    code, out, err = run("kw", "trample")  # said as the rules say it: no line, though Trample is no card's name
    assert code == 0 and err == ""
    code, out, err = run("kw", "landfall")  # an ability word: the rule saying what one is, not Landfill read as misspelt
    assert code == 0 and "207.2c An ability word appears" in out and "Landfill" not in out
    assert err == "rulesgraph: ‘landfall’ is an ability word, with no rules meaning of its own: rule 207.2c says so\n"
    code, _, err = run("kw", "zzyzx", "beast")  # neither: said once, with the nearest card names
    assert code == 1 and "card named 'zzyzx beast'" in err and "; nearest cards: " in err and err.count("zzyzx") == 1
    shell = Shell(full_book, RenderOptions(hints=True), k=5, cards=open_store(), card_names=lambda: open_store().name_index())
    assert plain_text(shell.handle(":kw Rest in Peace").renderable, 100).startswith("Rest in Peace  {1}{W}")
    said = " ".join(plain_text(shell.handle(":kw zzyzx beast").renderable, 200).split())  # neither: said as 'kw' says it
    assert "no keyword, glossary term or card named 'zzyzx beast'" in said and "; nearest cards: " in said and said.count("zzyzx") == 1
    landfall = plain_text(shell.handle(":kw landfall").renderable, 120)
    assert landfall.startswith("‘landfall’ is an ability word") and "An ability word appears" in landfall
    assert plain_text(shell.handle(":related Stuffy Doll").renderable, 100).startswith("Stuffy Doll  {5}")  # its rules
    assert plain_text(shell.handle(":related 702.12").renderable, 100).startswith("related to 702.12")
    assert "no keyword, glossary term or card named 'zzyzx'" in plain_text(shell.handle(":related zzyzx").renderable, 100)
    assert "no keyword, glossary term or card named 'elf'" in plain_text(shell.handle(":related elf").renderable, 100)  # no guess


def test_kw_without_card_data_points_to_card(run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "none"))
    code, _, err = run("kw", "Rest in Peace")
    assert code == 1 and "for a card, 'rulesgraph card NAME' shows it" in err
