"""Regular expressions' compiled programs kept between processes: a whole ``rulesgraph`` process compiles the
expressions it uses from a stored program, not by parsing them again.

Why: compiling is pure Python (``re._parser`` parses, ``re._compiler`` emits the matching engine's code), ~0.05–5 ms an
expression; a one-question process uses some 60 (the scope's topics, the tournament routing's cues, the infraction
names …), ~17 ms of a process that costs ~110 ms.  What ``re`` makes of an expression depends only on the expression,
its flags and the interpreter, so it is kept once and handed to the engine (``_sre.compile``, C) next time: ~0.02 ms.
This module holds no file: the caller reads the table (:func:`use`) and keeps it (:func:`learned`, :func:`kept`) —
the ``rulesgraph`` command in the rules cache, authenticated and checked once like its other entries.  Each program's
engine code is kept as bytes (4 a code word) and made a list only when that expression is first compiled: a table of
200 expressions, the largest the tournament names' alternations, was 1.4 MB of marshalled integers, ~4 ms to decode
whole in every process.

This leans on CPython's own workings (``re._parser.parse``, ``re._compiler._code``, ``_sre.compile``: what
``re._compiler.compile`` does), so it is guarded: the table is named by the interpreter's version and the engine's
``MAGIC`` (:data:`NAME`); before a stored program is used, one made here must equal what ``re.compile`` makes
(patterns compare equal only when their engine code is the same); anything unexpected (another interpreter, a changed
internal, a bad table) leaves every expression to ``re.compile``.  Only processes that call :func:`use` use it;
elsewhere :func:`compile` is ``re.compile``.
"""

from __future__ import annotations

import re
import sys
from array import array
from typing import Any

__all__ = ["NAME", "compile", "kept", "learned", "use"]

_Program = tuple[int, list[int], int, dict[str, int], tuple[Any, ...]]

try:
    import _sre
    from re import _compiler, _parser
    from re._constants import MAGIC
except ImportError:  # another interpreter: re.compile throughout
    _sre = None  # type: ignore[assignment]
    MAGIC = 0

_KNOWN: dict[tuple[str, int], tuple[Any, ...]] = {}
"""The stored programs (each one's code bytes until it is first used, then a list)."""
_LEARNED: dict[tuple[str, int], _Program] = {}
"""The programs made in this process that the stored table did not hold: kept through :func:`learned`."""
_ON: list[bool] = [False]
LIMIT = 4096
"""At most this many programs are kept: a store that only grows is bounded."""
NAME = f"regex-{sys.implementation.cache_tag}.{sys.version_info[2]}-{MAGIC}-{sys.byteorder}"
"""The stored table's name: what ``re`` makes is the interpreter's and its engine's own, its code words in this
machine's byte order (the table is not keyed by the program's code, as the rules cache's entries are: it depends on none
of it)."""
_WORD = "I"
"""The array type of a program's code: the engine's code words are 32 bits (:func:`_works` checks the type is)."""
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
    """``re.compile(pattern, flags)``: from the stored program when :func:`use` was called and it holds one (else made
    and remembered for :func:`learned`); errors are ``re.compile``'s own."""
    flags = int(flags)
    if _ON[0] and isinstance(pattern, str) and not flags & _PLAIN:
        key = (pattern, flags)
        program = _KNOWN.get(key)
        try:
            if program is None:
                program = _program(pattern, flags)
                if len(_KNOWN) + len(_LEARNED) < LIMIT:
                    _LEARNED[key] = program
            elif not isinstance(program[1], list):
                words = array(_WORD)
                words.frombytes(program[1])
                program = _KNOWN[key] = (program[0], words.tolist(), *program[2:])
            return _sre.compile(pattern, *program)  # type: ignore[no-any-return]
        except Exception:  # a stored program the engine refuses is made again next time, and kept so
            _LEARNED.pop(key, None)
            _KNOWN.pop(key, None)
    return re.compile(pattern, flags)


def _works() -> bool:
    """Whether a program made here is what ``re.compile`` makes (the internals are the ones this module knows)."""
    if _sre is None or array(_WORD).itemsize != 4:
        return False
    try:
        probe = r"(?P<a>x+)\b(?<!y)[^\W\d]{2,}|(?:ab|ac)$"
        return bool(_sre.compile(probe, *_program(probe, re.IGNORECASE)) == re.compile(probe, re.IGNORECASE))
    except Exception:
        return False


def use(table: Any) -> None:
    """Use stored programs from now on in this process: ``table``, as :func:`learned` gave it (``None`` is none, and
    so is anything not shaped as such a table, entry by entry: each expression is then made once and :func:`learned`
    gives it)."""
    if not _works():
        return
    _ON[0] = True
    if isinstance(table, dict):
        _KNOWN.update((key, program) for key, program in table.items() if _shaped(key, program))


def _shaped(key: Any, program: Any) -> bool:
    """Whether ``key`` and ``program`` are an entry :func:`learned` writes: ``(pattern, flags)`` and ``(flags, code
    bytes, groups, group index, index group)``; whether the engine takes the program is :func:`compile`'s to find out."""
    return (type(key) is tuple and len(key) == 2 and type(key[0]) is str and type(key[1]) is int
            and type(program) is tuple and len(program) == 5 and type(program[0]) is int
            and isinstance(program[1], bytes | memoryview) and len(program[1]) % 4 == 0
            and type(program[2]) is int and type(program[3]) is dict and type(program[4]) is tuple)


def learned() -> dict[tuple[str, int], Any] | None:
    """The table to keep when this process made programs the stored one did not hold (``None`` when it made none):
    every program, its code as bytes (or, for one not used since it was read, the bytes-like view the table was read
    as)."""
    if not _LEARNED:
        return None
    return {key: (program[0], array(_WORD, program[1]).tobytes() if isinstance(program[1], list) else program[1], *program[2:])
            for key, program in {**_KNOWN, **_LEARNED}.items()}


def kept() -> None:
    """The table :func:`learned` gave is kept: what this process made is known from now on."""
    _KNOWN.update(_LEARNED)
    _LEARNED.clear()
