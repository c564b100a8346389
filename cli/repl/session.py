"""The REPL's commands about the session: what follow-ups carry (``:topic``, ``:new``) and what changed between two
installed rules versions (``:diff``, as ``rulesgraph diff`` says it)."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Protocol

from rich.console import Group
from rich.table import Table
from rich.text import Text

from rulesgraph import RulesgraphError
from rulesgraph.errors import NotFound
from rulesgraph.versions import store

from ..render.core import DIM, text
from ..render.diff import diff_group
from .views import Outcome

if TYPE_CHECKING:
    from rulesgraph import Rulebook
    from rulesgraph.question.conversation import Conversation

    from ..render.core import RenderOptions

__all__ = ["diff_command", "new_command", "topic_command"]


class Shell(Protocol):
    """What these commands read of the REPL's :class:`~rulesgraph_cli.repl.commands.Shell` (named here, not imported:
    the shell imports them)."""

    book: Rulebook
    opts: RenderOptions
    conversation: Conversation


def new_command(shell: Shell, arg: str) -> Outcome:
    shell.conversation.reset()
    return Outcome(Text("New conversation: the next question carries nothing over.", style=DIM))


def topic_command(shell: Shell, arg: str) -> Outcome:
    conv = shell.conversation
    if not conv.subjects and not conv.cards and not conv.policy:
        return Outcome(Text("Nothing is carried over: ask a question, then follow up with 'and with …?', 'what if it …'.", style=DIM))
    grid = Table.grid(padding=(0, 2))
    if conv.policy:  # a follow-up is heard after it ("what's the fix?", "what about at FNM?")
        grid.add_row(text(" ".join(f"{conv.policy_before} {conv.policy}".split()), newlines=False), Text(""), Text("policy question"))
    said: dict[str, tuple[float, list[str]]] = {}  # one row a name: a card and the keyword it carries are one subject
    for key, (_, weight) in sorted(conv.cards.items(), key=lambda kv: -kv[1][1]):  # the cards follow-ups are about
        said[key] = (weight, ["card"])
    for match, weight in sorted(conv.subjects.values(), key=lambda mw: -mw[1]):
        best, nodes = said.get(match.said, (weight, []))
        label = shell.book.qg.nodes[match.node]["label"] if match.node in shell.book.qg else match.node
        kind = {"title": "rule", "glossary": "glossary entry"}.get(match.kind, match.kind)
        said[match.said] = (max(best, weight), [*nodes, f"{kind} {label}"])
    for words, (weight, nodes) in said.items():
        grid.add_row(text(words, newlines=False), Text(f"{weight:.0%}", style=DIM), text(", ".join(dict.fromkeys(nodes))))
    return Outcome(Group(Text("Follow-up questions carry (weight fades each turn):", style=DIM), grid))


def diff_command(shell: Shell, arg: str) -> Outcome:
    """``:diff OLD NEW [N]``: a path with spaces quoted as a shell would take it; a rule neither version has said, not
    shown as "0 → 0"; the later version given first said, as ``rulesgraph diff`` says both."""
    try:
        parts = shlex.split(arg)
    except ValueError:  # an unclosed quote: the words as typed
        parts = arg.split()
    if parts and (parts[0].startswith("--doc") or parts[0].lower() in ("mtr", "ipg", "jar")):  # was "--doc: neither an installed date …"
        raise RulesgraphError(":diff compares versions of the Comprehensive Rules; 'rulesgraph diff --doc mtr|ipg|jar [OLD NEW]' "
                              "compares the tournament documents'")
    if len(parts) not in (2, 3):
        raise RulesgraphError("usage: :diff OLD NEW [N], OLD and NEW installed dates (see 'rulesgraph versions') or files")
    from rulesgraph.versions.diff import diff_files  # the differ (and the CR parser it needs) only for :diff

    old, new = str(store.resolve(parts[0])), str(store.resolve(parts[1]))
    rule = parts[2] if len(parts) == 3 else None
    diff = diff_files(old, new, rule)
    if rule and diff.compared == (0, 0):
        raise NotFound(f"no rule {rule} in either version")
    shown = diff_group(diff, plain=not shell.opts.links, limit=40)
    if diff.old_path == new != old:  # the later version given first: turned round, and said
        note = f"{parts[1]} is the earlier version: compared from {diff.old} to {diff.new}"
        return Outcome(Group(Text(note, style=DIM), shown))
    return Outcome(shown)
