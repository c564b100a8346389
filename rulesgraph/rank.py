"""Rank graph nodes for an analysed question: the ordered list of ranking steps, and running it.

Text relevance decides *whether* a node is about the question; what the question names and the graph
decide *which* of the relevant nodes matter most.  So a node's score is

    text × (1 + priors) + direct boosts, then spread along the graph,

computed by the steps of :data:`STEPS`, in this order (each is one function in :mod:`rulesgraph.steps`
with its docstring, its weights in :data:`WEIGHTS` and a test in ``tests/test_rank.py`` stating it; what a
step receives and may do is in :mod:`rulesgraph.pipeline`):

1. ``text`` — rule 1: BM25 over rules, glossary and FAQ text, scaled so the best document is 1;
2. ``card_text`` — rule 22: the named cards' keyword names and rare Oracle words are a second, weaker query;
3. ``card_wording`` — rule 24: a rule saying what a wording on a named card means is a candidate;
4. ``quoted_wording`` — rule 29: … and so is a rule explaining a wording the question quotes ("'enters tapped'");
5. ``card_effects`` — rule 25: the layer rule of an effect a named card has is a candidate;
6. ``card_meeting`` — rule 26: two named cards' effects of one kind (or two of one card's) raise the rule on how such
   effects interact;
7. ``effects_meet`` — rule 53: … and two effects of a kind the rules define by a word ("instead", "prevent"; a card's,
   or a keyword's the question names: madness) raise that rule's prior (616.1, who chooses which applies), by its fit;
8. ``card_sublayers`` — rule 43: two named cards' effects in different sublayers of one layer (Humility's base 1/1 in 7b,
   Giant Growth's +3/+3 in 7c) make the rule ordering the sublayers (613.4) a candidate;
9. ``card_timestamps`` — rule 46: … and two named cards' effects in one layer (Turn to Frog's "loses all abilities" and an
   Equipment's "has hexproof", layer 6) the rules on the order within it (613.7 timestamps, 613.8 dependency) and a
   timestamp subrule naming a card's type (613.7e, an Equipment);
10. ``card_locked`` — rule 47: a named spell or ability changing, for a time, objects it names by what they are
   (Overrun's "Creatures you control get +3/+3 … until end of turn") makes the rule fixing that set as it begins (611.2c)
   a candidate;
11. ``abilities_met`` — rule 56: a named card's effect on abilities ("loses all abilities", layer 6) and another named
   card with a keyword raise that layer rule again;
12. ``asked_layers`` — rule 57: a question about effects saying what they change ("two effects make it a different
   color") is read as a card's text: the layer rules of what it says are candidates;
13. ``card_copies`` — rule 28: two of one named card make its type's rule on the same name (704.5j) a candidate, and
   two named cards of one type its rule on two or more of them (704.5k);
14. ``copy_effects`` — rule 50: a named card's copy effect makes the copy rule the cards call for a candidate: its
   exception ("except it's an Illusion") 707.9, another copying card 707.3, a double-faced card copied 707.8;
15. ``card_states`` — rule 30: what the cards or the question lower (-N/-N, a loyalty cost) makes the state-based
   action checking it at zero (704.5f, 704.5i) a candidate;
16. ``card_sets`` — rule 33: a type the cards' effects set objects to ("Nonbasic lands are Mountains") makes the rule of
   that type on an effect that sets it (305.7) a candidate;
17. ``card_costs`` — rule 37: a card's activated ability costing an action ("Sacrifice a creature:") makes the rule on
    activating, putting it on the stack and paying its costs (602.2), a candidate;
18. ``mana_value`` — rule 44: a question on mana value ("MV", "CMC", or a named card checking it: "the same mana value")
    makes the rule defining it (202.3) a candidate, with its subrule on what a named card's mana cost holds ({X} → 202.3e)
    and the rule saying its additional or alternative cost leaves the mana cost alone (kicker → 118.8d);
19. ``cost_changes`` — rule 45: a named card making spells cost more or less ("cost {1} more to cast") makes the rule on
    a spell's total cost (601.2f) a candidate, a generic reduction the rule on those (118.7a), and an alternative cost
    met by another cost the rule on how they apply to it (118.9d);
20. ``token_leaves`` — rule 51: a token told of going to a zone other than the battlefield ("bounce my token to my
    hand", a named card's "Return target creature to its owner's hand") makes the rules saying it ceases to exist
    (111.7, 111.8, 704.5d) candidates;
21. ``new_object`` — rule 58: counters on an object told of leaving its zone ("blink my creature with +1/+1 counters",
    a named card's "Return target creature to its owner's hand") make the rules saying it comes back a new object
    without them (400.7, 122.2) candidates;
22. ``replaced`` — rule 59: a named card's replacement effect of a kind of event the rules name ("If you would draw a
    card …, you win the game instead") makes the rule on replacing that kind a candidate (614.11 card draws, 614.9
    redirected damage), and, met by another named card's triggered ability, the rule saying a replaced event never
    happens (614.6);
23. ``until`` — rule 60: a named card moving an object until an event ("exile target creature … until Banisher Priest
    leaves the battlefield") makes the rule on such effects (610.3) and its subrule for the kind of ability making it
    (610.3b triggered, 610.3a spell or activated) candidates;
24. ``recipient`` — rule 61: told of damage, a named card of a type whose result of damage hangs on the type alone (a
    planeswalker) makes that result (120.3c, loyalty counters removed) a candidate;
25. ``left_trigger`` — rule 62: a named card's own leaves-the-battlefield ability ("When Rancor is put into a graveyard
    from the battlefield, return …") and a permanent told leaving ("Disenchant my Rancor") make that kind's rule and the
    rule saying it looks back in time (603.6c, 603.10a) candidates, unless the question asks whether it triggers at all;
26. ``attached`` — rule 65: a named Aura (Equipment, Fortification) and an object told of leaving its zone make the
    state-based action for an attachment attached to nothing or to an illegal object (704.5m, 704.5n) a candidate;
27. ``known`` — rule 66: a named card reading a characteristic of an object it moved ("damage equal to the sacrificed
    creature's power") makes the rule on the information an effect uses of an object that left its zone (608.2h) a
    candidate;
28. ``stolen_trigger`` — rule 38: one named card taking another that has a triggered ability makes the rules on who
    controls a triggered ability (603.3a, 109.4b) candidates;
29. ``stolen_leaves`` — rule 41: a named card taking control and the question telling of an object dying or leaving make
    the rule sending it to its owner's graveyard, hand or library (400.3) a candidate;
30. ``stolen_attacks`` — rule 63: a named card taking control and a sentence asking about attacking or tapping ("Can I
    attack with it this turn?") make the rule saying a creature can't until controlled since its controller's turn
    began (302.6, summoning sickness) a candidate;
31. ``together`` — rule 48: two named cards' triggered abilities triggering on one event (both "At the beginning
    of your upkeep") make the rule on putting abilities that triggered together on the stack (603.3b) a candidate;
32. ``trigger_choices`` — rule 49: a named card's triggered ability that targets, or says "may" or "unless", makes the
    rule settling it (603.3d: no legal target, for a question speaking of a target and of no response taking it away;
    603.5: decided on resolution) a candidate, and so does a wording the question quotes of a trigger;
33. ``copies_trigger`` — rule 55: more than one of a named card with a triggered ability makes the rule on how many
    times an ability triggers (603.2c) a candidate;
34. ``mana_empties`` — rule 36: mana in a step or phase makes the rules saying mana pools empty as steps and phases
    end (500.5, 106.4) candidates;
35. ``keyword_prior`` — rule 2: a named keyword raises its defining rule, subrules and FAQ entries (once, however
    many ways it is named);
36. ``card_keywords`` — rule 20: a named card's keywords raise their rules, by how well they fit the question (a
    keyword the question names itself is rule 2's);
37. ``glossary_prior`` — rule 4: a named glossary term raises the rules its entry cites (rule 18: by how
    much of the question's other words they hold);
38. ``loyalty_said`` — rule 35: a loyalty symbol said of a planeswalker ("+1", "her −2") or a planeswalker's
    abilities name the glossary term Loyalty Ability, raised as rule 4 raises a named term (606);
39. ``when_to_act`` — rule 34: asking whether a player may act (cast, activate, play a land) in a step, phase or turn
    raises the rules saying when a player may act (117.1a, 502.4, 505.6b, 606.3), and a step it names as such that
    step's rule on priority in it (509.2 for "once blockers are declared");
40. ``title_prior`` — rule 5: a named section or rule title raises the rules under it (rule 18 likewise);
41. ``card_types`` — rule 21: a named card's type-line words raise the rules of those types, and its layout the rules of
    the kind of card it makes it (a Transforming Double-Faced Card → 712);
42. ``card_abilities`` — rule 31: a named card with an ability in one of the CR's templates ("[Cost]: [Effect.]")
    raises the rules of the section giving them all (113, Abilities: 113.7a, an ability exists apart from its source);
43. ``kind_terms`` — rule 42: a named card's wording of a kind of triggered ability the rules name (603.6c's
    leaves-the-battlefield abilities: "Whenever … dies") raises what that kind's glossary entry cites (603.6c, 603.10),
    as rule 4 raises a named term;
44. ``later_terms`` — rule 54: a named card's effect creating a delayed or reflexive triggered ability (a trigger
    word not beginning the ability: "Sacrifice it at the beginning of the next end step") raises what that kind's
    glossary entry cites (603.7, 603.12), as rule 42 does;
45. ``gone`` — rule 32: told of a response that moves an object out of its zone or out of a spell's reach ("they sac it
    in response", or a named card saying "Exile target creature"), the rules on how the waiting spell or ability
    resolves (608.2b, 113.7a) rise;
46. ``out_of_combat`` — rule 52: told of an attacking or blocking creature leaving the battlefield, tapped, phasing or
    regenerating in a combat step it names ("tapped after blockers are declared"), the rules on what removes a
    permanent from combat (506.4 and its subrules) rise;
47. ``damage_order`` — rule 64: a question about attacking or blocking creatures asking which comes first ("does the
    attacker hit first?", "do I die before the lifelink?") raises the rule dealing combat damage simultaneously (510.2),
    unless first strike or double strike is named;
48. ``rule_number`` — rule 6: a rule number the question names is the answer;
49. ``continuity`` — rule 14: in a conversation, a follow-up favours the previous answer's sections;
50. ``faq_similar`` — rule 7: a FAQ question like the player's boosts its entry and the rules it rests on (half, as
    rule 12, for an entry about a keyword the question does not name);
51. ``base`` — text × (1 + priors + rule 11, the section's relevance), less for rules 12 (a keyword's own
    rules when it is not named, directly or by a named card) and 13 (a variant's rules unless mentioned; not by a
    glossary entry citing general rules and a variant's, Lose the Game),
    excerpts and short kinds;
52. ``card_rulings`` — rule 23: a named card's rulings that hold the question's words compete like FAQ entries, and
    the rules those holding its own words were linked to at install (:mod:`rulesgraph.rulinglinks`) rise;
53. ``quotes`` — rule 16: a document with the words the question quotes rises;
54. ``faq_fit`` — rule 17: the FAQ entries about a named keyword compete on the question's other words;
55. ``spread`` — rule 8: score spreads from the best nodes to what they cite, their parent and children (not down
    inside the rules of a keyword named in passing: rules 2 and 20 raised those already);
56. ``echo`` — rule 39: a best rule restating another section's rule (306.5d, 606.3) brings that rule right after
    it;
57. ``to_current`` — rule 9: other documents' text counts for the CR rule it is today;
58. ``focus`` — rules 3 and 19: a question only about a keyword (a section) gets its defining (opening) rule;
59. ``card_focus`` — rule 20: a question saying little besides the cards' names gets their keywords' rules;
60. ``card_kind`` — rule 27: … and the rule defining a kind of effect they have (a replacement effect's 614.1a);
61. ``bridges`` — rule 15: with two keywords named, the rules connecting them rise, by how much the question is
    only about them;
62. ``procedure`` — rule 40: with two steps of one procedure among the best (601.2c targets, 601.2g mana abilities),
    the rule laying out its steps in order (601.2, casting a spell) rises just above them, cited apart from them.

Rule 10 (a negated mention, "non-trample", boosts nothing) is the analysis's: ``Analysis.of_kind`` leaves
negated mentions out of every step.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from .analyze import Analysis
from .index import Index
from .pipeline import Pipeline, Query, Step
from .qgraph import QGraph
from .relations import definers
from .relevance import COMMON, specificity
from .steps import (
    abilities,
    attached,
    base,
    bridges,
    cards,
    combat,
    context,
    control,
    copies,
    costs,
    echo,
    faq,
    focus,
    gone,
    known,
    later,
    layers,
    loyalty,
    meeting,
    moments,
    moved,
    named,
    order,
    quotes,
    recipient,
    replaced,
    sets,
    spread,
    states,
    text,
    together,
    tokens,
    turn,
    until,
    value,
)

__all__ = ["COMMON", "STEPS", "WEIGHTS", "Ranking", "Scored", "definers", "rank", "specificity"]

STEPS = Pipeline([
    Step("text", text.text),
    Step("card_text", cards.card_text, {"card_text": cards.WEIGHTS["card_text"]}),
    Step("card_wording", cards.card_wording, {"card_wording": cards.WEIGHTS["card_wording"]}),
    Step("quoted_wording", quotes.quoted_wording, {"quoted_wording": quotes.WEIGHTS["quoted_wording"]}),
    Step("card_effects", cards.card_effects, {"card_effects": cards.WEIGHTS["card_effects"]}),
    Step("card_meeting", meeting.card_meeting, {"card_meeting": meeting.WEIGHTS["card_meeting"]}),
    Step("effects_meet", meeting.effects_meet, {"effects_meet": meeting.WEIGHTS["effects_meet"]}),
    Step("card_sublayers", layers.card_sublayers, {"card_sublayers": layers.WEIGHTS["card_sublayers"]}),
    Step("card_timestamps", layers.card_timestamps, {"card_timestamps": layers.WEIGHTS["card_timestamps"]}),
    Step("card_locked", layers.card_locked, {"card_locked": layers.WEIGHTS["card_locked"]}),
    Step("abilities_met", layers.abilities_met, {"card_abilities_met": layers.WEIGHTS["card_abilities_met"]}),
    Step("asked_layers", layers.asked_layers, {"asked_layers": layers.WEIGHTS["asked_layers"]}),
    Step("card_copies", copies.card_copies, {"card_copies": copies.WEIGHTS["card_copies"]}),
    Step("copy_effects", copies.copy_effects, {"copy_effects": copies.WEIGHTS["copy_effects"]}),
    Step("card_states", states.card_states, states.WEIGHTS),
    Step("card_sets", sets.card_sets, sets.WEIGHTS),
    Step("card_costs", costs.card_costs, {"card_costs": costs.WEIGHTS["card_costs"]}),
    Step("mana_value", value.mana_value, value.WEIGHTS),
    Step("cost_changes", costs.cost_changes, {"cost_changes": costs.WEIGHTS["cost_changes"]}),
    Step("token_leaves", tokens.token_leaves, tokens.WEIGHTS),
    Step("new_object", moved.new_object, moved.WEIGHTS),
    Step("replaced", replaced.replaced, replaced.WEIGHTS),
    Step("until", until.until, until.WEIGHTS),
    Step("recipient", recipient.recipient, recipient.WEIGHTS),
    Step("left_trigger", moments.left_trigger, moments.WEIGHTS),
    Step("attached", attached.attached, attached.WEIGHTS),
    Step("known", known.known, known.WEIGHTS),
    Step("stolen_trigger", control.stolen_trigger, {"stolen_trigger": control.WEIGHTS["stolen_trigger"]}),
    Step("stolen_leaves", control.stolen_leaves, {"stolen_leaves": control.WEIGHTS["stolen_leaves"]}),
    Step("stolen_attacks", control.stolen_attacks, {k: control.WEIGHTS[k] for k in ("stolen_attacks", "stolen_attacks_prior")}),
    Step("together", together.together, {"together": together.WEIGHTS["together"]}),
    Step("trigger_choices", together.trigger_choices,
         {k: together.WEIGHTS[k] for k in ("trigger_target", "trigger_may", "trigger_quoted")}),
    Step("copies_trigger", together.copies_trigger, {"copies_trigger": together.WEIGHTS["copies_trigger"]}),
    Step("mana_empties", turn.mana_empties, {"mana_empties": turn.WEIGHTS["mana_empties"]}),
    Step("keyword_prior", named.keyword_prior, {k: named.WEIGHTS[k] for k in ("keyword_rule", "keyword_sub")}),
    Step("card_keywords", cards.card_keywords, {"card_keyword": cards.WEIGHTS["card_keyword"]}),
    Step("glossary_prior", named.glossary_prior, {"term_cited": named.WEIGHTS["term_cited"]}),
    Step("loyalty_said", loyalty.loyalty_said, {"term_cited": named.WEIGHTS["term_cited"], **loyalty.WEIGHTS}),
    Step("when_to_act", turn.when_to_act, {k: turn.WEIGHTS[k] for k in ("when_to_act", "step_priority")}),
    Step("title_prior", named.title_prior, {"title_sub": named.WEIGHTS["title_sub"]}),
    Step("card_types", cards.card_types, {k: cards.WEIGHTS[k] for k in ("card_type", "card_layout")}),
    Step("card_abilities", abilities.card_abilities, {"card_ability": abilities.WEIGHTS["card_ability"]}),
    Step("kind_terms", abilities.kind_terms, {"kind_term": abilities.WEIGHTS["kind_term"]}),
    Step("later_terms", later.later_terms, later.WEIGHTS),
    Step("gone", gone.gone, gone.WEIGHTS),
    Step("out_of_combat", combat.out_of_combat, {"out_of_combat": combat.WEIGHTS["out_of_combat"]}),
    Step("damage_order", combat.damage_order, {k: combat.WEIGHTS[k] for k in ("damage_order", "damage_order_prior")}),
    Step("rule_number", named.rule_number, {"number": named.WEIGHTS["number"]}),
    Step("continuity", context.continuity, context.WEIGHTS),
    Step("faq_similar", faq.faq_similar, {k: faq.WEIGHTS[k] for k in ("faq", "faq_rule")}),
    Step("base", base.base, base.WEIGHTS),
    Step("card_rulings", cards.card_rulings, {k: cards.WEIGHTS[k] for k in ("ruling", "ruling_rule", "ruling_link")}),
    Step("quotes", quotes.quotes, {"quote": quotes.WEIGHTS["quote"]}),
    Step("faq_fit", faq.faq_fit, {"faq_fit": faq.WEIGHTS["faq_fit"]}),
    Step("spread", spread.spread, spread.WEIGHTS),
    Step("echo", echo.echo, echo.WEIGHTS),
    Step("to_current", spread.to_current),
    Step("focus", focus.focus, focus.WEIGHTS),
    Step("card_focus", cards.card_focus, {"card_focus": cards.WEIGHTS["card_focus"]}),
    Step("card_kind", cards.card_kind, {"card_kind": cards.WEIGHTS["card_kind"]}),
    Step("bridges", bridges.bridges, bridges.WEIGHTS),
    Step("procedure", order.steps_of_procedure, order.WEIGHTS),
])
"""The ranking steps, in the order they run."""
WEIGHTS = STEPS.weights()
"""Every step's weights; the steps read them from here when they run (a test may change one)."""


RulingEntry = tuple[float, str, str, str, float, tuple[str, ...]]
"""A named card's ruling that competes (rule 23): ``(score, card, date, text, share of the question it holds, the rules it
was linked to)``."""


@dataclass(slots=True)
class Scored:
    """A ranked node: its score and the reasons that made it (shown as "why matched"), built when first read."""

    node: str
    score: float = 0.0
    given: list[str] | None = None
    _query: Query | None = None
    _at: int = -1

    @property
    def reasons(self) -> list[str]:
        if self.given is None:
            self.given = self._query.reasons(self._at) if self._query is not None else []
        return self.given


class Ranking(Sequence[Scored]):
    """Every candidate with its score, best first.  A candidate's :class:`Scored` is made when it is first read (an
    answer reads the first few dozen of ~400) and its reasons when those are read; :attr:`nodes`, :attr:`scores`
    and :meth:`position` read the whole ranking without making them.  The named cards' rulings that compete
    (rule 23) are beside it, in :attr:`rulings`: they are not nodes of the graph; the text relevance the scores
    started from is in :attr:`text`."""

    __slots__ = ("_made", "_numbers", "_query", "nodes", "rulings", "scores", "text")

    def __init__(self, query: Query | None, numbers: list[int], nodes: list[str], scores: list[float],
                 rulings: list[RulingEntry] | None = None, text: dict[int, float] | None = None) -> None:
        self._query, self._numbers = query, numbers
        self.nodes = nodes
        """The candidates' ids, best first."""
        self.scores = scores
        """Their scores, in the same order."""
        self.rulings = rulings or []
        self.text = text or {}
        """The candidates' text relevance as the text steps left it (node number → relevance): rule 1's (the best 1),
        plus what rule 22 adds for the named cards' Oracle text and rules 24–26 for the rules explaining the cards'
        wordings and effects: what the words — the question's and its cards' — make of it, before what the question
        names and the graph have their say."""
        self._made: list[Scored | None] = [None] * len(nodes)

    @classmethod
    def of(cls, scored: list[Scored], text: dict[int, float] | None = None) -> Ranking:
        """A ranking of given candidates, best first (tests, and callers that rank some other way)."""
        ranking = cls(None, [s._at for s in scored], [s.node for s in scored], [s.score for s in scored], None, text)
        ranking._made = list(scored)
        return ranking

    def _at(self, j: int) -> Scored:
        made = self._made[j]
        if made is None:
            made = self._made[j] = Scored(self.nodes[j], self.scores[j], None, self._query, self._numbers[j])
        return made

    def __len__(self) -> int:
        return len(self.nodes)

    @overload
    def __getitem__(self, j: int) -> Scored: ...

    @overload
    def __getitem__(self, j: slice) -> list[Scored]: ...

    def __getitem__(self, j: int | slice) -> Scored | list[Scored]:
        if isinstance(j, slice):
            return [self._at(k) for k in range(*j.indices(len(self.nodes)))]
        if 0 <= j < len(self.nodes):  # the usual case, without a range to index
            return self._at(j)
        return self._at(range(len(self.nodes))[j])  # negative and out-of-range indices as a list has them

    def __iter__(self) -> Iterator[Scored]:
        return (self._at(k) for k in range(len(self.nodes)))

    @property
    def apart(self) -> frozenset[str]:
        """The rules to cite apart from their own subrules: the procedures rule 40 raised above their steps (601.2 and
        601.2g are both worth citing; a second subrule of one rule is not)."""
        if self._query is None:
            return frozenset()
        ids = self._query.g.ids
        return frozenset(ids[i] for i in self._query.memo.get("procedures raised", ()))

    def position(self) -> dict[str, int]:
        """Each candidate's place in the ranking (0 is the best)."""
        return {node: j for j, node in enumerate(self.nodes)}


def rank(index: Index, g: QGraph, a: Analysis, steps: Pipeline = STEPS) -> Ranking:
    """Every candidate with its score and the reasons for it, best first."""
    q = steps.run(Query(index, g, a, WEIGHTS))
    ids = g.ids
    numbers, scores = q.top(len(q.score))  # ties in the order they were scored
    return Ranking(q, numbers, [ids[i] for i in numbers], scores, q.memo.get("rulings", []), q.text)
