"""The table of card names: folding, grouping by surface, short names and faces, what is rules vocabulary,
the MTGJSON adapter, and that it pickles."""

from __future__ import annotations

import marshal
import pickle
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesgraph import Rulebook
from rulesgraph.cards.model import CardName, names_from_atomic
from rulesgraph.cards.nametable import NameTable, fold_token, rules_vocabulary, tokens

ZIPF = {"shock": 4.5, "fire": 5.0, "ice": 4.8, "olivia": 3.8, "urborg": 0.0, "flash": 4.5}


def small_table() -> NameTable:
    cards = [
        CardName("Shock"), CardName("Fire // Ice", ("Fire", "Ice"), layout="split"), CardName("Flash"),
        CardName("Urborg", rank=8089), CardName("Urborg, Tomb of Yawgmoth", rank=300), CardName("Olivia, Crimson Bride", rank=900),
        CardName("Olivia, Mobilized for War", rank=500), CardName("Squee", layout="vanguard"), CardName("Chicken à la King", funny=True),
    ]
    return NameTable.build(cards, ["flash", "first strike", "two headed giant variant"], zipf=lambda w: ZIPF.get(w, 0.0))


def test_words_are_folded_like_names_are_said() -> None:
    assert tokens("Lim-Dûl's Vault") == ["lim", "duls", "vault"]
    assert tokens("Æther Vial") == ["aether", "vial"]
    assert fold_token("Urza’s") == "urzas"
    assert tokens("Fire // Ice") == ["fire", "ice"]


def test_surfaces_group_cards_best_evidence_first() -> None:
    t = small_table()
    olivia = t.exact[("olivia",)]
    assert t.kind[olivia] == "short" and not t.sure[olivia]
    assert t.keys[olivia] == ("Olivia, Mobilized for War", "Olivia, Crimson Bride")  # most played first
    urborg = t.exact[("urborg",)]  # a card's name, but the short name of a card far more played: either
    assert not t.sure[urborg] and t.keys[urborg] == ("Urborg, Tomb of Yawgmoth", "Urborg")
    t2 = NameTable.build([CardName("Urborg", rank=50), CardName("Urborg, Tomb of Yawgmoth", rank=58)], [], zipf=lambda w: 0.0)
    assert t2.sure[0] and t2.keys[0] == ("Urborg", "Urborg, Tomb of Yawgmoth")  # the card, then the short name's
    assert t.kind[t.exact[("fire",)]] == "face" and t.keys[t.exact[("fire",)]] == ("Fire // Ice",)


def test_a_name_another_card_has_as_a_face_stays_its_card() -> None:
    """The rule for ``Urborg`` (a name that is the short name of a card far more played names either) is for short
    names: a card named after a classic ("Emeritus of Ideation // Ancestral Recall", ranked) leaves "Ancestral Recall"
    the unranked classic's (banned in Commander, so EDHREC ranks it not)."""
    emeritus = CardName("Emeritus of Ideation // Ancestral Recall", ("Emeritus of Ideation", "Ancestral Recall"), layout="prepare",
                        rank=7519)
    t = NameTable.build([CardName("Ancestral Recall"), emeritus], [], zipf=lambda w: 0.0)
    g = t.exact[("ancestral", "recall")]
    assert t.sure[g] and t.keys[g] == ("Ancestral Recall", "Emeritus of Ideation // Ancestral Recall")


def test_an_unranked_card_is_not_thereby_less_played() -> None:
    """The card data leaves some cards unranked (every adventure card of the stand-in): a face said alone stays its
    card, though a ranked card begins with the word."""
    t = NameTable.build([CardName("Bonecrusher Giant // Stomp", ("Bonecrusher Giant", "Stomp"), layout="adventure"),
                         CardName("Stomp and Howl", rank=16565)], [], zipf=lambda w: 0.0)
    stomp = t.exact[("stomp",)]
    assert t.sure[stomp] and t.keys[stomp] == ("Bonecrusher Giant // Stomp", "Stomp and Howl")


def test_an_unranked_one_face_card_is_still_less_played() -> None:
    """Only an unranked multi-face card is spared for want of a rank: a Vanguard ``Squee`` (unranked, one face) said
    as ``Squee`` is still mostly the far more played Squee, the Immortal, so the word is unsure."""
    t = NameTable.build([CardName("Squee", layout="vanguard"), CardName("Squee, the Immortal", rank=3000),
                         CardName("Squee, Goblin Nabob", rank=9000)], [], zipf=lambda w: 0.0)
    squee = t.exact[("squee",)]
    assert not t.sure[squee] and t.keys[squee][0] == "Squee, the Immortal"


def test_rules_words_and_the_phrases_inside_rules_phrases() -> None:
    t = NameTable.build([CardName("Two-Headed Giant"), CardName("Flash"), CardName("Giant Growth")],
                        ["two headed giant variant", "flash"], zipf=lambda w: 3.0)
    assert t.rules[t.exact[("two", "headed", "giant")]] and t.rules[t.exact[("flash",)]]
    assert not t.rules[t.exact[("giant", "growth")]]


def test_joke_and_vanguard_cards_only_in_brackets() -> None:
    t = small_table()
    assert t.bracket_only[t.exact[("squee",)]] and t.bracket_only[t.exact[("chicken", "a", "la", "king")]]
    assert not t.bracket_only[t.exact[("shock",)]]


def test_zipf_of_single_words_and_chance_of_phrases() -> None:
    t = small_table()
    assert t.zipf[t.exact[("shock",)]] == 4.5
    assert t.zipf[t.exact[("fire", "ice")]] == 5.0 + 4.8 - 9  # how often the two words would meet by chance


def test_atomic_adapter_keeps_faces_flags_and_drops_alchemy() -> None:
    data = {
        "Fire // Ice": [{"faceName": "Fire", "layout": "split", "edhrecRank": 12}, {"faceName": "Ice", "layout": "split"}],
        "A-Shock": [{"layout": "normal"}],
        "Chicken à la King": [{"isFunny": True, "layout": "normal"}],
        "Shock": [{"layout": "normal"}],
    }
    assert list(names_from_atomic(data)) == [CardName("Fire // Ice", ("Fire", "Ice"), False, "split", 12),
                                             CardName("Chicken à la King", (), True), CardName("Shock")]


def test_rules_vocabulary_reads_case_from_the_graph(mini_book: Rulebook) -> None:
    words = rules_vocabulary(mini_book.index, mini_book.graph, min_docs=2)
    assert "trample" in words and "creature" in words
    assert not any(w[:1].isupper() for w in words)
    assert rules_vocabulary(mini_book.index) >= {s for n, ss in mini_book.index.surface.items() if not n.startswith("card:") for s in ss}


def test_one_word_names_are_indexed_by_their_tails() -> None:
    """The tail index a capitalised ``Goyf`` is read through (:func:`rulesgraph.question.mention_context.tails`) is made
    with the table: the last four letters of every one-word name, face or word said alone of seven letters or more."""
    cards = [CardName("Tarmogoyf", rank=100), CardName("Lhurgoyf", rank=9000), CardName("Goyf Feast"), CardName("Altar of the Goyf"),
             CardName("Fire // Icegoyfing", ("Fire", "Icegoyfing"), layout="split"), CardName("Snapcaster Mage", rank=20),
             CardName("Mirror-Goyf"), CardName("Bolt")]
    for packed in (True, False):
        t = NameTable.build(cards, [], zipf=lambda w: 0.0, packed=packed)
        said = lambda tail, t=t: sorted(t.surface[g][0] for g in t.tails.get(tail, ()))
        assert said("goyf") == ["lhurgoyf", "tarmogoyf"]  # not "goyf" (too short), nor a name of several words
        assert said("fing") == ["icegoyfing"]  # a face
        assert said("ster") == ["snapcaster"]  # a word said alone for its card
        assert said("bolt") == [] and said("rror") == []  # too short; "Mirror-Goyf" is two words


def test_table_round_trips_through_its_parts() -> None:
    """Every field, including ones added later, goes into the cache's parts and comes back."""
    t = small_table()
    back = NameTable.from_parts(marshal.loads(marshal.dumps(t.parts())))  # as the cache stores it
    assert back is not None and vars(back) == vars(t)
    assert NameTable.from_parts({**t.parts(), "gone": 1}) is None
    assert NameTable.from_parts({k: v for k, v in t.parts().items() if k != "rules_words"}) is None
    dotted = NameTable.build([CardName("Mr. House, President and CEO"), CardName("S.H.I.E.L.D. Helicarrier")], [], zipf=lambda w: 0.0)
    back = NameTable.from_parts(marshal.loads(marshal.dumps(dotted.parts())))
    assert back is not None and set(back.periods) == {"mr", "s", "h", "i", "e", "l", "d"}  # the name's last period is none
    assert all(w in back.periods for w in ("mr", "d")) and "house" not in back.periods


def test_table_pickles() -> None:
    t = small_table()
    back = pickle.loads(pickle.dumps(t))
    assert back.surface == t.surface and back.keys == t.keys and len(back) == len(t)


# --- a cached table is data checked before it is trusted (issue 31) -------------------------------------------------

def _parts() -> dict[str, object]:
    cards = [CardName("Mossback Elder", (), False, "normal", 10, ("Creature", "Elf")), CardName("Sap // Drain", ("Sap", "Drain"), False,
                                                                                                "split", 20, ("Instant",))]
    return NameTable.build(cards, ["trample"], zipf=lambda w: 3.0).parts()


def test_from_parts_takes_a_whole_table() -> None:
    table = NameTable.from_parts(_parts())
    assert table is not None and len(table) == len(NameTable.from_parts(_parts()))  # type: ignore[arg-type]


def _damaged(value: object, how: str) -> object:
    """``value`` (a packed field's state: bytes, a text, a tuple of them, a list of words) damaged ``how``."""
    if how == "null":
        return None
    if isinstance(value, tuple):  # a text and its offsets, or an index's keys, slots and values: damage the first part
        first = next(k for k, v in enumerate(value) if v is not None)
        return (*value[:first], _damaged(value[first], how), *value[first + 1 :]) if how != "null item" else (None, *value[1:])
    if isinstance(value, bytes):
        return {"cut": value[:-1], "wrong item": value.decode("latin-1"), "index past the end": b"\xff" * len(value)}.get(how, value[1:])
    if isinstance(value, str):
        return {"cut": value[:-1], "wrong item": value.encode()}.get(how, value + "x")
    if isinstance(value, list):
        return [*value[:-1], None] if how in ("null item", "wrong item") else value[:-1]
    return value


@given(field=st.sampled_from(sorted(_parts())), how=st.sampled_from(["null", "null item", "wrong item", "index past the end", "cut"]))
def test_a_cached_table_of_another_shape_is_refused_or_harmless(field: str, how: str) -> None:
    """A names cache with a valid checksum but null values was a traceback (issue 31): a packed field damaged any way
    is refused (the table is rebuilt) or, where the checks let it through (a rank of -1, a word list one word short,
    slots naming no key), only reads differently: finding names never fails."""
    from rulesgraph.question.mentions import find_cards

    parts = _parts()
    parts[field] = _damaged(parts[field], how)
    table = NameTable.from_parts(parts)
    if how in ("null", "null item", "wrong item"):
        assert table is None, (field, how)
    if table is not None:
        find_cards("[[Sap]] and my Mossback Elder and Mosback Elders trample; Drain it", table, weak=True)
        table.misspelt("mossback eldr")


def test_open_deck_rebuilds_a_cached_table_of_null_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rulesgraph import bundled_sources, load
    from rulesgraph.build import cache
    from rulesgraph.cards import store_path
    from rulesgraph.cards.install import install
    from rulesgraph.cards.read import parse_card_bytes
    from rulesgraph.cards.view import keyword_list
    from rulesgraph.question.namedcards import _table_key, open_deck

    from .minicards import atomic, encode

    monkeypatch.setenv("RULESGRAPH_DATA_DIR", str(tmp_path / "data"))
    book = load(bundled_sources())
    install(parse_card_bytes(encode(atomic()), "mini.json"), keyword_list(book), path=store_path())
    deck, _ = open_deck(book)
    assert deck is not None
    key = _table_key(deck.store, book)  # type: ignore[attr-defined]
    parts = dict(cache.read(key, "names")[0])
    for field in ("surface", "exact", "by_first", "rules_words", "zipf"):
        broken = dict(parts)
        broken[field] = None
        assert cache.write(key, broken, "names") is None  # authenticated: as our own bug could write it
        again, _ = open_deck(book)
        assert again is not None and [c.key for c in again.named("my Mossback Elder attacks")] == ["Mossback Elder"]


# --- the packed table agrees with the plain one (issue 29) -----------------------------------------------------------

def _agree(plain: NameTable, packed: NameTable) -> None:
    """Every field of ``packed`` reads as ``plain``'s: each surface's, each key of each map, each word of each set."""
    from rulesgraph.cards.nametable import _MAPS, _SETS, _fit_key

    n = len(plain.surface)
    assert len(packed) == n and len(packed.joined) == n and len(packed.keys) == n
    for field in ("surface", "joined", "keys", "sure", "kind", "bracket_only", "rules", "typename", "rank", "zipf"):
        got, want = getattr(packed, field), getattr(plain, field)
        assert [got[g] for g in range(n)] == list(want), field
        assert all(type(a) is type(b) for a, b in zip([got[g] for g in range(n)], want, strict=True)), field
    assert all(packed.exact[s] == g and packed.exact.get(s) == g for s, g in plain.exact.items())
    for field in _MAPS:
        got, want = getattr(packed, field), getattr(plain, field)
        assert len(got) == len(want) and all(got.get(k) == v and got[k] == v for k, v in want.items()), field
    assert len(packed.fits) == len(plain.fits) and all(packed.fits.get(_fit_key(*k)) == v for k, v in plain.fits.items())
    for field in _SETS:
        got, want = getattr(packed, field), getattr(plain, field)
        assert len(got) == len(want) and all(w in got for w in want), field
    assert packed.rules_words == plain.rules_words and packed.rules_long == plain.rules_long
    words = {w for s in plain.surface for w in s}
    for absent in ("zzyzx", "", "lightning zzyzx", *(w + "q" for w in sorted(words)[:200])):
        assert packed.exact.get((absent,)) == plain.exact.get((absent,))
        assert all((absent in getattr(packed, f)) == (absent in getattr(plain, f)) for f in _SETS)
        assert all(getattr(packed, f).get(absent, ()) == getattr(plain, f).get(absent, ()) for f in _MAPS)


def test_the_packed_table_agrees_with_the_plain_one() -> None:
    cards = [
        CardName("Shock"), CardName("Fire // Ice", ("Fire", "Ice"), layout="split"), CardName("Flash"),
        CardName("Urborg", rank=8089), CardName("Urborg, Tomb of Yawgmoth", rank=300), CardName("Olivia, Crimson Bride", rank=900),
        CardName("Olivia, Mobilized for War", rank=500), CardName("Squee", layout="vanguard"), CardName("Chicken à la King", funny=True),
        CardName("Laboratory Maniac", rank=900), CardName("Lim-Dûl's Vault"),
    ]
    build = lambda packed: NameTable.build(cards, ["flash", "first strike"], zipf=lambda w: ZIPF.get(w, 0.0),
                                           long_words=["laboratory"], packed=packed)
    _agree(build(False), build(True))
    assert build(True).begun("lab", "man") == {build(True).exact[("laboratory", "maniac")]}


@pytest.mark.full_cr
def test_the_packed_table_agrees_with_the_plain_one_on_every_card_name(full_cards: Path, full_book: Rulebook) -> None:
    """On the whole stand-in card data: every surface, every key of every map and set reads the same packed."""
    from rulesgraph.cards.model import names_from_summaries
    from rulesgraph.cards.store import open_store

    store = open_store(full_cards)
    assert store is not None
    names, vocabulary = list(names_from_summaries(store.summaries())), rules_vocabulary(full_book.index, full_book.qg)
    plain = NameTable.build(names, vocabulary, packed=False)
    packed = NameTable.from_parts(marshal.loads(marshal.dumps(NameTable.build(names, vocabulary).parts())))
    assert packed is not None
    _agree(plain, packed)
