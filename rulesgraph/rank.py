"""Rank graph nodes for an analysed question.

Text relevance decides *whether* a node is about the question; what the question names and
the graph decide *which* of the relevant nodes matter most.  So a node's score is

    text × (1 + priors) + direct boosts, then spread along the graph,

with these rules (each has a weight in :data:`WEIGHTS` and a test stating it):

1. text relevance: BM25 over rules, glossary and FAQ text, scaled so the best document is 1;
2. a keyword the question names raises the prior of the rule that defines it, of its subrules
   and of the FAQ entries about it, in proportion to how specific the keyword's name is
   (``trample`` more than ``cast``);
3. when the question is only about what it names ("what does trample do?"), the defining rule
   is boosted directly, in proportion to that focus;
4. a glossary term the question names (directly or through an alias) raises the prior of the
   rules its entry cites;
5. a section or rule title the question names raises the prior of the rules under it;
6. a rule number the question names is the answer;
7. a FAQ question similar to the question (rapidfuzz) boosts that entry and raises the prior
   of the rules it is about;
8. score spreads from the best nodes along the graph: to relevant rules they cite (a cited section
   to its relevant rules), to their parent (so the general rule stays reachable) and to relevant children;
9. text from other documents counts for the CR rule it is today (``current`` edges);
10. a negated mention ("non-trample") boosts nothing;
11. rules in the section that matches the question best, as a whole, count more;
12. a keyword's own rules count less when the question does not name that keyword (their reminder-
    style wording matches many questions that are not about them);
13. rules of one multiplayer or casual variant count less unless something the question names leads there;
14. in a conversation, a follow-up favours the sections the previous answer came from;
15. with two keywords named, the rules connecting them (sharing rare words) rise;
16. a document with the words the question quotes ('activate only as a sorcery') rises;
17. the FAQ entries about a named keyword compete on the question's other words;
18. a named glossary term or title raises its rules by how much of the question's other words they hold;
19. a question asking what a named section is ("what's the command zone?") is answered by the rule that
    opens the section (408.1, where the CR defines it), boosted like rule 3.
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import pairwise, permutations

import networkx as nx
from rapidfuzz import fuzz

from .analyze import FRAMING, Analysis, Match, defined_subject
from .index import Index, doc_terms
from .link import current_keyword, subtree, targets
from .parse.numbers import parent_of, rule_of
from .relevance import section_relevance, terms_under, text_relevance
from .text import words

__all__ = ["WEIGHTS", "Scored", "definers", "rank", "specificity"]

WEIGHTS = {
    "keyword_rule": 2.0,  # rule 2: prior of the defining rule …
    "keyword_sub": 1.0,  # … and of its subrules
    "focus": 1.0,  # rule 3, relative to the best score
    "opening": 1.0,  # rule 19, relative to the best score
    "term_cited": 0.8,  # rule 4
    "title_sub": 0.8,  # rule 5
    "number": 10.0,  # rule 6
    "faq": 1.5,  # rule 7: the entry, times similarity above the floor …
    "faq_rule": 1.0,  # … prior of the rules it is about
    "section": 1.0,  # rule 11
    "continuity": 1.0,  # rule 14
    "bridge": 0.3,  # rule 15, relative to the best score
    "quote": 0.5,  # rule 16, times the share of the quote's word pairs
    "faq_fit": 2.0,  # rule 17, times the share of the question's other words
    "spread_cites": 0.3,  # rule 8
    "spread_parent": 0.25,
    "spread_child": 0.3,
}
KIND_WEIGHT = {"glossary": 0.7, "faq": 0.8, "section": 0.6}
"""Text relevance of glossary entries, FAQ entries and section headings counts less than a rule's:
short definitions match many questions, FAQ entries have their own similarity boost, and a section
is an outline, not the rule that settles a question."""
EXCERPT = 0.6
"""Rules quoted on an old FAQ page (old numbering, old wording) count this much: the FAQ entries
beside them, or today's rule they are tied to, are the better citation."""
UNNAMED_KEYWORD = 0.5
"""Rule 12: a keyword's own rules (701.x, 702.x) count this much when the question does not name that keyword."""
UNNAMED_VARIANT = 0.5
"""Rule 13: rules of a multiplayer or casual variant count this much unless the question mentions it."""
COMMON = 30
"""A keyword named in at most this many documents is fully specific; more common names count less."""
FAQ_FLOOR = 0.55
"""FAQ question similarity below this adds nothing."""
_FRAMING = frozenset(doc_terms(" ".join(FRAMING)))
"""Stems of words that only frame a question ("what does X do"): a FAQ question of nothing else is a definition."""
BRIDGE_IDF = 3.0
"""Words rarer than this (by idf) make a connection between two keywords' rules; "creature" does not."""
SEEDS = 20
"""How many of the best nodes spread their score along the graph."""
SPREAD_INTO = ("section",)
"""Rule 8: a citation of a node of these kinds ("see rule 606") spreads to every relevant rule under it.
Rules are left out: their subrules are reached through the rule's own spread to its children."""
INCIDENTAL = 0.45
"""Rule 18: the share of a named term's prior kept when its rules hold none of the question's other words."""
QUOTED = 100
"""Rule 16 looks for quoted words in this many of the best candidates (reading every candidate's words is slow)."""


@dataclass
class Scored:
    """A ranked node: its score and the reasons that made it (shown as "why matched")."""

    node: str
    score: float = 0.0
    reasons: list[str] = field(default_factory=list)


def specificity(index: Index, name: str) -> float:
    """How much naming something says about a question: 1 for names few documents use (``trample``,
    ``declare blockers``), √(COMMON/df) for names many use (``cast``: about 0.26, ``creature`` less).
    A name of several words is as specific as its rarest word."""
    stems = doc_terms(name)
    if not stems:
        return 0.0
    df = min(index.postings.df(t) or 1 for t in stems)
    return min(1.0, math.sqrt(COMMON / df))


class _Scores:
    """Scores and reasons being added up for one question."""

    def __init__(self) -> None:
        self.score: dict[str, float] = defaultdict(float)
        self.reasons: dict[str, list[str]] = defaultdict(list)

    def add(self, node: str, amount: float, reason: str | None = None) -> None:
        if amount <= 0:
            return
        self.score[node] += amount
        if reason and reason not in self.reasons[node]:
            self.reasons[node].append(reason)


def _faq_about(g: nx.MultiDiGraph, keyword: str) -> list[str]:
    """FAQ entries about a keyword under any of its names (``Totem armor`` entries for Umbra Armor)."""
    names = {keyword, current_keyword(g, keyword)}
    names |= {src for src, _, k in g.in_edges(current_keyword(g, keyword), keys=True) if k == "renamed_to"}
    return [src for kw in names for src, _, k in g.in_edges(kw, keys=True) if k == "about" and g.nodes[src]["kind"] == "faq"]


def definers(g: nx.MultiDiGraph, keyword: str) -> list[str]:
    """The rules that define a keyword: its CR rule when loaded, else the other documents' definitions."""
    kw = current_keyword(g, keyword)
    sources = [src for src, _, k in g.in_edges(kw, keys=True) if k == "defines" and g.nodes[src]["kind"] != "glossary"]
    cr = [s for s in sources if g.nodes[s].get("numbering") == "cr"]
    return cr or sources


def _fit(g: nx.MultiDiGraph, own: dict[str, float], roots: list[str], m: Match) -> float:
    """Rule 18: how much a glossary term or title the question names is what it turns on: 1 when the rules
    it leads to hold all the question's other words (``own``: its idf-weighted, non-framing words), down to
    :data:`INCIDENTAL` when they hold none ("my token has lifelink, how much life do I gain?" is less
    about the token rules than "does a token that leaves the battlefield cease to exist?")."""
    if m.via == "carried":  # a follow-up's own words are about something else by design ("what if it's a token?")
        return 1.0
    names = set(doc_terms(m.said))
    other = {t: v for t, v in own.items() if t not in names}
    total = sum(other.values())
    if not roots or total <= 0:
        return 1.0
    have = [terms_under(g, root) for root in roots]
    fit = sum(v for t, v in other.items() if any(t in h for h in have)) / total
    return INCIDENTAL + (1 - INCIDENTAL) * fit


def _priors(index: Index, g: nx.MultiDiGraph, a: Analysis, s: _Scores) -> dict[str, float]:
    """Multipliers from what the question names (rules 2, 4, 5, 7), with their reasons; direct boosts too."""
    w = WEIGHTS
    prior: dict[str, float] = defaultdict(float)

    def raise_(node: str, amount: float, reason: str) -> None:
        prior[node] += amount
        if reason not in s.reasons[node]:
            s.reasons[node].append(reason)

    for m in a.of_kind("keyword"):
        q = m.quality * specificity(index, m.said) * (0.35 + 0.65 * a.focus)
        label = g.nodes[current_keyword(g, m.node)]["label"]
        for rule in definers(g, m.node):
            raise_(rule, w["keyword_rule"] * q, f"defines the keyword {label}")
            for sub in subtree(g, rule)[1:]:
                raise_(sub, w["keyword_sub"] * q, f"part of the {label} rules")
        for faq in _faq_about(g, m.node):
            raise_(faq, w["keyword_sub"] * q, f"a FAQ entry about {label}")
    own = {t: index.idf.get(t, 0.0) for t, weight in a.terms if weight == 1.0 and t not in _FRAMING}  # for rule 18
    for m in a.of_kind("glossary"):
        q = m.quality * specificity(index, g.nodes[m.node]["label"]) * _fit(g, own, targets(g, m.node, "cites"), m)
        for rule in targets(g, m.node, "cites"):
            reason = f"cited by the glossary entry {g.nodes[m.node]['label']}"
            for node in subtree(g, rule):  # "See rule 613" points at all of rule 613
                raise_(node, w["term_cited"] * q, reason)
        raise_(m.node, w["term_cited"] * q, m.why)
    for m in a.of_kind("title"):
        q = m.quality * specificity(index, g.nodes[m.node]["title"]) * _fit(g, own, [m.node], m)
        for sub in subtree(g, m.node):
            reason = f"under {m.node} {g.nodes[m.node]['title']}" if sub != m.node else f"titled {g.nodes[m.node]['title']}"
            raise_(sub, w["title_sub"] * q, reason)
    for m in a.of_kind("rule"):
        s.add(m.node, w["number"], m.why)
    sections = dict(a.sections)
    if sections:  # rule 14: a follow-up stays near the rules the previous answer came from
        for node, sec in index.section.items():
            if sec in sections:
                prior[node] += w["continuity"] * sections[sec]
    folded = " ".join(a.words)
    asked = set(doc_terms(folded))
    for node, question in index.faq:
        sim = fuzz.token_set_ratio(folded, question) / 100
        if sim < FAQ_FLOOR or not asked & set(doc_terms(question)):  # alike in shape only ("what does X do?") is not alike
            continue
        strength = (sim - FAQ_FLOOR) / (1 - FAQ_FLOOR)
        s.add(node, w["faq"] * strength, f"FAQ question {sim:.0%} similar")
        for rule in targets(g, node, "about"):
            if g.nodes[rule]["kind"] != "keyword":
                raise_(rule, w["faq_rule"] * strength, f"what {node.removeprefix('faq:')} rests on")
    return prior


def _bridges(index: Index, g: nx.MultiDiGraph, a: Analysis) -> dict[str, tuple[float, str]]:
    """Rule 15: with two keywords named ("trample and deathtouch"), the rules of one that share rare words
    with the other's rules connect them (702.2c makes deathtouch damage lethal, the word trample's
    702.19b turns on); their prior rises by how much they share, the best connection most."""
    keywords = list(dict.fromkeys(current_keyword(g, m.node) for m in a.of_kind("keyword")))
    tops = {kw: definers(g, kw)[0] for kw in keywords if definers(g, kw)}
    if len(tops) < 2:
        return {}
    words = {kw: {t for n in subtree(g, top) for t in doc_terms(g.nodes[n]["text"])} for kw, top in tops.items()}
    names = {t for kw in tops for t in doc_terms(g.nodes[kw]["label"])}
    out: dict[str, tuple[float, str]] = {}
    for x, y in permutations(tops, 2):
        shared = {}
        for node in subtree(g, tops[y])[1:]:
            common = (set(doc_terms(g.nodes[node]["text"])) & words[x]) - names
            shared[node] = sum(index.idf.get(t, 0.0) for t in common if index.idf.get(t, 0.0) >= BRIDGE_IDF)
        best = max(shared.values(), default=0.0)
        for node, amount in shared.items():
            if best and amount / best >= 0.5:
                label_x, label_y = g.nodes[x]["label"], g.nodes[y]["label"]
                out[node] = (amount / best, f"connects {label_y} to {label_x}")
    return out


def rank(index: Index, g: nx.MultiDiGraph, a: Analysis) -> list[Scored]:
    """Every candidate with its score and the reasons for it, best first."""
    s = _Scores()
    text = text_relevance(index, a)
    prior = _priors(index, g, a, s)
    section = section_relevance(index, text)
    named = {rule for m in a.of_kind("keyword") for rule in definers(g, m.node)}
    mentioned = {index.section.get(node) for node in prior}
    nodes = g.nodes
    for node, t in text.items():
        sec = index.section.get(node)
        boost = prior.get(node, 0.0) + WEIGHTS["section"] * section.get(sec, 0.0)
        factor = UNNAMED_KEYWORD if _keyword_rule(node) not in (None, *named) else 1.0
        if sec and _variant(node) and sec not in mentioned:
            factor *= UNNAMED_VARIANT
        data = nodes[node]
        if data.get("numbering") == "excerpt":
            factor *= EXCERPT
        s.add(node, t * factor * KIND_WEIGHT.get(data["kind"], 1.0) * (1 + boost))
    if a.quoted:
        _quotes(g, a, s, text)
    _faq_fit(index, g, a, s)
    _spread(g, s, text)
    _to_current(index, g, s)
    _focus(g, a, s)
    best = max(s.score.values(), default=0.0)
    for node, (amount, reason) in _bridges(index, g, a).items():  # rule 15, relative to the best score like rule 3
        s.add(node, WEIGHTS["bridge"] * amount * best, reason)
    return sorted((Scored(n, sc, s.reasons[n]) for n, sc in s.score.items()), key=lambda x: -x.score)


def _quotes(g: nx.MultiDiGraph, a: Analysis, s: _Scores, text: dict[str, float]) -> None:
    """Rule 16: a phrase the question quotes (``'activate only as a sorcery'``, ``'you may'``) is card or
    rules wording; a relevant document with the same word pairs, small words included, rises by the share
    of the quote's pairs it has (the best-matching quote counts)."""
    wanted = [set(pairwise(q)) for q in a.quoted]
    for node in heapq.nlargest(QUOTED, (n for n in text if n in s.score), key=s.score.__getitem__):
        data = g.nodes[node]
        ws = words(" ".join([data["text"], *(data.get("examples") or ())]))
        have = set(pairwise(ws))
        share = max(len(w & have) / len(w) for w in wanted)
        if share > 0:
            s.score[node] *= 1 + WEIGHTS["quote"] * share
            s.reasons[node].append("has the words the question quotes")


def _faq_fit(index: Index, g: nx.MultiDiGraph, a: Analysis, s: _Scores) -> None:
    """Rule 17: the FAQ entries about a keyword the question names compete on the question's *other*
    words: each rises by the (idf-weighted) share of them its question and answer contain, so "is
    proliferate targeted?" finds "Does proliferating target?" rather than "What does proliferate mean?"."""
    keywords = list(dict.fromkeys(m.node for m in a.of_kind("keyword")))
    names = {t for kw in keywords for t in doc_terms(g.nodes[kw]["label"])}
    other = {t: w * index.idf.get(t, 0.0) for t, w in a.terms if t not in names}
    total = sum(other.values())
    if not total:
        return
    for faq in dict.fromkeys(f for kw in keywords for f in _faq_about(g, kw)):
        asks = set(doc_terms(g.nodes[faq]["question"])) if faq in s.score else set()
        if asks - names - _FRAMING:  # not "What does X do?"
            have = asks | set(doc_terms(g.nodes[faq]["answer"]))
            fit = sum(v for t, v in other.items() if t in have) / total
            s.score[faq] *= 1 + WEIGHTS["faq_fit"] * fit
            if fit >= 0.5:
                s.reasons[faq].append(f"answers {fit:.0%} of what else the question asks")


def _focus(g: nx.MultiDiGraph, a: Analysis, s: _Scores) -> None:
    """Rule 3: a question only about a keyword ("what does trample do?") is answered by the rule that
    defines it; the boost is relative to the best score so far, so it wins when the focus is clear.
    Rule 19: without a keyword, a question asking what a named section is gets the section's opening rule."""
    if not a.focus:
        return
    best = max(s.score.values(), default=1.0)
    keywords = list(dict.fromkeys(m.node for m in a.of_kind("keyword")))  # in the order the question names them
    # a confident spelling correction ("craete") names its subject as surely as the right spelling
    quality = {m.node: min(1.0, m.quality / 0.8) for m in reversed(a.of_kind("keyword"))}
    for order, keyword in enumerate(keywords):
        for rule in definers(g, keyword):
            amount = WEIGHTS["focus"] * quality[keyword] * a.focus * best / (1 + order)
            s.add(rule, amount, "the question is about this keyword")
    asked = None if keywords else defined_subject(list(a.words), list(a.matches), kind="title")
    if asked is not None and "." not in asked.node and f"{asked.node}.1" in g:  # rule 19
        s.add(f"{asked.node}.1", WEIGHTS["opening"] * a.focus * best, f"opens {asked.node}, the section the question asks about")


def _keyword_rule(node: str) -> str | None:
    """``702.19`` for ``702.19b``: the keyword rule a 701/702 CR node belongs to, ``None`` elsewhere."""
    return rule_of(node) if node[:4] in ("701.", "702.") and node[4:5].isdigit() else None


def _variant(node: str) -> bool:
    """Rules of one multiplayer or casual variant (sections 801–8xx and chapter 9)."""
    return len(node) >= 3 and node[:3].isdigit() and (node[0] == "9" or (node[0] == "8" and node[:3] != "800"))


def _spread(g: nx.MultiDiGraph, s: _Scores, text: dict[str, float]) -> None:
    w = WEIGHTS
    seeds = sorted(s.score.items(), key=lambda x: -x[1])[:SEEDS]
    for node, score in seeds:
        data = g.nodes[node]
        for dst in targets(g, node, "cites"):
            # "see rule 606" points at all of section 606: its relevant rules get the credit
            for part in subtree(g, dst) if g.nodes[dst]["kind"] in SPREAD_INTO else (dst,):
                s.add(part, w["spread_cites"] * score * text.get(part, 0.0), f"cited by {data['label']}")
        number = data.get("number")
        parent = parent_of(number) if number and data.get("numbering") == "cr" else None
        if parent and parent in g and g.nodes[parent]["kind"] in ("rule", "subrule"):
            s.add(parent, w["spread_parent"] * score * math.sqrt(text.get(parent, 0.0) + 0.05))
        for child in targets(g, node, "contains"):
            s.add(child, w["spread_child"] * score * text.get(child, 0.0))


def _to_current(index: Index, g: nx.MultiDiGraph, s: _Scores) -> None:
    """Text from another document (an old FAQ excerpt, an unnumbered section) counts for today's CR rule."""
    for node in [n for n in s.score if n in index.current]:
        dst = index.current[node]
        score = s.score.pop(node)
        if score > s.score.get(dst, 0.0):  # the same words found twice are still one match
            s.score[dst] = score
            s.reasons[dst].append(f"same text as {g.nodes[node]['label']} in {g.nodes[node]['file']}")
