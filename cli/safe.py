"""Make text from sources and users safe to show: terminal escape sequences and control characters
become visible symbols (``ESC`` → ``␛``), so nothing a file contains can drive the terminal.

Rich markup is never a risk as long as text reaches rich as :class:`rich.text.Text` (never as a
markup string); this module handles what rich would pass through to the terminal.
"""

from __future__ import annotations

import json
import re

from rulesgraph.common.lazyre import lazy

__all__ = ["from_argv", "json_line", "visible"]

_CONTROL = lazy(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""C0 controls except tab and newline, DEL, C1 controls (CSI ``\\x9b``, OSC ``\\x9d`` …), line and paragraph
separators, bidirectional overrides (which can make text read differently from what it says) and lone
surrogates (undecodable bytes of a command line, which no terminal encoding can write)."""


def _picture(m: re.Match[str]) -> str:
    ch = m.group()
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␟ (ESC is ␛)
    if code == 0x7F:
        return "\u2421"  # ␡
    return f"<U+{code:04X}>"


def visible(text: str, *, newlines: bool = True) -> str:
    """``text`` with every control character shown as a symbol; tabs become spaces, and newlines
    too unless ``newlines``.  Escape sequences thereby lose their ESC and print as plain characters."""
    text = text.replace("\r\n", "\n")
    if not newlines:
        text = text.replace("\n", " ")
    text = text.replace("\t", "    ")
    return _CONTROL.sub(_picture, text) if _CONTROL.search(text) else text


_JSON_UNSAFE = lazy(r"[\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""What ``json.dumps(ensure_ascii=False)`` leaves raw but a terminal may act on (C1 controls such as CSI
``\x9b``, bidirectional overrides) or cannot encode (lone surrogates)."""


def json_line(obj: object) -> str:
    """``obj`` as one line of JSON, UTF-8 text kept readable, with every character a terminal could act on
    written as a ``\\uXXXX`` escape (JSON escapes C0 controls itself): the same data, nothing raw."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(obj, ensure_ascii=False))


def from_argv(text: str) -> str:
    """A command-line argument as text: bytes that were not valid UTF-8 become U+FFFD."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
