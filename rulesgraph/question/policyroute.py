"""Route a question to the tournament documents or to the rules: the words that make it one of tournament policy.

Once the MTR, IPG and JAR are installed, :func:`policy_cue` decides (after :mod:`rulesgraph.question.scope`, whose
tournament-policy cues always route) whether a question the rules could answer is rather a judge's question.
Signals, strongest first: an infraction's name or abbreviation (``GRV``), a JAR part's number, a document named; words
only tournament questions use (``decklist``, ``time was called``, ``my previous opponent``); the documents' rare title words the
rules never use; a Rules Enforcement Level said or implied with a fix asked ("at FNM …, what do we do"); "judge"
beside a remedy's words; a duty asked at a named level ("at competitive, do I have to …").  Weaker signals (event
said or implied, a judge, a phone or the round, a duty or permission asked, an error told, a fix asked) are counted:
a question routes when it names no more game terms (keywords, glossary terms) than it gives such signals, and one of
them says where it is played: "at FNM my opponent cast Wrath …, does it …" asks the rules, "can I look up Oracle text
on my phone at FNM, or does it have to be a judge" the tournament rules.  An infraction's name misspelt ("outside
assitance") routes too, and, where a judge or an event is said, a title of the documents said whole with a word the
rules never use ("spectators").  Pure and cheap: regexes over the folded question; game terms counted only if needed."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..common.lazyre import lazy
from ..common.text import STOPWORDS, fold, stem, words
from .read import ASKING, Question
from .spelling import misspelt_in

__all__ = ["ERROR", "LEVEL_SAID", "PERSONS", "asks_judge", "asks_remedy", "at_level", "documents_named", "level_only",
           "named_in", "policy_cue", "policy_kinds", "rel_of", "says_level", "signals"]

_REGULAR_SAID = (r"fnm|friday night magic|casual|regular(?: rel)?|reg rel|prerelease|pre-release|kitchen table|"
                 r"commander night|launch part(?:y|ies)|store (?:event|championship)|at (?:my|the|our) (?:lgs|store)")
_COMPETITIVE_SAID = (r"comp(?:etitive)?(?: rel)?|competition rel|ptq|pptq|rptq|rcq|gp|grand prix|pro tour|professional(?: rel)?|"
                     r"regional championship|spotlight|mcq|world championship")
_REGULAR = lazy(rf"\b(?:{_REGULAR_SAID})\b")
_COMPETITIVE = lazy(rf"\b(?:{_COMPETITIVE_SAID})\b")
LEVEL_SAID = lazy(r"\b(?:(?:comp|competitive|competition|regular|reg|professional|casual|pro)\s+(?:rel|rules enforcement level)|"
                  r"(?:at|in) (?:comp|competitive|professional)(?! (?:decks?|players?|play|magic|formats?|games?)\b))\b")
"""A Rules Enforcement Level named as one ("comp rel", "at competitive"): it picks a document, it is no topic word."""


_TOURNAMENT = lazy(
    r"\b(?:deck ?lists?|deck ?checks?|(?:take|taking|write|written|wrote) notes|notes sheet|"
    r"time (?:is |was |gets |got )?called|round timer|(?:minutes|mins) (?:into|after) the round|match (?:loss|score|points?)|"
    r"game loss(?:es)?|(?:get|got|give|gave|receive\w*|issue\w*) (?:a|the) warning|infractions?|"
    r"draft(?:ing)? (?:pod|table)|pass(?:ed|ing)? (?:my |the )?pack|proxy|proxies|substitute cards?|marked cards?|"
    r"head judge|floor judge|hj|spindown|electronic devices?|intentional draw|bribery|wager\w*|"
    r"(?:my|his|her|their|our) (?:previous|former|earlier|last) (?:round(?:'?s)? )?opponent(?:'?s)?|previous (?:round(?:'?s)? )?opponents?|"
    r"(?:taking|takes|take|took) forever|head ?phones|ear ?buds|ear ?phones|smart ?watch(?:es)?|"
    r"round \d+ opponents?|opponents? (?:from|in|of) (?:the |my |a )?(?:previous|last|earlier|other) (?:round|match)(?:es)?|"
    r"(?:swap|exchang|switch|trad|sid|board)\w* (?:\w+ ){0,3}?(?:one for one|1 for 1)|"
    r"sanctioned (?:events?|tournaments?|matche?s?|play)|(?:round|match)(?:'?s)? time (?:expires|expired|ran out|runs out|is up)|"
    r"end[- ]of[- ](?:round|match)|(?:five|5) additional turns|"
    r"swiss|(?:the|round|tournament|swiss|next|first) pairings|standings|(?:match|result) ?slips?|prize splits?|"
    r"split(?:ting)? (?:the )?prizes?|scorekeep\w*|(?:deck|pool) registration|"
    r"(?:says?|said|saying) [\"“']?(?:go|your turn)\b(?! ahead| for it| back)(?! to (?:the|his|her|my|your|their|its) "
    r"(?:graveyard|hand|library|exile|battlefield)))\b")
"""Words only tournament questions use: a question saying one is answered from the tournament documents.  The end of a
round is the MTR's ("the round time expires", "end-of-match", its "five additional turns"; "additional turns" alone is
also what players call a card's extra turns), and so is a "sanctioned" event; so are the event's own structure and staff
(Swiss rounds, the pairings, standings, the match slip, a prize split, the scorekeeper, registration — each a word of
the documents; not "a bye", "the top 8" or a bare "pairing(s)", which are English or the rules' words too: "the top 8
cards", soulbond's pairings); so is a player who "said go" or "your turn", a tournament shortcut the MTR defines and the
rules never name (not "said go ahead", nor a card that says "… go to the graveyard")."""
_SETTING = lazy(r"\b(?:phones?|spectators?|(?:flip|flipped|flipping) a coin|bet(?:ting)? on|(?:a|the|place|placed|make|made) bets?|"
                r"betting|(?:un)?sleeves?|(?:un)?sleeved|tournaments?|(?:my|our|his|her|their|the|a|this|next|last|feature) matche?s?|"
                r"rounds?(?! (?:up|down)\b))\b")
"""Words a rules question may use to set its scene too ("my match", betting on it; not "do the colors have to match?", "I bet he
has it"; "spectator seating" is a card's): each counts once beside few game terms, and is no game term itself there."""
_FIX = lazy(r"\b(?:what (?:do|should|does|will|can) (?:we|i|you|the judge|a judge|judges) do|what now|"
            r"what(?:'s| is|s) the (?:\w+ )?(?:fix|remedy|penalty)|"
            r"how (?:does|do|should|would|will) (?:the |a )?judges? (?:fix|handle|rule)|"
            r"what happens(?: to (?:him|her|them|me))?(?: now| next)?\s*[?.!]*$|do we (?:undo|rewind|back ?up)|"
            r"can (?:the|a) judge)")
"""A question asking what a judge does about something that happened: the answer is a remedy, not a rule."""
_JUDGE = lazy(r"\b(?:judges?|hj)\b")
_CALLED = lazy(r"^\W*judges?\s*(?:[,!:]|(?=(?:he|she|they|my|i|we|this|there|what)\b))|"
               r"\b(?:call|calls|called|calling|get|got|grab|grabbed|ask|asked|fetch|fetched)(?: for| over)? (?:a|the) judge\b|"
               r"\b(?:(?:a|the) )?judge (?:was|is|got|gets|had been|has been) (?:called|summoned|fetched)\b")
"""A judge called or addressed ("judge, he drew an extra card", "can I call a judge", "the judge was called"): at an event."""
_REMEDY = lazy(r"\b(?:(?:the|a) (?:\w+ )?fix|fix(?:es|ing)? (?:it|this|that|the (?:game|situation|error|mistake))|remed(?:y|ies)|"
               r"back(?:ing)? ?up|penalt(?:y|ies)|infractions?|warnings?|game loss\w*)\b")
"""Words of a judge's remedy: beside "judge" they make a question one of procedure ("how does a judge fix it")."""
_DUTY = lazy(r"\b(?:have to|has to|must|required|obliged|allowed|can (?:i|he|she|they|we) make|is (?:he|she|it) allowed|"
             r"is (?:it|that|this) (?:ok|okay|fine|permitted))\b")
"""A player's duties and permissions: asked at a named REL ("comp rel: does he have to tell me …") they are policy."""
_TELL = lazy(r"\b(?:(?:have|has|need|needs|supposed|required|obliged|obligated) to|must|should) "
             r"(?:tell|inform|point out|remind|warn)\b|"
             r"\b(?:do|does|should|must) (?:i|he|she|they|we) (?:tell(?! (?:if|whether|which|what|apart|the difference)\b)|inform|"
             r"point out|remind|warn)\b|"
             r"\b(?:information|info)\b.{0,30}\b(?:have to|has to|must|need to|required to)\b|"
             r"\b(?:have to|has to|must|need to|required to) (?:give|share|tell)\b.{0,30}\b(?:information|info)\b")
"""A duty to tell the opponent something: what players must say to each other is the tournament rules' (the game's
own announcements are "announce", "reveal"); "how do I tell if Purphoros is a creature?" tells apart, it tells no one."""
ERROR = lazy(r"\b(?:forg[oe]t\w*|missed|accident\w*|by mistake|mistakes?|extra cards?|too many cards|drew (?:an? )?(?:extra|\d+|"
             r"two|three|four|five|six|seven|eight)\b|wrong|realii?[sz]ed|noticed|peek\w*|dropped|(?:fell|flipped) (?:over|face up)|"
             r"on purpose|deliberately|intentionally|illegal(?:ly)?)\b")
"""An error told: with the event said and few game terms it is a judge's question (what is the fix)."""


_PATTERNS: dict[int, tuple[dict[str, str], re.Pattern[str], dict[str, str]]] = {}
_BARE = STOPWORDS | ASKING  # words saying nothing of a case ("per the JAR?" names a document and nothing else)

_ARTICLES = frozenset({"a", "an", "the", "my", "his", "her", "their", "your", "its", "our"})
"""Left out between a name's words: an article, or a possessive ("missed their trigger" says Missed Trigger)."""
_OWNED = (r" (?:(?:a|an|the|my|his|her|their|your|its|our)"
          r"(?: (?!(?:does|do|did|is|are|was|were|will|would|can|could|it|to|and|or|but|if|when|then|that|this)\b)\w+){0,3} )?")
"""What may come inside Missed Trigger (a name ending in "trigger"): an article or a possessive and up to three words
that are not a sentence's own ("missed his Dark Confidant trigger", "forgot my own upkeep trigger"), the card whose
trigger it was; "if Lightning Bolt misses its target, does it trigger prowess?" names none.  Other names of two words
take an article or possessive only ("outside the game to assist" is no Outside Assistance)."""


def _stems(text: str) -> str:
    """A text's words as stems, articles left out: "looked at an extra card" and "Looking at Extra Cards" meet."""
    return " ".join(stem(w) for w in words(text.replace("/", " / ")) if w not in _ARTICLES)


def _names_pattern(named: dict[str, str]) -> tuple[re.Pattern[str], dict[str, str]]:
    """The names as one expression over a question's folded words, and each name's stems back to the name.  A word
    of four letters or more may end differently (its stem, then any letters: ``look\\w*`` for "looking", "looked");
    a shorter one is an abbreviation, a plural ``s`` allowed; an article may come between words ("an extra card"), and
    inside Missed Trigger the card whose trigger it was (:data:`_OWNED`)."""
    got = _PATTERNS.get(id(named))
    if got is None or got[0] is not named:
        back = {_stems(s): s for s in sorted(named, key=len)}  # the longest name of a stem speaks for it ("tardiness")
        def said(key: str) -> str:
            parts = key.split()
            if len(parts) == 1:  # the name's length, not its stem's ("cheating" is no abbreviation); its own forms only
                return re.escape(key) + "s?" if len(back[key]) <= 5 else f"{re.escape(back[key])}|{re.escape(key)}(?:s|ing|ers?)?"
            between = _OWNED if len(parts) == 2 and parts[-1].startswith("trigger") else " (?:(?:a|an|the|my|his|her|their|your|its|our) )?"
            return between.join(re.escape(w) + (r"\w*" if len(w) >= 4 else "") for w in parts)
        short = [re.escape(n) + "s?" for n in named if " " not in n and len(n) <= 5]  # "tardy", its stem "tardi" another's
        alternatives = "|".join([*(said(k) for k in sorted(back, key=len, reverse=True) if k), *short])
        got = (named, lazy(rf" ({alternatives})(?= )"), back)
        _PATTERNS.clear()
        _PATTERNS[id(named)] = got
    return got[1], got[2]


def named_in(question: str | Question, named: dict[str, str], said: tuple[str, ...] | None = None) -> list[tuple[str, str]]:
    """``(what was said, section id)`` for the abbreviations and infraction names of ``named`` in the question, their
    words compared as stems without articles ("he looked at an extra card" names Looking at Extra Cards); ``said``:
    the question's words as the caller reads them (irregular forms regularised), else its own."""
    if not named:
        return []
    pattern, back = _names_pattern(named)
    line = " " + " ".join(Question.of(question).words if said is None else said) + " "
    out = []
    pos = 0
    while (m := pattern.search(line, pos)) is not None:
        said = _stems(m.group(1))
        ends = said.split()
        key = back.get(said) or back.get(said[:-1]) or back.get(f"{ends[0]} {ends[-1]}")
        if key is not None:
            out.append((key, named[key]))
        pos = m.end(1)
    return out


def _search(pattern: re.Pattern[str], folded: str, *needles: str) -> re.Match[str] | None:
    """``pattern.search(folded)``, skipped when none of the ``needles`` (words every match holds) is in it: a
    substring test costs little beside a search of the whole question."""
    return pattern.search(folded) if any(n in folded for n in needles) else None


def _called(folded: str) -> re.Match[str] | None:
    return _search(_CALLED, folded, "judge")


def signals(folded: str, rel: re.Match[str] | None = None, called: re.Match[str] | None = None, *,
            known: bool = False) -> tuple[str, ...]:
    """The weak signals of a policy question in a folded question, one word each of: the event said or implied, a
    setting word (a phone, the round, sleeves), a judge called, a judge, a duty asked, an error told, a fix asked;
    empty unless one of the first three says where the game is played ("the judge said my Signet …" and an error
    told at home are rules questions).  ``known``: ``rel`` and ``called`` are already searched for."""
    if not known:
        rel, called = _REGULAR.search(folded) or _COMPETITIVE.search(folded), _called(folded)
    setting: dict[str, str] = {}  # each setting word once, by its stem ("my phone during a match … his phones")
    for m in _SETTING.finditer(folded):
        setting.setdefault(stem(m.group(0).split()[-1]), m.group(0))
    found = [*(m.group(0).strip() for m in (rel,) if m), *setting.values(), *(m.group(0).strip() for m in (called,) if m)]
    if not found:
        return ()
    extra = (_DUTY, ERROR, _FIX) if called else (_JUDGE, _DUTY, ERROR, _FIX)  # a call says "judge" once
    found += [m.group(0) for pattern in extra if (m := pattern.search(folded))]
    return tuple(found)


POLICY_KINDS = (ERROR, _DUTY, _FIX, _JUDGE, _TELL, _REMEDY, _SETTING)
"""The kinds of a policy question's words, each counted once by :func:`policy_kinds`: an error told, a duty asked, a fix
asked, a judge, a duty to tell, a remedy's words, a setting word."""


def policy_kinds(folded: str) -> int:
    """How many kinds of :data:`POLICY_KINDS` a folded question says, wherever it is played (no event needed): one
    feature of :mod:`rulesgraph.answer.trelevance`'s fitted routing score, not a route by itself."""
    return sum(1 for pattern in POLICY_KINDS if pattern.search(folded))


def _title_said(question: Question, titled: frozenset[str], in_rules: Callable[[str], bool]) -> str | None:
    """A title of the documents (as :func:`rulesgraph.answer.trelevance.title_words` gives them) every word of which the
    question says, one of them a word the rules never use: "spectators", "electronic devices"."""
    said = {stem(w) for w in question.words}
    for title in titled:
        parts = title.split()
        if all(p in said for p in parts) and any(not in_rules(p) for p in parts):
            return title
    return None


_AT_EVENT = lazy(rf"\b(?:{_COMPETITIVE_SAID}|fnm|friday night magic|pre-?release|regular rel|reg rel|store (?:event|championship)|"
                 r"tournaments?|sanctioned)\b")
"""Where a title inside a question routes it (:func:`_title_named`): at an event or a named level, not a judge's word."""
NAMED_WORDS = 5  # the most words of a title _title_named looks for


def _title_named(question: Question, titled: frozenset[str], rules_named: Callable[[str], bool]) -> str | None:
    """A title of the documents of two words or more said as a run of the question's words (stop words left out, in any
    order: "a tournament shortcut" says Tournament Shortcuts) that is no name of the rules' (``rules_named``): asked at
    an event (:data:`_AT_EVENT`) it is what the question is about.  Without one, titles the rules' words make too ("the
    order of my graveyard", "shuffle the cards", "damage marked on a card") are the rules' questions."""
    said = [stem(w) for w in question.words if w not in STOPWORDS]
    for n in range(2, NAMED_WORDS + 1):
        for i in range(len(said) - n + 1):
            run = set(said[i : i + n])
            key = " ".join(sorted(run))
            if len(run) == n and key in titled and not _rules_name(key, rules_named):
                return key
    return None


def _title_asked(question: Question, titled: frozenset[str], rules_named: Callable[[str], bool]) -> str | None:
    """A title of the documents of two words or more that is all the question asks about ("what is out-of-order
    sequencing?"): its words, but those that only ask or are stop words, are the title's, and no name of the rules'
    (``rules_named``, the same sorted stems, or them as one word) is those words too — "what are triggered abilities?",
    "how does day/night work?", "what does back up do?" ask the rules' Triggered Ability, Day and Night and Backup, not
    MTR 4.5, MTR 4.9 and IPG 1.4."""
    said = {stem(w) for w in question.words if w not in STOPWORDS and w not in ASKING}
    key = " ".join(sorted(said))
    return key if len(said) >= 2 and key in titled and not _rules_name(key, rules_named) else None


def _rules_name(key: str, rules_named: Callable[[str], bool]) -> bool:
    """A title's sorted stems ``key`` are a name of the rules' too, or one said as one word ("back up" is Backup)."""
    return rules_named(key) or rules_named(key.replace(" ", ""))


def policy_cue(question: str | Question, named: dict[str, str] | None = None, game_terms: Callable[..., int] = lambda *_: 0,
               jargon: frozenset[str] = frozenset(), in_rules: Callable[[str], bool] = lambda term: False,
               titled: frozenset[str] = frozenset(), relevant: Callable[[], str | None] = lambda: None,
               cards: Callable[[], frozenset[str]] = frozenset, rules_named: Callable[[str], bool] = lambda key: False) -> str | None:
    """Words that make a question one of tournament policy where the rules scope does not already say so: an
    infraction's name or abbreviation, or tournament-only words; a Rules Enforcement Level said or implied ("at
    FNM") with a fix asked, "judge" with a remedy's words, a named level with a duty; else the weak
    :func:`signals`, counted against the game terms the question names (``game_terms``, called only then, given the
    signals' own stems not to count: "during my match" sets the scene, though "match" is a glossary term) and a name
    said as card names are written (capitalised words, :attr:`~rulesgraph.question.read.Question.names`): "at
    FNM my opponent cast Wrath …, does it …" asks the rules.  ``jargon``: the documents' title words rare in English
    (:func:`rulesgraph.answer.trelevance.jargon`); one counts when ``in_rules`` says the rules do not use it.  ``titled``: the
    documents' titles (:func:`rulesgraph.answer.trelevance.title_words`); one said whole, with a word the rules never use
    ("spectator"), counts beside a judge or an event said, and one of two words or more that is all the question asks
    routes wherever it is asked, unless ``rules_named`` (asked then) says the rules have a name of those words too (a
    keyword, a glossary entry or a title); one said as a run of a longer question's words routes it when an event or a
    level is said as one (:func:`_title_named`).  ``relevant``, asked when no cue was found: why the
    question's words are the documents' rather than the rules' (:mod:`rulesgraph.answer.trelevance`), or ``None``.
    ``cards``, asked only when a tournament word is said: the words of the cards the question names, with card data
    installed ("I played spectator seating while …" names the card Spectator Seating, no spectator).
    Last, an error told and its fix asked ("I accidentally drew an extra card, what happens now?") route where the
    question names no card and at most one game term: no card's or rule's working is in question, only the remedy."""
    q = Question.of(question)
    folded = q.folded
    if named and (found := named_in(q, named)):
        return found[0][0]
    if m := _JAR_PART.search(q.text if len(q.words) > 5 else q.text.upper()):  # "JAR 5", short "jar 5" (MTR, IPG: the scope's)
        return m.group(0)
    if (docs := documents_named(q)) and (docs - {"mtr"} or re.search(r"\bmtr\b", folded)) and len(set(q.words) - docs - _BARE) > 1:
        return f"{'/'.join(sorted(docs)).upper()} named"  # "jar drew extra card"; not "per the JAR?" (a follow-up), "2HG tournament rules"
    if titled and (title := _title_asked(q, titled, rules_named)):
        return title
    if titled and _AT_EVENT.search(folded) and (title := _title_named(q, titled, rules_named)):
        return title  # "at a competitive event he cast a spell before I could respond — out of order sequencing?"
    for m in _TOURNAMENT.finditer(folded):
        said = words(m.group(0))
        if not (said and (set(said) <= q.names or set(said) <= cards())):  # "casts Bribery on player C": a card, not a cue
            return m.group(0)
    if jargon and (rare := next((t for w in q.words if (t := stem(w)) in jargon and not in_rules(t)), None)):
        return rare  # the documents' own rare words ("tiebreakers", "scorekeeper"), which the rules never use
    rel = _REGULAR.search(folded) or _COMPETITIVE.search(folded)
    if rel and _FIX.search(folded):
        return rel.group(0)
    if (judge := _search(_JUDGE, folded, "judge", "hj")) and _REMEDY.search(folded):
        return judge.group(0)
    called = _called(folded)
    if called and ERROR.search(folded):  # "judge, he drew an extra card"
        return called.group(0).strip()
    if (said := _search(LEVEL_SAID, folded, "rel", "comp", "professional", "rules enforcement")) and \
            (_DUTY.search(folded) or ERROR.search(folded)):
        return said.group(0)  # "at competitive, does he have to …", "comp rel: he forgot to reveal …"
    if m := _search(_TELL, folded, "tell", "inform", "point out", "remind", "warn", "info"):
        return m.group(0)
    if named and (found := misspelt_in(q, named)):
        return found[0][0]  # "is this outside assitance?": a name of two words or more, misspelt (~0.05 ms a question)
    if titled and (rel or said or "judge" in folded) and (own := _title_said(q, titled, in_rules)):
        return own  # "you, the judge, see a spectator tell them …": a title only the documents use, at an event
    if (weak := signals(folded, rel, called, known=True)) and \
            game_terms(frozenset(stem(w) for s in weak for w in words(s))) + bool(q.names) <= len(weak):
        return weak[0]
    if (scored := relevant()) is not None:  # no cue: the question's words, the documents' rather than the rules', may say it
        return scored
    if (error := ERROR.search(folded)) and _FIX.search(folded) and not q.names and game_terms() <= 1:
        return error.group(0)  # "I accidentally drew an extra card, what happens now?": a slip told, its fix asked, no card's rules
    return None


def rel_of(question: str) -> str | None:
    """``regular`` or ``competitive`` when the question says or implies one Rules Enforcement Level; ``None`` when it
    says none, or both ("I took this call at a Regular REL event: what would the fix be at Competitive?" asks about
    the other one, "at FNM it's a caution, what about a PTQ?" about either): neither document is then preferred."""
    regular, competitive = _levels(question)
    if regular and competitive:
        return None
    return "regular" if regular else "competitive" if competitive else None


def says_level(question: str) -> bool:
    """Whether the question says a Rules Enforcement Level, one or both (:func:`rel_of` is ``None`` for both)."""
    return any(_levels(question))


def _levels(question: str) -> tuple[bool, bool]:  # (says Regular REL, says Competitive or Professional)
    return bool(_REGULAR.search(folded := fold(question))), bool(_COMPETITIVE.search(folded))


_DOCUMENTS = {"mtr": lazy(r"\bmtr\b|\btournament rules\b"), "ipg": lazy(r"\bipg\b|\binfraction procedure guide\b"),
              "jar": lazy(r"^\W*jar\b(?! of)|\b(?:the|per|in|says|said) jar\b(?! of)|\bjudging at regular\b")}
_JAR, _JAR_PART = lazy(r"\bJAR\b"), lazy(r"\bJAR\s+\d{1,2}\b")
"""The JAR in capitals names it anywhere (and "JAR 5" a part), in lower case as a document is spoken of ("the jar says") or
first, as its lookup is typed ("jar missed trigger"): a jar is also a thing ("tokens in a jar"), a card's word ("Jar of …")."""


def documents_named(question: str | Question) -> frozenset[str]:
    """The tournament documents the question names ("the JAR says …", "per the MTR", "the Infraction Procedure Guide"),
    by kind (``mtr``, ``ipg``, ``jar``): where it asks the answer to be read."""
    read = Question.of(question)  # its folded text, as read once
    named = {kind for kind, said in _DOCUMENTS.items() if said.search(read.folded)}
    return frozenset(named | ({"jar"} if _JAR.search(read.text) else set()))


_LEVEL = lazy(rf"(?:\b(?:at|in|on|for)\s+(?:(?:a|an|the|my|our)\s+)?)?\b(?:{_REGULAR_SAID}|{_COMPETITIVE_SAID})"
              r"(?:\s+(?:rel|level|events?))?\b")
"""A Rules Enforcement Level said or implied, with the preposition and article before it ("at a PPTQ", "at FNM")."""
_ASKING = frozenset("what about how and but or so ok okay then though instead same question thing situation case if it its is was were "
                    "this that there the a an at in on for event events tournament rel level game games magic play played".split())
"""Words of a follow-up that asks the last question again ("what about at FNM?", "and at competitive REL?", "same thing at FNM")."""
_DEFINING = lazy(r"\s*(?:what(?:'s| is| are| does)|define|meaning of|explain)\b")
"""How a question asking what a level is begins ("what is FNM?"): it asks nothing again."""


_PENALTIES = r"remed(?:y|ies)|penalt(?:y|ies)|infractions?|warnings?|(?:game|match) loss\w*|disqualif\w*|dq"
"""A judge's remedies but the fix, as :data:`_JUDGES` and :data:`_REMEDY_ASKED` name them."""
_JUDGES = lazy(rf"\b(?:fix(?:es)?|{_PENALTIES})\b")
"""A judge's remedies named: what only a question to a judge asks of a situation told."""


def asks_judge(text: str) -> bool:
    """Whether ``text`` names a judge's remedy (:data:`_JUDGES`: "whats the fix, can I take back my attack?"): after a policy
    answer, a follow-up of the documents whatever game it tells; not "what happens?", "back up" (a keyword) or a level."""
    return bool(_JUDGES.search(fold(text)))


_REMEDY_ASKED = lazy(rf"\b(?:(?:the|a|any|whats|what'?s) fix(?:es)?\b|fix\s*\?|(?:{_PENALTIES})\b)")
"""A remedy asked as a judge's: the fix as a noun ("whats the fix?", "fix?"), a penalty, an infraction, a warning, a loss."""
PERSONS = frozenset("other guy opponent opponents opp player players both".split())
"""Who a bare remedy follow-up may ask about beside the remedy ("and does the other guy get a penalty too")."""


def asks_remedy(text: str) -> bool:
    """Whether ``text`` asks a judge's remedy (:data:`_REMEDY_ASKED`), not "fix" as a card's verb ("does Misdirection fix that?",
    "does it fix my mana?"): what a follow-up to the rules' answer to an error told must ask to be heard after it."""
    return bool(_REMEDY_ASKED.search(fold(text)))


def level_only(text: str) -> bool:
    """Whether ``text`` says a Rules Enforcement Level and nothing else but asking words: a follow-up asking the last
    policy question again at that level ("what about at FNM?", "and at a PPTQ?")."""
    folded = fold(text)
    if rel_of(text) is None or _DEFINING.match(folded):  # "what is competitive REL?" asks what the level is
        return False
    return all(w in _ASKING for w in words(_LEVEL.sub(" ", folded)))


def at_level(previous: str, text: str) -> str:
    """The last policy question asked again at the level ``text`` says: that level, then ``previous`` without the level
    it said ("what's the penalty for drawing extra cards at competitive REL?", "what about at FNM?" → "at fnm: what's the
    penalty for drawing extra cards?"): the question as it was, its sentences as many (a sentence more would read its
    first as a scene told, not asked about), at the new level; folded (lower case).  When ``text`` says no level (""),
    ``previous`` without its level alone."""
    stripped = " ".join(re.sub(r"\s+([?.!,:])", r"\1", _LEVEL.sub(" ", fold(previous))).split()).lstrip(": ")
    level = _LEVEL.search(fold(text))
    return f"{level.group(0).strip()}: {stripped}" if level and stripped else stripped or text.strip()
