"""Small synthetic MTGJSON card files for tests (invented cards in the real AtomicCards and set-file layouts)."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulesgraph import Rulebook

__all__ = ["CARDS", "atomic", "encode", "face", "install_cards", "set_file"]


def face(name: str, text: str = "", *, type_line: str = "Creature — Elf", **extra: Any) -> dict[str, Any]:
    types = type_line.split(" — ")[0].split()
    supers = [t for t in types if t in ("Legendary", "Basic", "Snow", "World")]
    out: dict[str, Any] = {
        "name": name, "text": text, "type": type_line, "layout": "normal", "manaCost": "{1}{G}", "rulings": [],
        "supertypes": supers, "types": [t for t in types if t not in supers],
        "subtypes": type_line.split(" — ")[1].split() if " — " in type_line else [], "legalities": {"vintage": "Legal"},
        "foreignData": [], "identifiers": {"scryfallOracleId": "x"},
    }
    out.update(extra)
    return out


CARDS: dict[str, list[dict[str, Any]]] = {
    "Mossback Elder": [face("Mossback Elder", "Trample\nWhenever Mossback Elder attacks, you gain 1 life.", power="3",
                            toughness="3", keywords=["Trample"],
                            rulings=[{"date": "2020-01-01", "text": "It gains life as it attacks."},
                                     {"date": "2021-02-03", "text": "Trample matters only when it is blocked."}])],
    "Banner of the Grove": [face("Banner of the Grove", "Creatures you control have trample and deathtouch.",
                                 type_line="Legendary Artifact")],
    "Thorn Cloak": [face("Thorn Cloak", "Enchant creature\nEnchanted creature gets +1/+1 and has trample.",
                         type_line="Enchantment — Aura")],
    "Sap // Drain": [face("Sap // Drain", "Target creature gets -1/-1.", type_line="Instant", faceName="Sap", side="a",
                          layout="split", rulings=[{"date": "2022-01-01", "text": "Cast one half."}]),
                     face("Sap // Drain", "Deathtouch creatures can't block.", type_line="Instant", faceName="Drain",
                          side="b", layout="split", rulings=[{"date": "2022-01-01", "text": "Cast one half."}])],
    "Ríverwalker, the First": [face("Ríverwalker, the First", "Deathtouch", asciiName="Riverwalker, the First",
                                    type_line="Legendary Creature — Elf")],
    "Ríverwalker's Call": [face("Ríverwalker's Call", "Scry 2.", type_line="Sorcery", keywords=["Scry"])],
}


def atomic(cards: dict[str, list[dict[str, Any]]] | None = None, version: str = "5.9.0+20990101") -> dict[str, Any]:
    return {"meta": {"date": "2099-01-01", "version": version}, "data": CARDS if cards is None else cards}


def set_file(cards: dict[str, list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    printings = [f for faces in (CARDS if cards is None else cards).values() for f in faces]
    return {"meta": {"date": "2099-01-01", "version": "5.9.0+20990101"}, "data": {"code": "TST", "cards": printings, "tokens": []}}


def encode(obj: Any, compression: str | None = None) -> bytes:
    raw = json.dumps(obj, ensure_ascii=False).encode()
    if compression == "xz":
        return lzma.compress(raw)
    if compression == "gz":
        return gzip.compress(raw)
    if compression == "bz2":
        return bz2.compress(raw)
    return raw


def install_cards(book: Rulebook, cards: dict[str, list[dict[str, Any]]] | None = None) -> Path:
    """Install ``cards`` (default :data:`CARDS`) as the card data of ``$RULESGRAPH_DATA_DIR``, joined to ``book``'s
    keywords, as ``rulesgraph update cards`` would; returns the store's path."""
    from rulesgraph.cards.install import install
    from rulesgraph.cards.read import parse_card_bytes
    from rulesgraph.cards.rulinglinks import Linker
    from rulesgraph.cards.view import keyword_list

    return install(parse_card_bytes(encode(atomic(cards)), "mini.json"), keyword_list(book), linker=Linker(book)).info.path
