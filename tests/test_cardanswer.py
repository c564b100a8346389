"""rulesgraph/answer/cardanswer.py: rulings cited beside the rules (after their first three, never in their places), the
direct answer from a settling ruling, the why-lines through a card and the cards shown under an answer."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph.answer.cardanswer import (
    LEAST,
    SHARED_LISTED,
    SHOW_AT,
    SHOWN,
    card_why,
    lead_chance,
    ruling_settles,
    shared_why,
    shown_cards,
    with_rulings,
)
from rulesgraph.model import Citation, NamedCard
from rulesgraph.question.analyze import Analysis, Match
from rulesgraph.rank.cardsteps.cards import RULINGS
from rulesgraph.records.cards import Face

ELF = NamedCard("Bulwark Elf", "bulwark elfs", 0, 12, 0.9, "plural", "Creature — Elf", "Prevent all damage.",
                (("Shield", "has", ("702.30",)),),
                (("Elf", "subtype", ("205.3m",)), ("Aura", "subtype", ("303.4",)), ("Creature", "type", ("302",))),
                (("2020-01-01", "First ruling."), ("2020-01-01", "Second ruling, same day.")), frozenset({"bulwark", "elf"}))
A = Analysis("q", (), (), (), (), (), 0.0, cards=(ELF,))


def rule(number: str, score: float) -> Citation:
    return Citation(number, "rule", number, None, "text", "cr.txt:1", "2026-06-19", score)


def R(score: float, text: str, fit: float, links: tuple[str, ...] = (), share: float = 0.5, placed: float = 0.0) -> tuple:
    """A competing ruling of the Elf as rule 23 leaves it: (score, card, date, text, share, links, fit, placed)."""
    return (score, "Bulwark Elf", "2020-01-01", text, share, links, fit, placed)


def test_a_ruling_that_settles_leads_quoted_with_card_and_date_and_its_rule_follows() -> None:
    ruling = R(2.0, "Second ruling, same day.", 0.8, ("509.1", "702.30"))
    cited, direct = with_rulings(A, [rule("702.30", 3.0), rule("601.2", 2.5), rule("509.1", 1.0)], [ruling], 3,
                                 place={"702.30": 0, "601.2": 1, "509.1": 2}, rules_settle=0.3)
    # of the rules it restates, the one the ranking placed best comes right after it; the ruling takes no rule's place
    assert [c.id for c in cited] == ["ruling:Bulwark Elf:2020-01-01:2", "702.30", "601.2", "509.1"]
    assert cited[0].kind == "ruling" and cited[0].label == "Bulwark Elf" and cited[0].source == "Bulwark Elf ruling, 2020-01-01"
    assert direct == "Bulwark Elf ruling, 2020-01-01: Second ruling, same day."


def test_a_leading_ruling_moves_only_a_rule_the_rules_cite_among_their_first() -> None:
    """The rule a leading ruling restates follows it only when the rules cite it among their first RESTS_WITHIN; else the
    rules keep their order (a linked rule they placed lower, or not at all, is not put first)."""
    rules = [rule("702.30", 3.0), rule("509.1", 2.0), rule("601.2", 1.5), rule("615.1", 1.0)]
    low = R(0.5, "First ruling.", 0.9, ("615.1", "999.9"))
    cited, direct = with_rulings(A, rules, [low], 5, place={"702.30": 0, "509.1": 1, "601.2": 2, "615.1": 3}, rules_settle=0.3)
    assert [c.id for c in cited] == ["ruling:Bulwark Elf:2020-01-01:1", "702.30", "509.1", "601.2", "615.1"]
    assert direct is not None and direct.startswith("Bulwark Elf ruling, 2020-01-01: ")
    cited, _ = with_rulings(A, [rule("702.30", 3.0)], [R(0.5, "First ruling.", 0.9)], 3, rules_settle=0.3)
    assert [c.id for c in cited] == ["ruling:Bulwark Elf:2020-01-01:1", "702.30"]  # linked to no rule: the rules follow


def test_a_ruling_leads_when_likelier_than_the_rules_to_settle_the_question() -> None:
    """The best ruling leads when its chance of settling the question (its fit, and how far ahead of the next it fits)
    is above the rules' own chance and at least LEAST; otherwise the rule leads and the rulings are shown after the
    rules' first SHOW_AT."""
    rules = [rule("702.30", 3.0), rule("509.1", 2.5), rule("601.2", 2.4), rule("117.1", 2.3)]
    ahead = [R(1.0, "First ruling.", 0.5), R(0.5, "Second ruling, same day.", 0.05)]
    chance = lead_chance(ahead, len(A.words))
    assert chance == ruling_settles(0.5, 0.05, 0.0, len(A.words)) and LEAST < chance < 1
    cited, direct = with_rulings(A, rules, ahead, 4, rules_settle=chance - 0.01)
    assert cited[0].kind == "ruling" and direct == "Bulwark Elf ruling, 2020-01-01: First ruling."
    assert cited[0].why == (f"a ruling of Bulwark Elf, {chance:.0%} likely to settle the question (the rules' first: "
                            f"{chance - 0.01:.0%})",)
    cited, direct = with_rulings(A, rules, ahead, 6, rules_settle=chance)  # the rules as likely: the rule leads
    assert direct is None and cited[0].kind == "rule"
    assert [c.kind for c in cited[SHOW_AT : SHOW_AT + 2]] == ["ruling", "ruling"]
    weak = [R(1.0, "First ruling.", 0.002)]  # likelier than rules given no chance, but less than LEAST
    assert ruling_settles(0.002, 0.0, 0.0, len(A.words)) < LEAST and with_rulings(A, rules, weak, 6, rules_settle=0.0)[1] is None


def test_a_ruling_settles_more_likely_the_better_it_fits_the_further_ahead_the_higher_its_rule_the_shorter_the_question() -> None:
    assert ruling_settles(0.6, 0.1, 0.5, 20) > ruling_settles(0.3, 0.1, 0.5, 20) > ruling_settles(0.1, 0.1, 0.5, 20)
    assert ruling_settles(0.3, 0.0, 0.5, 20) > ruling_settles(0.3, 0.1, 0.5, 20) > ruling_settles(0.3, 0.3, 0.5, 20)
    assert ruling_settles(0.3, 0.1, 1.0, 20) > ruling_settles(0.3, 0.1, 0.5, 20) > ruling_settles(0.3, 0.1, 0.0, 20)
    # a long story is less often settled by the one ruling that fits it best than a short question is
    assert ruling_settles(0.3, 0.1, 0.5, 12) > ruling_settles(0.3, 0.1, 0.5, 120)
    assert ruling_settles(0.0, 0.0, 1.0, 5) == 0.0 and lead_chance([], 5) == 0.0


def test_every_ruling_rule_23_keeps_is_shown_and_as_many_as_it_keeps() -> None:
    """Rule 23 keeps the rulings fitting its RULING_SHOWN, at most RULINGS of them: all are cited (SHOWN is RULINGS)."""
    assert SHOWN == RULINGS
    rules = [rule("702.30", 3.0), rule("509.1", 2.5)]
    cited, direct = with_rulings(A, rules, [R(0.1, "First ruling.", 0.006)], 3, rules_settle=0.3)
    assert [c.kind for c in cited] == ["rule", "rule", "ruling"] and direct is None  # after the rules, however it scores


def test_rulings_are_cited_beside_the_rules_not_in_their_places() -> None:
    """``k`` rules are kept; at most SHOWN rulings follow the first SHOW_AT of them, the other rules after."""
    rules = [rule(n, 3.0 - i / 10) for i, n in enumerate(("702.30", "509.1", "601.2", "117.1", "615.1"))]
    many = [R(1.0 - i / 100, f"Ruling {i}.", 0.01) for i in range(SHOWN + 2)]
    elf = replace(ELF, rulings=tuple(("2020-01-01", f"Ruling {i}.") for i in range(SHOWN + 2)))
    cited, direct = with_rulings(Analysis("q", (), (), (), (), (), 0.0, cards=(elf,)), rules, many, 4, rules_settle=0.3)
    assert direct is None
    assert [c.kind for c in cited] == ["rule"] * SHOW_AT + ["ruling"] * SHOWN + ["rule"] * (4 - SHOW_AT)
    assert [c.id for c in cited if c.kind == "rule"] == ["702.30", "509.1", "601.2", "117.1"]


def test_why_lines_and_shown_cards() -> None:
    assert card_why(A) == ["‘bulwark elfs’ names card Bulwark Elf (plural): shield → 702.30, Aura → 303.4"]
    kind = Match("glossary:Triggered Ability", "glossary", "triggered ability", 0.8, "Bulwark Elf has a triggered ability", via="card")
    assert card_why(replace(A, matches=(kind,)))[1:] == [  # a kind of ability the question speaks of: where it came from
        "Bulwark Elf has a triggered ability, which the question speaks of → glossary entry Triggered Ability"]
    assert [(c.name, c.type, c.text) for c in shown_cards(A)] == [("Bulwark Elf", "Creature — Elf", "Prevent all damage.")]


def test_a_shown_card_has_each_face_as_printed_with_its_cost_and_corner() -> None:
    """What a judge reads on the card: each face's name, mana cost, type line, text and power/toughness, loyalty or
    defense (a split card's halves with their own names and costs)."""
    split = replace(ELF, key="Fire // Ice", faces=(Face("Fire", "{1}{R}", "Instant", "Fire deals 2 damage."),
                                                   Face("Ice", "{1}{U}", "Instant", "Tap target permanent.")))
    elf = replace(ELF, faces=(Face("Bulwark Elf", "{1}{G}", "Creature — Elf", "Prevent all damage.", "1", "3"),))
    shown = shown_cards(Analysis("q", (), (), (), (), (), 0.0, cards=(elf, split)))
    assert [(f.name, f.mana_cost, f.stats()) for c in shown for f in c.faces] == [
        ("Bulwark Elf", "{1}{G}", "1/3"), ("Fire", "{1}{R}", ""), ("Ice", "{1}{U}", "")]
    walker = Face("Jace", "{2}{U}{U}", "Legendary Planeswalker — Jace", "", loyalty="3")
    battle = Face("Invasion", "{2}{R}", "Battle — Siege", "", defense="5")
    assert (walker.stats(), battle.stats()) == ("loyalty 3", "defense 5")


def test_only_a_leading_ruling_is_cited_first() -> None:
    """A ruling that outscores every rule but is no likelier to settle the question than the rules are comes after them:
    the score does not decide the lead, the chances do."""
    tie = [R(9.0, "First ruling.", 0.9), R(8.9, "Second ruling, same day.", 0.9)]
    cited, direct = with_rulings(A, [rule("702.30", 3.0), rule("509.1", 2.0)], tie, 4, rules_settle=lead_chance(tie, len(A.words)))
    assert [c.kind for c in cited] == ["rule", "rule", "ruling", "ruling"] and direct is None


def test_a_ruling_past_the_shown_ones_never_goes_before_them() -> None:
    """The rulings keep rule 23's order (a later one scoring more than a shown one, kept before it as another card's best,
    comes after it), one after the other after the rules' first SHOW_AT."""
    rules = [rule("702.30", 3.0), rule("509.1", 2.5), rule("601.2", 2.4), rule("117.1", 2.3), rule("100.1", 0.1)]
    many = [R(0.7, "First ruling.", 0.05), R(0.3, "Second ruling, same day.", 0.03), R(0.5, "First ruling.", 0.04),
            R(0.6, "Second ruling, same day.", 0.04)]
    cited, direct = with_rulings(A, rules, many, 9, rules_settle=0.3)
    assert direct is None
    assert [c.id for c in cited if c.kind == "ruling"] == ["ruling:Bulwark Elf:2020-01-01:1", "ruling:Bulwark Elf:2020-01-01:2",
                                                           "ruling:Bulwark Elf:2020-01-01:1", "ruling:Bulwark Elf:2020-01-01:2"]
    places = [i for i, c in enumerate(cited) if c.kind == "ruling"]
    assert places == list(range(SHOW_AT, SHOW_AT + len(many)))  # one after the other, after the rules' first


def test_fewer_citations_than_the_rulings_come_after_are_all_the_rules() -> None:
    """Asked for fewer citations than SHOW_AT (a conversation's turn may ask for two), the rules keep every one of them and
    the rulings follow them."""
    rules = [rule(f"702.{n}", 3.0 - n / 10) for n in range(1, SHOW_AT + 2)]
    fitting = [R(1.0, "First ruling.", 0.05)]
    cited, direct = with_rulings(A, rules, fitting, SHOW_AT - 1, rules_settle=1.0)
    assert [c.kind for c in cited] == ["rule"] * (SHOW_AT - 1) + ["ruling"] and direct is None


def test_after_a_leading_ruling_the_next_ones_follow_the_rules_first_three() -> None:
    """A leading ruling is followed by the rule it restates and the next rules up to SHOW_AT; the next best rulings come
    after them, then the other rules."""
    rules = [rule(f"702.{n}", 3.0 - n / 10) for n in range(1, 6)]
    three = [R(0.5, "First ruling.", 0.9, ("702.1",)), R(0.1, "Second ruling, same day.", 0.05), R(0.1, "First ruling.", 0.04)]
    cited, direct = with_rulings(A, rules, three, 5, place={"702.1": 0}, rules_settle=0.3)
    assert direct is not None
    assert [c.kind for c in cited] == ["ruling"] + ["rule"] * SHOW_AT + ["ruling", "ruling"] + ["rule"] * (5 - SHOW_AT)


def test_a_shared_name_is_said_with_its_first_cards_and_how_many_more() -> None:
    two = ("Olwen, the Bright", "Olwen, the Dark")
    assert shared_why([("Olwen", two)]) == ["‘Olwen’ may be any of 2 cards (Olwen, the Bright; Olwen, the Dark): the answer "
                                            "reads none of them; name the card for its text and rulings"]
    many = tuple(f"Liliana {n}" for n in range(SHARED_LISTED + 4))
    line = shared_why([("liliana", many)])[0]
    assert line.startswith(f"‘liliana’ may be any of {len(many)} cards (Liliana 0; Liliana 1; Liliana 2; 4 more)")
    assert shared_why([]) == []
