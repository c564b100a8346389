"""Export: the loaded rules, the installed cards and tournament documents written for other tools — a static
hyperlinked web site, node-link JSON, GraphML or DOT.

Enters: a :class:`~rulesgraph.build.corpus.Rulebook`'s graph, the card store and the installed tournament documents
(the Rulebook carries neither).  Leaves: files, written
without destroying anything (:mod:`rulesgraph.common.outfile`).
"""
