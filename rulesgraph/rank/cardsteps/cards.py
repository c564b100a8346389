"""The card steps: what a card the question names says leads to the rules it runs on (issue 15).

The words that settle a question about cards are usually on the cards ("I Murder my opponent's Stuffy Doll":
*indestructible* is on the Doll), so each named card (``q.a.cards``, found by :mod:`rulesgraph.question.namedcards`)
speaks through the graph, weighed by how surely the card was named and as coming through the card, never as
strongly as the question's own words:

- ``card_rulings`` (rule 23): its official rulings compete like FAQ entries: a ruling holding most of what the
  question asks is a candidate answer (cited as kind ``ruling``), and the rules sharing its words rise;
- ``card_text`` (rule 22): the words of its Oracle text are searched for with the question's, weaker ("Can I use Stifle
  on The Abyss?" is about Stifle's "activated or triggered ability" and The Abyss's "At the beginning of …").

The other card steps (rules 20, 24, 26, 27: its keywords, the rules explaining its wordings, two cards' effects meeting, a
kind of effect counted like a keyword) earned nothing on the real tuning questions and were deleted in stop 26
(``docs/history.md``, stop 26); rule 22, deleted then as a step adding a separate relevance, came back in stop 32 as
words of the one query.  Rule 21, ``card_types`` (the words of its type line raised the rules of those types, Aura →
303.4, its layout the rules of its kind of card, Adventurer Card → 715), was deleted in stop 59: with rule 70 in, it
lost the real tuning questions of one half and gained on the other's (−4 / 0 and +2 / +2 when removed); the type
line's words are still searched for with the Oracle text's (rule 22).  Rule 25, ``card_effects`` (the layer rule of an
effect the card has, "Layer 2: Control-changing effects" for Control Magic's "You control enchanted creature", read from
the rules), was deleted in stop 67: with rule 75 in, removing it gained 1 and 2 at hit@1 on the two halves of the real
tuning pages and lost 3 and 0 at hit@3.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

from ...build.index import doc_terms
from ...build.relevance import text_relevance
from ...common.lazyre import lazy
from ...question.analyze import TOLD
from ...question.read import MAX_CHARS
from ..pipeline import Query
from ..steps.named import _FRAMING, own_words
from .wording import TEXTS_KEPT, meanings, self_names

if TYPE_CHECKING:
    from ...model import NamedCard

__all__ = ["ORACLE_IDF", "RULING_FLOOR", "TEXT_IDF", "WEIGHTS", "card_rulings", "card_text",
           "worded_text"]

WEIGHTS = {
    "ruling": 1.0,  # rule 23: a ruling's score, times its fit, relative to the best score
    "ruling_rule": 0.3,  # rule 23: prior of the rules a fitting ruling's words lead to
    "ruling_link": 0.25,  # rule 23: … and a boost, relative to the best score, of the rules it was linked to at install
    "card_text": 0.53,  # rule 22: search weight of a named card's Oracle word, times how surely it was named (question: 1)
}
TEXT_IDF = 2.5
"""Rule 23: only a fitting ruling's words at least this rare (idf) lead to the rules sharing them ("creature", "target"
do not)."""
ORACLE_IDF = 1.5
"""Rule 22: only Oracle words at least this rare (idf) are searched for: "spell", "card" are not, "target" and "ability" are
(chosen with ``card_text`` by cross-validation on the real tuning questions: 0 and 2.5 did worse held out)."""
RULING_FLOOR = 0.4
"""Rule 23: a ruling holding less than this (idf-weighted) share of the question's own words raises no rule."""
FIT = {"share": 2.40, "held": 2.67, "length": 0.22, "link": 0.36, "other": 1.94}
"""Rule 23: how a named card's ruling fits the question: ``1 / (1 + exp(-(FIT_BIAS + Σ FIT[f] × f)))``, the chance that
it is the ruling that settles it, from what it holds of the question and what the question holds of it
(:func:`ruling_features`): ``share``, the (idf-weighted) share of the question's words (:func:`_told`) the ruling holds;
``held``, the share of the ruling's own words (its card's name left out) the question holds, so a ruling about another
matter that happens to share a few words fits less; ``length``, the log of its number of different words (a long ruling
holding as much says more of the situation); ``link``, how high the ranking so far (rule 23 runs after ``base``) placed
a rule it restates (:mod:`rulesgraph.cards.rulinglinks`: the score of the best of them, or of its parent rule, relative to
the best); ``other``, 1 when it names another card of the question's (named, or carried from the conversation), as a
ruling writes it (:func:`said_names`): Tarmogoyf's ruling on Lightning Bolt in a question naming both (the names are
left out of ``share``, so without it a ruling about the pair counts no more than any other).
Fitted by logistic regression on the rulings of the cards the real tuning questions name, the settling ruling against
all others (``bench/rulingcv.py``, which cross-validates it leaving each source page out).  Stop 41, on the 2,342 real
tuning questions, 571 of them settled by a ruling, 504 by one the card data holds: held out, with ``other`` the
settling ruling fits best in 294 of those 504, without it 287; in the answers (``bench/real.py``) it leads 16.6% of the
571 instead of 12.6%, right first answers 34.1% → 34.8% (other columns and forums 44.2% → 44.5%), the first rule
776 → 774 right.  (``other`` once matched any word of another card's name: "Mind Control" fitted every ruling saying
"control".)"""
FIT_BIAS = -4.35
"""Rule 23: the fit's intercept (see :data:`FIT`)."""
RULING_SHOWN = 0.005
"""Rule 23: a ruling fitting less than this (:data:`FIT`) is not a candidate answer (nor shown): about any ruling of a
named card is one, the best :data:`RULINGS` are kept and shown."""
RULINGS = 7
"""Rule 23: at most this many rulings per question become candidates (all of them are shown: see
:data:`rulesgraph.answer.cardanswer.SHOWN`).  Seven, not stop 33's five: on the real tuning questions the settling
ruling the stand-in card data holds is among the best five by fit in 75 of 88 and among the best seven in 81 (from six
pages; the best nine, 82), while the rules' citations are unchanged (``bench/real.py``, stop 36)."""
SPEAKING = 3
"""Rule 23: at most this many rulings holding :data:`RULING_FLOOR` of the question's words raise the rules they rest on."""
ASKED = 2.0
"""Rule 23: a word of the sentence that asks (the question's sentences ending in "?", else its last) counts this many
times as much in a ruling's share as a word that only sets the scene: "How does Warp World interact with the commander
replacement effect? It's unclear whether you're counting …" is answered by the ruling about a commander (chosen by
leave-one-source-out cross-validation on the real tuning questions, ``bench/rulingcv.py``, in stop 26)."""
_ASKS = lazy(r"[^.?!\n]*(?:(\?+)|[.!\n]|\Z)")
r"""Each sentence with what ends it; those ended by "?" (group 1) ask.  (``[^.?!\n]*\?+`` found the same, but failing at
every character of a sentence ending otherwise, it read each sentence again from each of its characters: ~50 ms a
stream of the real questions, now ~2.)"""
_SAYS = lazy(r"[^.?!\n]*[.?!]*")


def _own(q: Query) -> dict[str, float]:
    """The question's own words (:func:`~rulesgraph.rank.steps.named.own_words`) less the cards' names: what a card-led
    rule or a ruling must hold to be what the question is about."""
    if "card_own" not in q.memo:
        names = {t for c in q.a.cards for t in c.name_terms}
        q.memo["card_own"] = {t: v for t, v in own_words(q).items() if t not in names}
    return q.memo["card_own"]


@lru_cache(maxsize=TEXTS_KEPT)
def _stems(text: str) -> frozenset[str]:
    """The stems of a card's Oracle text or of one ruling: the same few cards are named question after question,
    so each text is stemmed once while it is among the :data:`~rulesgraph.rank.cardsteps.wording.TEXTS_KEPT` last."""
    return frozenset(doc_terms(text))


@lru_cache(maxsize=TEXTS_KEPT)
def _words(text: str) -> tuple[str, ...]:
    """The different stems of a card's Oracle text, in the order it says them (an order, not a set: the order terms are
    summed in is the same in every process)."""
    return tuple(dict.fromkeys(doc_terms(text)))


def card_text(q: Query) -> None:
    """Rule 22: a named card's type line and Oracle text are part of what is asked of it, so their words are searched for with the
    question's, each at :data:`ORACLE_IDF` rare or more, its own name left out and a word the question says once, weighed
    ``card_text`` times how surely the card was named against 1 for the question's own words: text relevance (rule 1) is
    computed again over both.  "Can I use Stifle on The Abyss?" says nothing of triggered abilities; Stifle's "Counter
    target activated or triggered ability" does, and The Abyss's "At the beginning of each player's upkeep, destroy …"
    is one (603.1).  One query, not a second relevance added beside the first (the form deleted in stop 26): a rule
    matching the question's words and the card's beats one matching the card's alone, so the cards' words bring the
    rules they run on into the candidates without outranking what the question asks.
    Step ``card_text``; weights: ``card_text`` = 0.53 (cross-validated by source page on the real tuning questions: stop
    37, on 195, 0.2; stop 50, on 2,345, every fold of five chose 0.53 with ``spread_cites`` and ``asked`` refitted beside
    it — ``python bench/fit.py --only learned,asked,spread_cites,spread_parent,spread_child,card_text,focus --passes 1``:
    held out by page 33.5% / 50.4% → 34.1% / 51.9% at hit@1 / hit@3).
    The type line's words joined the Oracle text's in stop 37 ("I control two Thalia, Guardian of Thraben": *legendary*
    is on the type line, and the legend rule, 704.5j, says "two or more legendary permanents"): one more real tuning
    question at hit@3 (58.2%), one more at hit@1 on each of the team's ``cards``, ``long`` and ``forum`` sets, none lost.
    Earns its place on the real tuning questions: removing it loses 5 at hit@1 and 4 at hit@3
    (of 324, cross-fitted; ``bench/ablate.py``, stop 37; 2 and 7 of 286 in stop 34)."""
    w = q.w["card_text"]
    query = q.memo.get("query")
    if w <= 0 or not q.a.cards or query is None:  # no rule 1 (an ablation): no query to extend
        return
    said = dict(query)
    idf = q.index.idf
    extra: dict[str, float] = {}
    for card in q.a.cards:
        weight = w * card.confidence
        for t in _words(card.type_line + "\n" + card.text):
            if t not in said and t not in card.name_terms and idf.get(t, 0.0) >= ORACLE_IDF and extra.get(t, 0.0) < weight:
                extra[t] = weight
    if extra:
        q.text = text_relevance(q.index, [*query, *extra.items()])


def _told(q: Query) -> dict[str, float]:
    """What a ruling must hold to fit the question: its own words (:func:`_own`) and also the words of its sentences that
    ask nothing (:data:`rulesgraph.question.analyze.TOLD`, weighed so), with their idf: a ruling answers the situation a long
    question tells as much as the short question it ends with; the words of the sentence that asks count
    :data:`ASKED` times as much."""
    if "card_told" not in q.memo:
        names = {t for c in q.a.cards for t in c.name_terms}
        told = dict(_own(q))
        for t, weight in q.a.terms:
            if TOLD <= weight < 1.0 and t not in names and t not in told and t not in _FRAMING:
                told[t] = q.index.idf.get(t, 0.0) * weight
        asked = _asked(q.a.question)
        q.memo["card_told"] = {t: v * ASKED if t in asked else v for t, v in told.items()}
    return q.memo["card_told"]


def _asked(question: str) -> frozenset[str]:
    """The stems of the sentences of ``question`` that ask (end in "?"), or of its last sentence when none does: of the
    part of it the analysis reads (:data:`~rulesgraph.question.read.MAX_CHARS`; a sentence search from every position of a
    megabyte without a "?" took minutes)."""
    question = question[:MAX_CHARS]
    asking = [m.group() for m in _ASKS.finditer(question) if m.group(1)]
    if not asking:
        said = [m.group() for m in _SAYS.finditer(question) if m.group().strip()]
        asking = said[-1:]
    return frozenset(doc_terms(" ".join(asking)))


def card_rulings(q: Query) -> None:
    """Rule 23: the official rulings of the named cards compete like FAQ entries: each is scored by how it fits the
    question (:data:`FIT`, the chance that it settles it, from :func:`ruling_features`: what it holds of the question's
    words, its own and those of the sentences telling its situation, :func:`_told`; what the question holds of its own
    words; its length; how high the ranking so far placed a rule it restates), and the best :data:`RULINGS` fitting at
    least :data:`RULING_SHOWN` are candidate answers (kept in ``q.memo["rulings"]`` as ``(score, card, date, text, share,
    links, fit, placed)``, the score the fit times the best score, ``placed`` its ``link``
    feature); and the rulings holding at least :data:`RULING_FLOOR` of its
    own words (the best :data:`SPEAKING`) speak for rules: the rules sharing their words rise (what they rest on), the
    rules they were linked to when the cards were installed (:mod:`rulesgraph.cards.rulinglinks`) most, by that share,
    relative to the best score.
    Step ``card_rulings``; weights: ``ruling`` = 1.0, ``ruling_rule`` = 0.3, ``ruling_link`` = 0.25.  What it earns at the
    rules alone has shrunk as other steps came: removing it lost 12 at hit@1 and 4 at hit@3 in stop 39 (of 1,125), 5 / 5 in
    stop 63, in stop 64 gains 4 at hit@1 and loses 5 at hit@3 (one half alone; ``bench/ablate.py --halves``), in stop 65
    loses 2 / 5 (half 2 at hit@1, half 1 at hit@3).  Kept for
    the rulings it makes answers — without it none is cited or leads —; its rule priors (``ruling_rule``,
    ``ruling_link`` at 0) move at most 3 of the 2,351 real tuning questions either way."""
    told, own = _told(q), _own(q)
    total, own_total = sum(told.values()), sum(own.values())
    if not total or not q.a.cards:
        return
    best = q.best(1.0)
    found, speaking, every = [], [], []
    for card in q.a.cards:
        others = tuple(n for c in q.a.cards if c.key != card.key for n in said_names(c.key))
        for j, (date, text) in enumerate(card.rulings):
            stems = _stems(text)
            links = card.links[j] if j < len(card.links) else ()
            features = ruling_features(q, told, total, stems - card.name_terms, links, best,
                                       any(n in text for n in others))
            fit = card.confidence / (1 + math.exp(-FIT_BIAS - sum(FIT[f] * v for f, v in features.items())))
            every.append((card.key, date, text, features))
            if fit >= RULING_SHOWN:
                found.append((fit, features["share"], card.key, date, text, links, features["link"]))
            held = math.fsum(own[t] for t in stems & own.keys()) / own_total if own_total else 0.0
            if held >= RULING_FLOOR:
                speaking.append((held * card.confidence, card.key, date, stems, links))
    q.memo["ruling features"] = every  # what bench/rulingcv.py fits FIT on
    found.sort(key=lambda f: -f[0])
    q.memo["rulings"] = [(q.w["ruling"] * fit * best, key, date, text, share, links, fit, placed)
                         for fit, share, key, date, text, links, placed in _each_card(_once(found))[:RULINGS]]
    speaking.sort(key=lambda f: -f[0])
    for fit, key, date, stems, links in speaking[:SPEAKING]:
        terms = [(t, 1.0) for t in stems if q.index.idf.get(t, 0.0) >= TEXT_IDF]
        for node, rel in text_relevance(q.index, terms).items():
            if node in q.score and rel >= 0.5:
                q.add(node, q.w["ruling_rule"] * fit * rel * best, f"what the {key} ruling of {date} rests on")
        for place, rule in enumerate(links):
            i = q.g.num.get(rule)
            if i is not None:
                q.add(i, q.w["ruling_link"] * fit * best / (1 + place), f"restated by the {key} ruling of {date}")


def said_names(key: str) -> tuple[str, ...]:
    """How a ruling writes card ``key``'s name: the :func:`self_names` a ruling can say — each face's name and a legend's
    short name of four letters or more ("Thalia") — matched case and all ("Mind Control" is not the "control" of another
    ruling)."""
    faces = key.split(" // ")
    return tuple(n for n in self_names(key) if n in faces or (n != key and len(n) >= 4))  # no ruling writes "A // B"


def ruling_features(q: Query, told: dict[str, float], total: float, stems: frozenset[str], links: tuple[str, ...],
                    best: float, names_other: bool = False) -> dict[str, float]:
    """What :data:`FIT` weighs of one ruling (its stems ``stems``, its card's name left out; the rules it restates
    ``links``): ``share`` of the question's words ``told`` (their sum ``total``) it holds, ``held``, the idf-weighted share
    of its own words the question holds, ``length``, the log of its number of different words, ``link``, the score
    of the best-placed rule it restates (or that rule's parent) relative to ``best``, and ``other``, whether it names
    another of the question's cards (``names_other``: :func:`said_names`)."""
    idf = q.index.idf
    common = stems & told.keys()
    share = math.fsum(told[t] for t in common) / total  # fsum: sets' order changes with the hash seed, a sum's last bits
    mine = math.fsum(idf.get(t, 0.0) for t in stems)  # with it, and two cards' identical rulings tied by chance
    held = math.fsum(idf.get(t, 0.0) for t in common) / mine if mine else 0.0
    link = 0.0
    for rule in links:
        for number in (rule, rule.rstrip("abcdefghijklmnopqrstuvwxyz")):
            i = q.g.num.get(number)
            if i is not None:
                link = max(link, q.score.get(i, 0.0) / best)
    return {"share": share, "held": held, "length": math.log(max(len(stems), 1)), "link": min(link, 1.0),
            "other": float(names_other)}


def _plain(text: str) -> str:
    """``text`` with typographic apostrophes and quotes made plain (a ruling writes "Angel’s Grace", the card data's name
    "Angel's Grace"), its case kept.  Four replacements, not ``str.translate``: a text with one character past ASCII
    leaves translate's fast path for a dictionary lookup a character (~15 µs a ruling, 2.7% of a stream's time)."""
    return text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')


def _once(found: list[tuple]) -> list[tuple]:
    """The rulings ``found`` (``(fit, share, card, date, text, …)``, best first) with each text once, where it fits best: two
    named cards sharing a keyword or a kind of effect often carry the same ruling word for word (Dreadhorde Arcanist's
    and Ancestral Vision's "If the card has {X} in its mana cost …"), and it is one ruling, not two competing."""
    seen: set[str] = set()
    out = []
    for f in found:
        said = " ".join(_plain(f[4]).split())
        if said not in seen:
            seen.add(said)
            out.append(f)
    return out


def _each_card(found: list[tuple]) -> list[tuple]:
    """The rulings ``found`` (``(fit, share, card, …)``, best first) with the best one of another card than the best's
    moved second: a question naming two cards is often settled by a ruling of the one it says less of (Whip of
    Erebos's, not Arashin Sovereign's, in "If I use Whip of Erebos to reanimate Arashin Sovereign …, do I get to put the
    Sovereign on top of my library?"), and the second is shown however little it fits (on the real tuning questions the
    settling ruling was then among the two shown in 16 of 33, against 14 for the two best)."""
    if len(found) < 3:
        return found
    other = next((f for f in found[1:] if f[2] != found[0][2]), None)
    if other is None or other is found[1]:
        return found
    return [found[0], other, *(f for f in found[1:] if f is not other)]


def worded_text(q: Query, card: NamedCard, relations: tuple[str, ...] = ("has", "grants")) -> str:
    """The card's Oracle text and what each keyword it has (or grants) means, as the keyword's rules quote it: Fury's
    evoke "You may cast this card by paying [cost] rather than paying its mana cost" (702.74a)."""
    said = [meaning for _name, rel, rules in card.keywords if rel in relations and rules for meaning in meanings(q.g, rules[0])]
    return "\n".join([card.text, *said]) if said else card.text
