"""SHA-256 and HMAC-SHA-256 of :mod:`rulesgraph.common.sha`: the digests of :mod:`hashlib` and :mod:`hmac`, small and big,
and OpenSSL left unloaded by what an answering process imports."""

from __future__ import annotations

import hashlib
import hmac
import subprocess
import sys

import pytest

from rulesgraph.common.sha import BIG, compare_digest, hmac_sha256, sha256


@pytest.mark.parametrize("size", [0, 1, 63, 64, 65, 4096, BIG - 1, BIG, BIG + 3])
@pytest.mark.parametrize("key", [b"", b"k" * 32, b"k" * 64, b"k" * 65, bytes(range(200))])
def test_same_digests_as_hashlib_and_hmac(size: int, key: bytes) -> None:
    data = bytes(i * 7 % 251 for i in range(size))
    assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    assert sha256(memoryview(data)).digest() == hashlib.sha256(data).digest()
    assert hmac_sha256(key, data) == hmac_sha256(key, memoryview(data)) == hmac.new(key, data, hashlib.sha256).digest()


def test_compare_digest() -> None:
    assert compare_digest(b"abc", b"abc") and not compare_digest(b"abc", b"abd")


def test_answering_imports_leave_openssl_unloaded() -> None:
    """The modules ``ask --json`` imports load no OpenSSL (~3.7 MB of a process's memory): hashing a cache file's key or a
    short payload is Python's own SHA-256."""
    code = ("import sys; import rulesgraph_cli.main, rulesgraph_cli.cmd.ask, rulesgraph.answer.compose, rulesgraph.build.cache, "
            "rulesgraph.question.namedcards, rulesgraph.common.reprograms, rulesgraph.versions.store; "
            "from rulesgraph.common.sha import hmac_sha256, sha256; sha256(b'x'); hmac_sha256(b'k', b'x' * 4096); "
            "print(sorted(m for m in ('_hashlib', 'hashlib', 'hmac', 'ssl') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
