"""Search structures built once from the graph (and cached with it): BM25 postings over
rules, glossary and FAQ text, a table of names (keywords, glossary terms, cards, titles),
the word vocabulary for spelling correction, the alias table from ``data/aliases.toml``, and the learned rule words
from ``data/learned.tsv`` as BM25 postings of one more document per rule (and a second for the words of the cards its
questions named, rule 75's ``c:`` words), and the labelled questions' own words (``data/questions.tsv``), one document
each, for the ranking's ``neighbours`` (rule 76).

Nothing here looks at a question; :mod:`rulesgraph.question.analyze` and :mod:`rulesgraph.rank.ranking` do.
"""

from __future__ import annotations

import math
import re
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from ..common.english import EnglishWords, english_words
from ..common.text import STOPWORDS, stem, words
from ..parse.learned import Learned, Questions, rule_name
from ..parse.numbers import parent_of, rule_of

if TYPE_CHECKING:
    import networkx as nx

    from ..parse.firsts import Firsts

__all__ = ["CARD_WORD", "FIELDS", "MEMO", "Alias", "Index", "asked_of", "build_index", "firsts_of", "learned_of",
           "learned_postings", "name_key", "named_rule", "neighbour_postings"]

K1, B = 1.2, 0.75
FIELDS = {"title": 2.0, "text": 1.0, "context": 0.4, "examples": 0.5}
"""How much a word counts in each field of a document (BM25 term frequency is the weighted sum)."""
CARD_WORD = "c:"
"""The prefix of a learned card word (``c:die``): a stem of the Oracle text of a card a question named, not of the question
(rule 75, :func:`rulesgraph.rank.cardsteps.learnedcards.card_words`)."""

MEMO = 200_000
"""At most this many values are kept in :attr:`Index.memo` (``ask`` empties it beyond: a stream of questions is endless)."""

SEARCHABLE = frozenset({"chapter", "section", "rule", "subrule", "paragraph", "glossary", "faq"})


class Alias(NamedTuple):
    """One entry of the alias table: players' words and the rules words they stand for (a named tuple: the 460 of
    the table are made in every process loading the rules, as the class is)."""

    say: tuple[tuple[str, ...], ...]
    """Phrases as word tuples (folded like questions are)."""
    means: str
    terms: tuple[str, ...]
    why: str


class Postings:
    """Term → (documents, weights), stored as two flat arrays and a table of slices: it pickles as a
    few byte strings, so a cached index loads in milliseconds."""

    def __init__(self) -> None:
        self.docs: array[int] = array("I")
        self.weights: array[float] = array("f")
        self.spans: dict[str, tuple[int, int]] = {}

    def add(self, term: str, docs: list[int], weights: list[float]) -> None:
        start = len(self.docs)
        self.docs.extend(docs)
        self.weights.extend(weights)
        self.spans[term] = (start, len(self.docs))

    def get(self, term: str) -> tuple[array[int], array[float]]:
        start, end = self.spans.get(term, (0, 0))
        return self.docs[start:end], self.weights[start:end]

    def df(self, term: str) -> int:
        start, end = self.spans.get(term, (0, 0))
        return end - start

    def __contains__(self, term: str) -> bool:
        return term in self.spans

    def parts(self) -> tuple[bytes, bytes, dict[str, tuple[int, int]]]:
        return self.docs.tobytes(), self.weights.tobytes(), self.spans

    @classmethod
    def from_parts(cls, parts: tuple[bytes, bytes, dict[str, tuple[int, int]]]) -> Postings:
        out = cls()
        out.docs.frombytes(parts[0])
        out.weights.frombytes(parts[1])
        out.spans = parts[2]
        return out


@dataclass(eq=False, repr=False)
class Index:
    """What the query layer searches (one per loaded book: compared and shown as itself, not field by field, which saves
    generating two methods over its 20 fields in every process)."""

    ids: list[str]
    postings: Postings
    """Stemmed term → the documents it occurs in and its BM25 weight in each."""
    idf: dict[str, float]
    names: dict[str, list[str]]
    """:func:`name_key` of a name → the nodes it names (keywords, glossary terms, cards, titles)."""
    longest_name: int
    vocab: dict[str, int]
    """Folded word → number of documents it occurs in (spelling correction prefers common words)."""
    aliases: list[Alias]
    numbers: set[str]
    """Every CR number in the graph (``702``, ``702.19``, ``702.19b``)."""
    section: dict[str, str] = field(default_factory=dict)
    """CR node → its section number (``702`` for ``702.19b``)."""
    current: dict[str, str] = field(default_factory=dict)
    """Non-CR rule → the CR rule its text is today (its ``current`` edge)."""
    obsolete: set[str] = field(default_factory=set)
    """Glossary entries marked (Obsolete)."""
    surface: dict[str, list[str]] = field(default_factory=dict)
    """Node → its names as folded words (``planeswalker``), to tell names that share a stem apart."""
    phrases: dict[str, list[tuple[tuple[str, ...], str]]] = field(default_factory=dict)
    """First content stem → ``(content stems, name key)`` of names of two or more content words,
    for names said with words in between (``set a scheme in motion`` → ``Set in Motion``)."""
    slang: frozenset[str] = frozenset()
    """Words of the alias table's phrases that the rules never use (``etb``, ``sac``, card names): words, not
    typos to correct, but never what a misspelt word is corrected to (``Warden`` is not ``Warrens``)."""
    alias_keys: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    """The rarest word of an alias phrase (no stopword when it has another, then in the fewest documents: a word the
    rules never use is rarest) → ``(alias, phrase)`` positions in :attr:`aliases`: a phrase is said only when all its
    words are, so a question is checked only against the phrases whose rarest word it says (by their first words,
    "cast …", "is …", a long question was checked against some 200 phrases; by the rarest, some 50)."""
    english: EnglishWords = field(default_factory=lambda: EnglishWords(set()))
    """Ordinary English words the rules never use ("volcanic", "wearing"): never corrected to a rules word."""
    name_starts: dict[str, int] = field(default_factory=dict)
    """First stem of a name → the most stems a name starting with it has (n-grams starting elsewhere name nothing)."""
    learned: Postings = field(default_factory=Postings)
    """Stemmed term → the CR rules whose labelled questions said it and its BM25 weight there: each rule's learned words
    (``data/learned.tsv``, :func:`learned_postings`) are one document, the words of the cards those questions named
    (``c:``) another, searched by the ranking's ``learned`` step."""
    asked: dict[int, int] = field(default_factory=dict)
    """A CR rule's document number (its place in :attr:`ids`, as the query graph numbers it) → how many labelled questions
    it settled (``data/learned.tsv``): the ranking's ``asked`` prior."""
    firsts: dict[str, tuple[int, int]] = field(default_factory=dict)
    """A CR rule's number → (how many real tuning answers the ranking gave it as their first rule, how many of those it
    settled) (``data/firsts.tsv``, :func:`firsts_of`): the confidence's ``record``."""
    standing: dict[str, tuple[int, int]] = field(default_factory=dict)
    """A CR rule's number → (how many times the real tuning answers cited it among their first rules, how many of those
    it was an expected rule) (``data/standing.tsv``, :func:`firsts_of`): the ranking's ``standing`` step."""
    neighbours: Postings = field(default_factory=Postings)
    """Stemmed term → the labelled questions that said it (``data/questions.tsv``, :func:`neighbour_postings`) and its
    BM25 weight there, each question one document: the ranking's ``neighbours`` (rule 76)."""
    settled: list[str] = field(default_factory=list)
    """Each labelled question's rules (those :attr:`learned` has words for), space-separated (one text, not a tuple of
    them: half the memory), by its document number in :attr:`neighbours`."""
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    """Values computed from the index alone, kept as questions need them (a name's specificity, a word's spelling correction,
    the names a word is spelled most like, what an alias leads to); not cached on disk, emptied beyond MEMO entries."""

    def saying(self, *phrases: str) -> list[int]:
        """The documents that may say one of ``phrases``, in order: those holding the rarest content word of each
        (a document saying a phrase holds all its words), so a scan for phrases reads these alone, not every node."""
        out: set[int] = set()
        for phrase in phrases:
            terms = doc_terms(phrase)
            if not terms:  # small words only: any document may say it
                return list(range(len(self.ids)))
            out.update(self.holding(terms))
        return sorted(out)

    def holding(self, terms: Iterable[str]) -> list[int]:
        """The documents that may hold all of ``terms`` (stems), in order: those holding the rarest of them."""
        return sorted(self.postings.get(min(terms, key=self.postings.df))[0])

    def parts(self) -> dict[str, Any]:
        """Everything as builtins (lists, dicts, sets, strings, bytes), for the cache: no pickled objects."""
        out = {name: getattr(self, name) for name in self.__dataclass_fields__ if name != "memo"}
        out["postings"] = self.postings.parts()
        out["learned"] = self.learned.parts()
        out["neighbours"] = self.neighbours.parts()
        out["aliases"] = [(a.say, a.means, a.terms, a.why) for a in self.aliases]
        out["english"] = self.english.__getstate__()
        return out

    @classmethod
    def from_parts(cls, parts: dict[str, Any]) -> Index:
        fields = dict(parts)
        fields["postings"] = Postings.from_parts(fields["postings"])
        fields["learned"] = Postings.from_parts(fields["learned"])
        fields["neighbours"] = Postings.from_parts(fields["neighbours"])
        fields["aliases"] = [Alias(*a) for a in fields["aliases"]]
        english = fields["english"] = EnglishWords(set())
        english.__setstate__(parts["english"])
        return cls(**fields)


def name_key(text: str) -> str:
    """Matching key of a name: folded, stemmed words (``First-Strike`` → ``first strike``)."""
    return " ".join(stem(w) for w in words(text))


def doc_terms(text: str) -> list[str]:
    """Stemmed content words: the unit of text relevance (bigrams were tried and lost accuracy)."""
    return [stem(w) for w in words(text) if w not in STOPWORDS]


def word_terms(said: list[str]) -> list[str]:
    """:func:`doc_terms` of words already made by :func:`~rulesgraph.common.text.words`."""
    return [stem(w) for w in said if w not in STOPWORDS]


def _name_variants(name: str, action: bool = False) -> list[str]:
    """``Kicker, Kicked`` → both; ``Banding, “Bands with Other”`` → both; ``Trample (Obsolete)`` → ``Trample``; an
    action named by a verb and what it acts on, ``Face a Villainous Choice``, also by what it acts on when that is two
    words or more (players ask "what is a villainous choice?") when it is a keyword ``action``: not a glossary entry's
    (End the Combat Phase is no Combat Phase) nor a card's."""
    name = re.sub(r"\s*\(obsolete\)\s*$", "", name, flags=re.IGNORECASE)
    parts = [name] + [p.strip(" “”\"") for p in re.split(r",\s+", name)]
    if action and (acted := re.fullmatch(r"\w+ (?:a|an|the) (\w+(?: \w+)+)", name)):
        parts.append(acted.group(1))
    return [p for p in dict.fromkeys(parts) if p and not re.search(r"[\[\]—]", p)]


def _fields(g: nx.MultiDiGraph, nid: str, data: dict) -> dict[str, str]:
    kind = data["kind"]
    if kind == "faq":
        return {"title": data["question"], "text": data["answer"]}
    if kind == "glossary":
        return {"title": data["title"], "text": data["text"]}
    context = []
    number = data.get("number")
    parent = parent_of(number) if number else None
    if parent and parent in g and data["kind"] == "subrule":  # the rule a subrule belongs to says what it is about
        context.append(g.nodes[parent]["text"])
    while parent and parent in g:  # ancestors' titles: "Trample" for 702.19b, "Keyword Abilities" …
        if g.nodes[parent].get("title"):
            context.append(g.nodes[parent]["title"])
        parent = parent_of(parent)
    if data.get("keyword"):
        context.append(data["keyword"])
    # the glossary terms whose entries point here name what players call this rule
    context += [g.nodes[src]["label"] for src, _, k in g.in_edges(nid, keys=True) if k == "cites" and g.nodes[src]["kind"] == "glossary"]
    title = data.get("title") or ""
    text = "" if title == data["text"] else data["text"]
    return {"title": title, "text": text, "context": " ".join(context), "examples": " ".join(data.get("examples") or ())}


def _weighted_terms(fields: dict[str, str], vocab: Counter[str]) -> dict[str, float]:
    """Field-weighted term frequencies of one document's stems; counts its words into ``vocab``."""
    tf: dict[str, float] = {}
    seen: set[str] = set()
    for name, text in fields.items():
        if not text:
            continue
        ws = words(text)
        seen.update(ws)
        weight = FIELDS[name]
        stems = [stem(w) for w in ws if w not in STOPWORDS]
        for term in stems:
            tf[term] = tf.get(term, 0.0) + weight
    vocab.update(seen)
    return tf


def named_rule(g: nx.MultiDiGraph, rule: str) -> str | None:
    """The name (:func:`~rulesgraph.parse.learned.rule_name`) of ``rule``'s rule (itself, or a subrule's rule) in ``g``,
    ``None`` when ``g`` has no such number: what the learned table keys each row with (``bench/learn.py`` writes it)."""
    of = rule_of(rule)
    if rule not in g or of not in g:
        return None
    return rule_name(g.nodes[of].get("title"), g.nodes[of].get("text"))


def learned_of(g: nx.MultiDiGraph, table: Learned) -> dict[str, dict[str, int]]:
    """The learned rule words (:func:`rulesgraph.parse.learned.read_learned`'s table) of the rules ``g`` has under the same
    name (:func:`named_rule`): the words learned for 2026's 701.19 Regenerate are not given to 2024's 701.19 Search."""
    return {rule: said for rule, (name, _, said) in table.items() if named_rule(g, rule) == name}


def firsts_of(g: nx.MultiDiGraph, table: Firsts, without: int | None = None) -> dict[str, tuple[int, int]]:
    """The first rules' record (:func:`rulesgraph.parse.firsts.read_firsts`'s table) of the rules ``g`` has under the same
    name (:func:`named_rule`), each rule's parts summed but part ``without`` (a benchmark answering that part's questions);
    the rules' standing likewise (a table of the same shape)."""
    out = {}
    for rule, (name, parts) in table.items():
        kept = [counts for part, counts in parts.items() if part != without]
        if kept and named_rule(g, rule) == name:
            out[rule] = (sum(f for f, _ in kept), sum(s for _, s in kept))
    return out


def asked_of(g: nx.MultiDiGraph, table: Learned, number: dict[str, int]) -> dict[int, int]:
    """How many labelled questions each rule of the table settled, by its document number in the loaded rules (``number``:
    node id → its place in :attr:`Index.ids`), for the rules :func:`learned_of` keeps (those ``g`` has under the same name)."""
    return {number[rule]: table[rule][1] for rule in learned_of(g, table) if rule in number}


def learned_postings(learned: dict[str, dict[str, int]], number: dict[str, int]) -> Postings:
    """BM25 postings over the learned rule words (rule → stem → count, :func:`rulesgraph.parse.learned.read_learned`), each
    rule of the loaded rules (``number``: node id → its number) one document: a stem said in the questions of few rules
    points to them, one said in every kind of question hardly counts.  The words of the cards those questions named
    (:data:`CARD_WORD` …) are documents of their own, so they change no question word's weight."""
    docs = {rule: said for rule, said in learned.items() if rule in number and said}
    order = sorted(docs, key=number.__getitem__)
    out = Postings()
    for carded in (False, True):  # the questions' words and their named cards' (rule 75's), documents of their own
        _bm25([(number[rule], tf) for rule in order
               if (tf := {t: c for t, c in docs[rule].items() if t.startswith(CARD_WORD) == carded})], out)
    return out


def neighbour_postings(questions: Questions, kept: Mapping[str, object]) -> tuple[Postings, list[str]]:
    """BM25 postings over the labelled questions' stems (:func:`rulesgraph.parse.learned.read_questions`), each question
    one document, and each one's rules among ``kept`` (the rules :func:`learned_of` keeps: 2024's 701.19 is not 2026's),
    space-separated (:attr:`Index.settled`)."""
    settled = [" ".join(r for r in rules if r in kept) for rules, _ in questions]
    return _bm25(enumerate(Counter(stems) for _, stems in questions))[0], settled


def _bm25(docs: Iterable[tuple[int, Mapping[str, float]]], postings: Postings | None = None) -> tuple[Postings, dict[str, float]]:
    """BM25 postings (:data:`K1`, :data:`B`) of ``docs`` — each its number and its terms' frequencies, in the order the
    postings list them; added to ``postings`` if given — and each term's idf: the rules' text and the learned rule words
    are indexed alike."""
    docs = list(docs)
    n = len(docs)
    lengths = [sum(tf.values()) for _, tf in docs]
    avg = (sum(lengths) / n) if n else 1.0
    df: Counter[str] = Counter(term for _, tf in docs for term in tf)
    idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}
    at: dict[str, list[int]] = defaultdict(list)
    weights: dict[str, list[float]] = defaultdict(list)
    for (number, tf), length in zip(docs, lengths, strict=True):
        norm = K1 * (1 - B + B * length / avg)
        for term, f in tf.items():
            at[term].append(number)
            weights[term].append(idf[term] * f * (K1 + 1) / (f + norm))
    postings = Postings() if postings is None else postings
    for term, entries in at.items():
        postings.add(term, entries, weights[term])
    return postings, idf


def build_index(g: nx.MultiDiGraph, aliases: list[Alias], order: list[str] | None = None,
                learned: Learned | None = None, firsts: Firsts | None = None, standing: Firsts | None = None,
                questions: Questions | None = None) -> Index:
    """Index every searchable node of ``g``.  With ``order`` (the query-time graph's node numbering), documents
    are numbered by their place in it and :attr:`Index.ids` is ``order``; else searchable nodes are numbered 0….
    ``learned``: the learned rule words and question counts (:attr:`Index.learned`, :attr:`Index.asked`, those of the rules
    ``g`` has: :func:`learned_of`, :func:`asked_of`); ``firsts``: the first rules' record (:attr:`Index.firsts`);
    ``standing``: the rules' standing among the first citations (:attr:`Index.standing`), a table of the same shape;
    ``questions``: the labelled questions' words (:attr:`Index.neighbours`, :attr:`Index.settled`)."""
    ids: list[str] = []
    tfs: list[dict[str, float]] = []
    vocab: Counter[str] = Counter()
    for nid, data in g.nodes(data=True):
        if data["kind"] in SEARCHABLE:
            ids.append(nid)
            tfs.append(_weighted_terms(_fields(g, nid, data), vocab))
    number = {nid: i for i, nid in enumerate(order)} if order is not None else {nid: i for i, nid in enumerate(ids)}
    postings, idf = _bm25((number[nid], tf) for nid, tf in zip(ids, tfs, strict=True))

    names: dict[str, list[str]] = defaultdict(list)
    surface: dict[str, list[str]] = {}
    for nid, data in g.nodes(data=True):
        kind = data["kind"]
        titled = kind in ("section", "rule") and data.get("title") and data.get("numbering") == "cr"
        if kind in ("keyword", "glossary", "card") or titled:
            for variant in [data["title"]] if titled else _name_variants(data["label"], kind == "keyword"):
                key = name_key(variant)
                if key and nid not in names[key]:
                    names[key].append(nid)
                    vocab.update(words(variant))
                    surface.setdefault(nid, []).append(" ".join(words(variant)))
    slang = frozenset(w for alias in aliases for phrase in alias.say for w in phrase) - vocab.keys()
    alias_keys: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for i, alias in enumerate(aliases):
        for j, phrase in enumerate(alias.say):
            alias_keys[min(phrase, key=lambda w: (w in STOPWORDS, vocab.get(w, 0), w))].append((i, j))
    numbers = {nid for nid, d in g.nodes(data=True) if d.get("numbering") == "cr"}
    phrases: dict[str, list[tuple[tuple[str, ...], str]]] = defaultdict(list)
    for key in names:
        content = tuple(w for w in key.split() if w not in STOPWORDS)
        if len(content) >= 2:
            phrases[content[0]].append((content, key))
    section = {nid: d["number"].split(".")[0] for nid, d in g.nodes(data=True) if d.get("numbering") == "cr" and d.get("number")}
    current = {src: dst for src, dst, k in g.edges(keys=True) if k == "current"}
    name_starts: dict[str, int] = {}
    for key in names:
        first, *rest = key.split()
        name_starts[first] = max(name_starts.get(first, 0), 1 + len(rest))
    if order is not None:
        ids = list(order)
    rules = {nid: number[nid] for nid in numbers if nid in number}
    kept = learned_of(g, learned or {})  # the rules the learned words and the labelled questions' labels may name
    return Index(ids, postings, idf, dict(names), max((len(k.split()) for k in names), default=1), dict(vocab), aliases,
                 numbers, section, current,
                 {n for n, d in g.nodes(data=True) if d["kind"] == "glossary" and d.get("obsolete")}, surface, dict(phrases), slang,
                 dict(alias_keys), english_words(vocab.keys() | slang), name_starts, learned_postings(kept, rules),
                 asked_of(g, learned or {}, rules), firsts_of(g, firsts or {}), firsts_of(g, standing or {}),
                 *neighbour_postings(questions or [], kept))
