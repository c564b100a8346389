"""The base score: text relevance times one plus the priors and the section's relevance (rule 11), with the
kinds of text that mislead counting less (rules 12 and 13, excerpts, glossary, FAQ and section headings)."""

from __future__ import annotations

from ...build.relations import definers
from ...build.relevance import KERNEL, section_relevance
from ..pipeline import Query
from .named import named_rules

__all__ = ["EXCERPT", "KIND_WEIGHT", "UNNAMED_KEYWORD", "UNNAMED_VARIANT", "WEIGHTS", "base", "named_keyword_rules", "python_base"]

WEIGHTS = {"section": 1.0}  # rule 11
KIND_WEIGHT = {"glossary": 0.7, "faq": 0.8, "section": 0.6}
"""Text relevance of glossary entries, FAQ entries and section headings counts less than a rule's:
short definitions match many questions, FAQ entries have their own similarity boost, and a section
is an outline, not the rule that settles a question.  FAQ stays 0.8: the fit on the real tuning questions
(``bench/fit.py``) lowers it in 2 of 5 folds only, no real label is a FAQ entry, and 0.4 lost reworded seed FAQ
questions their entry (``tests/test_accuracy.py``: shown 84% → 75%)."""
EXCERPT = 0.6
"""Rules quoted on an old FAQ page (old numbering, old wording) count this much: the FAQ entries
beside them, or today's rule they are tied to, are the better citation."""
UNNAMED_KEYWORD = 0.5
"""Rule 12: a keyword's own rules (701.x, 702.x) count this much when the question does not name that keyword."""
UNNAMED_VARIANT = 0.5
"""Rule 13: rules of a multiplayer or casual variant count this much unless the question mentions it."""


def named_keyword_rules(q: Query) -> set[str]:
    """The defining rules of the keywords the question names, directly or by a named card that has or grants them: rule
    12 does not count them as unnamed, and rule 8 does not spread down inside them."""
    if "named keyword rules" not in q.memo:
        q.memo["named keyword rules"] = {rule for m in q.a.of_kind("keyword") for rule in definers(q.g, m.node)} | named_rules(q)
    return q.memo["named keyword rules"]


def base(q: Query) -> None:
    """Rules 11–13, the base score: ``text × factor × kind weight × (1 + priors + section)``, where rule 11 adds the
    relevance of the candidate's CR section as a whole, rule 12 halves a keyword's own rules when the question
    does not name that keyword (their reminder-style wording matches many questions that are not about them),
    rule 13 halves a multiplayer or casual variant's rules unless something the question names leads to its
    section (a glossary entry citing general rules and a variant's names no variant: rule 4's "variant in passing"),
    and an old FAQ page's excerpt counts :data:`EXCERPT`.  Run by the compiled kernel when it was built (every
    candidate of every question goes through this loop), else by :func:`python_base`: the same scores to the last
    bit.
    Step ``base``; weights: ``section`` = 1.0.  A generic base step (every score passes through it)."""
    g = q.g
    named = named_keyword_rules(q)
    passing = q.memo.get("variant in passing", ())
    mentioned = {sec for k, (start, end, _) in enumerate(q.raised) if k not in passing for sec in set(g.section[start:end])}
    if KERNEL is None:
        python_base(q, named, mentioned)
        return
    KERNEL.base(q.text, q.raised, g.section, g.section_no, len(g.spans) + 1, g.kwrule, g.kind, g.variant, g.excerpt, named,
                mentioned, KIND_WEIGHT, q.w["section"], UNNAMED_KEYWORD, UNNAMED_VARIANT, EXCERPT, q.score)


def python_base(q: Query, named: set[str], mentioned: set[str | None]) -> None:
    """:func:`base` in pure Python, given the keyword rules the question names and the sections it mentions."""
    g, text = q.g, q.text
    prior = q.priors(text)
    section = section_relevance(g, text)
    w_section, score = q.w["section"], q.score
    columns = g.section, g.kwrule, g.variant, g.excerpt, g.kind
    sections, kwrules, variants, excerpts, kinds = columns
    for node, t in text.items():
        sec = sections[node]
        boost = prior.get(node, 0.0) + w_section * section.get(sec, 0.0)  # type: ignore[arg-type]
        kwrule = kwrules[node]
        factor = UNNAMED_KEYWORD if kwrule is not None and kwrule not in named else 1.0
        if sec and variants[node] and sec not in mentioned:
            factor *= UNNAMED_VARIANT
        if excerpts[node]:
            factor *= EXCERPT
        amount = t * factor * KIND_WEIGHT.get(kinds[node], 1.0) * (1 + boost)
        if amount > 0:  # q.add, without a reason, inlined: this runs for every candidate
            score[node] = score.get(node, 0.0) + amount
