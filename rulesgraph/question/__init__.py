"""Stage 5, question: a question's text → one analysed question.  Read once into a
:class:`~rulesgraph.question.read.Question` (cleaned, folded, split into words) whose fields every later step reads; spelling
corrected, older wordings said in today's words; what it mentions (keywords, terms, rules, cards by name and typo);
which cards it names, read from the card store; whether the rules cover it; what a conversation carries into it.

Enters: the question's text, a :class:`~rulesgraph.build.corpus.Rulebook`, the opened card deck.  Leaves: an
:class:`~rulesgraph.question.analyze.Analysis` with its named cards, for :mod:`rulesgraph.rank`.
"""
