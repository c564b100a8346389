"""Priors from what the question names: glossary terms (rule 4) and titles (rule 5), each weighed by how well its rules
fit the question's other words (rule 18), and rule numbers (rule 6).  (Rule 67, a name said as a verb, changed no real
tuning question once rule 68 was in and was deleted in stop 34.  Rule 2's prior on a named keyword's defining rule and
subrules was deleted in stop 62: without it the real tuning questions gain 1 at hit@1 and 6 at hit@3 of 2,351, the
team's sets 18 / −1 of 2,524, ``keywords`` stays 100%: the glossary entry a keyword has, rule 3's focus and the rules'
own words find what it found.  Its FAQ half is :func:`rulesgraph.rank.steps.faq.keyword_faqs`.)
Rule 10 (a negated mention boosts nothing) holds here because ``Analysis.of_kind`` leaves negated mentions out."""

from __future__ import annotations

from ...build.index import doc_terms
from ...build.relevance import specificity
from ...question.analyze import FRAMING_TERMS as _FRAMING
from ...question.analyze import Match
from ...question.cardsaid import KEYWORD_USE as RELATION
from ..pipeline import Query

__all__ = ["INCIDENTAL", "RELATION", "WEIGHTS", "glossary_prior", "named_rules", "own_words", "raise_cited", "raise_term", "rule_number",
           "terms_of", "title_prior"]

WEIGHTS = {
    "term_cited": 0.8,  # rule 4
    "title_sub": 0.8,  # rule 5
    "number": 10.0,  # rule 6
}
INCIDENTAL = 0.45
"""Rule 18: the share of a named term's prior kept when its rules hold none of the question's other words."""
# RELATION (question.cardsaid.KEYWORD_USE): which of a named card's keywords count as named by it (named_rules, read
# by rules 8 and 12), by how the card uses them; a keyword it only mentions ("creatures with flying can't block it") does not.


def own_words(q: Query) -> dict[str, float]:
    """The question's own non-framing words with their idf (what rule 18 compares a term's rules with)."""
    if "own" not in q.memo:
        q.memo["own"] = {t: q.index.idf.get(t, 0.0) for t, weight in q.a.terms if weight == 1.0 and t not in _FRAMING}
    return q.memo["own"]


def terms_of(q: Query, said: str) -> frozenset[str]:
    """The stems of what a match said (kept per index: the same words are said in many questions)."""
    key = ("terms of", said)
    found = q.index.memo.get(key)
    if found is None:
        found = q.index.memo[key] = frozenset(doc_terms(said))
    return found


def fit(q: Query, roots: list[int], m: Match) -> float:
    """Rule 18: how much a glossary term or title the question names is what it turns on: 1 when the rules
    it leads to hold all the question's other words (idf-weighted, framing words left out), down to
    :data:`INCIDENTAL` when they hold none ("my token has lifelink, how much life do I gain?" is less
    about the token rules than "does a token that leaves the battlefield cease to exist?")."""
    if m.via == "carried":  # a follow-up's own words are about something else by design ("what if it's a token?")
        return 1.0
    names = terms_of(q, m.said)
    if ("other", names) not in q.memo:  # the same words are matched as several terms of one question
        other = {t: v for t, v in own_words(q).items() if t not in names}
        q.memo["other", names] = other, sum(other.values())
    other, total = q.memo["other", names]
    if not roots or total <= 0:
        return 1.0
    have = q.g.terms_under(roots[0]) if len(roots) == 1 else q.g.terms_under_all(roots)
    share = sum(v for t, v in other.items() if t in have) / total
    return INCIDENTAL + (1 - INCIDENTAL) * share


def glossary_prior(q: Query) -> None:
    """Rule 4: a glossary term the question names (directly or through an alias) raises the prior of the
    rules its entry cites (all of each: "See rule 613" points at all of rule 613), and of the entry itself.
    Step ``glossary_prior``; weights: ``term_cited`` = 0.8.  A generic base step, a prior of what the question names
    (removing it loses 13 real tuning questions at hit@1, 4 at hit@3, of 286; ``bench/ablate.py``, stop 34)."""
    for m in q.a.of_kind("glossary"):
        raise_term(q, m)


def raise_term(q: Query, m: Match) -> None:
    """Rule 4 for one glossary term ``m`` names: the rules its entry cites and the entry itself.  An entry citing general
    rules and a variant's ("Lose the Game": rule 104, and 810.8 "for additional rules for Two-Headed Giant games") raises
    both, but names no variant (:meth:`~rulesgraph.build.qgraph.QGraph.cites_variant`): the variant's raises are kept in
    ``q.memo["variant in passing"]`` (their places in ``q.raised``), which rule 13 does not count as mentioning it."""
    g = q.g
    i = g.num[m.node]
    label = g.nodes[m.node]["label"]
    cited = list(g.out(i, "cites"))
    amount = q.w["term_cited"] * (m.quality * specificity(q.index, label) * fit(q, cited, m))
    raise_cited(q, i, amount, f"cited by the glossary entry {label}")
    q.raise_(i, i + 1, amount, m.why)


def raise_cited(q: Query, i: int, amount: float, reason: str) -> None:
    """The rules glossary entry ``i`` cites raised by ``amount`` (rules 4 and 72): a variant's rules among them, when the
    entry names no variant, are kept in ``q.memo["variant in passing"]``, which rule 13 does not count as mentioning it."""
    g = q.g
    passing = not g.cites_variant(i)
    for rule in g.out(i, "cites"):
        if passing and g.variant[rule]:
            q.memo.setdefault("variant in passing", set()).add(len(q.raised))
        q.raise_(rule, g.end[rule], amount, reason)


def title_prior(q: Query) -> None:
    """Rule 5: a section or rule title the question names raises the prior of the rules under it.
    Step ``title_prior``; weights: ``title_sub`` = 0.8.  A generic base step, a prior of what the question names
    (removing it loses 1 real tuning question at hit@3 and gains 1 at hit@1, of 286; ``bench/ablate.py``, stop 34)."""
    g = q.g
    for m in q.a.of_kind("title"):
        i = g.num[m.node]
        title = g.nodes[m.node]["title"]
        amount = q.w["title_sub"] * (m.quality * specificity(q.index, title) * fit(q, [i], m))
        q.raise_(i, i + 1, amount, f"titled {title}")
        if g.end[i] > i + 1:
            q.raise_(i + 1, g.end[i], amount, f"under {m.node} {title}")


def rule_number(q: Query) -> None:
    """Rule 6: a rule number the question names is the answer.
    Step ``rule_number``; weights: ``number`` = 10.0.  A generic base step, a prior of what the question names: a
    question naming a rule number ("rule 704.5k") gets that rule.  Removing it changes no rule hit of the 216 real
    tuning questions (``bench/ablate.py``, stop 32), but real questions do name rules: without it "… rule 303.4f isn't
    clear about that …" (Sun Titan returning an Aura) leads with 303.4 instead of 303.4f, the rule it asks about."""
    for m in q.a.of_kind("rule"):
        i = q.g.num.get(m.node)
        if i is not None:
            q.add(i, q.w["number"], m.why)


def named_rules(q: Query) -> set[str]:
    """The defining rules of the keywords the named cards have or grant: a keyword's own rules do not count as
    unnamed (rule 12) when a card the question names has it."""
    if "card_rules" not in q.memo:
        q.memo["card_rules"] = {r for c in q.a.cards for name, rel, rules in c.keywords if rel in RELATION for r in rules}
    return q.memo["card_rules"]
