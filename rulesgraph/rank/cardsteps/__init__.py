"""The ranking steps that read what a named card says (its Oracle text, keywords, type line) and lead to the
rules it runs on, with their helpers: the effect kinds a card words, ability templates, what its words mean as the
rules say them.  Steps receive a :class:`~rulesgraph.rank.pipeline.Query`; their order is
:data:`rulesgraph.rank.ranking.STEPS`.
"""
