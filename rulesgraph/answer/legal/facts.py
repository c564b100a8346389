"""What a legality question asks (:class:`Asked`, read by :mod:`rulesgraph.answer.legal.read`), the words of its answer
from one card's data, and the rules that define its terms: yes or no to the status the question asked (banned,
restricted, legal, not legal), then the fact.

"Is Sol Ring banned in Commander?" is answered "No: Sol Ring is legal in Commander.", and "is Lurrus banned in Modern?"
"Yes: Lurrus of the Dream-Den is banned in Modern.": the yes or no answers what was asked, not always "is it legal?".
A question offering both ("legal or banned?") and an open one ("its Modern legality") get the fact without either.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from ...cards.legality import by_status, colors_said, defining_rule, format_name, standing
from ...common.lazyre import lazy

if TYPE_CHECKING:
    from ...build.corpus import Rulebook
    from ...cards.model import Card
    from ...model import Answer, NamedCard
    from .lists import Listed

__all__ = ["COMMANDER_LIKE", "COPIES", "DECK_LIMITS", "Asked", "absent_card", "article", "copies_allowed", "copies_said",
           "decide", "in_game", "possessive", "terms", "verdict", "with_copies"]

COMMANDER_LIKE = ("commander", "duel", "paupercommander", "brawl", "historicbrawl", "standardbrawl", "oathbreaker")
LED_AS = {"duel": "commander", "historicbrawl": "brawl", "standardbrawl": "brawl"}
"""Formats the card data gives no leadership for, and the variant whose leadership stands for theirs: "can Kenrith be my
commander in Duel Commander?" is answered as Commander's leadership says (its legality there still Duel Commander's)."""


class Asked(NamedTuple):
    """What a legality question asks: its kind, the format, and for a deck question the deck's colors (a set of color
    letters, or ``None`` when the deck is named by its commander)."""

    kind: str
    """``legal``, ``leader``, ``pair`` (two cards leading a deck together), ``deck`` or ``identity``."""
    format: str | None
    colors: frozenset[str] | None = None
    leader_span: tuple[int, int] | None = None
    """Where the deck's commander is named, for "in my Atraxa deck"."""
    deck: str = ""
    """The words that named the deck's colors (``mono-green``)."""
    within: tuple[int, int] = (0, 1 << 30)
    """Where the card asked about must be named: the sentence that asks (or, for "is X banned?", the words between)."""
    status: str | None = "legal"
    """For ``legal``, the status asked about, which its yes or no answers: ``legal``, ``banned``, ``restricted``,
    ``illegal``; ``None`` when the question offers two ("legal or banned?") or asks openly ("its Modern legality")."""
    copies: bool = False
    """It asks about several copies of the card."""
    count: int | None = None
    """How many copies it asks about, when it says a number ("can I run 2 copies", "a playset": 4)."""
    last: bool = False
    """The card asked about must end where :attr:`within` ends: it is the whole object of "can I run …"."""


_SAYS = {  # (status asked, the card's status) → yes or no
    "legal": {"Legal": "Yes", "Restricted": "Yes", "Banned": "No", "Not legal": "No"},
    "banned": {"Legal": "No", "Restricted": "No, not banned", "Banned": "Yes", "Not legal": "No, not banned"},
    "restricted": {"Legal": "No", "Restricted": "Yes", "Banned": "No, banned", "Not legal": "No"},
    "illegal": {"Legal": "No", "Restricted": "No", "Banned": "Yes", "Not legal": "Yes"},
}
"""The yes or no for each status a question can ask about, and a word more where the plain yes or no would mislead
("is Black Lotus banned in Vintage?" — "No, not banned: … restricted")."""


def possessive(name: str) -> str:
    """``Kitchen Finks`` → ``Kitchen Finks'``; ``Atraxa, Praetors' Voice`` → ``Atraxa, Praetors' Voice's``."""
    return f"{name}'" if name.endswith("s") and not name.endswith("'s") and not name.endswith("ss") else f"{name}'s"


def article(word: str) -> str:
    """``a`` or ``an`` before ``word`` by its first sound's letter (``an Izzet``, ``a mono-green``)."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def verdict(name: str, fmt: str, status: str, asked: str | None, many: bool = False) -> str | None:
    """The answer to whether ``name`` (whose status in ``fmt`` is ``status``) is ``asked`` there (``legal``,
    ``banned``, ``restricted``, ``illegal``; ``None``: the fact alone), or, when several copies are asked about
    (``many``), whether a deck may hold them: ``None`` for a card legal there (the deck rules answer that)."""
    fname = format_name(fmt)
    fact = {"Legal": f"{name} is legal in {fname}.", "Banned": f"{name} is banned in {fname}.",
            "Restricted": f"{name} is restricted in {fname}: a deck may hold one copy (it is on the restricted list, not "
                          "banned).",
            "Not legal": f"{name} is not legal in {fname}: the card data lists no legality for it there.",
            "Unlisted": unlisted(name)}.get(status)
    if fact is None:
        return f"The card data gives no legality in {fname} for any card, so it cannot say."
    if many:  # "can I run 4 copies of Sol Ring in Vintage?"
        return None if status in ("Legal", "Unlisted") else f"No: {fact}"  # the deck rules answer (a card unlisted: no "No")
    says = _SAYS.get(asked or "", {}).get(status)
    return f"{says}: {fact}" if says else fact


CANNOT_SAY = "cannot say"
"""In every answer the card data cannot settle (a format it names for no card, a card it lists in no format): such an
answer is not sure."""


def unlisted(name: str) -> str:
    """What the card data says of a card it lists in no format (no yes or no: it cannot say)."""
    return (f"The card data lists no legality for {name} in any format, so it cannot say: the card may be newer than the "
            "data's lists, or one no format admits (an Un-card, a token, an oversized card).")


_ANY_NUMBER = lazy(r"\ba deck can have (any number of|up to (\w+)) cards named\b", re.IGNORECASE)
"""A card's own text lifting the deck rules' limit ("A deck can have any number of cards named Relentless Rats.")."""
DECK_LIMITS = ("a Commander deck holds one card of each English name but basic lands",
               "a constructed deck holds at most four cards of one English name but basic lands")
"""Why :func:`copies_allowed` cites its rule: an answer citing one is the Comprehensive Rules' (``in_rules``)."""


_NUMBERS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
"""Numbers said in words, as questions and cards' texts say them ("two copies", "up to seven")."""
_SEVERAL = "|".join(w for w, n in _NUMBERS.items() if n >= 2)
COPIES = lazy(rf"\b(?:(?:[2-9]|\d\d+|{_SEVERAL}|multiple|several|more than (?:one|1)|any number) (?:copies|copy)|a playset|"
              r"playsets|how many)\b", re.IGNORECASE)
"""Asking about several copies of a card ("can I run 4 copies of Sol Ring in Vintage?"): a restricted card is one."""
_COUNT = lazy(rf"(?:\b(\d{{1,3}}|{_SEVERAL}|one)\s*x?|\b(a playset|playsets)|\bmore than (?:one|1))\s+"
              r"(?:(?:copies|copy|cards?)\s+)?(?:of\s+)?(?:the\s+)?$", re.IGNORECASE)
"""A number said right before a card's name: "4 copies of ", "4x ", "two ", "a playset of ", "more than one " (not the
article: "is a Sol Ring legal?" asks whether it is)."""
_IN_GAME = lazy(r"\b(?:battlefield|in play|on (?:the )?board|out at (?:once|the same time)|at (?:the same|one) time|in (?:my |your |"
                r"their |his |her )?hand|on the stack|imprint\w*|tokens?)\b", re.IGNORECASE)
"""Words saying the copies are in a game, not a deck ("two Thalias in play", "2 copies on the battlefield"): the rules'."""
CONSTRUCTED = "constructed deck minimum deck size no more than four of any card"
"""The words of 100.2a, the constructed deck rules (:func:`~rulesgraph.cards.legality.defining_rule` finds it by them)."""


def copies_said(before: str) -> int | None:
    """How many copies the words right before a card's name say ("2 copies of", "4x", "two", "a playset of": 4, "more than
    one": 2), ``None`` when they say none."""
    m = _COUNT.search(before)
    if m is None:
        return None
    if m.group(1) is None:
        return 4 if m.group(2) else 2
    word = m.group(1).lower()
    return int(word) if word.isdigit() else _NUMBERS[word]


def in_game(sentence: str) -> bool:
    """The copies asked about are on the battlefield, in a hand or on the stack (:data:`_IN_GAME`): not a deck's."""
    return _IN_GAME.search(sentence) is not None


def with_copies(asked: Asked, said: str, named: NamedCard) -> Asked | None:
    """``asked`` with the number of copies said right before the card's name in ``said`` (:func:`copies_said`), or ``None``
    when the copies asked about are in a game (:func:`in_game`): the rules', not the deck's ("two Thalias in play")."""
    here = named.end <= len(said) and said[named.start : named.end] == named.said
    count = copies_said(said[: named.start]) if here else None
    asked = asked._replace(copies=asked.copies or count is not None, count=count)
    return None if (named.many or asked.copies) and in_game(said) else asked


def copies_allowed(book: Rulebook, card: Card, fmt: str, status: str, count: int | None, asked: str | None,
                   limits: tuple[str | None, str]) -> tuple[str, list[tuple[str | None, str]]]:
    """How many copies of ``card`` (``status`` in ``fmt``: legal or restricted) a deck there may hold, and, when the question
    says a ``count``, yes or no to whether it may (to the status ``asked``: "are 5 copies illegal?" is yes where "can I
    run 5" is no): what the card's own text allows ("A deck can have any number of cards named …"), any number of a basic
    land, one of a restricted card (``limits``, the rule saying tournament rules may limit cards, first: the restricted list
    is tournament policy), one of any other card in a Commander-like format (903.5b), four in a constructed one (100.2a)."""
    name, fname = card.name, format_name(fmt)
    singleton = fmt in COMMANDER_LIKE
    rule = (defining_rule(book, "Commander", "other than basic lands each card in a commander deck must have a different "
                          "english name"), DECK_LIMITS[0]) if singleton else \
        (defining_rule(book, "Constructed", CONSTRUCTED), DECK_LIMITS[1])
    own = next((m for f in card.faces if (m := _ANY_NUMBER.search(f.text or ""))), None)
    most: int | None
    if own is not None:
        most = None if own.group(2) is None else _NUMBERS.get(own.group(2).lower(), int(own.group(2)) if own.group(2).isdigit() else 4)
        allows = "any number" if most is None else f"up to {own.group(2)}"
        why = f"{name} is legal in {fname}, and its own text lets a deck have {allows} of it (a card's text overrides the rules)."
    elif "Basic" in card.supertypes:
        most, why = None, f"{name} is a basic land: a deck may have any number of basic lands."
    elif status == "Restricted":
        why = f"{name} is restricted in {fname}: a deck may hold one copy (it is on the restricted list, not banned)."
        return _yes_or_no(count, 1, asked, why), [limits, (rule[0], "constructed deck rules")]  # policy: in_rules stays false
    else:
        most = 1 if singleton else 4
        why = (f"{name} is legal in {fname}, but a {fname} deck may hold only one card of each English name other than "
               "basic lands." if singleton else
               f"{name} is legal in {fname}, and a {fname} deck may hold up to four cards of one English name other than "
               "basic lands.")
    return _yes_or_no(count, most, asked, why), [rule]


def _yes_or_no(count: int | None, most: int | None, asked: str | None, why: str) -> str:
    """``why`` after the yes or no to whether ``count`` copies (``None``: no number asked, no yes or no) fit the ``most``
    allowed (``None``: any number), as the status ``asked`` words it ("can I run 5" no, "are 5 illegal" yes)."""
    fits = None if count is None else most is None or count <= most
    says = None if fits is None or asked not in ("legal", "illegal") else "Yes" if fits == (asked == "legal") else "No"
    return f"{says}: {why}" if says else why


def terms(asked: Asked) -> tuple[str, ...]:
    return {"leader": ("Commander",), "deck": ("Color Identity", "Commander"), "identity": ("Color Identity",)}.get(asked.kind, ())


def _identity_rule(book: Rulebook) -> tuple[str | None, str]:
    """The rule saying which cards a Commander deck may include by color identity (903.5c), and why it is cited."""
    return (defining_rule(book, "Commander", "a card can be included in a commander deck only if every color in its color "
                          "identity is also found in the color identity of the deck's commander"),
            "which cards a Commander deck may include")


def decide(book: Rulebook, card: Card, asked: Asked, formats: tuple[str, ...], leader: Card | None,
           many: bool = False) -> tuple[str | None, list[tuple[str | None, str]]]:
    """The answer's words and the rules to cite (node, why) for ``asked`` of ``card`` (``None``: the card data does not
    settle it); ``many``: several copies asked about (:func:`copies_allowed` answers for a card legal or restricted there)."""
    name = card.name
    identity = frozenset(card.color_identity)
    limits = (defining_rule(book, "Tournament Rules", "tournament rules may limit the use of some cards"),
              "the rule saying tournament rules may limit the cards a deck uses")
    if asked.kind == "identity":
        return (f"{possessive(name)} color identity is {colors_said(identity)}" + (f" ({', '.join(c for c in 'WUBRG' if c in identity)})."
                                                                          if identity else "."),
                [(defining_rule(book, "Color Identity", "color identity of a card is the color or colors of any mana symbols in "
                                "its mana cost or rules text"), "defines color identity")])
    if asked.kind == "leader":
        fmt = asked.format or "commander"
        s = standing(card, fmt, formats)
        deck = "a deck"
        if not s.leads and LED_AS.get(fmt) in card.leadership:  # as the variant it is played as says
            s, deck = s._replace(leads=True), f"a {format_name(LED_AS[fmt])} deck"
        variant = "Brawl" if fmt in ("brawl", "historicbrawl", "standardbrawl") else "Commander"
        rule = defining_rule(book, variant, "legendary card designated as its commander creature card")
        type_line = " // ".join(f.type_line for f in card.faces)
        if s.status == "Unlisted":  # no legality and, in such data, no leadership either: the rules' test, said as such
            rule_says = "a legendary creature can be a commander" if "Legendary" in card.supertypes else "it is not legendary"
            text = (f"{unlisted(name)[:-1]}; by the rules, {rule_says} ({type_line}), but whether {format_name(fmt)} "
                    "lets it lead a deck the data cannot say.")
        elif s.leads and s.status in ("Banned", "Not legal"):  # "can Golos be my commander?": not in a game of the format
            text = (f"No: {name} is {s.status.lower()} in {format_name(fmt)}, so it can't be your commander there, though the "
                    f"card data says it could lead {deck} ({type_line}).")
        elif s.leads:
            text = f"Yes: {name} can be your commander in {format_name(fmt)}: the card data says it can lead {deck} ({type_line})."
        elif not card.leadership and not any(w == "Legendary" for w in card.supertypes) and fmt not in card.leadership:
            text = f"No: {name} can't be a commander in {format_name(fmt)}: it is not a legendary card ({type_line})."
        else:
            text = f"No: the card data says {name} can't be a commander in {format_name(fmt)} ({type_line})."
        if asked.status == "banned":  # "is Golos banned as a commander?": the yes or no is the ban's
            can = f"the card data says it can lead {deck}" if s.leads else "it can't be a commander there"
            text = f"{verdict(name, fmt, s.status, 'banned')} As a commander: {can} ({type_line})."
        rules = [(rule, "says which cards can be a commander")]
        if any("can be your commander" in f.text.lower() for f in card.faces):
            rules.append((defining_rule(book, "Commander", "card ability states the card can be your commander"),
                          "a card that says it can be your commander"))
        return text, rules
    if asked.kind == "deck" and asked.format is not None and asked.format not in COMMANDER_LIKE:
        asked = asked._replace(kind="legal")  # "in my mono-red Legacy deck": no color identity there, its legality
    if asked.kind == "deck":
        fmt = asked.format or "commander"
        deck_colors = asked.colors if asked.colors is not None else (frozenset(leader.color_identity) if leader else None)
        if deck_colors is None:
            return None, []
        said = _deck_words(asked.deck) or colors_said(deck_colors)
        whose = possessive(leader.name) if leader is not None and asked.colors is None else f"{article(said)} {said} deck's"
        outside = identity - deck_colors
        s = standing(card, fmt, formats)
        if outside:
            text = (f"No: {possessive(name)} color identity is {colors_said(identity)}, and {colors_said(outside)} is not in "
                    f"{whose} color identity ({colors_said(deck_colors)}).")
        else:
            text = (f"Yes, by color identity: {possessive(name)} color identity is {colors_said(identity)}, all of it in {whose} "
                    f"({colors_said(deck_colors)}).")
            if s.status in ("Banned", "Not legal"):  # its colors fit, the format does not let it in
                text = (f"No: {name} is {s.status.lower()} in {format_name(fmt)}, though by color identity it would fit "
                        f"({colors_said(identity)}, all of it in {whose}: {colors_said(deck_colors)}).")
            elif s.status == "Restricted":
                text += f" But it is restricted in {format_name(fmt)}: one copy at most."
            elif s.status == "Unlisted":
                text += f" Whether {format_name(fmt)} allows it the card data cannot say: it lists no legality for it."
        return text, [_identity_rule(book),
                      (defining_rule(book, "Color Identity", "color identity of a card is the color or colors of any mana "
                                     "symbols in its mana cost or rules text"), "defines color identity"), limits]
    # legal / banned
    if asked.format is None:
        if many:
            return None, []
        groups = by_status(card, formats)
        if set(groups) == {"Unlisted"}:
            return unlisted(name), [limits]
        parts = [f"{st.lower()} in {', '.join(map(format_name, groups[st]))}" for st in ("Banned", "Restricted") if groups.get(st)]
        text = (f"{name} is " + "; ".join(parts) + "." if parts else f"{name} is banned and restricted nowhere the card data lists.")
        if asked.status in ("banned", "restricted"):  # "is Sol Ring on the banned list anywhere?"
            text = ("Yes: " if groups.get(asked.status.capitalize()) else "No: ") + text
        if groups.get("Legal"):
            text += f" Legal in {', '.join(map(format_name, groups['Legal']))}."
        return text, [limits]
    s = standing(card, asked.format, formats)
    if many and s.status in ("Legal", "Restricted"):  # "can I run 2 copies of Sol Ring in Commander?": the deck rules, the card's text
        return copies_allowed(book, card, asked.format, s.status, asked.count, asked.status, limits)
    text = verdict(name, asked.format, s.status, asked.status, many)
    if text is None:
        return None, []
    identified = asked.format in COMMANDER_LIKE and s.status in ("Legal", "Restricted")
    if identified:  # "can I play Kozilek's Return in Commander if my commander isn't red?": what its deck must be
        said = colors_said(identity)
        text += (" Its color identity is colorless: any deck may include it." if not identity else
                 f" Its color identity is {said}: a deck may include it only if its commander's color identity includes {said}.")
    others = by_status(card, formats)
    elsewhere = [f"{st.lower()} in {', '.join(format_name(f) for f in others[st] if f != asked.format)}"
                 for st in ("Banned", "Restricted") if any(f != asked.format for f in others.get(st, ()))]
    if elsewhere:
        text += " Elsewhere it is " + "; ".join(elsewhere) + "."
    rules = [limits]
    if asked.format in COMMANDER_LIKE:
        if identified:
            rules.append(_identity_rule(book))
        rules.append((defining_rule(book, "Commander", "each commander deck is subject to the following deck construction "
                                    "rules"), "Commander's deck construction rules"))
    else:
        rules.append((defining_rule(book, "Constructed", CONSTRUCTED), "constructed deck rules"))
    return text, rules



_GUILDS = frozenset(("azorius dimir rakdos gruul selesnya orzhov izzet golgari boros simic bant esper grixis jund naya abzan "
                     "jeskai sultai mardu temur").split())


def _deck_words(words: str) -> str:
    """The words that named a deck's colors, a guild's or shard's name capitalized as a name is (``izzet`` → ``Izzet``)."""
    return " ".join(w.capitalize() if w in _GUILDS else w for w in words.split())


def absent_card(question: str, asked: Asked, name: str, date: str | None, caveat: str, sure: float,
                listed: Listed | None = None) -> Answer:
    """The answer to a legality question about ``name``, a card the installed card data (of ``date``) lacks: what the
    installed Magic Tournament Rules' lists say of it when they are newer and name it (cited, ``sure``), else that its
    standing cannot be read and how to install newer cards — not the tournament documents' passage on some other
    matter ("is Sheoldred, the Apocalypse legal in Standard?" with the cards of 2022 was answered with MTR 6.2).
    ``listed``: what the MTR says of it, when the caller looked it up already."""
    from ...model import Answer
    from ..tanswer import section_citation
    from .lists import mtr_listed

    fmt = asked.format
    if listed is None and asked.kind == "legal" and fmt:
        listed = mtr_listed(name, fmt, date)
    data = f"the installed card data (of {date})" if date else "the installed card data"
    if listed is not None and listed.status and fmt:
        where = f"{listed.section.id} of the Magic Tournament Rules effective {listed.doc.effective}"
        says = _SAYS.get(asked.status or "", {}).get(listed.status)  # the yes or no to what was asked, as for a card held
        text = f"{f'{says}: ' if says else ''}{where} lists {name} as {listed.status.lower()} in {format_name(fmt)}; {data} lacks the card."
        why = (caveat, f"the newer MTR lists it as {listed.status.lower()}")
        cited = section_citation(listed.section, listed.doc, sure, why[1:], short=True)
        return Answer(question, text, (replace(cited, text=listed.said or cited.text),), (), sure, why, (), caveats=(caveat,),
                      in_rules=False)
    where = f" in {format_name(fmt)}" if fmt else ""
    text = f"Its standing{where} cannot be read from the card data installed: 'rulesgraph update cards' installs the latest."
    return Answer(question, text, (), (), 0.0, (caveat, "a question about playing a card, which the card data lacks"), (),
                  caveats=(caveat,), in_rules=False)
