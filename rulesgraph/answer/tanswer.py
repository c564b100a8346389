"""Answer a tournament-policy question from the installed MTR, IPG and JAR: the infraction, its penalty and remedy
first, then the passages cited as ``MTR 4.3``, ``IPG 2.1``, ``JAR 3``.  Without the documents, say how to get them.

Called by :func:`rulesgraph.answer.compose.ask` before the rules are ranked: a question :mod:`rulesgraph.question.scope` finds to
be about tournament policy always comes here; with the documents installed, so does one that
:func:`rulesgraph.question.policyroute.policy_cue` finds (words only policy questions use), and nothing else, so rules
questions answer as they did before the documents were installed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from itertools import takewhile
from typing import TYPE_CHECKING

from ..common.text import STOPWORDS, fold, words
from ..errors import echoed
from ..model import Answer, Citation
from ..question.read import ASKING, Question
from .firstplace import SENTENCE, fitted
from .policywords import asked_terms, names_item, part_asked, telling_scores
from .policywords import terms as _terms
from .tturns import repeated, told_turn, turn_said

if TYPE_CHECKING:  # the documents' modules are imported only once a question needs them (rules questions never do)
    from ..build.index import Index
    from ..parse.tdoc import TDocument, TSection
    from ..question.conversation import Conversation
    from ..question.scope import OutOfScope
    from .policy import Hit, PolicyIndex

__all__ = ["BANS_TO_COME", "RULES_TOO", "SCORED_TOPICS", "cited_for", "policy_answer", "route", "section_citation",
           "tournament_answer", "with_rules"]

_REL_SAID = {"regular": "Regular REL: Judging at Regular REL applies, not the IPG's penalties",
             "competitive": "Competitive or Professional REL: the Infraction Procedure Guide applies"}
_ABOUT = frozenset("say says said cover covers section rule read penalty penalties remedy fix".split())
"""Words that ask only what a passage named by id says ("what does IPG 3.10 say?")."""
_AT_REGULAR = ("this is the IPG's penalty, for Competitive and Professional REL: at Regular REL it does not apply, and Judging "
               "at Regular REL says what to do ('rulesgraph jar 1' lists the common issues it covers)")
"""Said before an infraction's penalty that leads though the question names Regular REL (no JAR heading is clearly its)."""
_NO_LEVEL = ("this is the IPG's penalty, for Competitive and Professional REL; at Regular REL (FNM, prereleases) Judging at "
             "Regular REL applies instead")
"""Said before an infraction's penalty when the question names no one level (none, both, or an event by a name the
routing does not read as one: "at an SCG Open"): the IPG's penalty is not a casual event's."""


def section_citation(section: TSection, doc: TDocument, score: float = 1.0, why: tuple[str, ...] = (), *,
                     short: bool = False) -> Citation:
    """A passage as a citation; ``short``: its opening sentences only (an answer's list; the passage opens whole)."""
    title = section.title if section.kind != "front" or doc.kind != "jar" else doc.title
    if section.penalty:
        title = f"{title} — {section.penalty}"
    body = section.text
    if short:
        from ..parse.pdftext import SUBHEADS  # here, not at the top: a rules question imports this module, never cites a passage

        paragraphs = [p for p in body.split("\n\n") if p not in SUBHEADS]
        body = _first("\n\n".join(paragraphs), 3, 360)
    return Citation(section.id, doc.kind, section.id, title, body, str(section.origin), doc.effective, round(score, 3), why)


_GOES_ON = re.compile(r"^(?:Otherwise|However|Instead|If not|If they do not|If it does not|Unless)\b")
"""A sentence that goes on from the one before ("… assume the player chose not to perform it. Otherwise, put the ability
on the stack …"): said with it, as the first sentences of a passage are."""


def _first(text: str, sentences: int = 2, limit: int = 420) -> str:
    """The first ``sentences`` sentences of ``text``'s first paragraph (at most ``limit`` characters), and any that go on
    from the last of them (:data:`_GOES_ON`: the JAR's missed trigger fix is its "Otherwise, …"), up to half as much
    again."""
    para = text.split("\n\n")[0] if text else ""
    split = SENTENCE.split(para)
    while sentences < len(split) and _GOES_ON.match(split[sentences]) and len(" ".join(split[: sentences + 1])) <= limit * 1.5:
        sentences += 1
    return fitted(split[:sentences], max(limit, len(" ".join(split[:sentences]))))


def _summary(hit: Hit, index: PolicyIndex, question: str | Question = "") -> str:
    """One paragraph: what the top passage says, an infraction with its penalty and remedy (:func:`_remedy`: the case
    of it the question tells)."""
    s, doc = hit.section, hit.doc
    if s.penalty:
        parts = {p.title: p.text for p in doc.sections if p.parent == s.id and p.kind == "part"}
        names = {s.id.lower(), " ".join(words(s.name or "")), *(a for a, sid in index.named.items() if sid == s.id)}
        if asked := part_asked(question.text if isinstance(question, Question) else question, parts, names):  # "ipg 2.1 remedy"
            return f"{s.heading} — {asked}: {' '.join(parts[asked].split()).removeprefix(f'{asked}:').strip()}"
        said = f"{s.heading}: {s.penalty}."
        if "Definition" in parts:
            said += f" {_defined(parts['Definition'], question)}"
        chapter = next((c for c in doc.sections if c.id == s.parent), None) if s.penalty == "Warning" else None  # of Warnings
        if chapter and (again := repeated(chapter.text, question)):
            said += f" {chapter.id}: {again}"  # "his third GRV today": the penalty is another
        turns = [p for turn in ("Upgrade", "Downgrade") if turn in parts for p in parts[turn].split("\n\n") if p.strip()]
        told = told_turn(parts.get("Additional Remedy", ""), turns, question, s.title)
        if told is not None:  # the question asks of the penalty the case it tells makes another: that first
            said += f" {turn_said(turns.pop(told))}"
        if "Additional Remedy" in parts:
            said += f" Remedy: {_remedy(parts['Additional Remedy'], question, s.id, s.title)}"
        return said + "".join(f" {turn_said(p)}" for p in turns)  # when the penalty is another: a judge decides it at the table
    if doc.kind == "jar":
        head = doc.title if s.kind == "front" else s.title
        return f"{doc.title} — {head}: {_telling(s.text, question)}"
    return f"{s.heading}: {_passage(s.text, question)}"


LISTED = 3
"""A definition introducing this many cases or fewer says them all; more, the two the question tells best and how many more."""


def _defined(text: str, question: str | Question) -> str:
    """An infraction's definition as one sentence, with the cases it introduces ("… does any of the following:" was all
    Outside Assistance's first paragraph said before its Downgrade: a trial)."""
    paragraphs = [p for p in text.split("\n\n") if p.strip()] or [""]
    line = _first(paragraphs[0], 1)
    items = _items(paragraphs, 0) if line.endswith(":") else []
    if len(items) > LISTED:
        scores = telling_scores([set(_terms(item)) for item in items], asked_terms(question))
        told = sorted(sorted(range(len(items)), key=lambda i: -scores[i])[:2])
        return f"{line} {' '.join('• ' + _first(items[i], 1) for i in told)} ({len(items) - 2} more)"
    return f"{line} {' '.join('• ' + _first(item, 1) for item in items)}" if items else line


_DEFAULT = re.compile(r"\b(?:(?:isn['’]t|is not|not) covered by the previous|for all other|in all other cases)\b", re.IGNORECASE)
"""A remedy's paragraph saying it covers the cases the paragraphs before it do not: the remedy when no case is told."""


def _remedy(text: str, question: str | Question, sid: str, title: str) -> str:
    """The paragraph (or list item) of an infraction's remedy that tells the question's case, as two sentences, and
    where to read the rest when there is more: most remedies are several cases (Hidden Card Error's first is a backup, its
    fifth the extra card drawn; Game Rule Violation's partial fixes are list items).  A paragraph counts the question's
    words that few of the remedy's paragraphs say (each by log(paragraphs / paragraphs saying it): "player", "card",
    "opponent" are said by most, so count for little; the words of the infraction's ``title`` not at all: every case of
    Missed Trigger's remedy is about a trigger missed); none saying any, or several saying as much, the last of those
    that says it is the case of all the others (:data:`_DEFAULT`: Missed Trigger's fourth, "If the triggered ability
    isn't covered by the previous paragraphs, the opponent chooses …", not its first, an Aura's trigger, nor its second,
    a delayed trigger's, for "my opponent forgot his Dark Confidant trigger": "opponent" is in both), else the first."""
    paragraphs = [p for p in text.split("\n\n") if p.strip()] or [""]
    scores = telling_scores([set(_terms(p)) for p in paragraphs], asked_terms(question) - set(_terms(title)))
    best = max(range(len(paragraphs)), key=lambda i: (scores[i], -i))
    tied = [i for i, score in enumerate(scores) if score == scores[best]]
    if scores[best] <= 0 or len(tied) > 1:  # none, or several alike: of those, the case of all the others if it is one
        best = max((i for i in tied if _DEFAULT.search(paragraphs[i])), default=best)
    line = _first(paragraphs[best].lstrip("• "))
    if line.endswith(":") and (items := _items(paragraphs, best)):  # "… perform the appropriate partial fix:" — which
        line += " " + " ".join(_first(item, 1) for item in items[:2]) + (f" ({len(items) - 2} more)" if len(items) > 2 else "")
    return line + (f" (the remedy says more: '{sid.lower()} remedy')" if len(paragraphs) > 1 else "")


def _passage(text: str, question: str | Question) -> str:
    """The paragraph of a section sharing most words with the question (of equals, one introducing a list that names a
    name of several words the question says — "The following cards are banned …:" for "is Oko banned" —, else the first),
    as two sentences; one that introduces a list brings the items the question names, or, none named, each item's first
    sentence when it is :data:`LISTED` items or fewer (Proxy Cards' two criteria: a trial found the passage stopping at
    "criteria:"), else how long it is.  A list item holding two of the question's words more than that paragraph (not
    one of a list that paragraph says whole or by the items named), the one telling most (:func:`telling_scores`), is
    said instead, after the sentence opening its list (MTR 4.2's "Go" shortcut for "i said go, can i go back?")."""
    asked = asked_terms(question)
    paragraphs = text.split("\n\n") if text else [""]
    terms = [set(_terms(p)) for p in paragraphs]
    heads = [i for i, p in enumerate(paragraphs) if not p.startswith("•")]
    lists = {i: _items(paragraphs, i) for i in heads if paragraphs[i].rstrip().endswith(":")}  # "The following …:"
    best = max(heads or [0], key=lambda i: (len(asked & terms[i]),  # then, of equals, the list that
                                            any(names_item(item, asked) and len(_terms(item)) > 1 for item in lists.get(i, ())),
                                            -i))  # names a name of several words the question says ("Oko, Thief of Crowns")
    said = _first(paragraphs[best])
    listed = lists.get(best, [])
    whole = len(listed) if any(names_item(i, asked) for i in listed) or len(listed) <= LISTED else 0  # said by name or whole
    told = telling_scores(terms, asked)
    item = max((i for i, p in enumerate(paragraphs) if p.startswith("•") and not best < i <= best + whole),
               key=lambda i: (told[i], -i), default=None)
    if item is not None and len(asked & terms[item]) > len(asked & terms[best]) + 1:
        intro = next((paragraphs[j] for j in range(item - 1, -1, -1) if not paragraphs[j].startswith("•")), "")
        opening = SENTENCE.split(" ".join(intro.split()))[-1] if intro.rstrip().endswith(":") else _first(intro, 1)
        return f"{opening} {_first(paragraphs[item].lstrip('• '))}".strip()  # "said go": 4.2's shortcut "Go"
    if said.endswith(":"):
        items = lists.get(best) or _items(paragraphs, best)
        named = [item for item in items if names_item(item, asked)]
        if named:
            said += " " + "; ".join(named[:5]) + ("…" if len(named) > 5 else "")
        elif items and len(items) <= LISTED:  # a short list is what the passage says: "… at least one of the following criteria:"
            said += " " + " ".join("• " + _first(item, 1) for item in items)
        else:
            said += f" ({len(items)} listed, none of them named in the question)"
    return said


def _telling(text: str, question: str | Question) -> str:
    """What a Judging at Regular REL part says of the question's case: its paragraph or list item holding most of the question's
    words that few of its paragraphs hold (:func:`.policywords.telling_scores`), the first of equals; a list item with what the
    list says of all its items, the paragraph introducing it or else the one after it ("The priority is to educate players …"):
    a player late to the round is told General Unwanted Behaviors' tardiness item, not its first."""
    paragraphs = [p.strip() for p in text.split("\n\n") if p.lstrip("• ").strip()] or [text]
    plain = [p.lstrip("• ").strip() for p in paragraphs]
    scores = telling_scores([set(_terms(p)) for p in plain], asked_terms(question))
    best = max(range(len(plain)), key=lambda i: (scores[i], -i))
    if not paragraphs[best].startswith("•"):
        return _first(plain[best])
    intro = next((plain[j] for j in range(best - 1, -1, -1) if not paragraphs[j].startswith("•")), "")
    if intro.endswith(":"):
        return f"{_first(intro, 3)} {plain[best]}"
    after = next((plain[j] for j in range(best + 1, len(plain)) if not paragraphs[j].startswith("•")), "")
    return f"{plain[best]} {_first(after, 1)}".strip()


def _items(paragraphs: list[str], i: int) -> list[str]:
    """The list items (``• …``) right after paragraph ``i``."""
    return [p.lstrip("• ").strip() for p in takewhile(lambda p: p.startswith("•"), paragraphs[i + 1 :])]


def cited_for(question: str | Question, k: int = 5, *, short: bool = False) -> list[Citation]:
    """The citations a policy question gets (empty when no document is installed); ``short``: :func:`section_citation`'s."""
    from .policy import policy_index

    index = policy_index()
    if index is None:
        return []
    return [section_citation(h.section, h.doc, h.score, h.why, short=short) for h in index.search(question, k)]


def policy_answer(read: str | Question, k: int = 5, known: Callable[[str], bool] | None = None) -> Answer | None:
    """The answer from the documents, or ``None`` when none is installed (the caller says how to install them).
    ``known``: whether a word is English or the rules' (else a word the documents never use may be read as a slip)."""
    from .policy import policy_index, said_ids, without_ids

    index = policy_index()
    if index is None:
        return None
    question = read.text if isinstance(read, Question) else read
    unknown = [f"no {sid} in the installed documents" for sid in said_ids(question) if index.section(sid) is None]
    bare = lambda: not set(words(without_ids(fold(question)))) - STOPWORDS - ASKING - _ABOUT  # the id is all it asks (split only then)
    if unknown and bare():
        return Answer(question, None, (), (), 0.0, tuple(unknown), (), caveats=tuple(unknown))
    hits = index.search(read, max(k, 2), known)  # the runner-up's score sets the confidence, whatever ``k`` shows
    rel = index.level(read)  # a follow-up's own level first, as the search reads it
    hits = index.intended(hits, read, rel)
    if not hits:
        return None
    chapter = next((c for sid in said_ids(question) if (c := index.section(sid)) and c[0].kind == "chapter" and bare()
                    and not c[0].text.strip()), None)
    why = [w for h in hits[:k] for w in h.why]
    if rel:
        why.insert(0, _REL_SAID[rel])
    if isinstance(read, Question) and read.own_from:  # a follow-up heard after the question it follows
        why.insert(0, f"following up on ‘{echoed(read.cleaned[:read.own_from], 60)}’")
    penalty = hits[0].doc.kind == "ipg" and hits[0].section.penalty
    caveats = (*unknown, *((_NO_LEVEL,) if penalty and not rel else (_AT_REGULAR,) if penalty and rel == "regular" else ()))
    top = hits[0].score
    confidence = 0.9 if chapter else round(min(0.9, 0.3 + 0.6 * (top - (hits[1].score if len(hits) > 1 else 0)) / max(top, 1e-9)), 2)
    citations = tuple(section_citation(h.section, h.doc, h.score, h.why, short=True) for h in hits[:k])
    said = f"{chapter[0].heading}: " + "; ".join(f"{c.id} {c.title}" for c in chapter[1].sections if c.parent == chapter[0].id) \
        if chapter else _summary(hits[0], index, index.told_as(read, hits[0]))  # "mtr 4", a chapter of sections only: them
    return Answer(question, said, citations, (), confidence,
                  (*caveats, *why), (), caveats=caveats)


def follow_up(conversation: Conversation, read: Question, index: Index,
              names_card: Callable[[], bool]) -> tuple[Question, tuple[str, str]] | None:
    """How the documents should hear ``read`` after the policy answer the conversation holds, and what it should remember
    (:meth:`~rulesgraph.question.conversation.Conversation.policy_turn`, given its game terms and whether it routes alone)."""
    from ..common.text import stem
    from ..question.scope import game_terms, out_of_scope
    from .policy import policy_index

    docs = policy_index()
    shared = lambda: docs.its_words(read.words) if docs is not None else frozenset()  # the documents' words: they tell no game
    return conversation.policy_turn(read.cleaned, lambda: game_terms(read, index, shared()) + 2 * names_card(),
                                    lambda: route(read, out_of_scope(read, index), index) is not None,
                                    lambda w: docs is not None and stem(w) in docs.df)


def heard_as(answer: Answer, question: str, heard: Question | None) -> Answer:
    """A policy answer to ``question`` as asked (README: "the question as given"), the documents having heard it as
    ``heard`` in a conversation: a level said alone is the last question asked there, said in its reasons ("asked again:
    ‘…’"); a follow-up heard after the last question says that already ("following up on ‘…’")."""
    again = () if heard is None or heard.own_from else (f"asked again: ‘{echoed(heard.text, 60)}’",)
    return replace(answer, question=question, why=(*again, *answer.why))


SCORED_TOPICS = frozenset({"card prices"})
"""Topics of :mod:`rulesgraph.question.scope` whose questions go to the tournament documents when the documents' score says
their words are the documents' (a price cue said of a tournament's product: "buy another pack"); not deck advice ("what
deck should I play at a competitive REL tournament" is no question of theirs, though its words are) nor other games."""


def route(question: str | Question, outside: OutOfScope | None, index: Index,
          cards: Callable[[], frozenset[str]] = frozenset) -> str | None:
    """Why a question goes to the tournament documents (the scope's cue, or :func:`~rulesgraph.question.policyroute.policy_cue`'s
    once they are installed; for a question the scope finds about a topic of :data:`SCORED_TOPICS` only the documents'
    score, :func:`~rulesgraph.answer.trelevance.relevant`: "can a player who opens a high-value booster, during a
    sanctioned, limited tournament, opt to buy another pack to replace it?"), or ``None`` for a question the rules
    answer (or that the scope's line answers).  Without documents installed only the
    scope's tournament-policy questions come here (to be told how to install them).  ``cards``: the words of the cards
    the question names (asked only when a tournament word is said: a card's name is no cue)."""
    if outside is not None and outside.topic == "tournament policy":
        return outside.why
    if outside is not None and outside.topic not in SCORED_TOPICS:
        return None
    from ..build.tbook import newest
    from .trelevance import jargon, names, rules_names, title_words

    named = names()  # one stat while nothing changes: a rules question never reads the documents
    if not named and not newest():  # no IPG (no infraction names) but an MTR or JAR still answers
        return None
    from .trelevance import relevant

    if outside is not None:  # a price cue ("buy another pack"), but the documents' words: the score decides
        return relevant(question, index)
    from ..question.policyroute import policy_cue
    from ..question.scope import game_terms

    return policy_cue(question, named, lambda besides=frozenset(): game_terms(question, index, besides), jargon(),
                      lambda t: t in index.idf, title_words(),
                      lambda: relevant(question, index), cards, lambda key: key in rules_names(index))


BANS_TO_COME = ("No rules document says what will be banned, or why a card was: Wizards of the Coast announces changes "
                "to the banned and restricted lists and its reasons; the Magic Tournament Rules list the bans in force.")
"""The answer to a question about the ban announcements ("what's getting banned next?", "why was Hogaak banned?"): the
scope's line for tournament policy said the MTR and IPG cover it."""


def tournament_answer(read: str | Question, k: int, outside: OutOfScope | None, index: Index,
                      cards: Callable[[], frozenset[str]] = frozenset, follows: bool = False) -> Answer | None:
    """What :func:`rulesgraph.answer.compose.ask` says to a tournament-policy question: the documents' answer when they are
    installed, else the scope's line with how to install them; ``None`` for a question to answer from the rules.

    A question the scope finds to be about tournament policy always comes here; with the documents installed, so
    does one that :func:`~rulesgraph.question.policyroute.policy_cue` finds (a judges' abbreviation, tournament-only words),
    and one the scope finds about a topic of :data:`SCORED_TOPICS` whose words the documents' score says are theirs (else
    the scope's line answers it); and a follow-up to a policy answer (``follows``: :func:`follow_up`), however it routes."""
    from .confidence import OUT_OF_SCOPE

    question = read.text if isinstance(read, Question) else read
    if (routed := "a follow-up" if follows else route(read, outside, index, cards)) is None:  # a follow-up is the documents'
        return None
    from ..build.tbook import INSTALL_HINT, newest
    from ..cards.legality import about_bans_to_come

    if outside is not None and about_bans_to_come(question):  # the documents list today's bans, not tomorrow's
        return Answer(question, BANS_TO_COME, (), (), OUT_OF_SCOPE, (outside.why,), (), in_rules=False)

    if not newest():
        if outside is None:  # a follow-up once the documents are gone (only the scope routes a question then): the rules'
            return None
        return Answer(question, f"{outside.answer} To answer from them here, {INSTALL_HINT}.", (), (), OUT_OF_SCOPE, (outside.why,), (),
                      in_rules=False)
    answer = policy_answer(read, k, lambda w: w in index.english or w in index.vocab)
    if answer is None and outside is not None:
        return Answer(question, outside.answer, (), (), OUT_OF_SCOPE, (outside.why,), (), in_rules=False)
    from .trelevance import SCORED

    if answer is not None and routed.startswith(SCORED):  # no cue said it: the score's reason is shown, the rules cited too
        answer = replace(answer, why=(*answer.why, routed))
    return answer


RULES_TOO = 3
"""How many game terms (:func:`rulesgraph.question.scope.game_terms`) make a policy question one that tells a game situation (so
does naming a card), whose answer cites the rules after the documents ("he cast Brainstorm, drew three and passed without putting
two back: what does the judge do" → IPG 2.5, then Brainstorm's ruling).  Fewer ("can I take notes during a match") tell none."""


def with_rules(policy: Answer, index: Index, rules: Callable[[], Answer], k: int, names_card: Callable[[], bool],
               read: Question | None = None) -> Answer:
    """A policy answer that tells a game situation, or that only the routing score sent to the documents (no cue said it:
    :data:`rulesgraph.answer.trelevance.SCORED`), with the rules' best citations after the documents' first three (the
    judge's remedy leads; the game's rules follow) and the cards it names; any other answer as it is.  ``rules`` answers the
    question from the rules only, ``names_card`` says whether it names a card (called only when needed); ``read``: as read."""
    from ..question.scope import game_terms
    from .trelevance import SCORED

    if not policy.citations or not policy.in_rules or k <= 3:
        return policy
    scored = any(w.startswith(SCORED) for w in policy.why)  # routed by its words alone: the rules may be what it asks
    if not scored and game_terms(read or policy.question, index) < RULES_TOO and not names_card():
        return policy
    ruled = rules()
    if not ruled.in_rules or not ruled.citations:
        return policy
    keep = max(3, k - 2)
    cited = policy.citations[:keep] + ruled.citations[: k - keep]
    note = "the rules too: " + "; ".join(c.label for c in ruled.citations[: k - keep])
    return replace(policy, citations=cited, why=(*policy.why, note), caveats=(*policy.caveats, *ruled.caveats),
                   cards=policy.cards or ruled.cards)  # the cards it names, shown under it as under a rules answer


def with_documents(read: Question, index: Index, citations: list[Citation], why: list[str], k: int) -> tuple[list[Citation], list[str]]:
    """A rules answer's ``citations`` and ``why`` for a question whose words lean toward the documents without routing it
    (its score from :data:`~rulesgraph.answer.trelevance.LEAN` up): the documents' best passage cited third, after the rules'
    first two (the judge's call may be what it asks), its opening sentences only (MTR 3.16 whole was 25 lines: a trial)."""
    from .trelevance import leaning

    if k < 3 or len(citations) < 2 or (score := leaning(read, index)) is None or not (passage := cited_for(read, 1, short=True)):
        return citations, why
    note = f"the tournament documents too: {passage[0].label} (its words lean toward them, score {score:.1f})"
    return [*citations[:2], passage[0], *citations[2:]], [*why, note]
