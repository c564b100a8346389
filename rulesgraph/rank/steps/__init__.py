"""The ranking steps, one small function each (a few closely related ones share a module); their order
is :data:`rulesgraph.rank.ranking.STEPS` and what a step receives and may do is :mod:`rulesgraph.rank.pipeline`'s docstring."""
