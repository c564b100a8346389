"""Stage 7, answer: ranked nodes → an :class:`~rulesgraph.model.Answer`.  What comes first (a card ruling, a
tournament passage, a legality fact or a rule sentence), the citations in order, why, and how sure; the answers
that do not go through ranking (a lone card name, a legality question, a policy question) and look-ups by name.

Enters: the question's text, the loaded rules, the card deck, the installed tournament documents.  Leaves: an
:class:`~rulesgraph.model.Answer` for the front ends (the library never prints).
"""
