"""Small synthetic Comprehensive Rules files for tests: the real layout, enough rules to pass validation."""

from __future__ import annotations

from datetime import date as Date

__all__ = ["make_cr"]


def make_cr(effective: str = "2026-06-19", *, filler: int = 250, glossary: bool = True, extra: str = "", trample: str | None = None) -> str:
    """A CR text effective ``effective`` (ISO) with ``filler`` rules of 3 subrules each in section 100
    (4 × ``filler`` numbered rules), keyword rules 702.1–702.19 and a small glossary.

    ``extra`` is added as the text of rule 100.1 (to smuggle markup in); ``trample`` replaces 702.19b's text.
    """
    when = Date.fromisoformat(effective).strftime("%B %-d, %Y")
    body = ["1. Game Concepts", "", "100. General", ""]
    for n in range(1, filler + 1):
        text = f"Rule number {n} says something about the game{'. ' + extra if n == 1 and extra else '.'}"
        if n == 2:
            text += " See rule 702.19."
        body += [f"100.{n}. {text}", ""]
        for letter in "abc":
            body += [f"100.{n}{letter} Subrule {letter} of rule {n}. See rules 100.{n}a–c.", ""]
    body += ["7. Additional Rules", "", "702. Keyword Abilities", "", "702.1. General", "",
             "702.1a A keyword ability is a word that stands for a longer ability.", "",
             "702.2. Deathtouch", "", "702.2a Deathtouch is a static ability.", "",
             "702.2b Any nonzero damage from a source with deathtouch is lethal. See rule 702.19b.", "",
             "702.19. Trample", "", "702.19a Trample is a static ability that modifies combat damage.", "",
             f"702.19b {trample or 'The controller of an attacking creature with trample may assign excess damage to the player.'}",
             "Example: A 5/5 green creature with trample is blocked by a 2/2 creature.", ""]
    gloss = ["Glossary", "", "Deathtouch", "A keyword ability that makes damage lethal. See rule 702.2.", "",
             "Trample", "A keyword ability that lets excess combat damage go through. See rule 702.19, “Trample.”", "",
             "Trampling", "See Trample.", ""] if glossary else []
    lines = ["Magic: The Gathering Comprehensive Rules", "", f"These rules are effective as of {when}.", "",
             "Introduction", "", "A small synthetic rules file for tests.", "",
             "Contents", "", "1. Game Concepts", "100. General", "7. Additional Rules", "702. Keyword Abilities",
             "Glossary", "Credits", "", *body, *gloss, "Credits", "", "Written for the rulesgraph tests.", ""]
    return "\ufeff" + "\r\n".join(lines)
