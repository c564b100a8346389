"""Read an MTGJSON card file — AtomicCards (``.json``, ``.json.xz``, ``.json.gz``, ``.json.bz2``) or a
set file such as ``M21.json`` — into validated :class:`~rulesgraph.cards.model.Card` records.

Everything a hostile file could use to take the program down is bounded before or while it is read:
the bytes read and decompressed (a compression bomb stops at :data:`MAX_JSON`), the memory JSON
parsing needs (estimated from the count of JSON values first; then, where the system allows, the address space the
parse may add is capped at :data:`MEMORY`, so what is parsed is bounded, dropped fields included), integers
(:data:`MAX_DIGITS`: Python refuses more than 4,300 digits with a traceback), nesting depth (Python's recursion
limit), keys in one object (:data:`MAX_KEYS`), and the length of every name, text and list.  Lone surrogates
(``"\ud800"``, which cannot be stored or printed) become U+FFFD.  Anything out of shape — truncated, not JSON, not
MTGJSON's layout, a field of the wrong type — is one :class:`SourceError` line.

AtomicCards and set files are told apart by their structure: AtomicCards' ``data`` maps each card name to an array
of face objects; a set file's ``data`` is one set object whose ``cards`` array holds its printings (a card named
"cards" does not make an AtomicCards file a set file).
"""

from __future__ import annotations

import bz2
import contextlib
import hashlib
import json
import lzma
import os
import re
import sys
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ..errors import SourceError
from .model import Card, CardFile, Face, Ruling

__all__ = ["CARD_FILE", "MAX_FILE", "MAX_JSON", "MEMORY", "decompress", "is_card_file", "parse_card_bytes", "read_card_file"]

MAX_FILE = 256 * 1024 * 1024
"""Bytes read from a card file or download (MTGJSON's AtomicCards.json.xz is about 20 MB)."""
MAX_JSON = 300 * 1024 * 1024
"""Bytes of JSON after decompression (the real AtomicCards.json is about 120 MB; the stand-in 31 MB): a
compression bomb stops here."""
MEMORY = 900 * 1024 * 1024
"""Most memory reading a file may need, estimated before parsing as :data:`PER_VALUE` bytes per JSON value
(counted from commas, colons and brackets) plus twice the text (bytes and decoded).  The stand-in
AtomicCards (2.2 million values, 31 MB) is estimated at 195 MB; installing it peaks at about 220 MB.  The estimate
is a floor (5.6 million distinct keys cost about 260 bytes each): where the system allows (Linux), the parse itself
may add at most this much address space, the decoded text included, past which it stops in one line."""
PER_VALUE = 64
"""Bytes of Python objects one JSON value can cost at most (measured: ``{"a":1}``, the worst shape)."""
CHUNK = 16 * 1024 * 1024
"""Bytes decompressed per call: the decompressor's own buffers stay small."""
LIMITS = {"name": 300, "text": 20_000, "ruling": 10_000, "field": 200, "faces": 8, "rulings": 2_000, "words": 64, "cards": 100_000}
"""Longest real values: a 141-character name, 1,505-character ruling, 27 rulings, 5 faces, some 32,000 card names;
these are far above (100,000 cards install in about 40 s and 500 MB; 200,000 took 67 s and 943 MB)."""
MAX_DIGITS = 40
"""Digits of an integer in a card file (MTGJSON's largest are ranks and counts of a few digits)."""
MAX_KEYS = 200_000
"""Keys of one JSON object (AtomicCards' ``data`` has one per card name: at most ``LIMITS["cards"]``)."""

_DROP = frozenset({"foreignData", "purchaseUrls", "printings", "identifiers", "variations",
                   "availability", "booster", "sealedProduct", "translations", "relatedCards"})
"""Fields nobody here reads: dropped as each object is parsed, so their memory is freed at once."""
_MAGIC: tuple[tuple[bytes, str], ...] = ((b"\xfd7zXZ\x00", "xz"), (b"\x1f\x8b", "gzip"), (b"BZh", "bzip2"))


CARD_FILE = (".json", ".json.xz", ".json.gz", ".json.bz2", ".xz", ".gz", ".bz2")  # update --file tells card files by them


def read_card_file(path: str | os.PathLike[str]) -> CardFile:
    """Read, decompress (by content, whatever the name says), parse and validate a local card file."""
    shown = os.fspath(path)
    p = Path(path)
    try:
        if p.is_dir():
            raise SourceError(shown, "is a directory, not a card file")
        with p.open("rb") as fh:
            data = fh.read(MAX_FILE + 1)
    except FileNotFoundError:
        raise SourceError(shown, "no such file") from None
    except PermissionError:
        raise SourceError(shown, "cannot read it: permission denied") from None
    except OSError as exc:
        raise SourceError(shown, f"cannot read it ({exc.strerror or exc})") from None
    if len(data) > MAX_FILE:
        raise SourceError(shown, f"too large (over {MAX_FILE // 2**20} MB) to be an MTGJSON card file")
    return parse_card_bytes(data, shown)


_SUFFIXES = ((".xz", "xz"), (".gz", "gzip"), (".bz2", "bzip2"))


def is_card_file(path: str) -> bool:
    """Whether ``path`` is named and begins as card data: compressed, or JSON naming ``meta`` or ``data`` (not a graph)."""
    if path.lower().endswith(CARD_FILE):
        with contextlib.suppress(OSError), open(path, "rb") as fh:  # one that cannot be read: its usual reading says why
            head = fh.read(4096)
            return any(head.startswith(m) for m, _ in _MAGIC) or (head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")
                                                                   and (b'"meta"' in head or b'"data"' in head))
    return False


def decompress(data: bytes, name: str) -> bytes | bytearray:
    """``data`` itself, or its xz/gzip/bzip2 content; at most :data:`MAX_JSON` bytes are ever produced."""
    kind = next((k for magic, k in _MAGIC if data.startswith(magic)), None)
    if kind is None:
        named = next((k for suffix, k in _SUFFIXES if name.lower().endswith(suffix)), None)
        if named is not None and (head := data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")) and not head.startswith(b"{"):
            raise SourceError(name, f"not {named} data, though its name ends in {name[name.rindex('.'):]}")  # a JPEG named .xz
        return data  # JSON under a compressed name (a browser unpacked the download and kept the name): read as JSON
    too_large = SourceError(name, f"decompresses to more than {MAX_JSON // 2**20} MB: not an MTGJSON card file")
    truncated = SourceError(name, f"truncated {kind} data: the file ends before its compressed stream does")
    out = bytearray()
    try:
        if kind == "gzip":
            z = zlib.decompressobj(wbits=47)
            pending = data
            while not z.eof:
                chunk = z.decompress(pending, CHUNK)
                pending = z.unconsumed_tail
                out += chunk
                if len(out) > MAX_JSON:
                    raise too_large
                if not chunk and not pending:
                    raise truncated
        else:
            engine: Any = lzma.LZMADecompressor() if kind == "xz" else bz2.BZ2Decompressor()
            chunk = engine.decompress(data, CHUNK)
            while True:
                out += chunk
                if len(out) > MAX_JSON:
                    raise too_large
                if engine.eof:
                    break
                if engine.needs_input:
                    raise truncated
                chunk = engine.decompress(b"", CHUNK)
    except (lzma.LZMAError, OSError, zlib.error, EOFError, ValueError) as exc:
        raise SourceError(name, f"not valid {kind} data ({exc})") from None
    return out


class _Refused(Exception):
    """Raised from inside the JSON parser (an integer too long, an object with too many keys): one SourceError."""


def _strip(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    if len(pairs) > MAX_KEYS:
        raise _Refused(f"an object with {len(pairs):,} keys (at most {MAX_KEYS:,})")
    return {k: v for k, v in pairs if k not in _DROP}


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"an integer of {len(digits.lstrip('-')):,} digits (at most {MAX_DIGITS})")
    return int(digits)


def _address_space() -> int | None:
    """Bytes of address space the process holds now (Linux), or ``None`` where it cannot be told."""
    try:
        with open("/proc/self/statm", "rb") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


@contextlib.contextmanager
def _memory_cap(extra: int) -> Iterator[None]:
    """Let the process take at most ``extra`` more bytes of address space (``RLIMIT_AS``) inside the block: parsing
    a file past that raises MemoryError instead of taking the machine's memory.  Nothing where the system has no
    such limit."""
    try:
        import resource
    except ImportError:  # not a Unix
        yield
        return
    held = _address_space()
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (OSError, ValueError):
        held = None
    if held is None:
        yield
        return
    cap = held + extra
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    if soft != resource.RLIM_INFINITY:
        cap = min(cap, soft)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (OSError, ValueError):
        yield
        return
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


_SURROGATE = re.compile("[\ud800-\udfff]")


def clean(text: str) -> str:
    """``text`` with lone surrogates (``"\ud800"`` in JSON, which no file or database can store) as U+FFFD."""
    return text if text.isascii() else _SURROGATE.sub("\ufffd", text)


def parse_card_bytes(data: bytes, name: str) -> CardFile:
    """Validate and read the bytes of a card file called ``name`` (for messages)."""
    sha = hashlib.sha256(data).hexdigest()
    raw = decompress(data, name)
    head = raw[:1024].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not head:
        raise SourceError(name, "empty file")
    if head[:1] == b"<":
        raise SourceError(name, "is an HTML or XML page, not an MTGJSON card file")
    if head[:1] != b"{":
        raise SourceError(name, "not an MTGJSON card file (it does not start with a JSON object)")
    if len(raw) > MAX_JSON:
        raise SourceError(name, f"more than {MAX_JSON // 2**20} MB of JSON: not an MTGJSON card file")
    values = raw.count(b",") + raw.count(b":") + raw.count(b"[") + raw.count(b"{")
    need = PER_VALUE * values + 2 * len(raw)
    if need > MEMORY:
        raise SourceError(name, f"{values:,} JSON values would need about {need / 2**20:,.0f} MB of memory to read "
                          f"(at most {MEMORY // 2**20} MB): too large to be read safely")
    try:
        text = raw.decode("utf-8-sig")
        del raw  # the decoded text alone is parsed
        with _memory_cap(MEMORY - sys.getsizeof(text)):  # the text counts: the estimate above includes it
            top = json.loads(text, object_pairs_hook=_strip, parse_int=_integer)
    except UnicodeDecodeError as exc:
        raise SourceError(name, f"not UTF-8 text (byte {exc.start:,})") from None
    except json.JSONDecodeError as exc:
        raise SourceError(name, f"not valid JSON, or truncated (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise SourceError(name, "JSON nested too deep: not an MTGJSON card file") from None
    except _Refused as exc:
        raise SourceError(name, f"{exc}: not an MTGJSON card file") from None
    except MemoryError:
        raise SourceError(name, f"reading it needs more than {MEMORY // 2**20} MB of memory: too large to be read safely") from None
    del text
    return _card_file(top, clean(name), sha)


class _Shape(Exception):
    """A file out of MTGJSON's shape; becomes one SourceError line naming the card."""


def _text(obj: dict[str, Any], field: str, limit: str, where: str, *, required: bool = False) -> str | None:
    value = obj.get(field)
    if value is None:
        if required:
            raise _Shape(f"{where}: no {field!r}")
        return None
    if isinstance(value, int | float) and not isinstance(value, bool) and field in ("power", "toughness", "loyalty", "defense"):
        value = str(value)
    if not isinstance(value, str):
        raise _Shape(f"{where}: {field!r} is not text")
    if len(value) > LIMITS[limit]:
        raise _Shape(f"{where}: {field!r} is {len(value):,} characters long (at most {LIMITS[limit]:,})")
    return clean(value)


def _words(obj: dict[str, Any], field: str, where: str) -> tuple[str, ...]:
    value = obj.get(field) or []
    if not isinstance(value, list) or not all(isinstance(w, str) and len(w) <= LIMITS["field"] for w in value):
        raise _Shape(f"{where}: {field!r} is not a list of short texts")
    if len(value) > LIMITS["words"]:
        raise _Shape(f"{where}: {field!r} has {len(value):,} entries (at most {LIMITS['words']})")
    return tuple(map(clean, value))


def _rulings(obj: dict[str, Any], where: str) -> tuple[Ruling, ...]:
    value = obj.get("rulings") or []
    if not isinstance(value, list):
        raise _Shape(f"{where}: 'rulings' is not a list")
    if len(value) > LIMITS["rulings"]:
        raise _Shape(f"{where}: {len(value):,} rulings (at most {LIMITS['rulings']:,})")
    out = []
    for r in value:
        if not isinstance(r, dict):
            raise _Shape(f"{where}: a ruling is not an object")
        out.append(Ruling(_text(r, "date", "field", where) or "", _text(r, "text", "ruling", where, required=True) or ""))
    return tuple(out)


def _formats(obj: dict[str, Any], where: str) -> tuple[tuple[str, str], ...]:
    """MTGJSON's ``legalities`` (format → ``Legal``, ``Banned``, ``Restricted``; a format it leaves out is one the card is
    not legal in), sorted by format."""
    value = obj.get("legalities") or {}
    short = LIMITS["field"]
    if not isinstance(value, dict) or len(value) > LIMITS["words"] or not all(
            isinstance(k, str) and isinstance(v, str) and len(k) <= short and len(v) <= short for k, v in value.items()):
        raise _Shape(f"{where}: 'legalities' is not a short object of texts")
    return tuple(sorted(value.items()))


def _leads(obj: dict[str, Any], where: str) -> tuple[str, ...]:
    """MTGJSON's ``leadershipSkills`` (format → whether the card can be a commander there): the formats it can lead."""
    value = obj.get("leadershipSkills") or {}
    if not isinstance(value, dict) or len(value) > LIMITS["words"] or not all(
            isinstance(k, str) and isinstance(v, bool) and len(k) <= LIMITS["field"] for k, v in value.items()):
        raise _Shape(f"{where}: 'leadershipSkills' is not a short object of true or false")
    return tuple(sorted(k for k, v in value.items() if v))


def _face(obj: Any, card_name: str, card: str) -> Face:
    if not isinstance(obj, dict):
        raise _Shape(f"{card}: a face is not an object")
    name = _text(obj, "faceName", "name", card) or card_name
    return Face(
        name=name, mana_cost=_text(obj, "manaCost", "field", card), type_line=_text(obj, "type", "field", card) or "",
        text=_text(obj, "text", "text", card) or "", power=_text(obj, "power", "field", card),
        toughness=_text(obj, "toughness", "field", card), loyalty=_text(obj, "loyalty", "field", card),
        defense=_text(obj, "defense", "field", card), layout=_text(obj, "layout", "field", card) or "normal",
        side=_text(obj, "side", "field", card), keywords=_words(obj, "keywords", card),
        supertypes=_words(obj, "supertypes", card), types=_words(obj, "types", card), subtypes=_words(obj, "subtypes", card),
    )


def _card(name: Any, faces: list[Any]) -> Card:
    if not isinstance(name, str) or not name.strip():
        raise _Shape("a card without a name")
    if len(name) > LIMITS["name"]:
        raise _Shape(f"a card name {len(name):,} characters long (at most {LIMITS['name']}): {name[:40]!r}…")
    name = clean(name)
    shown = f"card {name!r}"
    if not isinstance(faces, list) or not faces:
        raise _Shape(f"{shown}: no faces")
    if len(faces) > LIMITS["faces"]:
        raise _Shape(f"{shown}: {len(faces)} faces (at most {LIMITS['faces']})")
    parsed = tuple(_face(f, name, shown) for f in faces)
    # every face carries the card's rulings; keep each ruling once, in order
    rulings = tuple(dict.fromkeys(r for f in faces for r in _rulings(f, shown)))
    first = faces[0]
    rank = first.get("edhrecRank")
    return Card(name=name, layout=parsed[0].layout, faces=parsed, rulings=rulings, funny=first.get("isFunny") is True,
                ascii_name=_text(first, "asciiName", "name", shown), legalities=_formats(first, shown),
                leadership=_leads(first, shown), color_identity=_words(first, "colorIdentity", shown),
                rank=rank if isinstance(rank, int) and not isinstance(rank, bool) and 0 < rank < 10**9 else 0)


def _by_name(printings: Iterable[Any]) -> dict[str, list[Any]]:
    """A set file's printings grouped by card name, one entry per face (the first printing of each face)."""
    grouped: dict[str, dict[str, Any]] = {}
    for p in printings:
        if not isinstance(p, dict):
            raise _Shape("a card printing is not an object")
        name = p.get("name")
        if not isinstance(name, str):
            raise _Shape("a card printing without a name")
        faces = grouped.setdefault(name, {})
        face = p.get("faceName") if isinstance(p.get("faceName"), str) else name
        if face not in faces or (not faces[face].get("rulings") and p.get("rulings")):
            faces[face] = p
    return {name: sorted(faces.values(), key=lambda f: str(f.get("side") or "")) for name, faces in grouped.items()}


def _card_file(top: Any, name: str, sha: str) -> CardFile:
    if not isinstance(top, dict) or not isinstance(top.get("data"), dict | list):
        raise SourceError(name, "not an MTGJSON card file (no 'data' object)")
    meta = top.get("meta") if isinstance(top.get("meta"), dict) else {}
    version = meta.get("version") if isinstance(meta.get("version"), str) else None
    date = meta.get("date") if isinstance(meta.get("date"), str) else None
    data = top["data"]
    try:
        kind = _kind(data)
        if kind == "atomic":
            entries = data
        elif kind == "set":
            entries = _by_name(data["cards"])
        else:
            raise _Shape("not MTGJSON's AtomicCards layout ({name: [face, …]}) nor a set file ({cards: […]})")
        if len(entries) > LIMITS["cards"]:
            raise _Shape(f"{len(entries):,} card names (at most {LIMITS['cards']:,})")
        cards = tuple(_card(n, f) for n, f in entries.items())
        if len({c.name for c in cards}) != len(cards):  # "A\ud800" and "A\ufffd" are one name once cleaned
            raise _Shape("two cards of the same name (once characters that cannot be stored are replaced)")
    except _Shape as exc:
        raise SourceError(name, str(exc)) from None
    if not cards:
        raise SourceError(name, "holds no cards")
    return CardFile(source=name, sha256=sha, version=clean(version or "")[: LIMITS["field"]] or None,
                    date=clean(date or "")[: LIMITS["field"]] or None, kind=kind, cards=cards)  # type: ignore[arg-type]


def _kind(data: Any) -> str | None:
    """``atomic`` (``data`` maps every card name to an array of its faces, each named so), ``set`` (``data`` is a set
    object whose ``cards`` array holds printings of other names), or ``None``.  By structure, not by a key's name: an
    AtomicCards file with a card named "cards" is AtomicCards (its faces are named "cards"); a set file's printings
    are named for their cards."""
    if not isinstance(data, dict) or not data:
        return None
    printings = data.get("cards")
    if isinstance(printings, list) and any(isinstance(p, dict) and p.get("name") != "cards" for p in printings):
        return "set"
    return "atomic" if all(isinstance(v, list) for v in data.values()) else None
