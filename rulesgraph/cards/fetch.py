"""Download MTGJSON's AtomicCards file and the SHA-256 checksum published beside it, and read it.

The download goes through :func:`rulesgraph.sources.fetch.fetch` (timeouts, truncation, HTTP errors, size
limit, progress callback); this module adds what card data needs: the checksum must be published and
match, an HTML page served in place of the data is refused, and the bytes must read as a card file —
all before anything is installed.
"""

from __future__ import annotations

import hashlib
import re
import time
from urllib.parse import unquote, urlsplit

from ..errors import RulesgraphError
from ..sources import urls
from ..sources.fetch import TIMEOUT, Progress, check_timeout, fetch
from .model import CardFile
from .read import MAX_FILE, parse_card_bytes

__all__ = ["checksum_url", "download"]

_HEX = re.compile(rb"\b([0-9a-fA-F]{64})\b")


def checksum_url(url: str) -> str:
    """Where MTGJSON publishes a file's checksum: the same address with ``.sha256`` added."""
    parts = urls.parse(url)
    return parts._replace(path=parts.path + ".sha256").geturl()


def download(url: str, *, timeout: float = TIMEOUT, progress: Progress | None = None) -> CardFile:
    """Fetch the checksum, then the card file, both within ``timeout`` seconds in all; verify, read and validate it
    (nothing is installed here)."""
    deadline = time.monotonic() + check_timeout(timeout)
    sums, _ = fetch(checksum_url(url), timeout=timeout, limit=64 * 1024, deadline=deadline,
                    expected="a checksum file is one line of 64 hexadecimal digits")
    m = _HEX.search(sums[:4096])
    if not m:
        raise RulesgraphError(f"{checksum_url(url)}: not a SHA-256 checksum file; nothing was installed")
    expected = m.group(1).decode().lower()
    body, content_type = fetch(url, timeout=timeout, progress=progress, limit=MAX_FILE, deadline=deadline,
                               expected=f"MTGJSON's AtomicCards.json.xz is about 20 MB (at most {MAX_FILE // 2**20} MB is read)")
    head = body[:512].lstrip().lower()
    if "html" in content_type.lower() or head.startswith((b"<!doctype", b"<html", b"<head", b"<body")):
        raise RulesgraphError(f"{url}: got an HTML page instead of the card data; nothing was installed")
    actual = hashlib.sha256(body).hexdigest()
    if actual != expected:
        raise RulesgraphError(f"{url}: checksum mismatch (got {actual[:12]}…, the published .sha256 says {expected[:12]}…); "
                              "the download is damaged or incomplete; nothing was installed")
    name = unquote(urlsplit(url).path.rsplit("/", 1)[-1]) or url
    return parse_card_bytes(body, name)
