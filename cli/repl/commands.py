"""What the REPL does with a line: a question, a rule number, a name, a citation's number, or a ``:command`` (each with
one line of help); plus the back/forward history of what was shown.  No prompt_toolkit here: :class:`Shell` maps a line
to a renderable, so it is tested directly and the REPL only reads lines and prints what comes back.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rulesgraph import Rulebook, RulesgraphError
from rulesgraph.answer.compose import citation
from rulesgraph.answer.profile import cites_any, find_name, profile, profile_of, related
from rulesgraph.build.lookup import as_number, each_given, rule_views, said_range, view_node
from rulesgraph.cards.names import NameIndex
from rulesgraph.common.text import clean
from rulesgraph.errors import NotFound
from rulesgraph.model import Citation, ShownCard
from rulesgraph.question.conversation import Conversation
from rulesgraph.question.nocards import HINT, names_a_card

from ..render.answer import render_answer, render_ruling
from ..render.core import (
    DIM,
    HEADING,
    RenderOptions,
    render_cites,
    render_entry,
    render_error,
    render_related,
    render_rule,
    render_rules,
    text,
)
from ..render.profile import profile_targets, render_profile
from .session import diff_command, new_command, topic_command
from .views import Command, Outcome, View

if TYPE_CHECKING:
    from rulesgraph.cards.store import CardStore
    from rulesgraph.question.namedcards import CardDeck

__all__ = ["CARD_ITEM", "COMMANDS", "Shell"]

HISTORY = 100
"""Views kept for :back."""
_RULE_KINDS = frozenset({"chapter", "section", "rule", "subrule", "paragraph"})
_ITEM = re.compile(r"\d{1,2}")
_SHOWN = re.compile(r"\[(\d{1,2})\]|#(\d{1,2})")
"""A citation's number as the answer shows it (``[2]``) or as lists often say it (``#2``): K, typed so."""
_BRACKETED = re.compile(r"^\[\[.+\]\]$")
_CARD_WORDS = 4
"""A line of more words than this is a question, never a card's name told loosely."""
CARD_ITEM = "card-data:"
"""Prefix of a numbered item that opens a card of the card data (an ambiguous name's candidates)."""
_BARE = frozenset(("exit", "quit", "help"))
"""Commands understood without their colon (each once answered as a question: "quit" cited 702.145 Daybound)."""


@dataclass
class Shell:
    """The REPL's state: the loaded rules, render options, and the views shown so far."""

    book: Rulebook
    opts: RenderOptions
    k: int = 5
    conversation: Conversation = field(default_factory=Conversation)
    """What follow-up questions carry over; :new starts afresh."""
    views: list[View] = field(default_factory=list)
    position: int = -1
    cards: CardStore | None = None
    """The installed card data, if any."""
    card_names: Callable[[], NameIndex | None] = lambda: None
    """Every card name, loaded on first use."""
    prepare: Callable[[], object] = lambda: None
    """Called before each answer: opens the installed cards for answering (once, in a thread at start)."""
    deck: Callable[[], CardDeck | None] = lambda: None
    """The installed cards opened for answering, once :attr:`prepare` has opened them."""
    drop: Callable[[], None] = lambda: None
    """Called when the card data could not be read: the rest of the session answers from the rules alone."""
    rulings: dict[str, tuple[Citation, ShownCard | None]] = field(default_factory=dict)
    """The card rulings answers cited, by citation id, with their cards: what typing a ruling's number opens."""
    rel: str = ""
    """The Rules Enforcement Level a policy question saying none is answered for (the config's ``rel``, ``--rel``)."""
    cards_hint: bool = False
    """No card data is installed: the first answer to a question naming what looks like a card says how to install it."""

    # --- showing views -------------------------------------------------------------------
    def show(self, view: View) -> Outcome:
        del self.views[self.position + 1 :]
        self.views.append(view)
        del self.views[:-HISTORY]
        self.position = len(self.views) - 1
        return Outcome(view.renderable)

    def items(self) -> tuple[str, ...]:
        """What ``K`` opens: the numbered items of the latest view at or before the one on screen that has any."""
        for view in reversed(self.views[: self.position + 1]):
            if view.items:
                return view.items
        return ()

    # --- the kinds of view -------------------------------------------------------------------
    def answer(self, question: str) -> Outcome:
        if not clean(question):
            raise RulesgraphError("empty question: type a rules question, a rule number or a keyword")
        self.prepare()
        from ..cmd.ask import answer_or_rules

        damage: list[str] = []  # a damaged card store: one line above the answer, from the rules alone
        result = answer_or_rules(self.book, question, self.k, self.conversation, damage.append, self.deck(), self.drop, self.rel)
        see_also = [citation(self.book, n) for n in result.see_also]
        cards = {c.name: c for c in result.cards}
        self.rulings.update((c.id, (c, cards.get(c.label))) for c in result.citations if c.kind == "ruling")
        shown = render_answer(result, self.opts, see_also)
        if self.cards_hint and names_a_card(self.book, question):  # once: "Kitchen Finks" with no card data
            self.cards_hint = False
            shown = Group(shown, Text(), Text(HINT[:1].upper() + HINT[1:] + ".", style="dim"))
        if damage:
            shown = Group(Text("warning: ", style="bold yellow").append_text(text(damage[0], newlines=False)), shown)
        outcome = self.show(View(shown, tuple(c.id for c in result.citations)))
        return Outcome(outcome.renderable, found=bool(result.citations))

    def _shortened(self, said: str) -> str | None:
        """The card a player's short form stands for (the cards opened for answering first: on a terminal they open in a
        thread while the first line is typed), asked only when no name is what was typed."""
        self.prepare()
        deck = self.deck()
        return deck.shortened(said) if deck is not None else None

    def card(self, name: str) -> Outcome:
        """A card of the card data, found forgivingly; it becomes the conversation's topic."""
        from rulesgraph.cards.view import find_card

        from ..render.card import card_targets, render_card_result

        result = find_card(self.book, self.cards, self.card_names(), name, self._shortened)
        if result.view is None:
            items = tuple(CARD_ITEM + key for key, _ in result.candidates)
            return self.show(View(render_card_result(result, self.opts), items))
        card = result.view.card
        self.prepare()  # the cards opened for answering (a name found as typed asks nothing of them): follow-ups read the card
        deck = self.deck()
        named = deck.card(card.name) if deck is not None else None
        self.conversation.about_card(card.name, [f"keyword:{k.name.lower()}" for k in result.view.keywords
                                                 if k.relation in ("has", "grants")], self.book.qg, named=named)
        return self.show(View(render_card_result(result, self.opts), tuple(card_targets(result.view))))

    def node(self, node: str) -> Outcome:
        """Open any node: a rule in full, a keyword's or term's profile, a FAQ entry (or a card of the card data, or a
        card's ruling an answer cited)."""
        if node.startswith(CARD_ITEM):
            return self.card(node.removeprefix(CARD_ITEM))
        if node in self.rulings:
            return self.show(View(render_ruling(*self.rulings[node], self.opts)))
        if node not in self.book.qg and node.startswith(("MTR ", "IPG ", "JAR ")):  # a tournament passage ("IPG 2.1")
            return self.tournament(node)
        kind = self.book.qg.nodes[node]["kind"]
        if kind in _RULE_KINDS:
            return self.show(View(render_rule(view_node(self.book, node), self.opts)))
        if kind in ("keyword", "glossary", "card"):
            p = profile_of(self.book, node)
            return self.show(View(render_profile(p, self.opts), tuple(profile_targets(p))))
        return self.show(View(render_entry(citation(self.book, node), self.opts)))

    def tournament(self, ref: str) -> Outcome:
        """A passage of the installed MTR, IPG or JAR; its parts (an infraction's Philosophy …) open by number."""
        from rulesgraph.answer.tlookup import tournament_view

        from ..render.tourney import render_tview

        view = tournament_view(ref)
        return self.show(View(render_tview(view, self.opts), tuple(c.id for c in view.children)))

    def open(self, arg: str) -> Outcome:
        items = self.items()
        if not _ITEM.fullmatch(arg.strip()):
            raise RulesgraphError(f"usage: :open K, where K is a citation's number (1 to {len(items) or 'N'})")
        k = int(arg)
        if not items:
            raise RulesgraphError("nothing to open yet: ask a question first, then type a citation's number")
        if not 1 <= k <= len(items):
            raise RulesgraphError(f"no [{k}] on the last list: it has {len(items)}")
        return self.node(items[k - 1])

    def move(self, step: int) -> Outcome:
        target = self.position + step
        if not 0 <= target < len(self.views):
            raise RulesgraphError("nothing to go back to" if step < 0 else "nothing to go forward to")
        self.position = target
        return Outcome(self.views[target].renderable)

    # --- a line ----------------------------------------------------------------------------------
    def handle(self, line: str) -> Outcome:
        """Do what a line asks; user errors become an error line, never an exception."""
        line = " ".join(line.split())
        if not line:
            return Outcome()
        try:
            if line.startswith(":") or line.lower() in _BARE:  # "exit", "help": what a new user types first, not questions
                return self.command(line if line.startswith(":") else ":" + line.lower())
            return self.interpret(line)
        except RulesgraphError as exc:
            return Outcome(render_error(str(exc)), found=False)

    def interpret(self, line: str) -> Outcome:
        """A citation's number, a rule number, a keyword/term/card name, or else a question."""
        if shown := _SHOWN.fullmatch(line):  # "[2]": the citation shown so, not a question about the words near it
            line = shown.group(1) or shown.group(2)
        if _ITEM.fullmatch(line) and (1 <= int(line) <= len(self.items()) or (self.items() and int(line) >= 10) or shown):
            return self.open(line)  # "99" after a list of 5: no such citation (no rule is numbered 10 to 99), not a question
        from rulesgraph.answer.tlookup import is_ref, named_infraction  # the tournament modules only once a line is typed

        if is_ref(line) or (named_infraction(line) is not None and find_name(self.book, line) is None):
            return self.tournament(line)  # "MTR 4.3", "ipg grv", "missed trigger"
        if as_number(line) is not None or said_range(line) is not None:  # "702.19b"; "702.19a-c", its rules one after another
            return self.show(View(render_rules(rule_views(self.book, line), self.opts)))
        names = self.card_names() if self.cards is not None else None
        if names is not None and _BRACKETED.match(line):  # [[Card Name]]: always a card
            return self.card(line)
        found = find_name(self.book, line, typed_line=True)
        exact_rules_name = found is not None and found[1] is None and self.book.qg.nodes[found[0]]["kind"] != "card"
        if names is not None and not exact_rules_name and names.exact(line):  # "Persist" stays the keyword
            return self.card(line)
        if names is not None and found is None and "?" not in line and len(line.split()) <= _CARD_WORDS:
            guess = names.find(line)  # "Olivia", "kitchen fin", "kitchen finx": a card's name, told forgivingly
            if guess.how in ("short", "face", "prefix") or (guess.how == "typo" and guess.key):
                return self.card(line)
        if found is not None:
            node, typed = found
            if self.book.qg.nodes[node]["kind"] in _RULE_KINDS:
                return self.node(node)
            p = profile_of(self.book, node, typed)
            return self.show(View(render_profile(p, self.opts), tuple(profile_targets(p))))
        return self.answer(line)

    def command(self, line: str) -> Outcome:
        name, _, arg = line[1:].partition(" ")
        command = lookup_command(name.lower())
        if command is None:
            raise RulesgraphError(f"unknown command :{name}{_command_hint(name.lower())}")
        if command.args and not command.args.startswith("[") and not arg.strip():
            raise RulesgraphError(f"usage: :{command.name} {command.args}")
        return command.run(self, arg.strip())


def _cites(shell: Shell, arg: str) -> Outcome:
    result = cites_any(shell.book, arg)
    outcome = shell.show(View(render_cites(result, shell.opts), tuple(r.source.id for r in result.references)))
    return Outcome(outcome.renderable, found=bool(result.references))


def _related(shell: Shell, arg: str) -> Outcome:
    try:
        node, items = related(shell.book, arg)
    except NotFound:  # ":related Stuffy Doll", named exactly: the card, with the rules of its keywords, types, rulings
        from rulesgraph.answer.tlookup import is_ref, named_infraction

        if is_ref(arg) or named_infraction(arg) is not None:  # ":related IPG 2.1": the passage, what it cites and what cites it
            return shell.tournament(arg)
        names = shell.card_names() if shell.cards is not None else None
        if names is None or names.exact(arg) is None:
            raise
        return shell.card(arg)
    return shell.show(View(render_related(node, items, shell.opts), tuple(r.node.id for r in items)))


def _kw(shell: Shell, arg: str) -> Outcome:
    from rulesgraph.answer.tlookup import named_infraction
    from rulesgraph.rank.cardsteps.wording import ability_word_rule

    from ..cmd.kw import CARD_HINT, ability_line, also_card, card_first, neither

    names = shell.card_names() if shell.cards is not None else None
    if card_first(shell.book, names, arg):  # ":kw Rest in Peace": the card
        return shell.card(arg)
    try:
        p = profile(shell.book, arg)
    except NotFound as exc:
        if named_infraction(arg) is not None:  # ":kw missed trigger": the IPG's passage, as typing the name alone shows it
            return shell.tournament(arg)
        if (rule := ability_word_rule(shell.book.qg, shell.book.index, arg)) is not None:  # ":kw landfall": as 'kw landfall' shows it
            return shell.show(View(Group(Text(ability_line(arg, rule), style=DIM), render_rules(rule_views(shell.book, rule), shell.opts))))
        if names is None:
            raise NotFound(f"{exc}; {CARD_HINT.replace('rulesgraph card NAME', ':card NAME')}") from None
        try:
            return shell.card(arg)
        except NotFound as card:  # neither: said as 'kw' says it ("no keyword, glossary term or card named …; nearest cards: …")
            raise neither(exc, card) from None
    hint = also_card(arg, p.corrected_from, shell._shortened if names is not None else None, ":card")  # ":kw bolt"
    shown = render_profile(p, shell.opts)
    return shell.show(View(Group(shown, Text(hint, style=DIM)) if hint else shown, tuple(profile_targets(p))))


def _help(shell: Shell, arg: str) -> Outcome:
    if arg:
        command = lookup_command(arg.lstrip(":").lower())
        if command is None:
            raise RulesgraphError(f"no command :{arg.lstrip(':')}{_command_hint(arg.lstrip(':').lower())}")
        return Outcome(Text(f":{command.name} {command.args}".rstrip() + f"  {command.help}"))
    return Outcome(help_text())


def help_text() -> RenderableType:
    """What can be typed: kinds of line, then every command with its one line of help."""
    typing = Table.grid(padding=(0, 2))
    typing.add_column(no_wrap=True, style=HEADING)
    typing.add_column()
    for what, does in (
        ("a question", "the answer: a direct answer, numbered citations, why they matched, what to read next"),
        ("702.19, 702.19b", "that rule with its subrules and examples; 509 or 7 shows an outline"),
        ("trample, tramlpe", "a keyword's or glossary term's profile (typos forgiven); a card's FAQ entries"),
        ("Kitchen Finks, [[Stomp]]", "a card of the card data: Oracle text, keywords with their rules, rulings"),
        ("K", "open the K-th numbered item (citation) of the last answer or list"),
    ):
        typing.add_row(what, Text(does))
    commands = Table.grid(padding=(0, 2))
    commands.add_column(no_wrap=True, style=HEADING)
    commands.add_column()
    for c in COMMANDS.values():
        commands.add_row(f":{c.name} {c.args}".rstrip(), Text(c.help))
    keys = ("Tab completes · ↑/↓ history · Ctrl-R searches history · → takes a suggestion · Ctrl-C clears the line · "
            "Ctrl-L clears the screen · :new starts a new conversation · Ctrl-D quits")
    return Group(Text("Type", style=DIM), typing, Text(), Text("Commands", style=DIM), commands, Text(), Text(keys, style=DIM))


def _sources(shell: Shell, arg: str) -> Outcome:
    from ..render.versions import sources_view

    return Outcome(sources_view(shell.book, shell.cards))


def _rule(shell: Shell, arg: str) -> Outcome:
    from rulesgraph.answer.tlookup import is_ref  # ":rule MTR 4.3" as `rulesgraph rule MTR 4.3` takes it

    if is_ref(arg):
        return shell.tournament(arg)
    given = each_given(arg.split())  # several numbers or ranges ("702.19b 509.1a"), each in turn, as `rulesgraph rule` takes them
    views = [v for n in given for v in rule_views(shell.book, n)] if len(given) > 1 else rule_views(shell.book, arg)
    return shell.show(View(render_rules(views, shell.opts)))


def _quit(shell: Shell, arg: str) -> Outcome:
    return Outcome(quit=True)


COMMANDS: dict[str, Command] = {
    c.name: c
    for c in (
        Command("help", "[COMMAND]", "what you can type, and every command", _help, ("h", "?")),
        Command("ask", "QUESTION", "answer a question (even one that looks like a number or a name)", lambda s, a: s.answer(a)),
        Command("rule", "N", "show rule N with its subrules (a section or chapter as an outline); MTR 4.3, IPG 2.1 too", _rule),
        Command("card", "NAME", "a card: Oracle text, keywords with their rules, rulings (forgiving names)", lambda s, a: s.card(a)),
        Command("kw", "NAME", "a keyword's or glossary term's profile: rules, glossary, FAQ, related, cited by", _kw),
        Command("cites", "N", "every rule, glossary entry and FAQ entry that refers to rule N or a part of it", _cites),
        Command("related", "X", "what is related to a rule number or a name, and why (a card: its rules)", _related),
        Command("open", "K", "open the K-th citation of the last answer (typing K alone does the same)", lambda s, a: s.open(a)),
        Command("back", "", "show the previous view again", lambda s, a: s.move(-1), ("b",)),
        Command("forward", "", "undo :back", lambda s, a: s.move(1), ("f",)),
        Command("sources", "", "what is loaded: files, formats, counts, the CR's date, the card data and tournament documents", _sources),
        Command("new", "", "start a new conversation: follow-up questions carry nothing over", new_command),
        Command("topic", "", "what follow-up questions carry over from earlier ones", topic_command),
        Command("diff", "OLD NEW [N]", "what changed between two CR versions (installed dates or files), all or rule N", diff_command),
        Command("quit", "", "leave (Ctrl-D does the same)", _quit, ("q", "exit")),
    )
}
"""Every ``:command``; other modules may add to it (a ``:diff`` command, for one)."""

_NAMES: dict[str, Command] = {}


def _command_hint(name: str) -> str:
    """What an unknown command name may have meant: the commands it begins ("; :c is :card or :cites: type more"), else
    the nearest name ("; did you mean :sources?"), else where the commands are listed."""
    lookup_command(name)  # the names, as the lookup knows them
    starting = sorted({c.name for n, c in _NAMES.items() if n.startswith(name)}) if name else []
    if len(starting) > 1:
        return f"; :{name} begins {' and '.join(f':{n}' for n in starting)}: type more of it"
    close = difflib.get_close_matches(name, list(_NAMES), n=1, cutoff=0.5)
    return f"; did you mean :{_NAMES[close[0]].name}?" if close else "; :help lists the commands"


def lookup_command(name: str) -> Command | None:
    """A command by name, alias or unambiguous prefix."""
    _NAMES.clear()
    for c in COMMANDS.values():
        _NAMES.update({n: c for n in (c.name, *c.aliases)})
    if name in _NAMES:
        return _NAMES[name]
    starting = {c.name for n, c in _NAMES.items() if n.startswith(name)} if name else set()
    return COMMANDS[starting.pop()] if len(starting) == 1 else None

