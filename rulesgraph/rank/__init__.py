"""Stage 6, rank: an analysed question → graph nodes in order.  A pipeline of small scoring steps
(:data:`~rulesgraph.rank.ranking.STEPS`): the general ones in :mod:`~rulesgraph.rank.steps`, those reading what a named
card says in :mod:`~rulesgraph.rank.cardsteps`.

Enters: an :class:`~rulesgraph.question.analyze.Analysis` and the loaded rules.  Leaves: a
:class:`~rulesgraph.rank.ranking.Ranking` (scored node ids, best first, with why).
"""
