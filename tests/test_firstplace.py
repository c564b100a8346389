"""rulesgraph/answer/firstplace.py and the confidence of answers (issue 16, Build 3): the bullets of the issue's "Why",
asked again, no longer happen."""

from __future__ import annotations

import pytest

from rulesgraph import Rulebook
from rulesgraph.answer.compose import ask
from rulesgraph.answer.firstplace import (
    ALONE,
    LINE,
    LISTED,
    SENTENCE,
    SETTLES,
    UNSETTLED,
    UNSETTLED_LEAD,
    WHOLE,
    card_says,
    deciding,
    direct,
    faq_answers,
    fitted,
    in_rule_order,
    listing,
    names_a_variant,
    no_variant_first,
    reminded,
    short,
    telling_sentence,
    unsettled,
)
from rulesgraph.build.index import doc_terms
from rulesgraph.model import NamedCard
from rulesgraph.question.analyze import analyze
from rulesgraph.rank.ranking import Scored

ODD = ["can i respond to my opponent unmorphing their creature?", "is sol ring banned in modern", "what about the thing with the cards",
       "???", "volcanic wearing", "702.19b", "trample", "I have X, I cast Y, then Z"]


def test_confidence_is_a_probability(full_book: Rulebook) -> None:
    """Confidence is always in [0, 1] (it was -2.94 for the unmorphing question)."""
    for question in ODD:
        assert 0.0 <= ask(full_book, question).confidence <= 1.0, question


def test_a_faq_entry_answers_only_a_question_asked_alike(full_book: Rulebook) -> None:
    """The direct answer comes from a FAQ entry only when its question really is the player's: the ninjutsu FAQ
    entry does not answer a question about turning a face-down creature up; the annihilator one answers its own."""
    unmorph = ask(full_book, "can i respond to my opponent unmorphing their creature?")
    assert unmorph.answer is not None and not any(
        unmorph.answer.startswith(full_book.qg.nodes[c.id]["answer"][:40]) for c in unmorph.citations if c.kind == "faq")
    sacrificed = ask(full_book, "can I block with a creature I sacrificed to annihilator?")
    assert sacrificed.answer is not None and sacrificed.answer.startswith("No. Annihilator triggers")
    a = analyze("can i respond to my opponent unmorphing their creature?", full_book.index)
    assert not faq_answers(full_book.index, full_book.qg, a, "faq:ninjutsu-4")


def test_no_variant_rule_first_unless_a_variant_is_named(full_book: Rulebook) -> None:
    """A rule of a multiplayer variant never comes first for a question that names no variant; naming the variant
    lets it."""
    g = full_book.qg
    questions = ("in a two-player game who goes first", "who takes the first turn of a game", "how much life does each player start with")
    for question in questions:
        first = ask(full_book, question).citations[0].id
        assert not g.variant[g.num[first]], (question, first)
    assert g.variant[g.num[ask(full_book, "in two-headed giant, how much life does a team start with").citations[0].id]]
    a = analyze("how does team life work in two-headed giant", full_book.index)
    assert names_a_variant(g, a)
    plain = analyze("who goes first", full_book.index)
    assert no_variant_first(g, plain, ["810.9", "103.8"]) == ["103.8", "810.9"]
    assert no_variant_first(g, a, ["810.9", "103.8"]) == ["810.9", "103.8"]


def test_a_term_citing_general_rules_and_a_variants_names_no_variant(full_book: Rulebook) -> None:
    """Lose the Game cites rule 104 and 810.8 (Two-Headed Giant's additional rules): naming it names no variant, so a
    variant rule still does not come first; Commander, citing only 903, names one."""
    g = full_book.qg
    assert not g.cites_variant(g.num["glossary:Lose the Game"]) and g.cites_variant(g.num["glossary:Commander"])
    assert not names_a_variant(g, analyze("do I lose the game?", full_book.index))
    assert no_variant_first(g, analyze("do I lose the game?", full_book.index), ["810.8a", "104.3a"])[0] == "104.3a"


def test_the_answer_line_is_the_sentence_that_speaks_to_the_question(mini_book: Rulebook) -> None:
    text = "Trample is a static ability. The controller of an attacking creature with trample assigns lethal damage to all blockers."
    a = analyze("who assigns lethal damage to all blockers?", mini_book.index)
    sentence, share = telling_sentence(mini_book.index, a, text)
    assert sentence.startswith("The controller of an attacking creature") and share >= SETTLES
    assert telling_sentence(mini_book.index, analyze("trample", mini_book.index), text) == ("Trample is a static ability.", 1.0)
    assert telling_sentence(mini_book.index, a, "Mana is spent.")[1] < SETTLES
    assert telling_sentence(mini_book.index, a, "") == ("", 0.0)


def test_a_sentence_that_leans_on_the_one_before_is_given_with_it(mini_book: Rulebook) -> None:
    """A sentence naming what the one before says ("This rule is informally called …"), or only pointing elsewhere, does
    not stand alone as the answer line: the sentence before it comes with it (the share is the named sentence's)."""
    text = ("A creature can't attack unless it has been under its controller's control continuously since their most "
            "recent turn began. This rule is informally called the blocking dance rule. Other rules apply.")
    a = analyze("what is the blocking dance rule?", mini_book.index)
    sentence, share = telling_sentence(mini_book.index, a, text)
    assert sentence.startswith("A creature can't attack unless") and sentence.endswith("the blocking dance rule.")
    assert share >= SETTLES
    sentence, _ = telling_sentence(mini_book.index, analyze("how does trample assign?", mini_book.index),
                                   "Trample is a static ability. (See rule 702.19, trample assigns.)")
    assert sentence == "Trample is a static ability. (See rule 702.19, trample assigns.)"
    chained = "The chaos symbol is a swirl. It appears on one face. It looks like a blocking dance vortex."
    assert telling_sentence(mini_book.index, a, chained)[0] == chained  # back to the sentence that stands alone
    long = "A creature " + "really " * 70 + "attacks. This is called the blocking dance rule."
    sentence = telling_sentence(mini_book.index, a, long)[0]  # what it leans on cut to fit, the telling sentence whole
    assert sentence.startswith("A creature really") and sentence.endswith(" … This is called the blocking dance rule.")
    assert len(sentence) <= LINE
    two = ("A creature assigns lethal damage only if it has been under its controller's control. A creature can't attack "
           "unless it has been under its controller's control. This rule is informally called the blocking tap rule.")
    sentence, share = telling_sentence(mini_book.index, analyze("does the blocking tap rule change lethal damage?",
                                                                mini_book.index), two)
    assert sentence == ("A creature assigns lethal damage only if it has been under its controller's control. This rule is "
                        "informally called the blocking tap rule.") and share >= SETTLES  # the name, with what was asked
    assert "can't attack" in telling_sentence(mini_book.index, analyze("what is the blocking tap rule?", mini_book.index),
                                              two)[0]  # nothing else asked: the sentence it follows


def test_each_sentence_is_read_once_however_many_words_the_question_has(mini_book: Rulebook, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long question's own words were each checked against the sentence's terms made anew (a heading's children,
    read for the telling one, cost a long question ~1 ms): the sentence's terms are made once, the answer the same."""
    from rulesgraph.answer import firstplace

    text = "Trample is a static ability. The controller of an attacking creature with trample assigns lethal damage to all blockers."
    a = analyze("who assigns lethal damage to all blockers when the attacking creature with trample is blocked twice?", mini_book.index)
    calls: list[str] = []
    monkeypatch.setattr(firstplace, "doc_terms", lambda p: calls.append(p) or doc_terms(p))
    sentence, share = telling_sentence(mini_book.index, a, text)
    assert sentence.startswith("The controller of an attacking creature") and share >= SETTLES and len(calls) == 2


def test_an_answer_no_rule_sentence_speaks_to_says_which_rules_bear_on_it_and_is_not_high(full_book: Rulebook) -> None:
    """When no sentence of the first rule holds at least SETTLES of the question's own words, the answer says which rules
    bear on it rather than quote one as if it answered, and its confidence is below "high"."""
    listed = ask(full_book, "does the lucky charm on my dice bag change when I roll for the start of the sideboarding window?")
    assert listed.citations and listed.in_rules
    assert listed.answer is not None and listed.answer.startswith(UNSETTLED_LEAD)  # no card named: the list alone
    assert listed.citations[0].id in listed.answer and listed.confidence <= UNSETTLED
    settled = ask(full_book, "can a tapped creature block?")
    assert settled.answer is not None and not unsettled(settled.answer)


def test_when_no_rule_speaks_to_the_question_the_named_cards_sentence_that_does_comes_first(mini_book: Rulebook) -> None:
    """"Does Dockside Extortionist count treasures my opponents control?" was answered "The rules that bear on it: 111.10,
    605.3, 603.3." (a trial): the sentence of a named card's Oracle text holding most of the question's own words (at
    least SETTLES of them) is quoted first, as the card's; a card whose text says nothing of it adds nothing, and the line
    still says which rules bear on it (its confidence capped as before)."""
    from dataclasses import replace

    text = "Flying\nWhen this creature enters, create X Treasure tokens, where X is the number of artifacts your opponents control."
    dock = NamedCard("Dockside Pirate", "Dockside Pirate", 5, 20, 0.95, "exact", "Creature", text, (), (), (),
                     frozenset(doc_terms("Dockside Pirate")))
    a = replace(analyze("does Dockside Pirate count treasures my opponents control?", mini_book.index), cards=(dock,))
    assert card_says(mini_book.index, a) == ("Dockside Pirate: “When this creature enters, create X Treasure tokens, where X is the"
                                             " number of artifacts your opponents control.”")
    line = deciding(mini_book, [Scored("702.19", 1.0, [])], a=a)
    assert line.startswith("Dockside Pirate: “When") and line.endswith(UNSETTLED_LEAD + "702.19 Trample.") and unsettled(line)
    # a keyword said by name is no sentence to quote; a mode is quoted with the words choosing it; a sentence leaning on
    # the one before ("If you do, …") with it; a card of several faces by the face's name
    mode = "• Create a Treasure for each artifact your opponents control."
    modal = replace(dock, key="Modal Pirate", text=f"Enchant creature\nChoose two —\n• Draw a card.\n{mode}")
    b = replace(a, cards=(modal,))
    assert card_says(mini_book.index, b) == f"Modal Pirate: “Choose two — {mode}”"
    done = "Whenever a land enters, you may pay {1}. If you do, create a Treasure for each artifact your opponents control."
    assert card_says(mini_book.index, replace(a, cards=(replace(dock, text=done),))) == f"Dockside Pirate: “{done}”"
    quiet = replace(dock, text="Flying")
    b = replace(a, cards=(quiet,))
    assert card_says(mini_book.index, b) is None
    assert deciding(mini_book, [Scored("702.19", 1.0, [])], a=b) == UNSETTLED_LEAD + "702.19 Trample."


def test_a_headings_answer_line_is_its_subrule_that_speaks_to_the_question(mini_book: Rulebook) -> None:
    """A heading cited first (702.19 Trample) is answered by its first subrules when the question only names it, by the
    later subrule that speaks to the question when one does, and by the rules that bear on it when none does."""
    heading = [Scored("702.19", 1.0, []), Scored("702.19a", 0.5, [])]
    named = direct(mini_book, analyze("trample", mini_book.index), heading, True)
    assert named is not None and named.startswith("Trample is a static ability")
    asked = direct(mini_book, analyze("does assigning lethal damage need the blocker destroyed?", mini_book.index), heading, False)
    assert asked == "Assigning lethal damage to a blocker doesn't need the blocker to be destroyed."
    unsettled = direct(mini_book, analyze("when does a card go to the graveyard?", mini_book.index), heading, False)
    assert unsettled == UNSETTLED_LEAD + "702.19 Trample, 702.19a."


def test_a_rule_the_question_names_by_number_is_read_as_written(full_book: Rulebook) -> None:
    """"what does rule 704.5k say?" quotes 704.5k, not "The rules that bear on it" (its number is no word a sentence holds);
    "explain 702.19" reads the heading's first part, not the later one that repeats "702.19b"."""
    said = ask(full_book, "What does rule 704.5k say?")
    assert said.citations[0].id == "704.5k" and said.answer is not None
    assert said.answer.startswith(full_book.qg.nodes["704.5k"]["text"][:60])
    explained = ask(full_book, "explain 702.19")
    assert explained.answer is not None and explained.answer.startswith("Trample is a static ability")


def test_a_keyword_asked_what_it_is_reads_its_subrules_in_the_rules_order(full_book: Rulebook) -> None:
    """"what does trample do?" cites 702.19a before 702.19d and 702.19g, in the places the ranking cited them; a question
    about a situation keeps the ranking's order (the subrule speaking to it first)."""
    g = full_book.qg
    asked = analyze("what does trample do?", full_book.index)
    assert in_rule_order(g, asked, ["702.19", "702.19g", "702.19d", "702.19a", "glossary:Trample"]) == \
        ["702.19", "702.19a", "702.19d", "702.19g", "glossary:Trample"]
    told = analyze("my trampler with deathtouch is blocked by two 3/3s, how much damage goes through?", full_book.index)
    assert in_rule_order(g, told, ["702.19c", "702.19b", "702.2c"]) == ["702.19c", "702.19b", "702.2c"]
    cited = [c.id for c in ask(full_book, "what does trample do").citations]
    assert cited.index("702.19a") < min(cited.index(n) for n in ("702.19d", "702.19g") if n in cited)


def test_a_sentence_ends_after_a_quotation_closing_on_its_stop() -> None:
    said = "A spell is modal if it says “Choose one —.” Each of those options is a mode. Modal cards got errata."
    assert SENTENCE.split(said) == ["A spell is modal if it says “Choose one —.”", "Each of those options is a mode.",
                                    "Modal cards got errata."]
    said = "Each player draws seven. (Some effects can modify it.) A player who is dissatisfied may take a mulligan."
    assert SENTENCE.split(said) == ["Each player draws seven.", "(Some effects can modify it.)",  # "what is a mulligan" began
                                    "A player who is dissatisfied may take a mulligan."]  # with "(Some effects … size.) A …"
    said = "A player loses the game. (This is a state-based action. See rule 704.) Then play goes on."  # 903.10a: a trial
    assert SENTENCE.split(said) == ["A player loses the game.", "(This is a state-based action. See rule 704.)", "Then play goes on."]
    said = "Equip is an ability. “Equip [cost]” means “[Cost]: Attach this to target creature. Activate only as a sorcery.”"
    assert SENTENCE.split(said) == ["Equip is an ability.",  # 702.6a's answer ended inside its quotation
                                    "“Equip [cost]” means “[Cost]: Attach this to target creature. Activate only as a sorcery.”"]
    tail = "It means “Exile it. " + "Then" + " more" * 20 + ".” Next."  # a quotation whole (702.85a, Cascade's: a trial)
    assert SENTENCE.split(tail) == ["It means “Exile it. Then" + " more" * 20 + ".”", "Next."]
    long_tail = "It means “Exile it. " + "Then" + " more" * 100 + ".” Next."  # past QUOTE_WHOLE its sentences stay apart
    assert SENTENCE.split(long_tail)[0] == "It means “Exile it."
    unclosed = "It means “Exile it. Then more. And more."  # a quotation never closed: sentence by sentence
    assert SENTENCE.split(unclosed) == ["It means “Exile it.", "Then more.", "And more."]


def test_a_first_paragraph_gives_whole_sentences_and_cuts_only_a_first_one_too_long() -> None:
    """700.2's first two sentences were cut mid-sentence at 400 characters ("… so the modes do appear in a…"): now the
    second is left out when both do not fit, and only a first sentence longer than the limit alone is cut, at a word."""
    first, second = "A" + " word" * 40 + ".", "Then" + " more" * 60 + "."
    assert short(f"{first} {second}", 2, 250) == first and fitted([first, second], 1000) == f"{first} {second}"
    cut = short(second, 1, 100)
    assert len(cut) <= 100 and cut.endswith("…") and not cut.endswith(" …")
    quoted = "“Cascade” means “When you cast this spell," + " exile more" * 30 + ".”"  # what a keyword means, whole
    assert short(f"{first} {quoted}", 2, 250) == f"{first} {quoted}" and len(f"{first} {quoted}") <= WHOLE


def test_a_keyword_quoted_in_its_first_paragraph_is_quoted_whole(full_book: Rulebook) -> None:
    """A trial: "if i cascade into living end on my opponent's turn" quoted 702.85a to "… less than this spell’s mana
    value." inside its quotation, without "You may cast that card …"."""
    said = ask(full_book, "if i cascade into living end on my opponent's turn what happens").answer or ""
    assert said.startswith("Cascade is a triggered ability") and said.endswith("on the bottom of your library in a random order.”")


def test_a_first_paragraph_ending_on_a_colon_lists_what_it_introduces(full_book: Rulebook) -> None:
    """"What is the order of the layers?" ended on 613.1's "… in the following order:"; the layers follow, one a line.
    A list longer than LISTED says how many more there are."""
    layers = ask(full_book, "What is the order of the layers for continuous effects?").answer or ""
    lines = layers.splitlines()
    assert lines[0].endswith("in the following order:") and [line.split()[0] for line in lines[1:]] == [
        "613.1a", "613.1b", "613.1c", "613.1d", "613.1e", "613.1f", "613.1g"]
    assert lines[1] == "613.1a Layer 1: Rules and effects that modify copiable values are applied."
    actions = ask(full_book, "what does rule 704.5 say?").answer or ""
    assert actions.splitlines()[0] == "The state-based actions are as follows:" and len(actions.splitlines()) == LISTED + 2
    assert actions.splitlines()[-1].startswith(f"… and {len(full_book.qg.targets('704.5', 'contains')) - LISTED} more (704.5")
    g = full_book.qg  # a last sentence announcing "the following …" introduces the subrules as a colon does
    shortcut = listing(g, "732.2", "Taking a shortcut follows the following procedure.").splitlines()
    assert [line.split()[0] for line in shortcut[1:]] == ["732.2a", "732.2b", "732.2c"]
    assert listing(g, "702.19", "Trample is a static ability.") == "Trample is a static ability."  # nothing announced
    mana = listing(g, "605.1", "Only abilities that meet either of the following two sets of criteria are mana abilities.")
    assert mana.splitlines()[2].startswith("605.1b") and mana.endswith("and it could add mana to a player’s mana pool when it resolves.")
    assert "…" not in mana  # two listed, each whole (cut at 200 characters, 605.1b lost its last criterion: a trial)


def test_a_telling_sentence_is_given_whole_up_to_twice_a_line(full_book: Rulebook) -> None:
    """707.2's sentence on copiable values (a trial's Clone question) was cut at LINE, "… and may also set additional…"."""
    copied = ask(full_book, "Clone copies a creature. What are the copiable values, and do its power, toughness and face-down "
                            "status count?").answer or ""
    assert "The copiable values are" in copied and "…" not in copied and len(copied) > LINE


def test_a_sentence_pointing_at_this_layer_or_rule_is_given_with_the_one_before(full_book: Rulebook) -> None:
    """613.4b's "Effects that refer to the base power and/or toughness of a creature apply in this layer." says which
    layer only with the sentence before it (a new user's trial: it was a whole first paragraph)."""
    text = full_book.qg.nodes["613.4b"]["text"]
    asked = analyze("effects that refer to base power and toughness of a creature?", full_book.index)
    said, _ = telling_sentence(full_book.index, asked, text)
    assert said.startswith("Layer 7b:") and said.endswith("apply in this layer.")


def test_a_telling_sentence_too_short_to_stand_alone_is_given_with_the_one_before(full_book: Rulebook) -> None:
    """"can I choose the same mode twice?": the sentence of 700.2 holding "mode", "Each of those options is a mode.", was
    the whole first paragraph."""
    text = full_book.qg.nodes["700.2"]["text"]
    said, _ = telling_sentence(full_book.index, analyze("can i choose the same mode twice?", full_book.index), text)
    assert said.startswith("A spell or ability is modal") and said.endswith("Each of those options is a mode.")
    assert len("Each of those options is a mode.") < ALONE


def test_an_old_rule_the_question_names_is_said_to_be_gone_unless_the_answer_says_so(full_book: Rulebook) -> None:
    """A returning player's trial: "… didn't use the Dark Ritual mana. Do I take mana burn?" was answered from 106.4 with
    no word that mana burn is gone.  An obsolete glossary entry saying a rule is gone is a note; one renaming a word ("in
    play") or a type become another ("interrupt", "mana source": today's words too) is none, nor one its answer says."""
    burn = ask(full_book, "I cast Dark Ritual in my upkeep and didn't use the mana. Do I take mana burn?")
    assert any(c.startswith("Mana Burn: Older versions of the rules") and "no longer exists" in c for c in burn.caveats)
    assert any(c.startswith("Damage Assignment Order: Previously") for c in ask(full_book, "do I still order my blockers for damage "
                                                                                    "assignment order?").caveats)
    for today in ("can I interrupt my opponent's attack with an instant?", "is Llanowar Elves a mana source?"):  # today's words
        assert not ask(full_book, today).caveats, today
    assert not any(c.startswith("Mana Burn") for c in ask(full_book, "is mana burn still a thing?").caveats)  # its answer
    assert not any(c.startswith("In Play") for c in ask(full_book, "I have Humility in play, what happens?").caveats)
    gapped = ask(full_book, "Or have I to pay one mana each time that source will deal damage?")  # words said apart
    assert not any(c.startswith("Mana Source") for c in gapped.caveats)


def test_reminder_text_is_quoted_after_what_it_reminds_of() -> None:
    """A new user's trial with 2026 cards: Badgermole Cub's answer quoted "(Target land you control becomes a 0/0 creature
    …)" alone, no word of earthbend; on the real tuning questions, Culling Scales' "(If two or more permanents are tied for
    lowest, …)" without the destroying it qualifies."""
    line = ("When this creature enters, earthbend 1. (Target land you control becomes a 0/0 creature with haste that's still a "
            "land. Put a +1/+1 counter on it. When it dies or is exiled, return it to the battlefield tapped.)")
    assert reminded(line, "When it dies or is exiled, return it to the battlefield tapped.)") == (
        "When this creature enters, earthbend 1. (… When it dies or is exiled, return it to the battlefield tapped.)")
    assert reminded(line, "(Target land you control becomes a 0/0 creature with haste that's still a land.") == (
        "When this creature enters, earthbend 1. (Target land you control becomes a 0/0 creature with haste that's still a land. …)")
    assert reminded("Flying. Draw a card.", "Draw a card.") == "Draw a card."  # no reminder
    assert reminded("(This is an aside.) Draw a card.", "Draw a card.") == "Draw a card."  # after the parenthesis
