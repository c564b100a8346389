"""A rules answer's first paragraph: what a FAQ entry asked alike answers, a heading's first parts, the sentence of the
first rule that speaks to the question (:func:`~rulesgraph.answer.firstplace.telling_sentence`), or — when none does —
which rules bear on it, said plainly (:data:`UNSETTLED_LEAD`).  Read by :func:`rulesgraph.answer.compose.rules_view`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .firstplace import _SENTENCE, LINE, SETTLES, faq_answers, telling_sentence

if TYPE_CHECKING:
    from ..build.corpus import Rulebook
    from ..question.analyze import Analysis
    from ..rank.ranking import Scored

__all__ = ["UNSETTLED", "UNSETTLED_LEAD", "deciding", "direct", "short"]

def short(text: str, sentences: int = 2, limit: int = 400) -> str:
    """The first ``sentences`` sentences of ``text``'s first paragraph, cut at ``limit`` characters."""
    parts = _SENTENCE.split(" ".join(text.split("\n\n")[0].split()))
    out = " ".join(parts[:sentences])
    return out if len(out) <= limit else out[: limit - 1].rsplit(" ", 1)[0] + "…"


UNSETTLED_LEAD = "The rules that bear on it: "
UNSETTLED = 0.6
"""The most confidence an answer is given whose first paragraph says which rules bear on it (no sentence of its first rule
speaks to the question): below :data:`rulesgraph.answer.confidence.HIGH`.  On the real tuning questions (stop 46, the card
data installed) 855 of 2,351 answers were such, their first rule an expected one in 316 (37%); of the 1,114 whose first
paragraph quotes a rule's sentence, 524 (47%)."""


def deciding(book: Rulebook, chosen: list[Scored], most: int = 3) -> str:
    """The answer line when no sentence of the first rule speaks to the question: which rules bear on it (not "decide it":
    the first is an expected rule in about a third of them, :data:`UNSETTLED`)."""
    g = book.qg
    named = []
    for c in chosen:
        data = g.nodes[c.node]
        if data["kind"] == "faq":
            continue
        title = data.get("title") or ""
        named.append(f"{data['label']} {title}" if title and title != data["label"] else str(data["label"]))
        if len(named) >= most:
            break
    return UNSETTLED_LEAD + ", ".join(named) + "."


def direct(book: Rulebook, a: Analysis, chosen: list[Scored], defining: bool) -> str | None:
    """The first paragraph of the rules' answer ``chosen`` (best first) to the question ``a``; ``defining``: the question
    only names a thing.  A rule the question names by its number ("what does rule 704.5k say?") is read as written
    when no sentence of it holds the question's words (its number is no word any sentence holds)."""
    if not chosen:
        return None
    g = book.qg
    top = g.nodes[chosen[0].node]
    faq = next((c.node for c in chosen[:2] if g.nodes[c.node]["kind"] == "faq"), None)
    if faq and (not defining or top["kind"] == "faq") and faq_answers(book.index, g, a, faq):
        return short(g.nodes[faq]["answer"], 3)  # a FAQ entry this close to the top, asked alike, answers it as asked
    if top["kind"] == "faq":  # asked otherwise: the best rule says more than someone else's question
        rule = next((c for c in chosen if g.nodes[c.node]["kind"] != "faq"), None)
        if rule is None:
            return short(top["answer"], 3)
        top, chosen = g.nodes[rule.node], [rule]
    named = chosen[0].node in {m.node for m in a.of_kind("rule")}
    if top["kind"] in ("rule", "section", "chapter") and top.get("title") and top["text"] == top["title"]:
        children = g.targets(chosen[0].node, "contains")  # a heading: its first subrules say what it is
        if children:
            telling = [telling_sentence(book.index, a, g.nodes[c]["text"]) for c in children]
            best = max(range(len(children)), key=lambda j: (telling[j][1], -j))
            if telling[best][1] < SETTLES and not named:
                return deciding(book, chosen)
            if best > 0 and telling[best][1] > telling[0][1]:  # a later subrule speaks to the question
                return _sentence(telling[best][0])
            said = short(g.nodes[children[0]]["text"])
            if len(said) < 80 and len(children) > 1:  # "Deathtouch is a static ability." says too little alone
                said += " " + short(g.nodes[children[1]]["text"])
            return said
        return None if not defining else top["title"]
    sentence, share = telling_sentence(book.index, a, top["text"])
    if share < SETTLES:
        return short(top["text"]) if named else deciding(book, chosen)
    if short(top["text"], 1) == sentence or sentence == "":
        return short(top["text"])  # the rule's first words speak to the question: as a rule is read
    return _sentence(sentence)


def _sentence(sentence: str, limit: int = LINE) -> str:
    return sentence if len(sentence) <= limit else sentence[: limit - 1].rsplit(" ", 1)[0] + "…"
