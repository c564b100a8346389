"""What labelled questions teach the ranking: rule 68, learned words — the rules that questions worded like this one
were settled by rise —, rule 69, asked — of the best candidates, the rules that settled more questions rise —, rule 70,
learned candidates — a rule worded like the questions it settled is a candidate, whatever the rules' words found —,
rule 71, standing — of the rules an answer would cite, those its first citations often turned out right for rise —,
and rule 76, neighbours — the rules the labelled questions most like this one were settled by rise.

Players do not say the rules' words: "fizzles" (608.2b's "illegal target"), "does it die" (704.5g, 700.4), "in
response" (117.3, 405), "swing" (508.1).  Labelled questions say them — the team's sets and the tuning part of the real
questions, each labelled with the rules that settle it; ``bench/learn.py`` keeps, for every rule, the words of the
questions settled by it (its subrules' for a rule too; of a question told in several sentences, those of what it asks),
only words the index knows as words — a card's name or nickname is none (``data/learned.tsv``, each rule with its rule's
name, so a renumbered rule of another edition gets none) —, and the index searches them as one more document per rule
(:attr:`rulesgraph.build.index.Index.learned`, BM25).  Measured on real questions it did not read: the blind part (never
learned from), and each tuning question answered with the words learned without its page (``bench/learn.py``'s
cross-fitting): that is how it is known to carry over to the way people ask.  The same table counts, per rule, the
questions it settled (:attr:`rulesgraph.build.index.Index.asked`): rule 69's prior; and the Oracle words of the cards
those questions named, a second document per rule, which the named cards' words are matched against with the
question's (rule 75, :mod:`rulesgraph.rank.cardsteps.learnedcards`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...build.relevance import learned_relevance
from ...parse.numbers import rule_of
from ..pipeline import Query

if TYPE_CHECKING:
    from ...build.index import Index

__all__ = ["MOST", "NEIGHBOURS", "SHOWN", "SMOOTH", "TIE", "TOP", "WEIGHTS", "asked", "learned", "learned_candidates", "neighbours",
           "smoothed_odds", "standing", "standing_of"]

WEIGHTS = {"learned": 0.7, "asked": 0.33, "learned_text": 0.8, "learned_floor": 0.5, "standing": 0.0665, "neighbours": 1.0}
"""Rule 68: what the best-matching rule's learned words add, as a share of the best score (the others' by their
match relative to it); rule 69: how much more the candidate that settled the most labelled questions among the best
candidates scores (the others by the logarithm of their count relative to it: the prior is relative to what competes);
rule 70: the text relevance a rule the learned words fit best is given (others by their fit relative to it), and the
least fit, relative to the best, that makes a rule a candidate; rule 71: how much a rule's standing (log odds) counts in
re-ordering the first rules, as a share of the best score; rule 76: what the labelled questions' votes add, as a share
of the best score."""
TOP = 60
"""Rule 68: the learned words reorder this many best candidates (the others are too far below to reach an answer)."""
MOST = 60
"""Rule 70 makes candidates of at most this many best-matching rules, as many as rule 68 reorders (cross-fitted on the
real tuning questions with its floor at 0.25: all that pass it, a median of 227 for the long questions, 904 / 1,355 at
hit@1 / hit@3; the best 15, 30, 45, 60, 100, 150: 910 / 1,336, 903 / 1,343, 904 / 1,349, 903 / 1,363, 899 / 1,357, 903
/ 1,357)."""


def learned(q: Query) -> None:
    """Rule 68: each of the :data:`TOP` best candidates that is a CR rule or subrule (this step reorders, it adds none)
    gains the weight × the best score × how well its learned words match the question's own (:attr:`Analysis.terms
    <rulesgraph.question.analyze.Analysis.terms>` with their weights, the named cards' names left out, and rule 75's
    words of the named cards), relative to the
    best-matching candidate; a subrule matches as well as its rule when that matches better (a question about trample
    and blocking points to 702.19, whichever of its subrules its own words found).
    Step ``learned``; weights: ``learned`` = 0.7 (chosen by cross-validation by source page on the real tuning
    questions, each answered cross-fitted: 0.7 in eight of ten folds, 0.8 in two; held out 125 / 172 at hit@1 / hit@3
    of 290 against 125 / 168 for stop 34's 0.5 — a little optimistic, as the training folds' answers came from tables
    that had read the held-out fold's pages: with the real questions' words the step is worth more).
    Earns its place on the real tuning questions: removing it loses 17 at hit@1 and 23 at hit@3 (of 290, cross-fitted;
    ``bench/ablate.py``, stop 35)."""
    w = q.w["learned"]
    if w <= 0 or not q.score or not q.index.learned.spans:
        return
    said = _said(q)
    if not said:
        return
    kind, up = q.g.kind, q.g.up
    match: dict[int, float] = {}
    for i in q.top(TOP)[0]:  # only CR rules have learned words (Index.learned): no other document's rule matches
        k = kind[i]
        if k == "rule":
            m = said.get(i, 0.0)
        elif k == "subrule":
            m = max(said.get(i, 0.0), said.get(up[i], 0.0))
        else:
            continue
        if m > 0:
            match[i] = m
    if not match:
        return
    most, best = max(match.values()), q.best()
    for i, m in match.items():
        q.add(i, w * best * m / most, "worded like questions this rule settled")


def asked(q: Query) -> None:
    """Rule 69, rules that often settle questions: of the :data:`TOP` best candidates, each CR rule or subrule that
    settled labelled questions (:attr:`Index.asked <rulesgraph.build.index.Index.asked>`, counted by ``bench/learn.py``
    with the learned words) scores × (1 + weight × (1 − the question's focus) × log(1 + its count) / log(1 + the most
    any of them settled)).  The prior of the rule: of two rules the words fit alike, the one questions turn on more
    often (608.2b, 704.5f, 613.4c …) is the likelier answer.  It reorders what the text found and adds no candidate; a
    question only about what it names (focus 1: "what does it mean when a card says create a token") keeps the named
    rule's place.
    Step ``asked``; weights: ``asked`` = 0.33 (cross-validated by source page on the real tuning questions, each
    answered cross-fitted, counts learned without its page: ``bench/learn.py``; stop 38, on 792, ``python bench/fit.py
    --only asked --start asked=0.5``: every fold of five chose 0.25; stop 50, on 2,345, refitted with ``card_text`` and
    the spread: 0.33 in three folds of five and on all, :mod:`rulesgraph.rank.cardsteps.cards`).  Earns its place on the
    real tuning questions: removing it loses 6 at hit@1 and 22 at hit@3 of 792 (cross-fitted; ``bench/ablate.py``, stop 38)."""
    w = q.w["asked"] * (1.0 - q.a.focus)
    counts = q.index.asked
    if w <= 0 or not q.score or not counts:
        return
    found = {i: n for i in q.top(TOP)[0] if (n := counts.get(i))}  # the table's counts are all positive
    if not found:
        return
    most = math.log1p(max(found.values()))
    for i, n in found.items():
        q.scale(i, 1.0 + w * math.log1p(n) / most, "a rule that often settles questions")


def learned_candidates(q: Query) -> None:
    """Rule 70: a CR rule or subrule whose learned words match the question (:attr:`Analysis.terms
    <rulesgraph.question.analyze.Analysis.terms>`, the named cards' names left out, with rule 75's words of the named
    cards) at least the ``learned_floor`` share
    as well as the best-matching rule, and is one of the :data:`MOST` best-matching, is a candidate: its text relevance
    becomes at least ``learned_text`` × its match relative to the best (rule 1's scale: the best text match is 1),
    whatever the rules' own words found.  Players describe a situation in words the rule does not use — "I have Thalia
    out and play a second copy" says nothing of 704.5j's "two or more legendary permanents with the same name", so the
    text never finds it among its 400 candidates, and rule 68 reorders only what was found; the questions the legend
    rule settled say "second", "copy", "two".  Scaled
    by 1 − the question's focus, as rule 69: a question only about what it names keeps its own rule; none for a question
    naming a rule by its number ("what does rule 704.5k say?": its words "rule" and "704" were learned for many rules, and
    rule 6 answers it).  A prior-stage step (text relevance), run after the card steps.
    Step ``learned_candidates``; weights: ``learned_text`` = 0.8, ``learned_floor`` = 0.5 (cross-validated by source page
    on the real tuning questions, each answered cross-fitted, stop 59: ``python bench/fit.py --only
    learned_text,learned_floor,learned,asked --passes 1 --folds 5`` chose 0.8 in four folds of five and kept rules 68
    and 69's weights; the floor, 0.25 in four folds when every rule passing it was a candidate, 0.5 in all five with
    :data:`MOST`).  Earns its place on the real tuning questions (stop 59, cross-fitted): 821 / 1,234 → 906 / 1,363 at
    hit@1 / hit@3 of 2,345 answers (with rules 21 and 38, deleted since, in); blind 35.3% / 53.5% → 38.7% / 57.9%; on
    the team's 23 sets, each held out of the table (``bench/learn.py --heldout``), hit@3 rises on all and hit@1 on 21."""
    w = q.w["learned_text"] * (1.0 - q.a.focus)
    if w <= 0 or not q.index.learned.spans or q.a.of_kind("rule"):
        return
    said = _said(q)
    floor, kind, text = q.w["learned_floor"], q.g.kind, q.text
    for n, (i, m) in enumerate(said.items()):  # best first
        if m < floor or n >= MOST:
            break
        if kind[i] in ("rule", "subrule") and (gain := w * m - text.get(i, 0.0)) > 0:
            q.relevant(i, gain, "worded like questions this rule settled")


def _own_terms(q: Query) -> list[tuple[str, float]]:
    """The question's search terms with their weights, the named cards' names left out: a card's name says which card,
    not which rule (the learned words and the labelled questions' words never hold one)."""
    names = {t for c in q.a.cards for t in c.name_terms}
    return [(t, weight) for t, weight in q.a.terms if t not in names]


def _said(q: Query) -> dict[int, float]:
    """How well each rule's learned words match the question's own (the named cards' names left out) and its named
    cards' (rule 75's, :mod:`rulesgraph.rank.cardsteps.learnedcards`), the best 1; read once per question, by rules 68
    and 70."""
    if "learned" not in q.memo:
        terms = _own_terms(q) + list(q.memo.get("learned cards", {}).items())
        q.memo["learned"] = learned_relevance(q.index, terms)
    return q.memo["learned"]


SHOWN = 6
"""Rule 71 moves the first this many CR rules and subrules among the best candidates: those an answer cites."""
TIE = 1e-9
"""Rule 71: the least gap, as a share of the best score, between two places it re-orders rules among (a tie is no order)."""
SMOOTH = 5.0
"""Rule 71 counts a rule's standing as if this many more of its citations had gone as the average one did (as the
confidence's ``record`` does, :data:`rulesgraph.answer.signals.RECORDED`): a rule cited once and right once is not sure
to be right."""


def smoothed_odds(n: int, k: int, average: float, smooth: float) -> float:
    """How much likelier than ``average`` ``k`` of ``n`` is, as log odds, counted as if ``smooth`` more had gone as the
    average did: rule 71's standing, and the confidence's ``record`` (:func:`rulesgraph.answer.signals.record`)."""
    p = (k + smooth * average) / (n + smooth)
    return math.log(p / (1 - p)) - math.log(average / (1 - average))


def standing_of(index: Index) -> dict[str, float]:
    """Each rule's standing (:attr:`Index.standing <rulesgraph.build.index.Index.standing>`: cited ``n`` times among the
    real tuning answers' first rules, ``k`` of them expected): the log odds of ``(k + SMOOTH × average) / (n + SMOOTH)``
    against the average citation's; none when nothing was counted.  Worked out once for the table in use."""
    table = index.standing
    kept = index.memo.get("standing")
    if kept is not None and kept[0] is table:
        return kept[1]
    cited, right = (sum(c) for c in zip(*table.values(), strict=True)) if table else (0, 0)
    odds: dict[str, float] = {}
    if 0 < right < cited:
        odds = {rule: smoothed_odds(n, k, right / cited, SMOOTH) for rule, (n, k) in table.items()}
    index.memo["standing"] = (table, odds)
    return odds


def standing(q: Query) -> None:
    """Rule 71, a rule's standing near the top: of the best candidates, the first :data:`SHOWN` CR rules and subrules
    (what an answer cites; a keyword FAQ page's rules are no CR rules) are re-ordered among their own places by their
    score plus the weight × the best score × their rule's standing (:func:`standing_of`: how much likelier than the
    average citation among the real tuning answers' first rules a citation of it was an expected rule, as log odds),
    each taking the score of the place it lands in (a rule with a standing is told why it moved).
    The words reach some rules often that are seldom what is asked (111.10, the list of predefined tokens, near the top of
    many questions about a token); others, cited as often, are more often right (608.2, resolving a spell).  It adds no
    candidate and moves no other kind of node (a FAQ entry or glossary term keeps its place among them); counted by
    ``bench/firsts.py`` from answers ranked without it (``data/standing.tsv``), cross-fitted by part in the benchmarks as
    the confidence's record is.
    Step ``standing``; weights: ``standing`` = 0.0665 (fitted, ``bench/fit.py --only standing`` from 0.1: 0.05 or
    0.0665 in four folds of five, 0.0665 on all; the same search over this form, which moves no FAQ entry or glossary
    term, keeps it in every fold).  Earns its place on the real tuning questions: removing it loses 4 at hit@1 and 2 at hit@3 on one
    half of the pages, 15 and 11 on the other (of 1,203 and 1,142, cross-fitted; ``bench/ablate.py --halves``, stop
    61); the blind part: see README."""
    w = q.w["standing"]
    if w <= 0 or not q.score or not q.index.standing:
        return
    odds = standing_of(q.index)
    if not odds:
        return
    kind, ids = q.g.kind, q.g.ids
    rules = [i for i in q.top(TOP)[0] if kind[i] in ("rule", "subrule") and ids[i][:1].isdigit()][:SHOWN]  # the CR's
    best = q.best()
    places = sorted((q.score[i] for i in rules), reverse=True)
    for k in range(1, len(places)):  # tied places are told apart, so a rule that moves ahead of its tie is ahead
        places[k] = min(places[k], places[k - 1] - TIE * best)
    moved = sorted(rules, key=lambda i: -(q.score[i] + w * best * odds.get(rule_of(ids[i]), 0.0)))
    for i, score in zip(moved, places, strict=True):
        if score != q.score[i]:
            own = odds.get(rule_of(ids[i]), 0.0)
            if own:
                q.note(i, "a rule often what was asked when cited this high" if own > 0 else
                       "a rule seldom what was asked when cited this high")
            q.score[i] = score


NEIGHBOURS = 10
"""Rule 76 reads the votes of this many labelled questions (the ten likest: the confidence signal explored first
scored 5, 10, 20 and 40 neighbours and 10 told right from wrong best)."""


def neighbours(q: Query) -> None:
    """Rule 76, settled questions worded like this one: the :data:`NEIGHBOURS` labelled questions whose own words match
    the question's best (:attr:`Index.neighbours <rulesgraph.build.index.Index.neighbours>`: BM25 over each question's
    stems, ``data/questions.tsv`` written by ``bench/learn.py`` from the same questions as the learned words; the named
    cards' names left out) vote for the rules that settled them and their rules (``702.19b`` for ``702.19`` too), each by
    how like the question it is, the likest 1; each of the :data:`TOP` best candidates that is a CR rule or subrule gains
    the weight × the best score × its share of the votes (a subrule without votes of its own half its rule's).  A
    judge's precedent: rule 68 adds every question a rule settled into one document, where a question told in the very
    words of one settled question is one voice among hundreds; here each question stays apart, and a few that match it
    closely outvote the many that share a word.  It reorders and adds no candidate.
    Step ``neighbours``; weights: ``neighbours`` = 1.0 (of 0.15, 0.3, 0.6, 1.0, 1.5, 2.0 and 3.0 on the real tuning
    questions, each answered cross-fitted — the labelled questions of its own part of the pages left out, as the learned
    words —: hit@1 / hit@3 1,028 / 1,532 without it, 1,035 / 1,542, 1,029 / 1,552, 1,032 / 1,559, 1,055 / 1,565, 1,054 /
    1,571, 1,037 / 1,555 and 1,020 / 1,542; 1.0 rather than 1.5, which lost 5 at hit@1 on one half of the pages).
    Earns its place on the real tuning questions: removing it loses 11 / 23 and 12 / 5 at hit@1 / hit@3 on the two halves
    of the pages (``bench/ablate.py --halves``, stop 68, cross-fitted); blind part 44.4% / 64.0% → 45.0% / 64.5%."""
    w = q.w["neighbours"]
    ix = q.index
    if w <= 0 or not q.score or not ix.settled:
        return
    like = learned_relevance(ix, _own_terms(q), neighbours=True, limit=NEIGHBOURS)
    votes: dict[str, float] = {}
    for doc, v in like.items():
        for rule in {r for e in ix.settled[doc].split() for r in (e, rule_of(e))}:
            votes[rule] = votes.get(rule, 0.0) + v
    total = sum(votes.values())
    if not total:
        return
    kind, ids, best = q.g.kind, q.g.ids, q.best()
    for i in q.top(TOP)[0]:
        if kind[i] not in ("rule", "subrule"):
            continue
        node = ids[i]
        share = (votes.get(node) or 0.5 * votes.get(rule_of(node), 0.0)) / total
        if share > 0:
            q.add(i, w * best * share, "settled questions worded like this one")
