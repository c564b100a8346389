"""rulesgraph/errors.py: what an error line says back of what the user typed, and a finder's nearest names."""

from __future__ import annotations

from rulesgraph.errors import ECHOED, NotFound, echoed


def test_what_was_typed_is_said_back_with_its_spaces_collapsed_and_cut() -> None:
    assert echoed("  Sol   Ring\n") == "Sol Ring"
    long = echoed("Sol Ring " * 600)
    assert len(long) == ECHOED and long.endswith("…") and long.startswith("Sol Ring Sol")
    assert echoed("x" * ECHOED) == "x" * ECHOED  # exactly the limit: whole
    assert echoed("") == ""


def test_not_found_keeps_the_nearest_names() -> None:
    assert NotFound("no card named ‘x’").nearest == ()
    error = NotFound("no card named ‘x’; nearest: A, B", ("A", "B"))
    assert error.nearest == ("A", "B") and str(error) == "no card named ‘x’; nearest: A, B"
