"""A binary stream that writes all it is given or raises.

A buffered file handed more than the device takes (a disk that fills up, ``ulimit -f``, a reader that closed the
pipe) returns a short count instead of raising, and what is left is lost in silence (``export graph - > file`` on a
nearly full disk cut the file at 64 KB and said "wrote …").  :class:`WholeWriter` writes the rest again, which raises
the device's error.  Exports write through it; so does a whole ``rulesgraph`` process's standard output.
"""

from __future__ import annotations

import errno
import io
import os
from typing import Any, BinaryIO

__all__ = ["WholeWriter"]


class WholeWriter(io.BufferedIOBase):
    """A binary stream that writes all it is given or raises: a short write of the stream below is retried with
    the rest, which then reports the device's error (``ENOSPC``, ``EFBIG``, ``EPIPE``)."""

    def __init__(self, raw: BinaryIO) -> None:
        super().__init__()
        self.raw_stream = raw
        self.error: OSError | None = None
        """The first error writing raised (a caller such as argparse may swallow it; the exit status must not)."""

    def write(self, data: Any) -> int:
        view = memoryview(data).cast("B")
        done = 0
        try:
            while done < len(view):
                n = self.raw_stream.write(view[done:])
                if n is None:  # a non-blocking stream that took nothing: try again
                    continue
                if n <= 0:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                done += n
        except OSError as exc:
            self.error = self.error or exc
            raise
        return done

    def flush(self) -> None:
        try:
            self.raw_stream.flush()
        except OSError as exc:
            self.error = self.error or exc
            raise

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.raw_stream.fileno()

    def isatty(self) -> bool:
        return self.raw_stream.isatty()

    def close(self) -> None:
        if not self.closed:
            try:
                self.flush()
            finally:
                super().close()
