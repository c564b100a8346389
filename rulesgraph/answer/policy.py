"""Find the tournament-document passages (MTR, IPG, JAR) that answer a policy question, and look one up by id.

Ranking is BM25 over the documents' sections: their text, and their names (title, the terms they define, an
infraction's abbreviations) counting extra.  Then nudges that apply to every section and question alike: a
question saying most of a section's name (by idf) gets more; an infraction leads for a question telling an error
or asking for a penalty or a fix; an infraction named by the floor's abbreviation (``GRV``, ``LEC``; derived from
the IPG's infraction names and the documents' hyphenated titles, ``OoOS``, and the few :data:`SAID`) or its name, misspelt too,
leads; a section named by its id (``IPG 2.5``, ``MTR 4.3``) leads; and the Rules Enforcement Level the question
says or implies picks the document: ``at FNM``, ``casual``, ``prerelease`` → Judging at Regular REL (an infraction named
there leading with its JAR heading, :attr:`PolicyIndex.regular`), ``competitive``, ``PTQ`` → the IPG.  An error said
intended leads with what the documents say it is (:meth:`PolicyIndex.intended`); a follow-up is searched with the
question it follows at :data:`PolicyIndex.BEFORE`, a name said there standing for its chapter when the follow-up asks of
that (:meth:`PolicyIndex._in_category`).  The documents are the installed ones (:func:`rulesgraph.build.tbook.load`)."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from functools import cache, cached_property
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from ..common.lazyre import lazy
from ..common.text import STOPWORDS, fold, stem, words
from ..question.policyroute import _FIX, _REMEDY, ERROR, documents_named, named_in, policy_cue, rel_of, says_level
from ..question.read import ASKING, Question
from ..question.spelling import misspelt_in
from ..question.telling import told_only
from .policywords import CAPITALS, CHANGES, FORMER, FRAME, IRREGULAR, SAID, abbreviations, american, said_terms, slips
from .policywords import terms as _terms

if TYPE_CHECKING:  # only named here: a rules question reaches this module for the routing's names, which read no document
    from ..parse.tdoc import TDocument, TSection

__all__ = ["SAID", "Hit", "PolicyIndex", "abbreviations", "named_in", "policy_cue", "policy_index", "rel_of", "said_ids", "without_ids"]

_JAR_ALONE, _IPG_ALONE = frozenset(("jar",)), frozenset(("ipg",))
_INSTEAD = lazy(r"\binstead\b")
_ID = lazy(r"\b(mtr|ipg|jar)\s*(?:section\s*)?((?:appendix\s+[a-f])|\d{1,2}(?:\.\d{1,2})?)\b", re.IGNORECASE)


def said_ids(text: str) -> list[str]:
    """The passages ``text`` names by id, as the documents number them (``ipg 3.2`` → ``IPG 3.2``, ``MTR appendix b``)."""
    return [f"{m.group(1).upper()} {m.group(2).title() if m.group(2)[0].isalpha() else m.group(2)}" for m in _ID.finditer(text)]


def without_ids(text: str) -> str:
    """``text`` with the passage ids it says (:func:`said_ids`) taken out: what else it asks."""
    return _ID.sub(" ", text)


def _parts(read: Question, before: float) -> list[tuple[Question, float]]:
    """A question's parts and weights: itself; or a follow-up's own words (1) and the question before (``before``)."""
    if not read.own_from:
        return [(read, 1.0)]
    return [(Question(read.cleaned[read.own_from:]), 1.0), (Question(read.cleaned[:read.own_from]), before)]


class Hit(NamedTuple):
    section: TSection
    doc: TDocument
    score: float
    why: tuple[str, ...]


_PENALTY_WORD = lazy(r"\b(?:fix|remedy|penalty|handle|rule)\b")
"""What a question asking a judge's fix (``_FIX``) says when it asks for a penalty, fix or handling."""


def _penalty_asked(folded: str) -> bool:
    """Whether the question asks for a penalty, fix or remedy ("what's the penalty", "how does the judge fix it"): "what
    do we do when time is called?" asks what to do, but tells no error, so no infraction comes first (IPG 4.8 did, on
    "call": MTR 2.4, the end-of-match procedure, is the answer)."""
    asked = _FIX.search(folded)
    return asked is not None and _PENALTY_WORD.search(asked.group(0)) is not None


_INTENT = re.compile(r"\b(?:intentional(?:ly)?(?! (?:draws?|drawing|drew)\b(?! (?:an?|the|two|three|four|\d+|extra|another|more|cards?|"
                     r"his|her|their|my)\b))|on purpose|deliberately|purposely|knowingly)\b")
"""A question saying an error was intended ("on purpose", "deliberately"; not an intentional draw, nor "he knows the top
card" or "if aware of the facts": on the real policy questions "know" and "aware" lost three)."""


class PolicyIndex:
    """BM25 over every ranked section (chapters with text, sections, appendices, JAR headings) of the documents: a
    section's text, and its names (its title, the terms it defines and, for an infraction, the judges' abbreviations)
    counting :data:`TITLE` times; a question saying most of one of those names gets :data:`NAME` more."""

    K1 = 1.2
    B = 0.75
    TITLE = 3
    INFRACTION = 1.3
    """An infraction's score multiplies by this for a question telling an error or asking a penalty or fix
    (:func:`_penalty_asked`; "what do we do" alone asks neither).  1.3: the middle of 1.25–1.35, where no tune question of
    the policy sets loses its section from the first three (stop 33); more, and errors told give infractions only."""

    TOLD = 0.5
    """A term said only in the sentences telling a long question's story (:func:`~rulesgraph.question.telling.told_only`)
    weighs this much: a judge's post tells the game and asks the policy last.  Real policy tuning questions with their
    section in the first three: 1: 81 of 117, 0.8: 82, 0.5: 83, 0.3: 83; the team's 53 of 60 at each."""

    def __init__(self, docs: tuple[TDocument, ...]) -> None:
        from ..build.tdefines import defined_terms

        self.docs = docs
        self.named: dict[str, str] = {}  # an abbreviation or name (folded) → section id
        initialled = [(s, abbreviations(s)) for doc in docs for s in doc.sections]  # each passage's initials, worked out once
        initials = Counter(a for _, found in initialled for a in found)
        self.shared = {a: tuple(s.id for s, found in initialled if a in found) for a, n in initials.items() if n > 1}
        """Initials several names share (``dp``: Deck Problem, Decklist Problem) → their sections: a lookup offers them."""
        for s, found in initialled:
            for a in found:
                if initials[a] == 1:  # "DP": Deck Problem's and Decklist Problem's, so neither's
                    self.named.setdefault(a, s.id)
            if s.penalty:
                self.named.setdefault(" ".join(words(s.name or "")), s.id)
        for say, name in SAID.items():
            target = next((s.id for d in docs for s in d.sections if s.penalty and (s.name == name or s.title.endswith(name))), None)
            if target is None and name == "Unsporting Conduct":
                target = next((s.id for d in docs for s in d.sections if s.kind == "chapter" and s.title == name), None)
            if target:
                self.named.setdefault(say, target)
        self.lead = dict(self.named)
        """:attr:`named` and the infractions' :data:`FORMER` names: what leads the ranking when said."""
        for say, name in FORMER.items():
            if target := next((s.id for d in docs for s in d.sections if s.penalty and s.name == name), None):
                self.lead.setdefault(say, target)
        own: dict[str, list[str]] = {}  # a section's own names beside its title: the terms it defines, its abbreviations
        for term, sid in defined_terms(docs):
            own.setdefault(sid, []).append(term)
        titled = {a for s, found in initialled if not s.penalty for a in found}  # a hyphenated title's ("ooos"): a lookup's key only
        for said, sid in self.lead.items():
            if said not in titled:  # an infraction's initials weigh as its words; a hyphenated title's change no passage's
                own.setdefault(sid, []).append(said)
        penalties = {s.penalty.lower() for d in docs for s in d.sections if s.penalty}
        """A penalty's name (Warning, Game Loss) names its section (IPG 1.1), but earns no :data:`NAME` bonus ("is that a warning?")."""
        self.units: list[tuple[TSection, TDocument, Counter[str]]] = []
        self.names: list[list[frozenset[str]]] = []
        """Each unit's names as sets of terms: its title, the terms it defines, its abbreviations."""
        for doc in docs:
            for s in doc.sections:
                if s.kind == "part" or not (s.text or s.kind == "heading"):
                    continue
                tf = Counter(_terms(s.text))
                title = s.title if s.kind != "front" or doc.kind != "jar" else doc.title
                names = [title, *(n for n in own.get(s.id, []) if n.lower() != title.lower())]
                for t in _terms(" ; ".join(names)):
                    tf[t] += self.TITLE
                self.names.append([frozenset(n) for name in names if name.lower() not in penalties and (n := _terms(name))])
                self.units.append((s, doc, tf))
        self.unit_ids = {s.id for s, _, _ in self.units}
        self.df = Counter(t for _, _, tf in self.units for t in tf)
        self.avg = sum(sum(tf.values()) for _, _, tf in self.units) / max(1, len(self.units))
        self.postings: dict[str, list[tuple[int, int, int]]] = {}
        """A term → (unit, its count there, the unit's length) for every unit holding it."""
        for i, (_, _, tf) in enumerate(self.units):
            length = sum(tf.values())
            for t, f in tf.items():
                self.postings.setdefault(t, []).append((i, f, length))

    @cached_property
    def regular(self) -> dict[str, int]:
        """An infraction's section id → the JAR heading most like it (BM25 of the infraction's name and text over the
        JAR's headings, its front matter aside), when clearly so (:data:`CLEARLY` times the next): what a judge does about
        it at Regular REL, where the IPG's penalties do not apply ("OA at FNM": General Unwanted Behaviors, not Outside
        Assistance's Match Loss)."""
        jar = {i for i, (s, doc, _) in enumerate(self.units) if doc.kind == "jar" and s.kind != "front"}
        found = {}
        for s, doc, _ in self.units:
            if doc.kind == "ipg" and s.penalty:
                scores = self._bm25(Counter(_terms(f"{s.name} {s.text}")), self.postings, self.df, len(self.units), self.avg)
                best, next_ = (sorted(((scores.get(i, 0.0), i) for i in jar), reverse=True) + [(0.0, -1)] * 2)[:2]
                if best[0] > 0 and best[0] >= self.CLEARLY * next_[0]:
                    found[s.id] = best[1]
        return found

    CLEARLY = 1.1
    """How much more like an infraction its JAR heading must be than the next heading (:attr:`regular`): Hidden Card Error
    (1.05: "in-game error" over "draws more cards"), Failure to Maintain Game State and Communication Policy Violation
    are near ties, and get none; 20 of 23 infractions get one."""

    def intended(self, hits: list[Hit], read: str | Question, rel: str | None) -> list[Hit]:
        """``hits``, led by the infraction the leading passage says an intentional error is, when the question (its own
        words, not a question it follows up) says one was intended: "he ignored his trigger on purpose" is Cheating, as IPG
        2.1 says (at Regular REL, the JAR's heading for it: :attr:`PolicyIndex.regular`)."""
        text = read.cleaned[read.own_from:] if isinstance(read, Question) else read
        if not hits or not _INTENT.search(fold(text)):
            return hits
        top = hits[0].section  # a JAR heading stands for the infractions it is the heading of, those the question names first
        mapped = [sid for sid, i in self.regular.items() if self.units[i][0].id == top.id]
        ipg = [top.id] if top.id[:3] != "JAR" else [*(sid for _, sid in self._named_in(text) if sid in mapped), *mapped]
        to, says = next((self.intent[sid] for sid in ipg if sid in self.intent), (None, None))
        named = found[0].title if to is not None and (found := self.section(to)) else ""
        if to is not None and rel == "regular" and to in self.regular:
            to = self.units[self.regular[to]][0].id
        found = self.section(to) if to is not None and to != top.id else None
        if found is None:
            return hits
        was = next((h for h in hits if h.section.id == to), None)
        said = f"done on purpose: {says} says that is {named}" + (f"; at Regular REL, {to} {found[0].title}" if to[:3] == "JAR" else "")
        return [Hit(*found, hits[0].score * 1.01, (*(was.why if was else ()), said)), *(h for h in hits if h.section.id != to)]

    def level(self, read: str | Question) -> str | None:
        """The Rules Enforcement Level a question says or implies (:func:`rel_of`): a follow-up's own, else that of the
        question it was heard after; else, when it says no level at all, the level the asker set (:attr:`Question.level`)."""
        read = Question.of(read)
        return next(filter(None, (rel_of(p.text) for p, _ in _parts(read, self.BEFORE))), None if says_level(read.text) else read.level)

    def told_as(self, read: str | Question, hit: Hit) -> str | Question:
        """The question, and for a JAR heading that leads as the one of an infraction it names (:attr:`regular`) that
        infraction's name and definition too: "OA at FNM" is told General Unwanted Behaviors' strategic-advice item, not
        its first ("Inadequate shuffling"), nor its incentives item (the definition's first sentence alone told that)."""
        if hit.doc.kind != "jar":
            return read
        named = [sid for _, sid in self._named_in(read) if (i := self.regular.get(sid)) is not None
                 and self.units[i][0].id == hit.section.id]
        told = [f"{found[0].name} {next((p.text for p in found[1].sections if p.parent == sid and p.title == 'Definition'), '')}"
                for sid in named if (found := self.section(sid)) is not None]
        return read if not told else " ".join([read.text if isinstance(read, Question) else read, *told])

    def section(self, sid: str) -> tuple[TSection, TDocument] | None:
        for doc in self.docs:
            if (s := doc.get(sid)) is not None:
                return s, doc
        return None

    def _named_in(self, question: str | Question) -> list[tuple[str, str]]:
        """The names the question says, its irregular forms read as the documents' ("drew an extra card": Drawing Extra Cards)."""
        read = Question.of(question)
        said = named_in(read, self.lead, tuple(IRREGULAR.get(w, w) for w in read.words))
        return [(w, sid) for w, sid in said if w not in CAPITALS or re.search(rf"\b{w.upper()}\b", read.text)]

    LEVEL: ClassVar[dict[tuple[str, str | None], float]] = {("jar", "regular"): 2.5, ("jar", "competitive"): 0.25, ("jar", None): 0.5,
                                                            ("ipg", "regular"): 0.3}
    """A document's score multiplies by this for the Rules Enforcement Level the question says or implies (:func:`rel_of`):
    at Regular REL the JAR, not the IPG, says what a judge does; at Competitive the IPG; said neither, the JAR's
    remedies are the less likely answer."""

    NAMED = 3.0
    """A document's score multiplies by this when the question names it, not every other ("what does the JAR say about
    …": :func:`~rulesgraph.question.policyroute.documents_named`); naming only the JAR (or IPG) says its level too.  Real
    policy tune part (stop 56): 79 → 80 of 117 with the level alone, 81 with this at 2, 3 or 5; the team's 53 of 60."""

    BEFORE = 0.5
    """What the question a follow-up is heard after (:meth:`Question.after`) counts for, its own words counting 1.  Not
    fitted (no real policy conversations then); its names count this too (a name's share, :data:`NAME`, and a name said),
    and nothing when the follow-up names a section itself or says "instead" ("what about a decklist error instead?")."""

    NAME = 10.0
    """Added for a question saying all of a section's name (its title, a term it defines): in proportion to the share
    of the name's words (by idf) the question says, when that share is at least :data:`NAME_SHARE`."""
    NAME_SHARE = 0.5

    SHARED = 0.1
    """A game term in a follow-up to a policy answer tells a game only when fewer than this share of the documents'
    sections say it (:meth:`its_words`): "opponent", "deck", "instead" are theirs too; "trigger", "mana" tell one."""

    def its_words(self, said: tuple[str, ...]) -> frozenset[str]:
        """The stems of the words ``said`` that the documents say in :data:`SHARED` of their sections or more, and of
        stop words ("if" is a glossary entry): no sign of a game in a policy conversation."""
        common = len(self.units) * self.SHARED
        return frozenset(t for w in said if (t := stem(w)) and (w in STOPWORDS or self.df.get(t, 0) >= common))

    def _in_category(self, own: set[str], named: list[tuple[str, str, float]]) -> list[tuple[str, str, float]]:
        """``named``, a name said before standing for the section holding its own (its chapter) when the follow-up's own
        words find that one more: "what if it happens again?" after Hidden Card Error asks IPG 2's upgrade, not 2.3's."""
        scores = self._bm25(Counter(own), self.postings, self.df, len(self.units), self.avg)
        at = {s.id: i for i, (s, _, _) in enumerate(self.units)}
        def held(sid: str, weight: float) -> str:  # its chapter, when the follow-up's own words find that more
            parent = found[0].parent if weight < 1.0 and (found := self.section(sid)) else None
            return parent if parent in at and sid in at and scores.get(at[parent], 0.0) > scores.get(at[sid], 0.0) else sid
        return [(name, held(sid, weight), weight) for name, sid, weight in named]

    def _named_share(self, unit: int, asked: set[str]) -> float:
        best = 0.0
        n = len(self.units)
        for name in self.names[unit]:
            said = name & asked
            if not said:
                continue
            idf = {t: math.log(1 + (n - self.df[t] + 0.5) / (self.df[t] + 0.5)) for t in name}
            share = sum(idf[t] for t in said) / max(1e-9, sum(idf.values()))
            if share >= self.NAME_SHARE:
                best = max(best, share)
        return best

    @cached_property
    def intent(self) -> dict[str, tuple[str, str]]:
        """Section id → the infraction an intentional error of its kind is, and the passage saying so: its own, or its
        chapter's for every section of it (:func:`~rulesgraph.build.tdefines.intent_sends`: IPG 2 says it of 2.2)."""
        from ..build.tdefines import intent_sends

        sends = intent_sends(self.docs)
        return {s.id: (sends[where], where) for doc in self.docs for s in doc.sections
                if (where := s.id if s.id in sends else s.parent if s.parent in sends else None)}

    @cached_property
    def vocabulary(self) -> dict[str, list[str]]:
        """The documents' words by first letter, for :func:`slips` (made when a question first says a word not theirs)."""
        found: dict[str, list[str]] = {}
        for w in sorted({w for s, _, _ in self.units for w in words(s.text) if w.isalpha()}):
            found.setdefault(w[0], []).append(w)
        return found

    def _spelt(self, read: Question, known: Callable[[str], bool] | None = None) -> dict[str, str]:
        """The question's words the documents never use that are theirs in American spelling (:func:`american`:
        "randomise", "behaviour") or, when ``known`` says which words are English or the rules', misspelt
        (:func:`slips`: "cheeting"), as stems → their stems."""
        spelt = {t: theirs for w in read.words if (other := american(w)) and (t := stem(w)) not in self.df
                 and (theirs := stem(other)) in self.df}
        return spelt if known is None else slips(read.words, self.df, self.vocabulary, known) | spelt

    def _unprefixed(self, term: str) -> str:
        """A word the documents never use, read without its ``re`` when the rest is theirs: "reshuffle" → shuffle,
        "resleeve" → sleeve (the stemmer keeps the prefix)."""
        if term in self.df or not term.startswith("re") or term[2:] not in self.df:
            return term
        return term[2:]

    def _bm25(self, q: Counter[str], postings: dict[str, list[tuple[int, int, int]]], df: Counter[str], n: int,
              avg: float) -> dict[int, float]:
        scores: dict[int, float] = {}
        for t, qn in q.items():
            if not (found := postings.get(t)):
                continue
            idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
            for i, f, length in found:
                scores[i] = scores.get(i, 0.0) + qn * idf * f * (self.K1 + 1) / (f + self.K1 * (1 - self.B + self.B * length / avg))
        return scores

    def search(self, question: str | Question, k: int = 5, known: Callable[[str], bool] | None = None) -> list[Hit]:
        read = Question.of(question)  # its words, read once; the documents' own terms are read from its folded text
        parts = _parts(read, self.BEFORE)
        folded = parts[0][0].folded  # what a follow-up itself asks (a penalty, a section by id), not the question before it
        q: Counter[str] = Counter()
        part_terms: list[set[str]] = []  # each part's terms
        for part, weight in parts:  # "at comp rel" picks a document: no search words
            spelt = self._spelt(part, known)
            told = {self._unprefixed(spelt.get(t, t)) for t in told_only(part.sentences, list(part.words), ASKING,
                                                                           lambda said: _terms(" ".join(said)))}
            named_docs = " ".join([*said_ids(part.text), *documents_named(part)])  # "MTR 4.3", "jar …" named: not every "4", Memory Jar
            cited = FRAME | set(_terms(named_docs))
            terms = Counter(self._unprefixed(spelt.get(t, t)) for t in said_terms(part, levels=False, searched=True) if t not in cited)
            q.update({t: n * weight * (self.TOLD if t in told else 1.0) for t, n in terms.items()})
            part_terms.append(set(terms))
        # names said before count as the question before does, none for a follow-up asking it of another section ("what
        # about cheating?") or of something "instead" ("what about a decklist error instead?" after slow play)
        said_names = [self._named_in(part) or misspelt_in(part, self.lead) for part, _ in parts]  # each part's, read once
        instead = len(parts) > 1 and bool(_INSTEAD.search(parts[0][0].folded) or said_names[0])
        before = self.BEFORE if len(parts) > 1 and not instead else 0.0
        rel = self.level(read)
        docs = documents_named(read)
        if rel is None and docs in (_JAR_ALONE, _IPG_ALONE):  # the document for one level says that level
            rel = "regular" if docs == _JAR_ALONE else "competitive"
        named = [(name, sid, 1.0 if n == 0 else before) for n, found in enumerate(said_names) for name, sid in found]
        named = self._in_category(part_terms[0], named) if before else named
        ids = set(said_ids(parts[0][0].text))
        scores = self._bm25(q, self.postings, self.df, len(self.units), self.avg)
        asked = set(q)
        wants_infraction = bool(ERROR.search(folded) or _REMEDY.search(folded) or _penalty_asked(folded))
        hits = []
        for i, (s, doc, _) in enumerate(self.units):
            share = max(self._named_share(i, part_terms[0]), before * self._named_share(i, asked) if before else 0.0)
            score = scores.get(i, 0.0) + self.NAME * share
            why = []
            for name, sid, weight in named:  # at Regular REL, a name said (not a former name, telling a situation): the JAR's
                if weight and (sid == s.id or (rel == "regular" and name in self.named and self.regular.get(sid) == i)):
                    score += 12.0 * weight
                    why.append(f"‘{name}’ → {s.title}")
            if s.id in ids or (s.parent in ids and s.parent not in self.unit_ids):  # "MTR 4", a chapter with no text: its sections
                score += 50.0 if s.id in ids else 25.0
                why.append(f"‘{s.id if s.id in ids else s.parent}’ named")
            if s.kind == "appendix" and s.title.lower().startswith("changes") and not CHANGES.search(folded):
                score *= 0.3  # a list of what changed answers "what changed", not the question it shares words with
            if s.penalty and wants_infraction:
                score *= self.INFRACTION
            score *= self.LEVEL.get((doc.kind, rel), 1.0)
            if doc.kind in docs and len(docs) < 3:
                score *= self.NAMED
            if score > 0:
                hits.append(Hit(s, doc, score, tuple(why)))
        hits.sort(key=lambda h: -h.score)
        return hits[:k]


@cache
def _index_for(key: tuple[str, ...]) -> PolicyIndex:
    from ..build.tbook import load

    return PolicyIndex(load())


def policy_index() -> PolicyIndex | None:
    """The index of the installed documents (built once per process), or ``None`` when none is installed."""
    from ..build.tbook import load

    docs = load()
    return _index_for(tuple(d.sha256 for d in docs)) if docs else None
