"""bench/real.py: the real question files read by part (the blind part only when asked), a cited ruling told to be the
label's, and an answer scored: rule hits among its rule citations, ruling shown and leading, right first."""

from __future__ import annotations

import json
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
from real import auc, read_real, same_ruling, score_answer  # noqa: E402

from rulesgraph.model import Answer, Citation  # noqa: E402

RULING = {"card": "Doubling Season", "date": "2020-08-07", "text": "Those counters are put on as a cost, not as an effect."}


def _write(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def test_only_the_part_asked_for_is_read(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    _write(tmp_path / "real" / "columns.jsonl", [
        {"question": "a", "expected_rules": ["100.1"], "part": "tune"},
        {"question": "b", "expected_rules": ["100.2"], "part": "blind"},
        {"question": "c", "expected_rules": [], "part": "tune"},  # no label: not scored
        {"question": "d", "expected_rules": ["IPG 4.8"], "part": "tune"},  # a policy question: not a rules one
    ])
    assert [r["question"] for r in read_real([tmp_path / "real"], "tune")["columns"]] == ["a"]
    assert [r["question"] for r in read_real([tmp_path / "real"], "blind")["columns"]] == ["b"]
    assert read_real([tmp_path / "real" / "columns.jsonl"], "other") == {}


def test_a_cited_ruling_is_the_labels_by_card_or_face_and_nearly_the_same_words() -> None:
    assert same_ruling(RULING, "Doubling Season", "Those counters are put on as a cost, not an effect.")
    assert same_ruling({**RULING, "card": "Stomp"}, "Bonecrusher Giant // Stomp", RULING["text"])
    assert not same_ruling(RULING, "Doubling Season", "Doubling Season affects permanents that enter with counters.")
    assert not same_ruling(RULING, "Parallel Lives", RULING["text"])


def _cite(id_: str, kind: str, label: str = "", text: str = "") -> Citation:
    return Citation(id_, kind, label or id_, None, text, "", None, 1.0)


def test_an_answer_led_by_the_labels_ruling_leads_and_its_rules_are_counted_apart() -> None:
    row = {"question": "q", "expected_rules": ["606.4"], "ruling": RULING}
    led = Answer("q", "…", (_cite("ruling:Doubling Season:2020-08-07:2", "ruling", "Doubling Season", RULING["text"]),
                            _cite("606.4", "subrule"), _cite("122.6", "subrule")), (), 0.8, (), ())
    got = score_answer(row, led)
    assert got.rules == ["606.4", "122.6"] and got.shown and got.leads and got.right_first and not got.wrong_lead
    assert got.cited == ["ruling:Doubling Season:2020-08-07:2", "606.4", "122.6"]  # the first three, whatever their kind
    settled_by_a_rule = score_answer({"question": "q", "expected_rules": ["606.4"], "ruling": None}, led)
    assert settled_by_a_rule.wrong_lead and not settled_by_a_rule.leads
    other = score_answer({**row, "ruling": {**RULING, "text": "Planeswalkers enter with double the loyalty counters."}}, led)
    assert other.wrong_lead and not other.leads
    later = Answer("q", "…", (_cite("122.6", "subrule"), _cite("606.4", "subrule"),
                              _cite("ruling:Doubling Season:2020-08-07:2", "ruling", "Doubling Season", RULING["text"])), (), 0.8, (), ())
    got = score_answer(row, later)
    assert got.shown and not got.leads and not got.right_first and not got.wrong_lead
    plain = score_answer({"question": "q", "expected_rules": ["122.6"], "ruling": None}, later)
    assert plain.right_first and not plain.shown


def test_auc() -> None:
    assert auc([0.9, 0.8, 0.2], [True, True, False]) == 1.0
    assert auc([0.9, 0.2], [False, True]) == 0.0
    assert auc([0.5], [True]) != auc([0.5], [True])  # NaN: nothing to compare


def test_a_label_quoting_one_step_of_a_long_ruling_quotes_that_ruling() -> None:
    steps = ("Taking it slowly, here's what happens when it resolves: 1) Each player counts the permanents they own. "
             "4) Each player puts all artifact, land, and creature cards revealed this way onto the battlefield. All of "
             "these cards enter at the same time.")
    step = {"card": "Warp World", "text": "4) Each player puts all artifact, land, and creature cards revealed this way "
                                          "onto the battlefield. All of these cards enter at the same time."}
    assert same_ruling(step, "Warp World", steps)
    assert not same_ruling({**step, "text": "All of these cards enter."}, "Warp World", steps)  # too short to tell
    assert not same_ruling({**step, "text": "4) Each player puts all enchantment cards revealed this way onto the "
                                            "battlefield after the others."}, "Warp World", steps)
