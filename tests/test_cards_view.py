"""rulesgraph.cards.view: cards joined to the loaded rules — keywords to their defining rules, type-line words
to the rules that name them, the graph's keyword list with its glossary variants."""

from __future__ import annotations

from pathlib import Path

from rulesgraph import Rulebook
from rulesgraph.cards.store import open_store
from rulesgraph.cards.view import card_json, card_view, keyword_list, layout_kind, set_types


def _view(book: Rulebook, path: Path, name: str):  # type: ignore[no-untyped-def]
    store = open_store(path)
    assert store is not None
    card = store.card(name, keyword_list(book))
    assert card is not None
    return card_view(book, card)


def test_keyword_list_has_renames_and_glossary_variants(full_book: Rulebook) -> None:
    entries = {name: current for name, _, current in keyword_list(full_book).entries}
    assert entries["Persist"] == "Persist" and entries["Totem armor"] == "Umbra Armor"
    assert entries["Megamorph"] == "Morph" and entries["Swampwalk"] == "Landwalk" and entries["Multikicker"] == "Kicker"


def test_keyword_list_finds_by_the_kind_column_what_the_nodes_attributes_say(full_book: Rulebook) -> None:
    """The keyword and glossary nodes are found by the graph's kind column (no node's attributes decoded to see its
    kind): the same nodes, in the same order, as reading every node's attributes finds."""
    g = full_book.qg
    for kind in ("keyword", "glossary"):
        assert [n for n in g.nodes() if g.kind_of(n) == kind] == [n for n, d in g.nodes(data=True) if d["kind"] == kind]
    assert len(keyword_list(full_book).entries) > 200


def test_kitchen_finks(full_book: Rulebook, full_cards: Path) -> None:
    view = _view(full_book, full_cards, "Kitchen Finks")
    assert [(k.name, k.relation, k.rules) for k in view.keywords] == [("Persist", "has", ("702.79",))]
    out = card_json(view)
    assert len(out["rulings"]) == 7 and out["faces"][0]["text"].startswith("When Kitchen Finks enters")
    assert {"name": "Creature", "kind": "type", "rules": ["302"]} in out["types"]
    assert view.layout is None and out["layout_kind"] is None  # a plain card: no kind of card to read up on


def test_a_card_of_a_layout_shows_that_kind_of_cards_rules(full_book: Rulebook, full_cards: Path) -> None:
    """The Adventure subtype names no rule of its own (205.3k lists it unquoted); the card's layout leads to 715."""
    giant = _view(full_book, full_cards, "Bonecrusher Giant // Stomp")
    assert giant.layout is not None and giant.layout.name == "Adventurer Card" and giant.layout.rules[0] == "715"
    assert card_json(giant)["layout_kind"] == {"name": "Adventurer Card", "rules": list(giant.layout.rules)}
    delver = _view(full_book, full_cards, "Delver of Secrets // Insectile Aberration")
    assert delver.layout is not None and "712" in delver.layout.rules


def test_granted_keywords_and_type_rules(full_book: Rulebook, full_cards: Path) -> None:
    memorial = _view(full_book, full_cards, "Akroma's Memorial")
    granted = {k.name: k.rules for k in memorial.keywords if k.relation == "grants"}
    assert granted == {"Flying": ("702.9",), "First Strike": ("702.7",), "Vigilance": ("702.20",), "Trample": ("702.19",),
                       "Haste": ("702.10",), "Protection": ("702.16",)}
    assert _view(full_book, full_cards, "Stuffy Doll").keywords[0].rules == ("702.12",)
    types = {t.name: t.rules for t in _view(full_book, full_cards, "Rancor").types}
    assert types["Aura"][0] == "303.4"
    assert "301.5" in {r for t in _view(full_book, full_cards, "Bonesplitter").types for r in t.rules}
    assert "714" in {r for t in _view(full_book, full_cards, "The Eldest Reborn").types for r in t.rules}


def test_set_types_reads_the_types_an_effect_sets_objects_to(full_book: Rulebook) -> None:
    """A sentence making objects a type, capitalised as Oracle text writes subtypes, plural or not, with the rule naming
    it; not one keeping their other types (205.1b), a condition, a count, or a word no rule names as a type."""
    said = lambda text: [(t.name, t.rules) for t in set_types(full_book, text)]
    assert said("Nonbasic lands are Mountains.") == [("Mountain", ("305.6",))]
    assert said("Enchant land\nEnchanted land is an Island.") == [("Island", ("305.6",))]
    assert said("{T}: Target land becomes a Forest until end of turn.") == [("Forest", ("305.6",))]
    assert said("All Mountains are Plains.") == [("Plains", ("305.6",))]
    assert said("Each land is a Swamp in addition to its other land types.") == []
    assert said("If it is a Forest, draw a card.") == []
    assert said("Its power is equal to the number of Forests you control.") == []
    assert said("Target creature becomes a blue Frog.") == []  # no rule names Frog as a type


def test_a_layout_is_the_kind_of_card_the_glossary_names(full_book: Rulebook) -> None:
    """The card data's layout word leads to the glossary entry "[words] Card(s)" holding it (by stem), with the rules the
    entry cites; a layout no such entry names (``normal``) leads nowhere."""
    adventure = layout_kind(full_book, "adventure")
    assert adventure is not None and adventure.name == "Adventurer Card" and adventure.rules[0].startswith("715")
    transform = layout_kind(full_book, "transform")
    assert transform is not None and transform.name == "Transforming Double-Faced Cards" and transform.rules[0].startswith("712")
    split = layout_kind(full_book, "split")
    assert split is not None and split.name == "Split Cards"
    assert layout_kind(full_book, "normal") is None
