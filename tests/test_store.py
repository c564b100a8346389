"""Installed CR versions: validation, atomic install, listing, picking one, and the default CR to load."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from rulesgraph import RulesgraphError, SourceSpec
from rulesgraph.errors import SourceError
from rulesgraph.versions import store

from .minicr import make_cr


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data directory of this test's own (the session-wide one is shared by every test)."""
    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_data_dir_honours_the_environment(data_dir: Path) -> None:
    assert store.data_dir() == data_dir and store.rules_dir() == data_dir / "rules"
    assert store.installed() == [] and store.newest() is None


def test_install_lists_and_picks_versions(data_dir: Path) -> None:
    first = store.install(make_cr("2024-02-02").encode(), "old.txt")
    assert first.status == "installed" and first.date == "2024-02-02" and first.rules == 253 and first.glossary == 3
    assert first.path == data_dir / "rules" / "MagicCompRules-20240202.txt"
    data = make_cr("2026-06-19").encode()
    assert store.install(data, "new.txt").status == "installed"
    assert store.install(data, "new.txt").status == "unchanged"
    assert store.install(make_cr("2026-06-19", extra="Reissued.").encode(), "new.txt").status == "replaced"
    assert [v.date for v in store.installed()] == ["2026-06-19", "2024-02-02"]
    assert store.newest().date == "2026-06-19"  # type: ignore[union-attr]
    assert store.path_for("2024-02-02").read_bytes() == make_cr("2024-02-02").encode()  # the bytes as given
    (data_dir / "rules" / ".MagicCompRules-20990101.txt.x.tmp").write_text("half")
    (data_dir / "rules" / "notes.txt").write_text("mine")
    assert [v.date for v in store.installed()] == ["2026-06-19", "2024-02-02"]


def test_a_same_date_copy_with_fewer_rules_does_not_replace(data_dir: Path) -> None:
    """A copy of the installed rules' date with rules cut out (a helper deleted 702.19 from one) replaced them silently,
    and said it "replaced the installed card data"; now it is refused in one line and the installed file stays, as the
    tournament documents' store refuses a same-date copy with fewer sections.  One with as many rules or more replaces."""
    full = make_cr("2026-06-19", filler=300).encode()
    store.install(full, "full.txt")
    said = r"has 1,204 numbered rules, fewer than the 1,208 of the installed rules of the same date"
    with pytest.raises(SourceError, match=said) as info:
        store.install(make_cr("2026-06-19", filler=299).encode(), "cut.txt")
    assert "\n" not in str(info.value)
    assert store.path_for("2026-06-19").read_bytes() == full
    assert store.install(make_cr("2026-06-19", filler=301).encode(), "more.txt").status == "replaced"


def test_a_same_date_copy_that_reads_worse_does_not_replace(data_dir: Path) -> None:
    """A trial's copy with CR CR LF line ends (a CRLF file converted again) replaced the installed rules with every
    glossary term apart from its definition, and said "replaced".  CR CR LF is now one line break; a copy that still
    reads with more problems than the installed one of its date is refused, naming `check`."""
    full = make_cr("2026-06-19")
    store.install(full.encode(), "full.txt")
    again = store.install(full.replace("\r\n", "\r\r\n").encode(), "crcrlf.txt")
    assert again.status == "replaced" and again.glossary == 3 and again.rules == 253
    worse = full.replace("Deathtouch\r\nA keyword", "Deathtouch\r\n\r\nA keyword").encode()
    said = r"reads with 2 problems where the installed rules .* read with 0 \('rulesgraph check FILE' on it lists them\): not replaced$"
    with pytest.raises(SourceError, match=said):
        store.install(worse, "worse.txt")
    assert store.path_for("2026-06-19").read_bytes() == full.replace("\r\n", "\r\r\n").encode()


def test_unknown_date_names_what_is_installed(data_dir: Path) -> None:
    store.install(make_cr("2024-02-02").encode(), "old.txt")
    with pytest.raises(RulesgraphError, match=r"^no installed rules effective 2025-01-01; installed: 2024-02-02$"):
        store.path_for("2025-01-01")
    with pytest.raises(RulesgraphError, match="YYYY-MM-DD"):
        store.path_for("June 2024")
    with pytest.raises(RulesgraphError, match="neither an installed date"):
        store.resolve("nothing-here.txt")
    assert store.resolve("2024-02-02").name == "MagicCompRules-20240202.txt"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "empty file"),
        (b"<!DOCTYPE html><html><body>Rules</body></html>", "HTML page"),
        (make_cr().replace("These rules are effective as of", "Written on").encode(), "no 'These rules are effective"),
        (make_cr(filler=100).encode(), "only 408 numbered rules"),
        (make_cr(glossary=False).encode(), "no glossary"),
        (make_cr().encode()[:30000], "no glossary"),
    ],
)
def test_invalid_files_are_refused_in_one_line(data_dir: Path, data: bytes, reason: str) -> None:
    with pytest.raises(RulesgraphError, match=reason) as info:
        store.install(data, "bad.txt")
    assert "\n" not in str(info.value) and str(info.value).startswith("bad.txt: ")
    assert store.installed() == []


def test_a_failed_write_leaves_the_previous_install_intact(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = make_cr("2026-06-19").encode()
    store.install(good, "good.txt")

    def crash(fd: int) -> None:  # dies half-way: after some bytes reached the temporary file
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(RulesgraphError, match=r"cannot install into .*No space left on device"):
        store.install(make_cr("2026-06-19", extra="Newer.").encode(), "newer.txt")
    assert store.path_for("2026-06-19").read_bytes() == good
    assert sorted(p.name for p in (data_dir / "rules").iterdir()) == ["MagicCompRules-20260619.txt"]


def test_a_short_write_never_installs_a_cut_file(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A buffered file on a nearly full disk returns a short count instead of raising (issue 31): the rules file
    would have been installed cut short."""
    good = make_cr("2026-06-19").encode()
    store.install(good, "good.txt")
    real_fdopen = os.fdopen

    class Filling:
        def __init__(self, fh: object) -> None:
            self.fh, self.taken = fh, 0

        def write(self, data: bytes) -> int:
            if self.taken >= 4096:
                raise OSError(28, "No space left on device")
            n = min(len(data), 4096 - self.taken)
            self.taken += n
            return self.fh.write(bytes(data[:n]))  # type: ignore[attr-defined, no-any-return]

        def __getattr__(self, name: str) -> object:
            return getattr(self.fh, name)

        def __enter__(self) -> Filling:
            return self

        def __exit__(self, *exc: object) -> None:
            self.fh.close()  # type: ignore[attr-defined]

    with monkeypatch.context() as patched, pytest.raises(RulesgraphError, match="No space left on device"):
        patched.setattr(os, "fdopen", lambda fd, mode="r", *a, **k: Filling(real_fdopen(fd, mode, *a, **k)) if "w" in mode
                        else real_fdopen(fd, mode, *a, **k))
        store.install(make_cr("2026-06-19", extra="Newer. " * 2000).encode(), "newer.txt")
    assert store.path_for("2026-06-19").read_bytes() == good


def test_install_file_uses_the_source_reader_errors(data_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(RulesgraphError, match="no such file"):
        store.install_file(tmp_path / "missing.txt")
    path = tmp_path / "cr.txt"
    path.write_text(make_cr("2025-11-14"), encoding="utf-8")
    assert store.install_file(path).date == "2025-11-14"


def test_default_cr_is_the_newest_unless_rules_give_one(data_dir: Path, tmp_path: Path) -> None:
    assert store.default_cr([]) is None
    store.install(make_cr("2024-02-02").encode(), "old.txt")
    store.install(make_cr("2026-06-19").encode(), "new.txt")
    spec = store.default_cr([])
    assert spec == SourceSpec(str(data_dir / "rules" / "MagicCompRules-20260619.txt"), "cr", "MagicCompRules-20260619.txt")
    assert store.default_cr([], "2024-02-02").display == "MagicCompRules-20240202.txt"  # type: ignore[union-attr]
    with pytest.raises(RulesgraphError, match="no installed rules effective 2025-05-05"):
        store.default_cr([], "2025-05-05")
    mine = tmp_path / "mine.txt"
    mine.write_text(make_cr("2025-01-01"))
    assert store.default_cr([SourceSpec(str(mine))]) is None  # detected as a CR
    assert store.default_cr([SourceSpec("x.txt", "cr")]) is None  # named as one
    assert store.default_cr([SourceSpec(str(tmp_path / "missing.txt"))]) == spec  # loading reports the missing file
    with pytest.raises(RulesgraphError, match="--rules already gives one"):
        store.default_cr([SourceSpec(str(mine))], "2024-02-02")


def test_install_file_reads_a_pipe_once(data_dir: Path, tmp_path: Path) -> None:
    """``rulesgraph update --file <(curl …)``: the file was read twice, and the second read of the pipe found it
    empty ("empty file")."""
    fifo = tmp_path / "rules-pipe"
    os.mkfifo(fifo)
    data = make_cr("2025-11-14").encode()
    threading.Thread(target=fifo.write_bytes, args=(data,), daemon=True).start()
    results: list[object] = []

    def install() -> None:  # in a thread: reading the pipe a second time would wait for a writer forever
        try:
            results.append(store.install_file(fifo))
        except RulesgraphError as exc:
            results.append(exc)

    worker = threading.Thread(target=install, daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive(), "install_file is still waiting on the pipe"
    (result,) = results
    assert isinstance(result, store.Validated) and result.date == "2025-11-14"
    assert store.path_for("2025-11-14").read_bytes() == data


def test_a_files_format_is_remembered_by_path_size_and_mtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache_dir = tmp_path / "cache"
    monkeypatch.setenv("RULESGRAPH_CACHE_DIR", str(cache_dir))
    src = tmp_path / "rules.txt"
    src.write_text("one")
    calls: list[str] = []

    def detect() -> str:
        calls.append("read")
        return "cr"

    assert store.remembered_format(str(src), detect) == "cr" and store.remembered_format(str(src), detect) == "cr"
    assert calls == ["read"]
    src.write_text("changed")  # another size: read again
    assert store.remembered_format(str(src), lambda: "faq") == "faq"
    (cache_dir / "formats.json").write_text("not json")  # a damaged table is only a miss
    assert store.remembered_format(str(src), lambda: "sections") == "sections"
