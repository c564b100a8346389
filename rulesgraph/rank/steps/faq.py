"""FAQ entries: a FAQ question like the player's (rule 7), and the entries about a named keyword competing
on the question's other words (rule 17)."""

from __future__ import annotations

from rapidfuzz import fuzz, process

from ...build.index import doc_terms, word_terms
from ...build.relations import definers, faq_about
from ...question.analyze import FRAMING
from ..pipeline import Query
from .base import UNNAMED_KEYWORD, named_keyword_rules

__all__ = ["FAQ_FLOOR", "WEIGHTS", "faq_fit", "faq_similar"]

WEIGHTS = {
    "faq": 1.5,  # rule 7: the entry, times similarity above the floor …
    "faq_rule": 1.0,  # … prior of the rules it is about
    "faq_fit": 2.0,  # rule 17, times the share of the question's other words
}
FAQ_FLOOR = 0.55
"""FAQ question similarity below this adds nothing."""
_STEMS = ("faq", "question stems")
"""Its key in ``Index.memo`` (a tuple: no name or word is keyed so)."""
_FRAMING = frozenset(doc_terms(" ".join(FRAMING)))
"""Stems of words that only frame a question ("what does X do"): a FAQ question of nothing else is a definition."""


def faq_similar(q: Query) -> None:
    """Rule 7: a FAQ question similar to the question (rapidfuzz token-set ratio at least :data:`FAQ_FLOOR`,
    sharing a content word) boosts that entry and raises the prior of the rules it is about; an entry about keywords
    the question does not name counts as rule 12 counts their rules (:func:`_named`).
    Step ``faq_similar``; weights: ``faq`` = 1.5, ``faq_rule`` = 1.0.  Kept for another document: it is how the
    bundled FAQ entries compete for the answer; rule hits cannot see it (removing it changes no real tuning
    question's rule hits)."""
    g, index = q.g, q.index
    folded = " ".join(q.a.words)
    asked = set(word_terms(q.a.words))  # doc_terms(folded), from the words it was made of
    faq, num = index.faq, g.num
    # only the entries sharing a content word are scored: alike in shape only is not alike
    stems = index.memo.get(_STEMS)
    if stems is None:  # each entry's question stems, in the index's order (once per index)
        stems = index.memo[_STEMS] = [frozenset(g.question_stems[num[node]]) for node, _ in faq]
    sharing = [k for k, said in enumerate(stems) if not asked.isdisjoint(said)]
    # rapidfuzz scores those FAQ questions in one call; the entries above the floor are then taken in index order
    close = process.extract(folded, [faq[k][1] for k in sharing], scorer=fuzz.token_set_ratio, score_cutoff=FAQ_FLOOR * 100 - 1,
                            limit=None)
    for _, ratio, j in sorted(close, key=lambda c: c[2]):
        node = faq[sharing[j]][0]
        sim = ratio / 100
        i = num[node]
        if sim < FAQ_FLOOR:
            continue
        strength = (sim - FAQ_FLOOR) / (1 - FAQ_FLOOR) * _named(q, i)
        q.add(i, q.w["faq"] * strength, f"FAQ question {sim:.0%} similar")
        reason = f"what {node.removeprefix('faq:')} rests on"
        for rule in g.out(i, "about"):
            if g.kind[rule] != "keyword":
                q.raise_(rule, rule + 1, q.w["faq_rule"] * strength, reason)


def _named(q: Query, i: int) -> float:
    """Rule 7's share for FAQ entry ``i``: 1, or rule 12's :data:`~rulesgraph.rank.steps.base.UNNAMED_KEYWORD` when the
    entry is about keywords and the question names none of them, directly or by a named card ("can I kill the
    creature in response to stop it?" is asked alike of ninjutsu and offering, but a question naming neither is not
    about them)."""
    g = q.g
    about = [g.ids[r] for r in g.out(i, "about") if g.kind[r] == "keyword"]
    if not about:
        return 1.0
    named = named_keyword_rules(q)
    return 1.0 if any(not named.isdisjoint(definers(g, kw)) for kw in about) else UNNAMED_KEYWORD


def faq_fit(q: Query) -> None:
    """Rule 17: the FAQ entries about a keyword the question names compete on the question's *other* words:
    each rises by the (idf-weighted) share of them its question and answer contain, so "is proliferate
    targeted?" finds "Does proliferating target?" rather than "What does proliferate mean?".
    Step ``faq_fit``; weights: ``faq_fit`` = 2.0.  Kept for another document: the FAQ entries of a named keyword
    compete through it; rule hits cannot see it (removing it changes no real tuning question's rule hits)."""
    g, index = q.g, q.index
    keywords = list(dict.fromkeys(m.node for m in q.a.of_kind("keyword")))
    names = {t for kw in keywords for t in doc_terms(g.nodes[kw]["label"])}
    other = {t: w * index.idf.get(t, 0.0) for t, w in q.a.terms if t not in names}
    total = sum(other.values())
    if not total:
        return
    for faq in dict.fromkeys(f for kw in keywords for f in faq_about(g, kw)):
        i = g.num[faq]
        if i not in q.score:
            continue
        asks = set(g.question_stems[i])
        if asks - names - _FRAMING:  # not "What does X do?"
            have = asks.union(g.stems[i])
            share = sum(v for t, v in other.items() if t in have) / total
            q.scale(i, 1 + q.w["faq_fit"] * share, f"answers {share:.0%} of what else the question asks" if share >= 0.5 else None)
