"""The CR's ability templates and the glossary's terms as single words, read once per graph: helpers of the card
steps (rules 38 and 45).  The steps that read a card's abilities and a kind of triggered ability's glossary term
(rules 31 and 42) earned nothing on the real tuning questions and were deleted in stop 26; rules 50 and 51, which used
these too, in stops 34 and 58.
"""

from __future__ import annotations

import re

from ...build.qgraph import QGraph
from ...common.lazyre import lazy
from .effects import TEMPLATE

__all__ = ["glossary_terms", "templates", "trigger_templates"]

_OPENS = lazy(r"begin with\)? the word “([a-z]+),” “([a-z]+),” or “([a-z]+)\.?”|\[([A-Za-z]+(?:/[A-Za-z]+)+)\]")
"""The words a triggered ability's template opens with: "[When/Whenever/At]" (603.1), "(and usually begin with) the word
“when,” “whenever,” or “at.”" (113.3c)."""


def templates(g: QGraph) -> tuple[tuple[re.Pattern[str], ...], tuple[str, ...]]:
    """The ability templates of the loaded rules, each as the pattern a line of Oracle text with such an ability opens
    with, and the sections giving every one of them (``("113",)``); built once per graph, kept in its memo."""
    known = g.memo.get("ability templates")
    if known is None:
        found: dict[str, set[str]] = {}
        for i in range(len(g.ids)):
            section = g.section[i]
            if g.kind[i] not in ("rule", "subrule") or section is None or " written as " not in g.word_line(i):
                continue  # read without decoding the rule: a template is "written as “…”"
            if g.attrs[i].get("numbering") != "cr":
                continue
            text = g.attrs[i].get("text") or ""
            for m in TEMPLATE.finditer(text):
                opens = _OPENS.search(text)
                if m.group(2) == ":":
                    head = r"[^:\n]*:"
                elif opens:
                    said = opens.group(4).split("/") if opens.group(4) else opens.group(1, 2, 3)
                    head = rf"(?:{'|'.join(re.escape(w.capitalize()) for w in said)})\b[^,\n]*,"
                else:
                    continue
                found.setdefault(head, set()).add(section)
        common = set.intersection(*found.values()) if found else set()
        known = g.memo["ability templates"] = (
            tuple(re.compile(rf"^{head}", re.MULTILINE) for head in found), tuple(sorted(common)))
    return known


def trigger_templates(g: QGraph) -> tuple[re.Pattern[str], ...]:
    """Of :func:`templates`' patterns, those of triggered abilities: they open with a trigger word ("When", "Whenever",
    "At", 603.1), where an activated ability's runs to its colon (602.1)."""
    return tuple(p for p in templates(g)[0] if not p.pattern.endswith(":"))


def glossary_terms(g: QGraph) -> dict[str, int]:
    """The glossary entries by their terms in lower case (read from the nodes' ids, once per graph)."""
    known = g.memo.get("glossary by term")
    if known is None:
        known = g.memo["glossary by term"] = {n[len("glossary:"):].lower(): i for i, n in enumerate(g.ids) if n.startswith("glossary:")}
    return known


