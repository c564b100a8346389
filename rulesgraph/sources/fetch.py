"""Fetch one address over HTTP(S) with the standard library's ``urllib``: the whole body or a one-line error — no
answer in time, an HTTP error, a body cut short or over its limit, a server trickling bytes past the deadline.
Progress is reported through a callback; the library never draws it.  Every download (the rules, the cards, the
tournament documents) goes through :func:`fetch`.
"""

from __future__ import annotations

import http.client
import math
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable

from ..errors import RulesgraphError
from ..version import __version__
from . import urls
from .read import MAX_BYTES

__all__ = ["CHUNK", "MAX_TIMEOUT", "RULES_SIZE", "TIMEOUT", "Progress", "Unreachable", "check_timeout", "fetch"]

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
