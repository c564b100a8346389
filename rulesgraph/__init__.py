"""rulesgraph: Magic: The Gathering rules as a knowledge graph, answered from a terminal.

The library never prints.  Data flows one way:
source text → :mod:`~rulesgraph.parse` → :mod:`~rulesgraph.model` → :mod:`~rulesgraph.graph`
→ index → answer.  Front ends (the terminal package in ``cli/``) render the results.
"""

from __future__ import annotations

from .corpus import Rulebook, SourceSpec, bundled_sources, load, parse_spec
from .errors import RulesgraphError, SourceError
from .version import __version__

__all__ = ["Rulebook", "RulesgraphError", "SourceError", "SourceSpec", "__version__", "bundled_sources", "load", "parse_spec"]
