"""Per-rule change notes between the two newest installed versions, and their cache."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rulesgraph.versions import history, store

from .minicr import make_cr


@pytest.fixture
def dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RULESGRAPH_CACHE_DIR", str(tmp_path / "cache"))
    history._memory.clear()
    return tmp_path


def test_no_notes_with_fewer_than_two_versions(dirs: Path) -> None:
    assert history.rule_note("702.19b") is None
    store.install(make_cr("2024-02-02").encode(), "a")
    assert history.latest() is None and history.rule_note("702.19b") is None


def test_notes_on_both_sides(dirs: Path) -> None:
    store.install(make_cr("2024-02-02").encode(), "a")
    store.install(make_cr("2026-06-19", trample="Excess damage goes to the player.").encode(), "b")
    assert history.latest() is not None  # what `update` does after installing
    note = history.rule_note("702.19b")
    assert note is not None and note.kind == "changed" and ("+", "goes") in note.words
    assert str(note) == "702.19b changed since the 2024-02-02 rules"
    assert str(history.rule_note("702.19b", "2024-02-02")) == "702.19b changed in the 2026-06-19 rules"
    assert history.rule_note("702.19a") is None and history.rule_note("702.19b", "2025-01-01") is None
    assert list((dirs / "cache").glob("diff-*.diff"))


def test_the_diff_is_computed_once(dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store.install(make_cr("2024-02-02").encode(), "a")
    store.install(make_cr("2026-06-19", extra="New words.").encode(), "b")
    history.latest()
    assert str(history.rule_note("100.1")) == "100.1 changed since the 2024-02-02 rules"
    calls: list[object] = []
    monkeypatch.setattr(history, "diff_files", lambda *a: calls.append(a))
    start = time.perf_counter()
    for _ in range(1000):
        history.rule_note("100.1")
    assert time.perf_counter() - start < 1.0 and not calls  # in memory
    history._memory.clear()
    assert history.rule_note("100.1") is not None and not calls  # from the cache directory
    assert not list((dirs / "cache").glob("*.tmp"))


def test_real_moves_as_notes(dirs: Path, cr2024: Path, cr2026: Path) -> None:
    store.install_file(cr2024)
    store.install_file(cr2026)
    history._memory.clear()
    history.latest()
    assert str(history.rule_note("701.14")) == "701.14 was 701.12 in the 2024-02-02 rules"
    assert str(history.rule_note("701.12", "2024-02-02")) == "701.12 is 701.14 in the 2026-06-19 rules"
    assert str(history.rule_note("107.18")) == "107.18 is new since the 2024-02-02 rules"
    assert str(history.rule_note("509.5a", "2024-02-02")).startswith("509.5a is 509.3")
    assert str(history.rule_note("701.28a")) == "701.28a was 701.50a in the 2024-02-02 rules (reworded; 99.5% alike)"


def test_showing_a_rule_never_computes_the_diff(dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A diff can take long (issue 18: a repetitive pair took 64 s, now bounded): notes only come from a stored one."""
    store.install(make_cr("2024-02-02").encode(), "a")
    store.install(make_cr("2026-06-19", extra="New words.").encode(), "b")
    real = history.diff_files
    calls: list[object] = []
    monkeypatch.setattr(history, "diff_files", lambda *a: calls.append(a) or real(*a))
    assert history.rule_note("100.1") is None and not calls  # nothing stored yet: no note, no diff
    history.latest()  # `update` stores it
    assert len(calls) == 1 and str(history.rule_note("100.1")) == "100.1 changed since the 2024-02-02 rules"


def test_the_notes_outlive_an_upgrade_of_the_program(dirs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keyed by the library's code, the stored diff was never found again after an upgrade (showing a rule does not
    compute one): every "how this rule changed" note vanished until the next ``update`` (new-user helper, stop 75)."""
    from rulesgraph.build import cache

    store.install(make_cr("2024-02-02").encode(), "a")
    store.install(make_cr("2026-06-19", extra="New words.").encode(), "b")
    history.latest()
    history._memory.clear()
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "another version of the program")
    assert str(history.rule_note("100.1")) == "100.1 changed since the 2024-02-02 rules"
    history._memory.clear()
    monkeypatch.setattr(history, "SCHEMA", history.SCHEMA + 1)  # what a change to what the diff finds does
    assert history.rule_note("100.1") is None


# --- the stored diff is data, never code (issue 31) ------------------------------------------------------------

class _Payload:
    """Unpickled, it would create the file ``target``."""

    def __init__(self, target: Path) -> None:
        self.target = target

    def __reduce__(self) -> tuple[object, ...]:
        return (Path.touch, (self.target,))


def test_a_planted_pickle_is_never_run(dirs: Path) -> None:
    """A ``diff-*.pickle`` planted in the cache folder was unpickled, and its payload ran, on ``rule 701.14``."""
    import hashlib
    import pickle

    from rulesgraph.build import cache

    store.install(make_cr("2024-02-02").encode(), "a")
    store.install(make_cr("2026-06-19", trample="Excess damage goes to the player.").encode(), "b")
    history.latest()
    ran = dirs / "payload-ran"
    (stored,) = (dirs / "cache").glob("diff-*.diff")
    payload = pickle.dumps(_Payload(ran))
    for data in (b"rulesgraph-diff\n" + payload,  # the old format: a bare pickle
                 cache._MAGIC + hashlib.sha256(payload).digest() + payload):  # a plain checksum, as anyone can make
        stored.write_bytes(data)
        stored.with_name(stored.name.replace(".diff", ".pickle")).write_bytes(data)
        history._memory.clear()
        note = history.rule_note("702.19b")
        assert not ran.exists()
        assert note is None  # showing a rule never computes a diff; a planted one is not read
        history._memory.clear()
        assert history.latest() is not None and history.rule_note("702.19b") is not None  # computed again
        assert not ran.exists()


def test_a_stored_diff_of_another_shape_is_computed_again(dirs: Path) -> None:
    from rulesgraph.build import cache

    store.install(make_cr("2024-02-02").encode(), "a")
    store.install(make_cr("2026-06-19", trample="Excess damage goes to the player.").encode(), "b")
    history.latest()
    (stored,) = (dirs / "cache").glob("diff-*.diff")
    for shape in (None, {"old": None}, {"changed": [None]}, [1, 2], {**history._to_data(history.latest().diff), "added": [(1, None)]}):  # type: ignore[union-attr]
        stored.write_bytes(cache.encode(shape, "diff"))  # authenticated, as a bug of ours could write it
        history._memory.clear()
        assert history.rule_note("702.19b") is None
        history._memory.clear()
        assert history.latest() is not None and history.rule_note("702.19b") is not None
