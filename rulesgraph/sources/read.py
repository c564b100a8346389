"""Read source files: bytes → decoded, line-split text with provenance (their format is :mod:`.detect`'s to tell).

This is the only module that touches source bytes.  It accepts UTF-8 (with or
without BOM), UTF-16/32 with BOM, UTF-16 without one, and falls back to Windows-1252; line endings may
be LF, CRLF or CR, mixed.  Problems a user can cause raise :class:`SourceError`.
"""

from __future__ import annotations

import codecs
import errno
import os
from pathlib import Path
from typing import NamedTuple

from ..common.lazyre import lazy
from ..common.sha import sha256
from ..errors import SourceError

__all__ = [
    "FORMATS", "MAX_BYTES", "RawSource", "SourceText", "decode", "decode_source", "read_bytes", "read_source",
    "split_lines",
]

FORMATS = ("cr", "faq", "excerpt", "sections")
"""Every format a parser exists for."""

MAX_BYTES = 32 * 1024 * 1024
"""Larger files are refused: the full Comprehensive Rules are about 1 MB."""

_LINE_BREAK = lazy(r"\r+\n|\r|\n")
"""CR CR LF is one break: a CRLF file whose line ends were converted again (an LF made CRLF) has it; read as two, every
glossary term of the CR stood apart from its definition."""
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


class SourceText(NamedTuple):
    """A decoded source: its lines (without line breaks) and where they came from (a named tuple, as :class:`RawSource`:
    a process answering from the cache makes neither, and defining them as frozen dataclasses cost ~1 ms of its
    start)."""

    path: str
    """Display name: as given by the user, or the file name for bundled data."""
    lines: tuple[str, ...]
    sha256: str
    encoding: str

    @property
    def stem(self) -> str:
        return Path(self.path).stem


def split_lines(text: str) -> tuple[str, ...]:
    """Split on LF, CRLF (CR CR LF too) and CR only (not on the other characters ``str.splitlines`` breaks at); a form feed (a page
    break) is no text: dropped where it begins or ends a line, a space within one, so line numbers stay the file's; a
    line of form feeds alone stays one, for the parsers to read as a page break
    (:func:`~rulesgraph.parse.furniture.furniture`), not as a blank line that ends a paragraph.  The indentation every
    line shares is removed."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    if "\f" in text:  # a page break (a form feed) begins or ends a line of text copied out of a PDF: no text of its own
        lines = [line.strip("\f").replace("\f", " ") if line.strip("\f") else line for line in lines]  # a lone one stays
    return _dedented(lines)


def _dedented(lines: list[str]) -> tuple[str, ...]:
    """``lines`` without the indentation every line with text shares (a file indented whole, as some copies are: its rule
    numbers and ``Q:`` then begin their lines again, for the format's detection and its parser); unchanged when one line
    begins at the margin."""
    indents = [line[: len(line) - len(line.lstrip())] for line in lines if line.strip()]
    common = indents[0] if indents else ""
    for indent in indents:
        while common and not indent.startswith(common):
            common = common[:-1]
    return tuple(line[len(common) :] if line.strip() else line for line in lines) if common else tuple(lines)


def decode(data: bytes, path: str) -> tuple[str, str]:
    """Decode bytes to text; returns ``(text, encoding)``."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                text = data.decode(encoding)
            except UnicodeDecodeError as exc:
                raise SourceError(path, f"not valid {encoding.upper()} despite its byte-order mark ({exc.reason})") from None
            return text.lstrip("\ufeff"), encoding
    if b"\x00" in data[:65536]:
        if (wide := _utf16_without_mark(data)) is not None:
            return wide
        raise SourceError(path, "binary file (contains NUL bytes), not a rules text")
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    text = data.decode("cp1252", errors="replace")
    return text, "cp1252"


def _utf16_without_mark(data: bytes) -> tuple[str, str] | None:
    """The text of UTF-16 saved without a byte-order mark, when it is one: English text in it has a NUL byte in every
    other place (after each byte of ASCII in little-endian order, before it in big-endian) and none in the others;
    ``None`` for anything else (a binary file stays refused)."""
    sample = data[:65536 - len(data[:65536]) % 2]
    if len(sample) < 64:
        return None
    even, odd = sample[0::2].count(0) / (len(sample) // 2), sample[1::2].count(0) / (len(sample) // 2)
    encoding = "utf-16-le" if odd > 0.5 and even < 0.01 else "utf-16-be" if even > 0.5 and odd < 0.01 else None
    if encoding is None or len(data) % 2:
        return None
    try:
        return data.decode(encoding), encoding
    except UnicodeDecodeError:
        return None


def _looks_binary(text: str) -> bool:
    sample = text[:65536]
    if not sample:
        return False
    bad = sum(1 for ch in sample if (ord(ch) < 32 and ch not in "\t\n\r\f\v") or ch == "\ufffd")
    return bad / len(sample) > 0.05


class RawSource(NamedTuple):
    """A source's bytes and their hash: enough to find a cached build without decoding anything."""

    path: str
    data: bytes
    sha256: str


def read_bytes(path: str | os.PathLike[str], display: str | None = None) -> RawSource:
    """Read one source file's bytes, refusing what cannot be a rules text (missing, a directory, too large, empty).

    At most :data:`MAX_BYTES` are read whatever the file claims: a device such as ``/dev/zero`` has no size
    and no end.  A pipe (``--rules <(…)``) is read once, to its end."""
    shown = display or os.fspath(path)
    p = Path(path)
    too_large = f"the limit is {MAX_BYTES // 2**20} MB"
    try:
        if p.is_dir():
            raise SourceError(shown, "is a directory, not a file")
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise SourceError(shown, f"file too large ({size / 1e6:.0f} MB; {too_large})")
        with p.open("rb") as fh:  # as much as the file says it holds (reading MAX_BYTES at once allocates them all)
            data = fh.read(size + 1) if size else b""
            if len(data) > size or not size:  # grown since, or a pipe or device that tells no size
                data += fh.read(MAX_BYTES + 1 - len(data))
        if len(data) > MAX_BYTES:
            raise SourceError(shown, f"file too large (more than {MAX_BYTES // 2**20} MB; {too_large})")
    except SourceError:
        raise
    except FileNotFoundError:
        raise SourceError(shown, "no such file") from None
    except PermissionError:
        raise SourceError(shown, "cannot read it: permission denied") from None
    except OSError as exc:
        reason = "symbolic link loop" if exc.errno == errno.ELOOP else (exc.strerror or str(exc))
        raise SourceError(shown, f"cannot read it: {reason}") from None
    if not data.strip():
        raise SourceError(shown, "empty file")
    return RawSource(shown, data, sha256(data).hexdigest())


def decode_source(raw: RawSource) -> SourceText:
    """Decode a source's bytes into lines."""
    text, encoding = decode(raw.data, raw.path)
    if _looks_binary(text):
        raise SourceError(raw.path, "binary file (mostly control characters), not a rules text")
    return SourceText(raw.path, split_lines(text), raw.sha256, encoding)


def read_source(path: str | os.PathLike[str], display: str | None = None) -> SourceText:
    """Read and decode one source file, refusing what cannot be a rules text."""
    return decode_source(read_bytes(path, display))
