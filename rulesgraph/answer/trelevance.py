"""How much a question is the tournament documents' rather than the Comprehensive Rules': one fitted score for routing.

Each word of the question (stemmed as the documents are ranked, card names left out) is compared by its share of
the words of each side: the installed MTR, IPG and JAR (their ranked sections' text, counted on first use once installed and
cached with the infraction names) and the Comprehensive Rules (the loaded index's document frequencies).  From these
log ratios come the question's :data:`FEATURES`: the words the documents use far more than the rules (``log`` ratio at
least :data:`OWN`) and far more than English does (:func:`rulesgraph.answer.trelevance.term_counts`: judge, penalty,
sideboard, tournament, match, spectator), summed; the words the rules use more (ratio below ``-``:data:`RULES`:
creature, battlefield, damage, target), summed; every word's ratio summed over the square root of their number (how
much the question as a whole leans one way, whatever its length); the log of that number; how many kinds of a
policy question's words it says (an error told, a duty or fix asked, a judge, a remedy, a setting:
:func:`rulesgraph.question.policyroute.policy_kinds`); the share of its words that are game terms (a count would grow
with the question: a judge's forum post tells a long game situation, a rules question a short one); and whether it
names a card.
The score is a logistic model's log-odds over them (:data:`WEIGHTS`, :data:`BIAS`), and a question scoring at least
:data:`ROUTE` goes to the documents though no cue routed it ("two cards stuck together when I drew and I saw the
second one, what now"); one scoring from :data:`LEAN` up stays with the rules, leaning toward the documents
(:func:`leaning`): its answer cites their best passage too.

The weights and the threshold are fitted by ``bench/routefit.py`` on the tune parts of the policy sets
(``bench/questions/policy/policy.jsonl`` and ``real.jsonl``) against every rules question of the routing set
(``bench/routing.py``) but its blind lines, cross-validated; :data:`ROUTE` is above the score of every one of those rules questions.
Cheap: a dictionary look-up per word and a few regular expressions, no document parsed (a rules question reads the
cached counts once a process).
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from ..build.tbook import newest, tournament_dir
from ..common.paths import write_atomically
from ..common.text import STOPWORDS, stem, words
from ..question.read import Question
from .policywords import IRREGULAR
from .policywords import terms as _terms

if TYPE_CHECKING:
    from ..build.index import Index
    from .policy import PolicyIndex

__all__ = ["BIAS", "FEATURES", "JARGON_ZIPF", "LEAN", "OWN", "ROUTE", "RULES", "SCORED", "WEIGHTS", "features", "jargon", "leaning",
           "names", "relevance", "relevant", "rules_names", "term_counts", "title_words"]

OWN = 2.0
"""A word counts for the documents when its share of their words is at least e**OWN (~7) times its share of the rules'."""
RULES = 1.0
"""A word counts for the rules when its share of their words is at least e**RULES (~2.7) times its share of the documents'."""
FEATURES = ("documents", "rules", "balance", "length", "kinds", "game_terms", "card")
"""What the score weighs (:func:`features`), in this order."""
WEIGHTS = {"documents": 0.1631, "rules": 0.0157, "balance": 0.5357, "length": 0.2323, "kinds": 1.6832, "game_terms": -1.3322,
           "card": -0.8137}
"""Each feature's weight in the log-odds, fitted by ``bench/routefit.py`` (its last lines print them)."""
BIAS = -4.4235
ROUTE = 1.269
"""The score from which a question goes to the documents, fitted by ``bench/routefit.py``: midway between the highest
score of the rules questions it was fitted on and the lowest policy question's above it."""
LEAN = -1.0
"""The score from which a question the rules answer still cites the documents' best passage third
(:func:`rulesgraph.answer.tanswer.with_documents`): a judge's question told in the game's words ("… do you have to
announce which one you are using during the sideboarding time?", 0.6) scores between the two.  Chosen on the tuning
parts (stop 84, ``bench/policy.py``, ``bench/real.py``): from -2.0 to -0.75 the real policy questions with their
section in the first three go 83 → 87 of 117 and the team's stay 53 of 60, and no real rules question loses an
expected rule from the first three; -1.0, nearer ``ROUTE``, touches fewer rules answers (30 of the routing set's 8,054
questions gain a passage)."""


def features(question: str | Question, index: Index) -> tuple[dict[str, float], tuple[str, ...]]:
    """The question's :data:`FEATURES`, and the words that counted for the documents, most telling first; ``({}, ())``
    when no document is installed."""
    from ..question.policyroute import policy_kinds
    from ..question.scope import game_terms
    from .policywords import said_terms

    counts, own = term_counts()
    if not counts:
        return {}, ()
    read = Question.of(question)
    if _LAST and _LAST[0][:3] == (read.text, index, counts):  # the routing worked it out; the answer asks again
        return _LAST[0][3]
    docs_total, rules_total = _totals(counts, index)
    cards = {stem(w) for w in read.names}
    documents = rules = balance = 0.0
    n = 0
    said: dict[str, float] = {}
    for t in said_terms(read):
        if t in cards:
            continue
        a, b = counts.get(t, 0), index.postings.df(t)
        if not a and not b:
            continue
        ratio = math.log((a + 0.5) / docs_total) - math.log((b + 0.5) / rules_total)
        n += 1
        balance += ratio
        if ratio >= OWN and t in own:
            documents += ratio
            said[t] = ratio
        elif ratio <= -RULES:
            rules += ratio
    got = {"documents": documents, "rules": rules, "balance": balance / math.sqrt(max(1, n)), "length": math.log(max(1, n)),
           "kinds": float(policy_kinds(read.folded)), "game_terms": game_terms(read, index) / max(1, n), "card": float(bool(read.names))}
    _LAST[:] = [(read.text, index, counts, (got, tuple(sorted(said, key=lambda t: -said[t]))))]
    return _LAST[0][3]


_LAST: list[tuple[str, Index, dict[str, int], tuple[dict[str, float], tuple[str, ...]]]] = []
"""The last question's features (its text, the index and counts they were worked out with): :func:`leaning` asks for them
again after the routing (:func:`relevant`) did."""


def relevance(question: str | Question, index: Index) -> tuple[float, tuple[str, ...]]:
    """The question's score (the log-odds that it is the documents': :data:`WEIGHTS` over its :func:`features`) and
    the words that counted for the documents, most telling first; ``(0.0, ())`` when no document is installed."""
    got, said = features(question, index)
    return (_score(got), said) if got else (0.0, ())


def _score(got: dict[str, float]) -> float:
    """The log-odds of features ``got``: :data:`BIAS` and :data:`WEIGHTS` over them."""
    return BIAS + sum(WEIGHTS[f] * got[f] for f in FEATURES)


def leaning(question: str | Question, index: Index) -> float | None:
    """The question's score when it is at least :data:`LEAN` but under :data:`ROUTE`, else ``None`` (also when no
    document is installed)."""
    got, _ = features(question, index)
    score = _score(got) if got else None  # not relevance's 0.0 without documents: that would lean
    return score if score is not None and LEAN <= score < ROUTE else None


SCORED = "its words are the documents' rather than the rules'"
"""How :func:`relevant`'s reason begins: an answer routed so cites the rules too (:func:`rulesgraph.answer.tanswer.with_rules`)."""


def relevant(question: str | Question, index: Index) -> str | None:
    """Why the question's words make it one for the tournament documents (:data:`SCORED`, its score and its most telling
    words), or ``None``."""
    score, said = relevance(question, index)
    if score < ROUTE:
        return None
    return f"{SCORED} (score {score:.1f})" + (": " + ", ".join(said[:3]) if said else "")


_TOTALS: list[tuple[object, object, tuple[int, int]]] = []


def _totals(counts: dict[str, int], index: Index) -> tuple[int, int]:
    """The documents' word count and the rules' (the sum of their terms' document frequencies: every posting), summed
    once for the counts and index in use."""
    if _TOTALS and _TOTALS[0][0] is counts and _TOTALS[0][1] is index.postings:
        return _TOTALS[0][2]
    got = (max(1, sum(counts.values())), max(1, len(index.postings.docs)))
    _TOTALS[:] = [(counts, index.postings, got)]
    return got


_Remembered = tuple[dict[str, str], frozenset[str], frozenset[str], dict[str, int], frozenset[str]]
_NAMES: dict[object, _Remembered] = {}
_NONE: _Remembered = ({}, frozenset(), frozenset(), {}, frozenset())
OWN_SUPPORT = 10
"""How often the documents must use a term for it to be one of their own words (:func:`term_counts`)."""
ENGLISH_RATIO = 2.0
"""A term is the documents' own when its share of their words is at least e**ENGLISH_RATIO (~7) times its share of
English (wordfreq, its forms in the documents summed): ``judge``, ``penalty``, ``decklist``; not ``like``, ``run``."""
JARGON_ZIPF = 3.0
"""A word of a section title rarer than this in English (wordfreq's Zipf scale) is the documents' jargon:
``decklist`` 0, ``scorekeeper`` 1.6, ``tiebreakers`` 2.0, ``tardiness`` 2.4, ``pregame`` 2.9 (``stalling`` is 3.2)."""


def names() -> dict[str, str]:
    """The infraction names and abbreviations of the installed IPG (``grv`` → ``IPG 2.5``), and the initials of the other
    passages' hyphenated titles (``ooos`` → ``MTR 4.3``: :func:`~rulesgraph.answer.policywords.abbreviations`), without parsing anything
    on most calls: remembered per process by the directory's modification time (one ``stat`` a call), and in the
    cache directory by the installed files' sizes and times (and the deriving code's), so a rules question costs
    one ``stat``, not the documents' parse (~0.1 s)."""
    return _remembered()[0]


def jargon() -> frozenset[str]:
    """Stems of the MTR's and IPG's title words that are rare in English (:data:`JARGON_ZIPF`): ``tiebreak`` …"""
    return _remembered()[1]


def title_words() -> frozenset[str]:
    """The MTR's and IPG's titles as the sorted stems of their words, space-joined (``spectat``, ``devic electron``)."""
    return _remembered()[2]


def term_counts() -> tuple[dict[str, int], frozenset[str]]:
    """How often each term (:func:`~rulesgraph.answer.policywords.terms`) occurs in the ranked sections of the installed
    documents, and the terms the documents use far more than English does (:data:`ENGLISH_RATIO`, at least :data:`OWN_SUPPORT` times):
    ``judg``, ``penalti``, ``sideboard``, not ``like`` or ``run`` — read from the same cache as :func:`names`."""
    got = _remembered()
    return got[3], got[4]


def _remembered() -> _Remembered:
    try:
        stamp: object = tournament_dir().stat().st_mtime_ns
    except OSError:
        return _NONE
    if stamp not in _NAMES:
        _NAMES.clear()
        _NAMES[stamp] = _names_cached()
    return _NAMES[stamp]


def _names_cached() -> _Remembered:
    import json

    from ..build import cache
    from ..common.sha import sha256

    current = newest()
    if not current:
        return _NONE
    here = Path(__file__).parent.parent  # the rulesgraph package
    code = [here / "answer" / "policy.py", here / "answer" / "policywords.py", here / "answer" / "trelevance.py",
            here / "parse" / "tournament.py", here / "parse" / "tdoc.py", here / "parse" / "jar.py", here / "parse" / "pdftext.py",
            here / "build" / "tbook.py"]
    key = tuple((p.name, st.st_size, st.st_mtime_ns) for p in [i.path for i in current.values()] + code if (st := p.stat()))
    path = cache.cache_dir() / f"tournament-names-{sha256(repr(key).encode()).hexdigest()[:16]}.json"
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
        named, rare, titled, counts, own = found["names"], found["jargon"], found["titled"], found["counts"], found["own"]
        if isinstance(named, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in named.items()) and \
                all(isinstance(w, str) for w in [*rare, *titled, *own]) and isinstance(counts, dict) and \
                all(isinstance(k, str) and isinstance(v, int) for k, v in counts.items()):
            return named, frozenset(rare), frozenset(titled), counts, frozenset(own)
    except (OSError, ValueError, KeyError, TypeError):
        pass
    from wordfreq import zipf_frequency

    from .policy import policy_index

    index = policy_index()
    named = dict(index.named) if index else {}
    titles = [s.title for d in (index.docs if index else ()) if d.kind != "jar" for s in d.sections
              if s.kind in ("chapter", "section", "appendix")]
    rare = sorted({stem(w) for t in titles for w in words(t) if w.isalpha() and zipf_frequency(w, "en") < JARGON_ZIPF})
    titled = sorted({" ".join(sorted({stem(w) for w in words(t) if w.isalpha() and w not in STOPWORDS})) for t in titles} - {""})
    counts, own = _own_words(index)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps({"names": named, "jargon": rare, "titled": titled, "counts": counts, "own": own}).encode())
    except OSError:
        pass  # a cache that cannot be written is no reason to fail
    return named, frozenset(rare), frozenset(titled), counts, frozenset(own)


def _own_words(index: PolicyIndex | None) -> tuple[dict[str, int], list[str]]:
    """Each term's count in the ranked sections' text, and the terms the documents use far more than English does."""
    from wordfreq import word_frequency

    counts: Counter[str] = Counter()
    forms: dict[str, set[str]] = {}
    for s, _, _ in index.units if index else ():
        counts.update(_terms(s.text))
        for w in words(s.text):
            if w not in STOPWORDS:
                forms.setdefault(stem(IRREGULAR.get(w, w)), set()).add(w)
    total = max(1, sum(counts.values()))
    own = sorted(t for t, n in counts.items() if n >= OWN_SUPPORT and
                 n / total >= math.exp(ENGLISH_RATIO) * max(1e-7, sum(word_frequency(w, "en") for w in forms.get(t, ()))))
    return dict(counts), own


def rules_names(index: Index) -> frozenset[str]:
    """Every name the rules' index knows (keywords, glossary entries, section and rule titles) as its words' sorted stems, stop
    words left out, as :func:`~rulesgraph.question.policyroute.policy_cue` compares the documents' titles: made once per
    index, when a question first says a title (all it asks, or at an event)."""
    got = index.memo.get("rules names")
    if got is None:
        got = index.memo["rules names"] = frozenset(" ".join(sorted({w for w in key.split() if w not in STOPWORDS}))
                                                    for key in index.names)
    return got
