"""Helpers shared by the benchmark scripts: locating the full CR, timing, tables."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CR = ROOT.parent / "shared" / "data" / "cr" / "MagicCompRules-20260619.txt"


def cr_path(given: str | None) -> Path:
    path = Path(given) if given else DEFAULT_CR
    if not path.is_file():
        sys.exit(f"bench: {path} not found; pass --cr PATH to a Comprehensive Rules text file")
    return path


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def median(values: list[float]) -> float:
    return statistics.median(values)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def table(rows: list[tuple[str, ...]], header: tuple[str, ...]) -> str:
    """A Markdown table (pastes into README as is)."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = lambda r: "| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)) + " |"
    return "\n".join([line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *map(line, rows)])
