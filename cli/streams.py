"""The standard streams of a whole ``rulesgraph`` process: every byte written or an error, text that degrades to
escapes on any output encoding, and a terminal size in a sane range.

* A buffered writer handed more than the device takes (a disk that fills up, ``ulimit -f``, a reader that closes
  the pipe) returns a short count instead of raising: what is left is dropped in silence (``export graph - > file``
  on a nearly full disk cut the file at 64 KB and said "wrote …").  :class:`WholeWriter` writes the rest again, so
  the device's error is raised.
* An ASCII or Latin-1 locale (``PYTHONIOENCODING=ascii``) cannot encode a dash or a curly quote: text is written
  with ``backslashreplace`` (``\\u2014``) instead of ending the answer with ``UnicodeEncodeError``.
* ``COLUMNS``/``LINES`` of ``-5`` printed nothing; of ``999999999`` made rich lay out a billion columns: values out
  of :data:`COLUMNS_RANGE` (or not a number) are clamped (or dropped) before anything reads them.
* A line of stdin is read up to :data:`LINE_LIMIT` (:func:`lines_of`): ``ask - < /dev/zero`` read one endless line into
  memory until the kernel killed the process (or printed a ``MemoryError`` traceback under a memory limit).
"""

from __future__ import annotations

import codecs
import io
import os
import sys
from collections.abc import Iterator
from typing import IO, Any, BinaryIO

from rulesgraph import RulesgraphError
from rulesgraph.common.whole import WholeWriter

__all__ = ["COLUMNS_RANGE", "LINES_RANGE", "LINE_LIMIT", "WholeWriter", "lines_of", "prepare", "sane_size", "whole", "write_error"]

COLUMNS_RANGE = (20, 1000)
LINES_RANGE = (5, 1000)
LINE_LIMIT = 1 << 20
"""The longest line of stdin read as one question or command, in bytes (a question is cut at 2,000 characters anyway):
a longer one — a stream with no line breaks — is refused in one line (:func:`lines_of`), not read whole into memory."""


def lines_of(stream: IO[Any], limit: int = LINE_LIMIT) -> Iterator[str]:
    """Each line of ``stream`` without its ending (LF or CRLF; bytes read as UTF-8, what does not decode replaced), one at a
    time, none read past ``limit`` bytes (characters, for a text stream) besides its ending: a longer line raises
    :class:`RulesgraphError` (the lines before it were handled)."""
    while True:
        raw = stream.readline(limit + 2)  # room for the line's own ending, CRLF included
        if not raw:
            return
        line = raw.rstrip(b"\r\n" if isinstance(raw, bytes) else "\r\n")
        if len(line) > limit:
            raise RulesgraphError(f"a line of stdin is longer than {limit // 2**20} MB: not a question")
        yield line.decode("utf-8", errors="replace") if isinstance(line, bytes) else line


def whole(stream: BinaryIO) -> BinaryIO:
    """``stream`` wrapped in a :class:`WholeWriter` (once)."""
    return stream if isinstance(stream, WholeWriter) else WholeWriter(stream)  # type: ignore[return-value]


def _utf(encoding: str | None) -> bool:
    try:
        return codecs.lookup(encoding or "ascii").name.startswith("utf")
    except LookupError:
        return False


def _rewrap(stream: Any, reading: bool = False) -> Any:
    """A text stream over the same file: writing whole and with escapes for what its encoding cannot say, or
    (``reading``) decoding what its encoding cannot with U+FFFD instead of raising."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None or not isinstance(stream, io.TextIOWrapper) or (reading and _utf(stream.encoding)):
        return stream
    if reading:
        return io.TextIOWrapper(buffer, encoding=stream.encoding, errors="replace", line_buffering=stream.line_buffering)
    errors = stream.errors if _utf(stream.encoding) else "backslashreplace"
    stream.flush()
    return io.TextIOWrapper(whole(buffer), encoding=stream.encoding, errors=errors, newline=None,
                            line_buffering=stream.line_buffering, write_through=stream.write_through)


def write_error() -> OSError | None:
    """The first error writing standard output raised, even where it was swallowed (argparse's help)."""
    return getattr(getattr(sys.stdout, "buffer", None), "error", None)


def sane_size(value: str | None, low: int, high: int) -> str | None:
    """``value`` of ``COLUMNS`` or ``LINES`` clamped to ``low…high``; ``None`` when it is not a whole number."""
    try:
        number = int((value or "").strip())
    except ValueError:
        return None
    return str(min(max(number, low), high))


def prepare() -> None:
    """Make the process's standard output and error whole-writing and escaping, and its terminal size sane."""
    for name, (low, high) in (("COLUMNS", COLUMNS_RANGE), ("LINES", LINES_RANGE)):
        if name in os.environ:
            value = sane_size(os.environ[name], low, high)
            if value is None:
                del os.environ[name]
            else:
                os.environ[name] = value
    if sys.stdin is not None:
        sys.stdin = _rewrap(sys.stdin, reading=True)
    if sys.stdout is not None:
        sys.stdout = _rewrap(sys.stdout)
    if sys.stderr is not None:
        sys.stderr = _rewrap(sys.stderr)
