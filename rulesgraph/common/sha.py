"""SHA-256 and HMAC-SHA-256 without loading OpenSSL for what is small.

:mod:`hashlib` and :mod:`hmac` load OpenSSL's ``libcrypto`` on import: ~3.7 MB of a process's resident memory, and
~3 ms of its start, for what an answering process hashes — a few short keys, and a cache file's HMAC now and then.
Python's own SHA-256 (the interpreter's built-in ``_sha2``/``_sha256`` module) gives the same digests with no library
loaded; it is ~5× slower per byte, so data of :data:`BIG` bytes or more (a whole rules file, a cache entry checked
for the first time) is still hashed by :mod:`hashlib`, imported then.
"""

from __future__ import annotations

from typing import Any

try:
    from _sha2 import sha256 as _builtin  # Python 3.12+
except ImportError:  # pragma: no cover - the interpreter's version
    try:
        from _sha256 import sha256 as _builtin
    except ImportError:
        from hashlib import sha256 as _builtin
try:
    from _operator import _compare_digest as compare_digest  # what hmac.compare_digest is
except ImportError:  # pragma: no cover - another interpreter
    from hmac import compare_digest

__all__ = ["BIG", "compare_digest", "hmac_sha256", "sha256"]

BIG = 1 << 20
"""Bytes from which :mod:`hashlib` (OpenSSL: its import paid once, then ~5× faster a byte) hashes instead."""
_BLOCK = 64
_IPAD = bytes(x ^ 0x36 for x in range(256))
_OPAD = bytes(x ^ 0x5C for x in range(256))


def sha256(data: bytes | memoryview = b"") -> Any:
    """A SHA-256 hash object of ``data`` (``hexdigest``, ``digest``, ``update``), as ``hashlib.sha256(data)``."""
    if len(data) >= BIG:
        import hashlib

        return hashlib.sha256(data)
    return _builtin(data)


def hmac_sha256(key: bytes, data: bytes | memoryview) -> bytes:
    """``hmac.new(key, data, hashlib.sha256).digest()`` (RFC 2104)."""
    if len(data) >= BIG:
        import hashlib
        import hmac

        return hmac.new(key, data, hashlib.sha256).digest()
    if len(key) > _BLOCK:
        key = _builtin(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    inner = _builtin(key.translate(_IPAD))
    inner.update(data)
    return _builtin(key.translate(_OPAD) + inner.digest()).digest()  # type: ignore[no-any-return]
