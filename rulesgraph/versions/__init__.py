"""Versions: installed Comprehensive Rules and tournament documents in the user data directory — download,
validate, install atomically, list, pick — and what changed between two versions of a document.

Enters: files and addresses.  Leaves: installed files, :class:`~rulesgraph.build.corpus.SourceSpec` lists to load,
and diffs.  Reads the earlier stages (sources, parse, build); none of them reads it.
"""
