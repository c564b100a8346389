"""A question only about what it names: the defining rule of the keyword (rule 3) or the opening rule of
the section (rule 19) is the answer."""

from __future__ import annotations

from ...build.relations import definers
from ...question.analyze import FRAMING, defined_subject
from ...question.telling import retired_subject
from ..pipeline import Query

__all__ = ["WEIGHTS", "focus"]

WEIGHTS = {"focus": 1.0, "opening": 1.0}  # rules 3 and 19, relative to the best score


def focus(q: Query) -> None:
    """Rule 3: a question only about a keyword ("what does trample do?") is answered by the rule that defines
    it; the boost is relative to the best score so far, in proportion to the question's focus, so it wins
    when the focus is clear (keywords after the first get less).  A question naming two keyword abilities or more itself
    (not a named card's, nor those a follow-up carries; keyword actions — cast, counter, destroy — are the verbs of every
    question) and no card ("does trample work with deathtouch?"), unless it asks what one of them means ("saddle vs crew?
    what does saddle do"), is about how they meet, not what either is: no defining rule gets the boost, and the rule
    their words meet in (702.2c, deathtouch's damage counting as lethal) leads.  (Measured on the real tuning questions,
    stop 54: hit@1 and hit@3 as without it, of 2,345; two forum answers' first citation became the labelled subrule;
    `keywords` hit@1 100% as before; with keyword actions counted too, 1 fewer at hit@1.)
    Rule 19: without a keyword, a question asking what a named section is ("what's the command zone?") gets the rule
    that opens the section (408.1, where the CR defines it), and one asking what an old term no rule defines means ("in
    play", "converted mana cost": its glossary entry cites no rule and is more than a "See …" pointer) gets that entry,
    which says what it is now; one asking only whether a retired term still holds ("is mana burn still a thing?") gets its obsolete entry.
    Step ``focus``; weights: ``focus`` = 1.0, ``opening`` = 1.0.  A generic base step: `keywords` hit@1 needs it
    (removing it loses 18 of those at hit@1, 5 at hit@3; and 1 real tuning question of 286 at hit@1;
    ``bench/ablate.py``, stop 34)."""
    a, g = q.a, q.g
    if not a.focus:
        return
    best = q.best(1.0)
    keywords = list(dict.fromkeys(m.node for m in a.of_kind("keyword")))  # in the order the question names them
    # a confident spelling correction ("craete") names its subject as surely as the right spelling
    quality = {m.node: min(1.0, m.quality / 0.8) for m in reversed(a.of_kind("keyword"))}
    said = {m.node for m in a.of_kind("keyword")  # keyword abilities it says itself: not a card's, nor a conversation's
            if m.via != "carried" and g.attrs[g.num[m.node]].get("category") == "ability"}
    meeting = len(said) > 1 and not any(c.how != "carried" for c in a.cards) and defined_subject(list(a.words), list(a.matches)) is None
    for order, keyword in enumerate([] if meeting else keywords):
        for rule in definers(g, keyword):
            amount = q.w["focus"] * quality[keyword] * a.focus * best / (1 + order)
            q.add(g.num[rule], amount, "the question is about this keyword")
    asked = None if keywords else defined_subject(list(a.words), list(a.matches), kind="title")
    opening = f"{asked.node}.1" if asked is not None and "." not in asked.node else None
    if opening in g.num:
        q.add(g.num[opening], q.w["opening"] * a.focus * best, f"opens {asked.node}, the section the question asks about")  # type: ignore[union-attr]
    term = None if keywords else defined_subject(list(a.words), list(a.matches), kind="glossary")
    if term is not None and term.node in g.num and not g.targets(term.node, "cites") and \
            not (g.nodes[term.node].get("text") or "").startswith("See "):  # "what does 'in play' mean?", not "See Main Phase."
        q.add(g.num[term.node], q.w["focus"] * a.focus * best, "the question asks what this term means: the glossary says")
    retired = None if keywords else retired_subject(a.words, a.matches, q.index.obsolete, FRAMING)
    if retired is not None and retired.node in g.num:  # "is mana burn still a thing?": the entry that says it is gone
        q.add(g.num[retired.node], q.w["focus"] * best, "the question asks whether this old term still holds: the glossary says")
