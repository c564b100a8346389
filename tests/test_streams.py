"""A whole process's standard streams (issue 31): short writes reported, any output encoding, a sane $COLUMNS."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesgraph_cli.streams import COLUMNS_RANGE, sane_size
from tests.minicards import atomic, encode
from tests.minicr import make_cr

MINI = Path(__file__).parent / "fixtures" / "mini_cr.txt"


def _rg(*argv: str, env: dict[str, str] | None = None, stdin: bytes = b"", stdout: int | None = None,
        limit: int | None = None) -> subprocess.CompletedProcess[bytes]:
    def small_files() -> None:  # a disk with 64 KB free, as far as this process can tell
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))  # type: ignore[arg-type]

    return subprocess.run([sys.executable, "-m", "rulesgraph", "--no-bundled", "--rules", str(MINI), *argv], input=stdin,
                          stdout=stdout if stdout is not None else subprocess.PIPE, stderr=subprocess.PIPE,
                          env={**os.environ, **(env or {}), **({"PYTHONDONTWRITEBYTECODE": "1"} if limit else {})}, timeout=120,
                          preexec_fn=small_files if limit else None)  # a limited process wrote truncated .pyc files for later


def _one_line(proc: subprocess.CompletedProcess[bytes], says: str) -> None:
    err = proc.stderr.decode(errors="replace")
    assert proc.returncode == 2 and err.count("\n") == 1 and says in err and "Traceback" not in err, (proc.returncode, err)


@pytest.mark.parametrize("fmt", ["json", "graphml", "dot"])
def test_export_to_a_nearly_full_disk_is_an_error_not_a_cut_file(tmp_path: Path, fmt: str) -> None:
    """``export graph - > file`` with 64 KB left exited 0, said "wrote …", and the file ended at 65,536 bytes."""
    out = tmp_path / "graph.out"
    assert _rg("check").returncode == 0  # the cache is written first: a small graph is 4 KB, let 1 KB through
    with out.open("wb") as fh:
        proc = _rg("export", "graph", "-", "--format", fmt, stdout=fh.fileno(), limit=1024)
    _one_line(proc, "File too large")
    assert "wrote" not in proc.stderr.decode()


def test_export_into_a_closed_pipe_does_not_claim_it_wrote(tmp_path: Path) -> None:
    """``export graph - | head -c1`` said "wrote …" (of a graph larger than the pipe holds)."""
    big = tmp_path / "big.txt"
    big.write_text(make_cr(filler=600), encoding="utf-8")
    proc = subprocess.run(f"{sys.executable} -m rulesgraph --no-bundled --rules {big} export graph - --format json | head -c1",
                          shell=True, capture_output=True, timeout=120)
    assert proc.stdout == b"{" and proc.stderr == b"", proc.stderr


@pytest.mark.parametrize("argv", [["--help"], ["export", "--help"], ["update", "--help"]])
def test_help_into_a_full_device_is_an_error(argv: list[str]) -> None:
    """argparse swallows the error of writing its help: ``--help > /dev/full`` exited 0 in silence."""
    with open("/dev/full", "wb") as full:
        proc = _rg(*argv, stdout=full.fileno())
    _one_line(proc, "No space left on device")


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp1252"])
def test_any_output_encoding_degrades_to_escapes(tmp_path: Path, encoding: str) -> None:
    """``ask``, ``card`` and the REPL ended in UnicodeEncodeError under ``PYTHONIOENCODING=ascii`` or ``latin-1``."""
    data = tmp_path / "data"
    env = {"PYTHONIOENCODING": encoding, "RULESGRAPH_DATA_DIR": str(data), "RULESGRAPH_CACHE_DIR": str(tmp_path / "cache")}
    cards = tmp_path / "cards.json"
    cards.write_bytes(encode(atomic({"Ríverwalker — “the First”": [{"name": "Ríverwalker — “the First”", "type": "Creature — Elf",
                                                                    "text": "Trample — it’s “big”.", "layout": "normal",
                                                                    "rulings": [{"date": "2020-01-01", "text": "Ünïcode ✓ — ok"}]}]})))
    assert _rg("update", "cards", "--file", str(cards), env=env).returncode == 0
    for argv, stdin in ((["ask", "what does trample do — with “Ríverwalker”?"], b""), (["card", "Riverwalker"], b""),
                        (["ask", "-"], "trample — “Ríverwalker”\n".encode()), ([], "trample\nRíverwalker\n:card Riverwalker\n".encode())):
        proc = _rg(*argv, env=env, stdin=stdin)
        err = proc.stderr.decode(errors="replace")
        assert proc.returncode == 0 and "Traceback" not in err and "Error" not in err, (argv, err[-400:])
        assert proc.stdout.strip(), argv
        if encoding == "ascii":
            assert proc.stdout.isascii()
    # JSON stays JSON: what the encoding cannot say is a JSON escape (an escape of the stream's, \U0001f600, would not be)
    proc = _rg("ask", "--json", "trample 😀 — “Ríverwalker”", env=env)
    assert proc.returncode == 0 and json.loads(proc.stdout.decode(encoding))["question"] == "trample 😀 — “Ríverwalker”"


@given(st.one_of(st.integers(-10**12, 10**12).map(str), st.text(max_size=12)))
def test_columns_is_clamped_or_dropped(value: str) -> None:
    sane = sane_size(value, *COLUMNS_RANGE)
    try:
        number = int(value.strip())
    except ValueError:
        assert sane is None
        return
    assert sane is not None and COLUMNS_RANGE[0] <= int(sane) <= COLUMNS_RANGE[1]
    if COLUMNS_RANGE[0] <= number <= COLUMNS_RANGE[1]:
        assert int(sane) == number


@pytest.mark.parametrize("columns", ["-5", "0", "999999999", "1e9", "wide", ""])
def test_bad_columns_still_answer_quickly(columns: str) -> None:
    """``COLUMNS=-5`` printed nothing and exited 0; ``999999999`` ran for over a minute."""
    proc = _rg("rule", "702.19", env={"COLUMNS": columns})
    assert proc.returncode == 0 and b"Trample" in proc.stdout and proc.stderr == b"", proc.stderr


def test_lines_are_read_one_at_a_time_and_none_past_the_limit() -> None:
    """A line of stdin is read up to ``LINE_LIMIT`` bytes besides its ending: bytes or text, LF or CRLF, what does not
    decode replaced."""
    import io

    from rulesgraph import RulesgraphError
    from rulesgraph_cli.streams import lines_of

    assert list(lines_of(io.BytesIO(b"ward\r\ntrample\n\nflying"))) == ["ward", "trample", "", "flying"]
    assert list(lines_of(io.StringIO("ward\nreach\n"))) == ["ward", "reach"]
    assert list(lines_of(io.BytesIO(b"caf\xe9\n"))) == ["caf\ufffd"]
    for ending in (b"\n", b"\r\n", b""):  # the line's own ending does not count
        assert list(lines_of(io.BytesIO(b"x" * 11 + ending), limit=11)) == ["x" * 11], ending
        with pytest.raises(RulesgraphError):
            list(lines_of(io.BytesIO(b"x" * 12 + ending), limit=11))
    read = lines_of(io.BytesIO(b"ward\n" + b"x" * 12 + b"\nreach\n"), limit=11)
    assert next(read) == "ward"
    with pytest.raises(RulesgraphError, match="longer than"):
        next(read)


@pytest.mark.parametrize("argv", [["ask", "-"], ["ask", "--json", "-"], ["--plain"]])
def test_an_endless_line_of_stdin_is_one_line_not_all_memory(argv: list[str]) -> None:
    """``ask - < /dev/zero`` (and the REPL reading a pipe) read one line with no end into memory until the kernel killed the
    process, or printed a MemoryError traceback under a memory limit: now one line and exit 2, the questions before it
    answered."""
    proc = _rg(*argv, stdin=b"ward\n" + b"\0" * ((1 << 20) + 10))
    err = proc.stderr.decode(errors="replace").splitlines()  # the REPL says first that no card data is installed
    assert proc.returncode == 2 and err[-1] == "rulesgraph: error: a line of stdin is longer than 1 MB: not a question"
    assert "Traceback" not in proc.stderr.decode(errors="replace") and b"ward" in proc.stdout.lower()


def test_a_cache_that_cannot_be_written_is_said_once(tmp_path: Path) -> None:
    """With card data installed and the cache directory a regular file, the rules' cache and the card names' each said
    "cache not written …": two identical lines where one is promised."""
    env = {"RULESGRAPH_DATA_DIR": str(tmp_path / "data"), "RULESGRAPH_CACHE_DIR": str(tmp_path / "cache")}
    cards = tmp_path / "cards.json"
    cards.write_bytes(encode(atomic({"Riverwalker": [{"name": "Riverwalker", "type": "Creature — Elf", "text": "Trample",
                                                      "layout": "normal"}]})))
    assert _rg("update", "cards", "--file", str(cards), env=env).returncode == 0
    (tmp_path / "cachefile").write_text("not a directory")
    proc = _rg("ask", "does Riverwalker have trample?", env={**env, "RULESGRAPH_CACHE_DIR": str(tmp_path / "cachefile")})
    err = proc.stderr.decode(errors="replace").splitlines()
    assert proc.returncode == 0 and len(err) == 1 and err[0].startswith("rulesgraph: cache not written (File exists:"), err
