"""Export: the loaded rules, the installed cards and tournament documents written for other tools — a static
hyperlinked web site, node-link JSON, GraphML or DOT.

Enters: a :class:`~rulesgraph.build.corpus.Rulebook` (with the card store and documents).  Leaves: files, written
without destroying anything (:mod:`rulesgraph.common.outfile`).
"""
