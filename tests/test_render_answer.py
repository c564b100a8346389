"""cli/render/answer.py: what an answer shows around its citations — a cited heading's first part (unless the answer
already says it), the caveats before the answer and not again after it.  The goldens of whole answers are in
tests/test_render.py."""

from __future__ import annotations

from dataclasses import replace

from rulesgraph import Rulebook
from rulesgraph.answer.compose import citation
from rulesgraph.model import ShownCard
from rulesgraph.records.cards import Face
from rulesgraph_cli.output import plain_text
from rulesgraph_cli.render.answer import render_answer
from rulesgraph_cli.render.core import RenderOptions

from .test_render import sample_answer

OPTS = RenderOptions()


def test_a_cited_heading_shows_its_first_part_unless_the_answer_says_it(full_book: Rulebook) -> None:
    answer = sample_answer(full_book)
    shown = plain_text(render_answer(answer, OPTS), width=80)
    assert "[4] 509 Declare Blockers Step\n    509.1 First, the defending player declares blockers." in shown
    assert "[1] 702.86 Annihilator\n[2]" in shown  # 702.86a is cited in full at [3]
    quoted = replace(answer, answer="Cascade, no; but first, the defending player declares blockers.",
                     citations=(citation(full_book, "509"),))
    assert "509.1 First, the defending player" in plain_text(render_answer(quoted, OPTS), width=80)
    quoted = replace(quoted, answer=citation(full_book, "509.1").text)
    assert "509.1" not in plain_text(render_answer(quoted, OPTS), width=80)  # the first paragraph quotes it


def test_caveats_come_before_the_answer_and_are_not_said_again(full_book: Rulebook) -> None:
    caveat = "‘Elesh Norn, Mother of Machines’ is no card of the installed card data (of 2022-04-25)"
    answer = replace(sample_answer(full_book), why=("‘annihilator’ names keyword annihilator (exact)", caveat), caveats=(caveat,))
    shown = plain_text(render_answer(answer, OPTS), width=200)
    assert shown.startswith(f"note: {caveat}\nNo. Annihilator") and shown.count("Elesh Norn") == 1


def test_a_long_first_part_is_cut_after_a_sentence_never_inside_a_quotation(full_book: Rulebook) -> None:
    """702.42a's second sentence quotes two sentences (“Entwine [cost]” means “… specified. If you do, …”): the cut keeps
    the first sentence whole rather than end between them."""
    entwine = replace(sample_answer(full_book), answer="No.", citations=(citation(full_book, "702.42"),))
    shown = plain_text(render_answer(entwine, OPTS), width=200)
    assert "702.42a Entwine is a static ability of modal spells (see rule 700.2) that functions while the spell is on the stack. …" in shown
    assert "specified. …" not in shown


def test_a_card_whose_text_is_the_answer_is_shown_by_its_printed_line_alone(full_book: Rulebook) -> None:
    """"what does The One Ring do?" answers with its Oracle text: the cards under it do not print it a second time; a card
    the answer does not quote keeps its text."""
    ring = Face("The One Ring", "{4}", "Legendary Artifact", "Indestructible\nWhen The One Ring enters, you gain protection.")
    bolt = Face("Lightning Bolt", "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.")
    cards = tuple(ShownCard(f.name, f.type_line, f.text, (f,)) for f in (ring, bolt))
    answer = replace(sample_answer(full_book), answer=ring.text, cards=cards)
    shown = plain_text(render_answer(answer, OPTS), width=100)
    assert shown.count("When The One Ring enters") == 1 and "The One Ring  {4}  Legendary Artifact\n" in shown
    assert "Lightning Bolt  {R}  Instant\n    Lightning Bolt deals 3 damage to any target." in shown
    fire, ice = Face("Fire", "{1}{R}", "Instant", "Fire deals 2 damage."), Face("Ice", "{1}{U}", "Instant", "Tap target permanent.")
    split = ShownCard("Fire // Ice", "Instant // Instant", f"{fire.text}\n\n{ice.text}", (fire, ice))
    assert split.said() == "Fire: Fire deals 2 damage.\n\nIce: Tap target permanent."  # several faces: face by face
    shown = plain_text(render_answer(replace(answer, answer=split.said(), cards=(split,)), OPTS), width=100)
    assert shown.count("Fire deals 2 damage.") == 1 and "Fire // Ice\n  Fire  {1}{R}  Instant\n  Ice  {1}{U}  Instant" in shown
