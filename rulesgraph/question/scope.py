"""Is a question one the Comprehensive Rules answer at all?  Recognise those they don't cover.

The Comprehensive Rules say how a game of Magic is played.  They do not cover tournament policy
(banned and restricted lists, format legality, penalties and infractions, Rules Enforcement Levels,
deck registration, tournament procedure: the Magic Tournament Rules and the Infraction Procedure
Guide do), card prices, deck-building or play advice, tournament results and release news, what changed between their own
versions (the diff's), or other games.  A question about one of those
should get one honest line saying so, not a rules-shaped answer ("is Sol Ring banned in Modern" is
not about "the Ring tempts you").

Recognition is by cues: words and phrases that only such questions use ("banned", "infraction",
"competitive REL", "legal in Modern", "price", "$20", "should I run", "tier list", "Pokémon").  Words
the rules also use ("legal", "cost", "sideboard", "shortcut", "tournament", "judge", "concede") are
never cues on their own, and "no penalty" / "without penalty" is English for "freely" ("can he keep them home with
no penalty?"), not an infraction's.  A cue inside what looks like a card name (``Price of Progress``,
``Bribery`` mid-sentence) is a name, not a cue, and a question naming a rule number is about the
rules.  Some cues only say where the game is played ("at competitive REL", "time was called"): beside a
described game situation (two or more keywords or glossary terms: cast, counter, exile …) they set the scene
of a rules question.  Pure and cheap: a few regular expressions over the folded question.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from typing import NamedTuple

from ..build.index import Index
from ..common.lazyre import lazy
from ..common.text import stem, words
from .read import Question

__all__ = ["TOPICS", "OutOfScope", "out_of_scope"]

_FORMATS = (r"(?:standard|pioneer|modern|legacy|vintage|pauper|commander|edh|cedh|historic|explorer|alchemy|brawl|"
            r"timeless|premodern|oathbreaker|penny dreadful|old ?school)")
"""Constructed formats, whose card pools tournament policy sets (Limited's deck rules are in the CR: 100.2b)."""
_MAIN = r"(?!\.? (?:the |their |his |her |my |your )?(?:main ?deck|maindeck|library)\b)"
"""After "sideboard vs" / "against": not the main deck (the sideboard set against it is the MTR's 3.16, no matchup; "board
against your deck" still is one)."""


class Topic(NamedTuple):
    """One kind of question the Comprehensive Rules don't cover: its name, the line that answers it, its cues."""

    name: str
    answer: str
    cues: tuple[str, ...]
    """Regular expressions over the folded question (lower case, ASCII quotes), matched as whole words."""
    settings: tuple[str, ...] = ()
    """Cues that may only set the scene of a rules question ("… I didn't want to argue at competitive REL"): they
    count only when the question names fewer than :data:`SITUATION` game terms."""
    names: bool = False
    """Its cues are names of other things (other games), never part of a Magic card's name: said capitalised ("In Pokemon
    TCG, …") they are still cues, where another topic's capitalised cue may be a card ("Price of Progress")."""


TOPICS = (
    Topic(
        "tournament policy",
        "The Comprehensive Rules don't cover this: for tournament policy (bans, penalties, REL), the Magic Tournament Rules "
        "and the Infraction Procedure Guide do.",
        (
            # card pools: "banned", "B&R", "legal in Modern" (but "legal in Commander to have two partners" asks the rules)
            r"(?:un)?bann?(?:ed|ing|s)?", r"ban ?list", r"b ?& ?r",
            rf"(?:legal|illegal|allowed|playable|banned|restricted|rotat\w*) (?:in|for|from|out of) (?:the )?{_FORMATS}"
            r"(?: format| tournaments?| events?)?(?! (?:to|if|when|with)\b)",
            rf"{_FORMATS} (?:legality|ban|bans|banlist|banned|rotation)", r"format legality", r"restricted list",
            r"rotat(?:e|es|ed|ing|ion) out", r"(?:standard|format) rotation",
            # penalties and infractions
            r"(?<!\bno )(?<!without )(?<!without a )(?<!without any )penalt(?:y|ies)",
            r"infractions?", r"game loss", r"match loss", r"(?:get|got|give|gave|given|receive\w*|issue\w*) a warning",
            r"disqualif\w*", r"dq(?:ed|'d|d)?", r"outside assistance", r"slow play\w*", r"stalling", r"cheat(?:s|ed|ing|er)?",
            r"marked (?:cards?|sleeves?)",
            r"(?:cards?|sleeves?) (?:are|is|were|look|looks|get|got) marked", r"communication policy",
            r"(?:derived|free|private) information",
            # registration and procedure
            r"deck registration", r"(?:register|registered|registering|submit\w*) (?:my |a |the |our )?(?:deck ?list|deck)",
            r"(?:deck ?list|deck list) (?:error|mistake|problem|wrong|penalty|counts?)", r"deck ?checks?",
            r"(?:tournament|floor) rules",
            r"mtr", r"ipg", r"infraction procedure", r"intentional(?:ly)? draw\w*", r"prize (?:split|splitting|wall|payout)",
            r"split(?:ting)? (?:the )?prizes?", r"bribe\w*|bribery", r"wager\w*", r"proxy|proxies", r"appeal(?:ed)? (?:to|a ruling)",
            # an incentive for a match's result (bribery, MTR 5.2): a player offered, paid or promised something if one
            # concedes; anything given to let one win; a thing of value given for a concession; a concession for prizes.
            # Not a cost paid to concede ("pay 2 life to concede"), nor a card given in the game ("give my opponent a
            # creature with Donate and he concedes", "give him Illusions of Grandeur so he has to concede")
            r"(?:offer\w*|pay|pays|paid|paying|promis\w*) (?:\w+ ){0,2}?(?:me|him|her|them|you|us|(?:my|his|her|their|the|your) "
            r"opponents?)(?: [$£€]?\w[\w,.]*[$£€]?){0,6}? (?:if|to|for|so) (?:\w+ ){0,2}?"
            r"(?:concedes?|conceded|conceding|scoops?|scooped|scooping)",
            r"(?:offer\w*|pay|pays|paid|paying|give|gives|gave|giving|promis\w*)(?: \w+){0,8}? (?:if|to|for|so) (?:\w+ ){0,2}?"
            r"(?:let|lets|letting) (?:me|him|her|them|you|us) win",
            r"(?:give|gives|gave|giving) (?:\w+ ){0,3}?"
            r"(?:prizes?|money|cash|dollars|bucks|[$£€]\d[\d,.]*|\d[\d,.]*[$£€]|packs?|boosters?|a cut|a share)"
            r"(?: \w+){0,4}? (?:if|to|for|so) (?:\w+ ){0,2}?(?:concedes?|conceded|conceding|scoops?|scooped|scooping)",
            r"(?:concedes?|conceded|conceding|scoops?|scooped|scooping)(?: \w+){0,6}? (?:in exchange for|for) (?:\w+ ){0,3}?"
            r"(?:prizes?|packs?|boosters?|money|cash|dollars|bucks|a cut|a share)",
        ),
        (
            r"rel", r"rules enforcement levels?", r"end of (?:the )?round", r"time (?:is |was |gets |got )?called", r"round timer",
            r"head judge", r"dci",
        ),
    ),
    Topic(
        "deck advice",
        "The Comprehensive Rules don't cover this: they say how the game works, not what to play or build.",
        (
            # "when should I play Plagiarize …" asks when it may be cast: timing, the rules' ("when should I mulligan" is advice)
            r"(?<!when )(?<!what point )should i play",
            r"should i (?:run|include|cut|add|build|keep (?:my|this|the|a) hand|mull\w*|side ?(?:in|out|board\w*)|board (?:in|out)|"
            r"pick|draft|splash|go with)",
            r"(?:good|best|better|strongest|viable|playable|decent) (?:decks?|commanders?|builds?|archetypes?|sideboard cards?|"
            r"land count|mana base|colou?rs?|strateg(?:y|ies)|combos?|synerg(?:y|ies)|cards? (?:for|in|to (?:play|run|add)))",
            r"(?:deck|build|brew|list)(?:ing|building)? (?:advice|help|tips|tech|ideas?|suggestions?|recommendations?|upgrades?)",
            r"deck ?building (?:advice|help|tips)", r"meta(?:game)?", r"tier (?:list|\d|one|two)", r"win ?rates?",
            r"how many (?:lands|mana sources|creatures|removal spells) (?:should|do i need|to (?:run|play)|is (?:best|right|good))",
            r"what (?:deck|colou?rs?|commander|archetype) should",
            r"what (?:colou?rs?|decks?|commanders?|cards?) (?:are|is) (?:the )?(?:best|good|strongest)", r"recommend(?:ed|ation|ations|s)?",
            r"(?:is|are) (?:\w+ ){0,4}?(?:any )?(?:good|playable|viable|worth (?:it|playing|running|including))"
            rf"(?: (?:in|for) (?:a |my |the )?(?:deck|\w+ deck|{_FORMATS}))?\s*(?:\?|$)",
            r"worth (?:playing|running|including)", r"(?:how|best way) to (?:beat|play against)", r"overpowered",
            r"(?:so|too|really|very|super|kinda|pretty|broken and) op",
            r"(?:is|are) (?:\w+ ){0,3}?op(?= (?:in|for) |\s*[?!.]|$)",  # "is X op (in …)?": not "my OP casts …"
            # sideboard plans and matchups: what to bring in, not whether a sideboard may be used (100.4)
            r"(?:sideboard|sideboarding|side ?board|board) (?:plans?|guides?|strateg(?:y|ies)|tips|tech|options|choices)",
            r"(?:what|which) sideboard cards (?:should|to|would|are (?:good|best))|sideboard cards (?:against|vs)",  # not "… into his deck"
            # … not the sideboard set against the main deck ("which cards are in the sideboard vs the main deck": the MTR's)
            r"(?:side|board|bring|swap|sideboard|put) (?:\w+ ){0,3}?(?:in|out|into) (?:\w+ ){0,4}?(?:against|vs\.?|versus)" + _MAIN,
            r"(?:sideboard|side|board)(?:ing)? (?:in |out )?(?:against|vs\.?|versus)" + _MAIN, r"game ?plan",
            r"(?:build|built|building) (?:a |my |the )?deck (?:against|to beat|that beats)",
        ),
        (
            r"(?:against|vs\.?|versus) (?:an? |the )?(?:aggro|control|combo|midrange|tempo|burn|ramp|stax|tron|affinity|storm)"
            r"(?: decks?| players?| lists?| strateg(?:y|ies))?", r"match-?ups?",
            # two things weighed against each other ("which is better, Tarmogoyf or Bolt?"), the subject only where no game
            # is told ("which is better here, first strike or deathtouch, when my 2/2 blocks?" asks how they work); "is X
            # better than Y" is left to the rules ("are two blockers better than one against trample?")
            r"which (?:one |card |of (?:them|these|the two) )?(?:is|'s) (?:the )?better",
        ),
    ),
    Topic(
        "card prices",
        "The Comprehensive Rules don't cover this: card prices are for a price guide or a store.",
        (
            # "for the price of {1}", "the price of 2 life": a cost in the game, not money
            r"prices?(?! of (?:\{|\w+ life\b))|priced|pricing", r"\$ ?\d+|\d+ ?\$", r"\d+ ?(?:dollars?|bucks|usd|eur|euros?|quid)",
            r"usd|eur|euros?|dollars",
            r"how much (?:is|are|does|do|would|will|could|can) .{0,60}(?:worth|sell for|go for|fetch)",
            r"what(?:'s| is| are) .{0,60} worth", r"worth (?:any(?:thing)?|much|money|buying|selling|getting|the money)",
            r"tcg ?player|card ?kingdom|cardmarket|mkm|ebay|star city games",
            r"(?:buy|sell|buying|selling|sold|bought)\b.{0,40}\b(?:for|price|online|store|shop|singles|collection|boosters?|packs?|"
            r"box(?:es)?|money|cash|lgs)",
            r"market value|trade value|resale|collection value", r"budget", r"(?:expensive|cheap|pricey) to (?:buy|get|own|pick up)",
        ),
    ),
    Topic(
        "news and results",
        "The Comprehensive Rules don't cover this: tournament results, release dates and other news are for Magic's news and "
        "coverage pages.",
        (
            # who won an event, not a game ("who wins if both players lose at once?" is 104.4a's, "who wins if we draw our
            # final card …", "… mill the top 8 cards" and "the tournament game" too): a past win and an event's name
            r"who (?:won|took down|topped) (?:the |this |last |a )?(?:\w+ ){0,5}?(?:tournaments?|championships?|worlds|"
            r"pro ?tour|grand prix|gp|regionals?|rcq|ptq|invitational|qualifiers?)(?! (?:game|match))",
            # a set's release, not a card's use before it ("… in a Standard tournament before the official release date?" is
            # MTR 3.7's)
            r"release dates? (?:of|for) (?:the )?(?:next|new|upcoming|latest) (?:\w+ ){0,2}?(?:set|expansion|product)s?",
            r"(?:spoiler|preview) season", r"(?:results|standings|decklists) (?:of|from) (?:the )?(?:last |latest )?"
            r"(?:pro ?tour|worlds|grand prix|world championship)",
            r"when (?:is|does|do|will) (?:the )?(?:next|new|upcoming) (?:\w+ ){0,2}?(?:set|expansion|product)s? (?:come out|coming out|"
            r"release|released|drop|launch|out)",
        ),
    ),
    Topic(
        "changes to the rules",
        "The Comprehensive Rules don't say what changed in them: 'rulesgraph diff' compares two installed versions ('--rule N'"
        " for one rule's part), and 'rulesgraph rule N' says when a rule changed or moved since the version before.",
        (
            # what changed between versions, not what changed in a game ("what changed about my creature after it
            # transformed?", "when was my creature removed from combat?") nor what the CR says of a variant ("what's different
            # about multiplayer in the CR?")
            r"what(?:'?s| is| has| have| are)? (?:changed|new|the (?:latest |recent |new )?changes)(?: \w+){0,3}? "
            r"(?:in|to|with|between|since) (?:the )?(?:(?:new|newest|latest|last|current|recent|old) )*(?:\d{4} )?(?:comprehensive "
            r"rules|cr|crs|rules (?:update|versions?)|versions of the (?:comprehensive )?rules)",
            r"what(?:'?s| is| has| have| are)? (?:changed|new) (?:in|to|with|since) (?:the )?\d{4} (?:comprehensive )?rules",
            r"what(?:'?s| is| are)? different (?:in|about|with|between|since) (?:the )?(?:new|newest|latest|old|last|\d{4}) "
            r"(?:comprehensive rules|cr|rules (?:update|version))",
            r"(?:comprehensive rules|cr) (?:update|changes|changelog|diff)", r"rules? changes? (?:in|between|since) (?:the )?"
            r"(?:(?:new|newest|latest|last|current) )*(?:comprehensive rules|cr|\d{4})",
            r"when (?:was|were|did) .{0,60}\b(?:removed|changed|added|deleted|introduced) (?:from|in|to|into) the "
            r"(?:comprehensive rules|cr)", r"(?:removed|deleted) from the (?:comprehensive rules|cr)",
        ),
    ),
    Topic(
        "another game",
        "The Comprehensive Rules don't cover this: they are the rules of Magic: The Gathering, not of other games.",
        (
            r"pok[eé]mon|yu-?gi-?oh|hearthstone|lorcana|flesh and blood|digimon|keyforge|netrunner|gwent|"
            r"legends of runeterra|marvel snap|star wars unlimited|one piece (?:card game|tcg)|dragon ball super|weiss schwarz|"
            r"chess|poker|blackjack|uno|catan|monopoly",
        ),
        names=True,
    ),
)
"""In order: the first topic with a cue in the question is the one named."""

SITUATION = 2
"""Game terms (keywords, glossary terms: cast, counter, exile, block …) that make a question describe a game: a
setting cue beside that many is only the scene."""


def _whole_words(cues: tuple[str, ...]) -> re.Pattern[str] | None:
    """The cues as one expression matching them as whole words: after a character that is no word character nor ``$``
    (:func:`_found` puts a space before the text, for a cue at its start), that character matched too.  A pattern that
    starts with a character class lets the regular expression engine skip to the places a cue may start, about one
    in six, where a look-behind made it try the whole expression at every character."""
    return lazy(r"[^\w$](" + "|".join(f"(?:{c})" for c in cues) + r")(?!\w)") if cues else None


def _found(pattern: re.Pattern[str], folded: str) -> Iterator[str]:
    """The cues :func:`_whole_words`'s ``pattern`` finds in ``folded``, in order, each as said: what ``finditer`` with
    the look-behind finds (each search goes on where the last cue ended, the character before it still in view)."""
    text = " " + folded
    pos = 0
    while (m := pattern.search(text, pos)) is not None:
        yield m.group(1)
        pos = m.end(1) - 1  # the text's last character read as the next cue's character before


_BOUNDED = [(topic, _whole_words(topic.cues), _whole_words(topic.settings)) for topic in TOPICS]
"""Each topic's cues, and its setting cues, as one expression each, matched as whole words."""
_RULE_NUMBER = lazy(r"(?<![\w.])\d{3}\.\d+[a-z]?\b")


class OutOfScope(NamedTuple):
    """A question the Comprehensive Rules don't answer: which topic, the words that said so, the honest line."""

    topic: str
    cue: str
    answer: str

    @property
    def why(self) -> str:
        return f"‘{self.cue}’: a question about {self.topic}, not the rules of the game"


def game_terms(question: str | Question, index: Index, besides: frozenset[str] = frozenset()) -> int:
    """How many keywords and glossary terms (one or two words) the question names: how much it describes a game.
    ``besides``: stems not counted (a word the caller already weighs as something else: "my match" sets a tournament)."""
    stems = [stem(w) for w in Question.of(question).words]
    keys = {*stems, *(" ".join(p) for p in pairwise(stems))} - besides
    return sum(1 for k in keys if any(n.startswith(("keyword:", "glossary:")) for n in index.names.get(k, ())))


def out_of_scope(question: str | Question, index: Index | None = None) -> OutOfScope | None:
    """The topic outside the Comprehensive Rules that ``question`` is about, or ``None`` when it may be a rules question.
    Without an ``index``, setting cues always count."""
    q = Question.of(question)
    folded = q.folded
    if _RULE_NUMBER.search(folded):
        return None
    names: set[str] | None = None
    situation: bool | None = None
    for topic, cues, settings in _BOUNDED:
        for pattern, setting in ((cues, False), (settings, True)):
            for cue in _found(pattern, folded) if pattern else ():
                said = words(cue)
                names = q.names if names is None else names
                if said and not topic.names and all(w in names for w in said):  # "Price of Progress", "cast Bribery": a card
                    continue
                if setting and index is not None:
                    situation = game_terms(q, index) >= SITUATION if situation is None else situation
                    if situation:
                        continue
                return OutOfScope(topic.name, cue.strip(), topic.answer)
    return None
