from __future__ import annotations

from rulesgraph.parse.cards import card_candidates


def test_link_artifacts_and_capitalised_runs() -> None:
    text = ("What if something destroys both? (Like, say, Planar Cleansing ) Note that this is different from something "
            "like Austere Command that could destroy it. Counter it (With Stifle , say.) or Uyo, Silent Prophet ? "
            "Ask the Main FAQ or see Dredge X.")
    assert card_candidates(text) == [
        ("Planar Cleansing", "link"), ("Stifle", "link"), ("Uyo, Silent Prophet", "link"), ("Austere Command", "name"),
    ]


def test_possessives_and_sentence_words() -> None:
    assert card_candidates("Repercussion 's ability still works. Can I Shock a bloodthirsty Scab-Clan Mauler?") == [
        ("Repercussion", "link"), ("Scab-Clan Mauler", "name")]
    assert card_candidates("The Main Phase. Then Draw Step happens") == []  # sentence starts are not names
    assert card_candidates("you cast Vendetta on a creature enchanted with Boar Umbra .") == [("Boar Umbra", "link")]
