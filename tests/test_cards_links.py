"""rulesgraph/cards/links.py: each ruling's rules written at install in the rulings' order, read back by the store, and
written again only for other rules."""

from __future__ import annotations

from pathlib import Path

from rulesgraph.cards.install import install, relink
from rulesgraph.cards.links import link_rows
from rulesgraph.cards.read import parse_card_bytes
from rulesgraph.cards.store import open_store

from .minicards import atomic, encode
from .test_cards_store import KW, _install


class _Linker:
    """A stand-in for :class:`rulesgraph.cards.rulinglinks.Linker`: every ruling linked to two rules by its length."""

    def __init__(self, fingerprint: str = "rules-a") -> None:
        self.fingerprint = fingerprint

    def links(self, text: str, card: str) -> tuple[tuple[str, float], ...]:
        return ((f"{len(text)}.1", 1.0), (f"{len(card)}.2", 0.7))


def test_rulings_are_linked_to_rules_at_install_and_read_in_the_rulings_order(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    install(parse_card_bytes(encode(atomic()), "mini.json"), KW, path=path, linker=_Linker())  # type: ignore[arg-type]
    s = open_store(path)
    assert s is not None and s.info.links == "rules-a"
    card = s.card("Mossback Elder")
    assert card is not None
    assert s.ruling_links("Mossback Elder") == [((f"{len(r.text)}.1", 1.0), ("14.2", 0.7)) for r in card.rulings]
    assert s.ruling_links("No Such Card") == []
    s.close()
    unlinked = _install(tmp_path / "plain")
    s = open_store(unlinked)
    assert s is not None and s.info.links == "" and s.ruling_links("Mossback Elder") == [(), ()]


def test_relink_links_again_only_for_other_rules_and_install_notices_them(tmp_path: Path) -> None:
    path = tmp_path / "cards.sqlite"
    cards = parse_card_bytes(encode(atomic()), "mini.json")
    install(cards, KW, path=path, linker=_Linker())  # type: ignore[arg-type]
    assert install(cards, KW, path=path, linker=_Linker()).status == "unchanged"  # type: ignore[arg-type]
    assert not relink(_Linker(), path)  # type: ignore[arg-type]
    other = _Linker("rules-b")
    other.links = lambda text, card: (("100.1", 1.0),)  # type: ignore[method-assign]
    assert relink(other, path)  # type: ignore[arg-type]
    s = open_store(path)
    assert s is not None and s.info.links == "rules-b" and s.ruling_links("Mossback Elder") == [(("100.1", 1.0),)] * 2
    s.close()
    assert install(cards, KW, path=path, linker=_Linker()).status == "replaced"  # type: ignore[arg-type]
    assert relink(_Linker(), tmp_path / "none.sqlite") is False


def test_link_rows_number_the_rulings_in_order() -> None:
    rows = link_rows([(1, "2020-01-01", "ab"), (2, "2020-01-02", "abcd")], {1: "X", 2: "Card"}, _Linker())
    assert rows == [(1, 0, "2.1", 1.0), (1, 1, "1.2", 0.7), (2, 0, "4.1", 1.0), (2, 1, "4.2", 0.7)]


def test_a_damaged_store_is_left_to_update_cards(tmp_path: Path) -> None:
    """After new rules, ``update`` relinks the rulings: a damaged store is left as it is, for ``update cards`` to replace
    (every card command says it is damaged), not an error ending ``update`` once the rules are installed — as ``rejoin``
    does."""
    from rulesgraph.cards.install import rejoin

    path = tmp_path / "cards.sqlite"
    path.write_bytes(b"not a database at all" * 100)
    assert relink(_Linker(), path) is False and rejoin(KW, path) is False
    assert path.read_bytes() == b"not a database at all" * 100
