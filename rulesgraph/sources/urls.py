"""The one parser of download addresses — ``--url``, ``$RULESGRAPH_RULES_URL``/``$RULESGRAPH_CARDS_URL``, the config's
``rules_url``/``cards_url``, a link found in a rules page — with every malformed address a one-line user error.

The standard library's ``urlsplit`` raises ``ValueError`` for ``http://[::1`` (an IPv6 host never closed), and
``.port`` for ``http://x:99999``; ``http.client`` refuses control characters and spaces only when connecting.  All of
it is checked here, once, before anything is fetched: an address is ``http`` or ``https``, has a host that IDNA can
encode, a port in range if any, an ASCII path (other characters written as ``%XX``), and no whitespace or control
characters.  A link in a page that fails is skipped, not fatal.
"""

from __future__ import annotations

import re
from urllib.parse import SplitResult, urljoin, urlsplit

from ..errors import RulesgraphError

__all__ = ["join", "parse"]

_UNSAFE = re.compile(r"[\x00-\x20\x7f-\x9f]")


def _shown(url: str) -> str:
    return url if len(url) <= 200 else url[:200] + "…"


def parse(url: str, what: str = "") -> SplitResult:
    """``url`` split, or a one-line :class:`RulesgraphError` saying why it cannot be downloaded from (``what``
    names where it came from: ``--url``, an environment variable, the config file)."""
    where = f"{what}: " if what else ""
    if not isinstance(url, str) or not url.strip():
        raise RulesgraphError(f"{where}an empty address")
    bad = _UNSAFE.search(url)
    if bad:
        raise RulesgraphError(f"{where}{_shown(url)}: an address cannot contain spaces or control characters")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port out of range or not a number
    except ValueError as exc:
        raise RulesgraphError(f"{where}{_shown(url)}: not a valid address ({exc})") from None
    if parts.scheme.lower() not in ("http", "https"):
        raise RulesgraphError(f"{where}{_shown(url)}: not an http:// or https:// address")
    if not parts.hostname:
        raise RulesgraphError(f"{where}{_shown(url)}: no host name in the address")
    try:
        parts.hostname.encode("idna")
        (parts.path + parts.query).encode("ascii")
    except UnicodeError as exc:
        raise RulesgraphError(f"{where}{_shown(url)}: not a valid address ({exc}; write other characters as %XX)") from None
    return parts


def join(base: str, href: str) -> str | None:
    """``href`` (as written in the page at ``base``) made absolute, or ``None`` when it is not a valid address."""
    try:
        link = urljoin(base, href)
        parse(link)
    except (ValueError, RulesgraphError):
        return None
    return link
