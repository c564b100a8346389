"""Parse unnumbered keyword sections: a heading line, then its paragraphs (a web page's text).

A heading is a short line with no closing punctuation standing alone in its paragraph.
A section whose first paragraph names its heading (``Deathtouch is a static ability.``)
is a keyword; a heading with no body in the middle of the page (``Haste``) is still a
keyword, with no text.  Headings before the first section with a body, other than the
last one, are page chrome (``Search``); lines without letters or digits are decoration.
Both are reported as skipped, never silently dropped.
"""

from __future__ import annotations

from ..common.text import slug
from ..model import Document, Example, Origin, Rule, Skipped
from ..sources.detect import is_heading, names_heading, paragraphs
from ..sources.read import SourceText
from .refs import find_refs

__all__ = ["parse_sections"]

def _unique(key: str, taken: set[str]) -> str:
    """``key``, or ``key-2``, ``key-3`` … when a section of the same name came before (nothing is overwritten)."""
    n, out = 1, key
    while out in taken:
        n += 1
        out = f"{key}-{n}"
    taken.add(out)
    return out


def parse_sections(source: SourceText) -> Document:
    """Parse a page of unnumbered keyword sections."""
    file = source.path
    blocks = [(n, b) for n, b in paragraphs(source.lines)]
    skipped: list[Skipped] = []
    kept: list[tuple[int, list[str]]] = []
    for n, b in blocks:
        if not any(ch.isalnum() for ch in " ".join(b)):
            skipped.append(Skipped("decoration", " ".join(b), Origin(file, n)))
        else:
            kept.append((n, b))
    first_body = next((i for i, (_, b) in enumerate(kept) if not is_heading(b)), len(kept))
    for n, b in kept[: max(first_body - 1, 0)]:
        skipped.append(Skipped("page chrome (heading with nothing under it before the first section)", b[0], Origin(file, n)))
    kept = kept[max(first_body - 1, 0) :]

    rules: list[Rule] = []
    keywords: list[str] = []
    keys: set[str] = set()
    i = 0
    while i < len(kept):
        n, block = kept[i]
        if not is_heading(block):  # text before any heading: a section of its own, untitled
            heading, start, body_from = None, n, i
        else:
            heading, start, body_from = block[0], n, i + 1
        j = body_from
        while j < len(kept) and not is_heading(kept[j][1]):
            j += 1
        body = kept[body_from:j]
        is_keyword = heading is not None and (not body or names_heading(heading, " ".join(body[0][1])))
        if is_keyword and heading:
            keywords.append(heading)
        key = _unique(slug(heading or "") or f"untitled-{start}", keys)
        origin = Origin(file, start)
        rules.append(Rule(key, None, "rule", heading or "", origin, heading, keyword=heading if is_keyword else None))
        paragraph_no = 0
        for pn, para in body:
            text = "\n".join(para)
            porigin = Origin(file, pn)
            if text.startswith("Example:") and rules[-1].level == "paragraph":
                prev = rules[-1]
                examples = (*prev.examples, Example(text, porigin))
                rules[-1] = Rule(prev.key, None, "paragraph", prev.text, prev.origin, None, examples, prev.refs + find_refs(text, porigin),
                                 prev.keyword)
                continue
            paragraph_no += 1
            rules.append(Rule(f"{key}.{paragraph_no}", None, "paragraph", text, porigin, None, (), find_refs(text, porigin),
                              heading if is_keyword else None))
        i = j
    return Document(
        id=source.stem,
        path=file,
        format="sections",
        sha256=source.sha256,
        title=None,
        numbering="none",
        rules=tuple(rules),
        keywords=tuple(keywords),
        skipped=tuple(sorted(skipped, key=lambda s: s.origin.line)),
        encoding=source.encoding,
        lines=len(source.lines),
    )
