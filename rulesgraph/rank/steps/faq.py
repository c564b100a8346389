"""FAQ entries: the entries about a keyword the question names rise (rule 2) and compete on the question's other words
(rule 17)."""

from __future__ import annotations

from ...build.index import doc_terms
from ...build.relations import current_keyword, faq_about
from ...build.relevance import specificity
from ...question.analyze import FRAMING_TERMS as _FRAMING
from ..pipeline import Query

__all__ = ["WEIGHTS", "faq_fit", "keyword_faqs"]

WEIGHTS = {
    "keyword_faq": 1.0,  # rule 2: prior of the FAQ entries about a named keyword, times how surely and only it is named
    "faq_fit": 2.0,  # rule 17, times the share of the question's other words
}
"""Rule 2's and rule 17's weights."""


def keyword_faqs(q: Query) -> None:
    """Rule 2: a keyword the question names raises the prior of the FAQ entries about it, in proportion to how specific
    the keyword's name is (``trample`` more than ``cast``) and to how much the question is only about it; a keyword
    named several ways ("cascades", the alias "cascades into", a card name that is an alias of it) counts once, as
    surely as its surest mention.
    Step ``keyword_faqs``; weights: ``keyword_faq`` = 1.0.  Kept for another document: until stop 62 this step raised
    the keyword's defining rule and its subrules too, which earned nothing on the real tuning questions (without that
    half they gain 1 at hit@1 and 6 at hit@3 of 2,351; the team's sets 18 / −1 of 2,524; ``keywords`` stays 100%: the
    glossary entry, rule 3's focus and the rules' own words find the rule); its FAQ half shows the FAQ entry that answers a
    question asked alike ("can I block with a creature I sacrificed to annihilator?": annihilator-2's "No. Annihilator
    triggers …" leads), which the real questions' labels, rules and rulings, cannot see."""
    g, w = q.g, q.w["keyword_faq"]
    surest: dict[str, tuple[float, str]] = {}  # the keyword today → how surely it was said, and the node said
    for m in q.a.of_kind("keyword"):
        said = m.quality * specificity(q.index, m.said)
        kw = current_keyword(g, m.node)
        if kw not in surest or said > surest[kw][0]:
            surest[kw] = (said, m.node)
    for kw, (said, node) in surest.items():
        strength = said * (0.35 + 0.65 * q.a.focus)
        label = g.nodes[kw]["label"]
        for faq in faq_about(g, node):
            i = g.num[faq]
            q.raise_(i, i + 1, w * strength, f"a FAQ entry about {label}")


def faq_fit(q: Query) -> None:
    """Rule 17: the FAQ entries about a keyword the question names compete on the question's *other* words:
    each rises by the (idf-weighted) share of them its question and answer contain, so "is proliferate
    targeted?" finds "Does proliferating target?" rather than "What does proliferate mean?".
    Step ``faq_fit``; weights: ``faq_fit`` = 2.0.  Kept for another document: the FAQ entries of a named keyword
    compete through it.  Removing it changes no rule hit of the 216 real tuning questions (``bench/ablate.py``, stop
    32), but the FAQ entry that says what a column answered then leaves the answer (faq:hexproof-5, an Aura attached is
    not targeting, for "If I cast Captive Audience and my opponent somehow has hexproof …")."""
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
