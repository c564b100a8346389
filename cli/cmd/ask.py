"""``rulesgraph ask``: answer one question (or, with ``-``, one per line of stdin) as text or JSON."""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from rulesgraph import Rulebook, RulesgraphError
from rulesgraph.answer.compose import answer_json, ask, citation
from rulesgraph.common.text import clean
from rulesgraph.errors import CardDataError
from rulesgraph.question.read import Question

from ..context import Context
from ..safe import from_argv, visible
from ..streams import lines_of

if TYPE_CHECKING:
    from rulesgraph.model import Answer
    from rulesgraph.question.conversation import Conversation
    from rulesgraph.question.namedcards import CardDeck

HELP = "answer a rules question with the rules cited ('-' reads one question per line from stdin)"
EXIT = ("exit status: 0 answered, a question the rules don't cover included (one line saying so and why; in --json "
        "'in_rules': false and the reason in 'why'); 1 nothing found (no citations nor answer); 2 misuse; 130 interrupted (Ctrl-C)")
EMPTY = "empty question: type a rules question, a rule number or a keyword"
COLLECT = 1000
"""Questions read from stdin between two runs of the cyclic collector, which is otherwise off while they are answered:
a question's garbage is freed by reference counting as it goes, and the collector's automatic runs (some 20 over
long.jsonl's 185 questions, ~5 ms a full one) walked what the answers keep (the index's memo) again and again for
next to nothing; a run every thousand questions still frees what cycles an endless stream leaves."""


_MISSING = (" in the loaded rules", " in the installed documents")
"""How a caveat ends that says the rule or passage asked for by number is missing: the error line is that caveat alone."""


def citations(value: str) -> int:
    """``-k``: a whole number from 1 to 50."""
    try:
        k = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
    if not 1 <= k <= 50:
        raise argparse.ArgumentTypeError(f"must be from 1 to 50, not {k}")
    return k


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("ask", help=HELP, description=HELP, epilog=EXIT)
    p.add_argument("question", nargs="*", metavar="QUESTION", help="the question (several words are joined with spaces), or -")
    p.add_argument("--json", action="store_true", help="print the answer as one JSON object (one per line with -)")
    p.add_argument("-k", type=citations, default=argparse.SUPPRESS, metavar="N",
                   help="at most N citations of the rules (default 5, or the config's); the named cards' rulings are cited besides")
    p.add_argument("--conversation", action="store_true",
                   help="with -: treat the lines as one conversation, follow-ups carrying earlier subjects (default: each alone)")
    return p


def failed(question: str, message: str) -> dict[str, Any]:
    """The JSON line for a question that could not be asked: the answer's keys, no citations, the reason in ``why`` and in
    ``error``, the one key an answer never has (a blank line is no question, so it is no rules question either:
    ``in_rules`` is false)."""
    return {"question": question, "answer": None, "citations": [], "keywords": [], "confidence": 0.0, "why": [message],
            "alternatives": [], "in_rules": False, "caveats": [], "cards": [], "error": message}


def nothing_found(answer: Answer) -> str | None:
    """The error line for an answer that found nothing (no citations nor answer, a rules question), else ``None``: what
    is missing when a number asked for is, else that nothing matches (a caveat, such as the question cut short, first)."""
    if answer.citations or answer.answer or not answer.in_rules:
        return None
    said = "; ".join(answer.caveats)
    if said and all(c.startswith("no ") and c.endswith(_MISSING) for c in answer.caveats):
        return said
    also = f"; did you mean {'; '.join(answer.alternatives)}?" if answer.alternatives else ""
    return (f"{said}{'; ' if said else ''}nothing in the loaded rules matches that question: ask it in other words, "
            f"try a rule number (rulesgraph rule N) or a keyword (rulesgraph kw NAME){also}")


def _answer(book: Rulebook, question: str, k: int, conversation: Conversation | None = None,
            note: Callable[[str], None] = lambda message: None, deck: CardDeck | None = None,
            drop: Callable[[], None] = lambda: None, rel: str = "") -> Any:
    if not clean(question):
        raise RulesgraphError(EMPTY)
    return answer_or_rules(book, question, k, conversation, note, deck, drop, rel)


def answer_or_rules(book: Rulebook, question: str, k: int, conversation: Conversation | None,
                    note: Callable[[str], None], deck: CardDeck | None = None, drop: Callable[[], None] = lambda: None,
                    rel: str = "") -> Answer:
    """:func:`~rulesgraph.answer.compose.ask`, at the Rules Enforcement Level ``rel`` when the question says none (the
    config's ``rel``, ``--rel``); when reading the installed cards fails (a damaged store: a dropped table, pages
    that do not read), its one line goes to ``note`` and the question is answered from the rules alone, the cards
    left out for the rest of the process (``drop``; ``rulesgraph update cards`` mends them)."""
    read = Question(question, level=rel or None)
    try:
        return ask(book, read, k, conversation, deck=deck)
    except CardDataError as exc:
        note(str(exc))
        drop()
        return ask(book, read, k, conversation)


def _lines() -> Iterator[str]:
    """Questions from stdin, one a line, none longer than :data:`~rulesgraph_cli.streams.LINE_LIMIT`; an error reading it
    is one line (an error writing answers is not this)."""
    lines = lines_of(getattr(sys.stdin, "buffer", None) or sys.stdin)
    while True:
        try:
            line = next(lines)
        except StopIteration:
            return
        except OSError as exc:
            raise RulesgraphError(f"cannot read questions from stdin ({exc.strerror or exc})") from None
        yield line


def _stream(ctx: Context, k: int) -> int:
    collecting = gc.isenabled()
    gc.disable()  # from the start: the collector's runs while the rules loaded walked what they had just made
    try:
        return _answer_lines(ctx, k)
    finally:
        if collecting:
            gc.enable()


def _answer_lines(ctx: Context, k: int) -> int:
    """Answer each line of stdin (the collector off, run every :data:`COLLECT` questions)."""
    book = ctx.book()  # the cards are opened at the first question (no questions, nothing said about them)
    cards_opened = False
    console = None if ctx.args.json else ctx.console(wrap=True)
    if console is not None:  # rich and the renderer only for text output
        from rich.text import Text

        from ..render.answer import render_answer
        from ..render.core import text

        opts = ctx.render_options()
    conversation = None
    if ctx.args.conversation:
        from rulesgraph.question.conversation import Conversation

        conversation = Conversation()
    for n, question in enumerate(_lines(), 1):
        if n % COLLECT == 0:
            gc.collect()
        if not cards_opened and clean(question):
            book, cards_opened = ctx.answering_book(), True
        try:
            answer = _answer(book, question, k, conversation, ctx.note_once, ctx.deck, ctx.drop_cards, ctx.config().rel)
        except RulesgraphError as exc:
            if console is None:
                ctx.json(failed(question, str(exc)))
            else:
                said = Text("? ").append_text(text(question, newlines=False))
                console.print(said.append(f"\nerror: {visible(str(exc), newlines=False)}\n"))
            continue
        ctx.card_hint(book, question)
        if console is None:  # a line nothing answers says so in 'error', as the one-shot command does
            ctx.json({**answer_json(answer), **({"error": message} if (message := nothing_found(answer)) else {})})
        else:
            console.print(Text("? ", style="bold").append_text(text(question, "bold", newlines=False)))  # a 1 MB line: its start
            console.print(render_answer(answer, opts, [citation(book, c) for c in answer.see_also]))
            console.print()
            console.file.flush()
    return 0


def run(ctx: Context) -> int:
    words = ctx.args.question
    k = ctx.config().citations
    if words == ["-"]:
        return _stream(ctx, k)
    if words and words[0] == "-":  # "ask - extra words": stdin, or a question? neither guessed
        raise RulesgraphError("ask: '-' reads questions from stdin and takes no other words; to ask about a minus, quote it")
    if ctx.args.conversation:
        raise RulesgraphError("ask --conversation needs '-' (questions on stdin): one question alone has no conversation")
    if not words:
        raise RulesgraphError("ask: give a question, or - to read one question per line from stdin")
    question = from_argv(" ".join(words))
    if not clean(question):  # before the cards are opened: a misuse is one line
        raise RulesgraphError(EMPTY)
    collecting = gc.isenabled()
    gc.disable()  # as for a stream's questions (COLLECT): the collector's runs walked what loading the rules and cards
    try:  # had just made (5-10 ms of a one-question process); one question's garbage is freed by reference counting
        return _one(ctx, question, k)
    finally:
        if collecting:
            gc.enable()


def _one(ctx: Context, question: str, k: int) -> int:
    """Answer ``question``, the one the command line asked."""
    book = ctx.answering_book()
    answer = _answer(book, question, k, note=ctx.note_once, deck=ctx.deck, drop=ctx.drop_cards, rel=ctx.config().rel)
    ctx.card_hint(book, question)
    message = nothing_found(answer)  # one line on stderr, as README and --help say (and in the JSON's 'error')
    if ctx.args.json:
        ctx.json({**answer_json(answer), **({"error": message} if message else {})})
    if message:
        ctx.note(message)
    elif not ctx.args.json:
        from ..output import show
        from ..render.answer import render_answer

        show(ctx.console(wrap=True), render_answer(answer, ctx.render_options(), [citation(book, n) for n in answer.see_also]),
             page=ctx.page)
    return 0 if message is None else 1  # a name several cards share: they are offered
