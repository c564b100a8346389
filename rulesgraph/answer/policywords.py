"""How players say what the tournament documents speak of, read as the documents' words: judges' names for infractions
(:data:`SAID`) and the IPG's former ones (:data:`FORMER`), English irregular forms and synonyms (:data:`IRREGULAR`),
phrases (:data:`SAYINGS`) and short forms (:data:`SHORT`); the words that ask about the documents' changes
(:data:`CHANGES`), name a Rules Enforcement Level (:data:`LEVEL_NAMED`) or only make a sentence a question
(:data:`FRAME`); British spellings in the documents' American (:func:`american`); a passage's initials
(:func:`abbreviations`) and a part of an infraction asked for by name (:func:`part_asked`); and :func:`terms`, a text's
search terms with all of them applied.  Enters: a question's text or its words; leaves: stems.  Used by
:mod:`rulesgraph.answer.policy` (the ranking) and the routing's word counts."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..common.lazyre import lazy
from ..common.text import STOPWORDS, fold, stem, words
from ..question.policyroute import LEVEL_SAID
from ..question.read import ASKING, Question

if TYPE_CHECKING:
    from ..parse.tdoc import TSection

__all__ = ["CAPITALS", "CHANGES", "DOC_WORDS", "FORMER", "FRAME", "HYPHENED", "IRREGULAR", "LEVEL_NAMED", "OTHER_SENSE", "RARE_ENGLISH",
           "SAID", "SAYINGS", "SHORT", "SLIP", "abbreviations", "american", "asked_terms", "names_item", "part_asked", "said_terms",
           "slips", "telling_scores", "terms"]

SAID = {
    "dlp": "Decklist Problem", "ddlp": "Decklist Problem", "d/dlp": "Decklist Problem", "usc": "Unsporting Conduct",
    "usm": "Unsporting Conduct — Minor", "usc minor": "Unsporting Conduct — Minor", "usc major": "Unsporting Conduct — Major",
    "uscm": "Unsporting Conduct — Minor", "tardy": "Tardiness",
    "minutes late": "Tardiness", "show up late": "Tardiness",
    "forget trigger": "Missed Trigger", "forgot trigger": "Missed Trigger", "forgotten trigger": "Missed Trigger",
}
"""Judges' names for infractions that are not the initials of the IPG's names (those are derived: GRV, LEC, FtMGS …),
and players' for the one they meet most: a forgotten trigger is a Missed Trigger ("what happens if a player forgets a
trigger?" was answered from rule 603; the rules never say "forget"), a player late to the round ("arrives 5 minutes late", "showed up late")
Tardiness ("late" alone is the rules' word too: "is it too late to respond?", "my creature arrives late to the combat").
Each routes a question as the name does, and its words are the section's own in the ranking (a phrase's every word: "a
coin flipped to decide the match" as Improperly Determining a Winner's made "flip a coin to decide who goes first" that
infraction's, not MTR 2.2's; "late to the round" made "how many rounds are in a match?" cite Tardiness)."""
FORMER = {"drawing extra cards": "Hidden Card Error", "dec": "Hidden Card Error",
          "improper drawing at start of game": "Mulligan Procedure Error"}
"""The IPG's former names for today's infractions, which players still say for the situation ("he drew an extra card"):
Drawing Extra Cards (DEC) became Hidden Card Error in 2015, Improper Drawing at Start of Game became Mulligan Procedure
Error.  They lead the ranking as a name does, but send no question to the documents (they are no part of
:func:`names`, the router's list): "draw an extra card" is the rules' words too (Howling Mine)."""
CAPITALS = frozenset({"dec"})
"""Former names said only in capitals: "is that a DEC", not "the event is on dec 14"."""
IRREGULAR = {
    "drew": "draw", "drawn": "draw", "saw": "see", "seen": "see", "took": "take", "taken": "take", "forgot": "forget",
    "forgotten": "forget", "threw": "throw", "thrown": "throw", "gave": "give", "given": "give", "told": "tell",
    "said": "say", "shown": "show", "wrote": "write", "written": "write", "ripped": "tear", "tore": "tear", "torn": "tear",
    "kept": "keep", "lost": "lose", "won": "win", "paid": "pay", "bought": "buy", "sold": "sell", "found": "find",
    "left": "leave", "put": "put", "hit": "hit", "stole": "steal", "stolen": "steal", "peeked": "see", "peek": "see",
    "bet": "wager", "betting": "wager", "late": "tardi", "rewind": "back", "undo": "back",
    # players' words for the documents' own: tearing a card is aggressive behaviour
    "rip": "tear", "rips": "tear", "ripping": "tear", "anger": "aggressive",
    "angry": "aggressive", "angrily": "aggressive", "furious": "aggressive", "rage": "aggressive", "deliberately": "intentionally",
    "purposely": "intentionally", "help": "assist", "helps": "assist", "helped": "assist", "helping": "assist",
}
"""English irregular forms (and plain synonyms of the documents' own words) the stemmer cannot join."""
SAYINGS = {"on purpose": "intentionally knowingly", "hand out": "issue", "hands out": "issue", "handed out": "issue",
           "handing out": "issue", "give out": "issue", "too few": "insufficient", "not enough": "insufficient",
           "phone": "phone electronic device", "phones": "phones electronic devices", "taking forever": "slow play",
           "takes forever": "slow play", "take forever": "slow play", "took forever": "slow play",
           **{f"{take} too long": "slow play" for take in ("taking", "takes", "take", "took", "is taking", "was taking")},
           **dict.fromkeys(("headphones", "headphone", "earbuds", "earbud", "earphones", "smartwatch", "smartwatches",
                            "smart watch", "laptop", "laptops", "tablet", "tablets", "ipad"), "electronic devices"),
           "slow play": "slow play unreasonable time", "slow playing": "slow playing unreasonable time",
           "deck list": "decklist", "deck lists": "decklists", "deck sheet": "decklist", "deck sheets": "decklists",
           "registration sheet": "decklist", "registration sheets": "decklists",
           "mana weaving": "shuffling", "manaweaving": "shuffling", "mana weave": "shuffle", "manaweave": "shuffle",
           "mana weaved": "shuffled", "manaweaved": "shuffled",
           **dict.fromkeys(("alters", "altered card", "altered cards", "altered art", "alt art", "alt arts", "card alters",
                            "artist alters", "artist proof", "artist proofs"), "artistic modifications"),
           **dict.fromkeys(("miscut", "miscuts", "misprint", "misprints"), "misprinted"),
           **{f"{say} {go}": "shortcut go your turn" for say in ("says", "said", "say", "saying")
              for go in ("go", "your turn")},
           **{f"{who} {watching}": f"{who} spectator" for who in ("friend", "friends", "someone", "somebody", "people", "person",
                                                               "guy", "buddy", "player", "players")
              for watching in ("watching", "was watching", "who was watching")},
           **{f"{lie} to {a} {judge}": "lies to a tournament official" for lie in ("lie", "lies", "lied", "lying")
              for a in ("a", "the") for judge in ("judge", "head judge", "floor judge")},
           **{f"{watch} {whose} {match}": f"spectator {match}" for watch in ("watch", "watches", "watched", "watching")
              for whose in ("my", "our", "his", "her", "their", "the", "a", "this", "that") for match in ("match", "matches")},
           "scoop": "concede", "scoops": "concedes", "scooped": "conceded", "scooping": "conceding",
           "unsleeved": "without sleeves",
           **dict.fromkeys(("happens again", "happened again", "does it again", "did it again", "do it again", "second time",
                            "third time", "repeat offense", "repeat offence", "repeat offenses", "repeat offences",
                            "keeps doing it", "keeps happening"), "again subsequent upgraded"),
           **dict.fromkeys(("observer", "onlooker", "bystander", "railbird"), "spectator"),
           **dict.fromkeys(("observers", "onlookers", "bystanders", "railbirds"), "spectators")}
"""Players' phrases for the documents' words, read as those words ("on purpose" → intentionally).  Players call the
decklist a "deck list", "deck sheet" or "registration sheet"; "slow play" (the IPG's and MTR's name) is what Judging
at Regular REL calls "taking unreasonable amounts of time"; "mana weaving" (sorting lands between spells) is a way to
arrange a deck that shuffling must undo.  Someone watching a game (a friend watching, an observer, an onlooker, a
bystander, a railbird, whoever watches a match) is what the MTR calls a spectator; to scoop is to concede; unsleeved
cards are without sleeves; an error that "happens again", a "second time" or a "repeat offense" is the IPG's
subsequent one, which its category's opening says is upgraded.  A card's alter (an altered card, alt art) is its
"artistic modification", a miscut or misprint a "misprinted" card; headphones, earbuds, a smartwatch or a laptop an
electronic device (as a phone is), and "taking too long" slow play; lying to a judge is what Cheating's definition calls
lying to a Tournament Official.  A player who "said go" (or "your turn") used one of the Tournament Shortcuts, whose
passage says what the phrase means."""
_SAYINGS = lazy(r"\b(?:" + "|".join(re.escape(k) for k in sorted(SAYINGS, key=len, reverse=True)) + r")\b")
SHORT = {"hj": "head judge", "opp": "opponent", "opps": "opponents", "dq": "disqualification", "dqed": "disqualified",
         "sb": "sideboard", "id": "intentional draw", "rel": "rules enforcement level",
         **dict.fromkeys(("fnm", "comp", "competitive", "regular", "casual", "prerelease", "ptq", "rcq", "rptq", "gp", "professional"), "")}
"""Players' short forms of the documents' words, read as those words; the words of a Rules Enforcement Level are no
search words (the level picks the document instead: "at FNM" is not about the MTR's list of FNM's rules)."""
_PLAYER = r"(?<!\bi )(?<!\bhe )(?<!\bshe )(?<!\bwe )(?<!\bthey )(?<!\byou )(?<!\bopponent )"
CHANGES = lazy(rf"\b(?:{_PLAYER}(?:changed|changes(?! (?:his|her|their|my|your|our) minds?\b)|updated?|updates)\b"
                r"(?! (?:my|his|her|their|your|our|the life)\b)|"
                r"(?:rules?|policy|ipg|mtr|jar) (?:change|update)|did (?:they|wotc|wizards|the (?:rules?|policy|ipg|mtr|jar)) change|"
                r"used to be|anymore|no longer|"
                r"(?:what'?s|whats|anything) new|new (?:rules?|version|policy|ipg|mtr|jar|update)|since when|"
                r"(?:previous|old|older|last) (?:version|rules?|ipg|mtr|jar)|"
                r"differen\w* (?:from|than) (?:before|the old|it was|how it was))\b")
"""A question about the documents' changes, which a list of changes answers: "what changed", "was there a rule change",
"the new IPG", "used to be", "no longer" — not a player changing or updating something ("I changed a card on my
decklist", "can I update my decklist", "we updated the life totals", "he changes his mind"), "a new player", "a new
card", "a different fix"."""
LEVEL_NAMED = lazy(r"\b(?:(?:at|in) (?:comp|competitive|professional) (?:rel|rules enforcement level)|"
                    r"(?<!what )(?<!which )(?:rel|rules enforcement level) (?:is |was |of |at )?(?:the )?"
                    r"(?:comp|competitive|competition|regular|reg|professional|casual)(?: rel)?)\b")
"""The word REL beside the level it names ("at comp rel", "the REL is regular"): like :data:`LEVEL_SAID`, it picks a
document and is no topic word (else every such question leans to MTR 1.12 Rules Enforcement Levels by its title)."""
FRAME = frozenset(stem(w) for w in ASKING - {"tell", "help"})
"""The words that only make a sentence a question ("what happens", "actually"), searched for by no policy question;
"tell" and "help" stay: a duty to tell and outside assistance are the documents' own subjects."""


def terms(text: str) -> list[str]:
    """The documents' search terms of a text: its folded words, players' phrases and short forms read as the documents'
    words, stop words out, irregular forms regularised, stemmed."""
    return _stemmed(words(_SAYINGS.sub(lambda m: SAYINGS[m.group(0)], fold(text))))


def _stemmed(said: list[str]) -> list[str]:
    out = []
    for w in said:
        for part in SHORT.get(w, w).split():
            if part not in STOPWORDS:
                out.append(stem(IRREGULAR.get(part, part)))
    return out


OTHER_SENSE = frozenset({"dies", "died", "dying"})
"""Forms a question says only in the rules' sense of a word the documents use in another: a creature dies, died, is
dying (rule 700.4); the documents' "die" is the one rolled (MTR 3.9 Die Rolling).  Searching the documents, they are
no word of theirs ("at FNM my opponent's creature died and he forgot the trigger" cited Die Rolling); the routing's
counts still read them (a word of the rules')."""


_AMERICAN = ((r"(\w{3})is(e|es|ed|ing|ation|ations|er|ers)$", r"\1iz\2"), (r"ys(e|es|ed|ing)$", r"yz\1"),
             (r"(av|vi|ol|on|ab|um|ig)our(s|ed|ing|able)?$", r"\1or\2"), (r"dgement(s)?$", r"dgment\1"),
             (r"([fc])ence(s)?$", r"\1ense\2"), (r"([^aeiou][ae])ll(ed|ing)$", r"\1l\2"))
"""How a British spelling is spelt in American English, the documents' (randomise → randomize, organiser → organizer,
behaviour → behavior, judgement → judgment, offence → offense, cancelled → canceled; not rise or wise: three letters
at least before the -ise)."""


_BRITISH_END = lazy(r"(?:is(?:e|es|ed|ing|ation|ations|er|ers)|ys(?:e|es|ed|ing)|our(?:s|ed|ing|able)?|dgements?|ences?|"
                    r"ll(?:ed|ing))$")
"""The endings :data:`_AMERICAN` respells: a word with none of them is spelt alike (one search, not six)."""


def american(word: str) -> str | None:
    """The American spelling of a British word (:data:`_AMERICAN`), or ``None`` when it is spelt alike."""
    if not _BRITISH_END.search(word):
        return None
    for pattern, spelt in _AMERICAN:
        if (other := re.sub(pattern, spelt, word)) != word:
            return other
    return None


_SMALL = frozenset({"a", "an", "and", "at", "of", "to", "the", "or", "in", "on", "for"})
"""Words an infraction's initials leave out ("Failure to Maintain Game State": ``fmgs``; ``ftmgs`` said too)."""


HYPHENED = 4
"""Least letters of the initials of a passage's title with a hyphenated word (``Out-of-Order Sequencing`` → ``ooos``)."""


def abbreviations(section: TSection) -> set[str]:
    """An infraction's initials as judges say them: ``Game Rule Violation`` → ``grv``, ``Failure to Maintain Game
    State`` → ``fmgs`` and ``ftmgs``; one letter, or an English word, is no abbreviation.  Another passage's title has
    initials only with a hyphenated word, each part a letter, :data:`HYPHENED` or more (``OoOS`` for MTR 4.3)."""
    if not section.name:
        said = "".join(w[0] for w in words(section.title.replace("-", " "))) if "-" in section.title else ""
        return {said} if len(said) >= HYPHENED else set()
    parts = words(section.name.split("—")[-1])
    big = "".join(w[0] for w in parts if w not in _SMALL)
    all_ = "".join(w[0] for w in parts)
    return {a for a in (big, all_) if len(a) >= 2 and a not in STOPWORDS}


_PART = lazy(r"^\W*(?P<name>[\w\s.-]{1,40}?)(?:['’]s)?\W*\s+(?P<part>definition|examples?|philosophy|(?:additional\s+)?remedy|"
             r"upgrades?|downgrades?)\W*$")
"""A passage named and then one of an infraction's parts, all a question says ("ipg 2.1 remedy", "grv philosophy", "ipg
2.1's remedy")."""


def part_asked(question: str, parts: Container[str], names: Container[str]) -> str | None:
    """The part of an infraction (of ``parts``, its titles: ``Additional Remedy``) a lookup-shaped question asks for whole,
    after one of the infraction's ``names`` (its id and name folded, its abbreviations: ``ipg 2.1``, ``missed trigger``,
    ``mt``); not "missed trigger penalty and remedy", nor "my opponent forgot his trigger whats the remedy"."""
    m = _PART.match(fold(question))
    if m is None or " ".join(m.group("name").replace(":", " ").split()) not in names:
        return None
    said = m.group("part").split()[-1].rstrip("s").title()
    return next((t for t in (said, f"Additional {said}", f"{said}s") if t in parts), None)


SLIP = 0.8
"""Least similarity (OSA: a transposition is one edit) for a word the documents never use to be read as one of theirs
with the same first letter: "cheeting" → cheating, "bribary" → bribery, "tardyness" → tardiness (not "slowplay" →
slowly, 0.75)."""


def slips(said: Iterable[str], theirs: Container[str], vocabulary: Mapping[str, Sequence[str]],
          known: Callable[[str], bool]) -> dict[str, str]:
    """The stems of the words said that the documents never use (``theirs``: their stems) and that are no English or
    rules word (``known``), each → the stem of the documents' word it is a slip of (:data:`SLIP`; ``vocabulary``:
    their words by first letter)."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    out = {}
    for w in said:
        if len(w) < 5 or not w.isalpha() or (t := stem(w)) in theirs or known(w):
            continue
        best = process.extractOne(w, vocabulary.get(w[0], ()), scorer=OSA.normalized_similarity, score_cutoff=SLIP)
        if best is not None and (fixed := stem(best[0])) in theirs and not _english(w):
            out[t] = fixed
    return out


RARE_ENGLISH = 1.0
"""A word this common in English (wordfreq's Zipf scale; ``known``'s list stops at 3) is meant, not a slip: "wavering"
(2.8) is not "wagering", "hesitating" (2.7) no word of theirs; slips score 0 ("cheeting", "bribary")."""


def _english(word: str) -> bool:
    from wordfreq import zipf_frequency  # only for a word that would be read as a slip: ~70 ms to import, once

    return zipf_frequency(word, "en") >= RARE_ENGLISH


def said_terms(question: str | Question, *, levels: bool = True, searched: bool = False) -> list[str]:
    """:func:`terms` of a question, from the words it was read into once (:class:`~rulesgraph.question.read.Question`):
    players' phrases (:data:`SAYINGS`) matched on the line of its words, not its text split again; without ``levels``,
    a Rules Enforcement Level named as one (:data:`~rulesgraph.question.policyroute.LEVEL_SAID`) is no term; ``searched``:
    the terms the documents are searched for, without the words said in another sense than theirs (:data:`OTHER_SENSE`)."""
    said = Question.of(question).words
    line = " ".join(w for w in said if w not in OTHER_SENSE) if searched else " ".join(said)
    if not levels:
        line = LEVEL_SAID.sub(" ", LEVEL_NAMED.sub(" ", line))
    return _stemmed(_SAYINGS.sub(lambda m: SAYINGS[m.group(0)], line).split())


DOC_WORDS = frozenset({"mtr", "ipg", "jar"})
"""The documents' short names, said to name a passage, never a word of one."""


def asked_terms(question: str | Question) -> set[str]:
    """A question's words that may tell one paragraph of a passage from another (:func:`said_terms`): not the documents'
    names nor numbers ("mtr 4.3" holds "3", as does the list item "3. While resolving Restore Balance …")."""
    return {t for t in said_terms(question) if not t.isdigit() and t not in DOC_WORDS}


def telling_scores(said: list[set[str]], asked: set[str]) -> list[float]:
    """How much each paragraph (its terms, ``said``) tells of the question (its terms, ``asked``): the question's terms it
    holds, each by log(paragraphs / paragraphs holding it), so a term most of them say counts for little."""
    df = {t: sum(t in terms for terms in said) for t in asked}
    weight = {t: math.log(len(said) / n) for t, n in df.items() if n}
    return [sum(weight.get(t, 0.0) for t in terms & asked) for terms in said]


def names_item(item: str, asked: set[str]) -> bool:
    """Whether the question (its terms, ``asked``) names a list item: every word of it, or of its short name, the part
    before a comma ("Oko" of "Oko, Thief of Crowns"), as players say a card's name."""
    return any((said := set(terms(part))) and said <= asked for part in {item, item.split(",", 1)[0]})
