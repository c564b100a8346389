"""rulesgraph: Magic: The Gathering rules as a knowledge graph, answered from a terminal.

The library never prints.  Data flows one way, one folder per stage, each importing only the ones before it
(the contract is in ``pyproject.toml``, checked by ``tests/test_layers.py``):

``common`` (small utilities) → ``sources`` (bytes → text) → ``parse`` (text → records) → ``build`` (records → graph,
index, cache: a :class:`Rulebook`) → ``cards`` (the card store) → ``question`` (a question → its analysis) → ``rank``
(analysis → ranked nodes) → ``answer`` (→ an :class:`~rulesgraph.model.Answer`) → ``versions`` (installed documents,
diffs) → ``export``.  Front ends (the terminal package in ``cli/``) render the results.  At the root: this public
face, the records (:mod:`~rulesgraph.model`), the one error type and the version.
"""

from __future__ import annotations

from .build.corpus import Rulebook, SourceSpec, bundled_sources, load, parse_spec
from .errors import RulesgraphError, SourceError
from .version import __version__

__all__ = ["Rulebook", "RulesgraphError", "SourceError", "SourceSpec", "__version__", "answer_json", "ask", "bundled_sources", "load",
           "parse_spec"]


def __getattr__(name: str) -> object:
    """``ask`` and ``answer_json`` (:mod:`rulesgraph.answer.compose`), imported on first use: loading or checking the
    rules never imports the answering stages."""
    if name in ("ask", "answer_json"):
        from .answer import compose

        return getattr(compose, name)
    raise AttributeError(f"module 'rulesgraph' has no attribute {name!r}")
