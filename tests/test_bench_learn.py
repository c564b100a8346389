"""bench/learn.py: the learned rule words come from the team's labelled sets and the real tuning questions (never the
blind part), less the named cards' names; the bundled table (data/learned.tsv) is what they make today; the benchmarks
answer a real tuning question with a table that did not learn from its page."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulesgraph import Rulebook
from rulesgraph.parse.learned import read_learned

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
import learn  # noqa: E402
from learn import FOLDS, TRAINING, CrossFit, card_texts, fold, known, learned, rows_of, table, training  # noqa: E402


def _set(tmp_path: Path, rows: list[dict]) -> Path:
    path = tmp_path / "set.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_a_questions_words_go_to_its_rules_and_their_rules_less_its_cards_names(tmp_path: Path) -> None:
    path = _set(tmp_path, [
        {"question": "Does my Colossal Dreadmaw trample over a chump blocker?", "expected_rules": ["702.19b"],
         "cards": ["Colossal Dreadmaw"]},
        {"question": "does it fizzle?", "expected_rules": ["608.2b"]},
        {"question": "no label here", "expected_rules": []},
    ])
    words, asked, n = learned(rows_of(path))
    assert n == 2 and set(words) == {"702.19b", "702.19", "608.2b", "608.2"}
    assert asked == {"702.19b": 1, "702.19": 1, "608.2b": 1, "608.2": 1}  # a subrule's question counts for its rule, once
    assert words["702.19b"]["trampl"] == 1 and words["702.19"] == words["702.19b"]
    assert not {"coloss", "dreadmaw"} & words["702.19b"].keys()
    parsed, problems = read_learned(table(rows_of(path), name=lambda rule: "its rule"))
    assert problems == [] and parsed["608.2b"] == ("its rule", 1, dict(words["608.2b"]))
    assert list(parsed) == ["608.2", "608.2b", "702.19", "702.19b"]  # the CR's order


def test_the_cards_a_question_names_lend_their_oracle_words_to_its_rules_once_each(tmp_path: Path) -> None:
    """Rule 75's table: each card the question is labelled as naming lends its Oracle words (prefixed ``c:``, its names
    left out, both faces' when the label names one) to the question's rules, once each; a card the card file lacks
    lends none; the words stay in the table's stem:count form."""
    path = _set(tmp_path, [
        {"question": "does it fizzle?", "expected_rules": ["700.4"], "cards": ["Wurmcoil Engine", "Unknown Card"]},
        {"question": "and this one?", "expected_rules": ["700.4"], "cards": ["Wurmcoil Engine"]},
        {"question": "and this?", "expected_rules": ["702.6"], "cards": ["Ice"]},
    ])
    cards = {"Wurmcoil Engine": ("Wurmcoil Engine", "When Wurmcoil Engine dies, create a token. Then another token."),
             "Ice": ("Fire // Ice", "Fire deals 2 damage divided as you choose.\n\nTap target permanent. Ice and Fire.")}
    read = lambda name: cards.get(name, ("", ""))
    words, _, _ = learned(rows_of(path), cards=read)
    assert words["700.4"]["c:die"] == 2 and words["700.4"]["c:token"] == 2 and words["700.4"]["fizzl"] == 1
    assert not {"c:wurmcoil", "c:engin", "c:unknown"} & words["700.4"].keys()
    assert {"c:tap", "c:damag"} <= words["702.6"].keys() and not {"c:fire", "c:ice"} & words["702.6"].keys()
    parsed, problems = read_learned(table(rows_of(path), cards=read))
    assert problems == [] and parsed["700.4"][2]["c:die"] == 2


def test_card_texts_reads_each_card_and_face_of_an_atomic_cards_file(tmp_path: Path) -> None:
    """Name (or a face's name) → the card's full name and its faces' Oracle text, a blank line apart; ("", "") for a
    card it lacks or without the file."""
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps({"data": {"Fire // Ice": [{"text": "Fire deals 2 damage."}, {"text": "Tap target permanent."}],
                                         "Island": [{"type": "Basic Land — Island"}]}}), encoding="utf-8")
    text = card_texts(path)
    assert text("Fire // Ice") == text("Ice") == ("Fire // Ice", "Fire deals 2 damage.\n\nTap target permanent.")
    assert text("Island") == ("Island", "") and text("Nothing") == ("", "")
    assert card_texts(tmp_path / "none.json")("Island") == ("", "")


def test_a_rule_the_rules_do_not_have_is_left_out(tmp_path: Path) -> None:
    path = _set(tmp_path, [{"question": "does it fizzle?", "expected_rules": ["608.2b", "999.9"]}])
    parsed, _ = read_learned(table(rows_of(path), name=lambda rule: None if rule.startswith("999") else "x"))
    assert set(parsed) == {"608.2b", "608.2"}


def test_the_policy_and_keyword_sets_and_the_real_blind_part_are_never_learned_from(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A word only a blind line or a policy line says never reaches what the table is made from."""
    assert "keywords" not in TRAINING and not any("real" in name or "policy" in name or "chain" in name for name in TRAINING)
    real = tmp_path / "real"
    real.mkdir()
    _set(real, [{"question": "does the umbrella stop trample?", "expected_rules": ["702.19b"], "part": "tune", "source": "a"},
                {"question": "does the bicycle stop trample?", "expected_rules": ["702.19b"], "part": "blind", "source": "b"},
                {"question": "is the piano a penalty?", "expected_rules": ["IPG 2.1"], "part": "tune", "source": "c"}])
    monkeypatch.setattr(learn, "REAL", real)
    monkeypatch.setattr(learn, "team_paths", lambda: [])
    words, _, n = learned(training([]))
    assert n == 1 and "umbrella" in words["702.19b"]
    assert not any({"bicycl", "piano"} & counts.keys() for counts in words.values())


def test_a_question_told_in_several_sentences_lends_only_what_it_asks(tmp_path: Path) -> None:
    """The scene a long question sets is not what settles it: only the words of its asking sentences are learned; a rule
    none of whose questions lends a kept word gets no line (an empty one would be a bad line of the table)."""
    path = _set(tmp_path, [
        {"question": "I attack with a big creature. My opponent blocks with a token. Does trample assign lethal damage?",
         "expected_rules": ["702.19b"]},
        {"question": "Lightning Bolt?", "expected_rules": ["601.2"], "cards": ["Lightning Bolt"]},
    ])
    words, _, _ = learned(rows_of(path))
    assert {"trampl", "assign", "lethal", "damag"} <= words["702.19b"].keys()
    assert not {"attack", "opponent", "token"} & words["702.19b"].keys()
    parsed, problems = read_learned(table(rows_of(path), name=lambda rule: "x"))
    assert problems == [] and "601.2" not in parsed


def test_rows_of_keeps_labelled_questions_of_the_part_asked(tmp_path: Path) -> None:
    path = _set(tmp_path, [{"question": "a?", "expected_rules": ["101.1"], "part": "tune"},
                           {"question": "b?", "expected_rules": ["101.2"], "part": "blind"},
                           {"question": "c?", "expected_rules": [], "part": "tune"}])
    assert [r["question"] for r in rows_of(path)] == ["a?", "b?"]
    assert [r["question"] for r in rows_of(path, "tune")] == ["a?"]


def test_every_question_of_a_page_falls_in_one_part() -> None:
    rows = [{"source": f"https://example.org/{i // 3}"} for i in range(300)]
    parts = {r["source"]: {fold(x) for x in rows if x["source"] == r["source"]} for r in rows}
    assert all(len(p) == 1 for p in parts.values())
    assert {fold(r) for r in rows} == set(range(FOLDS))  # 100 pages spread over every part


def test_only_words_the_index_knows_as_words_are_learned(full_book: Rulebook, tmp_path: Path) -> None:
    """A card's name or nickname is not a word the rules, the alias table or English use: it is never learned, even when
    the question's label names no card; the rules' words, slang and ordinary words are."""
    keep = known(full_book.index)
    assert all(keep(w) for w in ("trample", "fizzle", "etb", "swing", "dies"))
    assert not any(keep(w) for w in ("urborg", "goyf", "griselbrand", "thragtusk"))
    path = _set(tmp_path, [{"question": "my goyf tramples over, does urborg matter?", "expected_rules": ["702.19b"]}])
    assert set(learned(rows_of(path), keep)[0]["702.19b"]) == {"trampl", "over", "matter"}


def test_the_bundled_table_is_what_the_sets_make_today(cr2026: Path) -> None:
    out = subprocess.run([sys.executable, str(BENCH / "learn.py"), "--check", "--cr", str(cr2026)], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr


def _two_pages(monkeypatch, other_question: str, other_rule: str) -> tuple[dict, dict]:  # type: ignore[no-untyped-def]
    """The only real tuning questions: an umbrella-and-trample one (702.19b) and another of another fold, no team sets."""
    row = {"question": "does the umbrella stop trample?", "expected_rules": ["702.19b"], "part": "tune",
           "source": "https://example.org/page"}
    other = {"question": other_question, "expected_rules": [other_rule], "part": "tune", "source": "https://example.org/another"}
    while fold(other) == fold(row):
        other["source"] += "x"
    monkeypatch.setattr(learn, "real_tune", lambda: [row, other])
    monkeypatch.setattr(learn, "team_paths", lambda: [])
    return row, other


def test_crossfit_answers_a_real_tuning_question_without_its_pages_words(full_book: Rulebook, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A word only one real tuning page says is in the table another page's question is answered with, not in the table
    its own question is answered with; a question that is not a real tuning one gets the bundled table, put back after."""
    row, other = _two_pages(monkeypatch, "does deathtouch work with trample?", "702.19c")
    index = full_book.index
    bundled = index.learned
    assert "umbrella" not in bundled
    seen = CrossFit(full_book).each([row, other, {"question": "not real", "expected_rules": []}],
                                    lambda r: (index.learned is bundled, "umbrella" in index.learned, "deathtouch" in index.learned))
    assert seen == [(False, False, True), (False, True, False), (True, False, True)]  # the bundled table knows deathtouch
    assert index.learned is bundled


def test_crossfit_answers_a_real_tuning_question_without_its_pages_counts(full_book: Rulebook, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Rule 69's counts are cross-fitted with the words: a question is answered with counts made without its page, and
    the bundled counts are put back after, however the answers end."""
    row, other = _two_pages(monkeypatch, "does the umbrella stop deathtouch?", "702.2b")
    index, num = full_book.index, full_book.qg.num
    bundled = index.asked
    cross = CrossFit(full_book)
    seen = cross.each([row, other], lambda r: (index.asked.get(num["702.19b"]), index.asked.get(num["702.2b"])))
    assert seen == [(None, 1), (1, None)]
    assert index.asked is bundled

    def fails(r: dict) -> None:
        raise RuntimeError("answer failed")

    firsts = index.firsts
    with pytest.raises(RuntimeError):
        cross.each([row], fails)
    assert index.asked is bundled and index.firsts is firsts  # the first rules' record put back too


def test_crossfit_puts_the_bundled_table_back_when_an_answer_fails(full_book: Rulebook, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    row = {"question": "does trample work?", "expected_rules": ["702.19b"], "part": "tune", "source": "https://example.org/x"}
    monkeypatch.setattr(learn, "real_tune", lambda: [row])
    monkeypatch.setattr(learn, "team_paths", lambda: [])
    bundled = full_book.index.learned
    cross = CrossFit(full_book)

    def fails(r: dict) -> None:
        raise RuntimeError("answer failed")

    with pytest.raises(RuntimeError):
        cross.each([row], fails)
    assert full_book.index.learned is bundled
    stranger = {**row, "question": "does trample work at all?"}  # a tuning line it was not made with: never in sample
    with pytest.raises(ValueError, match="not a real tuning question"):
        cross.each([stranger], lambda r: None)


def test_crossfit_answers_a_real_tuning_question_without_its_parts_first_rules_record(full_book: Rulebook, monkeypatch,  # type: ignore[no-untyped-def]
                                                                                     tmp_path: Path) -> None:
    """The confidence's first rules' record (data/firsts.tsv) is cross-fitted too: a real tuning question is answered with
    the record of the other parts only; another question with the bundled record, put back after."""
    row, other = _two_pages(monkeypatch, "does deathtouch work with trample?", "702.19c")
    name = full_book.graph.nodes["702.19"]["title"].lower()
    record = tmp_path / "firsts.tsv"
    record.write_text(f"702.19b\t{name}\t{fold(row)}\t4\t1\n702.19b\t{name}\t{fold(other)}\t2\t2\n", encoding="utf-8")
    monkeypatch.setattr("rulesgraph.build.corpus.firsts_path", lambda: record)
    index = full_book.index
    bundled = index.firsts
    seen = CrossFit(full_book).each([row, other, {"question": "not real", "expected_rules": []}],
                                    lambda r: index.firsts.get("702.19b"))
    assert seen == [(2, 2), (4, 1), bundled.get("702.19b")]
    assert index.firsts is bundled


def test_each_question_lends_its_own_line_of_stems_to_the_questions_table(tmp_path: Path) -> None:
    """Rule 76's ``neighbours`` table: a line per question with a stem (its rules, then its stems, less its cards'
    names and its scene-setting words), in the sets' order; a question with no stem left lends no line."""
    from rulesgraph.parse.learned import read_questions

    rows = rows_of(_set(tmp_path, [
        {"question": "Does Tarmogoyf trample over a chump blocker?", "expected_rules": ["702.19b", "702.19"], "cards": ["Tarmogoyf"]},
        {"question": "the", "expected_rules": ["100.1"]},
        {"question": "what is a fizzle", "expected_rules": ["608.2b"]}]))
    text = learn.questions_table(rows)
    assert text.startswith("# rulesgraph:") and text.endswith("\n")
    table, problems = read_questions(text)
    assert problems == [] and [rules for rules, _ in table] == [("702.19b", "702.19"), ("608.2b",)]
    assert "tarmogoyf" not in table[0][1] and {"trampl", "chump", "blocker"} <= set(table[0][1])
