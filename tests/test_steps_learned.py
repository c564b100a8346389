"""Rules 68 to 71, learned words, question counts, learned candidates and the rules' standing
(rulesgraph/rank/steps/learned.py, the postings of rulesgraph/build/index.py), over the full CR."""

from __future__ import annotations

import dataclasses
import math

import pytest

from rulesgraph import Rulebook
from rulesgraph.build.index import Index, learned_postings
from rulesgraph.model import NamedCard
from rulesgraph.question.analyze import analyze
from rulesgraph.rank.pipeline import Query
from rulesgraph.rank.ranking import WEIGHTS, rank
from rulesgraph.rank.steps.learned import SHOWN, SMOOTH, asked, learned, learned_candidates, standing, standing_of

from .test_ranking import weight

TABLE = {"608.2b": {"fizzl": 4, "target": 2}, "702.19": {"trampl": 3, "block": 2}, "704.5g": {"die": 5, "damag": 2},
         "999.9": {"fizzl": 9}}


def _index(book: Rulebook, table: dict[str, dict[str, int]]) -> Index:
    rules = {nid: book.qg.num[nid] for nid in book.index.numbers}
    return dataclasses.replace(book.index, learned=learned_postings(table, rules), memo={})


def _query(book: Rulebook, question: str, scores: dict[str, float], table: dict[str, dict[str, int]] = TABLE,
           **changes: object) -> Query:
    index = _index(book, table)
    a = dataclasses.replace(analyze(question, index), **changes)  # type: ignore[arg-type]
    q = Query(index, book.qg, a, WEIGHTS)
    q.score = {book.qg.num[n]: s for n, s in scores.items()}
    return q


def test_postings_keep_the_loaded_rules_and_weigh_a_rarer_word_more(full_book: Rulebook) -> None:
    """Each rule of the loaded rules is one document; a rule the rules do not have (999.9) is left out; a stem said for
    one rule outweighs one said for several, at the same count."""
    index = _index(full_book, {"608.2b": {"fizzl": 2, "target": 2}, "115.1": {"target": 2}, "999.9": {"fizzl": 9}})
    g = full_book.qg
    docs, weights = index.learned.get("fizzl")
    assert list(docs) == [g.num["608.2b"]]
    target = dict(zip(*index.learned.get("target"), strict=True))
    assert set(target) == {g.num["608.2b"], g.num["115.1"]} and weights[0] > target[g.num["608.2b"]]
    assert learned_postings({}, {"608.2b": 1}).spans == {}


def test_postings_keep_the_card_words_in_documents_of_their_own(full_book: Rulebook) -> None:
    """Rule 75's card words (``c:``) weigh no question word less: a rule's question words have the weights they would
    have without them, and the card words their own BM25 over the rules that have some."""
    words = {"608.2b": {"fizzl": 2, "target": 2}, "115.1": {"target": 2}}
    carded = {"608.2b": {**words["608.2b"], "c:counter": 5, "c:spell": 3}, "115.1": words["115.1"], "700.4": {"c:die": 1}}
    plain, both = _index(full_book, words).learned, _index(full_book, carded).learned
    for term in ("fizzl", "target"):
        assert list(plain.get(term)[0]) == list(both.get(term)[0]) and list(plain.get(term)[1]) == list(both.get(term)[1])
    assert list(both.get("c:die")[0]) == [full_book.qg.num["700.4"]] and "c:counter" in both


def test_rule_68_candidates_gain_by_how_well_their_learned_words_match(full_book: Rulebook) -> None:
    """The best-matching candidate rule gains the weight × the best score; another by its match relative to it; a
    subrule matches as well as its rule (702.19c through 702.19); a candidate that is not a CR rule, or whose rule's
    words the question does not say, gains nothing; nothing is added that was not a candidate."""
    g = full_book.qg
    before = {"608.2b": 1.0, "702.19c": 0.5, "704.5g": 0.8, "glossary:Trample": 2.0}
    q = _query(full_book, "does the spell fizzle if the trampler is gone? the target", before)
    learned(q)
    gained = {g.ids[i]: q.score[i] - before[g.ids[i]] for i in q.score}
    assert set(q.score) == {g.num[n] for n in before}
    assert gained["608.2b"] == pytest.approx(WEIGHTS["learned"] * 2.0)
    assert 0 < gained["702.19c"] < gained["608.2b"] and gained["704.5g"] == 0 and gained["glossary:Trample"] == 0
    assert "worded like questions" in q.reasons(g.num["608.2b"])[-1]


def test_rule_68_leaves_a_named_cards_name_out(full_book: Rulebook) -> None:
    """A card named "Fizzle" says which card, not which rule: its name's words match nothing (what the alias table reads
    the word as is the analysis's, and left alone here: the table holds only the name's stem)."""
    card = NamedCard("Fizzle", "Fizzle", 0, 6, 1.0, "exact", "Instant", "", (), (), (), frozenset({"fizzl"}))
    q = _query(full_book, "what does fizzle do", {"608.2b": 1.0}, {"608.2b": {"fizzl": 4}}, cards=(card,))
    learned(q)
    assert q.score == {full_book.qg.num["608.2b"]: 1.0}


def test_rule_68_with_no_weight_or_no_table_changes_nothing(full_book: Rulebook) -> None:
    q = _query(full_book, "does it fizzle", {"608.2b": 1.0}, table={})
    learned(q)
    assert q.score == {full_book.qg.num["608.2b"]: 1.0}
    with weight("learned", 0.0):
        q = _query(full_book, "does it fizzle", {"608.2b": 1.0})
        learned(q)
        assert q.score == {full_book.qg.num["608.2b"]: 1.0}


def test_rule_68_the_bundled_words_bring_a_players_word_to_its_rule(full_book: Rulebook) -> None:
    """With the bundled table (data/learned.tsv), "fizzle", a word the rules never use, brings 608.2 (resolving: a spell
    with no legal target left doesn't resolve, 608.2b) second, under 115.7; without the step it is not among the first
    four, which are rules on targets (115.7 …) and 608.2b.  Rule 69, which reads the same table, is off throughout, and
    so is rule 76, which brings 608.2 first by itself (the next test).
    (Until stop 50's weights, 608.2b itself was fifth without the step and among the first three with it.)"""
    question = "does my spell fizzle if its only target is gone?"

    def first(n: int) -> list[str]:
        return [x for x in rank(full_book.index, full_book.qg, analyze(question, full_book.index)).nodes if x[0].isdigit()][:n]

    with weight("asked", 0.0), weight("neighbours", 0.0):  # rule 76 brings 608.2 as well (stated below)
        assert "608.2" in first(2) and "608.2b" in first(3)
        with weight("learned", 0.0):
            assert "608.2" not in first(4)


def test_words_go_only_to_a_rule_of_the_same_name(full_book: Rulebook) -> None:
    """The table names each rule's rule: words learned for 701.19 Regenerate are not given to a 701.19 of another name
    (2024's Search), nor to a number the rules do not have."""
    from rulesgraph.build.index import asked_of, learned_of

    table = {"701.19": ("regenerate", 2, {"regener": 2}), "701.19a": ("regenerate", 1, {"shield": 1}),
             "701.23": ("regenerate", 3, {"search": 3}), "999.9": ("x", 1, {"fizzl": 1})}
    assert learned_of(full_book.graph, table) == {"701.19": {"regener": 2}, "701.19a": {"shield": 1}}
    number = {nid: full_book.qg.num[nid] for nid in full_book.index.numbers}
    assert asked_of(full_book.graph, table, number) == {number["701.19"]: 2, number["701.19a"]: 1}


def test_the_kernel_and_python_give_the_same_learned_relevance(full_book: Rulebook,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """learned_relevance is the same computed by the compiled kernel and in Python: the values, best first, ties as found
    (rule 70 reads them in that order)."""
    from rulesgraph.build import relevance

    if relevance.KERNEL is None:
        pytest.skip("no compiled kernel was built at install")
    questions = ["does my spell fizzle if its only target is gone?", "can I swing with a creature I just played?",
                 "my opponent bolted my creature in response, does my giant growth fizzle?"]
    ways = [{}, {"neighbours": True, "limit": 10}, {"limit": 3}]  # the labelled questions too (rule 76's neighbours)
    compiled = [relevance.learned_relevance(full_book.index, analyze(q, full_book.index).terms, **w) for q in questions for w in ways]
    monkeypatch.setattr(relevance, "KERNEL", None)
    python = [relevance.learned_relevance(full_book.index, analyze(q, full_book.index).terms, **w) for q in questions for w in ways]
    assert all(c for c in compiled) and [list(c.items()) for c in compiled] == [list(p.items()) for p in python]
    assert all(list(c.values()) == sorted(c.values(), reverse=True) for c in compiled)
    assert [len(c) for c in compiled[1::3]] == [10, 10, 10] and [len(c) for c in compiled[2::3]] == [3, 3, 3]


def test_rule_70_a_rule_worded_like_the_question_becomes_a_candidate(full_book: Rulebook) -> None:
    """A CR rule whose learned words match the question at least ``learned_floor`` as well as the best gets text relevance
    ``learned_text`` × its match (relative to the best); one the words already found as relevant keeps what it had; a rule
    matching below the floor, or one the loaded rules do not have (999.9), is no candidate."""
    g, w = full_book.qg, WEIGHTS["learned_text"]
    table = {"608.2b": {"fizzl": 9, "target": 2}, "115.1": {"target": 1, "creatur": 9}, "702.19": {"trampl": 3},
             "704.5g": {"die": 1, "fizzl": 1, "target": 1, "spell": 1}, "999.9": {"fizzl": 9}}
    q = _query(full_book, "does the spell fizzle with its target gone", {}, table, focus=0.0)
    q.text = {g.num["704.5g"]: 0.95}
    learned_candidates(q)
    text = {g.ids[i]: t for i, t in q.text.items()}
    match = {g.ids[i]: m for i, m in q.memo["learned"].items()}
    assert max(match.values()) == 1.0 and match["608.2b"] >= WEIGHTS["learned_floor"]
    assert text["608.2b"] == pytest.approx(w * match["608.2b"]) and text["704.5g"] == 0.95
    assert "702.19" not in text and "999.9" not in text
    assert "worded like questions" in q.reasons(g.num["608.2b"])[-1]
    low = {n for n, m in match.items() if m < WEIGHTS["learned_floor"]}
    assert low and not low & set(text)


def test_rule_70_makes_candidates_of_the_best_fitting_rules_only(full_book: Rulebook) -> None:
    """At most :data:`MOST` rules become candidates, the best-fitting: a word learned for many rules alike ("fizzle" for
    a hundred) makes the first :data:`MOST` of them candidates, in the order the words fit them."""
    from rulesgraph.rank.steps.learned import MOST as TOP

    g = full_book.qg
    rules = [n for n in full_book.index.numbers if g.kind[g.num[n]] == "rule"][:100]
    table = {n: {"fizzl": 1 + (k < TOP)} for k, n in enumerate(rules)}
    q = _query(full_book, "does it fizzle", {}, table, focus=0.0)
    learned_candidates(q)
    made = {g.ids[i] for i in q.text}
    assert len(made) == TOP and made == set(rules[:TOP])


def test_rule_70_keeps_out_of_a_question_only_about_what_it_names(full_book: Rulebook) -> None:
    """Scaled by 1 − the question's focus, as rule 69: half as much at focus 0.5, nothing at 1; nothing with no weight,
    nor for a question naming a rule by its number (rule 6 answers that)."""
    g = full_book.qg

    def made(question: str, focus: float) -> dict[str, float]:
        q = _query(full_book, question, {}, focus=focus)
        learned_candidates(q)
        return {g.ids[i]: t for i, t in q.text.items()}

    full, half = made("does it fizzle", 0.0), made("does it fizzle", 0.5)
    assert full and set(half) == set(full)
    assert all(half[n] == pytest.approx(full[n] / 2) for n in full)
    assert made("does it fizzle", 1.0) == {}
    with weight("learned_text", 0.0):
        assert made("does it fizzle", 0.0) == {}
    assert made("what does rule 608.2b say about a target that fizzles", 0.0) == {}


def test_rule_70_the_bundled_words_find_the_legend_rule_for_a_second_copy(full_book: Rulebook) -> None:
    """"A second copy" of a permanent already out says none of the legend rule's words (704.5j: "two or more legendary
    permanents with the same name"), and the rules' words alone leave it out of the candidates; the questions it settled
    (data/learned.tsv) say "second", "copy", "keep": with rule 70 it is among the first three rules."""
    question = "I already have one out and play a second copy of it. which one do I keep?"

    def first(n: int) -> list[str]:
        return [x for x in rank(full_book.index, full_book.qg, analyze(question, full_book.index)).nodes if x[0].isdigit()][:n]

    assert "704.5j" in first(3)
    with weight("learned_text", 0.0):
        assert "704.5j" not in first(60)


def _asked(book: Rulebook, question: str, scores: dict[str, float], counts: dict[str, int], **changes: object) -> Query:
    q = _query(book, question, scores, **changes)
    q.index = dataclasses.replace(q.index, asked={book.qg.num[n]: c for n, c in counts.items()})
    return q


def test_rule_69_a_candidate_gains_by_the_log_of_the_questions_its_rule_settled(full_book: Rulebook) -> None:
    """The candidate that settled the most questions scores × (1 + weight); another × (1 + weight × log(1 + its count) /
    log(1 + the most of the candidates)); a candidate that settled none is untouched, and no rule becomes a candidate."""
    g = full_book.qg
    before = {"608.2b": 1.0, "704.5f": 0.9, "115.1": 0.8}
    q = _asked(full_book, "does the spell still resolve with its target gone and the creature dead?", before,
               {"704.5f": 15, "608.2b": 3, "100.1": 40}, focus=0.0)  # 100.1 is no candidate: its count is not read
    asked(q)
    w = WEIGHTS["asked"]
    after = {g.ids[i]: s for i, s in q.score.items()}
    assert after["704.5f"] == pytest.approx(0.9 * (1 + w))
    assert after["608.2b"] == pytest.approx(1.0 * (1 + w * math.log1p(3) / math.log1p(15)))
    assert after["115.1"] == 0.8 and set(after) == set(before)
    assert "often settles questions" in q.reasons(g.num["704.5f"])[-1]


def test_rule_69_keeps_out_of_a_question_only_about_what_it_names(full_book: Rulebook) -> None:
    """Scaled by 1 − the question's focus: a question only about a named keyword (focus 1) keeps its order; with no
    weight or no counts, nothing changes."""
    before = {"701.7": 1.0, "111.10": 0.99}
    for changes, counts in (({"focus": 1.0}, {"111.10": 30}), ({"focus": 0.0}, {})):
        q = _asked(full_book, "what does create mean", before, counts, **changes)
        asked(q)
        assert {full_book.qg.ids[i]: s for i, s in q.score.items()} == before
    with weight("asked", 0.0):
        q = _asked(full_book, "what does create mean", before, {"111.10": 30}, focus=0.0)
        asked(q)
        assert {full_book.qg.ids[i]: s for i, s in q.score.items()} == before


def test_rule_69_the_bundled_counts_are_the_tables(full_book: Rulebook) -> None:
    """The loaded rules carry the bundled table's counts (data/learned.tsv): 608.2b, the rule on a spell whose targets
    are all gone, settled many labelled questions; a rule no question turned on, none."""
    counts = full_book.index.asked
    assert counts.get(full_book.qg.num["608.2b"], 0) >= 10
    assert full_book.qg.num["100.1"] not in counts


def _standing(book: Rulebook, scores: dict[str, float], table: dict[str, tuple[int, int]]) -> Query:
    index = dataclasses.replace(book.index, standing=table, memo={})
    q = Query(index, book.qg, analyze("what happens to the token copy?", index), WEIGHTS)
    q.score = {book.qg.num[n]: s for n, s in scores.items()}
    return q


def test_rule_71_a_rules_standing_is_its_smoothed_log_odds_against_the_average(full_book: Rulebook) -> None:
    """Cited ``n`` times among the first rules, ``k`` of them expected: log odds of (k + SMOOTH × average) / (n + SMOOTH)
    against the average citation's; a rule as often right as the average stands at 0; nothing counted, no standing; worked
    out again for another table."""
    table = {"608.2": (40, 30), "111.10": (40, 0), "601.2": (20, 10)}
    q = _standing(full_book, {}, table)
    odds = standing_of(q.index)
    average = 40 / 100
    p = (30 + SMOOTH * average) / (40 + SMOOTH)
    assert odds["608.2"] == pytest.approx(math.log(p / (1 - p)) - math.log(average / (1 - average)))
    assert odds["608.2"] > 0 > odds["111.10"] and "100.1" not in odds
    q.index.standing = {"608.2": (10, 5), "111.10": (10, 5)}
    assert standing_of(q.index) == {"608.2": pytest.approx(0.0), "111.10": pytest.approx(0.0)}
    q.index.standing = {"608.2": (10, 0)}
    assert standing_of(q.index) == {}  # none right: no average to stand against


def test_rule_71_reorders_the_first_rules_among_their_places_by_their_standing(full_book: Rulebook) -> None:
    """Of the best candidates, the first SHOWN CR rules and subrules (a keyword FAQ page's rule is none) are re-ordered by
    score + the weight × the best score × their rule's standing (a subrule by its rule's), each taking the score of the
    place it lands in: the scores are the same; a glossary entry, a FAQ page's rule and the seventh CR rule keep theirs;
    a rule with a standing says why it moved, one without moves silently; with no weight or no table nothing changes."""
    g = full_book.qg
    faq_rule = "cr-keywords-general-to-gift:deathtouch"
    assert SHOWN == 6  # 704.5g is the sixth CR rule below, 702.19b the seventh
    before = {"glossary:Token": 2.5, "111.10a": 2.0, faq_rule: 1.995, "608.2b": 1.99, "601.2c": 1.98, "701.1": 1.97,
              "702.1": 1.96, "704.5g": 1.95, "702.19b": 1.94}
    table = {"608.2": (40, 30), "111.10": (40, 0), "601.2": (20, 8), "704.5": (40, 40), "702.19": (40, 40)}
    q = _standing(full_book, before, table)
    odds = standing_of(q.index)
    assert odds["704.5"] > odds["608.2"] > 0 > odds["601.2"] > odds["111.10"]
    standing(q)
    after = {g.ids[i]: s for i, s in q.score.items()}
    assert after == {**before, "704.5g": 2.0, "608.2b": 1.99, "701.1": 1.98, "702.1": 1.97, "601.2c": 1.96, "111.10a": 1.95}
    reasons = {n: q.reasons(g.num[n]) for n in ("704.5g", "701.1", "601.2c", "111.10a")}
    assert "often what was asked" in reasons["704.5g"][-1] and "seldom what was asked" in reasons["111.10a"][-1]
    assert "seldom what was asked" in reasons["601.2c"][-1] and not any("what was asked" in r for r in reasons["701.1"])
    for w, t in ((0.0, table), (WEIGHTS["standing"], {})):
        with weight("standing", w):
            q = _standing(full_book, before, t)
            standing(q)
            assert {g.ids[i]: s for i, s in q.score.items()} == before


def test_rule_71_tells_tied_places_apart(full_book: Rulebook) -> None:
    """Two rules of one score: the one that stands better comes first."""
    g = full_book.qg
    q = _standing(full_book, {"111.10a": 2.0, "608.2b": 2.0}, {"608.2": (40, 30), "111.10": (40, 0)})
    standing(q)
    assert [g.ids[i] for i in q.top(2)[0]] == ["608.2b", "111.10a"]


def test_rule_71_the_bundled_standing_is_the_tables(full_book: Rulebook) -> None:
    """The loaded rules carry the bundled standing (data/standing.tsv): 608.2, the rule on resolving spells, is cited
    near the top of many answers and more often right than the average citation; 111.10, the list of predefined tokens,
    often and seldom right."""
    odds = standing_of(full_book.index)
    assert full_book.index.standing["608.2"][0] >= 100 and odds["608.2"] > 0 > odds["111.10"]


def _voting(book: Rulebook, question: str, scores: dict[str, float], questions: list, **changes: object) -> Query:
    """A query over an index whose labelled questions (rule 76's neighbours) are ``questions`` (``(rules, stems)``)."""
    from rulesgraph.build.index import neighbour_postings

    near, settled = neighbour_postings(questions, dict.fromkeys(r for rules, _ in questions for r in rules if r != "999.9"))
    index = dataclasses.replace(book.index, neighbours=near, settled=settled, memo={})
    a = dataclasses.replace(analyze(question, index), **changes)  # type: ignore[arg-type]
    q = Query(index, book.qg, a, WEIGHTS)
    q.score = {book.qg.num[n]: s for n, s in scores.items()}
    return q


def test_rule_76_candidates_gain_their_share_of_the_likest_questions_votes(full_book: Rulebook) -> None:
    """The labelled questions most like this one vote for their rules (and their rules) by how alike they are; a
    candidate CR rule gains the weight × the best score × its share; a subrule without votes of its own half its rule's;
    a candidate nobody voted for, or that is no CR rule, gains nothing, and nothing is added that was not a candidate."""
    from rulesgraph.rank.steps.learned import neighbours

    g = full_book.qg
    questions = [(("702.19b",), ("trampl", "chump", "block")), (("702.2c", "999.9"), ("trampl", "deathtouch")),
                 (("608.2b",), ("fizzl", "target"))]
    before = {"702.19b": 1.0, "702.19c": 1.0, "702.2c": 0.5, "608.2b": 2.0, "glossary:Trample": 2.0}
    q = _voting(full_book, "how much damage does a trampler deal to a chump blocker?", before, questions)
    neighbours(q)
    gained = {g.ids[i]: q.score[i] - before[g.ids[i]] for i in q.score}
    assert set(q.score) == {g.num[n] for n in before}
    assert gained["702.19b"] > gained["702.2c"] > 0 and gained["608.2b"] == 0 and gained["glossary:Trample"] == 0
    assert gained["702.19c"] == pytest.approx(0.5 * gained["702.19b"])  # no votes of its own: half its rule's, 702.19
    assert 0 < gained["702.19b"] < WEIGHTS["neighbours"] * 2.0 * 0.5  # a share: 702.19b and 702.19 split the first's votes
    assert "settled questions worded like this one" in q.reasons(g.num["702.19b"])[-1]


def test_rule_76_leaves_the_named_cards_names_out_and_needs_its_table_and_weight(full_book: Rulebook) -> None:
    from rulesgraph.rank.steps.learned import neighbours

    g = full_book.qg
    questions = [(("702.19b",), ("goyf",)), (("608.2b",), ("fizzl",))]
    q = _voting(full_book, "does goyf fizzle?", {"702.19b": 1.0, "608.2b": 1.0}, questions)
    neighbours(q)
    assert q.score[g.num["702.19b"]] > 1.0  # "goyf" is a word of a labelled question here
    card = NamedCard("Tarmogoyf", "goyf", 5, 9, 1.0, "nickname", "Creature — Lhurgoyf", "", (), (), (), frozenset({"goyf"}))
    q = _voting(full_book, "does goyf fizzle?", {"702.19b": 1.0, "608.2b": 1.0}, questions, cards=(card,))
    neighbours(q)
    assert q.score[g.num["702.19b"]] == 1.0 and q.score[g.num["608.2b"]] > 1.0  # the card's name votes for nothing
    for table, w in ((questions, 0.0), ([], 1.0)):
        with weight("neighbours", w):
            q = _voting(full_book, "does it fizzle", {"608.2b": 1.0}, table)
            neighbours(q)
            assert q.score == {g.num["608.2b"]: 1.0}


def test_rule_76_the_bundled_questions_bring_a_players_word_to_its_rule(full_book: Rulebook) -> None:
    """With the bundled labelled questions (data/questions.tsv) and rules 68 and 69 off, the questions worded like "does
    my spell fizzle if its only target is gone?" bring 608.2 (resolving) first, above the rules on targets; without rule
    76 it is not among the first five."""
    question = "does my spell fizzle if its only target is gone?"

    def first(n: int) -> list[str]:
        return [x for x in rank(full_book.index, full_book.qg, analyze(question, full_book.index)).nodes if x[0].isdigit()][:n]

    with weight("asked", 0.0), weight("learned", 0.0):
        assert first(1) == ["608.2"]
        with weight("neighbours", 0.0):
            assert "608.2" not in first(5)
