"""The optional compiled kernel of text relevance, the base step and the best of a score table (everything else is in
pyproject.toml): built when a C compiler is there, skipped (pure Python, identical results) when not.  No fused
multiply-add, so every rounding is Python's."""

from __future__ import annotations

import os

from setuptools import Extension, setup

flags = [] if os.name == "nt" else ["-ffp-contract=off"]
src = "rulesgraph/build/"
setup(ext_modules=[Extension("rulesgraph.build._kernel", [src + "_kernel.c", src + "_order.c"], depends=[src + "_kernel.h"],
                             optional=True, extra_compile_args=flags)])
