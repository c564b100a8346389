from __future__ import annotations

import codecs
import os
import threading
from pathlib import Path

import pytest

from rulesgraph.errors import SourceError
from rulesgraph.sources.detect import detect_format
from rulesgraph.sources.read import MAX_BYTES, SourceText, read_source, split_lines

SECTIONS = "Flying\n\nFlying is an evasion ability.\n\nA creature with flying can’t be blocked.\n"


def test_split_lines_accepts_every_line_ending() -> None:
    assert split_lines("a\r\nb\rc\nd") == ("a", "b", "c", "d")
    assert split_lines("a\x0bb\x0cc\u2028d\n") == ("a\x0bb c\u2028d",)  # not str.splitlines (a form feed is a space)


def test_a_form_feed_is_a_page_break_not_text() -> None:
    """pdftotext begins each page's first line with a form feed: "\f111.7. …" is rule 111.7; the line count stays the file's."""
    assert split_lines("end of a page.\n\f111.7. A rule.\nword\fword\n\f") == ("end of a page.", "111.7. A rule.", "word word", "\f")
    # a form feed alone stays, for the parsers to read as a page break (not as a blank line ending a paragraph)


@pytest.mark.parametrize(
    ("encoded", "encoding"),
    [
        (codecs.BOM_UTF8 + SECTIONS.encode(), "utf-8-sig"),
        (SECTIONS.encode("utf-16"), "utf-16"),
        (SECTIONS.replace("\n", "\r\n").encode("cp1252"), "cp1252"),
        (SECTIONS.replace("\n", "\r").encode(), "utf-8"),
    ],
)
def test_encodings_are_read(tmp_path: Path, encoded: bytes, encoding: str) -> None:
    path = tmp_path / "s.txt"
    path.write_bytes(encoded)
    source = read_source(path)
    assert source.encoding == encoding
    assert source.lines[4] == "A creature with flying can’t be blocked."
    assert detect_format(source) == "sections"


@pytest.mark.parametrize(
    ("content", "message"),
    [(None, "no such file"), (b"", "empty file"), (b"  \n\n", "empty file"), (b"\x00\x01\x02abc", "binary file"),
     (bytes(range(1, 32)) * 50, "binary file")],
)
def test_unreadable_files_raise_one_line(tmp_path: Path, content: bytes | None, message: str) -> None:
    path = tmp_path / "x.txt"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(SourceError, match=message) as info:
        read_source(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)


def test_directory_huge_and_symlink_loop(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="directory"):
        read_source(tmp_path)
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as fh:
        fh.truncate(MAX_BYTES + 1)
    with pytest.raises(SourceError, match="too large"):
        read_source(huge)
    loop = tmp_path / "loop"
    os.symlink(loop, loop)
    with pytest.raises(SourceError, match="symbolic link loop"):
        read_source(loop)


def test_permission_denied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "locked.txt"
    path.write_text(SECTIONS)
    path.chmod(0)
    if os.geteuid() == 0:  # root reads anything: make the read fail the way it does for users

        def denied(self: Path, *args: object, **kwargs: object) -> None:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(Path, "open", denied)
    with pytest.raises(SourceError, match="permission denied"):
        read_source(path)


def test_a_device_without_end_is_refused_after_the_limit(tmp_path: Path) -> None:
    """/dev/zero has no size to check and no end: it used to be read until memory ran out (MemoryError)."""
    with pytest.raises(SourceError, match=r"/dev/zero: file too large \(more than 32 MB"):
        read_source("/dev/zero")


def test_a_file_is_read_without_allocating_the_limit(tmp_path: Path) -> None:
    """A 9 KB file costs about 9 KB to read: ``read(MAX_BYTES + 1)`` allocated 32 MB for every file (the tournament
    documents, read on a process's first policy question, showed as a 34 MB peak)."""
    import tracemalloc

    path = tmp_path / "small.txt"
    path.write_text(SECTIONS * 40)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        read_source(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * 2**20


def test_a_file_grown_since_its_size_was_read_is_read_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "growing.txt"
    path.write_text(SECTIONS)
    real_stat = Path.stat
    monkeypatch.setattr(Path, "stat", lambda self, **kw: os.stat_result((*real_stat(self, **kw)[:6], 10, *real_stat(self, **kw)[7:])))
    assert list(read_source(path).lines) == SECTIONS.splitlines()  # told 10 bytes, read to its end


def test_a_pipe_is_read_to_its_end(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_text, args=(SECTIONS,))
    writer.start()
    assert read_source(fifo).lines[0] == "Flying"
    writer.join()


def test_unknown_format_is_none(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("Shopping list\n\neggs, milk and bread.\n")
    assert detect_format(read_source(path)) is None


def test_utf16_saved_without_a_byte_order_mark_is_read() -> None:
    """Refused as "binary file (contains NUL bytes)" (parser audit, stop 75); a binary file with NUL bytes still is."""
    from rulesgraph.sources.read import decode

    text = "100.1. These Magic rules apply to any Magic game with two or more players.\n" * 3
    for encoding in ("utf-16-le", "utf-16-be"):
        assert decode(text.encode(encoding), "x.txt") == (text, encoding)
    with pytest.raises(SourceError, match="binary file"):
        decode(bytes(range(256)) * 4, "x.bin")


def test_detection_reads_past_a_cover_an_indent_and_a_wrapped_reference() -> None:
    """A CR whose date line comes after a cover page was read as an excerpt (1,953 anomalies, exit 0); a file indented
    whole fit no format; a sections page whose wrap put "601.2b and 601.2f–h." at a line's start was taken for an
    excerpt and refused (FAQ/excerpt/sections audit, stop 75)."""
    from tests.test_parse_cr import MINI

    def detected(text: str) -> str | None:
        return detect_format(SourceText("x.txt", split_lines(text), "0" * 64, "utf-8"))

    mini = MINI.lstrip("\ufeff").replace("\r\n", "\n")
    assert detected(mini) == "cr" and detected("\n" * 45 + mini) == "cr"
    assert detected("".join(f"    {line}\n" for line in mini.split("\n"))) == "cr"
    assert split_lines("  a\n    b\n\n  c") == ("a", "  b", "", "c")  # the indentation every line shares goes
    page = "Menace\n\nMenace is an evasion ability. See rules\n601.2b and 601.2f for how it is blocked.\n"
    assert detected(page) == "sections"
