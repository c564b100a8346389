"""Assemble sources (bundled data, user files) and load them — through the cache — into a Rulebook.

This is the library's front door: ``load(specs)`` reads every source, and either takes the query-time
graph and index from the cache (one integrity-checked file, no networkx) or parses, builds and caches
them.  The networkx graph, which only ``check``, ``export`` and ``diff`` need, is read (or rebuilt) the first
time :attr:`Rulebook.graph` is asked for.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from ..common.sha import sha256
from ..common.text import words
from ..errors import RulesgraphError
from ..sources.read import FORMATS, RawSource, decode_source, read_bytes
from ..version import SCHEMA, __version__
from . import cache
from .index import Alias, Index, build_index
from .qgraph import QGraph, build_qgraph

if TYPE_CHECKING:
    import networkx as nx

    from ..parse.firsts import Firsts
    from ..parse.learned import Learned, Questions


__all__ = ["Rulebook", "SourceSpec", "bundled_dir", "bundled_sources", "firsts_path", "firsts_table", "learned_path", "learned_table",
           "load", "load_aliases", "parse_spec", "questions_path", "questions_table", "standing_path"]


class SourceSpec(NamedTuple):
    """One source to load: a path, an optional forced format and the name to show for it (a named tuple: defined in
    every process, where a frozen dataclass took ~0.5 ms)."""

    path: str
    fmt: str | None = None
    display: str | None = None


@dataclass(eq=False)
class Rulebook:
    """Everything loaded: the query-time graph and the index, plus what happened while loading them."""

    qg: QGraph
    """The graph as answering reads it (:mod:`rulesgraph.build.qgraph`)."""
    index: Index
    sources: list[SourceSpec]
    notices: list[str] = field(default_factory=list)
    """One-line messages for the user (cache rebuilt, cache not writable …)."""
    from_cache: bool = False
    seconds: float = 0.0
    _network: Callable[[], nx.MultiDiGraph] | None = field(default=None, repr=False)
    _graph: nx.MultiDiGraph | None = field(default=None, repr=False)
    key: str = ""
    """The cache key of what was loaded (the sources' contents, the program's version): what other caches built
    from these rules (the cards' name table) are keyed by."""

    @property
    def graph(self) -> nx.MultiDiGraph:
        """The networkx graph (``check``, ``export``, ``diff``): from the cache, or rebuilt, on first use."""
        if self._graph is None:
            assert self._network is not None
            self._graph = self._network()
        return self._graph

    @property
    def effective(self) -> str | None:
        """The loaded CR's effective date (ISO), or ``None`` when no CR is loaded."""
        return self.qg.graph.get("effective")


def bundled_dir() -> Path:
    """The directory of the bundled corpus (``data/`` in the source tree, ``rulesgraph_data`` when installed)."""
    package = importlib.import_module("rulesgraph_data")  # a plain package: its directory, without importlib.resources' zip support
    return Path(package.__file__).parent if package.__file__ else Path(str(next(iter(package.__path__))))


def bundled_sources() -> list[SourceSpec]:
    """The bundled seed documents, in name order; shown by file name."""
    return [SourceSpec(str(p), None, p.name) for p in sorted(bundled_dir().glob("*.txt"))]


def parse_spec(text: str) -> SourceSpec:
    """``PATH`` or ``FORMAT:PATH`` (``cr:rules.txt``) as given to ``--rules``; a word before the colon that names no
    format, of a path that is no file, is a user's error said as one (``bogus:rules.txt``: not "no such file"), and so
    is no path at all (``''``, ``cr:``: not ": is a directory")."""
    head, sep, rest = text.partition(":")
    if not text.strip() or (sep and head.lower() in FORMATS and not rest.strip()):  # "--rules ''", "--rules cr:"
        raise RulesgraphError(f"--rules {text!r}: no file named (give a path, or FORMAT:PATH like cr:rules.txt)")
    if sep and head.lower() in FORMATS and rest:
        return SourceSpec(rest, head.lower(), rest)
    if sep and rest and len(head) > 1 and head.isalpha() and not Path(text).exists():  # "C:/rules.txt" is a path
        raise RulesgraphError(f"--rules {text}: no format '{head}' (the formats are {', '.join(FORMATS)}; "
                              "give the path alone to have it detected)")
    return SourceSpec(text, None, text)


def aliases_path() -> Path:
    """The alias table (players' words → rules words); always loaded, even with ``--no-bundled``."""
    return bundled_dir() / "aliases.toml"


def load_aliases(path: Path) -> list[Alias]:
    """Read the alias table (TOML, ``[[alias]]`` entries with ``say``, ``means``, ``terms``, ``why``)."""
    import tomllib  # when the index is built, not at every start (answering reads the cache)

    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RulesgraphError(f"{path}: cannot read the alias table ({exc})") from None
    out = []
    for entry in raw.get("alias", []):
        say = tuple(tuple(words(s)) for s in entry.get("say", ()))
        out.append(Alias(tuple(s for s in say if s), entry.get("means", ""), tuple(entry.get("terms", ())), entry.get("why", "")))
    return out


def load(specs: list[SourceSpec], *, use_cache: bool = True, strict: bool = True) -> Rulebook:
    """Load ``specs`` into a :class:`Rulebook`, from the cache when the sources are unchanged.  Not ``strict`` (``check``):
    a source in which its format finds nothing is loaded with an anomaly saying so, and such a build is not cached (a
    later load must refuse it)."""
    if not specs:
        raise RulesgraphError("nothing to load: no sources given (drop --no-bundled or add --rules PATH)")
    start = time.perf_counter()
    read: dict[int, RawSource] = {}  # the files read to take their digest (a pipe is read once: kept)
    remembered = cache.remembered_digest if use_cache else lambda _, digest: digest()  # --no-cache: the cache left alone
    key = _key(specs, [remembered(s.path, partial(_read, s, n, read)) for n, s in enumerate(specs)], remembered)
    notices: list[str] = []
    if use_cache:
        cached, notice = cache.read(key)
        if notice:
            notices.append(notice)
        if _valid(cached):
            network = lambda: _network(key, specs, read)
            book = Rulebook(QGraph.from_parts(cached["qgraph"]), Index.from_parts(cached["index"]), specs, notices, True, 0.0, network)
            book.seconds = time.perf_counter() - start
            book.key = key
            return book
        if cached is not None:
            notices.append("cache entry was from another version; rebuilding")
    raws = [read.get(n) or read_bytes(s.path, s.display) for n, s in enumerate(specs)]
    key = _key(specs, [r.sha256 for r in raws], remembered)  # what was read, should a file have changed since its digest was taken
    graph = _build(specs, raws, strict)
    qg = build_qgraph(graph)
    index = build_index(graph, load_aliases(aliases_path()), qg.ids,
                        _bundled(learned_path(), learned_table, "the learned rule words", notices),
                        _bundled(firsts_path(), firsts_table, "the first rules' record", notices),
                        _bundled(standing_path(), firsts_table, "the rules' standing", notices),
                        list(_bundled(questions_path(), questions_table, "the labelled questions' words", notices)))
    empty = not strict and any(a["kind"] == "empty" for doc in graph.graph["documents"] for a in doc["anomalies"])
    if use_cache and not empty:  # a source found empty by check is not cached: a later load must refuse it
        notice = cache.write(key, {"schema": SCHEMA, "qgraph": qg.parts(), "index": index.parts()}) or cache.write(key, graph, "graph")
        if notice:
            notices.append(notice)
    return Rulebook(qg, index, specs, notices, False, time.perf_counter() - start, None, graph, key)


T = TypeVar("T")


def learned_path() -> Path:
    """The learned rule words (``bench/learn.py``'s table); always loaded, like the alias table."""
    return bundled_dir() / "learned.tsv"


def firsts_path() -> Path:
    """The first rules' record (``bench/firsts.py``'s table); always loaded, like the learned rule words."""
    return bundled_dir() / "firsts.tsv"


def standing_path() -> Path:
    """The rules' standing among the first citations (``bench/firsts.py``'s second table): read by the ranking's
    ``standing`` step; always loaded, like the first rules' record."""
    return bundled_dir() / "standing.tsv"


def questions_path() -> Path:
    """The labelled questions' own words (``bench/learn.py``'s second table): read by the ranking's ``neighbours`` (rule 76);
    always loaded, like the learned rule words."""
    return bundled_dir() / "questions.tsv"


def learned_table(path: Path) -> tuple[Learned, list[tuple[int, str, str]], str | None]:
    """The learned rule words of ``path`` (:func:`rulesgraph.parse.learned.read_learned`'s table), the lines its reader leaves out
    (line number, why, the line), and why the file could not be read (``None`` when it could): what loading says in
    its notices and ``check`` lists among the skipped lines."""
    from ..parse.learned import read_learned

    return _table(path, read_learned)


def questions_table(path: Path) -> tuple[Questions, list[tuple[int, str, str]], str | None]:
    """The labelled questions' words of ``path`` (:func:`rulesgraph.parse.learned.read_questions`'s table), as
    :func:`learned_table`."""
    from ..parse.learned import read_questions

    return _table(path, read_questions)  # type: ignore[return-value]


def firsts_table(path: Path) -> tuple[Firsts, list[tuple[int, str, str]], str | None]:
    """The first rules' record of ``path`` (:func:`rulesgraph.parse.firsts.read_firsts`'s table), as :func:`learned_table`."""
    from ..parse.firsts import read_firsts

    return _table(path, read_firsts)


def _table(path: Path, reader: Callable[[str], tuple[T, list[tuple[int, str]]]]) -> tuple[T | dict, list[tuple[int, str, str]], str | None]:
    try:
        lines = path.read_text(encoding="utf-8").lstrip("\ufeff").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        return {}, [], str(exc)
    table, problems = reader("\n".join(lines))
    return table, [(n, why, lines[n - 1]) for n, why in problems], None


def _bundled(path: Path, read: Callable[[Path], tuple[T, list[tuple[int, str, str]], str | None]], what: str,
             notices: list[str]) -> T | dict:
    """A bundled table (``what``: "the learned rule words"); a line its reader leaves out is said in ``notices`` (a
    missing table: answering without it)."""
    table, problems, error = read(path)
    if error is not None:
        notices.append(f"{path}: cannot read {what} ({error}); answering without it")
        return {}
    notices += [f"{path}, line {n}: left out ({why})" for n, why, _ in problems[:5]]
    if len(problems) > 5:
        notices.append(f"{path}: {len(problems) - 5} more lines left out (rulesgraph check lists them)")
    return table


def _build(specs: list[SourceSpec], raws: list[RawSource], strict: bool = True) -> nx.MultiDiGraph:
    from ..parse import parse
    from .graph import build_graph  # networkx and the parsers: only when building

    return build_graph([parse(decode_source(r), s.fmt, strict=strict) for s, r in zip(specs, raws, strict=True)])


def _read(spec: SourceSpec, n: int, read: dict[int, RawSource]) -> str:
    """The SHA-256 of ``spec``'s file, read (and kept in ``read`` under ``n``)."""
    read[n] = read_bytes(spec.path, spec.display)
    return read[n].sha256


def _key(specs: list[SourceSpec], digests: list[str], remembered: Callable[[str, Callable[[], str]], str]) -> str:
    """The cache key of ``specs`` whose files' SHA-256 are ``digests`` (and of the alias table, the learned rule words,
    the labelled questions' words, the first rules' record and the rules' standing, which every load reads)."""
    parts = [f"{d}|{s.fmt or ''}|{s.display or s.path}" for s, d in zip(specs, digests, strict=True)]
    for path in (str(aliases_path()), str(learned_path()), str(questions_path()), str(firsts_path()), str(standing_path())):
        parts.append(remembered(path, partial(_digest, path)))
    return cache.cache_key(parts, SCHEMA, __version__)


def _digest(path: str) -> str:
    """The SHA-256 of a bundled table (empty when it cannot be read: building then says why)."""
    try:
        return sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


def _network(key: str, specs: list[SourceSpec], read: dict[int, RawSource]) -> nx.MultiDiGraph:
    """The networkx graph of a cached entry: its ``graph`` file, or rebuilt (and stored) when that is gone."""
    import networkx as nx

    graph, _ = cache.read(key, "graph")
    if isinstance(graph, nx.MultiDiGraph):
        return graph
    graph = _build(specs, [read.get(n) or read_bytes(s.path, s.display) for n, s in enumerate(specs)])
    cache.write(key, graph, "graph")
    return graph


def _valid(cached: Any) -> bool:
    return isinstance(cached, dict) and cached.get("schema") == SCHEMA and "qgraph" in cached and "index" in cached
