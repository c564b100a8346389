"""Assemble sources (bundled data, user files) and load them — through the cache — into a Rulebook.

This is the library's front door: ``load(specs)`` reads every source, and either
takes the built graph from the cache or parses, builds and caches it.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import networkx as nx

from . import cache
from .errors import RulesgraphError
from .graph import SCHEMA, build_graph
from .index import Index, build_index, load_aliases
from .parse import parse
from .sources import FORMATS, decode_source, read_bytes
from .version import __version__

__all__ = ["Rulebook", "SourceSpec", "bundled_dir", "bundled_sources", "load", "parse_spec"]


@dataclass(frozen=True, slots=True)
class SourceSpec:
    """One source to load: a path, an optional forced format and the name to show for it."""

    path: str
    fmt: str | None = None
    display: str | None = None


@dataclass
class Rulebook:
    """Everything loaded: the graph, plus what happened while loading it."""

    graph: nx.MultiDiGraph
    index: Index
    sources: list[SourceSpec]
    notices: list[str] = field(default_factory=list)
    """One-line messages for the user (cache rebuilt, cache not writable …)."""
    from_cache: bool = False
    seconds: float = 0.0

    @property
    def effective(self) -> str | None:
        """The loaded CR's effective date (ISO), or ``None`` when no CR is loaded."""
        return self.graph.graph.get("effective")


def bundled_dir() -> Path:
    """The directory of the bundled corpus (``data/`` in the source tree, ``rulesgraph_data`` when installed)."""
    return Path(str(resources.files("rulesgraph_data")))


def bundled_sources() -> list[SourceSpec]:
    """The bundled seed documents, in name order; shown by file name."""
    return [SourceSpec(str(p), None, p.name) for p in sorted(bundled_dir().glob("*.txt"))]


def parse_spec(text: str) -> SourceSpec:
    """``PATH`` or ``FORMAT:PATH`` (``cr:rules.txt``) as given to ``--rules``."""
    head, sep, rest = text.partition(":")
    if sep and head in FORMATS and rest:
        return SourceSpec(rest, head, rest)
    return SourceSpec(text, None, text)


def aliases_path() -> Path:
    """The alias table (players' words → rules words); always loaded, even with ``--no-bundled``."""
    return bundled_dir() / "aliases.toml"




def load(specs: list[SourceSpec], *, use_cache: bool = True) -> Rulebook:
    """Load ``specs`` into a :class:`Rulebook`, from the cache when the sources are unchanged."""
    if not specs:
        raise RulesgraphError("nothing to load: no sources given (drop --no-bundled or add --rules PATH)")
    start = time.perf_counter()
    raws = [read_bytes(s.path, s.display) for s in specs]
    parts = [f"{r.sha256}|{s.fmt or ''}|{r.path}" for s, r in zip(specs, raws, strict=True)]
    parts.append(hashlib.sha256(aliases_path().read_bytes()).hexdigest())
    key = cache.cache_key(parts, SCHEMA, __version__)
    notices: list[str] = []
    if use_cache:
        cached, notice = cache.read(key)
        if notice:
            notices.append(notice)
        if _valid(cached):
            graph, index = cached
            return Rulebook(graph, index, specs, notices, True, time.perf_counter() - start)
        if cached is not None:
            notices.append("cache entry was from another version; rebuilding")
    graph = build_graph([parse(decode_source(r), s.fmt) for s, r in zip(specs, raws, strict=True)])
    index = build_index(graph, load_aliases(aliases_path()))
    if use_cache:
        notice = cache.write(key, (graph, index))
        if notice:
            notices.append(notice)
    return Rulebook(graph, index, specs, notices, False, time.perf_counter() - start)


def _valid(cached: object) -> bool:
    return (
        isinstance(cached, tuple) and len(cached) == 2 and isinstance(cached[0], nx.MultiDiGraph)
        and cached[0].graph.get("schema") == SCHEMA and isinstance(cached[1], Index)
    )
