"""Stage 3, build: parsed records → the loaded rules.  The knowledge graph (networkx) is built and linked once,
turned into the query-time structures (:mod:`~rulesgraph.build.qgraph`, :mod:`~rulesgraph.build.index`) and cached;
the reads every later stage makes of them (text relevance, keyword relations, a rule by number, a citation) live here.

Enters: :class:`~rulesgraph.model.Document` records from :mod:`rulesgraph.parse`.  Leaves: a
:class:`~rulesgraph.build.corpus.Rulebook` (and the tournament documents' graph).
"""
