"""rulesgraph.common.whole: a writer that writes all it is given or raises, whatever short counts the stream below returns."""

from __future__ import annotations

import errno
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesgraph.common.whole import WholeWriter


class Device(io.RawIOBase):
    """Takes at most ``step`` bytes a call and ``room`` bytes in all, then raises ENOSPC (a full disk's short writes)."""

    def __init__(self, step: int, room: int) -> None:
        super().__init__()
        self.step, self.room, self.got = step, room, bytearray()

    def writable(self) -> bool:
        return True

    def write(self, data: bytes) -> int:  # type: ignore[override]
        if len(self.got) >= self.room:
            raise OSError(errno.ENOSPC, "No space left on device")
        n = min(len(data), self.step, self.room - len(self.got))
        self.got += bytes(data[:n])
        return n


@given(data=st.binary(max_size=5000), step=st.integers(1, 700), room=st.integers(0, 6000))
def test_all_is_written_or_the_error_is_raised(data: bytes, step: int, room: int) -> None:
    device = Device(step, room)
    writer = WholeWriter(device)  # type: ignore[arg-type]
    if len(data) <= room:
        assert writer.write(data) == len(data) and bytes(device.got) == data and writer.error is None
    else:
        with pytest.raises(OSError, match="No space left"):
            writer.write(data)
        assert bytes(device.got) == data[:room] and writer.error is not None  # kept for a caller that swallowed it


def test_a_stream_that_takes_nothing_is_a_full_device() -> None:
    class Nothing(Device):
        def write(self, data: bytes) -> int:  # type: ignore[override]
            return 0

    with pytest.raises(OSError, match="No space left"):
        WholeWriter(Nothing(1, 1)).write(b"x")  # type: ignore[arg-type]
