"""Questions about playing a card, answered from the card data rather than ranked: legality in a format, who may lead a
Commander deck, which two may lead it together, what a deck may hold by color identity, how many copies.

Enters: the question's text, the cards it names (:class:`~rulesgraph.question.namedcards.CardDeck`) and the loaded rules.
Leaves: an :class:`~rulesgraph.model.Answer` whose first paragraph is the fact, dated by the card data, and whose citations
are the rules that define its terms — or ``None``, for a question that is not one of these.  :mod:`.read` reads what is
asked, :mod:`.answer` finds the cards, :mod:`.facts` and :mod:`.pairs` say the fact, :mod:`.lists` reads the banned lists of a
Magic Tournament Rules newer than the card data.
"""
