"""Question analysis: a player's question → what it mentions, each with the reason it was found.

Pure functions of (question, index) and, with card data, of which words are a card's.  Finds rule numbers (``702.19b``,
``rule 509``, ``CR 613.1``), corrects misspelt words against the corpus vocabulary (:mod:`rulesgraph.question.spelling`:
``tramlpe`` → ``trample``; an ordinary English word such as ``volcanic`` is left alone, and so is a card's word written
as a name), matches keywords, glossary terms, card names and section titles on stemmed words (``blocks``/``blocked`` →
``block``), and applies the alias table (``ETB`` → enters).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from rapidfuzz.distance import Levenshtein

from ..build.index import Index, doc_terms, name_key, word_terms
from ..common.lazyre import lazy
from ..common.text import STOPWORDS, fold, stem
from .read import ASKING, Question
from .spelling import correct
from .telling import in_todays_words, told_only

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..model import NamedCard

__all__ = ["ALIAS_GAP", "EXPANSION", "FRAMING", "FRAMING_TERMS", "NEGATIONS", "TOLD", "Analysis", "Match", "analyze",
           "defined_subject", "rule_numbers"]

DEFINED_FOCUS = 0.9
"""Focus of a question that explicitly asks what a keyword means, whatever else it asks."""
OBSOLETE = 0.6
"""Match quality of an obsolete glossary term: "counts as" is more often plain English than the old term."""
GAPPED = 0.85
"""Match quality of a name whose words are said apart (``set a scheme in motion``)."""
ALIAS_GAP = 2
"""Other words allowed among the words of an alias phrase: "a token when it dies" says "token dies"."""
EXPANSION = 0.4
"""Weight of a search word that an alias added, against 1 for the question's own words."""
TOLD = 0.8
"""Weight of a word only in the sentences telling a long question's situation (:func:`~rulesgraph.question.telling.told_only`)."""

_NUMBER = lazy(r"(?<![\w.])(\d{3}\.\d+[a-z]?|\d{3}(?=\s*$)|(?<=rule )\d{3}|(?<=rules )\d{3}|(?<=cr )\d{3})(?![\w])")
_CHAPTER = lazy(r"(?:\b(?:section|rule|cr) |§ ?|^\s*(?=\d\s*[?.!]*\s*$))(\d)(?!\w|\.\d)")
"""A chapter said by its digit: "section 7", "rule 7", "§7", or the digit alone ("7", as ``rulesgraph rule 7`` reads it);
not "chapter 3", which is a Saga's chapter ability."""
NEGATIONS = frozenset({"non", "no", "not", "without", "lacks", "lost", "loses"})
COUNTING = frozenset("a an the one two three four five six seven eight nine ten x any each more extra its their my your".split())
"""Words before a noun, not a verb: "two counters", "a counter" name the thing (rule 122), not the action."""
FRAMING = ASKING | frozenset("rule rules keyword keywords ability abilities mechanic mechanics thing things about is are".split())
"""Words that frame a question about a named thing without adding a subject of their own."""
FRAMING_TERMS = frozenset(doc_terms(" ".join(FRAMING)))
"""The stems of :data:`FRAMING`: the words that frame a question, left out of what it asks."""


class Match(NamedTuple):
    """Something the question mentions."""

    node: str
    kind: str
    """``keyword``, ``glossary``, ``card``, ``title`` (a section or rule title), ``alias`` or ``rule``."""
    said: str
    """The words of the question that matched."""
    quality: float
    """1.0 for an exact match; lower for a corrected spelling, an obsolete term, a verb that only sets the scene or words
    said apart (:attr:`corrected` says which was misspelt)."""
    why: str
    negated: bool = False
    """Said as "non-trample", "no flying", "without haste": the question is about its absence."""
    via: str = "name"
    """How it was found: ``name``, ``gapped`` (words apart), ``alias``, ``number``, ``scene`` (a common verb that only
    sets the scene: "I cast …"), ``carried`` from an earlier turn of a conversation, or ``card``: a keyword of a card the
    question names (:func:`rulesgraph.question.cardsaid.named_card_keywords`)."""
    corrected: bool = False
    """A word of it was said misspelt and read corrected (:func:`~rulesgraph.question.spelling.correct`); ``quality`` is
    below 1 for other reasons too (an obsolete term, a verb that sets the scene, words said apart)."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything found in one question, for ranking and for explaining the answer."""

    question: str
    words: tuple[str, ...]
    """Folded words after spelling correction."""
    terms: tuple[tuple[str, float], ...]
    """Search terms (stems) with their weights: the question's own words count 1, words an alias adds
    count :data:`EXPANSION` (a conversation may add carried subjects' words)."""
    numbers: tuple[str, ...]
    """Rule numbers the question names, existing in the index."""
    matches: tuple[Match, ...]
    corrections: tuple[tuple[str, str], ...]
    focus: float
    """How much the question is only about what it names: 1.0 for "what does trample do?", less
    for each other content word ("how does trample work with deathtouch" has one: 0.5)."""
    truncated: bool = False
    sections: tuple[tuple[str, float], ...] = ()
    """CR sections an earlier turn of the conversation was answered from, with weights (follow-ups only)."""
    cards: tuple[NamedCard, ...] = ()
    """The cards the question names, with what they say (:mod:`rulesgraph.question.namedcards`; empty without card data)."""

    def of_kind(self, *kinds: str) -> list[Match]:
        """Matches of these kinds that the question does not negate."""
        return [m for m in self.matches if m.kind in kinds and not m.negated]


def _names(stems: list[str], spans: list[str], index: Index, quality: list[float]) -> list[Match]:
    """Longest-first matches of stemmed n-grams against the name table."""
    out: list[Match] = []
    taken = [False] * len(stems)
    reach = [index.name_starts.get(s, 0) for s in stems]  # the most words of a name starting with each word
    longer = [i for i, r in enumerate(reach) if r >= 2]  # where a name of two words or more may start
    for n in range(min(index.longest_name, len(stems)), 0, -1):
        for i in range(len(stems)) if n == 1 else [j for j in longer if reach[j] >= n and j <= len(stems) - n]:
            if taken[i] if n == 1 else any(taken[i : i + n]):
                continue
            key = stems[i] if n == 1 else " ".join(stems[i : i + n])
            if n == 1 and (spans[i] in STOPWORDS or len(key) < 3):
                continue
            nodes = index.names.get(key)
            if not nodes:
                continue
            said = " ".join(spans[i : i + n])
            q = min(quality[i : i + n])
            negated = i > 0 and spans[i - 1] in NEGATIONS
            if n == 1 and _said_as_noun(spans, i) and any(":" not in v and not _of_keyword(v) for v in nodes):
                nodes = [v for v in nodes if not v.startswith("keyword:") and not _of_keyword(v)]
            scene = n == 1 and _sets_the_scene(spans, i) and index.postings.df(stems[i]) > SCENE_COMMON
            for node in _closest(said, nodes, index):
                kind = node.split(":", 1)[0] if ":" in node else "title"
                how = "exact" if q == 1.0 else f"spelling corrected, {q:.0%}"
                why = f"‘{said}’ names {kind} {node.split(':', 1)[-1]} ({how}{', negated' if negated else ''})"
                quality_ = q * (OBSOLETE if node in index.obsolete else 1.0) * (SCENE if scene else 1.0)
                out.append(Match(node, kind, said, quality_, why, negated, via="scene" if scene else "name", corrected=q < 1.0))
            taken[i : i + n] = [True] * n
    return out + _gapped(stems, spans, index, taken, quality)


_NAMING = frozenset("keyword keywords ability abilities action mechanic".split())
SUBJECTS = frozenset("i you he she they we opponent opponents player it".split())
"""Who does something in a question's telling of the situation ("I cast …", "my opponent controls …")."""
ASKS = frozenset("can could may might do does did should would will how when why what whether to".split())
"""Words that make what follows them the question ("can I cast …", "how do I cast …")."""
SCENE = 0.3
"""Match quality of a common verb said only to set the scene ("I have X, I cast Y …"): it is not the subject."""
SCENE_COMMON = 120
"""A word in more documents than this is common: said after a subject, outside the asking words, it sets the scene."""


def _sets_the_scene(spans: list[str], i: int) -> bool:
    """Word ``i`` is a verb of the situation the question tells, not what it asks about: said right after who does
    it ("I cast", "my opponent controls") and not after an asking word ("can I cast", "how do I cast")."""
    return i > 0 and spans[i - 1] in SUBJECTS and not ASKS.intersection(spans[max(0, i - 4) : i - 1])


def _of_keyword(node: str) -> bool:
    """A keyword, or the title of a keyword's rule (701.6 "Counter")."""
    return node.startswith("keyword:") or node[:4] in ("701.", "702.")


def _said_as_noun(spans: list[str], i: int) -> bool:
    """Whether the word at ``i`` is used as a noun: counted or with an article before it ("two counters",
    "+1/+1 counters", "a counter"), or followed by "on" ("counters on it").  A keyword action whose name is
    also a section's title (Counter and 122 "Counters", Exile and 406 "Exile") then names the thing."""
    before = spans[i - 1] if i else ""
    after = spans[i + 1] if i + 1 < len(spans) else ""
    if after in _NAMING:  # "the enchant keyword" names the keyword
        return False
    return before.isdigit() or before in COUNTING or after == "on"


def _closest(said: str, nodes: list[str], index: Index) -> tuple[str, ...]:
    """Of names sharing a stem, those spelled most like what was said: ``planeswalkers`` names the
    card type Planeswalker, not the keyword action Planeswalk; ``commander`` is not ``Command`` (kept per index)."""
    if (key := ("closest", said, *nodes)) not in index.memo:
        distance = {n: min((Levenshtein.distance(said, v) for v in index.surface.get(n, ())), default=0) for n in nodes}
        best = min(distance.values(), default=0)
        index.memo[key] = tuple(n for n in nodes if distance[n] <= best + 1)
    return index.memo[key]


def _gapped(stems: list[str], spans: list[str], index: Index, taken: list[bool], quality: list[float]) -> list[Match]:
    """Names of several words said with other words between them, in order, within two extra words."""
    out: list[Match] = []
    present = set(stems)  # a name with a word the question never says is not looked for word by word
    for i, first in enumerate(stems):
        for content, key in index.phrases.get(first, ()):
            if not present.issuperset(content):
                continue
            j, pos = 1, i + 1
            while j < len(content) and pos < min(len(stems), i + len(content) + 3):
                j, pos = (j + 1, pos + 1) if stems[pos] == content[j] else (j, pos + 1)
            if j < len(content) or all(taken[i:pos]):
                continue
            said = " ".join(spans[i:pos])
            for node in index.names[key]:
                kind = node.split(":", 1)[0] if ":" in node else "title"
                out.append(Match(node, kind, said, GAPPED, f"‘{said}’ has the words of {kind} {node.split(':', 1)[-1]}", via="gapped",
                                 corrected=min(quality[i:pos]) < 1.0))
    return out


_DEFINING = lazy(
    r"(?:what(?:s| is| are| does| do)|whats|how (?:does|do|is)|explain|define|meaning of|rules for) "
    r"(?:a |an |the |it mean (?:to|when|if) (?:\w+ ){0,4})?\Z"
)
_BOUNDARY = lazy(r"\b")
_ASKED_WITHIN = 120
"""Characters before a name that hold the whole of a :data:`_DEFINING` phrase (its longest: "what does it mean when" and
four words)."""


def _asks_meaning(text: str, name: str) -> bool:
    """Whether ``text`` asks the meaning of ``name`` (:data:`_DEFINING` right before it, the name a whole word): tested
    at each place the name occurs, so no pattern is compiled per question; the phrase is looked for in the
    :data:`_ASKED_WITHIN` characters before the place (from the text's start, a long question's every place took time
    quadratic in its length)."""
    at = text.find(name)
    while at >= 0:
        if _BOUNDARY.match(text, at + len(name)) and _DEFINING.search(text, max(0, at - _ASKED_WITHIN), at):
            return True
        at = text.find(name, at + 1)
    return False


def defined_subject(said_words: list[str], matches: list[Match], kind: str = "keyword") -> Match | None:
    """The keyword (or, with ``kind="title"``, the section or rule title) a question explicitly asks the
    meaning of ("what does X mean", "how does X work", "explain X", "what is X"), whatever else it goes on to ask."""
    text = " ".join(said_words)
    for m in matches:
        if m.kind == kind and not m.negated and m.said and _asks_meaning(text, m.said):
            return m
    return None


def _apart(phrase: tuple[str, ...], said: list[str], names: frozenset[str] = frozenset()) -> bool:
    """Whether the words of a phrase of several content words are said in order with at most ALIAS_GAP other
    words among them: "token … dies" in "what happens to a token when it dies".  A phrase with small words is said
    apart only by other small words or the words of a card's name, where players put the object they mean ("priority
    in the cleanup", "cast the Borrower from exile"): its other words keep its meaning ("how much extra does it cost"
    is not "how much does it cost"); one with fewer than two content words, or with numbers or single letters for
    content ("in response to", "x is 0"), is said only as written."""
    content = [w for w in phrase if w not in STOPWORDS]
    small = len(content) < len(phrase)
    if len(content) < 2 or any(w.isdigit() for w in content) or (small and not all(len(w) >= 3 and w.isalpha() for w in content)):
        return False
    for start, word in enumerate(said):
        if word != phrase[0]:
            continue
        found, extra = 1, 0
        for w in said[start + 1 :]:
            if w == phrase[found]:
                found += 1
                if found == len(phrase):
                    return True
            else:
                extra += 1
                if extra > ALIAS_GAP or (small and w not in STOPWORDS and w not in names):
                    break
    return False


def _aliases(said_words: list[str], index: Index, matches: list[Match], weights: dict[str, float],
             names: frozenset[str] = frozenset()) -> list[Match]:
    """Apply the alias table: players' words (a phrase's words may be a little apart, see :func:`_apart`; said in
    older wording, they are read in today's too: "comes into play tapped" says "enters tapped") add rules words to
    ``weights`` and name glossary entries.
    A name inside a longer alias phrase is not meant on its own ("double block" is not the keyword Double), unless
    the alias's terms name it too ("token … dies" is about tokens: the section Tokens stays named)."""
    today = in_todays_words(said_words)
    tellings = [said_words] if today is said_words else [said_words, today]
    joined = [f" {' '.join(t)} " for t in tellings]
    said_by: dict[int, tuple[int, str]] = {}  # alias → (its first phrase said, as words)
    present = set(said_words).union(*tellings[1:])
    for word in present:
        for i, j in index.alias_keys.get(word, ()):
            p = index.aliases[i].say[j]
            if (i in said_by and j >= said_by[i][0]) or not present.issuperset(p):  # said as written or apart: all its words are said
                continue
            phrase = " ".join(p)
            if any(f" {phrase} " in line or _apart(p, told, names) for line, told in zip(joined, tellings, strict=True)):
                said_by[i] = (j, phrase)
    aliased: list[tuple[str, frozenset[str], frozenset[str]]] = []  # phrase said, the nodes and the names its terms lead to
    for i in sorted(said_by):
        alias, said = index.aliases[i], said_by[i][1]
        if ("alias", i) not in index.memo:  # what an alias leads to depends on the alias alone: worked out once per index
            meant = frozenset(node for term in alias.terms for node in _closest(fold(term), index.names.get(name_key(term), []), index)
                              if node.startswith(("glossary:", "keyword:")))
            index.memo["alias", i] = (tuple(doc_terms(alias.means)), meant, frozenset(name_key(t) for t in alias.terms))
        means, meant, names = index.memo["alias", i]
        for term in means:
            weights.setdefault(term, EXPANSION)
        matches.append(Match(f"alias:{said}", "alias", said, 1.0, f"‘{said}’: {alias.why}", via="alias"))
        for node in sorted(meant):
            kind = "glossary" if node.startswith("glossary:") else "keyword"
            matches.append(Match(node, kind, said, 0.9, f"‘{said}’ → {node.split(':', 1)[1]} (alias)", via="alias"))
        aliased.append((said, meant, names))

    spaced = [(f" {said} ", said, meant, names) for said, meant, names in aliased]
    def inside_alias(m: Match) -> bool:
        return m.kind != "alias" and any(m.said != said and f" {m.said} " in line and m.node not in meant
                                         and name_key(m.said) not in names for line, said, meant, names in spaced)
    return [m for m in matches if not inside_alias(m)] if spaced else matches


CARD = 0.3
"""Weight of the words of what looks like a card name (``Soul Warden``): a card's name says little about the
rules a question turns on, and its rare words ("warden") would otherwise outweigh the question's own."""

_SAID_NUMBER = lazy(r"(?:(?<![\w.])|(?<=\bcr))(\d{3}\.\d+[a-z]?|(?<=\brule )\d+|(?<=\brules )\d+|(?<=\bcr )\d+|(?<=§ )\d+|"
                    r"(?<=§)\d+|^\s*\d+(?=\s*[?.!]*\s*$))(?!\w)(?!\.\d)")
"""What may be a rule number: ``702.19b``, ``999.9``, ``CR702.19z``, "rule 999", "rule 99", or all the question says ("99?";
a bare "250" among other words is rather a life total; "the rule 40 card minimum" is no number mistyped: see below)."""
_NAMED_AS_RULE = lazy(r"(?:\brules?|\bcr|§)\s*$")
"""Said just before a number, "rule", "cr" or "§" makes it one ("rule 999.9", not "999.99 dollars")."""
_RULE_SHAPED = lazy(r"\d{3}(?:\.\d+[a-z]?)?")
"""A number shaped like a rule's (``702``, ``702.19``, ``702.19b``); another counts only when all the question says."""
_ABOUT_A_NUMBER = frozenset(doc_terms("say says said cr number rule rules text read")) | FRAMING_TERMS
_GLUED_CR = lazy(r"cr\d+")  # a word "CR702": the number glued to "CR"


def _said_numbers(q: Question) -> tuple[list[tuple[str, int]], bool, set[str]]:
    """Numbers said that may be rules' (:data:`_SAID_NUMBER`, where each starts), whether it says more, the words of its rules'."""
    if not (said := [(m.group(1), m.start(1)) for m in _SAID_NUMBER.finditer(q.folded)]):
        return said, True, set()
    pieces = Counter(t for n, _ in said for t in doc_terms(n))
    terms = Counter(word_terms([w[2:] if _GLUED_CR.fullmatch(w) else w for w in q.words]))  # the words, split once ("cr702")
    rest = any(t not in pieces and t not in _ABOUT_A_NUMBER for t in terms)
    return said, rest, {t for n, _ in said if "." in n or not rest for t in doc_terms(n) if terms[t] <= pieces[t]}


def rule_numbers(question: str | Question, index: Index) -> tuple[tuple[str, ...], bool, tuple[str, ...]]:
    """The rule numbers the question says, read once: those the loaded rules do not hold ("rule 999.9", an older CR's
    number); whether it asks nothing else ("what does rule 999.9 say?": no other rule then answers it); and, when the
    numbers are all it says, those the rules hold ("7", "rule 7", "what does rule 509 say?": they lead the answer, whatever
    else their words bring — chapter 1's name is no match for 704.5q's "+1/+1 counter").  A missing number counts when
    "rule" or "cr" says it is one, when its first three digits are a rule ("702.99z"), or when it is all the question
    says; "I paid 999.99" says none.  A question naming a rule the rules hold as well asks that rule."""
    q = Question.of(question)
    said, rest, _ = _said_numbers(q)
    missing = tuple(dict.fromkeys(n for n, at in said if n not in index.numbers and (not rest or (_RULE_SHAPED.fullmatch(n) and (
        _NAMED_AS_RULE.search(q.folded[:at]) or n.split(".")[0] in index.numbers)))))
    held = () if rest else tuple(dict.fromkeys(n for n, _ in said if n in index.numbers))
    return missing, bool(missing) and not rest and not held, held


def analyze(question: str | Question, index: Index, card_word: Callable[[str], bool] | None = None) -> Analysis:
    """Everything the ranking needs to know about ``question`` (read once: :class:`~rulesgraph.question.read.Question`).
    ``card_word``: a predicate; a word it accepts is never corrected (with card data,
    :meth:`~rulesgraph.question.namedcards.CardDeck.names_word`: "the Arcbound creatures" are not "around")."""
    q = Question.of(question)
    numbers = [n for n in _NUMBER.findall(q.folded) + _CHAPTER.findall(q.folded) if n in index.numbers]
    raw = list(q.words)
    corrected: list[str] = []
    quality: list[float] = []
    corrections: list[tuple[str, str]] = []
    for w in raw:
        if ("spelling", w) not in index.memo:  # a word is corrected alike in every question: once per index
            index.memo["spelling", w] = correct(w, index, FRAMING)
        fix = index.memo["spelling", w]
        if fix and not (card_word is not None and card_word(w)):
            corrections.append((w, fix[0]))
            corrected.append(fix[0])
            quality.append(fix[1])
        else:
            corrected.append(w)
            quality.append(1.0)
    stems = [stem(w) for w in corrected]
    matches = [Match(n, "rule", n, 1.0, f"‘{n}’ is a rule number", via="number") for n in dict.fromkeys(numbers)]
    matches += _names(stems, corrected, index, quality)
    weights = dict.fromkeys(doc_terms(" ".join(w for w in corrected if w not in ASKING)), 1.0)
    _, rest, pieces = _said_numbers(q)  # a rule's number is matched as one, not as words ("702", "19b": every rule citing a 702.x,
    weights = {t: w for t, w in weights.items() if t not in pieces and (rest or t not in _ABOUT_A_NUMBER)}  # "rule": every "… rule")
    cards = q.names
    matches = _aliases(corrected, index, matches, weights, frozenset(cards))
    # "I have X out. I cast Y. Can I …?": X and Y set the scene
    weights.update({t: TOLD for t in told_only(q.sentences, corrected, ASKING, word_terms) if weights.get(t) == 1.0})
    if cards:
        plain = {stem(w) for w, r in zip(corrected, raw, strict=True) if r not in cards}
        for w in cards:
            t = stem(w)
            if t in weights and t not in plain:
                weights[t] = min(weights[t], CARD)
    named = {w for m in matches if m.kind in ("keyword", "glossary", "card", "title") and m.via != "scene" for w in m.said.split()}
    if not weights and named and any(defined_subject(corrected, matches, kind) for kind in ("glossary", "keyword")):
        # "what does deal mean?": its only word is one that usually just asks, here the subject ("what's the deal?" asks none)
        weights = dict.fromkeys(doc_terms(" ".join(w for w in corrected if w in named)), 1.0)
    leftover = [w for w in corrected if w not in STOPWORDS and w not in FRAMING and w not in named and not w.isdigit()]
    framed = any(w in FRAMING for w in corrected)
    focus = 0.0 if not named or numbers else 1.0 / (1 + len(leftover) * (1.0 if framed else 2.0))
    subject = defined_subject(corrected, matches)
    if subject is not None:  # "what does shuffle mean, and can my opponent cut?" asks first of all what shuffle is
        focus = max(focus, DEFINED_FOCUS)
        matches = [subject] + [m for m in matches if m is not subject]
    return Analysis(q.text, tuple(corrected), tuple(weights.items()), tuple(dict.fromkeys(numbers)), tuple(matches),
                    tuple(corrections), focus, q.truncated)
