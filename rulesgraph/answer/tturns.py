"""An infraction's Upgrade and Downgrade paragraphs in its answer's first paragraph: each as said there
(:func:`turn_said`), and the one the question asks of, said before the remedy (:func:`told_turn`); and its chapter's
upgrade of an offence repeated, when the question tells one (:func:`repeated`).

Called by :func:`rulesgraph.answer.tanswer._summary` with the IPG's parts of the infraction that leads a policy answer.
"""

from __future__ import annotations

from ..common.lazyre import lazy
from ..common.text import fold
from ..question.read import Question
from .firstplace import SENTENCE
from .policywords import asked_terms, telling_scores
from .policywords import terms as _terms

__all__ = ["repeated", "told_turn", "turn_said"]

_PENALTIES = lazy(r"\b(?:(game|match) loss\w*|(gl|ml)|(warning)s?|(disqualif)\w*|(dq)\w*|(upgrad|downgrad)\w*)\b")
"""A penalty named ("when is it a game loss", "GL", "DQ'd") or its change ("could the HJ choose not to upgrade"), as
:func:`told_turn` reads a question and an Upgrade or Downgrade paragraph."""
_SAME = {"gl": "game", "ml": "match", "dq": "disqualif"}


def told_turn(remedy: str, turns: list[str], question: str | Question, title: str) -> int | None:
    """Which of an infraction's Upgrade and Downgrade paragraphs ``turns`` the question asks of, or None: one it tells
    better than any case of the remedy (their words weighed together as :func:`rulesgraph.answer.tanswer._remedy` weighs
    a remedy's, the infraction's ``title`` left out), when the question names the penalty that paragraph gives or asks of an upgrade or a
    downgrade (:data:`_PENALTIES`): "a 59-card deck presented before game 1, is that a game loss?" is Deck Problem's
    Upgrade, read before its remedy; "my opponent sat down 7 minutes late, what does he get" names none, so is told the remedy first."""
    named = list(_PENALTIES.finditer(Question.of(question).folded))
    asked = {_SAME.get(k, k) for m in named for k in m.groups() if k}
    if not turns or not asked:
        return None
    cases = [p for p in remedy.split("\n\n") if p.strip()]
    told = asked_terms(question) - set(_terms(f"{title} {' '.join(m.group(0) for m in named)}"))  # the case, not the penalty
    scores = telling_scores([set(_terms(p)) for p in [*cases, *turns]], told)
    gives = [{_SAME.get(k, k) for m in _PENALTIES.finditer(fold(p)) for k in m.groups() if k} for p in turns]
    fits = [i for i in range(len(turns)) if asked & gives[i] - {"upgrad", "downgrad"} or asked & {"upgrad", "downgrad"}]
    best = max(fits, key=lambda i: (scores[len(cases) + i], -i), default=None)
    return best if best is not None and scores[len(cases) + best] > max(scores[: len(cases)], default=0.0) else None


def turn_said(paragraph: str) -> str:
    """An Upgrade or Downgrade paragraph: its first sentence, and the one saying the penalty when that is another (Marked
    Cards' first Upgrade ended on "… Mountain or Forest.", its "the penalty is a Game Loss" two sentences on)."""
    said = SENTENCE.split(" ".join(paragraph.split()))
    penalty = next((x for x in said[1:] if "penalty is" in x.lower()), None) if "penalty" not in said[0].lower() else None
    return f"{said[0]} … {penalty}" if penalty else said[0]


_AGAIN = lazy(r"\b(?:(?:does|did|do|doing|commits?|committed) (?:it|that|this|the same(?: thing)?) again|"
              r"repeat(?:ed)? (?:offen\w*|infraction\w*|warning\w*)|already (?:got|received|was given|been given|been issued) "
              r"(?:a |an |another )?(?:\w+ )?(?:warning|penalty|game loss))\b|"
              r"\b(?:second|2nd|third|3rd|another)((?: [\w/]+){1,3})")
"""A question telling an offence committed again ("if he does it again", "a second warning for slow play", "he already got
a warning"), or an ordinal followed within three words by an offence (:data:`_OFFENCE`, or an infraction's name or
abbreviation: "his third GRV today"); not "the 3rd game", "saw the second one", "what happens again", "already has one
card": what the IPG's chapters say of repeated Warnings may change the penalty."""
_OFFENCE = frozenset("time warning warnings offense offence offenses offences infraction infractions".split())


def repeated(chapter: str, question: str | Question) -> str | None:
    """The sentence of an infraction's chapter introduction (``chapter``, its text) that upgrades a repeated offence, when the
    question tells one (:data:`_AGAIN`): IPG 2's "… the third or subsequent Warning for a Game Play Error offense in the same
    category is upgraded to a Game Loss", IPG 3's "… upgraded to a Game Loss if the player has already received a Warning …"."""
    from .trelevance import names

    for m in _AGAIN.finditer(Question.of(question).folded):
        said = (m.group(1) or "").split()
        if not m.group(1) or _OFFENCE & set(said) or any(" ".join(said[:n]) in names() for n in range(1, len(said) + 1)):
            return next((x for x in SENTENCE.split(" ".join(chapter.split())) if "upgraded to" in x), None)
    return None
