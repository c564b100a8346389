"""Download the current Comprehensive Rules: find the TXT link on Wizards' rules page, fetch it
(:func:`rulesgraph.sources.fetch.fetch`), install it.  Every failure — no answer in time, an HTTP
error, a page without a rules link, a truncated body, an HTML page where text was expected, a
file that does not validate — raises a one-line :class:`RulesgraphError` before anything is
installed.  Download progress is reported through a callback; the library never draws it.
"""

from __future__ import annotations

import html
import re
import time
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from ..errors import RulesgraphError
from ..sources import urls
from ..sources.fetch import TIMEOUT, Progress, check_timeout, fetch
from . import store
from .store import RULES_PAGE

__all__ = ["DEFAULT_URL", "Updated", "download", "find_rules_link", "update"]

DEFAULT_URL = RULES_PAGE
"""Wizards' rules page, which links the current Comprehensive Rules as PDF, DOCX and TXT."""
_HREF = re.compile(r"""\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.IGNORECASE)
_DATE_IN_NAME = re.compile(r"(20\d{6})")
_URL_IN_TEXT = re.compile(r"""https?:(?:\\?/){2}(?:(?!https?:)[^\s"'<>()])+?\.txt\b""", re.IGNORECASE)
"""A TXT address written anywhere (a script's JSON data: ``https:\\/\\/media…\\/MagicCompRules%2020260619.txt``).
An address ends before the next ``http:``/``https:``, so a page of ``https://`` × n is read once (it was quadratic)."""


@dataclass(frozen=True, slots=True)
class Updated:
    """What :func:`update` did: the page it read, the file it downloaded and the install result."""

    page: str | None
    link: str
    installed: store.Validated


def find_rules_link(page: str, base: str) -> str:
    """The Comprehensive Rules TXT link on a rules page, made absolute.

    Any ``href`` — or absolute address written elsewhere in the page, as in a script's data — whose path
    ends in ``.txt`` and mentions ``CompRules`` (``MagicCompRules%2020260619.txt``, relative or absolute)
    qualifies; of several, the one with the latest date in its name wins.
    """
    found: list[str] = []
    hrefs = [html.unescape(next(g for g in m.groups() if g is not None)).strip() for m in _HREF.finditer(page)]
    # pages that render their links with a script carry them in JSON data instead of href attributes
    written = [html.unescape(m.group(0)).replace("\\/", "/") for m in _URL_IN_TEXT.finditer(page)]
    for href in [*hrefs, *written]:
        try:
            path = unquote(urlsplit(href).path)
        except ValueError:  # 'http://[::1/x': one bad link is skipped, not the end of the update
            continue
        if path.lower().endswith(".txt") and "comprules" in path.lower().replace(" ", "") and (link := urls.join(base, href)):
            found.append(link)
    if not found:
        raise RulesgraphError(f"{base}: no Comprehensive Rules .txt link on the page (give the page with --url, or a file with --file)")
    dated = [(m.group(1), link) for link in found if (m := _DATE_IN_NAME.search(unquote(link)))]
    return max(dated)[1] if dated else found[0]


def _looks_like_html(body: bytes, content_type: str) -> bool:
    head = body[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return "html" in content_type.lower() or head.startswith((b"<!doctype", b"<html", b"<head", b"<body"))


def download(link: str, *, timeout: float = TIMEOUT, progress: Progress | None = None, deadline: float | None = None) -> bytes:
    """Fetch the rules text itself, refusing an HTML page served in its place."""
    body, content_type = fetch(link, timeout=timeout, progress=progress, deadline=deadline)
    if _looks_like_html(body, content_type):
        raise RulesgraphError(f"{link}: got an HTML page instead of the rules text; nothing was installed")
    return body


def update(url: str = DEFAULT_URL, *, timeout: float = TIMEOUT, progress: Progress | None = None) -> Updated:
    """Find the current rules on the page at ``url`` (or take ``url`` itself when it names a .txt
    file), download, validate and install them, all within ``timeout`` seconds."""
    deadline = time.monotonic() + check_timeout(timeout)
    page_url: str | None = url
    if urls.parse(url).path.lower().endswith(".txt"):
        link, page_url = url, None
    else:
        body, content_type = fetch(url, timeout=timeout, limit=8 * 1024 * 1024, deadline=deadline)
        charset = re.search(r"charset=([\w-]+)", content_type)
        try:
            page = body.decode(charset.group(1) if charset else "utf-8", errors="replace")
        except LookupError:
            page = body.decode("utf-8", errors="replace")
        link = find_rules_link(page, url)
    data = download(link, timeout=timeout, progress=progress, deadline=deadline)
    name = unquote(urlsplit(link).path.rsplit("/", 1)[-1]) or link
    return Updated(page_url, link, store.install(data, name))
