"""The optional compiled kernel of text relevance and the base step (everything else is in pyproject.toml): built
when a C compiler is there, skipped (pure Python, identical results) when not.  No fused multiply-add, so every rounding is Python's."""

from __future__ import annotations

import os

from setuptools import Extension, setup

flags = [] if os.name == "nt" else ["-ffp-contract=off"]
setup(ext_modules=[Extension("rulesgraph._kernel", ["rulesgraph/_kernel.c"], optional=True, extra_compile_args=flags)])
