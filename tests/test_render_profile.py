"""Rendering a profile: a golden file (width 80, no colour) and the numbering the REPL's number keys follow."""

from __future__ import annotations

from rulesgraph import Rulebook
from rulesgraph.answer.profile import profile
from rulesgraph_cli.output import plain_text
from rulesgraph_cli.render.core import RenderOptions
from rulesgraph_cli.render.profile import CITED_BY_SHOWN, profile_targets, render_profile

from .test_render import golden

OPTS = RenderOptions()


def test_golden_keyword_profile(full_book: Rulebook) -> None:
    golden("profile-umbra-armor", plain_text(render_profile(profile(full_book, "totem armor"), OPTS)))


def test_targets_follow_the_numbers_shown(full_book: Rulebook) -> None:
    p = profile(full_book, "trample")
    shown = plain_text(render_profile(p, OPTS))
    targets = profile_targets(p)
    assert targets and len(targets) <= len(p.defining) + len(p.glossary) + len(p.faq) + len(p.related) + CITED_BY_SHOWN
    for n, node in enumerate(targets, 1):
        line = next(line for line in shown.splitlines() if line.lstrip().startswith(f"[{n}] "))
        assert node.split(":", 1)[-1].lower() in line.lower(), (n, node, line)  # the number opens what its line names


def test_a_few_defining_rules_are_shown_whole(full_book: Rulebook) -> None:
    """``kw "legend rule"`` cut 704.5j, the rule the term is about, at "… are controll…" (a trial): up to WHOLE_DEFINING
    defining rules are wrapped whole; the other sections stay a line each."""
    shown = plain_text(render_profile(profile(full_book, "legend rule"), OPTS))
    said = " ".join(shown.split())
    assert "the rest are put into their owners’ graveyards. This is called the “legend rule.”" in said
    glossary = shown.split("\nglossary\n", 1)[1].splitlines()[0]
    assert glossary.endswith("…")  # a glossary row is still one line
