"""What may come first in an answer, and its first paragraph written: the rules that keep its first line honest.

- a rule of one multiplayer or casual variant (Two-Headed Giant, Commander, Planechase …) is never the first
  citation of a question that names no variant: "who goes first in a two-player game" is not a Two-Headed
  Giant question, however well 810.x's words match;
- a FAQ entry gives the direct answer only when its question really is the player's: alike in words
  (rapidfuzz token-set ratio at least :data:`FAQ_ALIKE`) and holding most of what the question asks (at
  least :data:`FAQ_HOLDS` of its own idf-weighted words); otherwise the top rule's text is the answer line;
- the answer line is the sentence of the first rule that speaks to the question (:func:`telling_sentence`: the one
  holding most of the question's own words, with the sentences it leans on: "This is called the “legend rule.”" comes
  with the rule it names), not the rule's first words; when no sentence holds at least
  :data:`SETTLES` of them, the answer says plainly which rules bear on it rather than quote one as if it answered
  (:func:`direct` writes it: a heading's first parts, a rule the question names by number as written).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rapidfuzz import fuzz

from ..build.index import Index, doc_terms
from ..build.qgraph import QGraph
from ..common.lazyre import lazy
from ..question.analyze import FRAMING_TERMS as _FRAMING
from ..question.analyze import Analysis

if TYPE_CHECKING:
    from ..build.corpus import Rulebook
    from ..rank.ranking import Scored

__all__ = ["ALONE", "CARD_WORDS", "FAQ_ALIKE", "FAQ_HOLDS", "LINE", "LISTED", "SENTENCE", "SETTLES", "UNSETTLED", "UNSETTLED_LEAD", "WHOLE",
           "asked_words", "card_says", "changed_rules", "deciding", "direct", "faq_answers", "fitted", "listing", "names_a_variant",
           "no_variant_first", "reminded", "short", "telling_sentence", "unsettled"]

FAQ_ALIKE = 70
"""Least token-set ratio (0-100) between the question and a FAQ entry's question for the entry to answer it."""
FAQ_HOLDS = 0.5
"""Least share of the question's own (idf-weighted, framing left out) words a FAQ entry must hold to answer it."""
SETTLES = 0.2
"""Least share of the question's own (idf-weighted) words the answer line's sentence must hold to be given as the answer."""
QUOTE_TAIL = 60
"""A quotation's last sentence (its closing quote in it) at most this long stays with the sentence that opened it: 702.6a's
answer ended "“[Cost]: Attach this permanent to target creature you control." without "Activate only as a sorcery.”"."""
_MEANS = lazy(r"\bmeans? “")
"""What a keyword's quotation says: ``“Cascade” means “…”`` (:func:`fitted`), not a rule's "(See rule 509, “Declare …”)"."""
QUOTE_WHOLE = 480
"""A sentence opening a quotation is given with the rest of the quotation when together they are at most this long: 702.85a's
"“Cascade” means “When you cast this spell, exile cards …" stopped before "You may cast that card …" (a trial)."""
_ENDS = lazy(r"(?:(?<=[.!?])|(?<=[.!?][”\"’)])|(?<=[.!?][”\"’]\)))\s+(?=[A-Z“\"(])")


class _Sentences:
    """``SENTENCE.split(text)``: the sentences of ``text``."""

    def split(self, text: str) -> list[str]:
        out: list[str] = []
        pieces = _ENDS.split(text)
        i = 0
        while i < len(pieces):
            piece, i = pieces[i], i + 1
            if out and out[-1].count("(") > out[-1].count(")"):  # within a bracket: "(This is a state-based action. See
                out[-1] += " " + piece  # rule 704.)" is one, not "(This is a state-based action." with its bracket open
            elif out and out[-1].count("“") > out[-1].count("”") and (end := _closing(pieces, i - 1, len(out[-1]))) is not None:
                out[-1] = " ".join([out[-1], *pieces[i - 1 : end + 1]])  # a quotation whole: "… Activate only as a sorcery.”"
                i = end + 1
            else:
                out.append(piece)
        return out


def _closing(pieces: list[str], start: int, said: int) -> int | None:
    """The piece at or after ``start`` closing the quotation a sentence of ``said`` characters opened, when the sentence
    and those pieces fit :data:`QUOTE_WHOLE` together, or its last sentence alone :data:`QUOTE_TAIL`; else None."""
    end = next((j for j in range(start, len(pieces)) if "”" in pieces[j]), None)
    if end is None:
        return None
    whole = said + sum(len(p) + 1 for p in pieces[start : end + 1])
    return end if whole <= QUOTE_WHOLE or (end == start and len(pieces[start]) <= QUOTE_TAIL) else None


SENTENCE = _Sentences()
"""Where a sentence ends: after ".", "!" or "?", or after a quotation or a bracket closing on one, or both ("… such as “Choose one
—.” Each of those options is a mode.", "(Some effects can modify a player’s starting hand size.) A player who is …"),
before a capital, a quote or a bracket — never inside a bracket (903.10a's answer ended "(This is a state-based action."
open: a trial)."""
_LEANS_BACK = lazy(r"^\(?(?:See|This|These|That|Those|Such|It|Its|They|Their|However|Then|Otherwise|Rather|Similarly|"
                   r"Doing so|(?:If|When) (?:you|they|that player) (?:do|does|don[’']t|doesn[’']t)|If (?:so|not))\b")
"""A sentence that does not stand alone: it opens on what the sentence before it said ("This rule is informally called
the “summoning sickness” rule.", "This is called the “legend rule.”", "However, …", a card's "If you do, counter that
spell.") or only points elsewhere ("(See rule 509, …)")."""
_POINTS_BACK = lazy(r"\b(?:this|these) (?:layer|sublayer|rule|step|phase|process|sequence)\b")
"""A sentence naming what it speaks of by pointing at the one before: "Effects that refer to the base power and/or
toughness of a creature apply in this layer." (613.4b), "Ignore this rule for creatures with haste" (602.5a)."""
_NAMING = lazy(r"^(?:This|These)(?: rule)? (?:is|are) (?:informally )?(?:called|referred to as)\b")
"""A sentence that names what the sentences before it say ("This rule is informally called the “summoning sickness”
rule."): it names the whole rule, so it is given with whichever of them speaks to the question's other words."""
LINE = 400
"""The most characters of an answer line: what a leaning sentence leans on is cut to fit (the telling sentence never is,
unless it is longer alone)."""
WHOLE = 2 * LINE
"""A telling sentence is cut only beyond this many characters (22 of the 2026 CR's 7,942 sentences are longer than
:data:`LINE`, 5 longer than this): cut at :data:`LINE`, its deciding clause went ("… and may also set additional…").
A subrule listed under a rule's announcement (:func:`listing`) is given whole within ``WHOLE`` shared by those listed,
at least ``LINE // 2`` each: two of them, as 605.1's criteria for mana abilities, each whole (cut at 200, 605.1b lost
"… activated mana ability, and it could add mana")."""
LEANS = 3
"""At most this many sentences before the telling one are given with it."""
ALONE = 60
"""A telling sentence shorter than this many characters is given with the one before it ("Each of those options is a
mode." after 700.2's "A spell or ability is modal if …")."""
LISTED = 8
"""A first paragraph ending on a colon ("… applied in a series of layers in the following order:", "There are twelve special
actions:") is followed by its rule's subrules, at most this many (:func:`listing`), then how many more there are."""
ROOM = 40
"""Fewer characters than this left for what it leans on: the telling sentence is given alone."""


def names_a_variant(g: QGraph, a: Analysis) -> bool:
    """Whether something the question names leads to a variant's rules: a variant rule itself, or a term,
    keyword or title that lies in a variant section or whose entry cites only a variant's rules
    (:meth:`~rulesgraph.build.qgraph.QGraph.cites_variant`: not Lose the Game, citing rule 104 and 810.8)."""
    for m in a.matches:
        i = g.num.get(m.node)
        if i is None:
            continue
        if g.variant[i] or g.cites_variant(i):
            return True
    return False


def no_variant_first(g: QGraph, a: Analysis, nodes: list[str]) -> list[str]:
    """``nodes`` (citation ids in rank order) with the first one that is not a variant's rule moved to the
    front when the first is a variant's rule and the question names no variant."""
    if not nodes or not g.variant[g.num[nodes[0]]] or names_a_variant(g, a):
        return nodes
    other = next((n for n in nodes if not g.variant[g.num[n]]), None)
    if other is None:
        return nodes
    return [other, *(n for n in nodes if n != other)]


def in_rule_order(g: QGraph, a: Analysis, nodes: list[str]) -> list[str]:
    """``nodes`` (citation ids in rank order) with the subrules of the keyword a question asks the meaning of ("what does
    trample do?") in the order its rule gives them, in the places they were cited at (702.19a before 702.19d and
    702.19g, not after them); any other question keeps the ranking's order, where a subrule speaking to its situation
    leads."""
    from ..build.relations import definers
    from ..parse.numbers import parent_of
    from ..question.analyze import defined_subject

    subject = defined_subject(list(a.words), list(a.matches))
    if subject is None:
        return nodes
    rules = set(definers(g, subject.node))
    places = [i for i, n in enumerate(nodes) if parent_of(n) in rules]
    ordered = sorted((nodes[i] for i in places), key=lambda n: g.num.get(n, 0))
    out = list(nodes)
    for i, n in zip(places, ordered, strict=True):
        out[i] = n
    return out


def faq_answers(index: Index, g: QGraph, a: Analysis, faq: str) -> bool:
    """Whether the FAQ entry ``faq`` is asked as the player asks (see the module docstring)."""
    data = g.nodes[faq]
    if fuzz.token_set_ratio(" ".join(a.words), data["question"].lower()) < FAQ_ALIKE:
        return False
    own = {t: index.idf.get(t, 0.0) for t, w in a.terms if w == 1.0 and t not in _FRAMING}
    total = sum(own.values())
    if not total:
        return True
    held = set(doc_terms(f"{data['question']} {data['answer']}"))
    return sum(v for t, v in own.items() if t in held) / total >= FAQ_HOLDS


def asked_words(index: Index, a: Analysis) -> dict[str, float]:
    """The question's own words (framing words, the named cards' names and the rule numbers it says left out: ``702``,
    ``19b`` of "what is 702.19b", which no sentence holds) with their idf."""
    names = {t for c in a.cards for t in c.name_terms} | {t for m in a.of_kind("rule") for t in doc_terms(m.said)}
    return {t: index.idf.get(t, 0.0) for t, w in a.terms if w == 1.0 and t not in _FRAMING and t not in names}


def telling_sentence(index: Index, a: Analysis, text: str) -> tuple[str, float]:
    """The sentence of ``text`` (a rule's first paragraph) that holds most of the question's own idf-weighted words, the
    first of equals, with the share it holds (1.0 when the question says nothing of its own); one that does not stand
    alone (:data:`_LEANS_BACK`, :data:`_POINTS_BACK`) is given with the sentences before it back to one that does (cut to :data:`LINE`):
    "summoning sickness" is named by 302.6's last sentence, but what the rule says is the one before — or, the last
    naming the whole rule (:data:`_NAMING`), the one before it holding most of the question's other words ("tap for
    mana": 302.6's first, on abilities with the tap symbol)."""
    sentences = [p for p in SENTENCE.split(" ".join(text.split("\n\n")[0].split())) if p]
    if not sentences:
        return "", 0.0
    own = asked_words(index, a)
    total = sum(own.values())
    if not total:
        return sentences[0], 1.0
    said = [set(doc_terms(p)) for p in sentences]  # once a sentence, not once a word of the question
    shares = [sum(v for t, v in own.items() if t in terms) / total for terms in said]
    best = max(range(len(sentences)), key=lambda j: (shares[j], -j))
    start = best  # said with the sentences it leans on, back to one that stands alone (three at most)
    if start and len(sentences[best]) < ALONE:
        start -= 1  # "Each of those options is a mode." says too little alone: with the sentence it ends
    while start and best - start < LEANS and (_LEANS_BACK.match(sentences[start]) or _POINTS_BACK.search(sentences[start])):
        start -= 1
    if start < best and _NAMING.match(sentences[best]):  # a rule's name: with the sentence telling the rest of the question
        start = max(range(max(0, best - LEANS), best),
                    key=lambda j: (sum(v for t, v in own.items() if t in said[j] and t not in said[best]), j))
        shares[best] = sum(v for t, v in own.items() if t in said[start] | said[best]) / total  # the two given together
        sentences[start + 1 : best], shares[start + 1 : best] = [], []
        best = start + 1
    said, before = sentences[best], " ".join(sentences[start:best])
    room = LINE - len(said) - 2
    if len(before) > room:  # too long together: the start of what it leans on, cut, and the telling sentence whole
        before = before[:room].rsplit(" ", 1)[0] + " …" if room >= ROOM else ""
    return f"{before} {said}" if before else said, shares[best]


def short(text: str, sentences: int = 2, limit: int = 400) -> str:
    """The first ``sentences`` sentences of ``text``'s first paragraph, at most ``limit`` characters, or :data:`WHOLE` when
    the last is what a keyword means, quoted (:func:`fitted`)."""
    return fitted(SENTENCE.split(" ".join(text.split("\n\n")[0].split()))[:sentences], limit)


def fitted(sentences: list[str], limit: int) -> str:
    """``sentences`` said together in at most ``limit`` characters: the last ones left out until they fit, so a sentence
    is given whole or not at all; only a first sentence longer than ``limit`` alone is cut, at a word, with "…".  A last
    sentence quoting what a keyword means (``“Cascade” means “…”``, whole: :data:`QUOTE_WHOLE`) stays up to :data:`WHOLE`."""
    def most(said: list[str]) -> int:
        return WHOLE if said and _MEANS.search(said[-1]) and said[-1].endswith("”") else limit

    while len(sentences) > 1 and len(" ".join(sentences)) > most(sentences):
        sentences = sentences[:-1]
    out = " ".join(sentences)
    return out if len(out) <= most(sentences) else out[: limit - 1].rsplit(" ", 1)[0] + "…"


UNSETTLED_LEAD = "The rules that bear on it: "
UNSETTLED = 0.6
"""The most confidence an answer is given whose first paragraph says which rules bear on it (no sentence of its first rule
speaks to the question): below :data:`rulesgraph.answer.confidence.HIGH`.  On the real tuning questions (stop 46, the card
data installed) 855 of 2,351 answers were such, their first rule an expected one in 316 (37%); of the 1,114 whose first
paragraph quotes a rule's sentence, 524 (47%)."""


CARD_WORDS = 4
"""A line of a card's text shorter than this is a keyword said by its name (:func:`card_says` quotes none)."""


_CHANGED = lazy(r"\bno longer\b")
"""An obsolete glossary entry saying a rule is gone ("That rule no longer exists", "no longer needs to assign an order"):
Mana Burn, Damage Assignment Order, the Planeswalker Uniqueness Rule; not a word renamed ("An obsolete term for the
battlefield") nor a card type become another (Interrupt, Mana Source: "interrupt" and "mana source" are today's words too)."""


def changed_rules(index: Index, g: QGraph, a: Analysis, line: str | None) -> tuple[str, ...]:
    """A note for each old rule the question names (:data:`_CHANGED`; its words said together: not "mana each time that source")
    that the first paragraph ``line`` does not say: "I didn't use the Dark Ritual mana, do I take mana burn?" is told it is gone."""
    said = dict.fromkeys(m.node for m in a.matches if not m.negated and m.via != "gapped" and m.node in index.obsolete and m.node in g)
    notes = (f"{g.nodes[n]['label']}: {g.nodes[n]['text']}" for n in said if _CHANGED.search(g.nodes[n]["text"]))
    return tuple(n for n in notes if n.split(": ", 1)[1] not in (line or ""))


def unsettled(line: str | None) -> bool:
    """Whether an answer line says which rules bear on the question (:func:`deciding`) rather than quote one speaking to it."""
    return line is not None and UNSETTLED_LEAD in line


def card_says(index: Index, a: Analysis) -> str | None:
    """The sentence of a named card's Oracle text (a face's, for a card of several) holding most of the question's own
    words, said as the card's ("Drannith Magistrate: “Your opponents can't cast spells from anywhere other than their
    hands.”"), when it holds at least :data:`SETTLES` of them (the first of equals): what a judge reads before the
    rules when no rule's sentence speaks to the question (:func:`deciding`)."""
    best: tuple[float, str, str] | None = None
    for card in a.cards:
        faces = [(f.name, f.text) for f in card.faces if f.text] if len(card.faces) > 1 else [(card.key, card.text)]
        for name, text in faces:
            header = ""
            for line in text.split("\n"):
                if not line.startswith("•"):
                    header = line
                elif header:  # a mode said with the words choosing it ("Choose two — • Draw a card.")
                    line = f"{header} {line}"
                if len(line.split()) < CARD_WORDS:  # "Flying", "Enchant creature", "Equip {2}": a keyword, said by name
                    continue
                sentence, share = telling_sentence(index, a, line)
                if sentence and share >= SETTLES and (best is None or share > best[0]):
                    best = (share, name, reminded(line, sentence))
    return None if best is None else f"{best[1]}: “{fitted([best[2]], LINE)}”"


def reminded(line: str, sentence: str) -> str:
    """``sentence`` of a card's Oracle ``line``, after the keyword it reminds of when it is reminder text: "When this creature
    enters, earthbend 1. (… When it dies or is exiled, return it to the battlefield tapped.)", not the reminder alone."""
    line = " ".join(line.split())
    at, opened = line.find(sentence), line.find("(")
    if opened < 0 or at < opened or not line[:opened].strip():
        return sentence
    return f"{line[:opened].strip()} ({'' if at - opened < 2 else '… '}{sentence.removeprefix('(')}" + ("" if ")" in sentence else " …)")


def deciding(book: Rulebook, chosen: list[Scored], most: int = 3, a: Analysis | None = None) -> str:
    """The answer line when no sentence of the first rule speaks to the question: which rules bear on it (not "decide it":
    the first is an expected rule in about a third of them, :data:`UNSETTLED`), after what a named card says of it
    (:func:`card_says`, given the question ``a``)."""
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
    said = card_says(book.index, a) if a is not None else None
    return (f"{said} " if said else "") + UNSETTLED_LEAD + ", ".join(named) + "."


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
        if children and all(g.nodes[c]["text"] == g.nodes[c].get("title") for c in children):
            return listing(g, chosen[0].node, f"{top['title']}:")  # a chapter: its sections' names, not two run together
        if children:
            telling = [telling_sentence(book.index, a, g.nodes[c]["text"]) for c in children]
            best = max(range(len(children)), key=lambda j: (telling[j][1], -j))
            first = g.nodes[children[0]]
            if telling[best][1] < SETTLES and not (named and first["text"] != first.get("title")):  # a chapter's parts
                return deciding(book, chosen, a=a)  # are headings too: its number asked for is answered by its rules' names
            if best > 0 and telling[best][1] > telling[0][1]:  # a later subrule speaks to the question
                return fitted([telling[best][0]], WHOLE)
            said = short(g.nodes[children[0]]["text"])
            if len(said) < 80 and len(children) > 1:  # "Deathtouch is a static ability." says too little alone
                said += " " + short(g.nodes[children[1]]["text"])
            return said
        return None if not defining else top["title"]
    sentence, share = telling_sentence(book.index, a, top["text"])
    if share < SETTLES:
        return listing(g, chosen[0].node, short(top["text"])) if named else deciding(book, chosen, a=a)
    if short(top["text"], 1) == sentence or sentence == "":
        return listing(g, chosen[0].node, short(top["text"]))  # the rule's first words speak to the question: as a rule is read
    return listing(g, chosen[0].node, fitted([sentence], WHOLE))


_INTRODUCES = lazy(r"\bthe following\b[^.:]*[.:]$")
"""A last sentence announcing what comes next: "Taking a shortcut follows the following procedure." (732.2), "Each
Commander deck is subject to the following deck construction rules." (903.5)."""


def listing(g: QGraph, node: str, said: str) -> str:
    """``said`` (a first paragraph quoting rule ``node``), followed, when it ends on a colon or announces "the following"
    (:data:`_INTRODUCES`), by what it introduces: the rule's subrules, one a line, each its first sentence (at most
    :data:`LISTED`, then how many more): "What is the order of the layers?" is answered by 613.1's "… in the following
    order:" and the layers, not the colon alone; "how do shortcuts work?" by 732.2's procedure, not its announcement."""
    children = g.targets(node, "contains") if said.endswith(":") or _INTRODUCES.search(said) else []
    if not children:
        return said
    each = max(LINE // 2, WHOLE // min(len(children), LISTED))
    lines = [f"{g.nodes[c]['label']} {short(g.nodes[c]['text'], 1, each)}" for c in children[:LISTED]]
    if len(children) > LISTED:
        lines.append(f"… and {len(children) - LISTED} more ({g.nodes[children[LISTED]]['label']}–{g.nodes[children[-1]]['label']})")
    return "\n".join([said, *lines])
