"""Turn ranked nodes into an Answer: a short direct answer, cited rules in rank order, why they
were chosen, a confidence, and "did you mean" alternatives.  Every cited id exists in the graph.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..build.citing import citation, dated_source
from ..build.corpus import Rulebook
from ..build.index import MEMO
from ..build.qgraph import QGraph
from ..build.relations import current_keyword, keyword_of
from ..common.lazyre import lazy
from ..common.text import drop_invisible
from ..errors import RulesgraphError
from ..model import Answer
from ..parse.numbers import parent_of, rule_of
from ..question.analyze import Analysis, Match, analyze, rule_numbers
from ..question.read import Question
from ..question.scope import out_of_scope
from ..rank.ranking import Ranking, Scored, definers, rank, specificity
from .cardanswer import absent_why, card_why, lead_chance, shared_why, shown_card, shown_cards, with_rulings
from .confidence import OUT_OF_SCOPE, probability
from .firstplace import UNSETTLED, changed_rules, in_rule_order, no_variant_first, unsettled
from .firstplace import direct as first_line
from .signals import signals as answer_signals

if TYPE_CHECKING:
    from ..question.conversation import Conversation
    from ..question.namedcards import CardDeck

__all__ = ["CITABLE", "MIN_SCORE", "answer_json", "ask", "citation"]

CITABLE = frozenset({"chapter", "section", "rule", "subrule", "paragraph", "glossary", "faq"})
MIN_SCORE = 0.2  # candidates scoring below this are not relevant enough to cite
TELLING = 0.5  # least specificity of a named term for the answer to mention it (see :func:`_telling`)
SAME_RULE = 0.5  # see :func:`_diversify`
IN_PASSING = 0.3  # of SAME_RULE, for a further subrule of a keyword's rule in a question saying much besides (focus 0)
FAQ_SHOW = 0.5  # see :func:`_faq_forward`
ALTERNATIVES = 0.6  # below this confidence the answer offers other readings ("did you mean …")


def _select(book: Rulebook, ranked: Ranking, k: int, focus: float = 1.0) -> list[Scored]:
    """The top ``k`` citable nodes; a FAQ entry brings the rule it rests on right after it (``focus``: the question's,
    see :func:`_diversify`)."""
    g = book.qg
    chosen: list[Scored] = []
    place: dict[str, int] = {}  # filled at the first FAQ entry (most answers have none)
    for item in _diversify(g, ranked, _faq_forward(g, ranked), focus):
        if len(chosen) >= k or item.score < MIN_SCORE:
            break
        if g.kind_of(item.node) not in CITABLE or any(c.node == item.node for c in chosen):
            continue
        if g.kind_of(item.node) == "faq":
            place = place or ranked.position()
            # today's rule for an old excerpt: the FAQ page's 702.47a is 702.49a in the loaded CR
            rests = list(dict.fromkeys(book.index.current.get(r, r) for r in g.targets(item.node, "about")))
            rests = [r for r in rests if g.kind_of(r) in CITABLE]
            rests.sort(key=lambda r: -(ranked.scores[place[r]] if r in place else 0.0))
            for rule in rests[:1]:
                if all(c.node != rule for c in chosen) and len(chosen) < k - 1:
                    chosen.append(ranked[place[rule]] if rule in place else Scored(rule, item.score * 0.9, [f"what {item.node} rests on"]))
        chosen.append(item)
    return chosen


def _diversify(g: QGraph, ranked: Ranking, order: list[int], focus: float = 1.0, depth: int = 30) -> Iterator[Scored]:
    """The candidates in ``order`` (places in ``ranked``), the best ``depth`` re-ordered so that each further
    citation from a rule already cited counts SAME_RULE less: three subrules of one wrong rule should not fill
    the first three places.  A further subrule of a keyword's rule (701.x, 702.x) counts less again the less the
    question is only about what it names (its ``focus``, down to :data:`IN_PASSING` of SAME_RULE): a question
    that names a keyword while it asks about something else ("Humility is out and my Kitchen Finks dies: does
    persist bring it back?") wants the keyword's rule, not three of its subrules before the rule it asks about;
    the keyword's rule itself (702.79) keeps SAME_RULE.  A procedure rule 40 raised (``ranked.apart``: 601.2) counts
    against none of its steps, the step the question turns on (601.2g) following it.  The rest follow in order, each
    made as it is read."""
    head = [ranked[j] for j in order[:depth]]
    seen: dict[str, int] = {}
    apart = ranked.apart
    groups = [s.node + " apart" if s.node in apart else rule_of(s.node) for s in head]
    passing = SAME_RULE * (IN_PASSING + (1 - IN_PASSING) * focus)
    less = [passing if s.node != group and (i := g.num.get(s.node)) is not None and g.kwrule[i] is not None else SAME_RULE
            for s, group in zip(head, groups, strict=True)]
    keys = [s.score for s in head]  # each one's score × its SAME_RULE ** (citations of its rule so far), updated as they grow
    while head:
        at = keys.index(max(keys))  # the first of the best, as max() over them would pick
        best, group = head.pop(at), groups.pop(at)
        del keys[at], less[at]
        yield best
        seen[group] = count = seen.get(group, 0) + 1
        for j, other in enumerate(groups):
            if other == group:
                keys[j] = head[j].score * less[j] ** count
    for j in order[depth:]:
        yield ranked[j]


def _faq_forward(g: QGraph, ranked: Ranking) -> list[int]:
    """The ranking's places in the order to consider them: the best FAQ entry moves up to second place when it
    scores at least FAQ_SHOW of the best candidate (a FAQ answer that settles the question is worth reading right
    after the top rule)."""
    everything = list(range(len(ranked)))
    if not ranked:
        return everything
    faq = next((i for i, node in enumerate(ranked.nodes) if g.kind_of(node) == "faq"), None)
    if faq is None or faq <= 1 or ranked.scores[faq] < FAQ_SHOW * ranked.scores[0]:
        return everything
    return [0, faq, *everything[1:faq], *everything[faq + 1 :]]


def rules_view(book: Rulebook, a: Analysis, ranked: Ranking, chosen: list[Scored], *,
               with_cards: bool) -> tuple[tuple[float, ...], float, str | None]:
    """What the rules' own answer (``chosen``, best first) is, before any ruling may lead it: its confidence signals, how
    likely its first paragraph settles the question (the confidence, never "high" when no rule speaks to it:
    :data:`UNSETTLED`) and that paragraph."""
    if not chosen:
        return (), 0.0, None
    signals = answer_signals(book, a, ranked, chosen, with_cards=with_cards)
    direct = first_line(book, a, chosen, a.focus >= 0.99)
    settle = round(probability(signals), 3)
    if unsettled(direct):
        settle = min(settle, UNSETTLED)
    return signals, settle, direct


CUT = "the question was very long: only its beginning was read"
"""The caveat of a question read only in part (:attr:`rulesgraph.question.read.Question.truncated`)."""


def _read_in_part(answer: Answer, read: Question) -> Answer:
    """``answer`` (of the documents, card data or scope) with :data:`CUT` first in its caveats and reasons if cut short."""
    if not read.truncated or CUT in answer.caveats:
        return answer
    return replace(answer, caveats=(CUT, *answer.caveats), why=(CUT, *answer.why))


def _named(book: Rulebook, a: Analysis, carded: bool = False) -> list[str]:
    """One line per thing the question said: ``‘annihilator’ names keyword Annihilator, rule 702.86 …``.  With card data
    (``carded``) the cards are the card finder's to say (:func:`~rulesgraph.answer.cardanswer.card_why`): a card the
    bundled FAQs mention, read from a word the finder did not take for it ("can i stifle …": the verb), is not said to
    be named."""
    g = book.qg
    found = {c.key for c in a.cards}
    said: dict[str, list[Match]] = {}
    for m in a.matches:
        if carded and m.kind == "card" and (g.nodes[m.node]["label"] if m.node in g else m.node) not in found:
            continue
        if _telling(book, m) and m.via not in ("carried", "card"):  # a card's keyword: the card's line says it
            said.setdefault(m.said, []).append(m)
    lines = []
    for words, ms in said.items():
        if any(m.kind == "alias" for m in ms):
            lines += [m.why for m in ms if m.kind == "alias"]
            ms = [m for m in ms if m.kind != "alias"]
            if not ms:
                continue
        names = []
        for m in ms:
            data = g.nodes[m.node] if m.node in g else {}
            label = data.get("label", m.node)
            names.append({"keyword": f"keyword {label}", "glossary": f"glossary entry {label}", "card": f"card {label}",
                          "rule": f"rule {label}"}.get(m.kind, f"rule {m.node} {data.get('title') or ''}".rstrip()))
        notes = [n for n in ("negated" if any(m.negated for m in ms) else "",
                             "spelling corrected" if any(m.corrected for m in ms) else "") if n]
        lines.append(f"‘{words}’ names {', '.join(dict.fromkeys(names))}" + (f" ({', '.join(notes)})" if notes else ""))
    return lines


def _telling(book: Rulebook, m: Match) -> bool:
    """Worth saying why: keywords, rule numbers, cards, aliases, and terms that are not everyday words
    ("creature" names a glossary entry, but saying so explains nothing)."""
    return m.kind in ("keyword", "rule", "card", "alias") or specificity(book.index, m.said) >= TELLING


def _keywords(book: Rulebook, a: Analysis, ranked: Ranking, chosen: list[Scored]) -> list[str]:
    """Keywords the question names, the one whose rule ranks best first, then glossary terms likewise,
    then the keywords the best citations are about."""
    g = book.qg
    position = ranked.position()
    far = len(ranked)
    order: dict[str, tuple[int, int]] = {}
    for m in a.of_kind("keyword"):
        label = g.nodes[current_keyword(g, m.node)]["label"]
        best = min((position.get(r, far) for r in definers(g, m.node)), default=far)
        order[label] = min(order.get(label, (0, far)), (0, best))
    for m in a.of_kind("glossary"):
        label = g.nodes[m.node]["label"]
        if label not in order and _telling(book, m):
            best = min([position.get(m.node, far)] + [position.get(r, far) for r in g.targets(m.node, "cites")])
            order[label] = (1, best)
    named = sorted(order, key=lambda k: order[k])
    for item in chosen[:3]:  # what the best citations are about, when the question named no keyword
        label = keyword_of(g, item.node)
        if label and label not in named:
            named.append(label)
    return named


_AGAIN = lazy(r"^\W*(?:(?:and|so|but|ok(?:ay)?)\W+)*(?:(?:what|how) about|same (?:question|thing) (?:for|in|with)|and)\s+"
              r"(?:(?:in|for|as|at)\s+)?(?:(?:a|an|the|my)\s+)?")  # a legality question asked again of something else


def legality_again(previous: str, said: str, names: Callable[[str], bool] = lambda said: False) -> str | None:
    """The legality question ``previous`` asked again of the card ``said`` names, whole (``names``; of a status, a leader or
    a deck's colours: "what about Mana Crypt instead?" → "is Mana Crypt banned in Legacy?"), else of the format, deck or colours
    it names ("what about Legacy?" → "is it legal in Legacy?"; "and a Selesnya one?" → "can it go in a Selesnya deck?"),
    about "it", the card held; ``None`` when ``said`` is not such a question or names nothing the answers read."""
    from ..cards.legality import format_name
    from .legal.answer import read_question

    m = _AGAIN.match(said)
    asked = read_question(previous) if m else None
    rest = " ".join(said[m.end():].strip(" ?.!").split()) if m else ""
    if asked is None or not rest:
        return None
    status = "banned" if asked.status in ("banned", "illegal") else "legal"
    if names(card := re.sub(r"\s+instead$", "", rest, flags=re.IGNORECASE)):  # a card's name: no format nor deck
        fmt = format_name(asked.format) if asked.format else None
        again = {"legal": f"is {card} {status} in {fmt}?", "leader": f"can {card} be my commander in {fmt}?", "deck":
                 f"can {card} go in a {asked.deck} deck?" if asked.deck else None}.get(asked.kind)
        now = read_question(again) if again and fmt else None
        return again if now is not None and now.kind == asked.kind and now.format == asked.format else None
    deck = re.sub(r"\s+(?:deck|one|list)$", "", rest, flags=re.IGNORECASE)
    again = {"legal": f"is it {status} in {rest}?", "deck": f"can it go in a {deck} deck?",
             "leader": f"can it be my commander in {rest}?"}.get(asked.kind)
    now = read_question(again) if again else None
    return again if now is not None and now.kind == asked.kind and (now.format is not None or now.colors) else None


def ask(book: Rulebook, question: str | Question, k: int = 5, conversation: Conversation | None = None, *,
        rules_only: bool = False, deck: CardDeck | None = None, as_question: bool = False) -> Answer:
    """Answer one question; with a :class:`Conversation`, follow-ups inherit earlier subjects and the
    conversation remembers this turn.  ``deck``: the installed cards (:func:`rulesgraph.question.namedcards.open_deck`),
    joined to the rules here: questions naming cards are then answered through what the cards say.  Raises
    :class:`RulesgraphError` for an empty question.  ``rules_only``: never from the tournament documents (how a policy
    question telling a game situation gets its rules too); ``as_question``: ranked even when it is only a card's name."""
    read = Question.of(question or "")  # read once: every step below takes its words from here
    question = drop_invisible(read.text)  # what the card finder reads: "Tarmo\u200bgoyf" is Tarmogoyf, as clean() reads it
    cleaned = read.cleaned
    if not cleaned:  # nothing but spaces or control characters
        raise RulesgraphError("empty question: type a rules question, a rule number or a keyword")
    if k < 1:
        raise RulesgraphError("the number of citations must be at least 1")
    turn = None  # a policy follow-up ("what about at FNM?", "what if he …"): what the documents hear, what is remembered
    if conversation is not None and (conversation.policy or conversation.told) is not None:  # documents' answer, error told
        from .tanswer import follow_up

        turn = follow_up(conversation, read, book.index, lambda: deck is not None and bool(deck.named(question, (), read.words)))
    if conversation is not None and conversation.legal is not None:
        previous, conversation.legal = conversation.legal, None  # kept only while the card data answers
        whole = lambda said: deck is not None and [(c.start, c.end) for c in deck.named(said)] == [(0, len(said))]
        if (again := legality_again(previous, cleaned, whole)) is not None:  # "what about Legacy?": the same question there
            read = Question.of(again)
            question, cleaned = read.text, read.cleaned
    follow_up = False
    if conversation is not None and conversation.subjects:  # its module (and patterns) loaded only with a conversation
        from ..question.conversation import substitutes

        follow_up = substitutes(cleaned)  # "what about X?"
    if not follow_up and not as_question:  # only a card's name: the card, its rulings and its rules (or its cards); an ability word
        from .lonename import card_answer, lone_name

        if (lone := lone_name(book, cleaned, deck)) is not None:  # its name ranked as a question too (lonename._rules_of)
            ranked = lambda n: ask(book, n, k, rules_only=True, deck=deck, as_question=True)
            return card_answer(book, deck, question, lone, k, conversation, ranked)
    if deck is not None and not follow_up:
        from .legal.answer import legality_answer  # "is Sol Ring legal in Commander?": the card data says

        carried = conversation.cards_referred(cleaned) if conversation is not None else ()  # "is it legal in Modern?"
        legal = legality_answer(book, deck, question, k, carried)
        if legal is not None:
            subject = deck.card(legal.cards[0].name) if conversation is not None and legal.cards else None
            if conversation is not None and subject is not None:  # it is what "it" means next
                conversation.about_named(subject, book.qg)
                conversation.legal = question
            return _read_in_part(legal, read)
    outside = out_of_scope(read, book.index)
    if not rules_only:  # from the MTR, IPG and JAR when installed (a price cue only when their words are theirs)
        from .tanswer import heard_as, tournament_answer, with_documents, with_rules

        heard = read if turn is None else turn[0].at(read.level)  # a follow-up keeps the level the asker set
        policy = tournament_answer(heard, k, outside if turn is None else out_of_scope(heard, book.index), book.index,
                                   lambda: deck.said_words(heard) if deck is not None else frozenset(), turn is not None)
        if policy is not None:
            if conversation is not None and policy.citations:  # the documents answered: what a follow-up is heard after
                conversation.policy, conversation.policy_before = (question, "") if turn is None else turn[1]
            policy = with_rules(heard_as(policy, question, turn and heard), book.index, lambda: ask(book, heard, k, rules_only=True,
                                deck=deck), k, lambda: deck is not None and bool(deck.named(heard.text, (), heard.words)), heard)
            return _read_in_part(policy, heard)
    if outside is not None:  # one honest line instead of a rules-shaped answer; the conversation is left as it was
        # "which is better, Bolt or StP?": no advice, but the cards it names shown, as under any answer
        shown = tuple(shown_card(c) for c in deck.named(question, (), read.words)) if deck is not None else ()
        return _read_in_part(Answer(question, outside.answer, (), (), OUT_OF_SCOPE, (outside.why,), (), in_rules=False,
                                    cards=shown), read)
    g = book.qg
    if len(book.index.memo) > MEMO:  # what questions have worked out is kept, but not without bound
        book.index.memo.clear()
    missing, only, asked = rule_numbers(read, book.index)  # asked: the rules it asks for by number and nothing else
    unknown = [f"no rule {n} in the loaded rules" for n in missing]  # a number mistyped, or an older CR's
    if only:  # the number is all it asks: no other rule stands in for it
        return _read_in_part(Answer(question, None, (), (), 0.0, tuple(unknown), (), caveats=tuple(unknown)), read)
    a = analyze(read, book.index, deck.card_words(read) if deck is not None else None)
    absent: list[str] = []
    shared: list[tuple[str, tuple[str, ...]]] = []
    if deck is not None:  # what the named cards say reaches the ranking through the card steps
        from ..question.namedcards import with_cards

        cards = deck.named(question, tuple(conversation.cards) if conversation is not None else (), read.words, absent, shared)
        a = with_cards(a, cards, absent)
    notes: list[str] = []
    if conversation is not None:
        a, notes = conversation.resolve(a, book.index, g)
    if a.cards:  # what the cards it names say: their keywords are its subjects too ("when my Kitchen Finks dies": persist)
        from ..question.cardsaid import named_card_keywords

        a = named_card_keywords(a, book.index, g)
    ranked = rank(book.index, g, a)
    chosen = _select(book, ranked, k, a.focus)
    order = no_variant_first(g, a, in_rule_order(g, a, [c.node for c in chosen]))
    # a question that is only rule numbers ("rule 7", "1") gets those rules first, as `rule` shows them
    chosen = sorted(chosen, key=lambda c: (c.node not in asked, asked.index(c.node) if c.node in asked else 0, order.index(c.node)))
    why: list[str] = []
    why += notes
    cut = [CUT] if a.truncated else []
    named_cards = (absent_why(absent, deck.store.info.date) if absent and deck is not None else []) + shared_why(shared)
    why += [*cut, *unknown, *(f"read ‘{said}’ as ‘{fixed}’" for said, fixed in a.corrections), *card_why(a), *named_cards]
    caveats = cut + unknown + named_cards
    after_cards = len(why)
    why += _named(book, a, deck is not None)
    if chosen:
        why += [f"{g.nodes[chosen[0].node]['label']}: {r}" for r in chosen[0].reasons[:3]]
    keywords = _keywords(book, a, ranked, chosen)
    signals, rules_settle, rules_direct = rules_view(book, a, ranked, chosen, with_cards=deck is not None)
    alternatives: list[str] = []
    if rules_settle < ALTERNATIVES:  # the rules' answer is unsure: other readings of the question
        for item in ranked[len(chosen) : len(chosen) + 20]:
            data = g.nodes[item.node]
            if data["kind"] in ("keyword", "glossary", "section") and data["label"] not in keywords and item.score >= MIN_SCORE / 2:
                alternatives.append(f"{data['label']}" if data["kind"] != "section" else f"{item.node} {data['title']}")
            if len(alternatives) >= 3:
                break
    cited = {c.node for c in chosen}
    see_also = []
    for c in chosen:
        parent = parent_of(c.node) if g.nodes[c.node].get("numbering") == "cr" else None
        if parent and parent in g and parent not in cited and parent not in see_also:
            see_also.append(parent)
    if conversation is not None:
        conversation.record(a, tuple(c.node for c in chosen), book.index)
    citations, ruled = with_rulings(a, [citation(book, c.node, c.score, tuple(c.reasons)) for c in chosen], ranked.rulings, k,
                                    ranked.position(), rules_settle=rules_settle)
    if ruled:  # said where the cards are: what led to it; how sure the answer is, is how likely the ruling settles it
        why.insert(after_cards, f"the {citations[0].source} leads: {citations[0].why[0]}")
        confidence = round(lead_chance(ranked.rulings, len(a.words)), 3)
    else:
        confidence = rules_settle
    direct = ruled or rules_direct
    citations, why = (citations, why) if rules_only else with_documents(read, book.index, citations, why, k)  # a judge's call?
    return Answer(
        question=question,
        answer=direct,
        citations=tuple(citations),
        keywords=tuple(keywords),
        confidence=confidence,
        why=tuple(why),
        alternatives=tuple(alternatives),
        see_also=tuple(see_also[:5]),
        cards=shown_cards(a),
        caveats=(*changed_rules(book.index, g, a, direct), *caveats),  # "mana burn": that rule no longer exists
        signals=signals,
    )


def answer_json(answer: Answer) -> dict[str, Any]:
    """The stable JSON shape of an answer (documented in README; scripts and bots rely on it)."""
    if answer.cards:  # the card view is read once a question names a card: a rules answer never imports it
        from ..cards.view import face_json
    return {
        "question": answer.question,
        "answer": answer.answer,
        "citations": [
            {"id": c.id, "kind": c.kind, "text": c.text,
             "source": dated_source(c), "score": c.score,
             "opening": {"id": c.opening[0], "text": c.opening[1]} if c.opening else None}
            for c in answer.citations
        ],
        "keywords": list(answer.keywords),
        "confidence": answer.confidence,
        "why": list(answer.why),
        "alternatives": list(answer.alternatives),
        "in_rules": answer.in_rules,
        "caveats": list(answer.caveats),
        "cards": [{"name": c.name, "type": c.type, "text": c.text, "faces": [face_json(f) for f in c.faces]}
                  for c in answer.cards],
    }
