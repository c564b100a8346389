"""Regular expressions' compiled programs kept between processes: a whole ``rulesgraph`` process compiles the
expressions it uses from a stored program, not by parsing them again.

Why: compiling is pure Python (``re._parser`` parses, ``re._compiler`` emits the matching engine's code), ~0.05–5 ms an
expression; a one-question process uses some 60 (the scope's topics, the tournament routing's cues, the infraction
names …), ~17 ms of a process that costs ~155 ms.  What ``re`` makes of an expression depends only on the expression,
its flags and the interpreter, so it is kept once (``regex-<interpreter>-<engine>.bin`` in the cache directory,
authenticated like the rules cache) and handed to the engine (``_sre.compile``, C) next time: ~0.02 ms.

This leans on CPython's own workings (``re._parser.parse``, ``re._compiler._code``, ``_sre.compile``: what
``re._compiler.compile`` does), so it is guarded: the file is named by the interpreter's version and the engine's
``MAGIC``; before a stored program is used, one made here must equal what ``re.compile`` makes (patterns compare equal
only when their engine code is the same); anything unexpected (another interpreter, a changed internal, a bad file)
leaves every expression to ``re.compile``.  Only processes that call :func:`load` use it (the ``rulesgraph`` command);
elsewhere :func:`compile` is ``re.compile``.
"""

from __future__ import annotations

import marshal
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .paths import write_atomically
from .sha import compare_digest, hmac_sha256

__all__ = ["compile", "load", "save", "store_path"]

_Program = tuple[int, list[int], int, dict[str, int], tuple[Any, ...]]

try:
    import _sre
    from re import _compiler, _parser
    from re._constants import MAGIC
except ImportError:  # another interpreter: re.compile throughout
    _sre = None  # type: ignore[assignment]
    MAGIC = 0

_KNOWN: dict[tuple[str, int], _Program] = {}
"""The programs read from the store."""
_LEARNED: dict[tuple[str, int], _Program] = {}
"""The programs made in this process that the store did not hold: written by :func:`save`."""
_ON: list[bool] = [False]
LIMIT = 4096
"""At most this many programs are kept: a store that only grows is bounded."""
MAX_BYTES = 32 * 1024 * 1024
_DIGEST = 32
_PLAIN = re.DEBUG | re.TEMPLATE  # kept out: re.compile prints, or warns, for these


def _program(pattern: str, flags: int) -> _Program:
    """What ``re._compiler.compile`` hands the engine for ``pattern``: flags, code, groups, group names both ways."""
    p = _parser.parse(pattern, flags)
    code = _compiler._code(p, flags)
    groupindex = dict(p.state.groupdict)
    indexgroup: list[str | None] = [None] * p.state.groups
    for name, i in groupindex.items():
        indexgroup[i] = name
    return int(flags | p.state.flags), [int(c) for c in code], p.state.groups - 1, groupindex, tuple(indexgroup)


def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``: from the stored program when :func:`load` was called and it holds one (else made
    and remembered for :func:`save`); errors are ``re.compile``'s own."""
    flags = int(flags)
    if _ON[0] and isinstance(pattern, str) and not flags & _PLAIN:
        key = (pattern, flags)
        program = _KNOWN.get(key)
        try:
            if program is None:
                program = _program(pattern, flags)
                if len(_KNOWN) + len(_LEARNED) < LIMIT:
                    _LEARNED[key] = program
            return _sre.compile(pattern, *program)  # type: ignore[no-any-return]
        except Exception:
            _LEARNED.pop(key, None)
    return re.compile(pattern, flags)


def store_path(directory: Path) -> Path:
    """The store of this interpreter and engine in the cache ``directory``."""
    return directory / f"regex-{sys.implementation.cache_tag}-{MAGIC}.bin"


def _works() -> bool:
    """Whether a program made here is what ``re.compile`` makes (the internals are the ones this module knows)."""
    if _sre is None:
        return False
    try:
        probe = r"(?P<a>x+)\b(?<!y)[^\W\d]{2,}|(?:ab|ac)$"
        return bool(_sre.compile(probe, *_program(probe, re.IGNORECASE)) == re.compile(probe, re.IGNORECASE))
    except Exception:
        return False


def load(directory: Path, key: Callable[[], bytes]) -> None:
    """Use stored programs from now on in this process: the store in ``directory`` when it is there and its
    authentication (HMAC-SHA256 with ``key()``) holds; none otherwise (each is then made once and :func:`save` keeps it)."""
    if not _works():
        return
    _ON[0] = True
    try:
        with open(store_path(directory), "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError:
        return
    if len(data) > MAX_BYTES or len(data) < _DIGEST:
        return
    try:
        if not compare_digest(data[:_DIGEST], hmac_sha256(key(), data[_DIGEST:])):
            return
        known = marshal.loads(data[_DIGEST:])
    except (OSError, ValueError, EOFError, TypeError):
        return
    if isinstance(known, dict):
        _KNOWN.update(known)


def save(directory: Path, key: Callable[[], bytes]) -> None:
    """Keep the programs this process made that the store did not hold (nothing is written when there are none);
    a store that cannot be written is no reason to fail."""
    if not _LEARNED:
        return
    merged = {**_KNOWN, **_LEARNED}
    try:
        payload = marshal.dumps(merged)
        write_atomically(store_path(directory), hmac_sha256(key(), payload) + payload)
    except (OSError, ValueError):
        return
    _KNOWN.update(_LEARNED)
    _LEARNED.clear()
