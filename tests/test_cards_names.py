"""rulesgraph.cards.names: forgiving card-name lookup and completion."""

from __future__ import annotations

from rulesgraph.cards.model import NameEntry
from rulesgraph.cards.names import NameIndex, normalize

NAMES = [
    NameEntry("Akroma's Memorial", "Akroma's Memorial", "name"),
    NameEntry("Fire // Ice", "Fire // Ice", "name"), NameEntry("Fire", "Fire // Ice", "face"), NameEntry("Ice", "Fire // Ice", "face"),
    NameEntry("Start // Fire", "Start // Fire", "name"), NameEntry("Start", "Start // Fire", "face"),
    NameEntry("Fire", "Start // Fire", "face"),
    NameEntry("Olivia Voldaren", "Olivia Voldaren", "name"), NameEntry("Olivia, Crimson Bride", "Olivia, Crimson Bride", "name"),
    NameEntry("Olivia's Wrath", "Olivia's Wrath", "name"),
    NameEntry("Kitchen Finks", "Kitchen Finks", "name"), NameEntry("Kitchen Imp", "Kitchen Imp", "name"),
    NameEntry("Lim-Dûl the Necromancer", "Lim-Dûl the Necromancer", "name"),
    NameEntry("Lim-Dul the Necromancer", "Lim-Dûl the Necromancer", "ascii"),
    NameEntry("The Chain Veil", "The Chain Veil", "name"), NameEntry("The Ur-Dragon", "The Ur-Dragon", "name"),
    NameEntry("Ur-Dragon", "Ur-Dragon", "name"), NameEntry("The Kitchen", "The Kitchen", "name"),
]
INDEX = NameIndex(NAMES)


def test_normalize() -> None:
    assert normalize("  [[Akroma’s   MEMORIAL]] ") == "akroma's memorial"
    assert normalize("fire//ice") == normalize("Fire / Ice") == normalize("fire/ice") == "fire // ice"
    assert normalize("Lim-Dûl") == "lim-dul"


def test_exact_faces_and_spellings() -> None:
    assert INDEX.find("[[akroma’s memorial]]").keys == ("Akroma's Memorial",)
    found = INDEX.find("ice")
    assert found.how == "face" and found.keys == ("Fire // Ice",) and found.matched == "Ice"
    assert INDEX.find("Fire").keys == ("Fire // Ice",)  # the front face wins over Start // Fire's back face
    assert INDEX.find("lim-dul the necromancer").key == "Lim-Dûl the Necromancer"
    assert INDEX.exact("KITCHEN FINKS") == "Kitchen Finks" and INDEX.exact("kitchen") is None
    assert INDEX.find("chain veil").key == "The Chain Veil" and INDEX.find("fire ice").key == "Fire // Ice"  # as players say them
    assert INDEX.find("ur-dragon").key == "Ur-Dragon"  # a name said whole is that card, not another without its "The"
    assert set(INDEX.find("kitchen").keys) == {"Kitchen Finks", "Kitchen Imp"}  # names starting so before "The Kitchen"


def test_short_names_prefixes_and_typos() -> None:
    olivia = INDEX.find("Olivia")
    assert olivia.how == "short" and olivia.keys == ("Olivia Voldaren", "Olivia, Crimson Bride")  # not Olivia's Wrath
    assert INDEX.find("kitchen fin").key == "Kitchen Finks"
    typo = INDEX.find("kitchen finx")
    assert typo.how == "typo" and typo.key == "Kitchen Finks"
    assert set(INDEX.find("kitchen").keys) == {"Kitchen Finks", "Kitchen Imp"}


def test_unknown_names_give_the_nearest() -> None:
    none = INDEX.find("Akroma's Vengeance")
    assert none.how == "none" and none.keys == () and none.nearest[0] == "Akroma's Memorial"
    assert INDEX.find("   ").how == "none"
    goyfs = NameIndex([NameEntry(n, n, "name") for n in ("Glory", "Gavony", "Lhurgoyf", "Tarmogoyf", "Goblin Guide")])
    assert goyfs.find("goyf").nearest[:2] == ("Lhurgoyf", "Tarmogoyf")  # names holding what was typed come first


def test_completion() -> None:
    assert [e.name for e in INDEX.complete("oli")] == ["Olivia Voldaren", "Olivia's Wrath", "Olivia, Crimson Bride"]
    assert [e.name for e in INDEX.complete("necro")] == ["Lim-Dûl the Necromancer"]  # a later word; the ASCII twin left out
    assert [e.name for e in INDEX.complete("lim-dul")] == ["Lim-Dûl the Necromancer"]
    assert [e.name for e in INDEX.complete("romancer")] == []  # words are matched from their start
    assert INDEX.complete("o") == []
    assert INDEX.complete("olivai") == [] and [e.name for e in INDEX.complete("olivai", typos=True)] == [  # two letters swapped
        "Olivia Voldaren", "Olivia's Wrath", "Olivia, Crimson Bride"]
    assert [e.name for e in INDEX.complete("kitchn f", typos=True)] == ["Kitchen Finks", "Kitchen Imp"]  # a letter left out;
    # fewest typos first (from 8 letters, two: "kitchen i")
    assert [e.name for e in INDEX.complete("kittche", typos=True)] == ["Kitchen Finks", "Kitchen Imp"]  # one too many
    assert INDEX.complete("olva", typos=True) == []  # too few letters to read a typo in
    assert INDEX.complete("xitchen", typos=True) == []  # its first letter is taken as typed
