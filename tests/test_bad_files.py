"""Bad source files, end to end: every command that reads sources says what is wrong in one line on stderr,
exits 2, prints no traceback and writes nothing (the cache, data and config directories are left as they
were).  Files in other encodings and with mixed line endings are not bad: they load the same rules."""

from __future__ import annotations

import codecs
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from rulesgraph import SourceSpec, load
from rulesgraph.build.cache import CHECKED
from rulesgraph_cli.main import main

from .conftest import FIXTURES
from .minicr import make_cr

HUGE = 100 * 1024 * 1024


def _denied(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests run as root, who reads anything: make opening this one file fail the way it does for users."""
    path.write_text(make_cr(), encoding="utf-8")
    path.chmod(0)
    real_open = Path.open

    def guarded(self: Path, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        if self == path:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "open", guarded)


def _sparse(path: Path, size: int) -> None:
    with path.open("wb") as fh:
        fh.truncate(size)


BAD: dict[str, tuple[Callable[[Path, pytest.MonkeyPatch], object], str | dict[str, str]]] = {
    "missing": (lambda p, m: None, "no such file"),
    "directory": (lambda p, m: p.mkdir(), "is a directory"),
    "empty": (lambda p, m: p.write_bytes(b""), "empty file"),
    "blank lines only": (lambda p, m: p.write_bytes(b"  \r\n\n\t\r"), "empty file"),
    "binary (NUL bytes)": (lambda p, m: p.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 8), "binary file"),
    "binary (control characters)": (lambda p, m: p.write_bytes(bytes(range(1, 32)) * 100), "binary file"),
    "huge (100 MB, sparse)": (lambda p, m: _sparse(p, HUGE), "file too large (105 MB"),
    "device without end": (lambda p, m: p.symlink_to("/dev/zero"), "file too large (more than 32 MB"),
    "permission denied": (_denied, "permission denied"),
    "symlink loop": (lambda p, m: os.symlink(p, p), "symbolic link loop"),
    "broken UTF-16": (lambda p, m: p.write_bytes(codecs.BOM_UTF16_LE + "Glossary".encode("utf-16-le") + b"\x00\xd8"), "not valid UTF-16"),
    "not rules at all": (lambda p, m: p.write_text("Dear diary,\n\ntoday nothing happened.\n"),  # update and diff take only a CR
                         {**dict.fromkeys(("check", "rule", "ask", "kw", "repl"), "unknown format"),
                          "update": "not the Comprehensive Rules", "diff": "not a Comprehensive Rules file"}),
}

COMMANDS = {
    "check": ["check", "{bad}"],
    "rule": ["--rules", "{bad}", "rule", "702.19"],
    "ask": ["--rules", "{bad}", "ask", "what does trample do"],
    "kw": ["--rules", "{bad}", "kw", "trample"],
    "repl": ["--rules", "{bad}"],
    "update": ["update", "--file", "{bad}"],
    "diff": ["diff", "{bad}", "{good}"],
}


def snapshot() -> dict[str, tuple[int, int]]:
    """Every file under the cache, data and config directories, with its size and modification time; but the cache's
    list of entries already checked (:data:`rulesgraph.build.cache.CHECKED`): a command reading a good entry built by an
    earlier test less than :data:`~rulesgraph.build.cache.SETTLED` seconds before remembers its check there, whatever
    the bad file does (the snapshot failed so when tests/test_streams.py ran just before)."""
    out = {}
    for var in ("RULESGRAPH_CACHE_DIR", "RULESGRAPH_DATA_DIR", "RULESGRAPH_CONFIG_DIR"):
        root = Path(os.environ[var])
        for p in sorted(root.rglob("*")) if root.exists() else []:
            if var == "RULESGRAPH_CACHE_DIR" and p.name == CHECKED:
                continue
            st = p.lstat()
            out[str(p)] = (st.st_size, st.st_mtime_ns)
    return out


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("kind", list(BAD))
def test_a_bad_file_is_one_line_exit_2_and_nothing_written(kind: str, command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    setup, messages = BAD[kind]
    message = messages[command] if isinstance(messages, dict) else messages
    bad, good = tmp_path / "rules file.txt", tmp_path / "good.txt"
    good.write_text(make_cr("2024-02-02"), encoding="utf-8")
    setup(bad, monkeypatch)
    monkeypatch.setattr(sys, "stdin", open(os.devnull))  # noqa: SIM115 - the REPL without a terminal reads lines from here
    before = snapshot()
    argv = [a.format(bad=bad, good=good) for a in COMMANDS[command]]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (out, err)
    assert err.count("\n") == 1 and err.startswith("rulesgraph: error: ") and str(bad) in err and "Traceback" not in err
    if command == "diff" and kind in ("missing", "symlink loop"):
        message = "neither an installed date (installed: none) nor a file"  # diff takes a date or a file
    assert message and message in err, (message, err)
    assert snapshot() == before


def test_a_bad_file_in_the_real_program(tmp_path: Path) -> None:
    """The installed entry point, as a user runs it: the same one line and status 2."""
    proc = subprocess.run([sys.executable, "-m", "rulesgraph", "--rules", str(tmp_path / "nope.txt"), "rule", "702.19"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"rulesgraph: error: {tmp_path / 'nope.txt'}: no such file\n"


_PEAK = """
import os, resource, sys
from rulesgraph_cli.main import main
codes = [main(argv) for argv in ({runs})]
if os.path.exists("/proc/self/status"):  # VmHWM: this process's own peak (ru_maxrss keeps the forking parent's across exec)
    peak = int(next(line for line in open("/proc/self/status") if line.startswith("VmHWM")).split()[1]) // 1024
else:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(codes, peak)
"""


def test_a_hundred_megabytes_of_text_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    """100 MB of real text (not sparse): refused before it is read, by every command; the process stays small."""
    huge = tmp_path / "huge.txt"
    chunk = ("702.19b The controller of an attacking creature with trample first assigns damage. " * 12_000 + "\n").encode()
    with huge.open("wb") as fh:
        while fh.tell() < HUGE:
            fh.write(chunk)
    good = tmp_path / "good.txt"
    good.write_text(make_cr(), encoding="utf-8")
    runs = [["--no-bundled", "--rules", str(huge), "check"], ["check", str(huge)], ["update", "--file", str(huge)],
            ["diff", str(huge), str(good)], ["--rules", str(huge), "ask", "trample"], ["--no-bundled", "--rules", "/dev/zero", "check"]]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.run([sys.executable, "-c", _PEAK.format(runs=repr(runs))], capture_output=True, text=True, timeout=120, env=env)
    codes, peak_mb = proc.stdout.split("]")
    assert codes == "[" + ", ".join(["2"] * len(runs)), proc.stderr
    assert proc.stderr.count("file too large") == len(runs) and "Traceback" not in proc.stderr
    assert huge.stat().st_size >= HUGE and int(peak_mb) < 200, f"peak RSS {peak_mb} MB"  # reading it whole would take 100+ MB


ENCODINGS: dict[str, Callable[[str], bytes]] = {
    "UTF-8": lambda t: t.encode("utf-8"),
    "UTF-8 with BOM": lambda t: codecs.BOM_UTF8 + t.encode("utf-8"),
    "UTF-16 LE with BOM": lambda t: t.encode("utf-16"),
    "UTF-16 BE with BOM": lambda t: codecs.BOM_UTF16_BE + t.encode("utf-16-be"),
    "UTF-32 with BOM": lambda t: t.encode("utf-32"),
    "Windows-1252": lambda t: t.encode("cp1252"),
    "CRLF": lambda t: t.replace("\n", "\r\n").encode("utf-8"),
    "CR only (old Mac)": lambda t: t.replace("\n", "\r").encode("utf-8"),
    "mixed line endings": lambda t: "".join(line + ("\r\n", "\r", "\n")[i % 3] for i, line in enumerate(t.split("\n"))).encode(),
}


@pytest.fixture(scope="module")
def reference_rules() -> dict[str, tuple[str, ...]]:
    book = load([SourceSpec(str(FIXTURES / "mini_cr.txt"), None, "mini.txt")], use_cache=False)
    return {n: (d["text"], *d.get("examples", ())) for n, d in book.graph.nodes(data=True)}


@pytest.mark.parametrize("encoding", list(ENCODINGS))
def test_other_encodings_and_line_endings_load_the_same_rules(encoding: str, tmp_path: Path, reference_rules: dict[str, tuple[str, ...]],
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    text = (FIXTURES / "mini_cr.txt").read_text(encoding="utf-8").replace("can't", "can’t")  # one character beyond ASCII
    path = tmp_path / "mini.txt"
    path.write_bytes(ENCODINGS[encoding](text))
    book = load([SourceSpec(str(path), None, "mini.txt")], use_cache=False)
    rules = {n: (d["text"], *d.get("examples", ())) for n, d in book.graph.nodes(data=True)}
    assert {n: tuple(t.replace("can’t", "can't") for t in v) for n, v in rules.items()} == reference_rules
    assert main(["check", str(path)]) == 0 and re.search(r"^anomalies +0$", capsys.readouterr().out, re.MULTILINE)


@pytest.mark.parametrize("fmt", ["faq", "cr", "excerpt"])  # "sections" reads any short line as a heading
def test_a_file_of_another_kind_given_a_format_is_one_line_exit_2(fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--rules faq:notes.txt`` on a file with no rule, glossary entry or FAQ question in it: said, not loaded empty."""
    notes = tmp_path / "notes.md"
    notes.write_text("hello world\nthis is not a FAQ page\n", encoding="utf-8")
    before = snapshot()
    code = main(["--rules", f"{fmt}:{notes}", "ask", "what does trample do"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and str(notes) in err
    assert "no rule, glossary entry or FAQ question found in it" in err and "Traceback" not in err
    assert snapshot() == before


def test_check_reports_a_file_of_another_kind_with_its_lines_and_the_next_load_still_refuses_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``check faq:notes.txt`` is a diagnosis: the file is reported (an ``empty`` anomaly, and each line it could not
    place), not refused; nothing it loaded is cached, so ``ask`` with the same file still refuses it."""
    notes = tmp_path / "notes.md"
    notes.write_text("hello world\nthis is not a FAQ page\n", encoding="utf-8")
    assert main(["check", f"faq:{notes}"]) == 0
    out = capsys.readouterr().out
    assert "empty: no rule, glossary entry or FAQ question found in it" in out and "unplaced" in out and "'hello world'" in out
    assert main(["--rules", f"faq:{notes}", "ask", "what does trample do"]) == 2
    assert "no rule, glossary entry or FAQ question found in it" in capsys.readouterr().err
