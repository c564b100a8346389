"""Card wordings the rules explain (rulesgraph/wording.py): read from the full CR, matched against Oracle text."""

from __future__ import annotations

import re

from rulesgraph import Rulebook
from rulesgraph.wording import card_wordings, defined, wordings


def used(book: Rulebook, text: str, name: str = "Ashen Shroud") -> dict[str, str]:
    return {book.qg.ids[w.node]: w.quote for w in card_wordings(book.qg, book.index, text, (name,))}


def test_the_rules_quoted_wordings_are_read(full_book: Rulebook) -> None:
    """Rules saying what a card's words mean give their quotes; a quoted rule title is not a wording."""
    found = {(full_book.qg.ids[w.node], w.quote) for w in wordings(full_book.qg, full_book.index)}
    assert ("614.1a", "instead") in found
    assert ("615.12", "can’t be prevented") in found
    assert ("611.2b", "for as long as") in found
    assert not any(quote.startswith(("State-Based Actions", "Timing and Priority")) for _, quote in found)


def test_a_cards_text_uses_a_wording(full_book: Rulebook) -> None:
    """A word or phrase anywhere in an ability; reminder text is not the card's own wording."""
    assert "614.1a" in used(full_book, "If a card would be put into a graveyard from anywhere, exile it instead.")
    assert "615.12" in used(full_book, "Damage can't be prevented this turn.")
    assert "614.1a" not in used(full_book, "Flying (If it would be blocked, it isn't instead.)")


def test_a_template_quoting_a_whole_ability_matches_from_its_start(full_book: Rulebook) -> None:
    """``[This permanent] enters tapped`` stands for the card's own name (older text's "enters the battlefield"
    included); a template quoting a whole ability does not match inside another one."""
    assert "603.6d" in used(full_book, "Ashen Shroud enters the battlefield tapped.")
    assert "603.6d" not in used(full_book, "When Ashen Shroud enters the battlefield, tap target creature.")
    assert "603.6a" in used(full_book, "When Ashen Shroud enters the battlefield, draw a card.")


def test_a_longer_wording_holds_the_shorter_and_fillers_are_not_wordings(full_book: Rulebook) -> None:
    """"Damage can't be prevented" uses 615.12's wording, not 615.1a's "prevent" inside it; the values a template's
    placeholder may take (506.7: ... may be “combat.”) are not wordings of their own."""
    found = used(full_book, "Combat damage that would be dealt by creatures you control can't be prevented.")
    assert "615.12" in found and "615.1a" not in found
    assert "615.1a" in used(full_book, "Prevent all combat damage that would be dealt this turn.")
    assert "506.7" not in used(full_book, "Whenever a creature deals combat damage to a player, draw a card.")


def test_a_wording_knows_the_kind_of_effect_its_rule_defines(full_book: Rulebook) -> None:
    """A rule that says "Effects that use the word “instead” are replacement effects" gives its wording that kind
    (``replacement``; 615.1a's "prevent" ``prevention``); a wording whose rule defines no kind of effect has none, nor
    do the entering templates of 614.1c ("As [this permanent] enters"), which mark no kind by a word."""
    kinds = {(full_book.qg.ids[w.node], w.quote): w.effect for w in wordings(full_book.qg, full_book.index)}
    assert kinds[("614.1a", "instead")] == "replacement"
    assert kinds[("615.1a", "prevent")] == "prevention"
    assert kinds[("611.2b", "for as long as")] == ""
    assert any(node == "614.1c" for node, _ in kinds)
    assert all(kind == "" for (node, _), kind in kinds.items() if node == "614.1c")


def test_a_phrased_template_and_a_long_action_are_read(full_book: Rulebook) -> None:
    """118.9's "Alternative costs are usually phrased, “You may [action] rather than pay [this object’s] mana cost”" is
    a wording (the cue "phrased"), and its [action] may be a long one (up to twenty words)."""
    found = {(full_book.qg.ids[w.node], w.quote) for w in wordings(full_book.qg, full_book.index)}
    assert ("118.9", "You may [action] rather than pay [this object’s] mana cost") in found
    pitch = "You may pay 2 life and exile a green card from your hand rather than pay this spell's mana cost."
    assert "118.9" in used(full_book, pitch)
    assert "118.9" not in used(full_book, "Draw two cards, then you may pay this spell's mana cost.")


def test_a_keywords_meaning_is_read_from_its_rules(full_book: Rulebook) -> None:
    """What a keyword means, as its rules quote it (“Evoke [cost]” means “You may cast this card by paying [cost] rather
    than paying its mana cost”, 702.74a), uses the rules' wordings as a card's text would."""
    from rulesgraph.wording import meanings

    evoke = meanings(full_book.qg, "702.74")
    assert evoke and "rather than paying its mana cost" in evoke[0]
    assert "118.9" in used(full_book, evoke[0])
    assert meanings(full_book.qg, "999.99") == ()


def test_a_longer_wording_hides_a_shorter_one_only_within_its_section(full_book: Rulebook) -> None:
    """"Ashen Shroud enters tapped." is 603.6d's "[This permanent] enters tapped" (a static ability) and also 614.1d's
    "[This permanent] enters . . ." (a replacement effect): rules of two sections each say something of the same words."""
    found = used(full_book, "Ashen Shroud enters tapped.")
    assert "603.6d" in found and "614.1d" in found


def test_an_abilitys_first_word_is_any_the_rules_give_for_it_and_a_defined_term_is_its_words(full_book: Rulebook) -> None:
    """603.1's “[When/Whenever/At] …” makes 603.6c's "Whenever [something] is put into a graveyard from the battlefield"
    also a card's "When … is put into a graveyard from the battlefield"; 700.4's "The term dies means “is put into a
    graveyard from the battlefield”" makes a card's "dies" that wording too; the wording knows the kind of triggered
    ability its rule names (leaves-the-battlefield); a word other than those the rules give for the slot does not match."""
    assert "603.6c" in used(full_book, "When Ashen Shroud is put into a graveyard from the battlefield, return it to its owner's hand.")
    assert "603.6c" in used(full_book, "Whenever Ashen Shroud or another creature dies, you gain 1 life.")
    assert "603.6c" not in used(full_book, "If Ashen Shroud is put into a graveyard from the battlefield, you gain 1 life.")
    assert "603.6c" not in used(full_book, "Whenever Ashen Shroud attacks, you gain 1 life.")
    abilities = {w.ability for w in wordings(full_book.qg, full_book.index) if full_book.qg.ids[w.node] == "603.6c"}
    assert abilities == {"leaves-the-battlefield"}
    assert all(w.ability == "" for w in wordings(full_book.qg, full_book.index) if full_book.qg.ids[w.node] == "614.1a")


def test_a_defined_terms_words_are_put_in_as_they_are(mini_book: Rulebook) -> None:
    """The words a term stands for are the rules' text, put into the card's text as written: a backslash in them (a
    rules file may hold one) is no replacement template, and nothing raises."""
    g = mini_book.qg
    saved = g.memo.get("terms")
    g.memo["terms"] = ((re.compile(r"\bdies\b"), r"is put into a graveyard\1 from the battlefield"),)
    try:
        said = defined(g, mini_book.index, "Whenever this creature dies, draw a card.")
    finally:
        g.memo.pop("terms")
        if saved is not None:
            g.memo["terms"] = saved
    assert said.splitlines()[1] == r"Whenever this creature is put into a graveyard\1 from the battlefield, draw a card."
