"""The program's version (one place; pyproject reads it from here)."""

from __future__ import annotations

__version__ = "0.1.0"
