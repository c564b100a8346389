"""Download the current Comprehensive Rules: find the TXT link on Wizards' rules page, fetch it, install it.

Only the standard library's ``urllib`` is used.  Every failure — no answer in time, an HTTP
error, a page without a rules link, a truncated body, an HTML page where text was expected, a
file that does not validate — raises a one-line :class:`RulesgraphError` before anything is
installed.  Download progress is reported through a callback; the library never draws it.
"""

from __future__ import annotations

import html
import http.client
import math
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from ..errors import RulesgraphError
from ..sources import urls
from ..sources.read import MAX_BYTES
from ..version import __version__
from . import store
from .store import RULES_PAGE

__all__ = ["DEFAULT_URL", "MAX_TIMEOUT", "TIMEOUT", "Progress", "Unreachable", "Updated", "check_timeout", "download", "fetch",
           "find_rules_link", "update"]

DEFAULT_URL = RULES_PAGE
"""Wizards' rules page, which links the current Comprehensive Rules as PDF, DOCX and TXT."""
TIMEOUT = 30.0
"""Seconds a whole download (or update: the page and the rules) may take; a server that stops answering
is given up on as soon as it has sent nothing for that long."""
MAX_TIMEOUT = 86_400.0
"""The longest ``timeout`` accepted (a day)."""
_GRACE = 0.25
"""Seconds past the deadline given to a download to report its own error (a stall) before it is abandoned."""
CHUNK = 64 * 1024

Progress = Callable[[int, int | None], None]
"""Called as bytes arrive: ``(bytes so far, total from Content-Length or None)``."""

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


class Unreachable(RulesgraphError):
    """The server could not be reached or did not answer in time (no network, a firewall, a name that does not
    resolve): the front end then names the offline way to install."""


def _fail(url: str, message: str) -> RulesgraphError:
    return RulesgraphError(f"{url}: {message}")


def _is_timeout(exc: BaseException) -> bool:
    return isinstance(exc, TimeoutError) or "timed out" in str(exc)


def check_timeout(timeout: float) -> float:
    """``timeout`` if it is a usable number of seconds (above 0, at most :data:`MAX_TIMEOUT`), else a one-line error."""
    if not isinstance(timeout, int | float) or isinstance(timeout, bool) or not math.isfinite(timeout) or not 0 < timeout <= MAX_TIMEOUT:
        raise RulesgraphError(f"timeout must be a number of seconds above 0 and at most {MAX_TIMEOUT:,.0f}, not {timeout!r}")
    return float(timeout)


RULES_SIZE = "the Comprehensive Rules are about 1 MB"
"""What a body over its limit is compared with, in the error line (a card download says its own)."""


def fetch(url: str, *, timeout: float = TIMEOUT, progress: Progress | None = None, limit: int = MAX_BYTES,
          deadline: float | None = None, expected: str = RULES_SIZE) -> tuple[bytes, str]:
    """GET ``url``; returns the whole body and its Content-Type.  A body shorter than its
    Content-Length (the connection dropped) is an error, as is one over ``limit`` bytes.

    The whole request must be done within ``timeout`` seconds (or by ``deadline``, a ``time.monotonic()``
    value, when several requests share one budget): a server that trickles a byte at a time is given up on
    too, not only one that stops.  The request runs in a worker thread that is abandoned at the deadline.
    ``expected`` says how large the file should be, in the line refusing one over ``limit``."""
    timeout = check_timeout(timeout)
    urls.parse(url)
    deadline = time.monotonic() + timeout if deadline is None else deadline
    state: dict[str, object] = {"done": 0}
    cancel = threading.Event()

    def work() -> None:
        try:
            state["result"] = _fetch(url, timeout, deadline, progress, limit, state, cancel, expected)
        except BaseException as exc:  # handed to the caller's thread
            state["error"] = exc

    worker = threading.Thread(target=work, name="rulesgraph-fetch", daemon=True)
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()) + _GRACE)
    if worker.is_alive():
        cancel.set()
        done = state["done"]
        raise _fail(url, f"not done within {timeout:g} s (timed out) after {done:,} bytes; nothing was installed")
    if "error" in state:
        raise state["error"]  # type: ignore[misc]
    return state["result"]  # type: ignore[return-value]


def _fetch(url: str, timeout: float, deadline: float, progress: Progress | None, limit: int, state: dict[str, object],
           cancel: threading.Event, expected: str = RULES_SIZE) -> tuple[bytes, str]:
    request = urllib.request.Request(url, headers={"User-Agent": f"rulesgraph/{__version__}", "Accept-Encoding": "identity"})
    wait = max(0.001, min(timeout, deadline - time.monotonic()))
    try:
        response = urllib.request.urlopen(request, timeout=wait)  # the scheme was checked above
    except urllib.error.HTTPError as exc:
        raise _fail(url, f"HTTP {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        if _is_timeout(exc.reason if isinstance(exc.reason, BaseException) else exc):
            raise Unreachable(f"{url}: no answer within {timeout:g} s (timed out)") from None
        raise Unreachable(f"{url}: cannot connect ({exc.reason})") from None
    except TimeoutError:
        raise Unreachable(f"{url}: no answer within {timeout:g} s (timed out)") from None
    except (http.client.HTTPException, OSError) as exc:
        raise _fail(url, f"no valid answer ({exc.__class__.__name__}: {exc})") from None
    except ValueError as exc:  # a redirect to an address urllib cannot parse ('http://[::1:zz/x')
        raise _fail(url, f"not a valid address, or the server redirected to one ({exc}); nothing was installed") from None
    with response:
        return _read_body(url, response, timeout, progress, limit, state, cancel, expected), response.headers.get("Content-Type", "")


def _read_body(url: str, response: http.client.HTTPResponse, timeout: float, progress: Progress | None, limit: int,
               state: dict[str, object], cancel: threading.Event, expected: str = RULES_SIZE) -> bytes:
    length = response.headers.get("Content-Length")
    total = int(length) if length and length.isdigit() else None
    if total is not None and total > limit:
        raise _fail(url, f"too large ({total:,} bytes); {expected}")
    chunks: list[bytes] = []
    done = 0
    if progress:
        progress(0, total)
    try:
        while not cancel.is_set() and (chunk := response.read1(CHUNK)):  # what has arrived, not a full chunk
            chunks.append(chunk)
            done += len(chunk)
            state["done"] = done
            if done > limit:
                raise _fail(url, f"too large (over {limit:,} bytes); {expected}")
            if progress:
                progress(done, total)
    except http.client.IncompleteRead as exc:
        raise _fail(url, f"download truncated: got {done + len(exc.partial):,} bytes, then the connection closed") from None
    except TimeoutError:
        raise _fail(url, f"download stalled: no data for {timeout:g} s (timed out) after {done:,} bytes") from None
    except (http.client.HTTPException, OSError) as exc:
        raise _fail(url, f"download failed after {done:,} bytes ({exc.__class__.__name__}: {exc})") from None
    if total is not None and done < total:
        raise _fail(url, f"download truncated: got {done:,} of {total:,} bytes; nothing was installed")
    return b"".join(chunks)


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
        raise _fail(base, "no Comprehensive Rules .txt link on the page (give the page with --url, or a file with --file)")
    dated = [(m.group(1), link) for link in found if (m := _DATE_IN_NAME.search(unquote(link)))]
    return max(dated)[1] if dated else found[0]


def _looks_like_html(body: bytes, content_type: str) -> bool:
    head = body[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return "html" in content_type.lower() or head.startswith((b"<!doctype", b"<html", b"<head", b"<body"))


def download(link: str, *, timeout: float = TIMEOUT, progress: Progress | None = None, deadline: float | None = None) -> bytes:
    """Fetch the rules text itself, refusing an HTML page served in its place."""
    body, content_type = fetch(link, timeout=timeout, progress=progress, deadline=deadline)
    if _looks_like_html(body, content_type):
        raise _fail(link, "got an HTML page instead of the rules text; nothing was installed")
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
