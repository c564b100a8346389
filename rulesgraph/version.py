"""The program's version (one place; pyproject reads it from here)."""

from __future__ import annotations

__version__ = "0.1.0"

SCHEMA = 5
"""Bumped whenever node or edge attributes or the cached index change (4: the learned rule words; 5: the labelled
questions' words); part of the cache key (the graph and its query-time form)."""
