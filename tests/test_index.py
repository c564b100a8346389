"""The search index's inputs: the bundled alias table is well formed and leads only to what exists."""

from __future__ import annotations

import re
from collections import defaultdict

from rulesgraph import Rulebook
from rulesgraph.build.index import name_key
from rulesgraph.common.text import STOPWORDS

_RULE_NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?\b|\brule \d{3}\b", re.IGNORECASE)


def test_every_alias_is_complete_and_cites_no_rule_number(full_book: Rulebook) -> None:
    """Each entry says something, means something and explains itself; rule numbers never appear (aliases
    reach rules only through the glossary and the graph, so they survive renumbering)."""
    for alias in full_book.index.aliases:
        assert alias.say and alias.means.strip() and alias.why.strip(), alias
        assert not _RULE_NUMBER.search(f"{alias.means} {alias.why}"), alias


def test_every_alias_term_names_a_glossary_entry_or_keyword(full_book: Rulebook) -> None:
    """A `terms` name that leads nowhere would silently do nothing: each must be a glossary entry or keyword
    of the 2026 CR."""
    names = full_book.index.names
    lost = [t for a in full_book.index.aliases for t in a.terms
            if not any(n.startswith(("glossary:", "keyword:")) for n in names.get(name_key(t), []))]
    assert lost == []


def test_no_phrase_belongs_to_two_aliases(full_book: Rulebook) -> None:
    """A phrase said in two entries would fire both; each phrase has one meaning."""
    where: dict[tuple[str, ...], set[int]] = defaultdict(set)
    for i, alias in enumerate(full_book.index.aliases):
        for phrase in alias.say:
            where[phrase].add(i)
    assert {p: i for p, i in where.items() if len(i) > 1} == {}


def test_saying_holds_every_node_that_says_a_phrase(full_book: Rulebook) -> None:
    """``Index.saying`` lists the nodes that may say a phrase (those with its rarest content word): every node whose
    word line says it is among them, far fewer than all are; a phrase of small words only may be said anywhere."""
    index, g = full_book.index, full_book.qg
    for phrase in ("still legal", "no longer in the zone", "in the following order"):
        found = set(index.saying(phrase))
        says = {i for i in range(len(g.ids)) if f" {phrase} " in g.word_line(i)}
        assert says and says <= found and len(found) < len(g.ids) / 10
    assert index.saying("still legal", "in the") == list(range(len(g.ids)))


def test_every_alias_phrase_is_kept_once_under_its_rarest_word(full_book: Rulebook) -> None:
    """``Index.alias_keys``: each phrase under the rarest of its words (a stopword last, then the fewest documents; a
    question saying the phrase says it), so checking a question's words finds every phrase it says."""
    index = full_book.index
    kept = [(word, at) for word, ats in index.alias_keys.items() for at in ats]
    assert sorted(at for _, at in kept) == [(i, j) for i, alias in enumerate(index.aliases) for j in range(len(alias.say))]
    for word, (i, j) in kept:
        phrase = index.aliases[i].say[j]
        rarity = {w: (w in STOPWORDS, index.vocab.get(w, 0), w) for w in phrase}
        assert word in phrase and rarity[word] == min(rarity.values()), (word, phrase)


def test_an_action_is_named_by_what_it_acts_on_too() -> None:
    """A keyword action "Face a Villainous Choice" is also "Villainous Choice" (two words or more acted on: "Take the
    Initiative" is not "Initiative" by this, the glossary names that); a glossary entry's name or a card's keeps its
    words (End the Combat Phase is no "Combat Phase", Seize the Day no "Day")."""
    from rulesgraph.build.index import _name_variants

    assert _name_variants("Face a Villainous Choice", action=True) == ["Face a Villainous Choice", "Villainous Choice"]
    assert _name_variants("Take the Initiative", action=True) == ["Take the Initiative"]
    assert _name_variants("End the Combat Phase") == ["End the Combat Phase"]
    assert _name_variants("Call the Cavalry Home") == ["Call the Cavalry Home"]


def test_a_villainous_choice_asked_about_names_its_rule(full_book: Rulebook) -> None:
    """Said as players say it, and misspelt, the action's name is matched; "combat phase" names no glossary entry it is
    only the end of."""
    from rulesgraph.question.analyze import analyze

    for question in ("what is a villainous choice", "what is a villanous choice"):
        nodes = {m.node for m in analyze(question, full_book.index).matches}
        assert nodes & {"keyword:face a villainous choice", "701.55"}, (question, nodes)
    nodes = {m.node for m in analyze("what happens in the combat phase", full_book.index).matches}
    assert "glossary:End the Combat Phase" not in nodes and "glossary:Combat Phase" in nodes
