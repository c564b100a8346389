"""Stage 1, sources: bytes → text.  Read a file or a download address, decode it (BOM, line endings), extract
a PDF's text, and tell which format it is.

Enters: a path, an address or bytes.  Leaves: :class:`~rulesgraph.sources.read.SourceText` (decoded lines with their
provenance) and the name of its format for :mod:`rulesgraph.parse`.
"""
